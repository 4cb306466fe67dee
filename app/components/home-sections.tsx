// The home page's content sections (subjects, board papers, MCQ, the admission sections): drawn from
// content kept until the next staff change and from the URL's view choices, so their markup is made
// once per content version and query (components/home-html.server.tsx), not on every render.
import { CardCollection, ViewToggle, type ViewMode } from "~/components/card-collection";
import { Icon } from "~/components/icons";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { homeIconFor } from "~/lib/subject-icon";

type Named = { id: number; name: string; image: string | null };
export type HomeSubject = { id: number; sname: string; slug: string; icon: string | null; total: number; categories: Named[] };
export type HomeViews = { subjects: ViewMode; boards: ViewMode; mcq: ViewMode };
export type HomeHeadings = Record<string, string>;
export type AdmissionSectionView = { key: string; heading: string; blurb: string; empty: string; items: { id: number; name: string }[] };

export const ALL_SUBJECTS_PARAM = "allsubjects";

/** Subjects, board papers and MCQ: the sections above the videos. */
export function HomeTopSections({
  subjects,
  moreSubjects,
  boardSubjects,
  mcq,
  headings,
  views,
  search,
}: {
  subjects: HomeSubject[];
  moreSubjects: number;
  boardSubjects: Named[];
  mcq: Named[];
  headings: HomeHeadings;
  views: HomeViews;
  search: string;
}) {
  return (
    <>
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
    </>
  );
}

/** The admission sections below the videos: heading, blurb and the MCQ categories each shows. */
export function AdmissionSections({ sections }: { sections: AdmissionSectionView[] }) {
  return (
    <>
      {sections.map((s) => (
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
    </>
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
