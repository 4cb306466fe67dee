import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VideoSection } from "~/components/video-section";
import type { VideoSection as Section } from "~/lib/video-query";
import { showMoreHref } from "~/lib/video-query";
import { homeVideos, listVideos } from "~/models/videos.server";
import { loader as homeLoader } from "~/routes/home";
import { bumpContentVersion } from "~/models/content-version.server";
import { clearShellCache } from "~/models/site.server";
import { call, closeDb, db, resetTables, schema} from "./db";

type Kind = (typeof schema.videoKinds)[number];
type Row = { kind: Kind; url: string; title: string | null; sort: number };

/** A valid-looking 11-character id: prefix, zero-padded number. */
const yt = (prefix: string, n: number) => prefix + String(n).padStart(11 - prefix.length, "0");

const SHORTS = Array.from({ length: 30 }, (_, i): Row => ({
  kind: "short",
  url: `https://www.youtube.com/shorts/${yt("SHORT", i + 1)}`,
  title: `Short ${i + 1}`,
  sort: i + 1,
}));
// More than the old API's 200 per kind, inserted in reverse so only ORDER BY sort can put them right.
const A6 = Array.from({ length: 205 }, (_, i): Row => ({
  kind: "a6",
  url: `https://youtu.be/${yt("ASIX", 205 - i)}`,
  title: null,
  sort: 205 - i,
}));

const FIXTURE: Row[] = [
  ...A6, // inserted first (lowest row ids): the kind order must still put a6 last
  { kind: "b2", url: "https://www.youtube.com/watch?v=DUPLICATE01", title: "Shared title", sort: 1 },
  { kind: "b2", url: `https://www.youtube.com/embed/${yt("BTWO", 1)}`, title: null, sort: 2 },
  { kind: "theory", url: "https://youtu.be/THEORY00001", title: "Alpha", sort: 1 },
  { kind: "theory", url: "https://www.youtube.com/watch?v=DUPLICATE01", title: null, sort: 2 },
  { kind: "theory", url: "https://youtu.be/abc123", title: null, sort: 3 }, // 6 characters: theory only
  { kind: "theory", url: "not a video link", title: "Broken", sort: 4 },
  { kind: "theory", url: "https://www.youtube.com/embed/THEORY00005", title: "   ", sort: 5 },
  { kind: "theory", url: `https://youtu.be/${"x".repeat(70)}`, title: "Too long to embed", sort: 6 },
  { kind: "example", url: "https://www.youtube.com/shorts/EXAMPLE0001", title: null, sort: 1 },
  { kind: "example", url: "https://youtu.be/abc123", title: "Too short for an example", sort: 2 },
  ...SHORTS,
];

const home = async (query = "") => {
  const res = await call(homeLoader, `/home${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { video: Section; search: string };
};
const ids = (s: Section) => s.items.map((i) => i.id);
const render = (data: { video: Section; search: string }) =>
  renderToStaticMarkup(createElement(VideoSection, { section: data.video, search: data.search }));
/** The href of the <a> whose text or aria-label is `name` (unescaped &amp;). */
function hrefOf(html: string, name: string): string {
  const a = [...html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].find(
    (m) => m[2].replace(/<[^>]*>/g, "") === name || m[1].includes(`aria-label="${name}"`),
  );
  if (!a) throw new Error(`no link ${name}`);
  return /href="([^"]*)"/.exec(a[1])![1].replace(/&amp;/g, "&");
}

beforeAll(async () => {
  await resetTables();
  await db.insert(schema.videos).values(FIXTURE);
});

afterAll(closeDb);

describe("listVideos", () => {
  it("merges the kinds in the spec's order, de-duplicates by video id and fills missing titles", async () => {
    const videos = await listVideos();
    const theory = videos.filter((v) => v.kind === "theory");
    expect(theory.map(({ id, title }) => [id, title])).toEqual([
      ["THEORY00001", "Alpha"],
      ["DUPLICATE01", "Shared title"], // the first kind keeps the video; the title is the video's
      ["abc123", "Theory video 3"],
      ["THEORY00005", "Theory video 4"], // broken rows are dropped, a blank title counts as missing
    ]);
    expect(videos.filter((v) => v.kind === "example").map(({ id, title }) => [id, title])).toEqual([
      ["EXAMPLE0001", "Example video 1"],
    ]);
    // The duplicate left b2 with one video, numbered within b2.
    expect(videos.filter((v) => v.kind === "b2").map(({ id, title }) => [id, title])).toEqual([[yt("BTWO", 1), "B2 video 1"]]);
    expect(new Set(videos.map((v) => v.id)).size).toBe(videos.length);
    const kinds = videos.map((v) => v.kind).filter((k, i, all) => all[i - 1] !== k);
    expect(kinds).toEqual(["theory", "example", "short", "b2", "a6"]);
    const a6 = videos.filter((v) => v.kind === "a6");
    expect(a6).toHaveLength(200);
    expect(a6[0]).toMatchObject({ id: yt("ASIX", 1), title: "A6 video 1", url: `https://youtu.be/${yt("ASIX", 1)}` });
    expect(a6[199]).toMatchObject({ id: yt("ASIX", 200), title: "A6 video 200" });
  });
});

