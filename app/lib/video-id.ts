const YT_URL =
  /(?:youtube(?:-nocookie)?\.com\/(?:embed\/|shorts\/|live\/|v\/|watch\/?\?(?:[^#\s"'<>]*?[&;])?v=)|youtu\.be\/)([A-Za-z0-9_-]+)/gi;
const YT_URL_FIRST = new RegExp(YT_URL.source, "i");
const ID_CHARS = /^[A-Za-z0-9_-]+$/;

// Standard ids are exactly 11 characters; a lower minLength (theory content) relaxes both bounds.
function validId(id: string, minLength: number): boolean {
  return ID_CHARS.test(id) && id.length >= minLength && (minLength < 11 || id.length === 11);
}

/** Id from an embed, watch?v=, youtu.be or shorts link (also m., nocookie hosts). */
export function videoIdFrom(url: string | null | undefined, minLength = 11): string | null {
  const m = YT_URL_FIRST.exec(url ?? "");
  return m && validId(m[1], minLength) ? m[1] : null;
}

const THEORY_MIN = 6;
const FIELDS = ["content", "html", "theory", "text"] as const;

function htmlOf(item: unknown): string {
  if (typeof item === "string") return item;
  if (Array.isArray(item)) return item.map(htmlOf).join("\n");
  if (item && typeof item === "object") {
    const rec = item as Record<string, unknown>;
    for (const f of FIELDS) if (typeof rec[f] === "string" && rec[f]) return rec[f] as string;
  }
  return "";
}

const VIDEOURL_EL =
  /<([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*?\bclass\s*=\s*(["'])[^"']*?\bvideourl\b[^"']*\3(?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** Video ids (6+ chars) from .videourl elements (href or text) and bare YouTube links, unique, in document order. */
export function theoryVideoIds(item: unknown): string[] {
  const html = htmlOf(item);
  const found: { pos: number; id: string }[] = [];
  for (const m of html.matchAll(VIDEOURL_EL)) {
    const href = HREF.exec(m[2]);
    const text = m[4].replace(/<[^>]*>/g, "").trim();
    // An editor may paste the bare id instead of a link into the videourl element.
    for (const c of [href?.[1] ?? href?.[2] ?? href?.[3], text]) {
      const id = c ? (videoIdFrom(c, THEORY_MIN) ?? (validId(c.trim(), THEORY_MIN) ? c.trim() : null)) : null;
      if (id) found.push({ pos: m.index ?? 0, id });
    }
  }
  for (const m of html.matchAll(YT_URL)) {
    if (validId(m[1], THEORY_MIN)) found.push({ pos: m.index ?? 0, id: m[1] });
  }
  found.sort((a, b) => a.pos - b.pos);
  return [...new Set(found.map((f) => f.id))];
}

const EMBEDDABLE = /^[A-Za-z0-9_-]{6,64}$/;

export function embedUrl(id: string): string {
  return EMBEDDABLE.test(id ?? "") ? `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1` : "";
}

export function thumbnailUrls(id: string): string[] {
  if (!EMBEDDABLE.test(id ?? "")) return [];
  return ["maxresdefault", "hqdefault", "mqdefault", "default"].map((q) => `https://i.ytimg.com/vi/${id}/${q}.jpg`);
}

export const VIDEO_KIND_LABELS = {
  theory: "Theory video",
  example: "Example video",
  short: "Short Question video",
  b2: "B2 Question video",
  b3: "B3 Question video",
  b4: "B4 Question video",
  c5: "C5 Question video",
  a6: "A6 Question video",
  all: "All",
} as const;

export type VideoKind = Exclude<keyof typeof VIDEO_KIND_LABELS, "all">;

const TITLE_KIND: Record<VideoKind, string> = {
  theory: "Theory",
  example: "Example",
  short: "Short Question",
  b2: "B2",
  b3: "B3",
  b4: "B4",
  c5: "C5",
  a6: "A6",
};

export function videoTitleFallback(kind: string | null | undefined, n: number): string {
  const k = (kind ?? "").trim().toLowerCase() || "theory";
  const label = Object.hasOwn(TITLE_KIND, k) ? TITLE_KIND[k as VideoKind] : "Question";
  return `${label} video ${n}`;
}

const LOCAL_THUMBNAIL = "/images/video-fallback.svg";

/**
 * src and data-fallbacks for a thumbnail <img>: start at `from` (an index into the spec's order maxres,
 * hq, mq, default) and fall back along that order, then to the local image (app/enhance/thumbs.ts).
 */
export function thumbnailWithFallbacks(id: string, from: number): { src: string; "data-fallbacks"?: string } {
  const src = thumbnailUrls(id)[from] ?? LOCAL_THUMBNAIL;
  return { src, "data-fallbacks": thumbnailFallbacks(src) };
}

/**
 * data-fallbacks for a thumbnail <img> whose src is one of thumbnailUrls(): the smaller sizes after
 * it, then the local image. Undefined for any other src (the local image itself: nothing further).
 */
export function thumbnailFallbacks(src: string): string | undefined {
  const urls = thumbnailUrls(/^https:\/\/i\.ytimg\.com\/vi\/([^/]+)\//.exec(src)?.[1] ?? "");
  const at = urls.indexOf(src);
  return at < 0 ? undefined : [...urls.slice(at + 1), LOCAL_THUMBNAIL].join(" ");
}

/** The video's own page on YouTube: where play goes without JavaScript. */
export function watchUrl(id: string): string {
  return EMBEDDABLE.test(id ?? "") ? `https://www.youtube.com/watch?v=${id}` : "";
}
