// What a student sees on a phone (and a laptop), measured in Chromium with the site's stylesheets:
// components rendered as the server renders them, no build and no server (./browser.ts).
import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { IconSprite } from "~/components/icons";
import { NavbarContent } from "~/components/navbar";
import { PrintHint } from "~/components/papers";
import { FollowUs } from "~/components/sidebars";
import type { NavEntry } from "~/models/site.server";
import { SITE_DEFAULTS } from "~/models/site.server";
import ExamplePage from "~/routes/example";
import { closeBrowser, colorAt, documentHtml, hasChromium, openPage } from "./browser";
import { renderData } from "../support/render";

afterAll(closeBrowser);

// Route components read their data with Remix's hooks; here they get it from the test.

const NAV = [
  { sid: 1, gid: 1, slug: "math", sname: "সাধারণ গণিত", gname: "নবম-দশম" },
  { sid: 2, gid: 1, slug: "physics", sname: "পদার্থবিজ্ঞান", gname: "নবম-দশম" },
] as NavEntry[];

/** A page as root.tsx lays it out: the sprite, the fixed navbar, then the main part. */
function shell(main: ReactElement | ReactElement[]) {
  return renderToStaticMarkup(
    h(
      "div",
      null,
      h(IconSprite),
      h("header", { className: "navbar" }, h(NavbarContent, { site: SITE_DEFAULTS, nav: NAV, active: "home" })),
      h("main", { id: "main", className: "main" }, main),
    ),
  );
}