describe("homeVideos", () => {
  it("keeps the list per process until the content version moves", async () => {
    clearShellCache();
    const first = await homeVideos();
    expect(await homeVideos()).toBe(first); // no query
    await db.insert(schema.videos).values({ id: 9001, kind: "example", url: "https://youtu.be/KEPTCACHE01", title: "Kept", sort: 99 });
    try {
      expect((await homeVideos()).some((v) => v.id === "KEPTCACHE01")).toBe(false);
      await db.transaction((tx) => bumpContentVersion(tx)); // what every staff save does
      expect((await homeVideos()).some((v) => v.id === "KEPTCACHE01")).toBe(true);
    } finally {
      await db.delete(schema.videos).where(eq(schema.videos.id, 9001));
      clearShellCache();
    }
  });
});

describe("home video section", () => {
  it("defaults to All, 12 items and the first video selected", async () => {
    const { video } = await home();
    expect(video.filter).toBe("all");
    expect(video.count).toBe(12);
    expect(video.total).toBe(4 + 1 + 30 + 1 + 200);
    expect(ids(video)).toEqual(["THEORY00001", "DUPLICATE01", "abc123", "THEORY00005", "EXAMPLE0001", ...SHORTS.slice(0, 7).map((_, i) => yt("SHORT", i + 1))]);
    expect(video.selected).toEqual({ id: "THEORY00001", kind: "theory", title: "Alpha" });
  });

  it.each(["nonsense", "ALL", "Theory", ""])("treats an unknown filter (%j) as All", async (f) => {
    const { video } = await home(`?video=${f}`);
    expect(video.filter).toBe("all");
    expect(video.total).toBe(236);
  });

  it("filters by kind", async () => {
    const { video } = await home("?video=b2");
    expect(video.filter).toBe("b2");
    expect(ids(video)).toEqual([yt("BTWO", 1)]);
    expect(video.selected?.id).toBe(yt("BTWO", 1));
  });

  it("keeps ?v when it is in the filter, else selects the filter's first", async () => {
    expect((await home("?video=theory&v=DUPLICATE01")).video.selected?.id).toBe("DUPLICATE01");
    expect((await home("?v=SHORT000020")).video.selected?.id).toBe("SHORT000020"); // beyond the 12 shown is fine
    expect((await home("?video=b2&v=DUPLICATE01")).video.selected?.id).toBe(yt("BTWO", 1)); // de-duplicated into theory
    expect((await home("?video=short&v=THEORY00001")).video.selected?.id).toBe(yt("SHORT", 1));
    expect((await home("?v=%3Cscript%3E")).video.selected?.id).toBe("THEORY00001");
  });

  it("filter links keep the current video only where it belongs, and start the list over", async () => {
    const data = await home("?subjects=grid&mcq=grid&video=theory&v=DUPLICATE01&vcount=24");
    const html = render(data);
    expect(hrefOf(html, "All")).toBe("?subjects=grid&mcq=grid&v=DUPLICATE01#grcontentvideo");
    expect(hrefOf(html, "Theory video")).toBe("?subjects=grid&mcq=grid&video=theory&v=DUPLICATE01#grcontentvideo");
    expect(hrefOf(html, "B2 Question video")).toBe("?subjects=grid&mcq=grid&video=b2#grcontentvideo");
    expect(hrefOf(html, "Short Question video")).toBe("?subjects=grid&mcq=grid&video=short#grcontentvideo");
    // Following them keeps the selected video when it is in the new filter, else selects the filter's first.
    expect((await home(hrefOf(html, "All").replace(/#.*/, ""))).video.selected?.id).toBe("DUPLICATE01");
    expect((await home(hrefOf(html, "Short Question video").replace(/#.*/, ""))).video.selected?.id).toBe(yt("SHORT", 1));
    const pills = [...html.matchAll(/<li><a [^>]*>([^<]*)<\/a><\/li>/g)].map((m) => m[1]);
    expect(pills).toEqual([
      "Theory video", "Example video", "Short Question video", "B2 Question video", "B3 Question video",
      "B4 Question video", "C5 Question video", "A6 Question video", "All",
    ]);
    expect(html.match(/aria-current="true"[^>]*>Theory video</g)).toHaveLength(1);
  });

  it.each([
    ["", 12], ["abc", 12], ["0", 12], ["5", 12], ["-3", 12], ["12.5", 12], ["1e3", 12],
    ["24", 24], ["37", 37], ["200", 200], ["1000", 200], ["99999999999999999999", 200],
  ])("reads vcount %j as %i", async (vcount, count) => {
    const { video } = await home(`?vcount=${vcount}`);
    expect(video.count).toBe(count);
    expect(video.items).toHaveLength(count);
  });

  it("offers 'Show more' (+12) only while more remain, up to the cap", async () => {
    const short = await home("?mcq=grid&video=short");
    expect(showMoreHref(short.search, short.video)).toBe("?mcq=grid&video=short&vcount=24#grcontentvideo");
    const short24 = await home("?video=short&vcount=24&v=SHORT000003");
    expect(showMoreHref(short24.search, short24.video)).toBe("?video=short&vcount=36&v=SHORT000003#grcontentvideo");
    const short36 = await home("?video=short&vcount=36");
    expect(short36.video.items).toHaveLength(30);
    expect(showMoreHref(short36.search, short36.video)).toBeNull();
    expect(render(short36)).not.toContain("Show more");
    const at192 = await home("?vcount=192");
    expect(showMoreHref(at192.search, at192.video)).toBe("?vcount=200#grcontentvideo");
    const capped = await home("?vcount=200");
    expect(capped.video.total).toBeGreaterThan(200);
    expect(showMoreHref(capped.search, capped.video)).toBeNull();
  });

  it("renders a light player: a thumbnail and a play link to the video's page, never an iframe", async () => {
    const idle = render(await home("?boards=grid&v=THEORY00005"));
    expect(idle).not.toContain("<iframe");
    expect(idle).toContain('src="https://i.ytimg.com/vi/THEORY00005/hqdefault.jpg"');
    expect(idle).toContain('data-fallbacks="https://i.ytimg.com/vi/THEORY00005/mqdefault.jpg https://i.ytimg.com/vi/THEORY00005/default.jpg /images/video-fallback.svg"');
    expect(idle).toContain('src="https://i.ytimg.com/vi/THEORY00001/mqdefault.jpg"');
    expect(idle).toContain('data-fallbacks="https://i.ytimg.com/vi/THEORY00001/default.jpg /images/video-fallback.svg"');
    // Without JS, play opens the video's page; with JS (app/enhance/player.ts) the embed replaces the link.
    expect(hrefOf(idle, "Play: Theory video 4")).toBe("https://www.youtube.com/watch?v=THEORY00005");
    expect(idle).toContain('data-play-embed="https://www.youtube-nocookie.com/embed/THEORY00005?rel=0&amp;modestbranding=1"');
    expect(hrefOf(idle, "2Shared title")).toBe("?boards=grid&v=DUPLICATE01#grcontentvideo");
    // An old-style ?play=1 is just ignored: still no frame.
    expect(render(await home("?boards=grid&v=THEORY00005&play=1"))).not.toContain("<iframe");
  });

  it("says so when a filter has no videos", async () => {
    const { video } = await home("?video=c5");
    expect(video).toMatchObject({ filter: "c5", total: 0, items: [], selected: null });
    const html = render({ video, search: "?video=c5" });
    expect(html).toContain("No videos found.");
    expect(html).toContain("Select a video from the sidebar to play it here.");
    expect(html).not.toContain("<img");
  });
});

describe("home video section with no videos", () => {
  beforeAll(async () => {
    await db.delete(schema.videos);
    clearShellCache(); // as the content version a staff delete raises would
  });

  it("shows 'No videos found.' and the prompt", async () => {
    const data = await home("?v=THEORY00001&play=1");
    expect(data.video).toMatchObject({ filter: "all", total: 0, items: [], selected: null });
    const html = render(data);
    expect(html).toContain("No videos found.");
    expect(html).toContain("Select a video from the sidebar to play it here.");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("Show more");
  });
});
