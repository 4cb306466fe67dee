import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ItemTable, ScoreTable } from "~/components/omr-results";
import { SetKeySheet } from "~/components/made-paper";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { fieldsOr400, notFound, paramsOr404, readForm } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { formatMarks } from "~/lib/paper-settings";
import { sealKeys } from "~/models/answer-keys.server";
import {
  deleteResults,
  getOwner,
  getResults,
  listPendingSheets,
  listSheetsToCheck,
  listUncertain,
  MAX_SHEETS,
  OWNER_TOKEN,
  pruneSheets,
  releaseSheets,
  reserveSheets,
  setNegativeMark,
  settlePendingSheet,
  SHEET_KEEP_DAYS,
  storeSheet,
  type Owner,
} from "~/models/omr.server";
import { scanSheet } from "~/models/omr-scan.server";
import { requireSameOrigin } from "~/utils/auth.server";
import { MAX_FILE_BYTES, MAX_FILES, readUpload } from "./upload.server";
import bengaliSemibold from "~/styles/fonts/hind-siliguri-bengali-600-normal-fixed-one.woff2";
import { katexLinks } from "~/styles/katex";
import madePaperStyles from "~/styles/made-paper.css";
import makeQuestionStyles from "~/styles/make-question.css";
import omrStyles from "~/styles/omr-teacher.css";

