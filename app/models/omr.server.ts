// A teacher's own copy of a saved paper (reached only by its private token) and the OMR answer
// sheets scanned into it: who may see a paper's keys and results is decided here, by the token.
//
// The token is 160 random bits, shown once (it is the private page's address); only its SHA-256 is
// stored, so a database copy or backup opens nobody's results, and a lookup by hash is an exact
// index match (no comparison whose time depends on the token).
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
// Read on the primary, never a replica: a teacher sees the paper they own and the sheets they scanned the moment they are saved.
import { primary as db } from "~/db/client.server";
import { omrAnswers, omrSheets, paperOwners, savedPapers } from "~/db/schema";
import { itemAnalysis, paperKeys, rankScores, scoreSheet, type SheetMarks } from "~/lib/omr-results";
import { getSavedPaper, type StoredPaper } from "~/models/make-question.server";

/** Sheets one teacher's copy may hold at once (a few classes of one exam). */
export const MAX_SHEETS = 400;
/** How long a scanned sheet (its picture and what was read) is kept. */
export const SHEET_KEEP_DAYS = 90;
/** The largest negative mark per wrong answer. */
export const MAX_NEGATIVE = 1;

// Crockford's base32 in lower case, as the paper codes: a token copied by hand is not misread.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const OWNER_TOKEN = /^[0-9a-hjkmnp-tv-z]{32}$/;

function newToken(): string {
  const bytes = randomBytes(20);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 32; i++) out += ALPHABET[Number((bits >> BigInt(155 - 5 * i)) & 31n)];
  return out;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new private copy of the saved paper `code`: returns its token (the only time it exists outside the hash). */
export async function createOwner({ code }: { code: string }): Promise<string | null> {
  const token = newToken();
  // One statement: the copy is made for the paper of that code, or nothing when there is none.
  const [result] = (await db.execute(sql`
    insert into ${paperOwners} (paper_id, token_hash)
    select ${savedPapers.id}, ${hashToken(token)} from ${savedPapers} where ${savedPapers.code} = ${code} limit 1`)) as unknown as [{ affectedRows: number }];
  return result.affectedRows > 0 ? token : null;
}

export type Owner = { id: number; code: string; paper: StoredPaper; negative: number; sheetCount: number };

/**
 * The copy a token opens, with its paper, or null. This is the one check behind every private page
 * (keys, scans, crops, results): a request that holds the token owns the copy.
 */
