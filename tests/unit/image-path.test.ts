import { describe, it, expect } from "vitest";
import { absoluteImage, absolutizeImageSources, CONTENT_ASSET_BASE, INFO_PAGE_ASSET_BASE } from "~/lib/image-path";

describe("absoluteImage", () => {
  it("prefixes relative paths with the base, one slash between", () => {
    expect(absoluteImage("uploads/a.png", INFO_PAGE_ASSET_BASE)).toBe("/api/gradmin/uploads/a.png");
    expect(absoluteImage("./uploads/a.png", INFO_PAGE_ASSET_BASE)).toBe("/api/gradmin/uploads/a.png");
    // Root-relative paths already name a file on the site host: kept as they are.
    expect(absoluteImage("/uploads/a.png", INFO_PAGE_ASSET_BASE)).toBe("/uploads/a.png");
    expect(absoluteImage("uploads/a.png", "/api/gradmin")).toBe("/api/gradmin/uploads/a.png");
    expect(absoluteImage("/uploads/a.png", CONTENT_ASSET_BASE)).toBe("/uploads/a.png");
    expect(absoluteImage("img/a b.jpg", "https://cdn.example.com/")).toBe("https://cdn.example.com/img/a b.jpg");
  });

  it("keeps absolute http(s), protocol-relative and data:image URLs", () => {
    expect(absoluteImage("http://x.com/a.png", INFO_PAGE_ASSET_BASE)).toBe("http://x.com/a.png");
    expect(absoluteImage("HTTPS://x.com/a.png", INFO_PAGE_ASSET_BASE)).toBe("HTTPS://x.com/a.png");
    expect(absoluteImage("//cdn.x.com/a.png", INFO_PAGE_ASSET_BASE)).toBe("//cdn.x.com/a.png");
    expect(absoluteImage("data:image/png;base64,AAAA", "/")).toBe("data:image/png;base64,AAAA");
  });

  it("rejects unsafe or foreign schemes", () => {
    expect(absoluteImage("javascript:alert(1)", "/")).toBeNull();
    expect(absoluteImage(" JavaScript:alert(1)", "/")).toBeNull();
    expect(absoluteImage("java\tscript:alert(1)", "/")).toBeNull();
    expect(absoluteImage("data:text/html,<b>x</b>", "/")).toBeNull();
    expect(absoluteImage("vbscript:x", "/")).toBeNull();
    expect(absoluteImage("file:///etc/passwd", "/")).toBeNull();
  });

  it("returns null for empty input", () => {
    expect(absoluteImage(null, "/")).toBeNull();
    expect(absoluteImage(undefined, "/")).toBeNull();
    expect(absoluteImage("", "/")).toBeNull();
    expect(absoluteImage("   ", "/")).toBeNull();
  });
});

describe("absolutizeImageSources", () => {
  it("rewrites double, single and unquoted src values", () => {
    const html = `<p>a</p><img src="a.png"><img alt='x' src='./b.png'/><IMG SRC=/c.png class=big>`;
    expect(absolutizeImageSources(html, "/")).toBe(
      `<p>a</p><img src="/a.png"><img alt='x' src='/b.png'/><IMG SRC=/c.png class=big>`,
    );
    expect(absolutizeImageSources(html, INFO_PAGE_ASSET_BASE)).toBe(
      `<p>a</p><img src="/api/gradmin/a.png"><img alt='x' src='/api/gradmin/b.png'/>` +
        `<IMG SRC=/c.png class=big>`,
    );
  });

  it("leaves absolute sources, data-src and non-img tags alone", () => {
    const html = `<img data-src="lazy.png" src="https://x.com/a.png"><script src="s.js"></script><a href="p.png">p</a>`;
    expect(absolutizeImageSources(html, "/api/gradmin/")).toBe(html);
  });

  it("does not mistake text inside another attribute for src", () => {
    const html = `<img alt="see src=x.png > here" src="y.png">`;
    expect(absolutizeImageSources(html, "/m/")).toBe(`<img alt="see src=x.png > here" src="/m/y.png">`);
  });

  it("drops unsafe sources, including entity-encoded schemes", () => {
    expect(absolutizeImageSources(`<img src="javascript:alert(1)" alt="x">`, "/")).toBe(`<img alt="x">`);
    expect(absolutizeImageSources(`<img src='javascript&#58;alert(1)'>`, "/")).toBe(`<img>`);
    expect(absolutizeImageSources(`<img src="">`, "/")).toBe(`<img>`);
  });

  it("returns text without images unchanged", () => {
    expect(absolutizeImageSources("plain <b>text</b>", "/")).toBe("plain <b>text</b>");
    expect(absolutizeImageSources("", "/")).toBe("");
  });
});
