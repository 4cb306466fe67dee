// /search: what the results page shows for its URL. The query is read by lib/search-query.ts, found
// by models/search.server.ts, and every link is built by lib/search-url.ts. None when the same search
// was asked before (kept until the content changes); else one when each word was counted before (see
// models/search.server.ts), two more on the first page after a staff save.
import { EDUCATION_BOARDS, highlight, parseQuery, queryClauses, type Segment, type Term } from "~/lib/search-query";
import { boardName, KIND_ORDER, SEARCH_KIND_LABELS, searchHref, type Kind, type SearchState } from "~/lib/search-url";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import {
  findCandidates,
  getHits,
  listPaperYears,
  listSubjectGrades,
  SEARCHES_KEPT,
  starterTopics,
  type Candidate,
  type Facet,
  type SearchHit,
} from "~/models/search.server";

/** Results of each kind on the page of all kinds; "all N" links to the kind's own pages. */
export const PER_GROUP = 3;
/** Results per page of one kind. */
export const PER_PAGE = 10;

export type Hit = {
  id: number;
  kind: Kind;
  title: Segment[];
  snippet: Segment[] | null;
  meta: string;
  where: string;
  url: string | null;
};

export type FilterLink = { label: string; count?: number; href: string; current: boolean };
export type Group = { kind: Kind; label: string; count: number; hits: Hit[]; more: string | null };
export type ActiveFilter = { label: string; removeHref: string };

type SubjectGradeRow = Awaited<ReturnType<typeof listSubjectGrades>>[number];

function whereLabel(hit: SearchHit, subjectGrades: SubjectGradeRow[]): string {
  if (hit.subjectId === null) return "";
  const exact = subjectGrades.find((s) => s.subjectId === hit.subjectId && s.gradeId === hit.gradeId);
  if (exact) return `${exact.subject} · ${exact.grade}`;
  return subjectGrades.find((s) => s.subjectId === hit.subjectId)?.subject ?? "";
}

function toHit(hit: SearchHit, terms: Term[], subjectGrades: SubjectGradeRow[]): Hit {
  // A question's title is the start of its text: the snippet goes on from there (its options, its parts).
  const titleText = hit.title.replace(/…$/, "");
  const body = (hit.body.startsWith(titleText) ? hit.body.slice(titleText.length).replace(/^[\s·]+/, "") : hit.body).trim();
  return {
    id: hit.id,
    kind: hit.kind,
    title: highlight(hit.title, terms, 260),
    snippet: body && body !== hit.title ? highlight(body, terms) : null,
    meta: hit.meta,
    where: whereLabel(hit, subjectGrades),
    url: hit.url,
  };
}

/**
 * What the results page shows for its URL's search state. It depends on nothing but that state and
 * the content, so it is kept per state until the content changes (a staff save, a reindex): see
 * SEARCHES_KEPT. A search asked again costs no database round trip and no ranking.
 */
export function loadSearchPage(state: SearchState): Promise<SearchPageData> {
  return keptPages(JSON.stringify(state));
}

const keptPages = keptPerKeyUntilContentChange((key: string) => readSearchPage(JSON.parse(key) as SearchState), SEARCHES_KEPT);

async function readSearchPage(input: SearchState) {
  const parsed = parseQuery(input.q);
  const boards = input.boards.length ? input.boards : parsed.boards;
  const year = input.year ?? parsed.year;
  // Links keep the query without the words that became the board/year filter (the filter is in the URL then).
  const state: SearchState = { ...input, q: parsed.boards.length ? parsed.rest : parsed.text, boards, year };
  const base = { query: parsed.text, state };

  const clauses = queryClauses(parsed.terms, { boards, year, sg: state.sg });
  if (!clauses.length) {
    const [starters, subjectGrades] = await Promise.all([starterTopics(), listSubjectGrades()]);
    return { ...base, status: "empty" as const, starters, subjects: subjectLinks(subjectGrades) };
  }

  // The results this page shows come with the match: the first of each kind, or this page of one kind.
  const pageOf = (kind: Kind | null, page: number) =>
    kind ? { byKind: true, kind, from: (page - 1) * PER_PAGE + 1, to: page * PER_PAGE } : { byKind: true, kind: null, from: 1, to: PER_GROUP };
  const [first, subjectGrades, paperYears] = await Promise.all([
    findCandidates(clauses, { kind: state.kind, shown: pageOf(state.kind, state.page) }),
    listSubjectGrades(),
    listPaperYears(),
  ]);
  let found = first;
  const { facets, approximate, loose } = found;
  const perKind = new Map<Kind, number>();
  for (const f of facets) perKind.set(f.kind, (perKind.get(f.kind) ?? 0) + f.count);
  const kindCount = (k: Kind) => perKind.get(k) ?? 0;
  const total = facets.reduce((n, f) => n + f.count, 0);
  const filters = filterLinks(state, facets, subjectGrades, paperYears, kindCount, total);
  const active = activeFilters(state, subjectGrades);

  if (total === 0 || (state.kind && kindCount(state.kind) === 0)) {
    const starters = await starterTopics();
    return { ...base, status: "none" as const, total, loose, approximate, filters, active, starters, subjects: subjectLinks(subjectGrades) };
  }

  let chosen: Candidate[];
  let pager: { page: number; pageCount: number; prev: string | null; next: string | null; first: number } | null = null;
  if (state.kind) {
    const kind = state.kind;
    const pageCount = Math.max(1, Math.ceil(kindCount(kind) / PER_PAGE));
    const page = Math.min(state.page, pageCount);
    // A page past the end shows the last page: the match is read again for its results.
    if (page !== state.page) found = await findCandidates(clauses, { kind, shown: pageOf(kind, page) });
    state.page = page;
    const { from, to } = pageOf(kind, page);
    chosen = found.candidates.filter((c) => c.kind === kind && c.position >= from && c.position <= to);
    pager = {
      page,
      pageCount,
      first: (page - 1) * PER_PAGE + 1,
      prev: page > 1 ? searchHref(state, { page: page - 1 }) : null,
      next: page < pageCount ? searchHref(state, { page: page + 1 }) : null,
    };
  } else {
    chosen = KIND_ORDER.flatMap((k) => found.candidates.filter((c) => c.kind === k && c.position <= PER_GROUP));
  }
  const hits = await getHits(chosen.map((c) => c.docId), found.shown);
  const shown = hits.map((h) => toHit(h, parsed.terms, subjectGrades));
  const kinds = state.kind ? [state.kind] : KIND_ORDER.filter((k) => kindCount(k) > 0);
  const groups: Group[] = kinds.map((kind) => ({
    kind,
    label: SEARCH_KIND_LABELS[kind],
    count: kindCount(kind),
    hits: shown.filter((h) => h.kind === kind),
    more: !state.kind && kindCount(kind) > PER_GROUP ? searchHref(state, { kind }) : null,
  }));
  return { ...base, status: "results" as const, total, loose, approximate, filters, active, groups, pager };
}