export async function getOwner({ token }: { token: string }): Promise<Owner | null> {
  if (!OWNER_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: paperOwners.id, code: savedPapers.code, negative: paperOwners.negativeHundredths, sheetCount: paperOwners.sheetCount })
    .from(paperOwners)
    .innerJoin(savedPapers, eq(savedPapers.id, paperOwners.paperId))
    .where(eq(paperOwners.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const paper = await getSavedPaper(row.code);
  if (!paper) return null;
  return { id: row.id, code: row.code, paper, negative: row.negative / 100, sheetCount: row.sheetCount };
}

export async function setNegativeMark({ ownerId, negative }: { ownerId: number; negative: number }) {
  await db
    .update(paperOwners)
    .set({ negativeHundredths: Math.round(Math.min(MAX_NEGATIVE, Math.max(0, negative)) * 100) })
    .where(eq(paperOwners.id, ownerId));
}

/**
 * Takes room for `n` sheets, atomically: the count is raised only when it stays within MAX_SHEETS, in
 * one statement, so simultaneous uploads cannot together pass the limit. Returns whether it was taken.
 */
export async function reserveSheets({ ownerId, n }: { ownerId: number; n: number }): Promise<boolean> {
  if (n <= 0) return true;
  const [result] = (await db.execute(
    sql`update ${paperOwners} set sheet_count = sheet_count + ${n} where id = ${ownerId} and sheet_count + ${n} <= ${MAX_SHEETS}`,
  )) as unknown as [{ affectedRows: number }];
  return result.affectedRows > 0;
}

/** Gives back room taken for sheets that were not stored (unreadable pictures). */
export async function releaseSheets({ ownerId, n }: { ownerId: number; n: number }) {
  if (n <= 0) return;
  await db.execute(sql`update ${paperOwners} set sheet_count = greatest(sheet_count - ${n}, 0) where id = ${ownerId}`);
}

export type ReadAnswer = { question: number; marked: number[]; confidence: number; uncertain: boolean; crop: Buffer | null };
export type NewSheet = {
  roll: string;
  rollUncertain: boolean;
  setIndex: number | null;
  setUncertain: boolean;
  confidence: number;
  image: Buffer;
  rollCrop: Buffer | null;
  originalName: string;
  answers: ReadAnswer[];
};

const conf = (n: number) => (Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000).toFixed(3);

/**
 * Stores a read sheet (room already reserved). It counts at once unless its roll already has a
 * counted sheet: then it waits, uncounted, for the teacher to confirm the replacement. The unique
 * (owner, roll) index decides, so two uploads of one roll at once cannot both count.
 */
export async function storeSheet({ ownerId, sheet }: { ownerId: number; sheet: NewSheet }): Promise<{ id: number; replaces: boolean }> {
  return db.transaction(async (tx) => {
    const values = {
      ownerId,
      roll: sheet.roll.slice(0, 16),
      setIndex: sheet.setIndex,
      rollUncertain: sheet.rollUncertain,
      setUncertain: sheet.setUncertain,
      confidence: conf(sheet.confidence),
      image: sheet.image,
      rollCrop: sheet.rollCrop,
      originalName: sheet.originalName.slice(0, 255),
    };
    let replaces = false;
    let id: number;
    try {
      // A savepoint: a duplicate roll fails this insert only, not the transaction.
      id = await tx.transaction(async (sp) => {
        const [r] = await sp.insert(omrSheets).values({ ...values, activeRoll: sheet.roll ? values.roll : null }).$returningId();
        return r.id;
      });
      replaces = false;
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code !== "ER_DUP_ENTRY" && e.cause?.code !== "ER_DUP_ENTRY") throw error;
      const [r] = await tx.insert(omrSheets).values({ ...values, activeRoll: null }).$returningId();
      id = r.id;
      replaces = true;
    }
    if (sheet.answers.length) {
      await tx.insert(omrAnswers).values(
        sheet.answers.map((a) => ({
          sheetId: id,
          question: a.question,
          marked: a.marked.join(","),
          confidence: conf(a.confidence),
          uncertain: a.uncertain,
          crop: a.uncertain ? a.crop : null,
        })),
      );
    }
    return { id, replaces };
  });
}

/** Sheets waiting for the teacher: a roll that already had a counted sheet. */
export async function listPendingSheets({ ownerId }: { ownerId: number }) {
  return db
    .select({ id: omrSheets.id, roll: omrSheets.roll, originalName: omrSheets.originalName, createdAt: omrSheets.createdAt })
    .from(omrSheets)
    .where(and(eq(omrSheets.ownerId, ownerId), isNull(omrSheets.activeRoll)))
    .orderBy(asc(omrSheets.id));
}

/**
 * The teacher's answer to a waiting sheet: "replace" deletes the counted sheet of its roll and counts
 * this one; "keep" deletes this one. Either frees one sheet's room. False when there is no such sheet.
 */
export async function settlePendingSheet({ ownerId, sheetId, choice }: { ownerId: number; sheetId: number; choice: "replace" | "keep" }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [sheet] = await tx
      .select({ id: omrSheets.id, roll: omrSheets.roll })
      .from(omrSheets)
      .where(and(eq(omrSheets.id, sheetId), eq(omrSheets.ownerId, ownerId), isNull(omrSheets.activeRoll)))
      .for("update");
    if (!sheet) return false;
    if (choice === "replace") {
      await tx.delete(omrSheets).where(and(eq(omrSheets.ownerId, ownerId), eq(omrSheets.activeRoll, sheet.roll)));
      await tx.update(omrSheets).set({ activeRoll: sheet.roll }).where(eq(omrSheets.id, sheet.id));
    } else {
      await tx.delete(omrSheets).where(eq(omrSheets.id, sheet.id));
    }
    await tx.execute(sql`update ${paperOwners} set sheet_count = greatest(sheet_count - 1, 0) where id = ${ownerId}`);
    return true;
  });
}

