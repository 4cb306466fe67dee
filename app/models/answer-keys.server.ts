// Which questions' keys may be shown: the one place every public page asks before it shows a correct
// option or an explanation. A question is sealed while any exam that uses it is sealed (the rule is
// keySealed in app/lib/exam-phase.ts): the practice part of an exam page, MCQ practice, search, board
// papers, the make-question bank, printed keys and the mistake book all show one question the same
// way, so a key kept from one would be read on another.
import { eq } from "drizzle-orm";
// Read on the primary, never a replica: whether a key may be shown follows a staff save at once, never a replica's older copy.
import { primary as db } from "~/db/client.server";
import { examTitles, setQuestions } from "~/db/schema";
import { attemptReview, keyOpensAt, keySealed, type KeyPolicy } from "~/lib/exam-phase";
import type { Question } from "~/lib/question";
import { keptUntilContentChange } from "~/models/content-version.server";

type ExamPolicy = KeyPolicy & { id: number };

/**
 * Every exam's key policy, and per question until when it is sealed (ms; Infinity while only a staff
 * save can open it), from one round trip kept until a staff save (the only thing that changes them;
 * the time is applied per request: a kept value outlives a window's close).
 */
const keyData = keptUntilContentChange(async () => {
  const rows = await db
    .select({
      id: examTitles.id,
      questionId: setQuestions.questionId,
      keyPublished: examTitles.keyPublished,
      reviewAfterClose: examTitles.reviewAfterClose,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
    })
    .from(examTitles)
    .leftJoin(setQuestions, eq(setQuestions.setId, examTitles.questionSetId));
  const now = new Date();
  const policies = new Map<number, ExamPolicy>();
  const until = new Map<number, number>();
  for (const { questionId, ...exam } of rows) {
    if (!policies.has(exam.id)) policies.set(exam.id, exam);
    if (questionId === null) continue;
    const at = sealedTill(exam, now);
    if (at > (until.get(questionId) ?? 0)) until.set(questionId, at);
  }
  return { policies, until };
});

/** Until when this exam's key stays sealed, seen from `now` (0: it is not). */
function sealedTill(exam: KeyPolicy, now: Date): number {
  if (exam.liveStartAt && exam.liveCloseAt && now < exam.liveCloseAt) {
    // Sealed until the close; after it, sealed for good unless the close opens it.
    return exam.keyPublished || exam.reviewAfterClose ? exam.liveCloseAt.getTime() : Infinity;
  }
  if (!keySealed(exam, now)) return 0;
  return keyOpensAt(exam, now)?.getTime() ?? Infinity;
}

/** The sealing rule for one request: `sealed(id)` for a question's key at `now`. */
export async function keyRule(now = new Date()): Promise<{ sealed: (questionId: number) => boolean }> {
  const { until } = await keyData();
  const t = now.getTime();
  return { sealed: (questionId) => (until.get(questionId) ?? 0) > t };
}

/**
 * The questions as a public page may show them: a sealed question keeps its options but loses its
 * key and explanation (`keySealed` says so, for the page to explain why).
 */
export async function sealKeys<T extends Pick<Question, "id" | "correct" | "explanationHtml">>(
  questions: readonly T[],
  now = new Date(),
): Promise<(T & { keySealed: boolean })[]> {
  if (!questions.length) return [];
  const { sealed } = await keyRule(now);
  return questions.map((q) =>
    sealed(q.id) ? { ...q, correct: null, explanationHtml: null, ...("solutionVideo" in q ? { solutionVideo: null } : {}), keySealed: true } : { ...q, keySealed: false },
  );
}

export type ExamKeyState = { sealed: boolean; opensAt: Date | null };

/** Whether one exam's key is sealed at `now`, and when it opens by itself (null: when staff publish it). */
export async function examKeyState(examId: number, now = new Date()): Promise<ExamKeyState> {
  const exam = (await keyData()).policies.get(examId);
  if (!exam) return { sealed: false, opensAt: null };
  return { sealed: keySealed(exam, now), opensAt: keyOpensAt(exam, now) };
}

/**
 * What a finished attempt's review may show at `now` (attemptReview's rule, with the exam's live
 * window and policy as stored): "key" or "score".
 */
export async function reviewOfAttempt({ examId, reviewAfterFinish, now = new Date() }: { examId: number; reviewAfterFinish: boolean; now?: Date }) {
  const exam = (await keyData()).policies.get(examId);
  if (!exam) return "score" as const;
  return attemptReview({ ...exam, reviewAfterFinish }, now);
}
