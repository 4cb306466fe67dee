// The MCQ exam page as the old site had it: paging, page size, 'Show answers', scoring per page.
// Everything is server-rendered: paging, page size and 'Show answers' are a GET form and links,
// answering is one POST form scored on the server, and the scored page is the POST's answer. No
// correct key reaches the page before View Result.
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { DatabaseDownPage } from "~/components/database-down";
import { LiveExamPanel, PracticeAnchor } from "~/components/live-exam";
import { LiveStartForm } from "~/components/live-start-form";
import { QuizForm, QuizPager } from "~/components/quiz-form";
import { toBanglaDigits } from "~/lib/bangla-digits";
import {
  DEFAULT_BACK,
  EXAM_LOAD_FAILED,
  EXAM_QUERY_LISTS,
  ExamQuerySchema,
  examUrl,
  MISSING_GRTID,
  readExamQuery,
  type ExamQuery,
} from "~/lib/exam-query";
import { fieldsOr400, notFound, paramsOr400, readForm } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { hidesQuestions, liveExamState, type LiveExamState } from "~/lib/live-exam";
import { seo } from "~/lib/meta";
import { useRequestInfo } from "~/lib/request-context";
import { FRESH_QUIZ, type QuizState } from "~/lib/quiz";
import { formOverQuery, gradeQuiz, keptAnswers, pageWindow, QuizIntent, toQuizQuestions } from "~/lib/quiz.server";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { sealedKeyNotice } from "~/lib/exam-phase";
import { examKeyState, sealKeys } from "~/models/answer-keys.server";
import { parseNegativeMark } from "~/lib/scoring";
import { getExamTitle, type ExamTitle } from "~/models/exams.server";
import { listSetQuestions, pageOfSet, withoutAnswer, type PublicQuestion } from "~/models/questions.server";
import { isStaffPreview } from "~/utils/preview.server";
import examStyles from "~/styles/exam.css";
import liveAttemptStyles from "~/styles/live-attempt.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: liveAttemptStyles },
];

/** /exampage/{grtid}: a bad id is 'Missing grtid' (400), as the old site answered. */
const Params = z.object({ grtid: idText });

/** The page's own URL; a staff preview's links stay in the preview. */
const pageUrl = (grtid: number, query: ExamQuery, preview: boolean) => (preview ? `${examUrl(grtid, query)}&preview=1` : examUrl(grtid, query));

/**
 * One page of the exam's questions. A staff preview reads the set's draft and scheduled questions too
 * (each marked as a draft), fresh and never kept; everyone else gets the published ones, kept.
 */
function questionsPage(exam: ExamTitle, offset: number, limit: number, preview: boolean) {
  if (exam.total <= 0) return Promise.resolve([]);
  return preview ? listSetQuestions({ setIds: [exam.questionSetId], offset, limit, withDrafts: true }) : pageOfSet(exam.questionSetId, exam.total, offset, limit);
}

async function findExam(grtid: number, preview = false): Promise<ExamTitle> {
  // A draft or scheduled exam is a 404, except in a staff preview (?preview=1).
  const exam = await getExamTitle(grtid, { preview });
  if (!exam) throw notFound(EXAM_LOAD_FAILED);
  return exam;
}

