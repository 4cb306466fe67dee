// /example?extid=&exqnameid= (the old site's example screen): example questions with board-year, a solution
// that opens without JS (<details>), and a video that is embedded only when asked for (?play=ID).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { formatBoardYear } from "~/lib/board-year";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { idText, readQuery, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { embedUrl, thumbnailFallbacks, thumbnailUrls, videoIdFrom } from "~/lib/video-id";
import { listExamples } from "~/models/exams.server";
import examStyles from "~/styles/exam.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
];

const SAMPLE = "/example?extid=1&exqnameid=1";

function exampleUrl(extid: number, exqnameid: number, play?: number) {
  const q = new URLSearchParams({ extid: String(extid), exqnameid: String(exqnameid) });
  if (play) q.set("play", String(play));
  return `/example?${q.toString()}`;
}

/** Each id is a positive whole number, or absent/malformed (null): the page then explains. */
const ExampleQuery = z.object({
  extid: idText.nullable().catch(null).default(null),
  exqnameid: idText.nullable().catch(null).default(null),
  play: idText.nullable().catch(null).default(null),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { extid, exqnameid, play } = readQuery(ExampleQuery, new URL(request.url).searchParams);
  // Missing or malformed parameters are not an error here: the page explains and offers the sample.
  if (!extid || !exqnameid) return json({ params: null, examples: [] });
  const rows = await listExamples(extid, exqnameid);
  return json({
    params: { extid, exqnameid },
    examples: rows.map((r, i) => {
      const id = videoIdFrom(r.videoUrl);
      return {
        id: r.id,
        serialBn: toBanglaDigits(i + 1),
        questionHtml: r.questionHtml ?? "",
        answerHtml: r.answerHtml ?? "",
        boardYear: formatBoardYear(r.boardYear),
        video: id
          ? {
              watchUrl: `https://www.youtube.com/watch?v=${id}`,
              thumbnail: thumbnailUrls(id)[1] ?? null,
              playHref: `${exampleUrl(extid, exqnameid, r.id)}#ex-${r.id}`,
              embed: play === r.id ? `${embedUrl(id)}&autoplay=1` : null,
            }
          : null,
      };
    }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  seo(matches, { title: "উদাহরণ — Example questions", description: "বোর্ড প্রশ্নের উদাহরণ, ধাপে ধাপে সমাধান ও ভিডিও ব্যাখ্যা।" });

export default function ExamplePage() {
  const { params, examples } = useLoaderData<typeof loader>();
  return (
    <div className="container example-page">
      <div id="examples">
        <header className="example-head">
          <h1>উদাহরণ (Examples)</h1>
          <a className="btn" href={SAMPLE} data-swap="#examples">
            Load Example Data
          </a>
        </header>
        {!params ? (
          <p className="notice">
            কোন উদাহরণগুলো দেখাবে তা ঠিকানায় বলা নেই (extid ও exqnameid লাগবে)। নমুনা দেখতে Load Example Data চাপুন।
          </p>
        ) : examples.length === 0 ? (
          <p className="empty">এই অংশে এখনো কোনো উদাহরণ নেই।</p>
        ) : (
          <ol className="example-list">
            {examples.map((ex) => (
              <li key={ex.id} id={`ex-${ex.id}`} className="example panel">
                <div className="q-head">
                  <span className="q-serial">{`${ex.serialBn}.`}</span>
                  {ex.boardYear ? <span className="board-year">{`[${ex.boardYear}]`}</span> : null}
                </div>
                <div className="prose" dangerouslySetInnerHTML={{ __html: ex.questionHtml }} />
                <details className="solution">
                  <summary>সমাধান</summary>
                  <div className="prose" dangerouslySetInnerHTML={{ __html: ex.answerHtml }} />
                </details>
                <div className="example-video">
                  {!ex.video ? (
                    <p className="muted">No video available for this example.</p>
                  ) : ex.video.embed ? (
                    <div className="video-frame">
                      <iframe
                        src={ex.video.embed}
                        title={`উদাহরণ ${ex.serialBn} এর ভিডিও`}
                        allow="autoplay; encrypted-media; picture-in-picture"
                        allowFullScreen
                        loading="lazy"
                      />
                    </div>
                  ) : (
                    <>
                      <a className="video-thumb" href={ex.video.playHref} data-swap={`#ex-${ex.id}`}>
                        {ex.video.thumbnail ? (
                          // A thumbnail that cannot load falls back to the local image, as on home (app.css, enhance/thumbs.ts).
                          <img
                            src={ex.video.thumbnail}
                            data-fallbacks={thumbnailFallbacks(ex.video.thumbnail)}
                            alt=""
                            width="480"
                            height="360"
                            loading="lazy"
                            decoding="async"
                          />
                        ) : null}
                        <span className="play-label">▶ ভিডিও দেখুন</span>
                      </a>
                      <a className="muted" href={ex.video.watchUrl} target="_blank" rel="noopener noreferrer">
                        YouTube-এ দেখুন
                      </a>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