describe.skipIf(!hasChromium)("in the browser", () => {
  it("centres each Follow Us icon in its circle", async () => {
    const social = { facebook: "https://facebook.com/x", twitter: "https://twitter.com/x", youtube: "https://youtube.com/x" };
    const html = documentHtml(shell(h("aside", { className: "sidebar" }, h(FollowUs, { social }))));
    const page = await openPage(html, { width: 360 });
    const offsets = await page.locator(".social-icons a").evaluateAll((links) =>
      links.map((a) => {
        const box = a.getBoundingClientRect();
        const icon = a.querySelector("svg")!.getBoundingClientRect();
        return [icon.x + icon.width / 2 - (box.x + box.width / 2), icon.y + icon.height / 2 - (box.y + box.height / 2)].map(Math.round);
      }),
    );
    expect(offsets).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    await page.context().close();
  });

  describe.each([false, true])("the phone menu at 360px (JavaScript %s)", (javaScript) => {
    // /home with its two sections far down, as the navbar's Multiple Choice and Videos expect.
    const home = documentHtml(
      shell([
        h("div", { key: "s", style: { height: "2500px" } }, "…"),
        h("section", { key: "m", id: "grcontentmcq", style: { height: "600px" } }, h("h2", null, "বহুনির্বাচনি")),
        h("section", { key: "v", id: "grcontentvideo", style: { height: "600px" } }, h("h2", null, "ভিডিও")),
        h("div", { key: "e", style: { height: "1500px" } }),
      ]),
    );
    const open = async () => {
      const page = await openPage(home, { width: 360, height: 740, at: "/home", javaScript });
      const nav = page.getByRole("navigation", { name: "প্রধান মেনু" });
      return { page, nav, button: nav.getByRole("link", { name: "মেনু (Menu)" }), close: nav.getByRole("link", { name: "বন্ধ (Close menu)" }) };
    };

    it.each(["Multiple Choice", "Videos"])("'%s' closes the menu and shows its section", async (name) => {
      const { page, nav, button } = await open();
      await expect.poll(() => nav.getByRole("link", { name: "Live Class" }).isVisible()).toBe(false);
      await button.click();
      await expect.poll(() => nav.getByRole("link", { name: "Live Class" }).isVisible()).toBe(true);
      await nav.getByRole("link", { name, exact: true }).click();
      const id = name === "Videos" ? "grcontentvideo" : "grcontentmcq";
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`);
      await expect.poll(() => nav.getByRole("link", { name: "Live Class" }).isVisible()).toBe(false);
      // Scrolled (smoothly) to the section, which lands just below the bar.
      const top = () => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
      await expect.poll(top, { timeout: 5000 }).toBeLessThan(200);
      expect(await top()).toBeGreaterThanOrEqual(60);
      await page.context().close();
    });

    it("opens where the reader is and closes with its button, the page staying put", async () => {
      const { page, nav, button, close } = await open();
      await page.evaluate(() => window.scrollTo({ top: 1200, behavior: "instant" }));
      await button.click();
      await expect.poll(() => nav.getByRole("link", { name: "Examination" }).isVisible()).toBe(true);
      await expect.poll(() => close.isVisible()).toBe(true);
      expect(await button.isVisible()).toBe(false);
      expect(await page.evaluate(() => Math.round(scrollY))).toBe(1200);
      // Without JavaScript the menu is the URL's target; the script opens it in place (no history entry).
      expect(await page.evaluate(() => location.hash)).toBe(javaScript ? "" : "#menu");
      if (javaScript) expect(await close.getAttribute("aria-expanded")).toBe("true");
      await close.click();
      await expect.poll(() => nav.getByRole("link", { name: "Examination" }).isVisible()).toBe(false);
      expect(await button.isVisible()).toBe(true);
      expect(await page.evaluate(() => Math.round(scrollY))).toBe(1200);
      await page.context().close();
    });
  });

  describe.each([false, true])("a video thumbnail on /example that cannot load (JavaScript %s)", (javaScript) => {
    it("shows the local picture, not a broken image", async () => {
      renderData.loader = {
        params: { extid: 1, exqnameid: 1 },
        examples: [
          {
            id: 1,
            serialBn: "১",
            questionHtml: "<p>প্রশ্ন</p>",
            answerHtml: "<p>উত্তর</p>",
            boardYear: "",
            // The image host is unreachable here (the page may load nothing but the site's files).
            video: { watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", thumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg", playHref: "/example?extid=1&exqnameid=1&play=1#ex-1", embed: null },
          },
        ],
      };
      const html = documentHtml(shell(h(ExamplePage)), ["app/styles/exam.css"]);
      const page = await openPage(html, { width: 360, at: "/example", javaScript });
      const img = page.locator(".video-thumb img");
      await img.scrollIntoViewIfNeeded();
      if (javaScript) await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth > 0 && i.currentSrc)).toMatch(/\/images\/video-fallback\.svg$/);
      // Left of the picture's play circle: its grey ground (#e5e7eb), where a broken image is black.
      const box = (await img.boundingBox())!;
      const shot = await page.screenshot();
      expect(await colorAt(shot, Math.round(box.x + box.width * 0.25), Math.round(box.y + box.height * 0.3))).toEqual([229, 231, 235]);
      await page.context().close();
    });
  });

  it.each([false, true])("a paper's print button is there only with JavaScript (%s), and prints", async (javaScript) => {
    const page = await openPage(documentHtml(shell(h(PrintHint))), { width: 360, javaScript });
    const button = page.getByRole("button", { name: "প্রিন্ট করুন" });
    await expect.poll(() => page.getByText("ব্রাউজারের মেনু (⋮) থেকে 'Share' বা 'Print' বেছে নিন", { exact: false }).isVisible()).toBe(true);
    if (!javaScript) {
      expect(await button.isVisible()).toBe(false);
    } else {
      await expect.poll(() => button.isVisible()).toBe(true);
      // The dialog itself is the browser's: count the calls.
      await page.evaluate(() => {
        const w = window as Window & { printed?: number };
        w.printed = 0;
        w.print = () => void (w.printed! += 1);
      });
      await button.click();
      expect(await page.evaluate(() => (window as Window & { printed?: number }).printed)).toBe(1);
    }
    await page.context().close();
  });

  describe.each(["fallback", "loaded"] as const)("the brand with the %s fonts", (fonts) => {
    it.each([320, 360, 1100, 1150, 1200, 1240, 1300, 1366, 1440])("shows the whole name and tagline inside the bar at %ipx", async (width) => {
      const page = await openPage(documentHtml(shell(h("p", null, "…"))), { width, fonts, javaScript: false });
      const brand = await page.evaluate(() => {
        const bar = document.querySelector(".navbar")!.getBoundingClientRect();
        return [".brand-name", ".brand-tagline"].map((sel) => {
          const el = document.querySelector<HTMLElement>(sel)!;
          const box = el.getBoundingClientRect();
          return { sel, cut: el.scrollWidth > el.clientWidth, inBar: box.top >= bar.top && box.bottom <= bar.bottom };
        });
      });
      expect(brand).toEqual([
        { sel: ".brand-name", cut: false, inBar: true },
        { sel: ".brand-tagline", cut: false, inBar: true },
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    });
  });
});
