// /my-exams/mistakes: the mistake book, the questions this browser answered wrong in finished
// attempts, practised again as a set with the MCQ practice form (answer, Submit, View Result).
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { BANGLA_QUIZ_LABELS, QuizForm, QuizPager } from "~/components/quiz-form";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { browserHash, readBrowserKey } from "~/lib/exam-browser.server";
import { seo } from "~/lib/meta";
import { FRESH_QUIZ, type QuizState } from "~/lib/quiz";
import { fieldsOr400, readForm } from "~/lib/http.server";
import { pageNumber, readQuery, z } from "~/lib/input";
import { formOverQuery, gradeQuiz, keptAnswers, pageWindow, QuizIntent, toQuizQuestions } from "~/lib/quiz.server";
import { listMistakeIds } from "~/models/attempts.server";
import { keyRule, sealKeys } from "~/models/answer-keys.server";
import { loadQuestions, withoutAnswer } from "~/models/questions.server";
import examStyles from "~/styles/exam.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
];

const PAGE_SIZE = 25;
const PRIVATE = { "Cache-Control": "private, no-store" };
const SWAP = "#mistakes";

const pageHref = (page: number) => `/my-exams/mistakes?page=${page}`;

/** ?page=N (the form's hidden field carries it too); pages past the end clamp. */
const PageState = z.object({ page: pageNumber });

/** One page of the mistake book, with the answer side for grading (never sent before View Result). */
async function readPage(request: Request, requested: number) {
  const key = readBrowserKey(request);
  // Which questions one got wrong says something about their key: questions whose key an exam still
  // seals are left out of the book until it opens.
  const [all, rule] = await Promise.all([key ? listMistakeIds({ browserHash: browserHash(key) }) : [], keyRule()]);
  const ids = all.filter((id) => !rule.sealed(id));
  const { page, totalPages, offset } = pageWindow(ids.length, requested, PAGE_SIZE);
  const slice = ids.slice(offset, offset + PAGE_SIZE);
  // A mistake from a practice attempt of an exam whose key is still sealed: shown, never graded.
  const rows = slice.length ? await sealKeys((await loadQuestions({ ids: slice, setIds: [] })).questions) : [];
  return { total: ids.length, page, totalPages, offset, rows };
}

function view(p: Awaited<ReturnType<typeof readPage>>, state: QuizState) {
  return {
    total: p.total,
    self: pageHref(p.page),
    pager: {
      page: p.page,
      totalPages: p.totalPages,
      totalRows: p.total,
      prevHref: p.page > 1 ? pageHref(p.page - 1) : null,
      nextHref: p.page < p.totalPages ? pageHref(p.page + 1) : null,
    },
    questions: toQuizQuestions(p.rows.map(withoutAnswer), p.offset),
    state,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const p = await readPage(request, readQuery(PageState, new URL(request.url).searchParams).page);
  return json(view(p, FRESH_QUIZ), { headers: PRIVATE });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { intent } = fieldsOr400(QuizIntent, form, ["intent"]);
  const requested = fieldsOr400(PageState, formOverQuery(form, new URL(request.url))).page;
  if (intent === "clear") return redirect(pageHref(requested), 303);
  const p = await readPage(request, requested);
  const state = !p.rows.length ? FRESH_QUIZ : p.rows.some((r) => r.keySealed) ? keptAnswers(p.rows, form) : gradeQuiz(p.rows, form, intent, 0, true);
  return json(view(p, state), { headers: PRIVATE });
}

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...seo(matches, { title: "ভুলের খাতা", description: "শেষ করা পরীক্ষায় ভুল হওয়া প্রশ্নগুলো আবার অনুশীলন করুন।" }),
  { name: "robots", content: "noindex" },
];

export default function MistakeBook() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const d = posted ?? loaded;
  return (
    <div className="container exam-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/my-exams">আমার পরীক্ষা</a> › <span aria-current="page">ভুলের খাতা</span>
      </nav>
      <section id="mistakes" className="panel mcq-practice" aria-labelledby="mistakes-h">
        <h1 id="mistakes-h">ভুলের খাতা</h1>
        <p className="muted">
          {`এই ব্রাউজারে শেষ করা পরীক্ষাগুলোতে যে ${toBanglaDigits(d.total)}টি প্রশ্নের উত্তর ভুল হয়েছিল, সবচেয়ে নতুনগুলো আগে। এই তালিকা শুধু এই ব্রাউজারে থাকে।`}
        </p>
        {d.total === 0 ? (
          <p className="empty">
            ভুলের খাতা খালি। <a href="/my-exams">আমার পরীক্ষা</a>
          </p>
        ) : (
          <>
            <QuizForm
              action={d.self}
              swap={SWAP}
              hidden={[["page", String(d.pager.page)]]}
              questions={d.questions}
              state={d.state}
              restartHref={d.self}
              labels={BANGLA_QUIZ_LABELS}
            />
            <QuizPager swap={SWAP} pager={d.pager} labels={BANGLA_QUIZ_LABELS} />
          </>
        )}
      </section>
    </div>
  );
}