/** The page as rendered: header facts, this page's questions (no answers), paging links. */
function examView(
  exam: ExamTitle,
  query: ExamQuery,
  rows: PublicQuestion[],
  page: number,
  totalPages: number,
  state: QuizState,
  keyNote: string | null,
  preview: boolean,
) {
  const at = (p: number) => pageUrl(exam.id, { ...query, page: p }, preview);
  const negativeMark = parseNegativeMark(exam.negativeMark);
  const success = exam.total > 0;
  return {
    success,
    error: success ? null : EXAM_LOAD_FAILED,
    grtid: exam.id,
    meta: {
      titleBn: exam.name,
      fullMarksBn: toBanglaDigits(exam.fullMarks),
      durationBn: toBanglaDigits(exam.durationMinutes),
      negativeMarkBn: negativeMark > 0 ? toBanglaDigits(negativeMark) : null,
      page,
      pageSize: query.pageSize,
      totalPages,
      totalRows: exam.total,
      hasPrev: page > 1,
      hasNext: page < totalPages,
    },
    includeCorrect: query.includeCorrect,
    /** A timed attempt can be started (the exam has a duration). */
    timed: exam.durationMinutes > 0,
    /** The raw (validated) back parameter, kept in every link and form of the page. */
    backParam: query.back,
    backHref: query.back ?? DEFAULT_BACK,
    self: at(page),
    prevHref: page > 1 ? at(page - 1) : null,
    nextHref: page < totalPages ? at(page + 1) : null,
    questions: toQuizQuestions(rows, (page - 1) * query.pageSize),
    state,
    /** Set while the exam's key is sealed: the page is for reading and trying only, never scored. */
    keyNote,
    /** A staff preview: its links stay in it; how many of the questions are not published yet. */
    preview,
    drafts: preview ? (exam.drafts ?? 0) : 0,
  };
}

/** The notice a sealed exam's practice part shows instead of scores and keys, or null. */
async function keyNoteOf(examId: number, now: Date): Promise<string | null> {
  const key = await examKeyState(examId, now);
  return key.sealed ? sealedKeyNotice(key.opensAt, formatDhakaDateTime) : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const search = new URL(request.url).searchParams;
  const query = readExamQuery(search);
  // The settings form sends includeCorrect twice (a hidden 0, then the box's 1): the URL to keep and
  // share carries each parameter once.
  const preview = await isStaffPreview(request);
  if (["page", "pageSize", "includeCorrect", "back"].some((name) => search.getAll(name).length > 1)) throw redirect(pageUrl(grtid, query, preview));
  const exam = await findExam(grtid, preview);
  const { page, totalPages, offset } = pageWindow(exam.total, query.page, query.pageSize);
  // A live exam's phase at this request: before its close the questions are the paper, not practice.
  const live = liveExamState(exam, new Date());
  const [rows, keyNote] = await Promise.all([
    hidesQuestions(live) ? [] : questionsPage(exam, offset, query.pageSize, preview),
    keyNoteOf(exam.id, new Date()),
  ]);
  const view = examView(exam, { ...query, page }, rows.map(withoutAnswer), page, totalPages, FRESH_QUIZ, keyNote, preview);
  return json({ ...view, live }, { status: view.success ? 200 : 404, headers: live?.cacheControl ? { "Cache-Control": live.cacheControl } : undefined });
}

export async function action({ params, request }: ActionFunctionArgs) {
  const { grtid } = paramsOr400(Params, params, MISSING_GRTID);
  const form = await readForm(request);
  const { intent } = fieldsOr400(QuizIntent, form, ["intent"]);
  const query: ExamQuery = fieldsOr400(ExamQuerySchema, formOverQuery(form, new URL(request.url)), EXAM_QUERY_LISTS);
  // A staff preview posts to its own URL (?preview=1): it is scored with the drafts it showed.
  const preview = await isStaffPreview(request);
  if (intent === "clear") return redirect(pageUrl(grtid, query, preview), 303);
  const exam = await findExam(grtid, preview);
  const live = liveExamState(exam, new Date());
  if (hidesQuestions(live)) return redirect(pageUrl(grtid, query, preview), 303);
  const { page, totalPages, offset } = pageWindow(exam.total, query.page, query.pageSize);
  const now = new Date();
  const [stored, keyNote] = await Promise.all([
    questionsPage(exam, offset, query.pageSize, preview),
    keyNoteOf(exam.id, now),
  ]);
  // A sealed key is never scored against: a score per page would give the key away one answer at a
  // time. The page keeps what was ticked and says when the key comes.
  const rows = await sealKeys(stored, now);
  const sealed = keyNote !== null || rows.some((r) => r.keySealed);
  const state = !exam.total ? FRESH_QUIZ : sealed ? keptAnswers(rows, form) : gradeQuiz(rows, form, intent, exam.negativeMark, query.includeCorrect);
  const note = sealed ? (keyNote ?? sealedKeyNotice(null, formatDhakaDateTime)) : null;
  const view = examView(exam, { ...query, page }, rows.map(withoutAnswer), page, totalPages, state, note, preview);
  return json({ ...view, live }, { status: view.success ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? data.meta.titleBn : null,
    description: data
      ? `${data.meta.titleBn}: বহুনির্বাচনি পরীক্ষা — পূর্ণমান ${data.meta.fullMarksBn}, সময় ${data.meta.durationBn} মিনিট, মোট প্রশ্ন ${toBanglaDigits(data.meta.totalRows)}।`
      : null,
  }),
  // Without JavaScript a waiting live exam's page reloads itself, the last time exactly at the start.
  ...(data?.live?.refreshSeconds ? [{ httpEquiv: "refresh", content: String(data.live.refreshSeconds) }] : []),
];

