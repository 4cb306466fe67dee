// The site texts and the admission sections' categories (/gradmin/site-texts) through the real loaders
// and actions: an empty database shows the spec's texts and today's name match; a save (posted as the
// rendered form posts it) shows on the home page and in the footer at once; limits, unknown
// categories and a stale form are refused with nothing saved; the audit names the change; restoring
// the defaults brings the spec back. And the staff lists of teachers' papers and exam attempts: their
// filters, counts, and what they never show.
import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { footerHtml } from "~/components/shell-html.server";
import { ADMISSION_SECTIONS, filterAdmission } from "~/lib/admission-filters";
import { SITE_TEXT_DEFAULTS } from "~/lib/site-texts";
import { listExamAttempts, listMadePapers } from "~/models/admin/records.server";
import { getShell } from "~/models/site.server";
import { closeDb, db, resetTables, schema, callWith as run } from "./db";
import { postedFields, textOf } from "../support/dom";
import { admissionOf, headingsOf, type HomeSections, type ShownAdmission } from "./home-page";
import { renderData } from "../support/render";
import { ORIGIN, onlyEditor, route as staffRoute, staffBrowser } from "./staff";

process.env.SESSION_SECRET ??= "integration-test-secret";

type Args = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Fn = (a: Args) => Promise<Response>;
type RouteModule = { loader?: Fn; action?: Fn; default: FunctionComponent };
const route = (file: string) => staffRoute(file) as Promise<RouteModule>;

const browser = staffBrowser();
const get = browser.get;
/** A form post as the screen's own fields (repeated tick boxes in order, its CSRF token among them). */
function post(path: string, fields: [string, string][]) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: browser.state.cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** MCQ categories: some the name match picks for a section, some it does not. */
const CATS = [
  { id: 501, name: "Mathematics University Admission" },
  { id: 502, name: "Physics University Admission" },
  { id: 503, name: "Botany Medical Admission" },
  { id: 504, name: "NTRCA Registration Bangla" },
  { id: 505, name: "Higher Math practice" },
  { id: 506, name: "General knowledge BCS Preparation" },
  { id: 507, name: "national university admission english" },
];

type HomeData = { admission: ShownAdmission[]; headings: string[]; sections: HomeSections };

