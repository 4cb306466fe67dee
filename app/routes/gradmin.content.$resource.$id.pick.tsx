// /gradmin/content/{question-sets|exams}/{id}/pick: the questions of a set (or of an exam's set) and
// a browser of the bank beside them. Filters are the query string (a GET form), so every state is a
// URL; adding, removing and ordering are plain form posts that return here (post/redirect/get), and
// with JavaScript rows can also be dragged. An exam's full marks are checked against its questions.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { bankFilterQuery, isFiltered, readBankFilter } from "~/lib/admin/bank-filter";
import { resourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { BOARD_CODES } from "~/lib/board-year";
import { badRequest, fieldsOr400, notFound, paramsOr404 } from "~/lib/http.server";
import { idText, intentOf, readQuery, wholeText, z } from "~/lib/input";
import { requireAdminForm } from "~/utils/auth.server";
import { requireResource } from "~/utils/admin-access.server";
import { choicesFor, draftQuestionsText } from "~/models/admin/content.server";
import { changeSet, matchFullMarks, pickTarget, RANDOM_MAX, searchBank, setQuestions, type SetChange } from "~/models/admin/picker.server";
import { BankFilterFields } from "~/components/bank-filter-fields";
import { ExamDraftsNotice } from "~/components/exam-drafts-notice";

const PICKABLE = ["question-sets", "exams"] as const;
const Params = z.object({ resource: z.enum(PICKABLE), id: idText });
const NOT_PICKABLE = "এখানে প্রশ্ন বাছাই করা যায় না। (Questions are picked only for a question set or an exam.)";

async function target(request: Request, params: Record<string, string | undefined>) {
  // Who may is asked first: a member without the right learns nothing of which ids exist.
  const access = await requireResource(request, params.resource);
  const { resource, id } = paramsOr404(Params, params, NOT_PICKABLE);
  const found = await pickTarget(resource, id);
  if (!found) throw notFound(`${access.def.one}: এই আইডির কিছু পাওয়া যায়নি। (Nothing with this id.)`);
  return { ...access, resource, id, target: found };
}

const marksText = (n: number) => String(Math.round(n * 100) / 100);

function examDrafts(inSet: { id: number; status: string }[], examPublished: boolean) {
  const ids = inSet.filter((q) => q.status !== "published").map((q) => q.id);
  return ids.length ? { ids, total: inSet.length, text: draftQuestionsText(ids.length, inSet.length), examPublished } : null;
}

const STATUS_BADGE: Record<string, string> = { draft: "খসড়া (Draft)", scheduled: "নির্ধারিত (Scheduled)" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resource, id, target: t, csrf } = await target(request, params);
  const url = new URL(request.url);
  const filter = readBankFilter(url.searchParams);
  const [bank, inSet, choices] = await Promise.all([searchBank(filter), setQuestions(t.setId), choicesFor(resourceDef("questions")!)]);
  const chapters = choices.chapters ?? [];
  const chapterName = Object.fromEntries(chapters.map((c) => [c.value, c.label]));
  // The chapter choices narrowed by what was typed (the searchable select without JavaScript); the
  // chosen chapters stay listed whatever was typed, so a filter is never dropped unseen.
  const needle = filter.chapterq.toLowerCase();
  const chapterChoices = chapters.filter((c) => !needle || c.label.toLowerCase().includes(needle) || filter.chapter.includes(Number(c.value)));
  const sum = inSet.reduce((total, q) => total + q.marks, 0);
  const named = (r: (typeof inSet)[number]) => ({ ...r, chapter: r.chapterId ? chapterName[String(r.chapterId)] ?? `#${r.chapterId}` : "—" });
  return json({
    resource,
    id,
    one: resourceDef(resource)!.one,
    csrf,
    set: { id: t.setId, name: t.setName, version: t.setVersion },
    exam: t.exam,
    inSet: inSet.map(named),
    sum: marksText(sum),
    marksMatch: t.exam ? Math.abs(sum - t.exam.fullMarks) < 1e-9 : true,
    // Full marks count every question of the set; its students do not see the unpublished ones yet.
    examDrafts: t.exam ? examDrafts(inSet, t.exam.status === "published") : null,
    bank: { ...bank, rows: bank.rows.map(named) },
    inSetIds: inSet.map((q) => q.id),
    filter,
    filtered: isFiltered(filter),
    chapterChoices,
    boards: Object.entries(BOARD_CODES).map(([value, b]) => ({ value, label: `${b.name} (${value})` })),
    ...readQuery(DoneQuery, url.searchParams),
  });
}

