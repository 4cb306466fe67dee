// Staff editing of every content table (lib/admin/resources.ts says which): paged lists, versioned
// saves that refuse a stale version, revisions, refusal to orphan rows, the audit log, and the
// content version that public caches are keyed by. Every write is one transaction.
import { and, asc, count, desc, eq, gt, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { MySqlColumn, MySqlTable } from "drizzle-orm/mysql-core";
// Read on the primary, never a replica: staff screens show what was just saved, and their edits check stamps against it.
import { primary as db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { RevisionEntity } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { notationFromSources, type Source } from "~/lib/board-year";
import { dateToDhakaInput, type FieldDef, type FieldErrors, type OptionInput, type Option, type PartInput } from "~/lib/admin/fields";
import { idSearch, readBankFilter, type BankFilter } from "~/lib/admin/bank-filter";
import { PAGE_SIZE, PUBLISHABLE, RESOURCES, type ResourceDef } from "~/lib/admin/resources";
import { idText, pageNumber, readQuery, z } from "~/lib/input";
import { CONTENT_ASSET_BASE, INFO_PAGE_ASSET_BASE } from "~/lib/image-path";
import { INFO_PAGE_SLUGS } from "~/lib/info-pages";
import { liveWindowErrors } from "~/lib/live-exam";
import { isPublicPagePath, PUBLIC_PATH_EXAMPLES } from "~/lib/public-paths";
import { comparableText } from "~/lib/question";
import { videoIdFrom } from "~/lib/video-id";
import { bankConditions } from "~/models/admin/bank-query.server";
import { keepRevision, recordAudit, type Tx } from "~/models/history.server";
import { RENDER_VERSION, renderedOrNull } from "~/models/rendering.server";
import { reindex, type Executor, type SearchIndexSource } from "~/models/search.server";
import { bumpContentVersion, keptPerKeyUntilContentChange } from "~/models/content-version.server";

type Table = MySqlTable & { id: MySqlColumn; version: MySqlColumn; updatedAt: MySqlColumn; updatedBy: MySqlColumn };
type Row = Record<string, unknown> & { id: number; version: number };
/** Where a read runs: the pool, or a save's transaction (whose reads must stay on its own connection). */
type Reader = typeof db | Tx;

type Dependent = { table: MySqlTable; column: MySqlColumn; what: string; resource?: string; filter?: string };

type Binding = {
  table: Table;
  /** The search index's name for this table: saves and deletes re-index the row. */
  search?: SearchIndexSource;
  /** The column a row is named by in lists, choices and messages. */
  label: MySqlColumn;
  /** Where staff HTML is rendered to: asset base for relative image paths. */
  assetBase?: string;
  dependents?: Dependent[];
  revision?: RevisionEntity;
  /** Rows that hang off this one and are edited with it (grades of a subject, options of a question). */
  children?: {
    load(ids: number[], reader?: Reader): Promise<Map<number, Record<string, unknown>>>;
    save(tx: Tx, id: number, values: Record<string, unknown>): Promise<void>;
  };
  /** Checks across fields, and against the database, before a save. */
  validate?(values: Record<string, unknown>, id: number | null): Promise<FieldErrors>;
  /** More work in an update's transaction, before the row is written with `set` (its new column values). */
  beforeUpdate?(tx: Tx, id: number, set: Record<string, unknown>): Promise<void>;
};

const sameTime = (a: unknown, b: unknown) => (a instanceof Date ? a.getTime() : a ?? null) === (b instanceof Date ? b.getTime() : b ?? null);

/**
 * A live exam whose window moves after its merit list was made: the list is made again after the new
 * close (its ranks were of the attempts of the old window). A save that keeps the window keeps it.
 */
async function forgetMovedMerit(tx: Tx, examId: number, set: Record<string, unknown>) {
  const [row] = await tx
    .select({ start: s.examTitles.liveStartAt, close: s.examTitles.liveCloseAt, computed: s.examTitles.meritComputedAt })
    .from(s.examTitles)
    .where(eq(s.examTitles.id, examId));
  if (!row?.computed) return;
  if (("liveStartAt" in set ? sameTime(row.start, set.liveStartAt) : true) && ("liveCloseAt" in set ? sameTime(row.close, set.liveCloseAt) : true)) return;
  await tx.update(s.examTitles).set({ meritComputedAt: null }).where(eq(s.examTitles.id, examId));
  await tx.update(s.examAttempts).set({ meritRank: null }).where(eq(s.examAttempts.examId, examId));
}

const what = (bn: string, en: string) => `${bn} (${en})`;

/* ------------------------------------------------------------------ children */

const subjectGrades = {
  async load(ids: number[], reader: Reader = db) {
    const rows = ids.length
      ? await reader.select({ subjectId: s.subjectGrades.subjectId, gradeId: s.subjectGrades.gradeId }).from(s.subjectGrades).where(inArray(s.subjectGrades.subjectId, ids))
      : [];
    const map = new Map<number, Record<string, unknown>>(ids.map((id) => [id, { gradeIds: [] as number[] }]));
    for (const r of rows) (map.get(r.subjectId)!.gradeIds as number[]).push(r.gradeId);
    return map;
  },
  async save(tx: Tx, id: number, values: Record<string, unknown>) {
    const wanted = values.gradeIds as number[];
    const current = (await tx.select({ g: s.subjectGrades.gradeId }).from(s.subjectGrades).where(eq(s.subjectGrades.subjectId, id))).map((r) => r.g);
    const gone = current.filter((g) => !wanted.includes(g));
    const added = wanted.filter((g) => !current.includes(g));
    if (gone.length) await tx.delete(s.subjectGrades).where(and(eq(s.subjectGrades.subjectId, id), inArray(s.subjectGrades.gradeId, gone)));
    if (added.length) await tx.insert(s.subjectGrades).values(added.map((gradeId) => ({ subjectId: id, gradeId, sort: Number(values.sort ?? 0) })));
  },
};

const questionChildren = {
  async load(ids: number[], reader: Reader = db) {
    const [options, parts, sources] = ids.length
      ? await Promise.all([
          reader.select().from(s.questionOptions).where(inArray(s.questionOptions.questionId, ids)).orderBy(asc(s.questionOptions.sort), asc(s.questionOptions.id)),
          reader.select().from(s.questionParts).where(inArray(s.questionParts.questionId, ids)).orderBy(asc(s.questionParts.sort), asc(s.questionParts.id)),
          reader.select().from(s.questionSources).where(inArray(s.questionSources.questionId, ids)).orderBy(asc(s.questionSources.sort), asc(s.questionSources.id)),
        ])
      : [[], [], []];
    const map = new Map<number, Record<string, unknown>>(ids.map((id) => [id, { options: [], parts: [], sources: [] }]));
    for (const o of options) (map.get(o.questionId)!.options as OptionInput[]).push({ key: o.key, body: o.body, isCorrect: o.isCorrect });
    for (const p of parts) (map.get(p.questionId)!.parts as PartInput[]).push({ label: p.label, body: p.body, marks: String(Number(p.marks)) });
    for (const r of sources) (map.get(r.questionId)!.sources as Source[]).push({ board: r.board, year: r.year });
    return map;
  },
  async save(tx: Tx, id: number, values: Record<string, unknown>) {
    const options = values.type === "mcq" ? (values.options as OptionInput[]) : [];
    const parts = values.type === "creative" ? (values.parts as PartInput[]) : [];
    const sources = values.sources as Source[];
    // Options keep their row (and id) where the key stays: answers stored elsewhere may name them.
    const existing = await tx.select({ id: s.questionOptions.id, key: s.questionOptions.key }).from(s.questionOptions).where(eq(s.questionOptions.questionId, id));
    const byKey = new Map(existing.map((o) => [o.key, o.id]));
    const keep = new Set<number>();
    for (const [i, o] of options.entries()) {
      const row = { body: o.body, bodyHtml: renderedOrNull(o.body) ?? "", isCorrect: o.isCorrect, sort: i + 1 };
      const at = byKey.get(o.key);
      if (at) {
        keep.add(at);
        await tx.update(s.questionOptions).set(row).where(eq(s.questionOptions.id, at));
      } else {
        await tx.insert(s.questionOptions).values({ questionId: id, key: o.key, ...row });
      }
    }
    const drop = existing.filter((o) => !keep.has(o.id)).map((o) => o.id);
    if (drop.length) await tx.delete(s.questionOptions).where(inArray(s.questionOptions.id, drop));
    await tx.delete(s.questionParts).where(eq(s.questionParts.questionId, id));
    if (parts.length) {
      await tx.insert(s.questionParts).values(parts.map((p, i) => ({ questionId: id, label: p.label, body: p.body, bodyHtml: renderedOrNull(p.body) ?? "", marks: p.marks, sort: i + 1 })));
    }
    await tx.delete(s.questionSources).where(eq(s.questionSources.questionId, id));
    if (sources.length) await tx.insert(s.questionSources).values(sources.map((r, i) => ({ questionId: id, board: r.board, year: r.year, sort: i + 1 })));
  },
};

const YOUTUBE_ONLY = what("একটি YouTube ভিডিওর লিংক দিন (watch?v=, youtu.be, embed বা shorts)।", "Enter a YouTube video link.");

/** A number as the form shows it again: at most two decimals, no trailing zeros. */
const marksText = (n: number) => String(Math.round(n * 100) / 100);

async function validateQuestion(v: Record<string, unknown>, id: number | null): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (v.type === "mcq") {
    const options = v.options as OptionInput[];
    if (!String(v.body ?? "").trim()) errors.body = what("MCQ-এর প্রশ্ন লিখুন।", "An MCQ needs its question.");
    if (options.length < 2) errors.options = what("কমপক্ষে দুটি অপশন দিন।", "Give at least two options.");
    else if (options.filter((o) => o.isCorrect).length !== 1) errors.options = what("লেখা অপশনগুলোর একটি সঠিক উত্তর হিসেবে বেছে নিন।", "Mark one of the written options as correct.");
    else {
      // Two options that read the same leave a student no real choice between them.
      const seen = new Map<string, string>();
      for (const o of options) {
        const text = comparableText(o.body);
        const first = seen.get(text);
        if (first) {
          errors.options = what(`অপশন ${first} ও ${o.key} একই; প্রতিটি অপশন আলাদা হতে হবে।`, `Options ${first} and ${o.key} are the same: every option must differ.`);
          break;
        }
        seen.set(text, o.key);
      }
    }
  } else {
    const parts = v.parts as PartInput[];
    if (!parts.length) errors.parts = what("কমপক্ষে একটি অংশ লিখুন।", "Write at least one part.");
    if (!String(v.intro ?? "").trim()) errors.intro = what("সৃজনশীল প্রশ্নের উদ্দীপক লিখুন।", "A creative question needs its stem.");
    // The paper prints the question's marks beside its parts' marks: they must agree.
    const sum = parts.reduce((total, p) => total + Number(p.marks), 0);
    if (parts.length && v.marks !== null && Math.abs(sum - Number(v.marks)) > 1e-9) {
      errors.parts = what(
        `অংশগুলোর নম্বরের যোগফল ${marksText(sum)}, প্রশ্নের নম্বর ${marksText(Number(v.marks))}: দুটি সমান হতে হবে।`,
        `The parts' marks add up to ${marksText(sum)}, the question's marks are ${marksText(Number(v.marks))}: they must be equal.`,
      );
    }
  }
  // The solution video is embedded from YouTube's privacy host only (the page's frame-src allows no other).
  if (v.solutionVideoUrl && !videoIdFrom(String(v.solutionVideoUrl))) errors.solutionVideoUrl = YOUTUBE_ONLY;
  if (!Object.keys(errors).length) {
    const twin = await duplicateQuestion(v, id);
    if (twin) errors.body = what(`এই অধ্যায়ে হুবহু এই প্রশ্ন আগে থেকেই আছে: প্রশ্ন #${twin}।`, `This chapter already has this exact question: #${twin}.`);
  }
  return errors;
}

/**
 * Another question of the same chapter and type that reads the same (stem, question, options or
 * parts), or null. Candidates are narrowed in SQL by the question's text; their children compared here.
 */
async function duplicateQuestion(v: Record<string, unknown>, id: number | null): Promise<number | null> {
  if (!v.chapterId) return null;
  const body = String(v.body ?? "").trim();
  const intro = String(v.intro ?? "").trim();
  const candidates = await db
    .select({ id: s.questions.id, body: s.questions.body, intro: s.questions.intro })
    .from(s.questions)
    .where(
      and(
        eq(s.questions.chapterId, Number(v.chapterId)),
        eq(s.questions.type, v.type as "mcq"),
        sql`trim(${s.questions.body}) = ${body}`,
        sql`trim(coalesce(${s.questions.intro}, '')) = ${intro}`,
        ...(id ? [sql`${s.questions.id} <> ${id}`] : []),
      ),
    )
    .limit(20);
  if (!candidates.length) return null;
  const children = await questionChildren.load(candidates.map((c) => c.id));
  const key = (q: { intro?: unknown; body?: unknown; options?: unknown; parts?: unknown }) =>
    [q.intro ?? "", q.body ?? "", ...((q.options as OptionInput[]) ?? []).map((o) => `${o.isCorrect ? "✓" : ""}${o.body}`), ...((q.parts as PartInput[]) ?? []).map((p) => p.body)]
      .map((t) => comparableText(String(t)))
      .join("\u0001");
  const mine = key({ intro, body, options: v.type === "mcq" ? v.options : [], parts: v.type === "creative" ? v.parts : [] });
  const twin = candidates.find((c) => {
    const kids = children.get(c.id) ?? {};
    return key({ intro: c.intro, body: c.body, options: v.type === "mcq" ? kids.options : [], parts: v.type === "creative" ? kids.parts : [] }) === mine;
  });
  return twin?.id ?? null;
}

/**
 * The questions of a set that students do not see yet (draft or scheduled), in the set's order, and
 * how many questions the set holds in all. One query.
 */
export async function unpublishedOfSet(setId: number): Promise<{ total: number; ids: number[] }> {
  const rows = await db
    .select({ id: s.questions.id, status: s.questions.status })
    .from(s.setQuestions)
    .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
    .where(eq(s.setQuestions.setId, setId))
    .orderBy(asc(s.setQuestions.sort), asc(s.setQuestions.questionId));
  return { total: rows.length, ids: rows.filter((r) => r.status !== "published").map((r) => r.id) };
}

/** What an exam with unpublished questions shows its students meanwhile, in words (the edit screen, the picker, refusals). */
export const draftQuestionsText = (drafts: number, total: number) =>
  what(
    `${toBanglaDigits(total)}টি প্রশ্নের ${toBanglaDigits(drafts)}টি খসড়া বা নির্ধারিত: প্রকাশিত না হওয়া পর্যন্ত শিক্ষার্থীরা ${toBanglaDigits(total - drafts)}টি দেখবে`,
    `${drafts} of ${total} questions are drafts or scheduled: students see ${total - drafts} until they are published`,
  );

const PUBLISH_QUESTIONS_FIRST = what(
  "আগে প্রশ্নগুলো প্রকাশ করুন (পরীক্ষার সম্পাদনার পাতায় সেগুলো প্রকাশের লিংক আছে), অথবা পরীক্ষাটি খসড়া রাখুন।",
  "Publish those questions first (the exam's edit page links to them), or keep the exam a draft.",
);

/**
 * An exam's live window (both times or neither, the close after the start, room for the whole exam),
 * and its full marks: what its set's questions add up to, as the result page will count them. Full
 * marks count every question of the set, drafts too (that is the exam once they are published); so an
 * exam is not published (from a draft, scheduled or new) while some of its questions are not: its
 * students would get fewer questions than its full marks count; nor scheduled for a time by which some
 * will still not be (a draft, or a question scheduled later). A published exam stays editable.
 */
async function validateExam(v: Record<string, unknown>, id: number | null): Promise<FieldErrors> {
  const errors = liveWindowErrors(v);
  if (v.status === "published" && v.questionSetId) {
    const [before] = id ? await db.select({ status: s.examTitles.status }).from(s.examTitles).where(eq(s.examTitles.id, id)) : [];
    if (before?.status !== "published") {
      const { total, ids } = await unpublishedOfSet(Number(v.questionSetId));
      if (ids.length) {
        errors.status = what(
          `পরীক্ষাটি প্রকাশ করা হয়নি: ${toBanglaDigits(total)}টি প্রশ্নের ${toBanglaDigits(ids.length)}টি এখনো খসড়া বা নির্ধারিত, তাই শিক্ষার্থীরা পূর্ণমানের চেয়ে কম প্রশ্ন পেত।`,
          `The exam was not published: ${ids.length} of its ${total} questions are still drafts or scheduled, so students would get fewer questions than its full marks count.`,
        ) + ` ${PUBLISH_QUESTIONS_FIRST}`;
      }
    }
  }
  if (v.status === "scheduled" && v.publishAt instanceof Date && v.questionSetId) {
    // The sweep publishes questions before exams, so a question due at the exam's own time is in time.
    const [{ late }] = await db
      .select({ late: count() })
      .from(s.setQuestions)
      .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
      .where(
        and(
          eq(s.setQuestions.setId, Number(v.questionSetId)),
          or(eq(s.questions.status, "draft"), and(eq(s.questions.status, "scheduled"), gt(s.questions.publishAt, v.publishAt))),
        ),
      );
    if (late > 0) {
      errors.status = what(
        `পরীক্ষাটি নির্ধারণ করা হয়নি: এর ${toBanglaDigits(late)}টি প্রশ্ন এই সময়ের মধ্যে প্রকাশিত হবে না (খসড়া, বা পরের সময়ে নির্ধারিত)।`,
        `The exam was not scheduled: ${late} of its questions will not be published by then (drafts, or scheduled later).`,
      ) + ` ${PUBLISH_QUESTIONS_FIRST}`;
    }
  }
  if (v.questionSetId && v.fullMarks !== null && !errors.fullMarks) {
    const [{ total, questions }] = await db
      .select({ total: sql<string | null>`sum(${s.questions.marks})`, questions: count() })
      .from(s.setQuestions)
      .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
      .where(eq(s.setQuestions.setId, Number(v.questionSetId)));
    const sum = Number(total ?? 0);
    if (questions > 0 && Math.abs(sum - Number(v.fullMarks)) > 1e-9) {
      errors.fullMarks = what(
        `সেটের ${questions}টি প্রশ্নের নম্বরের যোগফল ${marksText(sum)}; পূর্ণমান তা-ই হতে হবে।`,
        `The set's ${questions} questions add up to ${marksText(sum)} marks: the full marks must be that.`,
      );
    }
  }
  return errors;
}

async function validateVideo(v: Record<string, unknown>): Promise<FieldErrors> {
  // Pages show a video only through its YouTube id: any other address would be saved and never shown.
  return v.url && !videoIdFrom(String(v.url)) ? { url: YOUTUBE_ONLY } : {};
}

async function validateExample(v: Record<string, unknown>): Promise<FieldErrors> {
  return v.videoUrl && !videoIdFrom(String(v.videoUrl)) ? { videoUrl: YOUTUBE_ONLY } : {};
}

async function validateInfoPage(v: Record<string, unknown>): Promise<FieldErrors> {
  // Each info page has its own route (/about/{slug}, /contact): a new slug would be a page nothing shows.
  return v.slug && !(INFO_PAGE_SLUGS as readonly string[]).includes(String(v.slug))
    ? {
        slug: what(
          `তথ্য পাতা নির্দিষ্ট কয়েকটি: ${INFO_PAGE_SLUGS.join(", ")}। এর একটি লিখুন।`,
          `Info pages are a fixed set: ${INFO_PAGE_SLUGS.join(", ")}. Use one of them.`,
        ),
      }
    : {};
}

async function validatePageMeta(v: Record<string, unknown>): Promise<FieldErrors> {
  // Meta is looked up by the exact path of the page shown: a path no page has is never read.
  return v.path && !isPublicPagePath(String(v.path))
    ? {
        path: what(
          `সাইটে এই পথের কোনো পাতা নেই। পাতার পথ লিখুন, যেমন ${PUBLIC_PATH_EXAMPLES} (ডোমেইন বা ?… ছাড়া)।`,
          `No page of the site has this path. Write a page's path, e.g. ${PUBLIC_PATH_EXAMPLES} (no domain, no ?…).`,
        ),
      }
    : {};
}

const setQuestionList = {
  async load(ids: number[], reader: Reader = db) {
    const rows = ids.length
      ? await reader.select({ setId: s.setQuestions.setId, questionId: s.setQuestions.questionId }).from(s.setQuestions).where(inArray(s.setQuestions.setId, ids)).orderBy(asc(s.setQuestions.sort), asc(s.setQuestions.questionId))
      : [];
    const map = new Map<number, Record<string, unknown>>(ids.map((id) => [id, { questionIds: [] as number[] }]));
    for (const r of rows) (map.get(r.setId)!.questionIds as number[]).push(r.questionId);
    return map;
  },
  async save(tx: Tx, id: number, values: Record<string, unknown>) {
    const ids = values.questionIds as number[];
    await tx.delete(s.setQuestions).where(eq(s.setQuestions.setId, id));
    if (ids.length) await tx.insert(s.setQuestions).values(ids.map((questionId, i) => ({ setId: id, questionId, sort: i + 1 })));
  },
};

async function validateQuestionList(v: Record<string, unknown>): Promise<FieldErrors> {
  const ids = v.questionIds as number[];
  if (!ids.length) return {};
  const found = new Set((await db.select({ id: s.questions.id }).from(s.questions).where(inArray(s.questions.id, ids))).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  return missing.length ? { questionIds: what(`এই আইডির প্রশ্ন নেই: ${missing.slice(0, 10).join(", ")}`, `No such question: ${missing.slice(0, 10).join(", ")}`) } : {};
}

/* ------------------------------------------------------------------ bindings */

const dep = (table: MySqlTable, column: MySqlColumn, bn: string, en: string, resource?: string, filter?: string): Dependent => ({
  table,
  column,
  what: what(bn, en),
  resource,
  filter,
});

const BINDINGS: Record<string, Binding> = {
  grades: {
    revision: "grade",
    table: s.grades,
    label: s.grades.name,
    dependents: [dep(s.categories, s.categories.gradeId, "অধ্যায়", "chapters", "chapters"), dep(s.questions, s.questions.gradeId, "প্রশ্ন", "questions", "questions")],
  },
  subjects: {
    revision: "subject",
    table: s.subjects,
    label: s.subjects.name,
    children: subjectGrades,
    dependents: [
      dep(s.categories, s.categories.subjectId, "অধ্যায়", "chapters", "chapters", "subjectId"),
      dep(s.questions, s.questions.subjectId, "প্রশ্ন", "questions", "questions", "subjectId"),
      dep(s.boardSubjects, s.boardSubjects.subjectId, "বোর্ড প্রশ্নের বিষয়", "board subjects", "board-subjects"),
    ],
  },
  chapters: {
    revision: "chapter",
    table: s.categories,
    label: s.categories.name,
    search: "categories",
    dependents: [
      dep(s.titles, s.titles.categoryId, "টপিক", "topics", "topics", "categoryId"),
      dep(s.questions, s.questions.chapterId, "প্রশ্ন", "questions", "questions", "chapterId"),
    ],
  },
  topics: { table: s.titles, label: s.titles.name, revision: "title", search: "titles" },
  "mcq-categories": {
    revision: "mcq_category",
    table: s.mcqCategories,
    label: s.mcqCategories.name,
    dependents: [
      dep(s.mcqCategories, s.mcqCategories.parentId, "উপ-ক্যাটাগরি", "sub-categories", "mcq-categories", "parentId"),
      dep(s.questionSets, s.questionSets.mcqCategoryId, "প্রশ্নসেট", "question sets", "question-sets", "mcqCategoryId"),
    ],
  },
  "question-sets": {
    revision: "question_set",
    table: s.questionSets,
    label: s.questionSets.name,
    children: setQuestionList,
    validate: validateQuestionList,
    dependents: [
      dep(s.examTitles, s.examTitles.questionSetId, "পরীক্ষা", "exams", "exams", "questionSetId"),
      dep(s.boardPapers, s.boardPapers.questionSetId, "বোর্ড প্রশ্নপত্র", "board papers", "board-papers"),
    ],
  },
  questions: {
    table: s.questions,
    label: s.questions.body,
    search: "questions",
    revision: "question",
    children: questionChildren,
    validate: validateQuestion,
    dependents: [
      dep(s.setQuestions, s.setQuestions.questionId, "প্রশ্নসেট", "question sets", "question-sets"),
      // Students' answers go with their question (a cascade): a trashed question could come back, they could not.
      dep(s.examAttemptAnswers, s.examAttemptAnswers.questionId, "শিক্ষার্থীদের উত্তর", "students' answers"),
    ],
  },
  "exam-title-groups": {
    revision: "exam_title_group",
    table: s.examTitleGroups,
    label: s.examTitleGroups.name,
    dependents: [dep(s.examGroups, s.examGroups.titleGroupId, "পরীক্ষার গ্রুপ", "exam groups", "exam-groups", "titleGroupId")],
  },
  "exam-groups": {
    revision: "exam_group",
    table: s.examGroups,
    label: s.examGroups.name,
    dependents: [dep(s.examGroupSubjects, s.examGroupSubjects.groupId, "গ্রুপের বিষয়", "group subjects", "exam-subjects", "groupId")],
  },
  "exam-subjects": {
    revision: "exam_subject",
    table: s.examGroupSubjects,
    label: s.examGroupSubjects.name,
    search: "exam_group_subjects",
    dependents: [dep(s.examTitles, s.examTitles.groupSubjectId, "পরীক্ষা", "exams", "exams", "groupSubjectId")],
  },
  exams: {
    revision: "exam",
    table: s.examTitles,
    label: s.examTitles.name,
    search: "exam_titles",
    validate: validateExam,
    beforeUpdate: forgetMovedMerit,
    // Students' attempts and results belong to the exam: it is not deleted under them.
    dependents: [dep(s.examAttempts, s.examAttempts.examId, "শিক্ষার্থীদের পরীক্ষা", "students' attempts")],
  },
  "board-subjects": {
    revision: "board_subject",
    table: s.boardSubjects,
    label: s.boardSubjects.name,
    search: "board_subjects",
    dependents: [dep(s.boardPapers, s.boardPapers.boardSubjectId, "বোর্ড প্রশ্নপত্র", "board papers", "board-papers", "boardSubjectId")],
  },
  boards: {
    revision: "board",
    table: s.boards,
    label: s.boards.name,
    dependents: [dep(s.boardPapers, s.boardPapers.boardId, "বোর্ড প্রশ্নপত্র", "board papers", "board-papers", "boardId")],
  },
  "board-papers": { revision: "board_paper", table: s.boardPapers, label: s.boardPapers.title, search: "board_papers" },
  examples: { revision: "example", table: s.examples, label: s.examples.question, validate: validateExample },
  videos: { revision: "video", table: s.videos, label: s.videos.url, search: "videos", validate: validateVideo },
  "live-classes": { revision: "live_class", table: s.liveClasses, label: s.liveClasses.title },
  "info-pages": { table: s.infoPages, label: s.infoPages.slug, revision: "info_page", assetBase: INFO_PAGE_ASSET_BASE, validate: validateInfoPage },
  footer: { revision: "footer", table: s.footerSettings, label: s.footerSettings.contactEmail },
  "footer-tweets": { revision: "footer_tweet", table: s.footerTweets, label: s.footerTweets.text },
  "footer-updates": { revision: "footer_update", table: s.footerUpdates, label: s.footerUpdates.text },
  "page-meta": { revision: "page_meta", table: s.pageMeta, label: s.pageMeta.path, validate: validatePageMeta },
};

for (const r of RESOURCES) if (!BINDINGS[r.key]) throw new Error(`admin resource ${r.key} has no table binding`);

const col = (b: Binding, name: string) => (b.table as unknown as Record<string, MySqlColumn>)[name];
const CHILD_KINDS = new Set<FieldDef["kind"]>(["refs", "options", "parts", "sources", "questionList"]);
const columnFields = (def: ResourceDef) => def.fields.filter((f) => !CHILD_KINDS.has(f.kind));

/* ------------------------------------------------------------------ choices for ref fields */

/**
 * The choices of a ref field, as {value, label}; chapters are named with their subject and grade.
 * Kept until a staff save: the topic list labelled its 50 rows from 2,000 chapters read on every view.
 */
const refChoices = keptPerKeyUntilContentChange(loadRefChoices);

async function loadRefChoices(key: string): Promise<Option[]> {
  if (key === "chapters") {
    const rows = await db
      .select({ id: s.categories.id, name: s.categories.name, subject: s.subjects.name, grade: s.grades.name })
      .from(s.categories)
      .innerJoin(s.subjects, eq(s.subjects.id, s.categories.subjectId))
      .leftJoin(s.grades, eq(s.grades.id, s.categories.gradeId))
      .orderBy(asc(s.subjects.sort), asc(s.subjects.id), asc(s.categories.sort), asc(s.categories.id));
    return rows.map((r) => ({ value: String(r.id), label: `${r.subject}${r.grade ? ` (${r.grade})` : ""} › ${r.name}` }));
  }
  if (key === "exam-subjects") {
    const rows = await db
      .select({ id: s.examGroupSubjects.id, name: s.examGroupSubjects.name, group: s.examGroups.name })
      .from(s.examGroupSubjects)
      .innerJoin(s.examGroups, eq(s.examGroups.id, s.examGroupSubjects.groupId))
      .orderBy(asc(s.examGroups.sort), asc(s.examGroups.id), asc(s.examGroupSubjects.sort), asc(s.examGroupSubjects.id));
    return rows.map((r) => ({ value: String(r.id), label: `${r.group} › ${r.name}` }));
  }
  const b = BINDINGS[key];
  const sortCol = col(b, "sort");
  const rows = await db
    .select({ id: b.table.id, label: b.label })
    .from(b.table)
    .orderBy(...(sortCol ? [asc(sortCol)] : []), asc(b.table.id))
    .limit(5000);
  return rows.map((r) => ({ value: String(r.id), label: String(r.label ?? `#${r.id}`) }));
}

/** Choices for every ref field of a resource, loaded in parallel. */
export async function choicesFor(def: ResourceDef): Promise<Record<string, Option[]>> {
  const refs = [...new Set(def.fields.flatMap((f) => (f.kind === "ref" || f.kind === "refs" ? [f.ref] : [])))];
  const lists = await Promise.all(refs.map(refChoices));
  return Object.fromEntries(refs.map((r, i) => [r, lists[i]]));
}

/* ------------------------------------------------------------------ list */

export type ListQuery = {
  q: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  /** The resource's own filters (lib/admin/resources.ts `filters`): an id for a ref, a value for a select. */
  filters: Record<string, number | string>;
  /** The question list's bank filters (type, difficulty, board and year, explanation). */
  bank: Pick<BankFilter, "type" | "difficulty" | "board" | "year" | "explained"> | null;
};

/** What a list's URL says: each value that does not fit is left out (the list shows everything), never an error. */
export function readListQuery(def: ResourceDef, url: URL): ListQuery {
  const p = url.searchParams;
  const sortable = ["id", "updatedAt", ...def.sorts];
  const fallbackSort = def.sorts.includes("sort") ? "sort" : "id";
  const Query = z.object({
    q: z.string().optional().transform((v) => (v ?? "").trim().slice(0, 100)),
    sort: z.string().optional().transform((v) => (v && sortable.includes(v) ? v : fallbackSort)),
    dir: z.enum(["asc", "desc"]).optional().catch(undefined),
    page: pageNumber.transform((n) => Math.min(100_000, n)),
  });
  const { q, sort, dir, page } = readQuery(Query, p);
  const filters: Record<string, number | string> = {};
  for (const name of def.filters ?? []) {
    const f = def.fields.find((x) => x.name === name);
    const value = p.get(name) ?? "";
    if (f?.kind === "select") {
      if (f.options.some((o) => o.value === value)) filters[name] = value;
    } else {
      const id = idText.safeParse(value).data;
      if (id) filters[name] = id;
    }
  }
  const bankFilter = def.key === "questions" ? readBankFilter(p) : null;
  const bank = bankFilter ? { type: bankFilter.type, difficulty: bankFilter.difficulty, board: bankFilter.board, year: bankFilter.year, explained: bankFilter.explained } : null;
  return { q, sort, dir: dir ?? (sort === "updatedAt" ? "desc" : "asc"), page, filters, bank };
}

/** The list's conditions: the search box (text, or an id: "#5" is row 5 alone), its filters. */
function listConditions(def: ResourceDef, query: ListQuery): SQL[] {
  const b = BINDINGS[def.key];
  const where: SQL[] = [];
  if (query.q) {
    const byId = idSearch(query.q);
    if (byId?.only) where.push(eq(b.table.id, byId.id));
    else {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const conds = def.search.map((f) => like(col(b, f), pattern));
      if (byId) conds.push(eq(b.table.id, byId.id));
      if (conds.length) where.push(or(...conds)!);
    }
  }
  for (const [f, v] of Object.entries(query.filters)) where.push(eq(col(b, f), v));
  if (query.bank) where.push(...bankConditions(query.bank));
  return where;
}

export async function listRows(def: ResourceDef, query: ListQuery) {
  const b = BINDINGS[def.key];
  const where = listConditions(def, query);
  const cond = where.length ? and(...where) : undefined;
  const order = query.dir === "desc" ? desc : asc;
  const select: Record<string, MySqlColumn> = { id: b.table.id, updatedAt: b.table.updatedAt };
  for (const f of def.list) select[f] = col(b, f);
  // A scheduled row's list cell says when it goes live.
  if (def.list.includes("status") && col(b, "publishAt")) select.publishAt = col(b, "publishAt");
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(select)
      .from(b.table)
      .where(cond)
      .orderBy(order(col(b, query.sort) ?? b.table.id), order(b.table.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    cond ? db.select({ total: count() }).from(b.table).where(cond) : tableCount(def.key).then((total) => [{ total }]),
  ]);
  return { rows: rows as Record<string, unknown>[], total: Number(total) };
}

/**
 * A resource's row count, kept until a staff save (every create, edit, delete and import moves the
 * content version): counting 50,000 topics on every view of the unfiltered list was most of its time.
 */
const tableCount = keptPerKeyUntilContentChange(async (key: ResourceDef["key"]) => {
  const [{ n }] = await db.select({ n: count() }).from(BINDINGS[key].table);
  return Number(n);
});

/* ------------------------------------------------------------------ one row */

/**
 * A row's editable values (fields and children) and its version; null when there is no such row.
 * `reader`: a save's transaction when it reads the row it is saving.
 */
export async function getRow(def: ResourceDef, id: number, reader: Reader = db): Promise<Row | null> {
  const b = BINDINGS[def.key];
  const select: Record<string, MySqlColumn> = { id: b.table.id, version: b.table.version, updatedAt: b.table.updatedAt, updatedBy: b.table.updatedBy };
  for (const f of columnFields(def)) select[f.name] = col(b, f.name);
  const [[row], children] = await Promise.all([
    reader.select(select).from(b.table).where(eq(b.table.id, id)).limit(1),
    b.children ? b.children.load([id], reader) : Promise.resolve(null),
  ]);
  if (!row) return null;
  return { ...(row as Row), ...(children?.get(id) ?? {}) };
}

/** Who saved a row last, by name. */
export async function staffName(id: number | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [r] = await db.select({ name: s.staffUsers.name }).from(s.staffUsers).where(eq(s.staffUsers.id, id));
  return r?.name ?? null;
}

/* ------------------------------------------------------------------ saving */

export type Saved = { status: "saved"; id: number; version: number };
export type Conflict = { status: "conflict"; current: Row; by: string | null };
export type Invalid = { status: "invalid"; errors: FieldErrors };
export type SaveOutcome = Saved | Conflict | Invalid | { status: "not-found" };

/** The columns a save writes: the fields, their rendered HTML, and who saved. */
function columnValues(def: ResourceDef, b: Binding, values: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  let rendered = false;
  for (const f of columnFields(def)) {
    set[f.name] = values[f.name] ?? (f.kind === "bool" ? false : null);
    if (f.kind === "html") {
      set[`${f.name}Html`] = renderedOrNull(values[f.name] as string | null, b.assetBase ?? CONTENT_ASSET_BASE);
      rendered = true;
    }
  }
  // Non-null text columns with a default take it when left blank.
  for (const f of columnFields(def)) {
    const c = col(b, f.name);
    if (set[f.name] === null && c.notNull) set[f.name] = c.hasDefault ? (c.default as unknown) ?? "" : "";
  }
  if (def.key === "questions" && set.bodyHtml === null) set.bodyHtml = "";
  if (rendered && col(b, "renderVersion")) set.renderVersion = RENDER_VERSION;
  return set;
}

const TEXT_BYTES: Record<string, number> = { tinytext: 255, text: 65_535, mediumtext: 16_777_215, longtext: 4_294_967_295 };

/**
 * Values the columns cannot hold: a TEXT column holds 65,535 bytes (a Bangla letter takes 3), and
 * typeset math is many times longer than its source. Keyed by the field the staff member typed in.
 */
function sizeErrors(b: Binding, set: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(set)) {
    if (typeof value !== "string") continue;
    const c = col(b, name) as MySqlColumn & { textType?: string; length?: number };
    const limit = c?.textType ? TEXT_BYTES[c.textType] : null;
    const field = name.endsWith("Html") ? name.slice(0, -4) : name;
    if (limit && Buffer.byteLength(value) > limit) {
      errors[field] = name.endsWith("Html")
        ? what("গণিতসহ সাজানোর পর লেখাটি অনেক বড় হয়ে যায়; ভাগ করে লিখুন।", "Once typeset, this is too long to store; split it up.")
        : what("লেখাটি অনেক বড়।", "The text is too long.");
    } else if (c?.length && [...value].length > c.length) {
      errors[field] = what(`সর্বোচ্চ ${c.length} অক্ষর।`, `At most ${c.length} characters.`);
    }
  }
  return errors;
}

/** The state a save replaces, as a revision snapshot: the fields and the children. */
function snapshotOf(def: ResourceDef, row: Row) {
  const snap: Record<string, unknown> = {};
  for (const f of def.fields) snap[f.name] = row[f.name] ?? null;
  return snap;
}

const duplicateKey = (e: unknown) => (e as { errno?: number; cause?: { errno?: number } })?.errno === 1062 || (e as { cause?: { errno?: number } })?.cause?.errno === 1062;

function uniqueError(def: ResourceDef): FieldErrors {
  const field = def.fields.find((f) => f.kind === "slug" || f.name === "path")?.name ?? def.fields[0].name;
  return { [field]: what("এই মানটি আগে থেকেই আছে; অন্য একটি দিন।", "This value is already used; choose another.") };
}

const STATE_WORDS: Record<string, string> = { published: "প্রকাশিত (published)", draft: "খসড়া (draft)", scheduled: "নির্ধারিত (scheduled)" };

/**
 * A publishable row's state as it is saved: Scheduled needs its time; a time already past is due, so
 * the row is published now (the sweeper would within seconds); any other state keeps no time.
 * Rows without a state (other resources) pass unchanged.
 */
function withPublication(def: ResourceDef, values: Record<string, unknown>, now = new Date()): { values: Record<string, unknown>; errors: FieldErrors } {
  if (!def.fields.some((f) => f.name === "status")) return { values, errors: {} };
  const status = (values.status as string | null) ?? "published";
  const at = values.publishAt instanceof Date ? values.publishAt : null;
  if (status !== "scheduled") return { values: { ...values, status, publishAt: null }, errors: {} };
  if (!at) return { values, errors: { publishAt: what("কখন প্রকাশিত হবে, সেই সময় দিন।", "Give the time it goes live.") } };
  return { values: { ...values, status: at <= now ? "published" : "scheduled" }, errors: {} };
}

/** The audit's note of a state: "[খসড়া (draft)]", with the time when scheduled; nothing for published rows that stay so. */
function stateNote(values: Record<string, unknown>, before: string | null) {
  const status = values.status as string | undefined;
  if (!status || (status === "published" && (before === null || before === "published"))) return "";
  const when = status === "scheduled" && values.publishAt instanceof Date ? ` ${dateToDhakaInput(values.publishAt).replace("T", " ")} (Asia/Dhaka)` : "";
  return ` [${before && before !== status ? `${STATE_WORDS[before] ?? before} → ` : ""}${STATE_WORDS[status] ?? status}${when}]`;
}

/** Creates a row (a singleton's row gets its fixed id 1). */
export async function createRow(def: ResourceDef, posted: Record<string, unknown>, staffId: number): Promise<SaveOutcome> {
  const b = BINDINGS[def.key];
  const { values, errors: stateErrors } = withPublication(def, posted);
  const set = columnValues(def, b, values);
  const errors = { ...(b.validate ? await b.validate(values, null) : {}), ...sizeErrors(b, set), ...stateErrors };
  if (Object.keys(errors).length) return { status: "invalid", errors };
  try {
    return await db.transaction(async (tx) => {
      const [res] = await tx.insert(b.table).values({ ...(def.singleton ? { id: 1 } : {}), ...set, updatedBy: staffId } as never);
      const id = Number((res as { insertId: number }).insertId);
      if (b.children) await b.children.save(tx, id, values);
      if (b.search) await reindex(b.search, [id], tx as unknown as Executor);
      await recordAudit(tx, { staffId, action: "create", entity: def.key, entityId: id, summary: `${summaryOf(values)}${stateNote(values, null)}` });
      await bumpContentVersion(tx);
      return { status: "saved", id, version: 1 } as const;
    });
  } catch (e) {
    if (duplicateKey(e)) return { status: "invalid", errors: uniqueError(def) };
    throw e;
  }
}

/** What names a row in one line of text (audit summaries, the delete page): its name, title, slug… */
export const rowName = (values: Record<string, unknown>, max = 200) =>
  plainText(values.name ?? values.title ?? values.slug ?? values.path ?? values.body ?? values.text ?? values.url ?? values.question ?? "", max);
const summaryOf = (values: Record<string, unknown>) => rowName(values);

/**
 * Saves a row if it is still at the version the editor loaded. A stale version changes nothing and
 * returns what is stored now (and who saved it), so the editor can see what the other person changed.
 */
export async function updateRow(
  def: ResourceDef,
  id: number,
  version: number,
  posted: Record<string, unknown>,
  staffId: number,
  action: "update" | "restore" = "update",
): Promise<SaveOutcome> {
  const b = BINDINGS[def.key];
  const { values, errors: stateErrors } = withPublication(def, posted);
  const set = columnValues(def, b, values);
  const errors = { ...(b.validate ? await b.validate(values, id) : {}), ...sizeErrors(b, set), ...stateErrors };
  if (Object.keys(errors).length) return { status: "invalid", errors };
  try {
    const outcome = await db.transaction(async (tx) => {
      const statusCol = col(b, "status");
      const [locked] = (await tx
        .select({ version: b.table.version, ...(statusCol ? { status: statusCol } : {}) })
        .from(b.table)
        .where(eq(b.table.id, id))
        .for("update")) as { version: number; status?: string }[];
      if (!locked) return { status: "not-found" } as const;
      if (locked.version !== version) return { status: "stale" } as const;
      if (b.revision) {
        // Read on the transaction's own connection: the row is locked, so this is the committed state
        // the save replaces. A read on a second pool connection held this one meanwhile: as many
        // saves at once as the pool has connections each waited for another, and all of them failed.
        const before = await getRow(def, id, tx);
        if (before) await keepRevision(tx, { entity: b.revision, entityId: id, version: locked.version, snapshot: snapshotOf(def, before), staffId: (before.updatedBy as number | null) ?? null });
      }
      if (b.beforeUpdate) await b.beforeUpdate(tx, id, set as Record<string, unknown>);
      await tx
        .update(b.table)
        .set({ ...set, version: locked.version + 1, updatedBy: staffId } as never)
        .where(eq(b.table.id, id));
      if (b.children) await b.children.save(tx, id, values);
      if (b.search) await reindex(b.search, [id], tx as unknown as Executor);
      await recordAudit(tx, { staffId, action, entity: def.key, entityId: id, summary: `${summaryOf(values)} (v${locked.version + 1})${stateNote(values, locked.status ?? null)}` });
      await bumpContentVersion(tx);
      return { status: "saved", id, version: locked.version + 1 } as const;
    });
    if (outcome.status !== "stale") return outcome;
  } catch (e) {
    if (duplicateKey(e)) return { status: "invalid", errors: uniqueError(def) };
    throw e;
  }
  const current = await getRow(def, id);
  if (!current) return { status: "not-found" };
  return { status: "conflict", current, by: await staffName(current.updatedBy as number | null) };
}

/* ------------------------------------------------------------------ deleting */

export type Blocker = { what: string; count: number; resource?: string; filter?: string };

/** What refers to a row and would be orphaned by deleting it (an empty list: it may go). */
export async function blockersOf(def: ResourceDef, id: number): Promise<Blocker[]> {
  const b = BINDINGS[def.key];
  const deps = b.dependents ?? [];
  const counts = await Promise.all(deps.map((d) => db.select({ n: count() }).from(d.table).where(eq(d.column, id))));
  return deps.flatMap((d, i) => {
    const n = Number(counts[i][0].n);
    return n ? [{ what: d.what, count: n, resource: d.resource, filter: d.filter }] : [];
  });
}

/** How long a deleted row stays in the trash, restorable, before it is purged. */
export const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 3600 * 1000;

/** Rows edited with a row and removed with it (by cascade): kept in its trash entry to come back with it. */
const TRASH_CHILDREN: Record<string, { table: MySqlTable; column: MySqlColumn }[]> = {
  subjects: [{ table: s.subjectGrades, column: s.subjectGrades.subjectId }],
  questions: [
    { table: s.questionOptions, column: s.questionOptions.questionId },
    { table: s.questionParts, column: s.questionParts.questionId },
    { table: s.questionSources, column: s.questionSources.questionId },
  ],
  "question-sets": [{ table: s.setQuestions, column: s.setQuestions.setId }],
};

type TrashSnapshot = { row: Record<string, unknown>; children: Record<string, unknown>[][] };

/** Rows older than the trash keeps are purged: on every delete and every view of the trash. */
async function purgeTrash(executor: Reader) {
  await executor.delete(s.trashItems).where(sql`${s.trashItems.deletedAt} < ${new Date(Date.now() - TRASH_MS)}`);
}

/**
 * Moves rows to the trash in the caller's transaction: each row (and what is edited with it) is
 * kept whole in trash_items and taken out of its table, so no public page, list or search can show
 * it, whatever query reads that table. Blockers are the caller's to check first.
 */
export async function trashRowsIn(tx: Tx, def: ResourceDef, ids: number[], staffId: number): Promise<number> {
  const b = BINDINGS[def.key];
  if (!ids.length) return 0;
  const rows = (await tx.select().from(b.table).where(inArray(b.table.id, ids)).for("update")) as Record<string, unknown>[];
  if (!rows.length) return 0;
  const found = rows.map((r) => Number(r.id));
  const kids = await Promise.all((TRASH_CHILDREN[def.key] ?? []).map((c) => tx.select().from(c.table).where(inArray(c.column, found))));
  const now = new Date();
  const childColumn = (TRASH_CHILDREN[def.key] ?? []).map((c) => c.column.name);
  for (const row of rows) {
    const id = Number(row.id);
    // The last state is kept as a revision too, so even a purged topic, page or question can be read back.
    if (b.revision) {
      const full = await getRow(def, id, tx);
      if (full) await keepRevision(tx, { entity: b.revision, entityId: id, version: full.version, snapshot: snapshotOf(def, full), staffId: (full.updatedBy as number | null) ?? null });
    }
    const snapshot: TrashSnapshot = {
      row,
      children: kids.map((list, i) => (list as Record<string, unknown>[]).filter((k) => Number(k[camel(childColumn[i])]) === id)),
    };
    await tx.insert(s.trashItems).values({ entity: def.key, entityId: id, name: rowName(row, 250) || `#${id}`, snapshot, deletedAt: now, deletedBy: staffId });
  }
  await tx.delete(b.table).where(inArray(b.table.id, found));
  // A missing row's search entry is removed.
  if (b.search) await reindex(b.search, found, tx as unknown as Executor);
  await tx.insert(s.auditLog).values(rows.map((r) => ({ staffId, action: "trash", entity: def.key, entityId: String(r.id), summary: rowName(r, 200) })));
  return found.length;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export async function deleteRow(def: ResourceDef, id: number, staffId: number): Promise<"deleted" | "not-found" | Blocker[]> {
  const blockers = await blockersOf(def, id);
  if (blockers.length) return blockers;
  try {
    const n = await db.transaction(async (tx) => {
      const moved = await trashRowsIn(tx, def, [id], staffId);
      if (moved) await bumpContentVersion(tx);
      return moved;
    });
    if (!n) return "not-found";
    await purgeTrash(db);
  } catch (e) {
    // Something refers to the row that the list above does not know of (a foreign key says no).
    const errno = (e as { errno?: number; cause?: { errno?: number } }).errno ?? (e as { cause?: { errno?: number } }).cause?.errno;
    if (errno === 1451) return [{ what: what("অন্য কনটেন্ট", "other content"), count: 1 }];
    throw e;
  }
  return "deleted";
}

/* ------------------------------------------------------------------ bulk actions */

/** The most rows one bulk action takes ("all matching" past it is refused, never cut short unseen). */
export const BULK_MAX = 5000;

/** The choices of one ref (the bulk actions' target chapter or set). */
export const refChoicesOf = (key: string) => refChoices(key);

/** The ids of the rows a list's filter matches (up to `limit`), and how many match in all. */
export async function matchingIds(def: ResourceDef, query: ListQuery, limit = BULK_MAX): Promise<{ ids: number[]; total: number }> {
  const b = BINDINGS[def.key];
  const where = listConditions(def, query);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select({ id: b.table.id }).from(b.table).where(cond).orderBy(asc(b.table.id)).limit(limit),
    db.select({ n: count() }).from(b.table).where(cond),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(n) };
}

/** Of the given ids, those that are rows of this resource, with what names each. */
export async function namesOf(def: ResourceDef, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  const b = BINDINGS[def.key];
  const rows = await db.select({ id: b.table.id, label: b.label }).from(b.table).where(inArray(b.table.id, ids)).orderBy(asc(b.table.id));
  return rows.map((r) => ({ id: Number(r.id), name: plainText(r.label, 120) || `#${r.id}` }));
}

/** Which of `ids` other content refers to (by dependent), so a bulk delete can say what stops it. */
export async function bulkBlockers(def: ResourceDef, ids: number[]): Promise<{ what: string; ids: number[] }[]> {
  const deps = BINDINGS[def.key].dependents ?? [];
  if (!ids.length) return [];
  const found = await Promise.all(deps.map((d) => db.selectDistinct({ id: d.column }).from(d.table).where(inArray(d.column, ids)).limit(BULK_MAX)));
  return deps.flatMap((d, i) => (found[i].length ? [{ what: d.what, ids: found[i].map((r) => Number(r.id)) }] : []));
}

/** A refusal may name the rows that hold it up, each with a link to its edit screen. */
export type BulkOutcome = { status: "done"; count: number } | { status: "refused"; message: string; blockers?: { href: string; label: string }[] };

/** Moves questions or topics to a chapter: one transaction, each row's version moved and audited. */
export async function bulkMove(def: ResourceDef, ids: number[], chapterId: number, staffId: number): Promise<BulkOutcome> {
  const [chapter] = await db.select({ id: s.categories.id, subjectId: s.categories.subjectId, gradeId: s.categories.gradeId, name: s.categories.name }).from(s.categories).where(eq(s.categories.id, chapterId));
  if (!chapter) return { status: "refused", message: what("এই অধ্যায়টি আর নেই।", "That chapter no longer exists.") };
  const b = BINDINGS[def.key];
  const set =
    def.key === "questions"
      ? { chapterId: chapter.id, subjectId: chapter.subjectId, gradeId: chapter.gradeId }
      : def.key === "topics"
        ? { categoryId: chapter.id }
        : null;
  if (!set) return { status: "refused", message: what("এটি অধ্যায়ে সরানো যায় না।", "These cannot be moved to a chapter.") };
  const count = await db.transaction(async (tx) => {
    const rows = await tx.select({ id: b.table.id }).from(b.table).where(inArray(b.table.id, ids)).for("update");
    const found = rows.map((r) => Number(r.id));
    if (!found.length) return 0;
    await tx
      .update(b.table)
      .set({ ...set, version: sql`${b.table.version} + 1`, updatedBy: staffId } as never)
      .where(inArray(b.table.id, found));
    if (b.search) await reindex(b.search, found, tx as unknown as Executor);
    const summary = plainText(`→ ${chapter.name}`, 200);
    await tx.insert(s.auditLog).values(found.map((id) => ({ staffId, action: "move", entity: def.key, entityId: String(id), summary })));
    await bumpContentVersion(tx);
    return found.length;
  });
  return { status: "done", count };
}

/** Adds questions to the end of a set (those already in it stay where they are): one save of the set. */
export async function bulkAddToSet(ids: number[], setId: number, staffId: number): Promise<BulkOutcome> {
  return db.transaction(async (tx) => {
    const [set] = await tx.select({ id: s.questionSets.id, name: s.questionSets.name, version: s.questionSets.version }).from(s.questionSets).where(eq(s.questionSets.id, setId)).for("update");
    if (!set) return { status: "refused", message: what("এই প্রশ্নসেটটি নেই।", "That question set does not exist.") } as const;
    const have = await tx.select({ id: s.setQuestions.questionId, sort: s.setQuestions.sort }).from(s.setQuestions).where(eq(s.setQuestions.setId, setId));
    const present = new Set(have.map((r) => r.id));
    const existing = new Set((await tx.select({ id: s.questions.id }).from(s.questions).where(inArray(s.questions.id, ids))).map((r) => r.id));
    const added = ids.filter((id) => existing.has(id) && !present.has(id));
    let sort = have.reduce((m, r) => Math.max(m, r.sort), 0);
    if (added.length) {
      await tx.insert(s.setQuestions).values(added.map((questionId) => ({ setId, questionId, sort: ++sort })));
      await tx.update(s.questionSets).set({ version: set.version + 1, updatedBy: staffId }).where(eq(s.questionSets.id, setId));
      await recordAudit(tx, { staffId, action: "update", entity: "question-sets", entityId: setId, summary: `${plainText(set.name, 150)}: +${added.length} (v${set.version + 1})` });
      await bumpContentVersion(tx);
    }
    return { status: "done", count: added.length } as const;
  });
}

/**
 * Publishes rows, or takes them back to draft, in one transaction: only rows in another state change
 * (a scheduled time is dropped), each with a new version (an editor who has it open is told), audited
 * with its old and new state; search takes published rows in and drafts out; the content version
 * moves once, so every page shows the change at once.
 */
export async function bulkPublication(def: ResourceDef, ids: number[], state: "published" | "draft", staffId: number): Promise<BulkOutcome> {
  if (!(PUBLISHABLE as readonly string[]).includes(def.key)) return { status: "refused", message: what("এগুলোর প্রকাশের অবস্থা নেই।", "These have no publication state.") };
  if (def.key === "exams" && state === "published") {
    // As on an exam's own form: all or none, saying which exams wait for which number of questions.
    const waiting = await examsWithUnpublishedQuestions(ids);
    if (waiting.length) {
      return {
        status: "refused",
        message:
          what(
            `${toBanglaDigits(waiting.length)}টি পরীক্ষার কিছু প্রশ্ন এখনো খসড়া বা নির্ধারিত, তাই কিছুই প্রকাশ করা হয়নি।`,
            `${waiting.length} of these exams still have draft or scheduled questions (drafts/questions below), so nothing was published.`,
          ) + ` ${PUBLISH_QUESTIONS_FIRST}`,
        // Each exam's edit screen says which questions and links to publishing them.
        blockers: waiting.map((e) => ({ href: `/gradmin/content/exams/${e.id}`, label: `#${e.id} ${plainText(e.name, 60)}: ${e.drafts}/${e.total}` })),
      };
    }
  }
  const b = BINDINGS[def.key];
  const table = b.table as typeof b.table & { status: MySqlColumn; publishAt: MySqlColumn };
  const count = await db.transaction(async (tx) => {
    const rows = await tx.select({ id: table.id, status: table.status }).from(table).where(and(inArray(table.id, ids), ne(table.status, state))).for("update");
    const changed = rows.map((r) => Number(r.id));
    if (!changed.length) return 0;
    await tx
      .update(table)
      .set({ status: state, publishAt: null, version: sql`${table.version} + 1`, updatedBy: staffId } as never)
      .where(inArray(table.id, changed));
    // The version moves once, below.
    if (b.search) await reindex(b.search, changed, tx as unknown as Executor, { bump: false });
    const action = state === "published" ? "publish" : "unpublish";
    await tx.insert(s.auditLog).values(rows.map((r) => ({ staffId, action, entity: def.key, entityId: String(r.id), summary: `${String(r.status)} → ${state}` })));
    await bumpContentVersion(tx);
    return changed.length;
  });
  return { status: "done", count };
}

/** Of these exams, those not yet published whose set holds questions that are not published either. One query. */
async function examsWithUnpublishedQuestions(ids: number[]): Promise<{ id: number; name: string; drafts: number; total: number }[]> {
  if (!ids.length) return [];
  const unpublished = sql<string>`sum(${s.questions.status} <> 'published')`;
  const rows = await db
    .select({ id: s.examTitles.id, name: s.examTitles.name, total: count(), drafts: unpublished })
    .from(s.examTitles)
    .innerJoin(s.setQuestions, eq(s.setQuestions.setId, s.examTitles.questionSetId))
    .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
    .where(and(inArray(s.examTitles.id, ids), ne(s.examTitles.status, "published")))
    .groupBy(s.examTitles.id, s.examTitles.name)
    .having(sql`${unpublished} > 0`)
    .orderBy(asc(s.examTitles.id));
  return rows.map((r) => ({ id: r.id, name: r.name, drafts: Number(r.drafts), total: Number(r.total) }));
}

/** Moves rows to the trash, all or none: refused (saying what refers to which) when any is still used. */
export async function bulkTrash(def: ResourceDef, ids: number[], staffId: number): Promise<BulkOutcome> {
  const blocked = await bulkBlockers(def, ids);
  if (blocked.length) {
    const list = blocked.map((b) => `${b.what}: #${b.ids.slice(0, 10).join(", #")}${b.ids.length > 10 ? "…" : ""}`).join("; ");
    return { status: "refused", message: what(`কিছু সারি অন্য কনটেন্টে ব্যবহৃত, তাই কিছুই মোছা হয়নি। ${list}`, `Some rows are used by other content, so nothing was deleted. ${list}`) };
  }
  const count = await db.transaction(async (tx) => {
    const n = await trashRowsIn(tx, def, ids, staffId);
    if (n) await bumpContentVersion(tx);
    return n;
  });
  await purgeTrash(db);
  return { status: "done", count };
}

/* ------------------------------------------------------------------ trash */

export type TrashItem = { id: number; entity: string; entityId: number; name: string; deletedAt: Date; deletedBy: string | null; purgeAt: Date };

/** What the trash holds (newest first), optionally of one resource; what is past its days is purged first. */
export async function listTrash(keys: readonly string[], page = 1): Promise<{ items: TrashItem[]; total: number }> {
  await purgeTrash(db);
  if (!keys.length) return { items: [], total: 0 };
  const cond = inArray(s.trashItems.entity, [...keys]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: s.trashItems.id, entity: s.trashItems.entity, entityId: s.trashItems.entityId, name: s.trashItems.name, deletedAt: s.trashItems.deletedAt, deletedBy: s.staffUsers.name })
      .from(s.trashItems)
      .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.trashItems.deletedBy))
      .where(cond)
      .orderBy(desc(s.trashItems.deletedAt), desc(s.trashItems.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(s.trashItems).where(cond),
  ]);
  return { items: rows.map((r) => ({ ...r, purgeAt: new Date(r.deletedAt.getTime() + TRASH_MS) })), total: Number(n) };
}

