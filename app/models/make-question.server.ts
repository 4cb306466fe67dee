// The make-question tool (chapters with their question counts, the bank for chosen chapters, saved
// papers) and the question papers of exam titles (questionpaper/{grtid}).
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db, primary } from "~/db/client.server";
import { categories, examGroupSubjects, examTitles, questions, savedPapers, setQuestions } from "~/db/schema";
import { bankOrder, MAX_CREATIVE, MAX_MCQ, UNCHAPTERED } from "~/lib/make-question";
import { buildSets, hashSeed, type PaperSet } from "~/lib/paper-sets";
import type { PaperSettings } from "~/lib/paper-settings";
import { comparableText, type Question } from "~/lib/question";
import { getQuestions, listSetQuestions, type BankScope } from "~/models/questions.server";
import { clientKey, countHit } from "~/models/rate-limit.server";
import { isPublished } from "~/models/publication.server";

export type Chapter = { id: number; name: string };

/** The chapters of a subject in a grade (and the ones shared by every grade). */
export async function chaptersOf(subjectId: number, gradeId: number): Promise<Chapter[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.subjectId, subjectId), or(eq(categories.gradeId, gradeId), isNull(categories.gradeId))))
    .orderBy(asc(categories.sort), asc(categories.id));
}

export type ChapterCount = Chapter & { mcq: number; creative: number };

/**
 * Step 1: the chapters with how many MCQ and creative questions each has; the subject's questions
 * without a chapter come last as chapter 0 when there are any. Two round trips.
 */
export async function chaptersWithCounts(subjectId: number, gradeId: number): Promise<ChapterCount[]> {
  const ofGrade = and(eq(categories.subjectId, subjectId), or(eq(categories.gradeId, gradeId), isNull(categories.gradeId)));
  const [chapters, counts] = await Promise.all([
    chaptersOf(subjectId, gradeId),
    db
      .select({ chapterId: questions.chapterId, type: questions.type, n: count() })
      .from(questions)
      .where(
        and(
          or(
            inArray(questions.chapterId, db.select({ id: categories.id }).from(categories).where(ofGrade)),
            and(isNull(questions.chapterId), eq(questions.subjectId, subjectId), or(eq(questions.gradeId, gradeId), isNull(questions.gradeId))),
          ),
          isPublished(questions),
        ),
      )
      .groupBy(questions.chapterId, questions.type),
  ]);
  const n = (chapterId: number | null, type: "mcq" | "creative") =>
    Number(counts.find((c) => c.chapterId === chapterId && c.type === type)?.n ?? 0);
  const out: ChapterCount[] = chapters.map((c) => ({ ...c, mcq: n(c.id, "mcq"), creative: n(c.id, "creative") }));
  const loose = { id: UNCHAPTERED, name: "অধ্যায় নির্ধারিত হয়নি এমন প্রশ্ন", mcq: n(null, "mcq"), creative: n(null, "creative") };
  return loose.mcq + loose.creative ? [...out, loose] : out;
}

/** The bank a step may read: the chosen chapters of the subject+grade (all when none), chapter 0 = unchaptered. */
export function bankScope(subjectId: number, gradeId: number, chapters: Chapter[], chosen: number[]): BankScope {
  const known = chosen.filter((id) => id === UNCHAPTERED || chapters.some((c) => c.id === id));
  const all = known.length === 0;
  return {
    chapterIds: all ? chapters.map((c) => c.id) : known.filter((id) => id !== UNCHAPTERED),
    unchapteredOf: all || known.includes(UNCHAPTERED) ? { subjectId, gradeId } : null,
  };
}

/* ------------------------------------------------------------------ the selection (step 3) */

/**
 * The chosen questions of the subject+grade (ids of other subjects' questions and unknown ids are
 * skipped), in bank order, at most MAX_MCQ MCQs and MAX_CREATIVE creative questions. Five round trips.
 */
