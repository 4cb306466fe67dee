import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { PageBanner } from "~/components/page-banner";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime, formatDhakaTime } from "~/lib/dhaka-time";
import { seo } from "~/lib/meta";
import { thumbnailWithFallbacks, videoIdFrom } from "~/lib/video-id";
import { liveSchedule, type LiveClass } from "~/models/live.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: papersStyles }];

/** What the page shows of a class: times already in Bangladesh time, the video as a link and a thumbnail. */
function view(c: LiveClass, url: string | null) {
  const id = videoIdFrom(url);
  const end = new Date(c.startsAt.getTime() + c.durationMinutes * 60_000);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    startsAtIso: c.startsAt.toISOString(),
    startsAt: formatDhakaDateTime(c.startsAt),
    endsAt: formatDhakaTime(end),
    duration: `${toBanglaDigits(c.durationMinutes)} মিনিট`,
    // No iframe and no YouTube script until the student asks: a thumbnail linking to the watch page.
    watchUrl: id ? `https://www.youtube.com/watch?v=${id}` : url,
    thumbnail: id ? thumbnailWithFallbacks(id, 1) : null,
  };
}

/** /live/room — the class on air or the next one, the schedule, and past classes with recordings. */
export async function loader() {
  const { featured, upcoming, past } = await liveSchedule(new Date());
  return json(
    {
      featured: featured ? { status: featured.status, ...view(featured.item, featured.item.streamUrl) } : null,
      upcoming: upcoming.map((c) => view(c, c.streamUrl)),
      past: past.map((c) => view(c, c.recordingUrl)),
    },
    // The schedule changes with the clock: keep shared caches short.
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "public, max-age=30",
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data?.featured ? `লাইভ ক্লাস: ${data.featured.title}` : "লাইভ ক্লাস — Live Class",
    description: data?.featured
      ? `${data.featured.status === "live" ? "এখন লাইভ চলছে" : "পরবর্তী লাইভ ক্লাস"}: ${data.featured.title}, ${data.featured.startsAt} (বাংলাদেশ সময়)`
      : "গণিত ও বিজ্ঞানের লাইভ ক্লাসের সময়সূচি ও আগের ক্লাসের রেকর্ডিং।",
  });

export default function LiveRoom() {
  const { featured, upcoming, past } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Live Class" }]} />
      <PageBanner kicker="Live Class" title="লাইভ ক্লাস" />
      <section className="panel" aria-labelledby="now-h">
        {featured ? (
          <div className="live-feature">
            <Thumb watchUrl={featured.watchUrl} thumbnail={featured.thumbnail} title={featured.title} />
            <div>
              <p>
                <span className={`live-badge ${featured.status === "live" ? "on-air" : "next"}`}>
                  {featured.status === "live" ? "এখন লাইভ চলছে" : "পরবর্তী লাইভ ক্লাস"}
                </span>
              </p>
              <h2 id="now-h">{featured.title}</h2>
              <p>
                <time dateTime={featured.startsAtIso}>{featured.startsAt}</time> – {featured.endsAt} (বাংলাদেশ সময়) · {featured.duration}
              </p>
              {featured.description ? <p>{featured.description}</p> : null}
              {featured.watchUrl ? (
                <p>
                  <a className="btn" href={featured.watchUrl} target="_blank" rel="noopener noreferrer">
                    <Icon name="youtube" /> {featured.status === "live" ? "YouTube-এ লাইভ দেখুন" : "YouTube-এ ক্লাসের লিংক"}
                  </a>
                </p>
              ) : null}
            </div>
          </div>
        ) : (
          <>
            <h2 id="now-h" className="visually-hidden">
              এখনকার লাইভ ক্লাস
            </h2>
            <p className="empty">এখন কোনো লাইভ ক্লাস নির্ধারিত নেই</p>
          </>
        )}
      </section>

      <section className="panel" aria-labelledby="schedule-h">
        <h2 id="schedule-h">আসন্ন ক্লাসের সময়সূচি</h2>
        {upcoming.length === 0 ? (
          <p className="empty">আর কোনো ক্লাস নির্ধারিত নেই।</p>
        ) : (
          <ol className="schedule">
            {upcoming.map((c) => (
              <li key={c.id}>
                <time dateTime={c.startsAtIso}>{c.startsAt} (বাংলাদেশ সময়)</time>
                <strong>{c.title}</strong> <span className="muted">· {c.duration}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="panel" aria-labelledby="past-h">
        <h2 id="past-h">আগের ক্লাসের রেকর্ডিং</h2>
        {past.length === 0 ? (
          <p className="empty">এখনও কোনো রেকর্ডিং নেই।</p>
        ) : (
          <ul className="recordings">
            {past.map((c) => (
              <li key={c.id}>
                <a href={c.watchUrl ?? undefined} target="_blank" rel="noopener noreferrer">
                  {c.thumbnail ? <img {...c.thumbnail} alt="" width="320" height="180" loading="lazy" decoding="async" /> : null}
                  <strong>{c.title}</strong>
                </a>
                <time className="muted" dateTime={c.startsAtIso}>
                  {c.startsAt}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Thumb({ watchUrl, thumbnail, title }: { watchUrl: string | null; thumbnail: { src: string; "data-fallbacks"?: string } | null; title: string }) {
  if (!watchUrl) return null;
  return (
    <a className="live-thumb" href={watchUrl} target="_blank" rel="noopener noreferrer" aria-label={`${title} — YouTube-এ দেখুন`}>
      {thumbnail ? <img {...thumbnail} alt="" width="480" height="360" /> : null}
      <span className="play" aria-hidden="true">
        <Icon name="play" />
      </span>
    </a>
  );
}
