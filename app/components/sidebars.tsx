import { Icon } from "~/components/icons";
import type { SocialPlatform } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { navIconFor } from "~/lib/subject-icon";
import type { GeneralSidebar as GeneralSidebarData } from "~/models/sidebar.server";
import type { SocialMap } from "~/models/site.server";
import type { SingleSidebarBlock } from "~/models/study.server";

const FOLLOW: { key: SocialPlatform; label: string }[] = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "Twitter" },
  { key: "googleplus", label: "Google Plus" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "youtube", label: "YouTube" },
];

/** 'Follow Us': up to five social links, each opening in a new tab. */
export function FollowUs({ social }: { social: SocialMap }) {
  const links = FOLLOW.filter(({ key }) => social[key]);
  return (
    <section className="widget follow-us" aria-labelledby="follow-us">
      <h2 id="follow-us">Follow Us</h2>
      {links.length === 0 ? (
        <p className="muted">No social links yet.</p>
      ) : (
        <ul className="social-icons">
          {links.map(({ key, label }) => (
            <li key={key}>
              <a href={social[key]} target="_blank" rel="noopener noreferrer" aria-label={`${label} (নতুন ট্যাবে)`}>
                <Icon name={key} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The title page's sidebar: subject blocks with collapsible chapters (details/summary: no JS needed). */
export function SingleSidebar({ blocks, openCategoryId, currentTitleId }: { blocks: SingleSidebarBlock[]; openCategoryId?: number; currentTitleId?: number }) {
  return (
    <div className="widget single-sidebar">
      {blocks.length === 0 ? <p className="muted">কোনো তথ্য পাওয়া যায়নি</p> : null}
      {blocks.map((b) => (
        <section key={b.subject.id} aria-label={b.subject.sname}>
          <h2 className="widget-title">
            <Icon name={navIconFor(`${b.subject.slug} ${b.subject.sname}`)} /> {b.subject.sname}
          </h2>
          <ul className="chapter-list">
            {b.categories.map((c) =>
              c.titles === null ? (
                // A large subject lists only the open chapter's titles; this chapter's page lists its own.
                <li key={c.cid}>
                  <a className="chapter-link" href={`/category/${c.cid}`}>
                    {c.name} <small>({toBanglaDigits(c.count)}টি টপিক)</small>
                  </a>
                </li>
              ) : (
                <li key={c.cid}>
                  <details open={c.cid === openCategoryId}>
                    <summary>{c.name}</summary>
                    {c.titles.length === 0 ? (
                      <p className="coming-soon">Coming Soon !</p>
                    ) : (
                      <ul>
                        {c.titles.map((t) => (
                          <li key={t.tid}>
                            <a href={`/title/${t.tid}`} aria-current={t.tid === currentTitleId ? "page" : undefined}>
                              {t.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </details>
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The general sidebar: the social block, then each non-empty group, in a 30rem scroll list. */
export function GeneralSidebar({ data, social }: { data: GeneralSidebarData; social: SocialMap }) {
  return (
    <div className="general-sidebar">
      <FollowUs social={social} />
      <div className="widget sidebar-scroll">
        {data.categories.length > 0 ? (
          <section aria-labelledby="gs-cat">
            <h2 id="gs-cat" className="widget-title">অধ্যায়সমূহ</h2>
            {data.categories.map((g) => (
              <div key={g.subject.sname}>
                <h3>
                  <Icon name={navIconFor(g.subject.sname)} /> {g.subject.sname}
                </h3>
                <ul>
                  {g.categories.map((c) => (
                    <li key={c.cid}>
                      <a href={`/category/${c.cid}`}>{c.name}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ) : null}
        {data.postList.length > 0 ? (
          <section aria-labelledby="gs-posts">
            <h2 id="gs-posts" className="widget-title">সাম্প্রতিক পাঠ</h2>
            {data.postList.map((g) => (
              <div key={g.subject.sname}>
                <h3>
                  <Icon name={navIconFor(g.subject.sname)} /> {g.subject.sname}
                </h3>
                {g.categories.map((c) => (
                  <ul key={c.name} aria-label={c.name}>
                    {c.titles.map((t) => (
                      <li key={t.tid}>
                        <a href={`/title/${t.tid}`}>{t.name}</a>
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
            ))}
          </section>
        ) : null}
        {data.multipleChoice.length > 0 ? (
          <section aria-labelledby="gs-mcq">
            <h2 id="gs-mcq" className="widget-title">বহুনির্বাচনি অনুশীলন</h2>
            <ul>
              {data.multipleChoice.map((m) => (
                <li key={m.id}>
                  <a href={`/mq/${m.id}`}>{m.name}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.questionPaper.length > 0 ? (
          <section aria-labelledby="gs-qp">
            <h2 id="gs-qp" className="widget-title">প্রশ্নপত্র</h2>
            <ul>
              {data.questionPaper.map((q) => (
                <li key={q.sid}>
                  <a href={`/board-question/${q.sid}`}>{q.subject} question paper</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