/** Deletes every sheet of the copy (the results go with them). */
export async function deleteResults({ ownerId }: { ownerId: number }) {
  await db.transaction(async (tx) => {
    await tx.delete(omrSheets).where(eq(omrSheets.ownerId, ownerId));
    await tx.update(paperOwners).set({ sheetCount: 0 }).where(eq(paperOwners.id, ownerId));
  });
}

/**
 * Sheets older than SHEET_KEEP_DAYS, a bounded batch at a time, with their copies' counts made
 * again in the same transaction. Run on uploads, so no scheduled job is needed.
 */
export async function pruneSheets() {
  await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: omrSheets.id, ownerId: omrSheets.ownerId })
      .from(omrSheets)
      .where(sql`${omrSheets.createdAt} < now() - interval ${SHEET_KEEP_DAYS} day`)
      .limit(500);
    if (!old.length) return;
    await tx.delete(omrSheets).where(inArray(omrSheets.id, old.map((o) => o.id)));
    const owners = [...new Set(old.map((o) => o.ownerId))];
    await tx.execute(
      sql`update ${paperOwners} o set sheet_count = (select count(*) from ${omrSheets} s where s.owner_id = o.id) where o.id in (${sql.join(owners, sql`, `)})`,
    );
  });
}

/** Answers the reader was unsure of and the teacher has not checked, on counted sheets, sheet by sheet. */
export async function listUncertain({ ownerId, limit = 50 }: { ownerId: number; limit?: number }) {
  return db
    .select({
      sheetId: omrAnswers.sheetId,
      question: omrAnswers.question,
      marked: omrAnswers.marked,
      confidence: omrAnswers.confidence,
      roll: omrSheets.roll,
      setIndex: omrSheets.setIndex,
    })
    .from(omrAnswers)
    .innerJoin(omrSheets, eq(omrSheets.id, omrAnswers.sheetId))
    .where(and(eq(omrSheets.ownerId, ownerId), isNotNull(omrSheets.activeRoll), eq(omrAnswers.uncertain, true), eq(omrAnswers.reviewed, false)))
    .orderBy(asc(omrSheets.roll), asc(omrAnswers.question))
    .limit(limit);
}

/** Sheets whose roll or set the reader could not read for sure, not yet checked by the teacher. */
export async function listSheetsToCheck({ ownerId, limit = 50 }: { ownerId: number; limit?: number }) {
  return db
    .select({ id: omrSheets.id, roll: omrSheets.roll, setIndex: omrSheets.setIndex, rollUncertain: omrSheets.rollUncertain, setUncertain: omrSheets.setUncertain })
    .from(omrSheets)
    .where(and(eq(omrSheets.ownerId, ownerId), sql`(${omrSheets.rollUncertain} or ${omrSheets.setUncertain} or ${omrSheets.setIndex} is null)`))
    .orderBy(asc(omrSheets.id))
    .limit(limit);
}

/**
 * The teacher's roll and set for a sheet. A counted sheet whose new roll already has a counted sheet
 * stops counting and waits for the replace question, like an upload of that roll. "missing": not this copy's.
 */
export async function fixSheet({ ownerId, sheetId, roll, setIndex }: { ownerId: number; sheetId: number; roll: string; setIndex: number }): Promise<"ok" | "waiting" | "missing"> {
  return db.transaction(async (tx) => {
    const [sheet] = await tx
      .select({ activeRoll: omrSheets.activeRoll })
      .from(omrSheets)
      .where(and(eq(omrSheets.id, sheetId), eq(omrSheets.ownerId, ownerId)))
      .for("update");
    if (!sheet) return "missing";
    const values = { roll, setIndex, rollUncertain: false, setUncertain: false };
    if (sheet.activeRoll === null) {
      await tx.update(omrSheets).set(values).where(eq(omrSheets.id, sheetId));
      return "waiting";
    }
    try {
      await tx.transaction((sp) => sp.update(omrSheets).set({ ...values, activeRoll: roll }).where(eq(omrSheets.id, sheetId)));
      return "ok";
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code !== "ER_DUP_ENTRY" && e.cause?.code !== "ER_DUP_ENTRY") throw error;
      await tx.update(omrSheets).set({ ...values, activeRoll: null }).where(eq(omrSheets.id, sheetId));
      return "waiting";
    }
  });
}