/** A stored value back into what its column takes (JSON kept dates as text). */
function revive(table: MySqlTable, values: Record<string, unknown>) {
  const columns = (table as unknown as Record<string, MySqlColumn>) ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const c = columns[k];
    if (!c) continue;
    out[k] = typeof v === "string" && (c.columnType === "MySqlDateTime" || c.columnType === "MySqlTimestamp") ? new Date(v) : v;
  }
  return out;
}

export type RestoreOutcome =
  | { status: "restored"; resource: string; id: number }
  | { status: "not-found" }
  | { status: "refused"; message: string };

/**
 * Puts a trashed row back with its id and what was edited with it, in one transaction. Refused
 * (nothing changes) when what it belongs to is gone meanwhile (its chapter, subject, ...) or when
 * its id or a unique value (a slug) has been taken since.
 */
export async function restoreFromTrash(trashId: number, keys: readonly string[], staffId: number): Promise<RestoreOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [item] = await tx.select().from(s.trashItems).where(eq(s.trashItems.id, trashId)).for("update");
      if (!item || !keys.includes(item.entity) || !BINDINGS[item.entity]) return { status: "not-found" } as const;
      const b = BINDINGS[item.entity];
      const snap = (typeof item.snapshot === "string" ? JSON.parse(item.snapshot) : item.snapshot) as TrashSnapshot;
      await tx.insert(b.table).values({ ...revive(b.table, snap.row), version: Number(snap.row.version ?? 1) + 1, updatedBy: staffId } as never);
      for (const [i, c] of (TRASH_CHILDREN[item.entity] ?? []).entries()) {
        const list = snap.children[i] ?? [];
        // A set's questions that have left the bank since do not come back with it.
        const rows = item.entity === "question-sets" ? await keepExisting(tx, list) : list;
        if (rows.length) await tx.insert(c.table).values(rows.map((r) => revive(c.table, r)) as never);
      }
      await tx.delete(s.trashItems).where(eq(s.trashItems.id, trashId));
      if (b.search) await reindex(b.search, [item.entityId], tx as unknown as Executor);
      await recordAudit(tx, { staffId, action: "untrash", entity: item.entity, entityId: item.entityId, summary: item.name });
      await bumpContentVersion(tx);
      return { status: "restored", resource: item.entity, id: item.entityId } as const;
    });
  } catch (e) {
    const errno = (e as { errno?: number; cause?: { errno?: number } }).errno ?? (e as { cause?: { errno?: number } }).cause?.errno;
    if (errno === 1452)
      return {
        status: "refused",
        message: what(
          "এটি যার অধীনে ছিল (অধ্যায়, বিষয়, ক্যাটাগরি…) সেটি আর নেই; আগে সেটি ফিরিয়ে আনুন।",
          "What it belonged to (its chapter, subject, category…) is gone: restore that first.",
        ),
      };
    if (errno === 1062) return { status: "refused", message: what("এর আইডি বা নাম (slug) এর মধ্যে অন্য কিছু নিয়েছে।", "Its id or a unique value (slug) has been taken since.") };
    throw e;
  }
}

