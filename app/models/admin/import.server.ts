// Bulk import of multiple-choice questions into a chapter (and optionally onto the end of a set),
// and export of a chapter's or a set's MCQs in the same formats. A preview lists every question
// with its problems; the import itself is one transaction: all the good questions, or nothing.
import { and, asc, eq, inArray, max } from "drizzle-orm";
// Read on the primary, never a replica: an import checks and shows what was just saved.
import { primary as db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { Source } from "~/lib/board-year";
import { MAX_IMPORT_QUESTIONS } from "~/lib/import/format-names";
import { parseQuestions, type ExportQuestion, type ImportedQuestion, type ImportFormat } from "~/lib/import/formats";
import { sanitizeStaffHtml } from "~/lib/sanitize.server";
import { recordAudit } from "~/models/history.server";
import { RENDER_VERSION, renderedOrNull } from "~/models/rendering.server";
import { reindex, type Executor } from "~/models/search.server";
import { bumpContentVersion } from "~/models/content-version.server";

const OPTION_KEYS = ["ক", "খ", "গ", "ঘ", "ঙ"];

export type ImportTarget = { chapterId: number; setId: number | null };

/** The same question, whatever its markup and spacing: for the duplicate check. */
const fingerprint = (body: string, options: readonly { body: string }[]) =>
  [body, ...options.map((o) => o.body)]
    .join("\u0001")
    .replace(/<[^>]*>/g, " ")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Which of the chosen chapter and set does not exist, and what to say. */
export async function targetProblem(target: ImportTarget): Promise<{ field: "chapterId" | "setId"; message: string } | null> {
  const [[chapter], set] = await Promise.all([
    db.select({ id: s.categories.id }).from(s.categories).where(eq(s.categories.id, target.chapterId)),
    target.setId ? db.select({ id: s.questionSets.id }).from(s.questionSets).where(eq(s.questionSets.id, target.setId)) : Promise.resolve([{ id: 0 }]),
  ]);
  if (!chapter) return { field: "chapterId", message: "অধ্যায়টি পাওয়া যায়নি। (No such chapter.)" };
  if (!set.length) return { field: "setId", message: "প্রশ্নসেটটি পাওয়া যায়নি। (No such question set.)" };
  return null;
}

/** Parses the file and marks duplicates (of the chapter's questions, and within the file). */
export async function previewImport(format: ImportFormat, text: string, target: ImportTarget) {
  const { questions, fileError } = parseQuestions(format, text);
  if (fileError) return { questions, fileError };
  if (questions.length > MAX_IMPORT_QUESTIONS) {
    return { questions: [], fileError: `একবারে সর্বোচ্চ ${MAX_IMPORT_QUESTIONS}টি প্রশ্ন। (At most ${MAX_IMPORT_QUESTIONS} questions at a time.)` };
  }
  const existing = await db
    .select({ id: s.questions.id, body: s.questions.body })
    .from(s.questions)
    .where(and(eq(s.questions.chapterId, target.chapterId), eq(s.questions.type, "mcq")));
  const options = existing.length
    ? await db
        .select({ questionId: s.questionOptions.questionId, body: s.questionOptions.body })
        .from(s.questionOptions)
        .where(inArray(s.questionOptions.questionId, existing.map((q) => q.id)))
        .orderBy(asc(s.questionOptions.sort), asc(s.questionOptions.id))
    : [];
  const byQuestion = new Map<number, { body: string }[]>();
  for (const o of options) byQuestion.set(o.questionId, [...(byQuestion.get(o.questionId) ?? []), o]);
  const known = new Map(existing.map((q) => [fingerprint(q.body, byQuestion.get(q.id) ?? []), q.id]));
  const inFile = new Map<string, number>();
  for (const q of questions) {
    // A refused question is no original for later copies: they are checked on their own.
    if (q.kind !== "mcq" || q.errors.length) continue;
    const fp = fingerprint(q.body, q.options);
    const id = known.get(fp);
    if (id) q.errors.push(`এই অধ্যায়ে আগে থেকেই আছে: প্রশ্ন #${id} (duplicate of question #${id} in this chapter)`);
    else if (inFile.has(fp)) q.errors.push(`ফাইলের ${inFile.get(fp)} নম্বর লাইনের প্রশ্নের মতো (duplicate of the question on line ${inFile.get(fp)})`);
    else inFile.set(fp, q.line);
  }
  return { questions };
}

const PREVIEW_CHARS = 2000;

/**
 * Staff HTML as its page will show it, sanitised as on save, so the preview does not show markup
 * that saving drops (formulas stay as written: typesetting thousands of them waits for the import).
 */
const shownHtml = (source: string) => sanitizeStaffHtml(source.length > PREVIEW_CHARS ? `${source.slice(0, PREVIEW_CHARS)}…` : source);

export type PreviewRow = {
  line: number;
  kind: string;
  bodyHtml: string;
  options: { html: string; isCorrect: boolean }[];
  errors: string[];
  warnings: string[];
};

/** The preview's table: each question as it will look, with why it is refused or what it loses. */
export function previewRows(questions: readonly ImportedQuestion[]): PreviewRow[] {
  return questions.map((q) => ({
    line: q.line,
    kind: q.kind,
    bodyHtml: shownHtml(q.body),
    options: q.options.map((o) => ({ html: shownHtml(o.body), isCorrect: o.isCorrect })),
    errors: q.errors,
    warnings: q.warnings,
  }));
}

/**
 * Imports every question without errors, in one transaction. `failAfter` makes the transaction fail
 * after that many questions (the tests' way to show that a failure leaves nothing behind).
 */
export async function commitImport(
  format: ImportFormat,
  text: string,
  target: ImportTarget,
  staffId: number,
  { failAfter }: { failAfter?: number } = {},
): Promise<{ imported: number; skipped: number } | { fileError: string }> {
  const preview = await previewImport(format, text, target);
  if (preview.fileError) return { fileError: preview.fileError };
  const good = preview.questions.filter((q) => !q.errors.length);
  const [chapter] = await db.select({ subjectId: s.categories.subjectId, gradeId: s.categories.gradeId }).from(s.categories).where(eq(s.categories.id, target.chapterId));
  // Render before the transaction: KaTeX takes a while, and locks should not wait for it.
  const rendered = good.map((q) => ({
    q,
    introHtml: renderedOrNull(q.intro),
    bodyHtml: renderedOrNull(q.body) ?? "",
    explanationHtml: renderedOrNull(q.explanation),
    options: q.options.map((o) => renderedOrNull(o.body) ?? ""),
  }));
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    const options: (typeof s.questionOptions.$inferInsert)[] = [];
    const sources: (typeof s.questionSources.$inferInsert)[] = [];
    for (const [n, r] of rendered.entries()) {
      if (failAfter !== undefined && n === failAfter) throw new Error(`import failed on purpose after ${failAfter} questions`);
      const [res] = await tx.insert(s.questions).values({
        type: "mcq",
        subjectId: chapter.subjectId,
        gradeId: chapter.gradeId,
        chapterId: target.chapterId,
        intro: r.q.intro || null,
        introHtml: r.introHtml,
        body: r.q.body,
        bodyHtml: r.bodyHtml,
        marks: r.q.marks,
        difficulty: r.q.difficulty,
        explanation: r.q.explanation || null,
        explanationHtml: r.explanationHtml,
        renderVersion: RENDER_VERSION,
        updatedBy: staffId,
      });
      const id = Number((res as unknown as { insertId: number }).insertId);
      ids.push(id);
      r.q.options.forEach((o, i) => options.push({ questionId: id, key: OPTION_KEYS[i], body: o.body, bodyHtml: r.options[i], isCorrect: o.isCorrect, sort: i + 1 }));
      r.q.sources.forEach((src, i) => sources.push({ questionId: id, board: src.board, year: src.year, sort: i + 1 }));
    }
    for (let i = 0; i < options.length; i += 500) await tx.insert(s.questionOptions).values(options.slice(i, i + 500));
    for (let i = 0; i < sources.length; i += 500) await tx.insert(s.questionSources).values(sources.slice(i, i + 500));
    if (target.setId && ids.length) {
      const [{ last }] = await tx.select({ last: max(s.setQuestions.sort) }).from(s.setQuestions).where(eq(s.setQuestions.setId, target.setId));
      const from = Number(last ?? 0);
      for (let i = 0; i < ids.length; i += 500) {
        await tx.insert(s.setQuestions).values(ids.slice(i, i + 500).map((questionId, k) => ({ setId: target.setId!, questionId, sort: from + i + k + 1 })));
      }
    }
    await reindex("questions", ids, tx as unknown as Executor);
    await recordAudit(tx, {
      staffId,
      action: "import",
      entity: "questions",
      entityId: target.chapterId,
      summary: `${ids.length} MCQs (${format}) into chapter ${target.chapterId}${target.setId ? ` and set ${target.setId}` : ""}`,
    });
    await bumpContentVersion(tx);
  });
  return { imported: good.length, skipped: preview.questions.length - good.length };
}