export async function loadSelection({ subjectId, gradeId, ids }: { subjectId: number; gradeId: number; ids: number[] }) {
  const chapters = await chaptersOf(subjectId, gradeId);
  const all = bankOrder(await getQuestions({ ids, within: bankScope(subjectId, gradeId, chapters, []) }), chapters.map((c) => c.id));
  // The bank holds copies of some questions under other ids (the same text entered twice): a paper
  // prints each question once, the first copy in bank order.
  const seen = new Set<string>();
  const found = all.filter((q) => {
    const key = sameQuestionKey(q);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const mcq = found.filter((q) => q.type === "mcq");
  const creative = found.filter((q) => q.type === "creative");
  return {
    questions: [...mcq.slice(0, MAX_MCQ), ...creative.slice(0, MAX_CREATIVE)],
    /** Ids asked for that are not questions of this subject+grade. */
    skipped: ids.length - all.length,
    /** Questions left out as copies of another chosen question. */
    duplicates: all.length - found.length,
    /** Questions left out over the limits. */
    overLimit: { mcq: Math.max(0, mcq.length - MAX_MCQ), creative: Math.max(0, creative.length - MAX_CREATIVE) },
  };
}

/** What makes two bank questions the same printed question: their passage, text and options as read. */
export function sameQuestionKey(q: Pick<Question, "type" | "introHtml" | "html" | "options">): string {
  return [q.type, comparableText(q.introHtml ?? ""), comparableText(q.html), ...q.options.map((o) => comparableText(o.html))].join("\u0001");
}

type Selected = Awaited<ReturnType<typeof loadSelection>>["questions"][number];

/** The paper to store: the settings, the questions as printed now, and each set's orders (seeded by the selection). */
export function composePaper(subject: StoredPaper["subject"], questions: Selected[], settings: PaperSettings): StoredPaper {
  const printed: StoredQuestion[] = questions.map(({ explanationHtml: _e, chapterId: _c, ...q }) => q);
  const sets = buildSets(printed, {
    count: settings.sets,
    shuffleQuestions: settings.shuffleQuestions,
    shuffleOptions: settings.shuffleOptions,
    seed: hashSeed(settings.seed, ...printed.map((q) => q.id)),
  });
  return { version: 1, subject, settings, questions: printed, sets };
}

/* ------------------------------------------------------------------ saved papers */

/** A printed question as the paper keeps it (the explanation is not printed). */
export type StoredQuestion = Omit<Question, "explanationHtml">;

/** A teacher's paper as stored: everything the printed page shows, so it never changes. */
export type StoredPaper = {
  version: 1;
  subject: { id: number; gradeId: number; slug: string; name: string; gradeName: string };
  settings: PaperSettings;
  questions: StoredQuestion[];
  sets: PaperSet[];
};

// Crockford's base32 in lower case: no i, l, o or u to misread when a teacher types the address.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const PAPER_CODE = /^[0-9a-hjkmnp-tv-z]{10}$/;

/** Ten characters (50 bits) of the content's SHA-256: the same paper always gets the same code. */
export function paperCode(content: string): string {
  const hash = createHash("sha256").update(content).digest();
  let bits = 0n;
  for (const byte of hash.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[Number((bits >> BigInt(56 - 5 * (i + 1))) & 31n)];
  return code;
}

/** Saves a paper (once: saving the same paper again changes nothing) and returns its code. One round trip. */
/** Papers one client (an address, an IPv6 /64) may save per hour: a teacher makes a few; a school shares one address. */
export const PAPERS_PER_HOUR = 30;
/** A saved paper nobody has opened for this long is deleted. */
export const PAPER_KEEP_DAYS = 365;
export const PAPERS_LIMITED =
  "এই নেটওয়ার্ক থেকে এক ঘণ্টায় অনেক প্রশ্নপত্র তৈরি হয়েছে; কিছুক্ষণ পরে আবার চেষ্টা করুন। (Too many papers from your network this hour; please try again later.)";

/**
 * Counts a paper save for its client, atomically (simultaneous saves cannot all see room left):
 * "limited" once PAPERS_PER_HOUR have been saved this hour. The first save of a window also deletes
 * papers unopened for PAPER_KEEP_DAYS, so the table stays bounded without a scheduled job.
 */
export async function countPaperSave({ clientAddress }: { clientAddress: string }): Promise<"ok" | "limited"> {
  const hits = await countHit({ key: `paper:${clientKey(clientAddress)}`, windowSeconds: 3600 });
  if (hits === 1) await prunePapers();
  return hits > PAPERS_PER_HOUR ? "limited" : "ok";
}

/** Papers not opened for PAPER_KEEP_DAYS, a bounded batch at a time. */
export async function prunePapers() {
  await db.execute(sql`delete from ${savedPapers} where ${savedPapers.openedAt} < now() - interval ${PAPER_KEEP_DAYS} day limit 500`);
}

export async function savePaper(paper: StoredPaper): Promise<string> {
  const content = JSON.stringify(paper);
  const code = paperCode(content);
  await db
    .insert(savedPapers)
    .values({
      code,
      subjectId: paper.subject.id,
      gradeId: paper.subject.gradeId,
      title: paper.settings.exam.slice(0, 255),
      questionCount: paper.questions.length,
      content,
    })
    .onDuplicateKeyUpdate({ set: { openedAt: sql`now()` } });
  return code;
}

/** A saved paper by its code, or null. One round trip. */
export async function getSavedPaper(code: string): Promise<StoredPaper | null> {
  if (!PAPER_CODE.test(code)) return null;
  // On the primary: a teacher opens the paper right after saving it, before a replica may have it.
  const [row] = await primary
    .select({ content: savedPapers.content, openedAt: savedPapers.openedAt })
    .from(savedPapers)
    .where(eq(savedPapers.code, code))
    .limit(1);
  if (!row) return null;
  // Opened: kept another PAPER_KEEP_DAYS. Written at most daily, so a popular paper costs no writes.
  if (Date.now() - row.openedAt.getTime() > 86_400_000) {
    await db.update(savedPapers).set({ openedAt: sql`now()` }).where(eq(savedPapers.code, code));
  }
  try {
    return JSON.parse(row.content) as StoredPaper;
  } catch {
    return null; // a row damaged outside the app: not found rather than a server error
  }
}

/* ------------------------------------------------------------------ questionpaper */

/** questionpaper: every exam title with its subject and number of questions (one query). */
export async function listExamTitles() {
  return db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      subject: examGroupSubjects.name,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      questionCount: count(setQuestions.questionId),
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .leftJoin(setQuestions, eq(setQuestions.setId, examTitles.questionSetId))
    .where(isPublished(examTitles))
    .groupBy(examTitles.id, examTitles.name, examGroupSubjects.name, examTitles.fullMarks, examTitles.durationMinutes, examTitles.sort)
    .orderBy(asc(examTitles.sort), asc(examTitles.id));
}

/** An exam title's printable paper (questionpaper/{grtid}): the exam and its questions. */
export async function getExamPaper(examId: number) {
  const [exam] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      descriptionHtml: examTitles.descriptionHtml,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      questionSetId: examTitles.questionSetId,
      keyPublished: examTitles.keyPublished,
      subject: examGroupSubjects.name,
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .where(and(eq(examTitles.id, examId), isPublished(examTitles)))
    .limit(1);
  if (!exam) return null;
  const { questionSetId, ...rest } = exam;
  return { exam: rest, questions: await listSetQuestions({ setIds: [questionSetId] }) };
}
