// Kept searches: what each process keeps of searches until the next staff save (a reindex raises the
// content version). The results pages are kept by their route (routes/search/search-page.server.ts)
// with SEARCHES_KEPT; the search box's suggestions here.
import type { SearchKind } from "~/db/schema";
import { parseQuery, queryClauses } from "~/lib/search-query";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { findCandidates, getHits } from "./query.server";

/**
 * How many searches each process keeps until the next staff save: results pages (routes/search) and
 * suggestions, each up to this many, the least recently asked forgotten first. What students search
 * for bunches up (a chapter, a board and year), and the index is one primary's for every instance:
 * a search asked again is answered without it. `SEARCHES_KEPT=0` keeps none (the bench's latency of
 * one search at a time uses that).
 */
export const SEARCHES_KEPT = keptCount(process.env.SEARCHES_KEPT);

/** SEARCHES_KEPT's value: a whole number from 0; unset, empty or not a number, the default 500. */
function keptCount(raw: string | undefined): number {
  const n = Number(raw || 500);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 500;
}

/** How many suggestions the search box shows. */
const SUGGESTIONS = 6;

/** A few results for the words typed so far (the search box's suggestions): best first, with their links. */
export const suggest = (query: string) => keptSuggestions(query.trim());

async function findSuggestions(query: string): Promise<{ title: string; kind: SearchKind; url: string }[]> {
  const parsed = parseQuery(query);
  const found = await findCandidates(queryClauses(parsed.terms, parsed), { kind: null, shown: { byKind: false, kind: null, from: 1, to: SUGGESTIONS * 2, onlyNamed: true } });
  // Rows with every word only; suggestions from "some of the words" would mislead.
  if (found.loose) return [];
  const hits = await getHits(found.candidates.slice(0, SUGGESTIONS * 2).map((c) => c.docId), found.shown);
  return hits.flatMap((h) => (h.url ? [{ title: h.title, kind: h.kind, url: h.url }] : [])).slice(0, SUGGESTIONS);
}
const keptSuggestions = keptPerKeyUntilContentChange(findSuggestions, SEARCHES_KEPT);
