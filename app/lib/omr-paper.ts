// The OMR sheet of a teacher's saved paper: one layout (lib/omr/layout.ts) that the printed sheet,
// the reader and the test generator share, fixed by the paper as stored.
import { omrLayout, type Layout } from "~/lib/omr/layout";
import { SET_CODES, type PaperSet } from "~/lib/paper-sets";

/** Digits of the roll bubbled on the sheet (as the boards' sheets). */
export const ROLL_DIGITS = 6;

type PaperShape = { questions: { type: string; options: unknown[] }[]; sets: Pick<PaperSet, "mcq">[] };

/** 5 bubbles a row when any MCQ has a fifth option (ঙ), else 4. */
export function optionCount(paper: PaperShape): 4 | 5 {
  return paper.questions.some((q) => q.type === "mcq" && q.options.length >= 5) ? 5 : 4;
}

/**
 * The sheet's layout, or null when the paper has no MCQ. One set: no set block (every sheet is set
 * ক); more: the pupil bubbles the set.
 */
export function paperSheetLayout(paper: PaperShape): Layout | null {
  const questions = paper.sets[0]?.mcq.length ?? 0;
  if (!questions) return null;
  const sets = paper.sets.length > 1 ? SET_CODES.slice(0, paper.sets.length) : [];
  return omrLayout({ questions, options: optionCount(paper), rollDigits: ROLL_DIGITS, sets });
}
