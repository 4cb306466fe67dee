// Videos: the home page's video section, every kind merged the way the old site's per-kind video calls listed them.
import { and, asc, eq } from "drizzle-orm";
import { unionAll } from "drizzle-orm/mysql-core";
import { db } from "~/db/client.server";
import { videoKinds, videos } from "~/db/schema";
import { embedUrl, videoIdFrom, videoTitleFallback } from "~/lib/video-id";
import { keptUntilContentChange } from "~/models/content-version.server";
import { isPublished } from "~/models/publication.server";
import type { Video } from "~/lib/video-query";

export type { Video };

/** The old per-kind API calls each returned at most this many (…_videos.php?limit=200). */
export const VIDEOS_PER_KIND = 200;
/** Theory content may hold shorter ids (the old site's theory rows have them); other kinds take exactly 11 characters. */
const minIdLength = (kind: Video["kind"]) => (kind === "theory" ? 6 : 11);

/**
 * One video row as the home page's section shows it (the same YouTube id rule as listVideos), or null
 * when the site cannot show it at all. A staff preview of a video reads its row through this.
 */
export function videoCardOf(row: { url: string; title: string | null; kind: Video["kind"] }): Video | null {
  const id = videoIdFrom(row.url, minIdLength(row.kind));
  if (!id || !embedUrl(id)) return null;
  // An untitled video is numbered among its kind on the site; its place is not known here.
  return { id, kind: row.kind, title: row.title?.trim() || videoTitleFallback(row.kind, 1).replace(/ 1$/, ""), url: row.url };
}

/**
 * listVideos() for the home page, kept until the content version moves. The page shows a few of the
 * list, but numbering and de-duplication need all of it: up to 1,800 rows on every home page otherwise.
 */
export const homeVideos = keptUntilContentChange(() => listVideos());

/**
 * Every video in the spec's kind order (theory, example, short, b2 … a6), then by sort and id: at
 * most VIDEOS_PER_KIND per kind, de-duplicated by YouTube id (the first kind keeps it), rows without
 * a usable id dropped, missing titles filled as '{Kind} video {n}' with n counting within the kind.
 * One query.
 */
export async function listVideos(): Promise<Video[]> {
  // Each kind's first VIDEOS_PER_KIND rows through the (kind, sort) index, one UNION ALL: it reads
  // at most 200 rows a kind however many videos there are (a window over every video read all
  // 10,000 of the large data set, 40 ms, on every home page).
  const perKind = videoKinds.map((kind) =>
    db
      .select({ url: videos.url, title: videos.title, kind: videos.kind, sort: videos.sort, rowId: videos.id })
      .from(videos)
      .where(and(eq(videos.kind, kind), isPublished(videos)))
      .orderBy(asc(videos.sort), asc(videos.id))
      .limit(VIDEOS_PER_KIND),
  );
  const [first, ...rest] = perKind;
  const unordered = rest.length ? await unionAll(first, rest[0], ...rest.slice(1)) : await first;
  // A union's order is the server's choice: the spec's kind order, then sort and id.
  const kindOrder = new Map(videoKinds.map((k, i) => [k, i]));
  const rows = unordered.sort(
    (a, b) => kindOrder.get(a.kind)! - kindOrder.get(b.kind)! || a.sort - b.sort || a.rowId - b.rowId,
  );

  const byId = new Map<string, { kind: Video["kind"]; title: string | null; url: string }>();
  for (const r of rows) {
    const id = videoIdFrom(r.url, minIdLength(r.kind));
    if (!id || !embedUrl(id)) continue; // no id, or one too long to embed
    const title = r.title?.trim() || null;
    const seen = byId.get(id);
    // A title is the video's, whichever row carries it.
    if (seen) seen.title ??= title;
    else byId.set(id, { kind: r.kind, title, url: r.url });
  }

  const n = new Map<Video["kind"], number>();
  return Array.from(byId, ([id, v]) => {
    const i = (n.get(v.kind) ?? 0) + 1;
    n.set(v.kind, i);
    return { id, kind: v.kind, title: v.title ?? videoTitleFallback(v.kind, i), url: v.url };
  });
}
