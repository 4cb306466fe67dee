import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CardCollection, ViewToggle, type ViewMode } from "~/components/card-collection";
import { Icon } from "~/components/icons";
import { LiveExamList } from "~/components/live-exam";
import { VideoSection } from "~/components/video-section";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { flagText, readQuery, z } from "~/lib/input";
import { listingCacheControl } from "~/lib/live-exam";
import { seo } from "~/lib/meta";
import { homeIconFor } from "~/lib/subject-icon";
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
const ALL_SUBJECTS_PARAM = "allsubjects";

/** Each card row's view: ?subjects=grid (anything else is the carousel), and the same for boards and mcq. */
const viewMode = z.enum(["carousel", "grid"]).catch("carousel");

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
  const shown = allSubjects ? subjects : subjects.slice(0, HOME_SUBJECTS);
  const cacheControl = listingCacheControl(liveExams, now);
  return json(
    {
      liveExams,
      subjects: shown,
      moreSubjects: subjects.length - shown.length,
      boardSubjects,
      mcq,
      admission: admissionSections(mcq, texts),
      // The section headings staff may change (/gradmin/site-texts); the spec's texts by default.
      headings: texts.texts,
      views: { subjects: query.subjects, boards: query.boards, mcq: query.mcq } satisfies Record<string, ViewMode>,
      video: videoSection(videos, readQuery(VideoQuerySchema, url.searchParams)),
      search: url.search,
    },
    cacheControl ? { headers: { "Cache-Control": cacheControl } } : undefined,
  );
}

/** A live exam starting or closing within the minute: no copy of the page outlives that moment. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: MetaFunction<typeof loader> = ({ matches }) => seo(matches);

export default function Home() {
  const { liveExams, subjects, moreSubjects, boardSubjects, mcq, admission, headings, views, video, search } = useLoaderData<typeof loader>();
  return (
    <div className="home container">
      <h1 className="visually-hidden">গণিত, বিজ্ঞান ও ইংরেজি শিখুন</h1>

      <LiveExamList items={liveExams} id="live-exams" className="home-section" />

      <HomeSection id="subjects" title={headings.home_subjects_title} subtitle={headings.home_subjects_subtitle} param="subjects" mode={views.subjects} search={search}>
        {subjects.length === 0 ? <p className="empty">No items.</p> : null}
        {subjects.map((s, i) => (
          <div className="subject-row" key={s.id}>
            <h3 className="subject-row-title">
              <span className="subject-icon">
                <Icon name={homeIconFor(s.icon)} />
              </span>
              <a href={`/subject/${encodeURIComponent(s.slug)}`}>{s.sname}</a>
              {s.total > s.categories.length ? (
                <a className="more-link" href={`/subject/${encodeURIComponent(s.slug)}`}>
                  সব অধ্যায় ({s.total})
                </a>
              ) : null}
            </h3>
            <CardCollection
              mode={views.subjects}
              label={s.sname}
              lazy={i > 1}
              items={s.categories.map((c) => ({ href: `/category/${c.id}`, name: c.name, image: c.image, icon: homeIconFor(s.icon) }))}
            />
          </div>
        ))}
        {moreSubjects > 0 ? (
          <p className="more-subjects">
            <a className="btn" href={`${withParam(search, ALL_SUBJECTS_PARAM, "1")}#subjects`}>
              আরও {toBanglaDigits(moreSubjects)}টি বিষয় দেখুন (more subjects)
            </a>
          </p>
        ) : null}
      </HomeSection>

      <HomeSection
        id="board-papers"
        title={headings.home_boards_title}
        subtitle={headings.home_boards_subtitle}
        param="boards"
        mode={views.boards}
        search={search}
      >
        <CardCollection
          mode={views.boards}
          label="বোর্ড প্রশ্নপত্র"
          items={boardSubjects.map((b) => ({ href: `/board-question/${b.id}`, name: b.name, image: b.image }))}
        />
      </HomeSection>

      <HomeSection id="grcontentmcq" title={headings.home_mcq_title} subtitle={headings.home_mcq_subtitle} param="mcq" mode={views.mcq} search={search}>
        <CardCollection
          mode={views.mcq}
          label={headings.home_mcq_title}
          items={mcq.map((m) => ({ href: `/mq/${m.id}`, name: m.name, image: m.image }))}
        />
      </HomeSection>

      <VideoSection section={video} search={search} title={headings.home_videos_title} subtitle={headings.home_videos_subtitle} />

      {admission.map((s) => (
        <section key={s.key} id={s.key} className="home-section admission" aria-labelledby={`${s.key}-h`}>
          <header className="section-head">
            <h2 id={`${s.key}-h`}>{s.heading}</h2>
            <p>{s.blurb}</p>
          </header>
          <h3 className="list-label">Subject</h3>
          {s.items.length === 0 ? (
            <p className="empty">{s.empty}</p>
          ) : (
            <ul className="pill-list">
              {s.items.map((m) => (
                <li key={m.id}>
                  <a href={`/mq/${m.id}`}>{m.name}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function HomeSection({
  id,
  title,
  subtitle,
  param,
  mode,
  search,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  param: string;
  mode: ViewMode;
  search: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} className={`home-section view-${mode}`} aria-labelledby={`${id}-h`} tabIndex={-1}>
      <header className="section-head">
        <div>
          <h2 id={`${id}-h`}>{title}</h2>
          <p className="muted">{subtitle}</p>
        </div>
        <ViewToggle search={search} param={param} mode={mode} target={id} />
      </header>
      {children}
    </section>
  );
}

/** The page's query with one parameter set: the other sections' states stay in the link. */
function withParam(search: string, key: string, value: string) {
  const next = new URLSearchParams(search);
  next.set(key, value);
  return `?${next.toString()}`;
}
