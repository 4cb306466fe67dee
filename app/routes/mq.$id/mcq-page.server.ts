// mq/{id} and mq/sub/{subcat}: one MCQ category page, practised with the exam page's form and
// scoring. The URL holds the state: ?set=ID (default: the category's first set) &page=N.
import { json, redirect } from "@remix-run/node";
import { badRequest, fieldsOr400, notFound, readForm } from "~/lib/http.server";
import { optionalIdText, pageNumber, readQuery, z } from "~/lib/input";
import { FRESH_QUIZ, type QuizState } from "~/lib/quiz";
import { checkQuestions, formOverQuery, gradeQuiz, keptAnswers, pageWindow, QuizIntent, readCheckedIds, toQuizQuestions } from "~/lib/quiz.server";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { sealedKeyNotice } from "~/lib/exam-phase";
import { sealKeys } from "~/models/answer-keys.server";
import { getMcqCategoryPage, type McqCategoryPage } from "~/models/mcq.server";
import { listSetQuestions, pageOfSet, withoutAnswer, type PublicQuestion } from "~/models/questions.server";
import { isStaffPreview } from "~/utils/preview.server";

export const MCQ_PAGE_SIZE = 25;

export type McqKind = "top" | "sub";

const basePath = (id: number, sub: boolean) => (sub ? `/mq/sub/${id}` : `/mq/${id}`);

function pageUrl(base: string, setId: number, page: number) {
  return `${base}?${new URLSearchParams({ set: String(setId), page: String(page) }).toString()}`;
}

/**
 * ?set=ID&page=N: the set (none: the first; one the category does not have is a 404 on a page, the
 * first set on a posted form) and the page. The form's hidden fields carry them too.
 */
const McqPageState = z.object({
  set: optionalIdText,
  page: pageNumber,
});

async function findCategory(id: number, preview = false) {
  const page = await getMcqCategoryPage(id, { preview });
  if (!page) throw notFound();
  return page;
}

function view(
  data: McqCategoryPage,
  set: McqCategoryPage["sets"][number] | null,
  rows: PublicQuestion[],
  page: number,
  totalPages: number,
  state: QuizState,
  keyNote: string | null = null,
) {
  const base = basePath(data.category.id, data.category.parent !== null);
  const at = (p: number) => (set ? pageUrl(base, set.id, p) : base);
  return {
    base,
    category: data.category,
    subCategories: data.subCategories.map((c) => ({ ...c, href: `/mq/sub/${c.id}` })),
    sets: data.sets.map((s) => ({ ...s, href: pageUrl(base, s.id, 1) })),
    set: set ? { id: set.id, name: set.name, count: set.count } : null,
    self: at(page),
    pager: {
      page,
      totalPages,
      totalRows: set?.count ?? 0,
      prevHref: set && page > 1 ? at(page - 1) : null,
      nextHref: set && page < totalPages ? at(page + 1) : null,
    },
    questions: toQuizQuestions(rows, (page - 1) * MCQ_PAGE_SIZE),
    state,
    /** Set when a question of the page is in an exam whose key is sealed: nothing on the page is scored. */
    keyNote,
  };
}

export type McqPageData = ReturnType<typeof view>;

export async function mcqLoader(request: Request, categoryId: number, kind: McqKind) {
  // A staff preview (?preview=1) shows draft sets and questions too, read fresh, never kept or cached.
  const preview = await isStaffPreview(request);
  const data = await findCategory(categoryId, preview);
  const url = new URL(request.url);
  const isSub = data.category.parent !== null;
  // One address per category: a sub-category lives under /mq/sub/, a top-level one under /mq/.
  if (isSub !== (kind === "sub")) throw redirect(`${basePath(data.category.id, isSub)}${url.search}`, 301);
  const query = readQuery(McqPageState, url.searchParams);
  const set = query.set === undefined ? (data.sets[0] ?? null) : (data.sets.find((s) => s.id === query.set) ?? null);
  if (query.set !== undefined && !set) throw notFound();
  const { page, totalPages, offset } = pageWindow(set?.count ?? 0, query.page, MCQ_PAGE_SIZE);
  const questions = !set || set.count === 0 ? [] : preview ? await listSetQuestions({ setIds: [set.id], offset, limit: MCQ_PAGE_SIZE, withDrafts: true }) : await pageOfSet(set.id, set.count, offset, MCQ_PAGE_SIZE);
  const rows = await sealKeys(questions);
  const keyNote = rows.some((r) => r.keySealed) ? sealedKeyNotice(null, formatDhakaDateTime) : null;
  return json(view(data, set, rows.map(withoutAnswer), page, totalPages, FRESH_QUIZ, keyNote));
}

/** Answers posted for one page of one set of this category; the scored page is the answer. */
export async function mcqAction(request: Request, categoryId: number) {
  const data = await findCategory(categoryId);
  const form = await readForm(request);
  const checked = readCheckedIds(form);
  // A question's own check button asks about that question; the form's buttons otherwise.
  const intent = checked ? "submit" : fieldsOr400(QuizIntent, form, ["intent"]).intent;
  const posted = fieldsOr400(McqPageState, formOverQuery(form, new URL(request.url)));
  const setId = posted.set ?? data.sets[0]?.id ?? null;
  const set = data.sets.find((s) => s.id === setId);
  if (!set) throw badRequest("Unknown question set.");
  const requested = posted.page;
  const base = basePath(data.category.id, data.category.parent !== null);
  if (intent === "clear") return redirect(pageUrl(base, set.id, requested), 303);
  const { page, totalPages, offset } = pageWindow(set.count, requested, MCQ_PAGE_SIZE);
  const rows = await sealKeys(set.count > 0 ? await pageOfSet(set.id, set.count, offset, MCQ_PAGE_SIZE) : []);
  // Practice may show the answers, but not of a question in an exam whose key is sealed: then the
  // page is not scored at all (a score would tell the key). There is no negative marking. A
  // question's own check button asks about that question only (its answer comes back at its anchor).
  const sealed = rows.some((r) => r.keySealed);
  const state = !rows.length ? FRESH_QUIZ : sealed ? keptAnswers(rows, form) : checked ? checkQuestions(rows, form, checked) : gradeQuiz(rows, form, intent, 0, true);
  const keyNote = sealed ? sealedKeyNotice(null, formatDhakaDateTime) : null;
  return json(view(data, set, rows.map(withoutAnswer), page, totalPages, state, keyNote), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
