// /search: what the results page shows for its URL. The query is read by lib/search-query.ts, found
// by models/search.server.ts, and every link is built by lib/search-url.ts. At most six round trips.
import { parseQuery, booleanQuery, highlight, EDUCATION_BOARDS, type Segment, type Term } from "~/lib/search-query";
import { boardName, KIND_ORDER, readSearchParams, SEARCH_KIND_LABELS, searchHref, type Kind, type SearchState } from "~/lib/search-url";
import { toBanglaDigits } from "~/lib/bangla-digits";
import {
  listPaperYears,
  listSubjectGrades,
  questionLinks,
  searchFacets,
  searchKindPage,
  searchTopByKind,
  starterTopics,
  type FacetRow,
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

const sum = (rows: FacetRow[], pick: (r: FacetRow) => boolean) => rows.reduce((n, r) => (pick(r) ? n + r.n : n), 0);

/** Whether a result of a subject (grade null: every grade of it) falls in a subject+grade. */
const inSg = (r: { subjectId: number | null; gradeId: number | null }, sg: SearchState["sg"]) =>
  !sg || (r.subjectId === sg.subjectId && (r.gradeId === sg.gradeId || r.gradeId === null));

function whereLabel(hit: SearchHit, subjectGrades: SubjectGradeRow[]): string {
  if (hit.subjectId === null) return "";
  const exact = subjectGrades.find((s) => s.subjectId === hit.subjectId && s.gradeId === hit.gradeId);
  if (exact) return `${exact.subject} · ${exact.grade}`;
  return subjectGrades.find((s) => s.subjectId === hit.subjectId)?.subject ?? "";
}

function toHit(hit: SearchHit, terms: Term[], subjectGrades: SubjectGradeRow[], links: Map<number, string>): Hit {
  const body = hit.body.trim();
  return {
    id: hit.id,
    kind: hit.kind,
    title: highlight(hit.title, terms, 260),
    snippet: body && body !== hit.title ? highlight(body, terms) : null,
    meta: hit.meta,
    where: whereLabel(hit, subjectGrades),
    url: hit.source === "questions" ? (links.get(hit.sourceId) ?? null) : hit.url,
  };
}

export async function loadSearchPage(url: URL) {
  const input = readSearchParams(url.searchParams);
  const parsed = parseQuery(input.q);
  const boards = input.boards.length ? input.boards : parsed.boards;
  const year = input.year ?? parsed.year;
  // Links keep the query without the words that became the board/year filter (the filter is in the URL then).
  const state: SearchState = { ...input, q: parsed.boards.length ? parsed.rest : parsed.text, boards, year };
  const base = { query: parsed.text, state, fromQuery: parsed.boards.length > 0 || (input.year === null && parsed.year !== null) };

  const every = booleanQuery(parsed.terms, { boards, year }, "every");
  if (!every) {
    const [starters, subjectGrades] = await Promise.all([starterTopics(), listSubjectGrades()]);
    return { ...base, status: "empty" as const, starters, subjects: subjectLinks(subjectGrades) };
  }

  const [firstFacets, subjectGrades, paperYears] = await Promise.all([searchFacets(every), listSubjectGrades(), listPaperYears()]);
  let facets = firstFacets;
  let query = every;
  let loose = false;
  // Nothing matched every word: show what matches some of them, and say so.
  if (!facets.length && parsed.terms.length > 1) {
    const some = booleanQuery(parsed.terms, { boards, year }, "some")!;
    const looser = await searchFacets(some);
    if (looser.length) [facets, query, loose] = [looser, some, true];
  }

  const kindCount = (k: Kind) => sum(facets, (r) => r.kind === k && inSg(r, state.sg));
  const total = KIND_ORDER.reduce((n, k) => n + kindCount(k), 0);
  const filters = filterLinks(state, facets, subjectGrades, paperYears, kindCount, total);
  const active = activeFilters(state, subjectGrades);

  if (total === 0 || (state.kind && kindCount(state.kind) === 0)) {
    const [starters] = await Promise.all([starterTopics()]);
    return { ...base, status: "none" as const, total, loose, filters, active, starters, subjects: subjectLinks(subjectGrades) };
  }

  let hits: SearchHit[];
  let pager: { page: number; pageCount: number; prev: string | null; next: string | null; first: number } | null = null;
  if (state.kind) {
    const count = kindCount(state.kind);
    const pageCount = Math.max(1, Math.ceil(count / PER_PAGE));
    const page = Math.min(state.page, pageCount);
    state.page = page;
    hits = await searchKindPage(query, { kind: state.kind, sg: state.sg, offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
    pager = {
      page,
      pageCount,
      first: (page - 1) * PER_PAGE + 1,
      prev: page > 1 ? searchHref(state, { page: page - 1 }) : null,
      next: page < pageCount ? searchHref(state, { page: page + 1 }) : null,
    };
  } else {
    hits = await searchTopByKind(query, { sg: state.sg, perKind: PER_GROUP });
  }
  const links = await questionLinks(hits.filter((h) => h.source === "questions").map((h) => h.sourceId));
  const shown = hits.map((h) => toHit(h, parsed.terms, subjectGrades, links));
  const kinds = state.kind ? [state.kind] : KIND_ORDER.filter((k) => kindCount(k) > 0);
  const groups: Group[] = kinds.map((kind) => ({
    kind,
    label: SEARCH_KIND_LABELS[kind],
    count: kindCount(kind),
    hits: shown.filter((h) => h.kind === kind),
    more: !state.kind && kindCount(kind) > PER_GROUP ? searchHref(state, { kind }) : null,
  }));
  return { ...base, status: "results" as const, total, loose, filters, active, groups, pager };
}

function subjectLinks(subjectGrades: SubjectGradeRow[]) {
  return subjectGrades.map((s) => ({
    label: `${s.subject} · ${s.grade}`,
    href: `/subject/${encodeURIComponent(s.slug)}/${s.subjectId}/${s.gradeId}`,
  }));
}

function filterLinks(
  state: SearchState,
  facets: FacetRow[],
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
  const ofKind = facets.filter((r) => !state.kind || r.kind === state.kind);
  const subjects: FilterLink[] = subjectGrades
    .map((s) => ({
      label: `${s.subject} · ${s.grade}`,
      count: sum(ofKind, (r) => inSg(r, s)),
      href: searchHref(state, { sg: { subjectId: s.subjectId, gradeId: s.gradeId } }),
      current: state.sg?.subjectId === s.subjectId && state.sg.gradeId === s.gradeId,
    }))
    .filter((l) => l.count > 0 || l.current);
  // Boards and years belong to questions and papers: offered when there are some, or a filter is set.
  const sourced = sum(ofKind, (r) => r.kind === "mcq" || r.kind === "creative" || r.kind === "paper");
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

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;
