// The home page's content sections as markup, made once per content version and query. Their inputs
// (subjects, board subjects, MCQ categories, site texts) are kept until the next staff change, each a
// new object after one, so the markup is kept with those objects: an uncached home page renders only
// what changes with the hour (live exams, videos). Like shell-html.server.tsx, this keeps parts of
// a page, never a page: the loader still runs on every request.
import { renderToStaticMarkup } from "react-dom/server";
import { AdmissionSections, HomeTopSections, type AdmissionSectionView, type HomeHeadings, type HomeSubject, type HomeViews } from "~/components/home-sections";

type Named = { id: number; name: string; image: string | null };
export type HomeSectionsInput = {
  /** Every subject (the kept list); `allSubjects` says whether all of them show. */
  subjects: HomeSubject[];
  shownSubjects: number;
  allSubjects: boolean;
  boardSubjects: Named[];
  mcq: Named[];
  admission: AdmissionSectionView[];
  headings: HomeHeadings;
  views: HomeViews;
  search: string;
};
export type HomeSectionsHtml = { top: string; admission: string };

/** Queries kept per content version before they are made afresh (a flood of odd query strings costs renders, never memory). */
const MAX_QUERIES = 64;
let kept: { sources: readonly object[]; byQuery: Map<string, HomeSectionsHtml> } | null = null;

export function homeSectionsHtml(input: HomeSectionsInput): HomeSectionsHtml {
  const sources = [input.subjects, input.boardSubjects, input.mcq, input.admission, input.headings];
  if (!kept || kept.sources.some((s, i) => s !== sources[i])) kept = { sources, byQuery: new Map() };
  const key = `${input.allSubjects ? 1 : 0} ${input.shownSubjects} ${input.views.subjects} ${input.views.boards} ${input.views.mcq} ${input.search}`;
  let html = kept.byQuery.get(key);
  if (!html) {
    if (kept.byQuery.size >= MAX_QUERIES) kept.byQuery.clear();
    const shown = input.subjects.slice(0, input.shownSubjects);
    html = {
      top: renderToStaticMarkup(
        <HomeTopSections
          subjects={shown}
          moreSubjects={input.subjects.length - shown.length}
          boardSubjects={input.boardSubjects}
          mcq={input.mcq}
          headings={input.headings}
          views={input.views}
          search={input.search}
        />,
      ),
      admission: renderToStaticMarkup(<AdmissionSections sections={input.admission} />),
    };
    kept.byQuery.set(key, html);
  }
  return html;
}
