// Layout checks in a real browser without a build or a server: a test renders components to HTML,
// and this opens it in Chromium with the site's own stylesheets and fonts, read from the source tree
// (requests to http://site.test/ are answered from the repository). For what only layout shows: where
// an icon sits, whether a name fits, which element covers which.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const ORIGIN = "http://site.test";

/** Whether this machine has the browser (the e2e tests need the same one). */
export const hasChromium = existsSync(CHROMIUM);

const TYPES: Record<string, string> = { ".css": "text/css", ".woff2": "font/woff2", ".svg": "image/svg+xml", ".js": "text/javascript", ".png": "image/png" };

let browser: Browser | null = null;

export async function closeBrowser() {
  await browser?.close();
  browser = null;
}

/**
 * A document with the site's stylesheets (paths under app/styles, fonts.css and app.css always) and
 * `body` as its body. The icon sprite is the caller's to include when icons matter.
 */
export function documentHtml(body: string, styles: string[] = []) {
  const links = ["app/styles/fonts.css", "app/styles/app.css", ...styles].map((s) => `<link rel="stylesheet" href="/${s}">`).join("");
  return `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${links}</head><body>${body}</body></html>`;
}

/** The font files fonts.css names, as paths from the origin, with their font-display. */
function fontFaces(): { href: string; display: string }[] {
  const css = readFileSync(path.join(ROOT, "app/styles/fonts.css"), "utf8");
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, block]) => ({
    href: new URL(block.match(/url\(([^)]+)\)/)![1], `${ORIGIN}/app/styles/fonts.css`).pathname,
    display: block.match(/font-display:\s*([a-z]+)/)?.[1] ?? "auto",
  }));
}

let enhanceScript: string | null = null;

/** The enhancement script, bundled from app/enhance as app/enhance/build.mjs does (not minified). */
async function enhance(): Promise<string> {
  if (enhanceScript === null) {
    const result = await esbuild.build({ entryPoints: [path.join(ROOT, "app/enhance/index.ts")], bundle: true, format: "iife", platform: "browser", target: "es2019", write: false });
    enhanceScript = result.outputFiles[0].text;
  }
  return enhanceScript;
}

export type PageOptions = {
  width: number;
  height?: number;
  /** The document's path (links to it stay on the page, as /home#grcontentmcq does on /home). */
  at?: string;
  javaScript?: boolean;
  /**
   * "fallback": a first visit on a slow line, where the `font-display: optional` faces are not used
   * (their files never arrive); "loaded": every face at hand from the first paint (a later visit).
   */
  fonts?: "fallback" | "loaded";
};

/** Opens `html` at ORIGIN + `at` with the given viewport; other ORIGIN paths are files of the repository. */
export async function openPage(html: string, { width, height = 720, at = "/", javaScript = true, fonts = "loaded" }: PageOptions): Promise<Page> {
  const faces = fontFaces();
  const refused = new Set(fonts === "fallback" ? faces.filter((f) => f.display === "optional").map((f) => f.href) : []);
  // The page loads the enhancement script as the site's pages do (a deferred script in the head).
  if (javaScript) html = html.replace("</head>", `<script src="/enhance.js" defer></script></head>`);
  const script = javaScript ? await enhance() : "";
  // Preloaded, an optional face is there for the first layout, as it is from the cache on a later visit.
  if (fonts === "loaded") {
    const preloads = [...new Set(faces.map((f) => f.href))].map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`);
    html = html.replace("<head>", `<head>${preloads.join("")}`);
  }
  browser ??= await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: javaScript });
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === at) return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
    if (url.pathname === "/enhance.js") return route.fulfill({ contentType: "text/javascript", body: script });
    if (refused.has(url.pathname)) return route.abort();
    // Source files by their path in the repository (stylesheets and the fonts they name), the rest
    // from public/ as the server sends them.
    const file = [ROOT, path.join(ROOT, "public")].map((dir) => path.join(dir, decodeURIComponent(url.pathname))).find((f) => f.startsWith(ROOT + path.sep) && existsSync(f) && statSync(f).isFile());
    if (!file) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ contentType: TYPES[path.extname(file)] ?? "application/octet-stream", body: readFileSync(file) });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}${at}`);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** The colour [r, g, b] at (x, y) of a PNG (a screenshot), read by a canvas in a page of its own. */
export async function colorAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const context = await browser!.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(
      async ([src, x, y]) => {
        const img = new Image();
        img.src = src as string;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        return Array.from(ctx.getImageData(x as number, y as number, 1, 1).data.slice(0, 3));
      },
      [`data:image/png;base64,${png.toString("base64")}`, x, y] as const,
    );
  } finally {
    await context.close();
  }
}