/** What the home page shows of the site texts: its admission sections and its section headings. */
async function homeLoaderData() {
  const home = await route("home.tsx");
  const res = await run(home.loader, new Request(`${ORIGIN}/home`));
  expect(res.status).toBe(200);
  return res.json();
}
async function homeData(): Promise<HomeData> {
  const data = await homeLoaderData();
  return { admission: admissionOf(data.sections), headings: headingsOf(data.sections), sections: data.sections };
}
async function homeHtml() {
  const home = await route("home.tsx");
  return adminHtml(home.default, await homeLoaderData());
}
/** An admin screen's HTML: its forms are the router's (Remix's <Form>), so it renders inside one, as on the server. */
function adminHtml(Component: FunctionComponent, loaderData: unknown): string {
  renderData.loader = loaderData;
  renderData.action = undefined;
  const router = createMemoryRouter([{ path: "*", Component }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}
const footerText = async () => textOf(footerHtml(await getShell(), 3, 2026));

/** The screen as a browser without JavaScript gets it, and the fields its form posts. */
async function screen() {
  const r = await route("gradmin.site-texts.tsx");
  const res = await run(r.loader, get("/gradmin/site-texts"));
  expect(res.status).toBe(200);
  const page = adminHtml(r.default, await res.json());
  return { page, fields: postedFields(page.slice(0, page.indexOf("</form>") + 7)) };
}
const set = (fields: [string, string][], name: string, value: string) => fields.map(([k, v]): [string, string] => [k, k === name ? value : v]);
const tick = (fields: [string, string][], name: string, ids: number[]) => [...fields.filter(([k]) => k !== name), ...ids.map((id): [string, string] => [name, String(id)])];
async function save(fields: [string, string][], intent = "save") {
  const r = await route("gradmin.site-texts.tsx");
  return run(r.action, post("/gradmin/site-texts", [...fields, ["intent", intent]]));
}

beforeAll(async () => {
  await resetTables();
  await onlyEditor();
  await db.insert(schema.mcqCategories).values(CATS.map((c, i) => ({ ...c, sort: i + 1 })));
  await browser.signIn("editor1");
  expect(browser.state.csrf).toBeTruthy();
});

afterAll(closeDb);

describe("site texts and admission rules", () => {
  it("an empty database shows the spec's texts and each admission section's name match", async () => {
    const data = await homeData();
    expect(data.admission.map((s) => [s.key, s.heading, s.blurb, s.items.length ? null : s.empty])).toEqual(
      ADMISSION_SECTIONS.map((s) => [s.key, s.heading, s.blurb, filterAdmission(CATS, s.key).length ? null : s.empty]),
    );
    // What the name match gave before sections had rules of their own.
    for (const s of data.admission) expect(s.items.map((i) => i.id), s.key).toEqual(filterAdmission(CATS, s.key as never).map((c) => c.id));
    expect(data.admission.find((s) => s.key === "university")!.items.map((i) => i.id)).toEqual([501, 502]);
    const page = textOf(await homeHtml());
    for (const t of ["বিষয়ভিত্তিক অধ্যায়", "বিগত বছরের শিক্ষা বোর্ড ও বিশ্ববিদ্যালয় ভর্তি পরীক্ষার প্রশ্নপত্র", "Multiple Choice", "ভিডিও ক্লাস", "NTRCA Preparation"]) expect(page).toContain(t);
    expect(await footerText()).toContain("© 2026 Your Company. All Rights Reserved.");
  });

  it("the screen starts at what the site shows, the name match ticked; posting it unchanged saves nothing", async () => {
    const { page, fields } = await screen();
    expect(fields.filter(([k]) => k === "cat_university").map(([, v]) => v)).toEqual(["501", "502"]);
    expect(fields.find(([k]) => k === "footer_copyright_owner")![1]).toBe("Your Company");
    expect(textOf(page)).toContain("Mathematics University Admission · নাম মেলে (name match)");
    const res = await save([...fields, ["csrf", browser.state.csrf]]);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/site-texts?saved=unchanged");
    expect(await db.select().from(schema.siteSettings).where(eq(schema.siteSettings.key, "admission:university"))).toEqual([]);
  });

  it("a save shows on the home page and in the footer at once, and the audit names what changed", async () => {
    const { fields } = await screen();
    let next = set(fields, "footer_copyright_owner", "গণিত রিসোর্স ট্রাস্ট");
    next = set(next, "admission_university_heading", "বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি");
    next = set(next, "home_mcq_title", "বহুনির্বাচনি");
    next = tick(next, "cat_university", [505, 502]);
    const res = await save(next);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("Location")).toBe("/gradmin/site-texts?saved=1");

    const data = await homeData();
    const university = data.admission.find((s) => s.key === "university")!;
    expect(university.heading).toBe("বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি");
    // The chosen categories, in the MCQ list's order, and nothing the name match would add.
    expect(university.items.map((i) => i.name)).toEqual(["Physics University Admission", "Higher Math practice"]);
    // The other sections still follow the name match.
    expect(data.admission.find((s) => s.key === "medical")!.items.map((i) => i.id)).toEqual([503]);
    const page = textOf(await homeHtml());
    expect(page).toContain("বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি");
    expect(page).toContain("বহুনির্বাচনি");
    expect(page).not.toMatch(/(?<!National )University Admission Preparation/);
    expect(await footerText()).toContain("© 2026 গণিত রিসোর্স ট্রাস্ট. All Rights Reserved.");

    const [audit] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "settings"));
    expect(audit).toMatchObject({ action: "update", entity: "settings" });
    expect(audit.summary).toContain("footer_copyright_owner");
    expect(audit.summary).toContain("university");

    // The screen now shows the choice, marked as staff's.
    const again = await screen();
    expect(again.fields.filter(([k]) => k === "cat_university").map(([, v]) => v)).toEqual(["502", "505"]);
    expect(textOf(again.page)).toContain("স্টাফের বাছাই। (Chosen by staff.)");
  });

  it("no category ticked shows the section's empty message", async () => {
    const { fields } = await screen();
    expect((await save(tick(fields, "cat_ntrca", []))).status).toBe(302);
    const ntrca = (await homeData()).admission.find((s) => s.key === "ntrca")!;
    expect(ntrca.items).toEqual([]);
    expect(textOf(await homeHtml())).toContain("No NTRCA subjects found.");
  });

  it("refuses a blank or too long text and an unknown category with 400, keeps what was typed, saves nothing", async () => {
    const { fields } = await screen();
    const long = "ক".repeat(121);
    const bad = await save(tick(set(set(fields, "admission_bcs_heading", long), "home_subjects_title", "  "), "cat_bcs", [506, 999999]));
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { errors: Record<string, string>; echo: { texts: Record<string, string> } };
    expect(body.errors.admission_bcs_heading).toContain("120");
    expect(body.errors.home_subjects_title).toContain("Required");
    expect(body.errors.cat_bcs).toContain("not in the list");
    expect(body.echo.texts.admission_bcs_heading).toBe(long);
    expect((await homeData()).admission.find((s) => s.key === "bcs")!.heading).toBe("BCS Preparation");
  });

  it("a form loaded before someone else's save is a conflict (409): nothing of it is saved", async () => {
    const stale = (await screen()).fields;
    const { fields } = await screen();
    expect((await save(set(fields, "admission_medical_blurb", "প্রথম সম্পাদনা"))).status).toBe(302);
    const res = await save(set(stale, "admission_medical_blurb", "দ্বিতীয় সম্পাদনা"));
    expect(res.status).toBe(409);
    expect((await homeData()).admission.find((s) => s.key === "medical")!.blurb).toBe("প্রথম সম্পাদনা");
  });

  it("restoring the defaults brings back the spec's texts and the name match", async () => {
    const { fields } = await screen();
    const res = await save(fields.filter(([k]) => k === "csrf" || k === "stamp"), "defaults");
    expect(res.headers.get("Location")).toBe("/gradmin/site-texts?saved=defaults");
    const data = await homeData();
    for (const key of ["home_subjects_title", "home_boards_title", "home_mcq_title"]) expect(data.headings).toContain(SITE_TEXT_DEFAULTS[key]);
    expect(data.admission.map((s) => [s.heading, s.blurb])).toEqual(ADMISSION_SECTIONS.map((s) => [s.heading, s.blurb]));
    for (const s of data.admission) expect(s.items.map((i) => i.id), s.key).toEqual(filterAdmission(CATS, s.key as never).map((c) => c.id));
    expect(await footerText()).toContain("© 2026 Your Company. All Rights Reserved.");
    const [latest] = await db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(latest).toMatchObject({ action: "restore", entity: "settings" });
  });
});

