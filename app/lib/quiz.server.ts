// Server side of a quiz page (exam page, MCQ practice): reading the posted form defensively, numbering
// the questions across pages and grading a page with the keys only the server knows.
import { toBanglaDigits } from "~/lib/bangla-digits";
import { fieldsOf, idText, intentOf, z } from "~/lib/input";
import type { PublicQuestion, Question } from "~/lib/question";
import type { QuestionResult, QuizQuestion, QuizState } from "~/lib/quiz";
import { collectAnswers, scorePage } from "~/lib/scoring";

/**
 * The clicked button, read from the posted form alone (`fieldsOr400(QuizIntent, form, ["intent"])`);
 * Enter in the form submits (the first button). Anything else is a bad request.
 */
export const QuizIntent = z.object({ intent: intentOf(["submit", "result", "clear"], "submit") });
export type Intent = z.output<typeof QuizIntent>["intent"];

/**
 * The page state a quiz form posts: each field as the form sent it, or, when the form does not send
 * it, as the URL has it (hidden fields carry the page state, the action's URL may too). A field's
 * values come from one of the two, never a mix. Read it with the page's schema.
 */
export function formOverQuery(form: URLSearchParams, url: URL): URLSearchParams {
  const merged = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (!form.has(key)) merged.append(key, value);
  for (const [key, value] of form) merged.append(key, value);
  return merged;
}

export type PageWindow = { page: number; totalPages: number; offset: number };

/** Page numbers outside 1..totalPages clamp to the nearest page. */
export function pageWindow(total: number, page: number, pageSize: number): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const p = Math.min(Math.max(1, page), totalPages);
  return { page: p, totalPages, offset: (p - 1) * pageSize };
}

/** Questions ready to show, with Bangla serials continuing across pages. */
export function toQuizQuestions(rows: readonly PublicQuestion[], offset: number): QuizQuestion[] {
  return rows.map((r, i) => ({ ...r, serialBn: toBanglaDigits(offset + i + 1) }));
}

/**
 * Scores the answered-correct questions of this page only: each page of an exam is scored on its own.
 * After View Result each question gets its marks: the student's own choice always, right (✓) or wrong
 * (✗); the correct option of a question answered wrongly or skipped only when answers may be shown.
 */
export function gradeQuiz(
  rows: readonly Question[],
  form: URLSearchParams,
  intent: Exclude<Intent, "clear">,
  negativeMark: number | string,
  includeCorrect: boolean,
): QuizState {
  const answers = collectAnswers(form.entries(), rows);
  const score = scorePage(
    rows.map((r) => ({ id: r.id, correct: r.correct })),
    answers,
    negativeMark,
  );
  const showResult = intent === "result";
  let results: Record<string, QuestionResult> | null = null;
  if (showResult) {
    results = {};
    for (const r of rows) {
      const chosen = answers.get(r.id);
      const correct = r.correct;
      results[String(r.id)] = {
        correct: includeCorrect || chosen === correct ? correct : null,
        chosenWrong: chosen !== undefined && correct !== null && chosen !== correct,
        explanationHtml: includeCorrect ? r.explanationHtml : null,
      };
    }
  }
  return {
    submitted: true,
    showResult,
    answers: Object.fromEntries([...answers].map(([id, key]) => [String(id), key])),
    score,
    results,
    ...(showResult && !includeCorrect ? { keysHidden: true } : {}),
  };
}

/**
 * MCQ practice's per-question check: the page stays open for answering; each checked question (the one
 * just asked, and those checked before, posted back as `checked`) gets its marks and explanation, and
 * keeps its choice (its radios are locked, so the choice travels as a hidden field from then on).
 */
export function checkQuestions(rows: readonly Question[], form: URLSearchParams, checkedIds: ReadonlySet<number>): QuizState {
  const answers = collectAnswers(form.entries(), rows);
  const results: Record<string, QuestionResult> = {};
  for (const r of rows) {
    if (!checkedIds.has(r.id)) continue;
    const chosen = answers.get(r.id);
    results[String(r.id)] = {
      correct: r.correct,
      chosenWrong: chosen !== undefined && r.correct !== null && chosen !== r.correct,
      explanationHtml: r.explanationHtml,
    };
  }
  return {
    submitted: false,
    showResult: false,
    answers: Object.fromEntries([...answers].map(([id, key]) => [String(id), key])),
    score: null,
    results: Object.keys(results).length ? results : null,
  };
}

/**
 * The questions to check: `check` (the button pressed) and the `checked` ones before it; values that
 * are not ids are skipped. Null when no check button was pressed.
 */
export const CheckFields = z
  .object({ check: z.array(z.string()), checked: z.array(z.string()) })
  .transform(({ check, checked }) =>
    check.length ? new Set([...checked, ...check].flatMap((v) => idText.safeParse(v).data ?? [])) : null,
  );

export function readCheckedIds(form: URLSearchParams): Set<number> | null {
  return CheckFields.parse(fieldsOf(form, ["check", "checked"]));
}

/** A page posted while its key is sealed: the choices come back ticked, with no score and no marks. */
export function keptAnswers(rows: readonly Pick<Question, "id" | "options">[], form: URLSearchParams): QuizState {
  const answers = collectAnswers(form.entries(), rows as readonly Question[]);
  return { submitted: false, showResult: false, answers: Object.fromEntries([...answers].map(([id, key]) => [String(id), key])), score: null, results: null };
}