/** What the last change did (?done=…&n=…, set by the action's redirect): a known outcome or nothing. */
const DoneQuery = z.object({
  done: z
    .string()
    .refine((v) => Object.hasOwn(DONE, v))
    .nullable()
    .catch(null)
    .default(null),
  n: z.string().regex(/^\d{1,6}$/).nullable().catch(null).default(null),
});

/** The picker's posted controls; the filter a "random N" draws from is the page's own query. */
const PickForm = z.object({
  intent: intentOf(["order", "add", "random", "remove", "move", "marks"], "order"),
  version: wholeText(),
  add: z.array(idText.catch(0)).max(1000),
  remove: z.array(idText.catch(0)).max(1000),
  move: z
    .string()
    .regex(/^(up|down):\d{1,9}$/)
    .optional(),
  n: z
    .string()
    .optional()
    .transform((v) => wholeText({ bangla: true }).safeParse(v ?? "").data),
});

const back = (url: URL, done: string, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams(url.search);
  p.delete("done");
  p.delete("n");
  p.set("done", done);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return redirect(`${url.pathname}?${p}`);
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { target: t, staff, csrf } = await target(request, params);
  const form = await requireAdminForm(request, csrf);
  const url = new URL(request.url);
  const input = fieldsOr400(PickForm, form, ["intent", "add", "remove"]);
  if (input.intent === "marks") {
    if (!t.exam) throw badRequest(NOT_PICKABLE);
    const outcome = await matchFullMarks(t.exam.id, input.version, staff.id);
    return back(url, outcome.status === "saved" ? "marks" : outcome.status === "conflict" ? "conflict" : "marks-refused");
  }
  let change: SetChange;
  if (input.intent === "add") {
    const ids = input.add.filter(Boolean);
    if (!ids.length) return back(url, "none-ticked");
    change = { kind: "add", ids };
  } else if (input.intent === "remove") {
    const ids = input.remove.filter(Boolean);
    if (!ids.length) return back(url, "none-ticked");
    change = { kind: "remove", ids };
  } else if (input.intent === "random") {
    if (!input.n || input.n < 1 || input.n > RANDOM_MAX) return back(url, "bad-n");
    change = { kind: "random", filter: readBankFilter(url.searchParams), n: input.n };
  } else if (input.intent === "move" || input.move) {
    const [dir, id] = (input.move ?? "").split(":");
    if (!id) throw badRequest("Unknown intent.");
    change = { kind: "move", id: Number(id), by: dir === "up" ? -1 : 1 };
  } else {
    const positions = new Map<number, number>();
    for (const [key, value] of form) {
      const m = /^pos-(\d{1,9})$/.exec(key);
      const at = wholeText({ digits: 4, bangla: true }).safeParse(value).data;
      if (m && at !== undefined) positions.set(Number(m[1]), at);
    }
    change = { kind: "order", positions };
  }
  const outcome = await changeSet(t.setId, input.version, change, staff.id);
  switch (outcome.status) {
    case "saved":
      return back(url, change.kind, change.kind === "add" || change.kind === "random" ? { n: String(outcome.added ?? 0) } : {});
    case "conflict":
      return back(url, "conflict");
    case "not-found":
      throw notFound();
    default:
      return back(url, outcome.status);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `প্রশ্ন বাছাই (Pick questions) — ${data?.set.name ?? ""} — Admin` }];