/* ------------------------------------------------------------------------------- the staff lists */

describe("teachers' papers and exam attempts", () => {
  const sha = (s: string) => createHash("sha256").update(s).digest("hex");
  const paper = (sets: number) => JSON.stringify({ version: 1, sets: Array.from({ length: sets }, () => ({ order: [] })) });

  beforeAll(async () => {
    await db.insert(schema.subjects).values([
      { id: 61, name: "উচ্চতর গণিত", slug: "higher-math" },
      { id: 62, name: "পদার্থবিজ্ঞান", slug: "physics" },
    ] as never);
    await db.insert(schema.savedPapers).values([
      { id: 71, code: "aaaaaaaaaa", subjectId: 61, title: "সাপ্তাহিক পরীক্ষা", questionCount: 25, content: paper(4), createdAt: new Date("2026-01-02T04:00:00Z") },
      { id: 72, code: "bbbbbbbbbb", subjectId: 62, title: "অধ্যায় ৩", questionCount: 10, content: paper(2), createdAt: new Date("2026-01-03T04:00:00Z") },
    ]);
    await db.insert(schema.paperOwners).values([
      { paperId: 71, tokenHash: sha("teacher-one-secret"), sheetCount: 12 },
      { paperId: 71, tokenHash: sha("teacher-two-secret"), sheetCount: 3 },
      { paperId: 72, tokenHash: sha("teacher-three-secret"), sheetCount: 0 },
    ]);
    await db.insert(schema.questionSets).values({ id: 81, name: "সেট" });
    await db.insert(schema.examTitles).values([
      { id: 91, name: "মডেল টেস্ট ১", questionSetId: 81, fullMarks: 25, durationMinutes: 25 },
      { id: 92, name: "লাইভ পরীক্ষা", questionSetId: 81, fullMarks: 50, durationMinutes: 30 },
    ]);
    const at = (m: number) => new Date(Date.UTC(2026, 0, 5, 4, m));
    await db.insert(schema.examAttempts).values([
      { id: "attemptsecret0000000001", examId: 91, browserHash: sha("b1"), startedAt: at(0), deadlineAt: at(25), finishedAt: at(20), rightCount: 20, wrongCount: 2, skippedCount: 3, score: "20.00", net: "19.50", fullMarks: 25, resumeCode: "RESUME01" },
      { id: "attemptsecret0000000002", examId: 92, browserHash: sha("b2"), countedFor: sha("b2"), displayName: "রাফি", startedAt: at(10), deadlineAt: at(40), resumeCode: "RESUME02" },
      { id: "attemptsecret0000000003", examId: 91, browserHash: sha("b3"), startedAt: new Date(), deadlineAt: new Date(Date.now() + 60 * 60_000), resumeCode: "RESUME03" },
    ]);
  });

  it("lists papers newest first with sets, questions and sheet counts; filters by subject and by uploaded sheets", async () => {
    const all = await listMadePapers({ page: 1 });
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => [r.code, r.sets, r.questionCount, r.copies, r.sheets])).toEqual([
      ["bbbbbbbbbb", 2, 10, 1, 0],
      ["aaaaaaaaaa", 4, 25, 2, 15],
    ]);
    expect((await listMadePapers({ subjectId: 61, page: 1 })).rows.map((r) => r.id)).toEqual([71]);
    expect((await listMadePapers({ sheets: "with", page: 1 })).rows.map((r) => r.id)).toEqual([71]);
    expect((await listMadePapers({ sheets: "without", page: 1 })).rows.map((r) => r.id)).toEqual([72]);
    expect((await listMadePapers({ page: 2 }, 1)).rows.map((r) => r.id)).toEqual([71]);
  });

  it("the papers screen links the public paper and shows counts, never a teacher's token; the query filters it", async () => {
    const r = await route("gradmin.papers.tsx");
    const res = await run(r.loader, get("/gradmin/papers?sheets=with&subject=abc"));
    expect(res.status).toBe(200);
    const data = await res.json();
    const page = adminHtml(r.default, data);
    expect(page).toContain('href="/questionpaper/p/aaaaaaaaaa"');
    expect(page).not.toContain("bbbbbbbbbb");
    expect(textOf(page)).toContain("হ্যাঁ, ১৫টি (Yes, 15)");
    expect(JSON.stringify(data)).not.toMatch(/token|questionpaper\/t\//i);
  });

  it("lists attempts newest first with their state and score; filters by exam, kind and state; no answers, ids or resume codes", async () => {
    const all = await listExamAttempts({ page: 1 });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.exam, r.live, r.state])).toEqual([
      ["মডেল টেস্ট ১", false, "running"],
      ["লাইভ পরীক্ষা", true, "timeup"],
      ["মডেল টেস্ট ১", false, "finished"],
    ]);
    expect((await listExamAttempts({ examId: 92, page: 1 })).rows.map((r) => r.exam)).toEqual(["লাইভ পরীক্ষা"]);
    expect((await listExamAttempts({ kind: "live", page: 1 })).rows.map((r) => r.exam)).toEqual(["লাইভ পরীক্ষা"]);
    expect((await listExamAttempts({ kind: "practice", page: 1 })).rows.map((r) => r.live)).toEqual([false, false]);
    expect((await listExamAttempts({ state: "unfinished", page: 1 })).total).toBe(2);
    expect((await listExamAttempts({ kind: "practice", state: "finished", page: 1 })).rows.map((r) => r.net)).toEqual(["19.50"]);

    const r = await route("gradmin.attempts.tsx");
    const res = await run(r.loader, get("/gradmin/attempts?exam=91&kind=nonsense&page=x"));
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.total).toBe(2);
    const page = adminHtml(r.default, data);
    expect(textOf(page)).toContain("১৯.৫ / ২৫");
    for (const secret of ["attemptsecret", "RESUME0", sha("b1")]) {
      expect(JSON.stringify(data)).not.toContain(secret);
      expect(page).not.toContain(secret);
    }
  });
});
