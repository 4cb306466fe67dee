// Search, as the rest of the app uses it. Each concern has its file under models/search/:
//   indexer.server.ts  the index (search_docs, search_postings): reindex on every save, indexStale
//                      and rebuildIndex for the derive pipeline; how to keep it current is at its top
//   query.server.ts    a query's clauses matched in the index and ranked, the rows a page shows
//   links.server.ts    where a result links (a bank question: its paper, practice set or exam)
//   filters.server.ts  the results page's filter lists and the empty page's topics
//   kept.server.ts     kept searches: SEARCHES_KEPT and the search box's suggestions
export { reindex, indexStale, rebuildIndex, SEARCH_VERSION, type Executor, type SearchIndexSource } from "./search/indexer.server";
export { findCandidates, getHits, SEARCH_KINDS, type Candidate, type Facet, type Found, type SearchHit, type Shown } from "./search/query.server";
export { listPaperYears, listSubjectGrades, starterTopics } from "./search/filters.server";
export { SEARCHES_KEPT, suggest } from "./search/kept.server";