export const links: LinksFunction = () => [
  { rel: "preload", href: bengaliSemibold, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  ...katexLinks,
  { rel: "stylesheet", href: makeQuestionStyles },
  { rel: "stylesheet", href: madePaperStyles },
  { rel: "stylesheet", href: omrStyles },
];

/** The private page is the teacher's alone: never kept by a browser cache or a shared one, never indexed. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;
export const headers = () => PRIVATE_HEADERS;

const NOT_FOUND = "এই ব্যক্তিগত লিংকে কোনো প্রশ্নপত্র নেই: লিংকটি ভুল, বা প্রশ্নপত্রটি মুছে ফেলা হয়েছে।";
const Params = z.object({ token: z.string().regex(OWNER_TOKEN) });

/** The copy the URL's token opens, or a 404 (the same answer for a wrong token and a deleted paper). */
export async function ownerOr404(params: Record<string, string | undefined>): Promise<Owner & { token: string }> {
  const { token } = paramsOr404(Params, params, NOT_FOUND);
  const owner = await getOwner({ token });
  if (!owner) throw notFound(NOT_FOUND);
  return { ...owner, token };
}

/** What the last upload did, carried in the redirect's query (post/redirect/get). */
const Summary = z.object({
  saved: z.literal("1").nullable().catch(null),
  read: z.coerce.number().int().min(0).max(MAX_FILES).nullable().catch(null),
  waiting: z.coerce.number().int().min(0).max(MAX_FILES).nullable().catch(null),
  failed: z.array(z.string().max(200)).max(MAX_FILES).catch([]),
  done: z.enum(["negative", "deleted", "replaced", "kept"]).nullable().catch(null),
});

const FAILURES: Record<string, string> = {
  size: `ছবিটি ${toBanglaDigits(MAX_FILE_BYTES / 1024 / 1024)} MB-এর বেশি বড়।`,
  type: "এটি JPEG, PNG বা WebP ছবি নয়।",
  "other-paper": "এটি এই প্রশ্নপত্রের OMR উত্তরপত্র নয় (QR কোড অন্য প্রশ্নপত্রের)।",
  unreadable: "ছবিটি খোলা বা পড়া যায়নি: JPEG বা PNG ছবি দিন।",
  "no-sheet": "ছবিতে উত্তরপত্রের চার কোণের কালো চিহ্ন পাওয়া যায়নি: পুরো পাতা ফ্রেমে রেখে উপর থেকে আবার ছবি তুলুন।",
  "too-small": "ছবিতে উত্তরপত্রটি খুব ছোট এসেছে: কাছে গিয়ে, পুরো পাতা ফ্রেমে রেখে আবার ছবি তুলুন।",
  "no-qr": "উত্তরপত্রের QR কোড পড়া যায়নি: QR কোডে ছায়া বা ভাঁজ না রেখে আবার ছবি তুলুন।",
  "unknown-paper": "এটি এই প্রশ্নপত্রের OMR উত্তরপত্র নয় (QR কোড অন্য প্রশ্নপত্রের)।",
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  const owner = await ownerOr404(params);
  const summary = readQuery(Summary, new URL(request.url).searchParams, ["failed"]);
  const sealed = await sealKeys(owner.paper.questions.map((q) => ({ ...q, explanationHtml: null })));
  const paper = { ...owner.paper, questions: sealed.map(({ explanationHtml: _e, keySealed: _s, ...q }) => q) };
  const [results, pending, uncertain, toCheck] = await Promise.all([
    getResults({ owner }),
    listPendingSheets({ ownerId: owner.id }),
    listUncertain({ ownerId: owner.id, limit: 1000 }),
    listSheetsToCheck({ ownerId: owner.id, limit: 1000 }),
  ]);
  return json(
    {
      token: owner.token,
      code: owner.code,
      paper,
      negative: owner.negative,
      sheetCount: owner.sheetCount,
      scores: results.scores,
      items: results.items,
      pending: pending.map((p) => ({ id: p.id, roll: p.roll, name: p.originalName })),
      uncertain: uncertain.length,
      toCheck: toCheck.length,
      // "name|reason": the reason after the last bar (a file's name may hold one).
      summary: { ...summary, failed: summary.failed.map((f) => ({ name: f.slice(0, f.lastIndexOf("|")), why: FAILURES[f.slice(f.lastIndexOf("|") + 1)] ?? FAILURES.unreadable })) },
    },
    { headers: PRIVATE_HEADERS },
  );
}

const Intent = z.object({ intent: z.enum(["negative", "settle", "delete"]) });
const NegativeForm = z.object({ negative: z.enum(["0", "0.25", "0.5", "1"]) });
const SettleForm = z.object({ sheet: z.coerce.number().int().positive(), choice: z.enum(["replace", "keep"]) });

export async function action({ params, request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const owner = await ownerOr404(params);
  const here = `/questionpaper/t/${owner.token}`;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return upload(owner, request, here);
  const form = await readForm(request);
  const { intent } = fieldsOr400(Intent, form);
  if (intent === "negative") {
    const { negative } = fieldsOr400(NegativeForm, form);
    await setNegativeMark({ ownerId: owner.id, negative: Number(negative) });
    return redirect(`${here}?done=negative#results`, 303);
  }
  if (intent === "settle") {
    const { sheet, choice } = fieldsOr400(SettleForm, form);
    await settlePendingSheet({ ownerId: owner.id, sheetId: sheet, choice });
    return redirect(`${here}?done=${choice === "replace" ? "replaced" : "kept"}#scan`, 303);
  }
  if (form.get("confirm") !== "yes") {
    return json({ error: "সব ফলাফল মুছতে «হ্যাঁ, মুছে ফেলুন» বাক্সে টিক দিন।" }, { status: 400, headers: PRIVATE_HEADERS });
  }
  await deleteResults({ ownerId: owner.id });
  return redirect(`${here}?done=deleted#results`, 303);
}

async function upload(owner: Owner & { token: string }, request: Request, here: string) {
  const read = await readUpload(request);
  if (!read.ok) return json({ error: read.message }, { status: read.status, headers: PRIVATE_HEADERS });
  await pruneSheets();
  const failed: string[] = [];
  const good: { name: string; bytes: Buffer }[] = [];
  for (const f of read.files) {
    if ("bytes" in f) good.push(f);
    else failed.push(`${f.name}|${f.error.includes("MB") ? "size" : "type"}`);
  }
  if (!(await reserveSheets({ ownerId: owner.id, n: good.length }))) {
    return json(
      {
        error: `এই প্রশ্নপত্রে সর্বোচ্চ ${toBanglaDigits(MAX_SHEETS)}টি উত্তরপত্র রাখা যায়; এখন আছে ${toBanglaDigits(owner.sheetCount)}টি, তাই এই ${toBanglaDigits(good.length)}টি নেওয়া হয়নি। পুরোনো ফলাফল মুছে বা কম ছবি পাঠিয়ে আবার চেষ্টা করুন।`,
      },
      { status: 409, headers: PRIVATE_HEADERS },
    );
  }
  let stored = 0;
  let waiting = 0;
  try {
    // One at a time: reading a photo takes a CPU core for a moment, and a class's upload should not take both.
    for (const f of good) {
      // A picture the decoder chokes on is that picture's failure, not the upload's.
      const scan = await scanSheet({ bytes: f.bytes, code: owner.code, paper: owner.paper, name: f.name }).catch(() => ({ ok: false as const, reason: "unreadable" as const }));
      if (!scan.ok) {
        failed.push(`${f.name}|${scan.reason}`);
        continue;
      }
      const { replaces } = await storeSheet({ ownerId: owner.id, sheet: scan.sheet });
      if (replaces) waiting++;
      else stored++;
    }
  } finally {
    // The room taken for pictures that were not stored goes back, also when storing failed midway.
    await releaseSheets({ ownerId: owner.id, n: good.length - stored - waiting });
  }
  const q = new URLSearchParams({ read: String(stored), waiting: String(waiting) });
  for (const f of failed.slice(0, MAX_FILES)) q.append("failed", f.slice(0, 200));
  return redirect(`${here}?${q}#scan`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `শিক্ষকের পাতা — ${data.paper.settings.exam || "প্রশ্নপত্র"}` : "পাওয়া যায়নি" },
  { name: "robots", content: "noindex, nofollow" },
];

const DONE = {
  negative: "ভুল উত্তরের নম্বর কাটা হালনাগাদ হয়েছে; ফলাফল নতুন করে হিসাব হয়েছে।",
  deleted: "সব উত্তরপত্র ও ফলাফল মুছে ফেলা হয়েছে।",
  replaced: "আগের উত্তরপত্রের বদলে নতুনটি গণনা করা হয়েছে।",
  kept: "আগের উত্তরপত্রটিই রাখা হয়েছে; নতুনটি বাদ দেওয়া হয়েছে।",
} as const;

export default function TeacherPaper() {
  const { token, code, paper, negative, sheetCount, scores, items, pending, uncertain, toCheck, summary } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const here = `/questionpaper/t/${token}`;
  const publicLink = `/questionpaper/p/${code}`;
  const hasMcq = (paper.sets[0]?.mcq.length ?? 0) > 0;
  return (
    <div className="container mp-page omr-teacher">
      <Breadcrumb items={[{ href: "/questionpaper", label: "Make Question" }, { label: "শিক্ষকের পাতা" }]} />
      <div className="panel no-print">
        <h1>শিক্ষকের পাতা: {paper.settings.exam || "প্রশ্নপত্র"}</h1>
        {summary.saved ? (
          <div className="omr-keep" role="status">
            <p>
              <strong>প্রশ্নপত্র তৈরি হয়েছে। এই পাতার লিংকটি রেখে দিন (বুকমার্ক করুন বা কপি করে রাখুন): এতে উত্তরমালা ও ফলাফল দেখা যায়।</strong>
            </p>
            <p>
              এই লিংক আর কোথাও দেখানো হবে না এবং হারালে ফেরত পাওয়া যাবে না। শিক্ষার্থীদের বা অন্য কাউকে দেবেন না।
            </p>
          </div>
        ) : null}
        <p>
          আপনার ব্যক্তিগত লিংক: <code className="omr-link">{here}</code>
        </p>
        <p>
          শিক্ষার্থীদের দেওয়ার লিংক (উত্তরমালা ছাড়া প্রশ্নপত্র ও OMR উত্তরপত্র): <a href={publicLink}>{publicLink}</a>
        </p>
      </div>

      {hasMcq ? (
        <section className="panel omr-section no-print" id="scan" aria-labelledby="scan-h">
          <h2 id="scan-h">OMR উত্তরপত্র জমা দিন</h2>
          {summary.read !== null ? (
            <p role="status" className="omr-note">
              {toBanglaDigits(summary.read)}টি উত্তরপত্র পড়া ও গণনা হয়েছে
              {summary.waiting ? `; ${toBanglaDigits(summary.waiting)}টির রোল আগে থেকেই আছে — নিচে বেছে নিন` : ""}
              {summary.failed.length ? `; ${toBanglaDigits(summary.failed.length)}টি পড়া যায়নি` : ""}।
            </p>
          ) : null}
          {summary.done ? (
            <p role="status" className="omr-note">
              {DONE[summary.done]}
            </p>
          ) : null}
          {summary.failed.length ? (
            <ul className="omr-failed" aria-label="যে ছবিগুলো পড়া যায়নি">
              {summary.failed.map((f, i) => (
                <li key={i}>
                  <strong>{f.name}</strong>: {f.why}
                </li>
              ))}
            </ul>
          ) : null}
          {sent && "error" in sent ? (
            <p role="alert" className="mq-error">
              {sent.error}
            </p>
          ) : null}
          {pending.length ? (
            <div className="omr-pending" aria-labelledby="pending-h">
              <h3 id="pending-h">এই রোলগুলোর উত্তরপত্র আগে থেকেই আছে</h3>
              <ul>
                {pending.map((p) => (
                  <li key={p.id}>
                    <form method="post" action={here}>
                      <input type="hidden" name="intent" value="settle" />
                      <input type="hidden" name="sheet" value={p.id} />
                      <p>
                        রোল <strong>{toBanglaDigits(p.roll)}</strong> ({p.name}): নতুন উত্তরপত্রটি কি আগেরটির বদলে গণনা করবেন?
                      </p>
                      <button type="submit" name="choice" value="replace" className="btn">
                        হ্যাঁ, নতুনটি রাখুন
                      </button>{" "}
                      <button type="submit" name="choice" value="keep" className="btn btn-secondary">
                        না, আগেরটিই থাকুক
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <form method="post" action={`${here}#scan`} encType="multipart/form-data" className="omr-upload">
            <label htmlFor="sheets">উত্তরপত্রের ছবি বা স্ক্যান (JPEG, PNG বা WebP; একসাথে অনেকগুলো বাছাই করা যায়)</label>
            <input id="sheets" type="file" name="sheets" accept="image/jpeg,image/png,image/webp" multiple required aria-describedby="sheets-hint" />
            <p className="mq-hint" id="sheets-hint">
              প্রতিটি ছবি সর্বোচ্চ {toBanglaDigits(MAX_FILE_BYTES / 1024 / 1024)} MB, একবারে সর্বোচ্চ {toBanglaDigits(MAX_FILES)}টি; এই প্রশ্নপত্রে মোট{" "}
              {toBanglaDigits(MAX_SHEETS)}টি পর্যন্ত (এখন {toBanglaDigits(sheetCount)}টি)। পুরো পাতা সোজা করে ছবি তুলুন: চার কোণের কালো চিহ্ন ও QR কোড যেন দেখা যায়।
              ছবি ও পড়া উত্তর {toBanglaDigits(SHEET_KEEP_DAYS)} দিন রাখা হয়, তারপর নিজে থেকে মুছে যায়।
            </p>
            <button type="submit" className="btn">
              জমা দিন ও পড়ুন
            </button>
          </form>
          {uncertain || toCheck ? (
            <p className="omr-review-link">
              <a className="btn" href={`${here}/review`}>
                {[uncertain ? `${toBanglaDigits(uncertain)}টি অস্পষ্ট উত্তর` : "", toCheck ? `${toBanglaDigits(toCheck)}টি উত্তরপত্রের রোল বা সেট` : ""].filter(Boolean).join(" ও ")} যাচাই করুন →
              </a>
            </p>
          ) : null}
        </section>
      ) : null}

      {hasMcq ? (
        <section className="panel omr-section" id="results" aria-labelledby="results-h">
          <h2 id="results-h">ফলাফল</h2>
          <form method="post" action={here} className="omr-inline no-print">
            <input type="hidden" name="intent" value="negative" />
            <label htmlFor="negative">প্রতিটি ভুল উত্তরে নম্বর কাটা</label>{" "}
            <select id="negative" name="negative" defaultValue={String(negative)}>
              {["0", "0.25", "0.5", "1"].map((v) => (
                <option key={v} value={v}>
                  {v === "0" ? "কাটা হবে না" : formatMarks(Number(v))}
                </option>
              ))}
            </select>{" "}
            <button type="submit" className="btn btn-secondary">
              রাখুন
            </button>
          </form>
          <ScoreTable scores={scores} negative={negative} />
          {scores.length ? (
            <p className="no-print">
              <a href={`${here}/results`}>ছাপার উপযোগী ফলাফল</a> · <a href={`${here}/results.csv`}>CSV ফাইল (Excel)</a>
            </p>
          ) : null}
          <h3>প্রশ্নভিত্তিক বিশ্লেষণ</h3>
          {scores.length ? <ItemTable items={items} /> : <p className="empty">উত্তরপত্র জমা দিলে এখানে দেখা যাবে।</p>}
          {scores.length || pending.length ? (
            <form method="post" action={here} className="omr-inline no-print">
              <input type="hidden" name="intent" value="delete" />
              <label>
                <input type="checkbox" name="confirm" value="yes" /> হ্যাঁ, মুছে ফেলুন
              </label>{" "}
              <button type="submit" className="btn btn-secondary">
                সব উত্তরপত্র ও ফলাফল মুছুন
              </button>
            </form>
          ) : null}
        </section>
      ) : null}

      <section className="omr-section" aria-labelledby="keys-h">
        <h2 id="keys-h" className="no-print">
          উত্তরমালা
        </h2>
        <article className="mp-document" aria-label="উত্তরমালা">
          {paper.sets.map((set) => (
            <SetKeySheet key={set.code} paper={paper} set={set} />
          ))}
        </article>
      </section>
    </div>
  );
}
