// What the exam page and the MCQ practice pages render: questions without their answers, and the
// state of a submitted page. Shared by the server code that builds it and the components.
import type { PublicQuestion } from "~/lib/question";
import type { Score } from "~/lib/scoring";

/** A question as the quiz shows it, with its serial continuing across pages. Never carries its correct key. */
export type QuizQuestion = PublicQuestion & { serialBn: string };

/** View Result's marks for one question. `correct` is only sent when answers may be shown (includeCorrect). */
export type QuestionResult = { correct: string | null; chosenWrong: boolean; explanationHtml: string | null };

export type QuizState = {
  submitted: boolean;
  showResult: boolean;
  /** Question id -> the chosen option key. */
  answers: Record<string, string>;
  score: Score | null;
  results: Record<string, QuestionResult> | null;
  /** View Result with 'Show answers' off: only the student's own choices are marked, right or wrong. */
  keysHidden?: boolean;
};

export const FRESH_QUIZ: QuizState = { submitted: false, showResult: false, answers: {}, score: null, results: null };

export type Pager = { page: number; totalPages: number; totalRows: number; prevHref: string | null; nextHref: string | null };
