// The make-question tool (chapters with their question counts, the bank for chosen chapters, saved
// papers) and the question papers of exam titles (questionpaper/{grtid}).
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, examGroupSubjects, examTitles, questions, savedPapers, setQuestions } from "~/db/schema";
import { bankOrder, MAX_CREATIVE, MAX_MCQ, UNCHAPTERED } from "~/lib/make-question";
import { buildSets, hashSeed, type PaperSet } from "~/lib/paper-sets";
import type { PaperSettings } from "~/lib/paper-settings";
import type { Question } from "~/lib/question";
import { getQuestions, listSetQuestions, type BankScope } from "~/models/questions.server";

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
        or(
          inArray(questions.chapterId, db.select({ id: categories.id }).from(categories).where(ofGrade)),
          and(isNull(questions.chapterId), eq(questions.subjectId, subjectId), or(eq(questions.gradeId, gradeId), isNull(questions.gradeId))),
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
  const found = bankOrder(await getQuestions({ ids, within: bankScope(subjectId, gradeId, chapters, []) }), chapters.map((c) => c.id));
  const mcq = found.filter((q) => q.type === "mcq");
  const creative = found.filter((q) => q.type === "creative");
  return {
    questions: [...mcq.slice(0, MAX_MCQ), ...creative.slice(0, MAX_CREATIVE)],
    /** Ids asked for that are not questions of this subject+grade. */
    skipped: ids.length - found.length,
    /** Questions left out over the limits. */
    overLimit: { mcq: Math.max(0, mcq.length - MAX_MCQ), creative: Math.max(0, creative.length - MAX_CREATIVE) },
  };
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
    .onDuplicateKeyUpdate({ set: { code: sql`${savedPapers.code}` } });
  return code;
}

/** A saved paper by its code, or null. One round trip. */
export async function getSavedPaper(code: string): Promise<StoredPaper | null> {
  if (!PAPER_CODE.test(code)) return null;
  const [row] = await db.select({ content: savedPapers.content }).from(savedPapers).where(eq(savedPapers.code, code)).limit(1);
  if (!row) return null;
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
    .where(eq(examTitles.id, examId))
    .limit(1);
  if (!exam) return null;
  const { questionSetId, ...rest } = exam;
  return { exam: rest, questions: await listSetQuestions({ setIds: [questionSetId] }) };
}
