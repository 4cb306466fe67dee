// Search's reading side: a query's clauses matched in the inverted index and ranked, and the rows a
// results page shows.
//
// A query is read by lib/search-query.ts into clauses (each word, the board/year and subject+grade
// filters) over index tokens, and found in search_postings, an inverted index in InnoDB: every
// clause is a range of its clustered key, so no query scans the table, and the work is bounded (see
// findCandidates). A results page makes two round trips: count the clauses, then match with the rows
// it shows and their questions' links in the same query (runMatchWithRows); when no row has every
// word, match some of them, then read the rows and links (four). Each clause's count, the filter
// lists (filters.server.ts) and the empty page's topics are kept until a staff save, so a query
// whose words were counted before makes one.
import { inArray, sql, type SQL } from "drizzle-orm";
// Public reads, raw SQL: on this process's replica when there is one.
import { replica as db } from "~/db/client.server";
import { searchDocs, type SearchKind, type SearchSource } from "~/db/schema";
import type { Clause } from "~/lib/search-query";
import { onContentChange } from "~/models/content-version.server";
import { RANK_BASE, rowsOf } from "./indexer.server";
import { bestLinkOf, linkFromBestLinkOf, questionLinks } from "./links.server";

export const SEARCH_KINDS: SearchKind[] = ["topic", "chapter", "mcq", "creative", "paper", "exam", "video"];

/**
 * How many rows of a clause are counted to choose the one to start from (the rarest); a clause with
 * more counts as this many. Reading this many index entries is a few milliseconds.
 */
const ESTIMATE_CAP = 5000;
/** A starting clause with at most this many rows is read whole: every match is found, counts are exact. */
const EXACT_CAP = 2000;
/**
 * Otherwise (every word is very common, "কত মান") the best rows of the starting word are read, this
 * many of each kind (more of the kind asked for), and counts are at least what was found.
 */
const APPROX_PER_KIND = 50;
/** Words read for a prefix when not every match can be read ("মান*": মান, মানের, মানুষ …). */
const MAX_PREFIX_WORDS = 200;
const APPROX_KIND_ASKED = 1000;

/**
 * A search row that matches, with what the page needs to rank it: `position` is its place (1-based)
 * among the matches of its kind, or among all matches (Shown.byKind false).
 */
export type Candidate = {
  docId: number;
  kind: SearchKind;
  subjectId: number | null;
  gradeId: number | null;
  rank: number;
  matched: number;
  position: number;
};
/** How many matches there are of a kind, subject and grade: the page's counts and filters. */
export type Facet = { kind: SearchKind; subjectId: number | null; gradeId: number | null; count: number };
export type Found = {
  /** Matches, best first (of each kind in turn when positions are per kind): all of them, or with `shown` only those it names. */
  candidates: Candidate[];
  /** The matches counted by kind, subject and grade; none with Shown.onlyNamed. */
  facets: Facet[];
  /** Not every match was read (see APPROX_PER_KIND): counts are lower bounds. */
  approximate: boolean;
  /** No row had every word: these have some of them (and every filter). */
  loose: boolean;
  /** The rows to show that came with the match (see Shown), by search row id. */
  shown: Map<number, SearchHit>;
};

/**
 * Which results the page will show, so that their rows (and questions' links) come with the match in
 * the same round trip: positions `from`..`to` (1-based) of each kind (`byKind`), of one kind (`kind`),
 * or of all results in their order; the other matches are only counted. `onlyNamed`: not even counted
 * (suggestions: 12 rows come back instead of up to EXACT_CAP).
 */
export type Shown = { byKind: boolean; kind: SearchKind | null; from: number; to: number; onlyNamed?: boolean };

