// KaTeX's stylesheet, and the two faces nearly every formula is set in fetched with it. KaTeX's
// faces are `font-display: block`: laid out in the fallback's metrics while invisible, a face that
// arrives after the first paint re-lays out its line (Lighthouse blamed KaTeX_Math-Italic for a
// layout shift of 0.12 on /title/1 and on a board paper). Preloaded, they come with the stylesheets.
import type { LinkDescriptor } from "@remix-run/node";
import katexStyles from "katex/dist/katex.min.css";
import mainRegular from "katex/dist/fonts/KaTeX_Main-Regular.woff2";
import mathItalic from "katex/dist/fonts/KaTeX_Math-Italic.woff2";

const font = (href: string): LinkDescriptor => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" });

export const katexLinks: LinkDescriptor[] = [font(mainRegular), font(mathItalic), { rel: "stylesheet", href: katexStyles }];