async function keepExisting(tx: Tx, links: Record<string, unknown>[]) {
  const ids = links.map((l) => Number(l.questionId));
  if (!ids.length) return [];
  const have = new Set((await tx.select({ id: s.questions.id }).from(s.questions).where(inArray(s.questions.id, ids))).map((r) => r.id));
  return links.filter((l) => have.has(Number(l.questionId)));
}

/* ------------------------------------------------------------------ revisions */

/** The base relative image paths of this resource's HTML resolve against. */
export function assetBaseOf(def: ResourceDef): string {
  return BINDINGS[def.key].assetBase ?? CONTENT_ASSET_BASE;
}

export function revisionEntity(def: ResourceDef): RevisionEntity | null {
  return BINDINGS[def.key].revision ?? null;
}

export async function listRevisionsOf(def: ResourceDef, id: number) {
  const entity = revisionEntity(def);
  if (!entity) return [];
  return db
    .select({ id: s.revisions.id, version: s.revisions.version, createdAt: s.revisions.createdAt, staff: s.staffUsers.name })
    .from(s.revisions)
    .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.revisions.staffId))
    .where(and(eq(s.revisions.entity, entity), eq(s.revisions.entityId, id)))
    .orderBy(desc(s.revisions.version))
    .limit(200);
}

export async function getRevision(def: ResourceDef, id: number, revisionId: number) {
  const entity = revisionEntity(def);
  if (!entity) return null;
  const [r] = await db
    .select()
    .from(s.revisions)
    .where(and(eq(s.revisions.id, revisionId), eq(s.revisions.entity, entity), eq(s.revisions.entityId, id)));
  if (!r) return null;
  const snapshot = (typeof r.snapshot === "string" ? JSON.parse(r.snapshot) : r.snapshot) as Record<string, unknown>;
  return { ...r, snapshot };
}

