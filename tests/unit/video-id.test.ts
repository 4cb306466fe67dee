import { describe, it, expect } from "vitest";
import {
  VIDEO_KIND_LABELS,
  embedUrl,
  theoryVideoIds,
  thumbnailUrls,
  videoIdFrom,
  videoTitleFallback,
} from "~/lib/video-id";

const ID = "dQw4w9WgXcQ";

describe("videoIdFrom", () => {
  it("reads the id from every link form", () => {
    for (const url of [
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube.com/embed/${ID}?rel=0`,
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?feature=share&v=${ID}&t=10s`,
      `https://m.youtube.com/watch?v=${ID}`,
      `https://youtu.be/${ID}`,
      `youtu.be/${ID}?t=3`,
      `https://www.youtube.com/shorts/${ID}`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `http://youtube.com/watch?v=${ID}#t=1`,
    ]) {
      expect(videoIdFrom(url), url).toBe(ID);
    }
  });

  it("accepts underscore and hyphen in ids", () => {
    expect(videoIdFrom("https://youtu.be/a_b-c_d-e_f")).toBe("a_b-c_d-e_f");
  });

  it("requires exactly 11 characters by default", () => {
    expect(videoIdFrom("https://youtu.be/abc123")).toBeNull();
    expect(videoIdFrom("https://youtu.be/dQw4w9WgXcQx")).toBeNull();
    expect(videoIdFrom("https://www.youtube.com/watch?v=dQw4w9WgXc")).toBeNull();
  });

  it("accepts shorter ids when minLength is lowered", () => {
    expect(videoIdFrom("https://youtu.be/abc123", 6)).toBe("abc123");
    expect(videoIdFrom("https://youtu.be/abc12", 6)).toBeNull();
    expect(videoIdFrom(`https://youtu.be/${ID}`, 6)).toBe(ID);
  });

  it("returns null for other hosts, non-video links and empty input", () => {
    expect(videoIdFrom(`https://vimeo.com/${ID}`)).toBeNull();
    expect(videoIdFrom("https://www.youtube.com/channel/UCabcdefghijk")).toBeNull();
    expect(videoIdFrom("https://www.youtube.com/watch?list=PL123")).toBeNull();
    expect(videoIdFrom("not a url")).toBeNull();
    expect(videoIdFrom("")).toBeNull();
    expect(videoIdFrom(null)).toBeNull();
    expect(videoIdFrom(undefined)).toBeNull();
  });
});

describe("theoryVideoIds", () => {
  it("reads videourl elements (text or href) and bare links, unique and in order", () => {
    const html = `
      <p class="videourl">https://youtu.be/first1</p>
      <a class="btn videourl" href="https://www.youtube.com/watch?v=second22">watch</a>
      <p>See also https://www.youtube.com/embed/third333?rel=0 and <a href="https://youtu.be/first1">again</a></p>
      <span class='videourl'>bareid7</span>`;
    expect(theoryVideoIds(html)).toEqual(["first1", "second22", "third333", "bareid7"]);
  });

  it("reads iframes and &amp;-escaped query strings", () => {
    const html = `<iframe src="https://www.youtube.com/embed/${ID}"></iframe>
      <a href="https://www.youtube.com/watch?feature=x&amp;v=abcdef1">x</a>`;
    expect(theoryVideoIds(html)).toEqual([ID, "abcdef1"]);
  });

  it("ignores ids shorter than 6 characters and non-video text", () => {
    expect(theoryVideoIds(`<p class="videourl">abc</p><p>https://youtu.be/abcde and hello world</p>`)).toEqual([]);
    expect(theoryVideoIds(`<p class="videourl">not an id</p>`)).toEqual([]);
  });

  it("accepts objects with content, html, theory or text", () => {
    expect(theoryVideoIds({ content: `<p class="videourl">https://youtu.be/${ID}</p>` })).toEqual([ID]);
    expect(theoryVideoIds({ html: `https://youtu.be/${ID}` })).toEqual([ID]);
    expect(theoryVideoIds({ theory: `https://youtu.be/${ID}` })).toEqual([ID]);
    expect(theoryVideoIds({ text: `https://youtu.be/${ID}` })).toEqual([ID]);
    expect(theoryVideoIds({ title: `https://youtu.be/${ID}` })).toEqual([]);
  });

  it("accepts a list of strings and objects", () => {
    expect(theoryVideoIds([`https://youtu.be/aaaaaa1`, { content: `https://youtu.be/bbbbbb2` }])).toEqual([
      "aaaaaa1",
      "bbbbbb2",
    ]);
  });

  it("returns [] for anything else", () => {
    expect(theoryVideoIds(null)).toEqual([]);
    expect(theoryVideoIds(42)).toEqual([]);
    expect(theoryVideoIds({})).toEqual([]);
  });
});