const DONE: Record<string, { kind: "ok" | "error"; text: (n: string) => string }> = {
  add: { kind: "ok", text: (n) => `${toBanglaDigits(n)}টি প্রশ্ন যোগ হয়েছে। (${n} added.)` },
  random: { kind: "ok", text: (n) => `এলোমেলোভাবে ${toBanglaDigits(n)}টি প্রশ্ন যোগ হয়েছে। (${n} added at random.)` },
  remove: { kind: "ok", text: () => "বাদ দেওয়া হয়েছে। (Removed.)" },
  order: { kind: "ok", text: () => "ক্রম সংরক্ষিত হয়েছে। (Order saved.)" },
  move: { kind: "ok", text: () => "ক্রম সংরক্ষিত হয়েছে। (Order saved.)" },
  marks: { kind: "ok", text: () => "পূর্ণমান মিলিয়ে দেওয়া হয়েছে। (Full marks now match the questions.)" },
  "marks-refused": { kind: "error", text: () => "পূর্ণমান বদলানো গেল না: পরীক্ষার ফর্মে দেখুন। (Full marks could not be changed: see the exam's form.)" },
  conflict: { kind: "error", text: () => "এর মধ্যে অন্য কেউ এটি বদলেছেন; নিচে এখনকার অবস্থা। আবার চেষ্টা করুন। (Someone else changed it meanwhile; this is the current state. Try again.)" },
  "none-ticked": { kind: "error", text: () => "কোনো প্রশ্নে টিক দেওয়া হয়নি। (No question was ticked.)" },
  "none-left": { kind: "error", text: () => "এই ফিল্টারে সেটের বাইরে আর কোনো প্রশ্ন নেই। (No question matching this filter is left outside the set.)" },
  "bad-n": { kind: "error", text: () => `১ থেকে ${toBanglaDigits(RANDOM_MAX)} এর মধ্যে একটি সংখ্যা দিন। (Give a number from 1 to ${RANDOM_MAX}.)` },
  "too-many": { kind: "error", text: () => "একটি সেটে এত প্রশ্ন রাখা যায় না। (A set cannot hold that many questions.)" },
  invalid: { kind: "error", text: () => "সেটটি সংরক্ষণ করা গেল না: এর কিছু প্রশ্ন আর নেই। (The set could not be saved: some of its questions no longer exist.)" },
};

