// The question picker of a set or an exam: the bank narrowed by lib/admin/bank-filter.ts, the set's
// questions in order, and the changes staff make to that order (add ticked, add N at random, remove,
// renumber, move one up or down). A change is a save of the set like any other (models/admin/
// content.server.ts: the version the page was loaded at, the audit log, the content version that
// public caches are keyed by), so two people picking at once cannot overwrite each other unseen.
import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
// Read on the primary: a staff screen shows what was just saved.
import { primary as db } from "~/db/client.server";
import * as s from "~/db/schema";
import type { BankFilter } from "~/lib/admin/bank-filter";
import { resourceDef } from "~/lib/admin/resources";
import { bankConditions } from "~/models/admin/bank-query.server";
import { getRow, plainText, updateRow, type SaveOutcome } from "~/models/admin/content.server";

export const PICKER_PAGE_SIZE = 50;
/** The most questions one "random N" adds, and the most one set holds through the picker. */
export const RANDOM_MAX = 200;
export const SET_MAX = 1000;

export type BankRow = {
  id: number;
  type: "mcq" | "creative";
  chapterId: number | null;
  text: string;
  marks: number;
  difficulty: string | null;
  explained: boolean;
  sources: string;
  /** Published, draft or scheduled: a set's unpublished questions are on no public page yet. */
  status: string;
};

async function describe(ids: number[]): Promise<Map<number, BankRow>> {
  if (!ids.length) return new Map();
  const q = s.questions;
  const [rows, sources] = await Promise.all([
    db
      .select({ id: q.id, type: q.type, chapterId: q.chapterId, body: q.body, intro: q.intro, marks: q.marks, difficulty: q.difficulty, explanation: q.explanation, sourceNote: q.sourceNote, status: q.status })
      .from(q)
      .where(inArray(q.id, ids)),
    db.select({ questionId: s.questionSources.questionId, board: s.questionSources.board, year: s.questionSources.year }).from(s.questionSources).where(inArray(s.questionSources.questionId, ids)),
  ]);
  const bySource = new Map<number, string[]>();
  for (const r of sources) bySource.set(r.questionId, [...(bySource.get(r.questionId) ?? []), `${r.board} ${r.year}`]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        type: r.type,
        chapterId: r.chapterId,
        text: plainText(r.body, 140) || plainText(r.intro, 140),
        marks: Number(r.marks),
        difficulty: r.difficulty,
        explained: !!String(r.explanation ?? "").trim(),
        sources: [...(bySource.get(r.id) ?? []), ...(r.sourceNote ? [r.sourceNote] : [])].join("; ").slice(0, 120),
        status: r.status,
      },
    ]),
  );
}

/** A page of the bank as filtered, newest first, with the total that matches. */
export async function searchBank(f: BankFilter): Promise<{ rows: BankRow[]; total: number; page: number; pages: number }> {
  const where = bankConditions(f);
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(s.questions).where(cond);
  const pages = Math.max(1, Math.ceil(Number(total) / PICKER_PAGE_SIZE));
  const page = Math.min(f.page, pages);
  const ids = (
    await db
      .select({ id: s.questions.id })
      .from(s.questions)
      .where(cond)
      .orderBy(desc(s.questions.id))
      .limit(PICKER_PAGE_SIZE)
      .offset((page - 1) * PICKER_PAGE_SIZE)
  ).map((r) => r.id);
  const described = await describe(ids);
  return { rows: ids.flatMap((id) => described.get(id) ?? []), total: Number(total), page, pages };
}

/** The questions of a set in its order, described for the picker. */
export async function setQuestions(setId: number): Promise<BankRow[]> {
  const ids = (await db.select({ id: s.setQuestions.questionId }).from(s.setQuestions).where(eq(s.setQuestions.setId, setId)).orderBy(asc(s.setQuestions.sort), asc(s.setQuestions.questionId))).map(
    (r) => r.id,
  );
  const described = await describe(ids);
  return ids.flatMap((id) => described.get(id) ?? []);
}

/** Up to `n` questions the filter matches that are not in `exclude`, in a random order. */
export async function randomFromBank(f: BankFilter, exclude: number[], n: number): Promise<number[]> {
  const where = bankConditions({ ...f, page: 1 });
  if (exclude.length) where.push(notInArray(s.questions.id, exclude));
  const rows = await db
    .select({ id: s.questions.id })
    .from(s.questions)
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`rand()`)
    .limit(Math.max(0, Math.min(n, RANDOM_MAX)));
  return rows.map((r) => r.id);
}