export default function ExamPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const data = posted ?? loaded;
  const { meta, state } = data;
  const live = data.live ?? null;
  const questionsHidden = hidesQuestions(live);
  const hidden: [string, string][] = [
    ["page", String(meta.page)],
    ["pageSize", String(meta.pageSize)],
    ["includeCorrect", data.includeCorrect ? "1" : "0"],
  ];
  if (data.backParam) hidden.push(["back", data.backParam]);
  return (
    <div className="container exam-page">
      <section id="exam" className="exam" aria-labelledby="exam-title">
        <header className="exam-header panel">
          <p className="exam-back">
            <a className="back-link" href={data.backHref}>
              Back
            </a>
          </p>
          <h1 id="exam-title">{meta.titleBn}</h1>
          <ul className="exam-facts">
            <li>{`পূর্ণমান: ${meta.fullMarksBn}`}</li>
            <li>{`সময়: ${meta.durationBn} মিনিট`}</li>
            <li>{`মোট প্রশ্ন: ${toBanglaDigits(meta.totalRows)}`}</li>
            {meta.negativeMarkBn ? <li>{`নেগেটিভ মার্কিং: প্রতি ভুল উত্তরে ${meta.negativeMarkBn}`}</li> : null}
          </ul>
          {data.success && !questionsHidden ? (
            <form method="get" action={`/exampage/${data.grtid}`} className="exam-settings" data-swap="#exam" data-swap-scroll data-swap-replace data-autosubmit>
              {data.backParam ? <input type="hidden" name="back" value={data.backParam} /> : null}
              {data.preview ? <input type="hidden" name="preview" value="1" /> : null}
              <label>
                <span>প্রতি পৃষ্ঠায় প্রশ্ন</span>{" "}
                <select name="pageSize" defaultValue={String(meta.pageSize)}>
                  <option value="25">{toBanglaDigits(25)}</option>
                  <option value="100">{toBanglaDigits(100)}</option>
                </select>
              </label>
              {/* An unchecked box sends nothing, which would mean the default (on): the hidden 0 comes first, the box's 1 wins. */}
              <input type="hidden" name="includeCorrect" value="0" />
              <label className="check">
                <input type="checkbox" name="includeCorrect" value="1" defaultChecked={data.includeCorrect} /> Show answers
              </label>
              <button type="submit" className="btn btn-secondary apply-btn">
                প্রয়োগ করুন
              </button>
            </form>
          ) : null}
        </header>
        {data.drafts > 0 ? (
          <p className="notice info exam-drafts" role="note">
            {`এই পরীক্ষার ${toBanglaDigits(meta.totalRows)}টি প্রশ্নের ${toBanglaDigits(data.drafts)}টি খসড়া বা নির্ধারিত ("খসড়া" চিহ্নিত): প্রকাশিত না হওয়া পর্যন্ত শিক্ষার্থীরা ${toBanglaDigits(meta.totalRows - data.drafts)}টি দেখবে। `}
            {`(${data.drafts} of ${meta.totalRows} questions are drafts, marked "Draft": students see ${meta.totalRows - data.drafts} until they are published.)`}
          </p>
        ) : null}
        {live ? <LiveExamPanel live={live} grtid={data.grtid} facts={meta} /> : null}
        {data.success && data.timed ? <StartExam grtid={data.grtid} meta={meta} live={live} /> : null}
        {questionsHidden ? null : data.success ? (
          <>
            {live ? <PracticeAnchor /> : null}
            {data.keyNote ? (
              <p className="notice info key-sealed" role="note">
                {data.keyNote}
              </p>
            ) : null}
            <QuizForm
              action={data.self}
              swap="#exam"
              hidden={hidden}
              questions={data.questions}
              state={state}
              restartHref={data.self}
            />
            <QuizPager
              swap="#exam"
              pager={{
                page: meta.page,
                totalPages: meta.totalPages,
                totalRows: meta.totalRows,
                prevHref: data.prevHref,
                nextHref: data.nextHref,
              }}
            />
          </>
        ) : (
          <div className="notice error" role="alert">
            <p>{data.error}</p>
            <p>এই পরীক্ষায় এখনো কোনো প্রশ্ন যোগ করা হয়নি।</p>
          </div>
        )}
      </section>
    </div>
  );
}

