import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon, IconSprite, ICON_NAMES } from "~/components/icons";
import { homeIconFor, navIconFor } from "~/lib/subject-icon";

const sprite = renderToStaticMarkup(createElement(IconSprite));

describe("IconSprite", () => {
  it("renders one hidden svg with a symbol per icon", () => {
    expect(sprite.match(/<svg/g)).toHaveLength(1);
    expect(sprite).toContain('style="display:none"');
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
    for (const name of ICON_NAMES) expect(sprite).toContain(`id="i-${name}" viewBox="0 0 24 24"`);
  });

  it("includes the UI icons", () => {
    for (const name of ["chevron-left", "chevron-right", "chevron-down", "arrow-up", "menu", "facebook", "twitter",
      "googleplus", "instagram", "youtube", "linkedin", "tumblr", "pinterest", "mail", "phone", "map-pin", "play",
      "grid", "carousel"]) {
      expect(sprite).toContain(`id="i-${name}"`);
    }
  });

  it("has a symbol for every icon the subject mappers can return", () => {
    const outputs = ["math", "physics", "chemistry", "statistics", "ict", "zoology", "botany", "english", "history"]
      .map(navIconFor)
      .concat(["square-root", "flask", "binoculars", "frog", "seedling", "language", "globe", "chart-bar", "desktop",
        "layer-group", "dollar", "microscope", "book", "unknown"].map(homeIconFor));
    for (const name of outputs) expect(sprite).toContain(`id="i-${name}"`);
  });

  it("stays small", () => {
    expect(Buffer.byteLength(sprite)).toBeLessThan(6 * 1024);
  });
});

describe("Icon", () => {
  it("references the sprite symbol and is hidden from assistive tech by default", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "menu", className: "nav-toggle" }));
    expect(html).toBe('<svg class="icon nav-toggle" aria-hidden="true"><use href="#i-menu"></use></svg>');
  });

  it("is drawn as strokes by the stylesheet's .icon (not by attributes repeated on every icon)", () => {
    const css = readFileSync(new URL("../../app/styles/app.css", import.meta.url), "utf8");
    const rule = css.match(/^\.icon \{([^}]*)\}/m)?.[1] ?? "";
    for (const decl of ["fill: none", "stroke: currentColor", "stroke-width: 2", "stroke-linecap: round", "stroke-linejoin: round"]) {
      expect(rule).toContain(decl);
    }
  });

  it("becomes an accessible image when given a title", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "youtube", title: "YouTube" }));
    expect(html).toContain('role="img"');
    expect(html).toContain("<title>YouTube</title>");
    expect(html).not.toContain("aria-hidden");
    expect(html).toContain('class="icon"');
    expect(html).toContain('href="#i-youtube"');
  });
});
