// The home page's video section: filter pills, a list that grows, one selected video. Every state is a
// URL (see ~/lib/video-query); with JS the links swap just the part that changes. The player is "light": a
// thumbnail and a play link to the video's page; with JS, app/enhance/player.ts puts YouTube's
// embedded player in its place when the student presses play. No page we serve holds a third-party frame.
import { Icon } from "~/components/icons";
import { embedUrl, thumbnailWithFallbacks, VIDEO_KIND_LABELS, watchUrl } from "~/lib/video-id";
import {
  filterHref,
  showMoreHref,
  VIDEO_FILTERS,
  VIDEO_SECTION_ID,
  videoHref,
  type VideoSection as Section,
} from "~/lib/video-query";

const SECTION = `#${VIDEO_SECTION_ID}`;

export function VideoSection({
  section,
  search,
  title = "ভিডিও ক্লাস",
  subtitle = "Video lessons",
}: {
  section: Section;
  search: string;
  /** The heading staff may change (/gradmin/site-texts). */
  title?: string;
  subtitle?: string;
}) {
  const { selected, items } = section;
  const more = showMoreHref(search, section);
  return (
    <section id={VIDEO_SECTION_ID} className="home-section video-section" aria-labelledby={`${VIDEO_SECTION_ID}-h`} tabIndex={-1}>
      <header className="section-head">
        <div>
          <h2 id={`${VIDEO_SECTION_ID}-h`}>{title}</h2>
          <p className="muted">{subtitle}</p>
        </div>
      </header>
      <nav aria-label="Video filter">
        <ul className="pill-list video-filters">
          {VIDEO_FILTERS.map((f) => (
            <li key={f}>
              <a
                href={filterHref(search, section, f)}
                data-swap={SECTION}
                data-swap-replace
                aria-current={f === section.filter ? "true" : undefined}
              >
                {VIDEO_KIND_LABELS[f]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="video-layout">
        <div id="video-player" className="video-player" tabIndex={-1}>
          {selected ? <VideoPlayer video={selected} /> : <p className="video-prompt">Select a video from the sidebar to play it here.</p>}
        </div>
        <div id="video-list" className="video-list-wrap">
          {items.length === 0 ? (
            <p className="empty">No videos found.</p>
          ) : (
            <ol className="video-list" aria-label={VIDEO_KIND_LABELS[section.filter]}>
              {items.map((item, i) => (
                <li key={item.id}>
                  <VideoListLink video={item} n={i + 1} href={videoHref(search, { v: item.id })} current={item.id === selected?.id} swap={SECTION} />
                </li>
              ))}
            </ol>
          )}
          {more ? (
            // Only the list is swapped, so a video playing beside it keeps playing.
            <a className="btn video-more" href={more} data-swap="#video-list" data-swap-replace>
              Show more
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

type Shown = Pick<Section["items"][number], "id" | "title">;

/** The selected video: its thumbnail as a play link (YouTube's page; with JS, enhance/player.ts plays it in place) and its title. */
export function VideoPlayer({ video }: { video: Shown }) {
  return (
    <>
      <a
        className="video-frame video-poster"
        href={watchUrl(video.id)}
        target="_blank"
        rel="noopener noreferrer"
        data-play-embed={embedUrl(video.id)}
        aria-label={`Play: ${video.title}`}
      >
        <img {...thumbnailWithFallbacks(video.id, 1)} alt={video.title} width="480" height="360" loading="lazy" decoding="async" />
        <span className="video-play" aria-hidden="true">
          <Icon name="play" />
        </span>
      </a>
      <h3 className="video-now">{video.title}</h3>
    </>
  );
}

/** One numbered entry of the video list: thumbnail and title, selecting the video. */
export function VideoListLink({ video, n, href, current, swap }: { video: Shown; n: number; href: string; current: boolean; swap?: string }) {
  return (
    <a href={href} data-swap={swap} aria-current={current ? "true" : undefined}>
      <span className="video-no">{n}</span>
      <img {...thumbnailWithFallbacks(video.id, 2)} alt="" width="320" height="180" loading="lazy" decoding="async" />
      <span className="video-title">{video.title}</span>
    </a>
  );
}
