import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { homeSectionsHtml } from "~/components/home-html.server";
import { ALL_SUBJECTS_PARAM, type HomeViews } from "~/components/home-sections";
import { LiveExamList } from "~/components/live-exam";
import { VideoSection } from "~/components/video-section";
import { flagText, readQuery, z } from "~/lib/input";
import { listingCacheControl } from "~/lib/live-exam";
import { seo } from "~/lib/meta";
import { VideoQuerySchema, videoSection } from "~/lib/video-query";
import { listBoardSubjects } from "~/models/board-papers.server";
import { listLiveExams } from "~/models/live-exams.server";
import { topMcqCategories } from "~/models/mcq.server";
import { homeSubjects } from "~/models/study.server";
import { homeVideos } from "~/models/videos.server";
import { admissionSections } from "~/models/site-texts.server";
import { getSiteTexts } from "~/models/site.server";
import videoStyles from "~/styles/video.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: videoStyles }];

/** Subject rows on the home page before 'more subjects' (each row is up to 12 chapter cards). */
const HOME_SUBJECTS = 12;

/** Each card row's view: ?subjects=grid (anything else is the carousel), and the same for boards and mcq. */
// .default first: an absent value (most visits) is the default without a failed parse (zod builds an
// issue for every .catch it takes, a measurable part of an uncached render).
const viewMode = z.enum(["carousel", "grid"]).default("carousel").catch("carousel");

/** ?allsubjects=1 shows every subject; the sections' views; the video section's own query is VideoQuerySchema. */
const HomeQuery = z.object({ [ALL_SUBJECTS_PARAM]: flagText, subjects: viewMode, boards: viewMode, mcq: viewMode });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readQuery(HomeQuery, url.searchParams);
  const now = new Date();
  const [subjects, boardSubjects, mcq, videos, liveExams, texts] = await Promise.all([
    homeSubjects(),
    listBoardSubjects(),
    topMcqCategories(),
    homeVideos(),
    listLiveExams({ now }),
    getSiteTexts(),
  ]);
  // The first HOME_SUBJECTS subjects, unless the reader asked for all (a URL: it can be shared).
  const allSubjects = query[ALL_SUBJECTS_PARAM];
  const views = { subjects: query.subjects, boards: query.boards, mcq: query.mcq } satisfies HomeViews;
  const cacheControl = listingCacheControl(liveExams, now);
  return json(
    {
      liveExams,
      // Subjects, board papers, MCQ and the admission sections change only with the content: their
      // markup is kept per content version and query (components/home-html.server.tsx).
      sections: homeSectionsHtml({
        subjects,
        shownSubjects: allSubjects ? subjects.length : HOME_SUBJECTS,
        allSubjects,
        boardSubjects,
        mcq,
        admission: admissionSections(mcq, texts),
        // The section headings staff may change (/gradmin/site-texts); the spec's texts by default.
        headings: texts.texts,
        views,
        search: url.search,
      }),
      videoHeadings: { title: texts.texts.home_videos_title, subtitle: texts.texts.home_videos_subtitle },
      video: videoSection(videos, readQuery(VideoQuerySchema, url.searchParams)),
      search: url.search,
    },
    cacheControl ? { headers: { "Cache-Control": cacheControl } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: MetaFunction<typeof loader> = ({ matches }) => seo(matches);

export default function Home() {
  const { liveExams, sections, videoHeadings, video, search } = useLoaderData<typeof loader>();
  return (
    <div className="home container">
      <h1 className="visually-hidden">গণিত, বিজ্ঞান ও ইংরেজি শিখুন</h1>

      <LiveExamList items={liveExams} id="live-exams" className="home-section" />

      {/* Subjects, board papers and MCQ (components/home-sections.tsx), made once per content version. */}
      <div className="home-part" dangerouslySetInnerHTML={{ __html: sections.top }} />

      <VideoSection section={video} search={search} title={videoHeadings.title} subtitle={videoHeadings.subtitle} />

      <div className="home-part" dangerouslySetInnerHTML={{ __html: sections.admission }} />
    </div>
  );
}
