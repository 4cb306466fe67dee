// The home video section's URL state: ?video (filter), ?vcount (how
// many list items show), ?v (selected video). Pure, so the loader, the component and the
// tests read and write the query the same way.
import { z } from "~/lib/input";
import { VIDEO_KIND_LABELS, type VideoKind } from "~/lib/video-id";

export type VideoFilter = keyof typeof VIDEO_KIND_LABELS;
/** The spec's pill order: the eight kinds, then All. */
export const VIDEO_FILTERS = Object.keys(VIDEO_KIND_LABELS) as VideoFilter[];

export const VIDEO_PAGE = 12; // shown at first and added by each 'Show more'
export const VIDEO_COUNT_MAX = 200; // the list never grows past this (one kind's API limit)
export const VIDEO_SECTION_ID = "grcontentvideo";

export type Video = { id: string; kind: VideoKind; title: string; url: string };

export type VideoQuery = { filter: VideoFilter; count: number; v: string | null };

/**
 * ?video= one of the filter keys (anything else, or nothing, is All); ?vcount= whole numbers from 12
 * up, capped at VIDEO_COUNT_MAX (anything else is the first page, 12); ?v= the selected video's id,
 * as given (videoSection looks it up in the list).
 */
export const VideoQuerySchema = z
  .object({
    video: z.enum(VIDEO_FILTERS as [VideoFilter, ...VideoFilter[]]).default("all").catch("all"),
    vcount: z
      .string()
      .trim()
      .regex(/^\d+$/)
      .transform((s) => Math.min(Math.max(Number(s), VIDEO_PAGE), VIDEO_COUNT_MAX))
      .optional()
      .transform((n) => n ?? VIDEO_PAGE)
      .catch(VIDEO_PAGE),
    // An absent value (most visits) parses without an issue; .catch builds one for every value it replaces.
    v: z.string().nullable().optional().transform((s) => s ?? null).catch(null),
  })
  .transform(({ video, vcount, v }): VideoQuery => ({ filter: video, count: vcount, v }));

export type VideoSection = {
  filter: VideoFilter;
  count: number;
  total: number; // videos in the filter
  items: Pick<Video, "id" | "kind" | "title">[]; // the first `count` of them
  selected: Pick<Video, "id" | "kind" | "title"> | null;
};

/**
 * What the section shows for a query. The selected video is ?v when it is in the filter, else the
 * filter's first, so a filter with videos always shows one. Playing is never a server state: no page
 * we serve holds a third-party frame (see VideoSection's play link).
 */
export function videoSection(videos: Video[], q: VideoQuery): VideoSection {
  const list = q.filter === "all" ? videos : videos.filter((x) => x.kind === q.filter);
  const pick = ({ id, kind, title }: Video) => ({ id, kind, title });
  const chosen = list.find((x) => x.id === q.v) ?? list[0];
  return {
    filter: q.filter,
    count: q.count,
    total: list.length,
    items: list.slice(0, q.count).map(pick),
    selected: chosen ? pick(chosen) : null,
  };
}

type Change = { video?: VideoFilter; vcount?: number; v?: string | null };

/**
 * The home URL with the video section changed and every other param (subjects/boards/mcq views)
 * kept. Defaults are left out (no video=all, no vcount=12) so equal states share one URL.
 */
export function videoHref(search: string, change: Change): string {
  const q = new URLSearchParams(search);
  if (change.video !== undefined) {
    if (change.video === "all") q.delete("video");
    else q.set("video", change.video);
  }
  if (change.vcount !== undefined) {
    if (change.vcount <= VIDEO_PAGE) q.delete("vcount");
    else q.set("vcount", String(change.vcount));
  }
  if (change.v !== undefined) {
    if (change.v === null) q.delete("v");
    else q.set("v", change.v);
  }
  return `?${q.toString()}#${VIDEO_SECTION_ID}`;
}

/** A filter pill's target: the list starts over; the current video stays if it is in that filter, else the filter's first is selected. */
export function filterHref(search: string, section: VideoSection, filter: VideoFilter): string {
  const current = section.selected;
  const keep = current !== null && (filter === "all" || current.kind === filter);
  return videoHref(search, { video: filter, vcount: VIDEO_PAGE, v: keep ? current.id : null });
}

/** 'Show more' target, or null when the whole filter already shows (or the cap is reached). */
export function showMoreHref(search: string, section: VideoSection): string | null {
  if (section.total <= section.count || section.count >= VIDEO_COUNT_MAX) return null;
  return videoHref(search, { vcount: Math.min(section.count + VIDEO_PAGE, VIDEO_COUNT_MAX) });
}
