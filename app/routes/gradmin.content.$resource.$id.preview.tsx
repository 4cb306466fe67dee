// /gradmin/content/{resource}/{id}/preview: the row's public page as it will look published, for
// staff. A link (no JavaScript needed) to here sends them on to the page's own route with ?preview=1,
// which shows drafts to signed-in staff only, under a "Preview — not published" banner, never cached.
// A video has no page of its own (the home page's video section lists it): this page shows its card
// as that section will, here in the admin area, so no public page or cache ever holds a draft video.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, Notice } from "~/components/admin";
import { VideoListLink, VideoPlayer } from "~/components/video-section";
import type { VideoKind } from "~/db/schema";
import { PUBLISHABLE } from "~/lib/admin/resources";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { notFound } from "~/lib/http.server";
import { VIDEO_KIND_LABELS, watchUrl } from "~/lib/video-id";
import { requireResource, requireRow } from "~/utils/admin-access.server";
import { previewPathOf } from "~/models/publication.server";
import { videoCardOf } from "~/models/videos.server";
import videoStyles from "~/styles/video.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: videoStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def } = await requireResource(request, params.resource);
  if (!(PUBLISHABLE as readonly string[]).includes(def.key)) throw notFound("এর প্রিভিউ নেই। (No preview for this.)");
  const row = await requireRow(def, params.id);
  if (def.key === "videos") {
    const kind = row.kind as VideoKind;
    const card = videoCardOf({ url: String(row.url), title: (row.title as string | null) ?? null, kind });
    return json(
      {
        id: row.id,
        video: card ? { id: card.id, title: card.title } : null,
        url: String(row.url),
        kindLabel: VIDEO_KIND_LABELS[kind] ?? kind,
        status: String(row.status),
        publishAt: row.status === "scheduled" && row.publishAt ? formatDhakaDateTime(new Date(row.publishAt as string)) : null,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const target = await previewPathOf(def.key, row);
  if ("none" in target) throw notFound(target.none);
  throw redirect(target.href, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `ভিডিওর প্রিভিউ (Video preview) #${data?.id ?? ""} — Admin` }];

/** A video's card and player as the home page's video section shows them. */
export default function VideoPreview() {
  const d = useLoaderData<typeof loader>();
  const self = `/gradmin/content/videos/${d.id}/preview`;
  return (
    <>
      <p>
        <a href={`/gradmin/content/videos/${d.id}`}>← ভিডিও (Video) #{d.id}</a>
      </p>
      <h1>
        ভিডিওর প্রিভিউ (Video preview) <span className="muted">#{d.id}</span>
      </h1>
      {d.status === "published" ? (
        <Notice kind="ok">প্রকাশিত: হোম পেজের ভিডিও অংশে আছে। (Published: it is in the home page's video section.)</Notice>
      ) : (
        <p className="preview-banner" role="status">
          প্রিভিউ — প্রকাশিত নয় (Preview — not published)
          {d.publishAt ? ` · নির্ধারিত সময় (goes live) ${d.publishAt}` : ""}
        </p>
      )}
      <p className="muted">
        হোম পেজের ভিডিও অংশে &ldquo;{d.kindLabel}&rdquo; ও &ldquo;All&rdquo; তালিকায় এটি এভাবে দেখাবে। এখানে চালালে ইউটিউবে খোলে; সাইটে (জাভাস্ক্রিপ্ট চালু থাকলে) পাতাতেই
        চলে। (In the home page&apos;s video section, under &ldquo;{d.kindLabel}&rdquo; and &ldquo;All&rdquo;, it shows like this. Play opens it on YouTube here; on the site,
        with JavaScript, it plays in place.)
      </p>
      {d.video ? (
        <section className="video-section" aria-label={`${d.kindLabel}: ${d.video.title}`}>
          <div className="video-layout">
            <div className="video-player">
              <VideoPlayer video={d.video} />
            </div>
            <div className="video-list-wrap">
              <ol className="video-list" aria-label={d.kindLabel}>
                <li>
                  <VideoListLink video={d.video} n={1} href={self} current />
                </li>
              </ol>
            </div>
          </div>
        </section>
      ) : (
        <Notice kind="error">
          এই ঠিকানায় সাইটে দেখানোর মতো YouTube ভিডিও নেই, তাই প্রকাশিত হলেও এটি কোথাও দেখাবে না। (This address has no YouTube video the site can show: even published,
          it appears nowhere.)
        </Notice>
      )}
      <p>
        ঠিকানা (Address):{" "}
        <a href={d.video ? watchUrl(d.video.id) : d.url} target="_blank" rel="noopener noreferrer">
          {d.url}
        </a>
      </p>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