describe("embedUrl and thumbnailUrls", () => {
  it("embeds on the privacy-enhanced host with rel=0 and modestbranding=1", () => {
    expect(embedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0&modestbranding=1`);
  });

  it("returns empty results for invalid ids instead of throwing", () => {
    expect(embedUrl("")).toBe("");
    expect(embedUrl("abc")).toBe("");
    expect(embedUrl(`${ID}"><script>`)).toBe("");
    expect(thumbnailUrls("../x")).toEqual([]);
  });

  it("lists thumbnails from best to worst", () => {
    expect(thumbnailUrls(ID)).toEqual([
      `https://i.ytimg.com/vi/${ID}/maxresdefault.jpg`,
      `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`,
      `https://i.ytimg.com/vi/${ID}/mqdefault.jpg`,
      `https://i.ytimg.com/vi/${ID}/default.jpg`,
    ]);
  });
});

describe("labels and title fallbacks", () => {
  it("has the filter pill labels", () => {
    expect(VIDEO_KIND_LABELS).toEqual({
      theory: "Theory video",
      example: "Example video",
      short: "Short Question video",
      b2: "B2 Question video",
      b3: "B3 Question video",
      b4: "B4 Question video",
      c5: "C5 Question video",
      a6: "A6 Question video",
      all: "All",
    });
  });

  it("builds '{Kind} video {n}'", () => {
    expect(videoTitleFallback("theory", 3)).toBe("Theory video 3");
    expect(videoTitleFallback("example", 1)).toBe("Example video 1");
    expect(videoTitleFallback("short", 2)).toBe("Short Question video 2");
    expect(videoTitleFallback("b2", 1)).toBe("B2 video 1");
    expect(videoTitleFallback("B3", 4)).toBe("B3 video 4");
    expect(videoTitleFallback("b4", 5)).toBe("B4 video 5");
    expect(videoTitleFallback("c5", 6)).toBe("C5 video 6");
    expect(videoTitleFallback(" a6 ", 7)).toBe("A6 video 7");
  });

  it("treats a missing kind as theory and an unknown kind as a question", () => {
    expect(videoTitleFallback(null, 1)).toBe("Theory video 1");
    expect(videoTitleFallback(undefined, 2)).toBe("Theory video 2");
    expect(videoTitleFallback("", 3)).toBe("Theory video 3");
    expect(videoTitleFallback("mcq", 4)).toBe("Question video 4");
    expect(videoTitleFallback("all", 5)).toBe("Question video 5");
    expect(videoTitleFallback("constructor", 6)).toBe("Question video 6");
  });
});

describe("thumbnailWithFallbacks", () => {
  it("starts at the asked size and falls back along the spec's order, then to the local image", async () => {
    const { thumbnailWithFallbacks } = await import("~/lib/video-id");
    expect(thumbnailWithFallbacks("dQw4w9WgXcQ", 2)).toEqual({
      src: "https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg",
      "data-fallbacks": "https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg /images/video-fallback.svg",
    });
    expect(thumbnailWithFallbacks("bad id", 0)).toEqual({ src: "/images/video-fallback.svg", "data-fallbacks": undefined });
  });
});

describe("thumbnailFallbacks", () => {
  it("continues from a given thumbnail along the spec's order to the local image", async () => {
    const { thumbnailFallbacks } = await import("~/lib/video-id");
    expect(thumbnailFallbacks("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg")).toBe(
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg /images/video-fallback.svg",
    );
    expect(thumbnailFallbacks("https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg")).toBe("/images/video-fallback.svg");
    for (const other of ["/images/video-fallback.svg", "https://example.com/vi/dQw4w9WgXcQ/hqdefault.jpg", "https://i.ytimg.com/vi/bad/hqdefault.jpg"]) {
      expect(thumbnailFallbacks(other), other).toBeUndefined();
    }
  });
});