export default function PickQuestions() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const here = `${location.pathname}${location.search}`;
  const base = `/gradmin/content/${d.resource}/${d.id}`;
  const done = d.done ? DONE[d.done] : null;
  const inSet = new Set(d.inSetIds);
  const [dragged, setDragged] = useState<number | null>(null);
  const [chapterNeedle, setChapterNeedle] = useState(d.filter.chapterq);
  // Dragging and the live chapter search need JavaScript; the page first renders as without it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A drop posts the new order as the form would (every row's number), so the server decides it.
  const drop = (onto: number) => {
    if (dragged === null || dragged === onto) return;
    const body = new FormData();
    body.set("csrf", d.csrf);
    body.set("version", String(d.set.version));
    body.set("intent", "order");
    // The dragged row takes the place of the row it was dropped on (before it when moved up, after
    // it when moved down); the others keep their numbers.
    d.inSet.forEach((q, i) => body.set(`pos-${q.id}`, String(i + 1)));
    body.set(`pos-${dragged}`, String(d.inSet.findIndex((q) => q.id === onto) + 1));
    setDragged(null);
    submit(body, { method: "post", action: here });
  };

  return (
    <>
      <p>
        <a href={base}>
          ← {d.one} #{d.id}
        </a>
      </p>
      <h1>
        প্রশ্ন বাছাই (Pick questions){" "}
        <span className="muted">
          — {d.exam ? d.exam.name : d.set.name}
          {d.exam ? ` · সেট (set) #${d.set.id}` : ""}
        </span>
      </h1>
      {done ? <Notice kind={done.kind}>{done.text(d.n ?? "0")}</Notice> : null}

      {d.exam ? (
        <section className="panel" aria-labelledby="marks-heading">
          <h2 id="marks-heading">পূর্ণমান (Full marks)</h2>
          <ExamDraftsNotice drafts={d.examDrafts} />
          {d.marksMatch ? (
            <Notice kind="ok">
              পূর্ণমান {toBanglaDigits(d.exam.fullMarks)}, প্রশ্নগুলোর নম্বরের যোগফলও {toBanglaDigits(d.sum)}: মিলেছে। (Full marks {d.exam.fullMarks} match the questions'
              total.)
            </Notice>
          ) : (
            <>
              <Notice kind="error">
                পূর্ণমান {toBanglaDigits(d.exam.fullMarks)}, কিন্তু {toBanglaDigits(d.inSet.length)}টি প্রশ্নের নম্বরের যোগফল {toBanglaDigits(d.sum)}: মিলছে না। (Full marks are{" "}
                {d.exam.fullMarks}, but the {d.inSet.length} questions add up to {d.sum}: they do not match.)
              </Notice>
              <Form method="post" action={here} className="form-actions">
                <CsrfInput token={d.csrf} />
                <input type="hidden" name="version" value={d.exam.version} />
                <button type="submit" name="intent" value="marks" className="btn-primary" disabled={busy}>
                  পূর্ণমান {toBanglaDigits(d.sum)} করুন (Set full marks to {d.sum})
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="set-heading">
        <h2 id="set-heading">
          সেটের প্রশ্ন (In the set): {toBanglaDigits(d.inSet.length)}টি, মোট নম্বর {toBanglaDigits(d.sum)} ({d.inSet.length} questions, {d.sum} marks)
        </h2>
        {d.inSet.length === 0 ? (
          <p className="empty">সেটে এখনও কোনো প্রশ্ন নেই; নিচের প্রশ্নব্যাংক থেকে যোগ করুন। (No questions yet: add some from the bank below.)</p>
        ) : (
          <Form method="post" action={here} className="picker-set" key={d.set.version}>
            <CsrfInput token={d.csrf} />
            <input type="hidden" name="version" value={d.set.version} />
            <p className="muted">
              ক্রম বদলাতে নম্বর লিখে "ক্রম সংরক্ষণ" চাপুন, বা ↑ ↓ চাপুন{hydrated ? ", বা সারি টেনে আনুন" : ""}। (Type numbers and save the order, or use ↑ ↓
              {hydrated ? ", or drag a row" : ""}.)
            </p>
            <div className="form-actions">
              <button type="submit" name="intent" value="order" className="btn-primary" disabled={busy}>
                ক্রম সংরক্ষণ (Save order)
              </button>
              <button type="submit" name="intent" value="remove" className="btn-secondary" disabled={busy}>
                টিক দেওয়াগুলো বাদ দিন (Remove ticked)
              </button>
            </div>
            <div className="table-wrap">
              <table className="admin-table picker-table">
                <thead>
                  <tr>
                    <th>ক্রম (Order)</th>
                    <th>প্রশ্ন (Question)</th>
                    <th>নম্বর (Marks)</th>
                    <th>সরান (Move)</th>
                    <th>বাদ (Remove)</th>
                  </tr>
                </thead>
                <tbody>
                  {d.inSet.map((q, i) => (
                    <tr
                      key={q.id}
                      // Not while a change is on its way: a drop would post the order of a page about to be replaced.
                      draggable={hydrated && !busy}
                      onDragStart={() => setDragged(q.id)}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => {
                        e.preventDefault();
                        drop(q.id);
                      }}
                      className={dragged === q.id ? "dragging" : undefined}
                      data-question={q.id}
                    >
                      <td>
                        <input
                          type="number"
                          name={`pos-${q.id}`}
                          defaultValue={i + 1}
                          min={1}
                          max={9999}
                          className="pos-input"
                          aria-label={`প্রশ্ন #${q.id}-এর ক্রম (Order of #${q.id})`}
                        />
                      </td>
                      <td className="question-cell">
                        <a href={`/gradmin/content/questions/${q.id}`}>#{q.id}</a> {STATUS_BADGE[q.status] ? <span className="state-badge">{STATUS_BADGE[q.status]}</span> : null}{" "}
                        {q.text || "—"}
                        <br />
                        <span className="muted">{q.chapter}</span>
                      </td>
                      <td data-label="নম্বর (Marks)">{toBanglaDigits(q.marks)}</td>
                      <td className="row-actions">
                        <button type="submit" name="move" value={`up:${q.id}`} className="btn-secondary" disabled={busy || i === 0} aria-label={`#${q.id} উপরে (Move #${q.id} up)`}>
                          ↑
                        </button>
                        <button
                          type="submit"
                          name="move"
                          value={`down:${q.id}`}
                          className="btn-secondary"
                          disabled={busy || i === d.inSet.length - 1}
                          aria-label={`#${q.id} নিচে (Move #${q.id} down)`}
                        >
                          ↓
                        </button>
                      </td>
                      <td>
                        <label className="check">
                          <input type="checkbox" name="remove" value={q.id} />
                          <span className="sr-only">#{q.id} বাদ দিন (Remove #{q.id})</span>
                        </label>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="bank-heading">
        <h2 id="bank-heading">প্রশ্নব্যাংক (Question bank)</h2>
        <Form method="get" action={location.pathname} className="admin-form picker-filter" role="search" aria-label="প্রশ্ন ছাঁকুন (Filter questions)">
          <fieldset>
            <legend>অধ্যায় (Chapters)</legend>
            <div className="search-form">
              <label>
                <span>অধ্যায় খুঁজুন (Find a chapter)</span>
                <input type="search" name="chapterq" value={chapterNeedle} onChange={(e) => setChapterNeedle(e.target.value)} />
              </label>
              <button type="submit" className="btn-secondary">
                খুঁজুন (Find)
              </button>
            </div>
            <label>
              <span>অধ্যায়, এক বা একাধিক (Chapter, one or more)</span>
              <select name="chapter" multiple size={6} defaultValue={d.filter.chapter.map(String)}>
                {d.chapterChoices.map((c) => (
                  <option
                    key={c.value}
                    value={c.value}
                    hidden={hydrated && !!chapterNeedle && !c.label.toLowerCase().includes(chapterNeedle.toLowerCase()) && !d.filter.chapter.includes(Number(c.value))}
                  >
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <div className="filter-grid">
            <BankFilterFields values={d.filter} boards={d.boards} />
            <label>
              <span>লেখা বা আইডি, যেমন #5 (Text or id, e.g. #5)</span>
              <input type="search" name="q" defaultValue={d.filter.q} />
            </label>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn-primary">
              ছাঁকুন (Filter)
            </button>
            {d.filtered ? <a href={location.pathname}>সব ফিল্টার বাদ (Clear filters)</a> : null}
          </div>
        </Form>

        <p>
          মিলেছে (Matching): <strong>{toBanglaDigits(d.bank.total)}</strong>
        </p>
        <Form method="post" action={here} className="form-actions picker-random">
          <CsrfInput token={d.csrf} />
          <input type="hidden" name="version" value={d.set.version} />
          <label>
            <span>এই ফিল্টার থেকে এলোমেলো কয়টি (How many at random from this filter)</span>
            <input type="number" name="n" min={1} max={RANDOM_MAX} defaultValue={10} required />
          </label>
          <button type="submit" name="intent" value="random" className="btn-secondary" disabled={busy}>
            এলোমেলো যোগ করুন (Add at random)
          </button>
          <span className="muted">সেটে আগে থেকে থাকা প্রশ্ন বাদ দিয়ে, একটিও দুবার নয়। (Leaves out questions already in the set; never one twice.)</span>
        </Form>

        {d.bank.rows.length === 0 ? (
          <p className="empty">কিছু মেলেনি। (Nothing matches.)</p>
        ) : (
          <Form method="post" action={here}>
            <CsrfInput token={d.csrf} />
            <input type="hidden" name="version" value={d.set.version} />
            <div className="form-actions">
              <button type="submit" name="intent" value="add" className="btn-primary" disabled={busy}>
                টিক দেওয়াগুলো যোগ করুন (Add selected)
              </button>
            </div>
            <div className="table-wrap">
              <table className="admin-table picker-table">
                <thead>
                  <tr>
                    <th>বাছাই (Pick)</th>
                    <th>প্রশ্ন (Question)</th>
                    <th>নম্বর (Marks)</th>
                    <th>বিবরণ (Details)</th>
                  </tr>
                </thead>
                <tbody>
                  {d.bank.rows.map((q) => (
                    <tr key={q.id}>
                      <td>
                        {inSet.has(q.id) ? (
                          <span className="muted">সেটে আছে (In the set)</span>
                        ) : (
                          <label className="check">
                            <input type="checkbox" name="add" value={q.id} />
                            <span className="sr-only">#{q.id} বাছাই (Pick #{q.id})</span>
                          </label>
                        )}
                      </td>
                      <td className="question-cell">
                        <a href={`/gradmin/content/questions/${q.id}`}>#{q.id}</a> {q.text || "—"}
                        <br />
                        <span className="muted">{q.chapter}</span>
                      </td>
                      <td data-label="নম্বর (Marks)">{toBanglaDigits(q.marks)}</td>
                      <td className="muted">
                        {q.type === "mcq" ? "MCQ" : "Creative"}
                        {q.difficulty ? ` · ${q.difficulty}` : ""}
                        {q.explained ? " · ব্যাখ্যা (explained)" : ""}
                        {q.sources ? ` · ${q.sources}` : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Form>
        )}
        {d.bank.pages > 1 ? (
          <nav className="pager" aria-label="পাতা (Pages)">
            {d.bank.page > 1 ? <a href={`${location.pathname}${bankFilterQuery(d.filter, { page: d.bank.page - 1 })}`}>← আগের (Previous)</a> : null}
            <span>
              পাতা {toBanglaDigits(d.bank.page)} / {toBanglaDigits(d.bank.pages)}
            </span>
            {d.bank.page < d.bank.pages ? <a href={`${location.pathname}${bankFilterQuery(d.filter, { page: d.bank.page + 1 })}`}>পরের (Next) →</a> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