/** `col` has one of the clause's tokens or begins with one of its prefixes (each a range of the index). */
function tokenIn(col: string, clause: Clause): SQL {
  const column = sql.raw(col);
  const parts: SQL[] = [];
  if (clause.tokens.length) parts.push(sql`${column} in (${sql.join(clause.tokens.map((t) => sql`${t}`), sql`, `)})`);
  // Tokens are [a-z0-9]; "~" sorts after all of them.
  for (const p of clause.prefixes) parts.push(sql`(${column} >= ${p} and ${column} < ${`${p}~`})`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Each clause's (capped) row count, kept per clause until a staff save: statistics of the index, as a
 * database keeps its own, shared by every query that has the word. A bounded number is kept.
 */
const clauseCounts = new Map<string, number>();
const CLAUSE_COUNTS_KEPT = 20_000;
let countsGeneration = 0;
onContentChange(() => {
  clauseCounts.clear();
  countsGeneration++;
});
const clauseKey = (c: Clause) => JSON.stringify([c.tokens, c.prefixes]);

/** Rows of each clause, counted up to ESTIMATE_CAP + 1: one round trip for the clauses not counted before, none when all were. */
async function estimate(clauses: Clause[]): Promise<number[]> {
  const keys = clauses.map(clauseKey);
  const missing = clauses.map((c, i) => ({ c, i })).filter(({ i }) => !clauseCounts.has(keys[i]));
  if (missing.length) {
    const generation = countsGeneration;
    const parts = missing.map(
      ({ c, i }) =>
        sql`(select ${i} as i, count(*) as n from (select 1 from search_postings where ${tokenIn("token", c)} limit ${ESTIMATE_CAP + 1}) ${sql.raw(`e${i}`)})`,
    );
    const rows = rowsOf<{ i: number; n: number }>(await db.execute(sql.join(parts, sql` union all `)));
    const counted = new Map(rows.map((r) => [keys[Number(r.i)], Number(r.n)]));
    // Counted before a staff save that came meanwhile: used for this query, not kept.
    if (generation === countsGeneration) {
      if (clauseCounts.size + counted.size > CLAUSE_COUNTS_KEPT) clauseCounts.clear();
      for (const [k, n] of counted) clauseCounts.set(k, n);
    }
    return keys.map((k) => counted.get(k) ?? clauseCounts.get(k) ?? 0);
  }
  return keys.map((k) => clauseCounts.get(k) ?? 0);
}

const idf = (rows: number) => Math.log(1 + ESTIMATE_CAP / Math.max(1, rows));

type Row = { tag: number; doc_id: number; kind: SearchKind; subject_id: number | null; grade_id: number | null } & Record<string, unknown>;

/**
 * The rows that have the driver clause and every one of `verify`, with each clause's weight (w0 the
 * driver's, w1… the others'), tagged `tag`. The driver's rows are read from its index range (all of
 * them, or the best `limits` of each kind); each is checked for the other clauses through (doc_id, token).
 */
function matchSql(tag: number, driver: Clause, verify: Clause[], limits: [SearchKind, number][] | null): SQL {
  const cols = sql.raw("s.token, s.kind, s.rank_key, s.doc_id, s.subject_id, s.grade_id");
  // The best rows of each kind: the driver's words first (a prefix's, at most MAX_PREFIX_WORDS of
  // them, read with the index's skip scan), then each word's rows of the kind, best first. Without
  // that step a kind with no rows would scan every row of a common prefix to find none.
  const source = limits
    ? sql`(${sql.join(
        limits.map(
          ([kind, n]) =>
            sql`(select straight_join ${cols} from (select distinct token from search_postings where ${tokenIn("token", driver)} limit ${MAX_PREFIX_WORDS}) w
              join search_postings s on s.token = w.token and s.kind = ${kind} limit ${n})`,
        ),
        sql` union all `,
      )})`
    : sql`(select ${cols} from search_postings s where ${tokenIn("s.token", driver)})`;
  const weights = verify.map((_, j) => sql.raw(`, ${RANK_BASE} - min(v${j}.rank_key) as w${j + 1}`));
  const joins = verify.map((c, j) => sql` join search_postings ${sql.raw(`v${j}`)} on ${sql.raw(`v${j}`)}.doc_id = p.doc_id and ${tokenIn(`v${j}.token`, c)}`);
  return sql`(select ${tag} as tag, p.doc_id, p.kind, p.subject_id, p.grade_id, ${RANK_BASE} - min(p.rank_key) as w0${sql.join(weights, sql``)}
      from ${source} p${sql.join(joins, sql``)}
      group by p.doc_id, p.kind, p.subject_id, p.grade_id)`;
}

const runMatches = async (parts: SQL[]) => rowsOf<Row>(await db.execute(sql.join(parts, sql` union all `)));

/** Rank: each matched clause's weight (dampened: a long text says a word often) times its rarity. */
const weightScore = (weight: unknown, rows: number) => (Number(weight) > 0 ? Math.sqrt(Number(weight)) * idf(rows) : 0);

const approxLimits = (kind: SearchKind | null): [SearchKind, number][] =>
  SEARCH_KINDS.map((k) => [k, k === kind ? APPROX_KIND_ASKED : APPROX_PER_KIND]);

/**
 * Every search row that meets all clauses (or, when none does and the query has several words,
 * rows with some of its words and all of its filters), ranked. Bounded work whatever the data size:
 * one query counts each clause's rows (capped), one reads the rarest clause's rows and checks them
 * for the others (all of them when there are at most EXACT_CAP, else the best of each kind).
 * `kind`: the kind the page shows, read deeper when not every match can be read.
 */
export async function findCandidates(
  clauses: Clause[],
  { kind, shown }: { kind: SearchKind | null; shown?: Shown },
): Promise<Found> {
  const none = new Map<number, SearchHit>();
  const empty: Found = { candidates: [], facets: [], approximate: false, loose: false, shown: none };
  if (!clauses.length) return empty;
  const counts = await estimate(clauses);
  const textCount = clauses.filter((c) => c.text).length;
  if (counts.every((n) => n > 0)) {
    const driver = counts.indexOf(Math.min(...counts));
    const approximate = counts[driver] > EXACT_CAP;
    const others = clauses.map((c, i) => ({ c, i })).filter(({ i }) => i !== driver);
    const order = [driver, ...others.map((o) => o.i)];
    const match = matchSql(
      0,
      clauses[driver],
      others.map((o) => o.c),
      approximate ? approxLimits(kind) : null,
    );
    const candidateOf = (r: Row, position: number): Candidate => ({
      docId: Number(r.doc_id),
      kind: r.kind,
      subjectId: r.subject_id === null ? null : Number(r.subject_id),
      gradeId: r.grade_id === null ? null : Number(r.grade_id),
      rank: order.reduce((sum, ci, k) => sum + weightScore(r[`w${k}`], counts[ci]), 0),
      matched: clauses.length,
      position,
    });
    if (shown) {
      const rows = await runMatchWithRows(match, order.map((ci) => idf(counts[ci])), shown, counts[driver] >= GROUP_FROM && !shown.onlyNamed);
      if (rows.length || textCount < 2) {
        const candidates = rows.filter((r) => Number(r.named) === 1).map((r) => candidateOf(r, Number(r.rn)));
        const facets = shown.onlyNamed ? [] : facetsOf(rows.map(facetOfRow));
        return { candidates: inPositionOrder(candidates, shown.byKind), facets, approximate, loose: false, shown: hitsOfRows(rows) };
      }
    } else {
      const rows = await runMatches([match]);
      if (rows.length || textCount < 2) {
        const candidates = withPositions(sortCandidates(rows.map((r) => candidateOf(r, 0))), true);
        return { candidates, facets: facetsOf(candidates), approximate, loose: false, shown: none };
      }
    }
  } else if (textCount < 2 || clauses.some((c, i) => !c.text && counts[i] === 0)) {
    return empty;
  }
  const candidates = withPositions(await someWords(clauses, counts, kind), shown?.byKind ?? true);
  return { candidates, facets: facetsOf(candidates), approximate: true, loose: true, shown: none };
}

/** The matches counted by kind, subject and grade (`count`: how many each stands for, one when not given). */
function facetsOf(matches: (Omit<Facet, "count"> & { count?: number })[]): Facet[] {
  const byKey = new Map<string, Facet>();
  for (const c of matches) {
    const key = `${c.kind} ${c.subjectId} ${c.gradeId}`;
    const n = c.count ?? 1;
    const facet = byKey.get(key);
    if (facet) facet.count += n;
    else byKey.set(key, { kind: c.kind, subjectId: c.subjectId, gradeId: c.gradeId, count: n });
  }
  return [...byKey.values()];
}

const facetOfRow = (r: MatchRow): Facet => ({
  kind: r.kind,
  subjectId: r.subject_id === null ? null : Number(r.subject_id),
  gradeId: r.grade_id === null ? null : Number(r.grade_id),
  count: r.n === undefined ? 1 : Number(r.n),
});

/** Sorted candidates numbered 1, 2, … within their kind (or all together). */
function withPositions(sorted: Candidate[], byKind: boolean): Candidate[] {
  const next = new Map<SearchKind | null, number>();
  for (const c of sorted) {
    const key = byKind ? c.kind : null;
    const n = (next.get(key) ?? 0) + 1;
    next.set(key, n);
    c.position = n;
  }
  return inPositionOrder(sorted, byKind);
}

const inPositionOrder = (list: Candidate[], byKind: boolean) =>
  list.sort((a, b) => (byKind ? SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) : 0) || a.position - b.position);

/**
 * The match (`match`, its weights w0… in `idfs`' order) numbered within its kind (or among all), and
 * for the positions `shown` names their search rows and a question's best link (bestLinkOf): a page
 * of results is a single round trip (each more query cost about as much CPU as the rest of the
 * search). The other matches come one row each, or with `grouped` one row per kind, subject and
 * grade with their number `n` (see GROUP_FROM). With `onlyNamed`, only the named rows (and the
 * first of each ranking, so that no rows means no match). Positions come from the same sums
 * findCandidates makes from all the matches in JavaScript (IEEE doubles both sides: square roots of
 * integers times the same constants, added in the same order; search.test.ts compares the two).
 */
async function runMatchWithRows(match: SQL, idfs: number[], shown: Shown, grouped: boolean): Promise<MatchRow[]> {
  const score = sql.join(
    idfs.map((c, k) => sql`if(${sql.raw(`m.w${k}`)} > 0, sqrt(${sql.raw(`m.w${k}`)}) * cast(${String(c)} as double), 0)`),
    sql` + `,
  );
  const kindOrder = sql.raw(`field(m.kind, ${SEARCH_KINDS.map((k) => `'${k}'`).join(", ")})`);
  const over = shown.byKind ? sql`partition by m.kind order by ${score} desc, m.doc_id` : sql`order by ${score} desc, ${kindOrder}, m.doc_id`;
  const named = sql`x.rn between ${shown.from} and ${shown.to}${shown.kind ? sql` and x.kind = ${shown.kind}` : sql``}`;
  const numbered = sql`(select x.*, (${named}) as named from (select m.*, row_number() over (${over}) as rn from ${match} m) x)`;
  // A named row is a group of its own; its values are the group's min/max.
  const weights = sql.raw(idfs.map((_, k) => `, min(g.w${k}) as w${k}`).join(""));
  const rows = grouped
    ? sql`(select min(g.tag) as tag, min(g.doc_id) as doc_id, g.kind, g.subject_id, g.grade_id${weights}, min(g.rn) as rn, max(g.named) as named, count(*) as n
        from ${numbered} g group by g.kind, g.subject_id, g.grade_id, if(g.named, g.doc_id, 0))`
    : numbered;
  return rowsOf<MatchRow>(
    await db.execute(sql`
      select y.*, d.id as hit_id, d.source, d.source_id, d.title, d.body, d.meta, d.url,
        ${shown.kind && shown.kind !== "mcq" && shown.kind !== "creative" ? sql`null` : sql`if(d.source = 'questions', (${bestLinkOf}), null)`} as link
      from ${rows} y
      left join search_docs d on d.id = y.doc_id and y.named = 1
      ${shown.onlyNamed ? sql`where y.named = 1 or y.rn = 1` : sql``}`),
  );
}

/**
 * From how many rows of the starting clause the other matches are counted in the database
 * (runMatchWithRows' `grouped`). Counting there adds a grouping step to the query; reading the rows
 * one by one costs Node about 1 µs each. Measured against each other with `PAGE_CACHE=0` (both
 * port orders): 1.2 × the requests for "ঢাকা বোর্ড ২০১৯" on the large data (1,203 matches), 1.03 × for
 * "ত্রিকোণমিতি" (488), 0.95 × for the same word on the demo data (a handful).
 */
const GROUP_FROM = 200;

type MatchRow = Row & {
  rn: number;
  /** How many matches the row stands for (grouped); absent: one. */
  n?: number;
  named: number;
  hit_id: number | null;
  source: SearchSource | null;
  source_id: number | null;
  title: string | null;
  body: string | null;
  meta: string | null;
  url: string | null;
  link: string | null;
};

/** The search rows that came with a match (runMatchWithRows), questions with their links. */
function hitsOfRows(rows: MatchRow[]): Map<number, SearchHit> {
  const out = new Map<number, SearchHit>();
  for (const r of rows) {
    if (r.hit_id === null || r.source === null) continue;
    const id = Number(r.hit_id);
    const sourceId = Number(r.source_id);
    const url = r.source === "questions" ? linkFromBestLinkOf(sourceId, r.link) : r.url;
    out.set(id, {
      id,
      source: r.source,
      sourceId,
      kind: r.kind,
      subjectId: r.subject_id === null ? null : Number(r.subject_id),
      gradeId: r.grade_id === null ? null : Number(r.grade_id),
      title: r.title ?? "",
      body: r.body ?? "",
      meta: r.meta ?? "",
      url,
    });
  }
  return out;
}

/** The fallback: rows with any of the words (those with more of them first) and every filter. One query. */
async function someWords(clauses: Clause[], counts: number[], kind: SearchKind | null): Promise<Candidate[]> {
  const filters = clauses.filter((c) => !c.text);
  const words = clauses.map((c, i) => ({ c, i })).filter(({ c, i }) => c.text && counts[i] > 0);
  if (!words.length) return [];
  const byDoc = new Map<number, Candidate>();
  const rows = await runMatches(words.map(({ c }, k) => matchSql(k, c, filters, approxLimits(kind))));
  for (const r of rows) {
    const docId = Number(r.doc_id);
    const score = weightScore(r.w0, counts[words[Number(r.tag)].i]);
    const seen = byDoc.get(docId);
    if (seen) {
      seen.rank += score;
      seen.matched++;
    } else {
      const subjectId = r.subject_id === null ? null : Number(r.subject_id);
      const gradeId = r.grade_id === null ? null : Number(r.grade_id);
      byDoc.set(docId, { docId, kind: r.kind, subjectId, gradeId, rank: score, matched: 1, position: 0 });
    }
  }
  return sortCandidates([...byDoc.values()]);
}

const sortCandidates = (list: Candidate[]) =>
  list.sort((a, b) => b.matched - a.matched || b.rank - a.rank || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) || a.docId - b.docId);

