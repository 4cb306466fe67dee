// The one shape of a bank question on every screen (exam page, MCQ practice, board papers, question
// papers, the make-question tool). Read by models/questions.server.ts, drawn by components/question.tsx.
import type { QuestionType } from "~/db/schema";

export type QuestionOption = {
  key: string;
  html: string;
  /** What the student reads beside it when it is not its key (options shuffled per attempt). */
  label?: string;
};
export type QuestionPart = { label: string; html: string; marks: number };

export type Question = {
  id: number;
  type: QuestionType;
  /** The উদ্দীপক: a creative question's stem, or the passage a run of MCQs shares. */
  introHtml: string | null;
  html: string;
  /** Where it was set, in Bangla ("ঢা. বো. ২০১৯"), or a note as written; "" when unknown. */
  source: string;
  marks: number;
  options: QuestionOption[];
  parts: QuestionPart[];
  /** The correct option's key; null for creative questions (and MCQs still missing a key). */
  correct: string | null;
  explanationHtml: string | null;
  /** A YouTube video of the solution: part of the answer side, like the explanation. */
  solutionVideo?: string | null;
  /** Only in a staff preview: the question is a draft or scheduled, not yet shown to students. */
  draft?: true;
};

/** A question without its answer side: what a page may hold before the student has answered. */
export type PublicQuestion = Omit<Question, "correct" | "explanationHtml" | "solutionVideo">;

export function withoutAnswer({ correct: _correct, explanationHtml: _explanation, solutionVideo: _video, ...question }: Question): PublicQuestion {
  return question;
}

/**
 * A question's text for comparing: markup, case and spacing left out, so two options or two
 * questions that read the same compare equal however they were typed.
 */
export function comparableText(html: string): string {
  return html.replace(/<[^>]*>/g, " ").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}