/** The teacher's reading of one bubble row: stored as read, checked. False when the row is not this copy's. */
export async function reviewAnswer({ ownerId, sheetId, question, marked }: { ownerId: number; sheetId: number; question: number; marked: number[] }) {
  const [result] = (await db.execute(sql`
    update ${omrAnswers} a join ${omrSheets} s on s.id = a.sheet_id
    set a.marked = ${marked.join(",")}, a.reviewed = true, a.uncertain = false
    where a.sheet_id = ${sheetId} and a.question = ${question} and s.owner_id = ${ownerId}`)) as unknown as [{ affectedRows: number }];
  return result.affectedRows > 0;
}

/** A kept crop of this copy: a bubble row's (question) or the roll's; null when there is none. */
export async function getCrop({ ownerId, sheetId, question }: { ownerId: number; sheetId: number; question: number | "roll" }): Promise<Buffer | null> {
  if (question === "roll") {
    const [row] = await db
      .select({ crop: omrSheets.rollCrop })
      .from(omrSheets)
      .where(and(eq(omrSheets.id, sheetId), eq(omrSheets.ownerId, ownerId)))
      .limit(1);
    return row?.crop ?? null;
  }
  const [row] = await db
    .select({ crop: omrAnswers.crop })
    .from(omrAnswers)
    .innerJoin(omrSheets, eq(omrSheets.id, omrAnswers.sheetId))
    .where(and(eq(omrAnswers.sheetId, sheetId), eq(omrAnswers.question, question), eq(omrSheets.ownerId, ownerId)))
    .limit(1);
  return row?.crop ?? null;
}

/** A kept sheet picture of this copy (JPEG), or null. */
export async function getSheetImage({ ownerId, sheetId }: { ownerId: number; sheetId: number }): Promise<Buffer | null> {
  const [row] = await db
    .select({ image: omrSheets.image })
    .from(omrSheets)
    .where(and(eq(omrSheets.id, sheetId), eq(omrSheets.ownerId, ownerId)))
    .limit(1);
  return row?.image ?? null;
}

/**
 * The copy's results: every counted sheet scored against its set's key and ranked, and the item
 * analysis of the paper's MCQs. Two round trips whatever the number of sheets.
 */
export async function getResults({ owner }: { owner: Owner }) {
  const [sheets, answers] = await Promise.all([
    db
      .select({ id: omrSheets.id, roll: omrSheets.roll, setIndex: omrSheets.setIndex, setUncertain: omrSheets.setUncertain, rollUncertain: omrSheets.rollUncertain })
      .from(omrSheets)
      .where(and(eq(omrSheets.ownerId, owner.id), isNotNull(omrSheets.activeRoll))),
    db
      .select({ sheetId: omrAnswers.sheetId, question: omrAnswers.question, marked: omrAnswers.marked, uncertain: omrAnswers.uncertain })
      .from(omrAnswers)
      .innerJoin(omrSheets, eq(omrSheets.id, omrAnswers.sheetId))
      .where(and(eq(omrSheets.ownerId, owner.id), isNotNull(omrSheets.activeRoll))),
  ]);
  const byId = new Map<number, SheetMarks & { unchecked: number }>();
  for (const s of sheets) byId.set(s.id, { id: s.id, roll: s.roll, setIndex: s.setIndex, answers: [], unchecked: 0 });
  for (const a of answers) {
    const s = byId.get(a.sheetId);
    if (!s) continue;
    s.answers[a.question - 1] = a.marked ? a.marked.split(",").map(Number) : [];
    if (a.uncertain) s.unchecked++;
  }
  const marks = [...byId.values()];
  for (const s of marks) for (let i = 0; i < s.answers.length; i++) s.answers[i] ??= [];
  const keys = paperKeys(owner.paper.questions, owner.paper.sets);
  const scores = rankScores(marks.map((s) => scoreSheet(s, keys, owner.negative)));
  const unchecked = new Map(marks.map((s) => [s.id, s.unchecked]));
  return {
    scores: scores.map((s) => ({ ...s, unchecked: unchecked.get(s.id) ?? 0 })),
    items: itemAnalysis(marks, keys, owner.negative),
    keys,
  };
}