export type SearchHit = {
  id: number;
  source: SearchSource;
  sourceId: number;
  kind: SearchKind;
  subjectId: number | null;
  gradeId: number | null;
  title: string;
  body: string;
  meta: string;
  url: string | null;
};

/**
 * The search rows to show, in the order given; a bank question's `url` is where it can be read
 * (questionLinks). Those in `shown` (they came with the match) as they are; the others in two
 * queries, sent at once whatever the rows are.
 */
export async function getHits(wanted: number[], shown: Map<number, SearchHit> = new Map()): Promise<SearchHit[]> {
  const docIds = wanted.filter((id) => !shown.has(id));
  if (!docIds.length) return wanted.flatMap((id) => shown.get(id) ?? []);
  const idList = sql.join(docIds.map((id) => sql`${id}`), sql`, `);
  const [rows, links] = await Promise.all([
    db
      .select({
        id: searchDocs.id,
        source: searchDocs.source,
        sourceId: searchDocs.sourceId,
        kind: searchDocs.kind,
        subjectId: searchDocs.subjectId,
        gradeId: searchDocs.gradeId,
        title: searchDocs.title,
        body: searchDocs.body,
        meta: searchDocs.meta,
        url: searchDocs.url,
      })
      .from(searchDocs)
      .where(inArray(searchDocs.id, docIds)),
    questionLinks(sql`select d.source_id from search_docs d where d.id in (${idList}) and d.source = 'questions'`),
  ]);
  const byId = new Map<number, SearchHit>(rows.map((r) => [r.id, r.source === "questions" ? { ...r, url: links.get(r.sourceId) ?? null } : r]));
  return wanted.flatMap((id) => shown.get(id) ?? byId.get(id) ?? []);
}