/**
 * Restores a kept state as a new save (itself a new revision: the state it replaces is kept too).
 * Fields the snapshot lacks (older snapshots kept fewer) stay as they are now.
 */
export async function restoreRevision(def: ResourceDef, id: number, revisionId: number, version: number, staffId: number): Promise<SaveOutcome> {
  const [rev, current] = await Promise.all([getRevision(def, id, revisionId), getRow(def, id)]);
  if (!rev || !current) return { status: "not-found" };
  const values: Record<string, unknown> = {};
  for (const f of def.fields) {
    const v = Object.hasOwn(rev.snapshot, f.name) ? rev.snapshot[f.name] : current[f.name];
    values[f.name] = f.kind === "datetime" && typeof v === "string" ? new Date(v) : v;
  }
  if (def.key === "questions" && !Array.isArray(values.sources)) values.sources = current.sources;
  // Restoring a version restores its content, not its state: a draft stays a draft until staff publish it.
  if ("status" in values) Object.assign(values, { status: current.status, publishAt: current.publishAt });
  return updateRow(def, id, version, values, staffId, "restore");
}

/* ------------------------------------------------------------------ helpers for the screens */

export { notationFromSources };

/** A readable one-line text of staff HTML (lists show the question's start, not its markup). */
export const plainText = (html: unknown, max = 120) => {
  const text = String(html ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Finds the row of a unique text field (info pages by slug). */
export async function findBy(def: ResourceDef, field: string, value: string): Promise<number | null> {
  const b = BINDINGS[def.key];
  const c = col(b, field);
  if (!c) return null;
  const [r] = await db.select({ id: b.table.id }).from(b.table).where(eq(c, value)).limit(1);
  return r ? Number(r.id) : null;
}

/** The most recently changed row ("latest"). */
export async function latestId(def: ResourceDef): Promise<number | null> {
  const b = BINDINGS[def.key];
  const [r] = await db.select({ id: b.table.id }).from(b.table).orderBy(desc(b.table.updatedAt), desc(b.table.id)).limit(1);
  return r ? Number(r.id) : null;
}

/** Counts per resource for the content index. */
export async function countAll(): Promise<Record<string, number>> {
  const keys = RESOURCES.map((r) => r.key);
  const counts = await Promise.all(keys.map(tableCount));
  return Object.fromEntries(keys.map((k, i) => [k, counts[i]]));
}

export const __test = { BINDINGS, columnValues, sql };