/** A chapter's or a set's MCQs, as the export formats take them (a set's in its order). */
export async function exportQuestions(by: { chapterId: number } | { setId: number }): Promise<ExportQuestion[]> {
  const rows =
    "setId" in by
      ? await db
          .select({ id: s.questions.id, intro: s.questions.intro, body: s.questions.body, explanation: s.questions.explanation, marks: s.questions.marks, difficulty: s.questions.difficulty })
          .from(s.setQuestions)
          .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
          .where(and(eq(s.setQuestions.setId, by.setId), eq(s.questions.type, "mcq")))
          .orderBy(asc(s.setQuestions.sort), asc(s.questions.id))
      : await db
          .select({ id: s.questions.id, intro: s.questions.intro, body: s.questions.body, explanation: s.questions.explanation, marks: s.questions.marks, difficulty: s.questions.difficulty })
          .from(s.questions)
          .where(and(eq(s.questions.chapterId, by.chapterId), eq(s.questions.type, "mcq")))
          .orderBy(asc(s.questions.id));
  const ids = rows.map((r) => r.id);
  const [options, sources] = ids.length
    ? await Promise.all([
        db.select().from(s.questionOptions).where(inArray(s.questionOptions.questionId, ids)).orderBy(asc(s.questionOptions.sort), asc(s.questionOptions.id)),
        db.select().from(s.questionSources).where(inArray(s.questionSources.questionId, ids)).orderBy(asc(s.questionSources.sort), asc(s.questionSources.id)),
      ])
    : [[], []];
  const optionsOf = new Map<number, { body: string; isCorrect: boolean }[]>();
  for (const o of options) optionsOf.set(o.questionId, [...(optionsOf.get(o.questionId) ?? []), { body: o.body, isCorrect: o.isCorrect }]);
  const sourcesOf = new Map<number, Source[]>();
  for (const x of sources) sourcesOf.set(x.questionId, [...(sourcesOf.get(x.questionId) ?? []), { board: x.board, year: x.year }]);
  return rows.map((r) => ({
    intro: r.intro ?? "",
    body: r.body,
    explanation: r.explanation ?? "",
    marks: String(Number(r.marks)),
    difficulty: r.difficulty ?? null,
    options: optionsOf.get(r.id) ?? [],
    sources: sourcesOf.get(r.id) ?? [],
  }));
}

export type { ImportedQuestion };