/** What a picker screen works on: a set, or an exam and its set. */
export type PickTarget = {
  setId: number;
  setName: string;
  setVersion: number;
  exam: { id: number; name: string; fullMarks: number; version: number; status: string } | null;
};

export async function pickTarget(resource: "question-sets" | "exams", id: number): Promise<PickTarget | null> {
  let setId = id;
  let exam: PickTarget["exam"] = null;
  if (resource === "exams") {
    const [e] = await db
      .select({ id: s.examTitles.id, name: s.examTitles.name, fullMarks: s.examTitles.fullMarks, version: s.examTitles.version, status: s.examTitles.status, setId: s.examTitles.questionSetId })
      .from(s.examTitles)
      .where(eq(s.examTitles.id, id));
    if (!e) return null;
    exam = { id: e.id, name: e.name, fullMarks: Number(e.fullMarks), version: e.version, status: e.status };
    setId = e.setId;
  }
  const [set] = await db.select({ id: s.questionSets.id, name: s.questionSets.name, version: s.questionSets.version }).from(s.questionSets).where(eq(s.questionSets.id, setId));
  if (!set) return null;
  return { setId: set.id, setName: set.name, setVersion: set.version, exam };
}

export type SetChange =
  | { kind: "add"; ids: number[] }
  | { kind: "random"; filter: BankFilter; n: number }
  | { kind: "remove"; ids: number[] }
  | { kind: "order"; positions: Map<number, number> }
  | { kind: "move"; id: number; by: -1 | 1 };

/** The set's question list after a change (pure: the picker's rules, tested on their own). */
export function reorder(current: number[], change: Exclude<SetChange, { kind: "random" }>): number[] {
  switch (change.kind) {
    case "add": {
      const have = new Set(current);
      const added = change.ids.filter((id) => !have.has(id) && (have.add(id), true));
      return [...current, ...added];
    }
    case "remove": {
      const gone = new Set(change.ids);
      return current.filter((id) => !gone.has(id));
    }
    case "order": {
      // Numbers as typed: a row whose number changed takes that place, moving the row that held it
      // down (typing 1 on the third row makes it the first) or up (typing 3 on the first makes it
      // the third); other ties keep the old order.
      return current
        .map((id, i) => {
          const at = change.positions.get(id) ?? i + 1;
          return { id, i, at, moved: Math.sign(at - (i + 1)) };
        })
        .sort((a, b) => a.at - b.at || a.moved - b.moved || a.i - b.i)
        .map((r) => r.id);
    }
    case "move": {
      const at = current.indexOf(change.id);
      const to = at + change.by;
      if (at < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[at], next[to]] = [next[to], next[at]];
      return next;
    }
  }
}

export type ChangeOutcome = SaveOutcome | { status: "too-many" } | { status: "none-left" };

/**
 * Applies a change to a set as a save at `version` (stale: a conflict, nothing changed). Returns how
 * many questions were added, for the message.
 */
export async function changeSet(setId: number, version: number, change: SetChange, staffId: number): Promise<ChangeOutcome & { added?: number }> {
  const def = resourceDef("question-sets")!;
  const row = await getRow(def, setId);
  if (!row) return { status: "not-found" };
  const current = row.questionIds as number[];
  let next: number[];
  if (change.kind === "random") {
    const picked = await randomFromBank(change.filter, current, change.n);
    if (!picked.length) return { status: "none-left" };
    next = [...current, ...picked];
  } else next = reorder(current, change);
  if (next.length > SET_MAX) return { status: "too-many" };
  const outcome = await updateRow(def, setId, version, { ...row, questionIds: next }, staffId);
  return { ...outcome, added: Math.max(0, next.length - current.length) };
}

/** Sets the exam's full marks to what its questions add up to (a save at the exam's version). */
export async function matchFullMarks(examId: number, version: number, staffId: number): Promise<SaveOutcome> {
  const def = resourceDef("exams")!;
  const row = await getRow(def, examId);
  if (!row) return { status: "not-found" };
  const [{ total }] = await db
    .select({ total: sql<string | null>`sum(${s.questions.marks})` })
    .from(s.setQuestions)
    .innerJoin(s.questions, eq(s.questions.id, s.setQuestions.questionId))
    .where(eq(s.setQuestions.setId, Number(row.questionSetId)));
  const sum = Number(total ?? 0);
  // Full marks are a whole number: a set whose marks do not add up to one cannot be matched here.
  if (!Number.isInteger(sum)) return { status: "invalid", errors: { fullMarks: `The questions add up to ${sum}: full marks must be a whole number.` } };
  return updateRow(def, examId, version, { ...row, fullMarks: sum }, staffId);
}