/** The timed exam: what it will be like, announced before the start, and the Start button. */
function StartExam({ grtid, meta, live }: { grtid: number; meta: ReturnType<typeof useLoaderData<typeof loader>>["meta"]; live: LiveExamState | null }) {
  return (
    <section id="start" className="panel exam-start" aria-labelledby="start-h">
      <h2 id="start-h">সময় ধরে পুরো পরীক্ষা দিন</h2>
      <ul className="exam-facts">
        <li>{`প্রশ্ন: ${toBanglaDigits(meta.totalRows)}টি`}</li>
        <li>{`পূর্ণমান: ${meta.fullMarksBn}`}</li>
        <li>{`সময়: ${meta.durationBn} মিনিট`}</li>
        <li>{meta.negativeMarkBn ? `নেগেটিভ মার্কিং: প্রতি ভুল উত্তরে ${meta.negativeMarkBn} নম্বর কাটা যাবে` : "নেগেটিভ মার্কিং নেই"}</li>
      </ul>
      <p>
        শুরু করার মুহূর্ত থেকে সময় গোনা হবে। ঘড়ি আমাদের সার্ভারের, তাই ফোনের ঘড়ি ভুল থাকলেও সমস্যা নেই। উত্তরগুলো সার্ভারে জমা থাকে,
        সংযোগ চলে গেলেও হারায় না। সময় শেষ হলে পরীক্ষা নিজে থেকেই জমা হবে; তারপর পুরো পরীক্ষার নম্বর আর অধ্যায়ভিত্তিক ফলাফল দেখবেন।
      </p>
      {/* Before a live exam starts this page reloads itself (and would lose what was typed): registering
          is on the start page, which does not; the registration's own page then opens at the start. */}
      {live?.phase === "waiting" ? (
        <p>
          <a className="btn btn-big" href={`/exampage/${grtid}/start`}>
            এখনই নিবন্ধন করুন (Register now)
          </a>
        </p>
      ) : (
        <LiveStartForm grtid={grtid} phase={live?.phase ?? "open"} startBn={live?.startBn ?? null} closeBn={live?.closeBn ?? null} />
      )}
      {hidesQuestions(live) ? null : (
        <p className="muted">নিচের প্রশ্নগুলো পৃষ্ঠাভিত্তিক অনুশীলনের জন্য: প্রতিটি পৃষ্ঠা আলাদাভাবে মিলিয়ে দেখা যায়, সময়ের হিসাব নেই।</p>
      )}
    </section>
  );
}

/** A bad or unknown grtid: the spec's message ('Missing grtid', 'Failed to load exam.') in the site's page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { databaseDown } = useRequestInfo();
  if (databaseDown) return <DatabaseDownPage />;
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data.length < 300
      ? error.data
      : "দুঃখিত, কিছু একটা ভুল হয়েছে — Something went wrong";
  return (
    <section className="error-page container">
      <h1>{message}</h1>
      <p>
        <a className="btn" href={DEFAULT_BACK}>
          পরীক্ষার তালিকায় ফিরে যান
        </a>
      </p>
    </section>
  );
}
