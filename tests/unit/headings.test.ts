import { describe, expect, it } from "vitest";
import { outlineHeadings } from "~/lib/headings";

describe("outlineHeadings", () => {
  it("lifts content that starts at <h3> under a page's <h1> to <h2>", () => {
    expect(outlineHeadings('<h3 id="a">অন্বয়</h3><p>x</p><h3>সূত্র</h3>')).toBe('<h2 id="a">অন্বয়</h2><p>x</p><h2>সূত্র</h2>');
  });

  it("keeps the depth of nested levels and closes the gaps between them", () => {
    expect(outlineHeadings("<h3>a</h3><h5>b</h5><h6>c</h6><h3>d</h3>")).toBe("<h2>a</h2><h3>b</h3><h4>c</h4><h2>d</h2>");
  });

  it("moves an <h1> in content below the page's own", () => {
    expect(outlineHeadings("<h1>a</h1><h2>b</h2>")).toBe("<h2>a</h2><h3>b</h3>");
  });

  it("starts where the page asks and never goes past <h6>", () => {
    expect(outlineHeadings("<h2>a</h2><h3>b</h3>", 3)).toBe("<h3>a</h3><h4>b</h4>");
    expect(outlineHeadings("<h1>a</h1><h2>b</h2><h3>c</h3>", 5)).toBe("<h5>a</h5><h6>b</h6><h6>c</h6>");
  });

  it("leaves HTML without headings, escaped tags and look-alike tags alone", () => {
    const html = "<p>&lt;h3&gt; is a heading; <header>x</header> <hr> <h3x></h3x></p>";
    expect(outlineHeadings(html)).toBe(html);
    expect(outlineHeadings("<h2>ok</h2><p>x</p>")).toBe("<h2>ok</h2><p>x</p>");
  });
});