function subjectLinks(subjectGrades: SubjectGradeRow[]) {
  return subjectGrades.map((s) => ({
    label: `${s.subject} · ${s.grade}`,
    href: `/subject/${encodeURIComponent(s.slug)}/${s.subjectId}/${s.gradeId}`,
  }));
}

function filterLinks(
  state: SearchState,
  facets: Facet[],
  subjectGrades: SubjectGradeRow[],
  paperYears: number[],
  kindCount: (k: Kind) => number,
  total: number,
) {
  const kinds: FilterLink[] = [
    { label: "সব ধরন", count: total, href: searchHref(state, { kind: null }), current: state.kind === null },
    ...KIND_ORDER.filter((k) => kindCount(k) > 0 || state.kind === k).map((k) => ({
      label: SEARCH_KIND_LABELS[k],
      count: kindCount(k),
      href: searchHref(state, { kind: k }),
      current: state.kind === k,
    })),
  ];
  // Results of the kind shown, counted per subject+grade in one pass; one of a subject's every grade
  // (grade null) counts in each of its grades.
  const perSg = new Map<string, number>();
  const perSubjectAllGrades = new Map<number, number>();
  let sourced = 0;
  for (const f of facets) {
    if (state.kind && f.kind !== state.kind) continue;
    if (f.kind === "mcq" || f.kind === "creative" || f.kind === "paper") sourced += f.count;
    if (f.subjectId === null) continue;
    if (f.gradeId === null) perSubjectAllGrades.set(f.subjectId, (perSubjectAllGrades.get(f.subjectId) ?? 0) + f.count);
    else perSg.set(`${f.subjectId}-${f.gradeId}`, (perSg.get(`${f.subjectId}-${f.gradeId}`) ?? 0) + f.count);
  }
  // With a subject+grade chosen, the results are of it only: it is the one link (and "all subjects").
  const subjects: FilterLink[] = subjectGrades
    .map((s) => ({
      label: `${s.subject} · ${s.grade}`,
      count: (perSg.get(`${s.subjectId}-${s.gradeId}`) ?? 0) + (perSubjectAllGrades.get(s.subjectId) ?? 0),
      href: searchHref(state, { sg: { subjectId: s.subjectId, gradeId: s.gradeId } }),
      current: state.sg?.subjectId === s.subjectId && state.sg.gradeId === s.gradeId,
    }))
    .filter((l) => (state.sg ? l.current : l.count > 0));
  // Boards and years belong to questions and papers: offered when there are some, or a filter is set.
  const withBoards = sourced > 0 || state.boards.length > 0 || state.year !== null;
  const boardCodes = [...EDUCATION_BOARDS, ...state.boards.filter((b) => !EDUCATION_BOARDS.has(b))];
  const boards: FilterLink[] = withBoards
    ? boardCodes.map((code) => ({
        label: boardName(code),
        href: searchHref(state, { boards: [code] }),
        current: state.boards.includes(code),
      }))
    : [];
  const years = [...new Set([...(state.year !== null ? [state.year] : []), ...paperYears])].sort((a, b) => b - a);
  const yearLinks: FilterLink[] = withBoards
    ? years.map((y) => ({ label: toBanglaDigits(y), href: searchHref(state, { year: y }), current: state.year === y }))
    : [];
  return {
    kinds,
    subjects,
    clearSubject: state.sg ? searchHref(state, { sg: null }) : null,
    boards,
    clearBoard: state.boards.length ? searchHref(state, { boards: [] }) : null,
    years: yearLinks,
    clearYear: state.year !== null ? searchHref(state, { year: null }) : null,
  };
}

function activeFilters(state: SearchState, subjectGrades: SubjectGradeRow[]): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  if (state.boards.length) out.push({ label: state.boards.map(boardName).join(", "), removeHref: searchHref(state, { boards: [] }) });
  if (state.year !== null) out.push({ label: toBanglaDigits(state.year), removeHref: searchHref(state, { year: null }) });
  if (state.sg) {
    const s = subjectGrades.find((x) => x.subjectId === state.sg!.subjectId && x.gradeId === state.sg!.gradeId);
    out.push({ label: s ? `${s.subject} · ${s.grade}` : "বিষয়", removeHref: searchHref(state, { sg: null }) });
  }
  return out;
}

export type SearchPageData = Awaited<ReturnType<typeof readSearchPage>>;
