import katex from "katex";
import { describe, expect, it } from "vitest";
import { sanitizeStaffHtml } from "~/lib/sanitize.server";

// A small tokenizer is enough here: both sides are well-formed, and comparing tokens (tag, sorted attributes
// with decoded values, whitespace-collapsed decoded text) ignores only differences of spelling such as
// `<img ...>` vs `<img ... />`, quote style, a trailing `;` in style, or `&#39;` vs `'`.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m),
  );
const TOKEN = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|([^<]+)/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const VOID = new Set(["img", "br", "hr", "col", "mspace"]);

type Token = { tag: string; attrs: Record<string, string> } | { close: string } | { text: string };
function tokens(html: string): Token[] {
  const out: Token[] = [];
  for (const m of html.matchAll(TOKEN)) {
    if (m[4] !== undefined) {
      const text = decode(m[4]).replace(/\s+/g, " ").trim();
      if (text) out.push({ text });
    } else if (m[1]) {
      if (!VOID.has(m[2].toLowerCase())) out.push({ close: m[2].toLowerCase() });
    } else {
      const attrs: Record<string, string> = {};
      for (const a of m[3].matchAll(ATTR)) {
        let value = decode(a[2] ?? a[3] ?? a[4] ?? "");
        if (a[1].toLowerCase() === "style") value = value.split(";").map((d) => d.replace(/\s+/g, "")).filter(Boolean).join(";");
        attrs[a[1].toLowerCase()] = value;
      }
      out.push({ tag: m[2].toLowerCase(), attrs: Object.fromEntries(Object.entries(attrs).sort(([a], [b]) => a.localeCompare(b))) });
    }
  }
  return out;
}
const tagNames = (html: string) => tokens(html).flatMap((t) => ("tag" in t ? [t.tag] : []));
const attrNames = (html: string) => tokens(html).flatMap((t) => ("tag" in t ? Object.keys(t.attrs) : []));
const texts = (html: string) => tokens(html).flatMap((t) => ("text" in t ? [t.text] : []));

const FORBIDDEN_TAGS = new Set(["script", "style", "svg", "meta", "base", "link", "form", "input", "object", "embed", "template", "noscript"]);
const MATH = /\$\$[\s\S]+?\$\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)|\$[^$\n]+?\$/g;

describe("sanitizeStaffHtml: hostile markup", () => {
  const cases: Array<[name: string, html: string, gone: string[], kept: string]> = [
    ["script element", `<p>ঠিক আছে</p><script>alert(1)</script>`, ["<script", "alert"], "<p>ঠিক আছে</p>"],
    ["img onerror", `<p>ছবি</p><img src=x onerror=alert(1)>`, ["onerror", "alert"], "<p>ছবি</p>"],
    ["script inside svg", `<svg><script>alert(1)</script></svg><p>after</p>`, ["<svg", "<script", "alert"], "<p>after</p>"],
    ["svg onload", `<p>before</p><svg onload=alert(1)>`, ["<svg", "onload", "alert"], "<p>before</p>"],
    ["javascript: href", `<a href="javascript:alert(1)">x</a>`, ["javascript:", "href", "alert"], ">x</a>"],
    ["mixed-case scheme", `<a href="JaVaScRiPt:alert(1)">y</a>`, ["javascript:", "href", "alert"], ">y</a>"],
    ["entity-encoded scheme", `<a href="&#106;avascript:alert(1)">z</a>`, ["javascript:", "avascript", "href", "alert"], ">z</a>"],
    ["tab inside scheme", `<a href="java&#9;script:alert(1)">w</a>`, ["script:", "href", "alert"], ">w</a>"],
    ["vbscript: and data: href", `<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,<script>alert(1)</script>">d</a>`, ["vbscript", "data:", "href", "<script"], ">d</a>"],
    ["meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example"><p>k</p>`, ["<meta", "refresh", "evil.example"], "<p>k</p>"],
    ["base href", `<base href="https://evil.example/"><p>k</p>`, ["<base", "evil.example"], "<p>k</p>"],
    [
      "full-page overlay style",
      `<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">overlay</div>`,
      ["position", "fixed", "z-index", "left"],
      "overlay</div>",
    ],
    [
      "style values that are not plain lengths",
      `<span style="height:1em;background:url(https://evil.example/x.png);margin-left:expression(alert(1));inset:0;color:red">s</span>`,
      ["url(", "background", "expression", "inset", "color", "evil.example"],
      `<span style="height:1em">s</span>`,
    ],
    ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe><p>k</p>`, ["<iframe", "srcdoc", "<script", "alert"], "<p>k</p>"],
    ["iframe from another site", `<iframe src="https://evil.example"></iframe><p>k</p>`, ["<iframe", "evil.example"], "<p>k</p>"],
    ["iframe on a look-alike host", `<iframe src="https://www.youtube-nocookie.com.evil.example/embed/abc"></iframe><p>k</p>`, ["<iframe", "evil.example"], "<p>k</p>"],
    ["iframe on the right host but not an embed", `<iframe src="https://www.youtube-nocookie.com/redirect?q=https://evil.example"></iframe><p>k</p>`, ["<iframe", "evil.example"], "<p>k</p>"],
    ["style element", `<style>body{display:none}</style><p>k</p>`, ["<style", "display", "body{"], "<p>k</p>"],
    ["form and input", `<form action=x><input name=q></form><p>k</p>`, ["<form", "<input", "action"], "<p>k</p>"],
    ["object", `<object data=x></object><embed src=x><p>k</p>`, ["<object", "<embed", "data="], "<p>k</p>"],
    ["stylesheet link", `<link rel=stylesheet href=x><p>k</p>`, ["<link", "stylesheet"], "<p>k</p>"],
    ["svg data URL image", `<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="a">`, ["data:", "svg"], `alt="a"`],
    ["html data URL image", `<img src="data:text/html;base64,PHNjcmlwdD4=" alt="a">`, ["data:", "text/html"], `alt="a"`],
    ["MathML href", `<math><mi href="javascript:alert(1)">x</mi></math>`, ["href", "javascript:"], "<mi>x</mi>"],
    ["template and noscript", `<template><img src=x onerror=alert(1)></template><noscript><p>n</p></noscript><p>k</p>`, ["<template", "<noscript", "onerror"], "<p>k</p>"],
  ];

  for (const [name, html, gone, kept] of cases) {
    it(`removes ${name}`, () => {
      const out = sanitizeStaffHtml(html);
      for (const g of gone) expect(out.toLowerCase()).not.toContain(g.toLowerCase());
      expect(tagNames(out).filter((t) => FORBIDDEN_TAGS.has(t))).toEqual([]);
      expect(attrNames(out).filter((a) => a.startsWith("on") || a === "srcdoc")).toEqual([]);
      expect(out).toContain(kept);
    });
  }

  it("drops box lengths large enough to cover the page around the content, keeps the small ones math uses", () => {
    const link =
      `<a href="https://example.com/x" style="padding-top:999px;padding-right:999px;padding-bottom:999px;padding-left:999px;margin-top:-999px">x</a>`;
    expect(sanitizeStaffHtml(link)).toBe(`<a href="https://example.com/x">x</a>`);
    expect(sanitizeStaffHtml(`<img src="images/a.png" alt="a" style="margin-top:-999px">`)).toBe(`<img src="images/a.png" alt="a" />`);
    expect(sanitizeStaffHtml(`<span class="vlist" style="top:-60em;bottom:100cm">s</span>`)).toBe(`<span class="vlist">s</span>`);
    expect(sanitizeStaffHtml(`<span style="width:5000px;height:101%;margin-left:6em;border-top-width:1in;vertical-align:-20em">s</span>`)).toBe("<span>s</span>");
    expect(sanitizeStaffHtml(`<span style="height:12;margin-left:1e3px">s</span>`)).toBe("<span>s</span>");
    const small = `<span style="height:1.2em;top:-3.063em;margin-right:-0.1667em;padding-left:0.5em;border-bottom-width:0.04em;vertical-align:-0.25em;width:100%;margin-top:0">s</span>`;
    expect(tokens(sanitizeStaffHtml(small))).toEqual(tokens(small));
  });

  it("keeps a youtube-nocookie embed but drops its srcdoc", () => {
    const out = sanitizeStaffHtml(`<iframe src="https://www.youtube-nocookie.com/embed/abc" srcdoc="x"></iframe>`);
    expect(out).toBe(`<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>`);
  });

  it("keeps YouTube's own embed code for the nocookie player", () => {
    const html =
      `<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=abc&amp;start=30" title="YouTube video player" ` +
      `frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" ` +
      `referrerpolicy="strict-origin-when-cross-origin" allowfullscreen loading="lazy" onload="alert(1)"></iframe>`;
    const out = sanitizeStaffHtml(html);
    expect(out).not.toContain("onload");
    expect(tokens(out)).toEqual(tokens(html.replace(` onload="alert(1)"`, "")));
  });

  it("forces rel=noopener noreferrer on links that open a new tab", () => {
    expect(sanitizeStaffHtml(`<a href="https://example.com" target="_blank">x</a>`)).toBe(
      `<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeStaffHtml(`<a href="https://example.com" target="_blank" rel="nofollow">x</a>`)).toContain(`rel="nofollow noopener noreferrer"`);
    expect(sanitizeStaffHtml(`<a href="/x">x</a>`)).toBe(`<a href="/x">x</a>`);
  });

  it("keeps safe URL kinds and raster data images", () => {
    const html =
      `<a href="https://a.example/x?y=1&amp;z=2">h</a><a href="http://a.example">h</a><a href="mailto:a@b.example">m</a>` +
      `<a href="tel:+8801700000000">t</a><a href="#top">f</a><a href="../page.html">r</a><a href="/root">r</a>` +
      `<img src="images/content/x.png" alt=""><img src="/images/y.jpg" alt="y"><img src="data:image/png;base64,iVBORw0KGgo=" alt="p">`;
    expect(tokens(sanitizeStaffHtml(html))).toEqual(tokens(html));
  });
});

describe("sanitizeStaffHtml: real content survives", () => {
  // Copied from the demo seed (drizzle/seed/content-*.ts, as rendered by its helpers) rather than imported,
  // so this test does not depend on the seed files compiling.
  const SNIPPETS: Array<[name: string, html: string]> = [
  [
    "content-study: domain/range table",
    String.raw`<p>ফাংশনের ডোমেন নির্ণয়ে তিনটি বিষয় খেয়াল রাখতে হয়: হর শূন্য হতে পারবে না, বর্গমূলের ভেতরের রাশি ঋণাত্মক হতে পারবে না এবং লগারিদমের ভেতরের রাশি ধনাত্মক হতে হবে।</p>
<table>
  <thead><tr><th>ফাংশন</th><th>ডোমেন</th><th>রেঞ্জ</th></tr></thead>
  <tbody>
    <tr><td>$f(x) = x^2$</td><td>$\mathbb{R}$</td><td>$[0, \infty)$</td></tr>
    <tr><td>$f(x) = \sqrt{x - 2}$</td><td>$[2, \infty)$</td><td>$[0, \infty)$</td></tr>
    <tr><td>$f(x) = \frac{1}{x - 1}$</td><td>$\mathbb{R} \setminus \{1\}$</td><td>$\mathbb{R} \setminus \{0\}$</td></tr>
    <tr><td>$f(x) = \ln x$</td><td>$(0, \infty)$</td><td>$\mathbb{R}$</td></tr>
  </tbody>
</table>
<p>রেঞ্জ নির্ণয়ের জন্য সাধারণত $y = f(x)$ থেকে $x$ কে $y$ এর মাধ্যমে প্রকাশ করে দেখা হয় $y$ এর কোন মানের জন্য $x$ বাস্তব হয়।</p>`,
  ],
  [
    "content-study: trig table with \\(..\\) and \\text{Bangla}",
    String.raw`<p>সমকোণী ত্রিভুজে সূক্ষ্মকোণ $\theta$ এর জন্য \(\sin\theta = \frac{\text{লম্ব}}{\text{অতিভুজ}}\), \(\cos\theta = \frac{\text{ভূমি}}{\text{অতিভুজ}}\) এবং \(\tan\theta = \frac{\text{লম্ব}}{\text{ভূমি}}\)।</p>
<table>
  <thead><tr><th>কোণ</th><th>$0^\circ$</th><th>$30^\circ$</th><th>$45^\circ$</th><th>$60^\circ$</th><th>$90^\circ$</th></tr></thead>
  <tbody>
    <tr><td>$\sin$</td><td>$0$</td><td>$\frac{1}{2}$</td><td>$\frac{1}{\sqrt{2}}$</td><td>$\frac{\sqrt{3}}{2}$</td><td>$1$</td></tr>
    <tr><td>$\cos$</td><td>$1$</td><td>$\frac{\sqrt{3}}{2}$</td><td>$\frac{1}{\sqrt{2}}$</td><td>$\frac{1}{2}$</td><td>$0$</td></tr>
    <tr><td>$\tan$</td><td>$0$</td><td>$\frac{1}{\sqrt{3}}$</td><td>$1$</td><td>$\sqrt{3}$</td><td>অসংজ্ঞায়িত</td></tr>
  </tbody>
</table>
<p>মনে রাখার কৌশল: $\sin$ এর মানগুলো $\frac{\sqrt{0}}{2}, \frac{\sqrt{1}}{2}, \frac{\sqrt{2}}{2}, \frac{\sqrt{3}}{2}, \frac{\sqrt{4}}{2}$।</p>`,
  ],
  [
    "content-study: list, relative image, $$..$$",
    String.raw`<p>সুনির্দিষ্ট ও সুসংজ্ঞায়িত বস্তুর সমাবেশকে সেট বলে। সেটকে দুইভাবে প্রকাশ করা হয়: তালিকা পদ্ধতি ও সেট গঠন পদ্ধতি।</p>
<ul>
  <li>তালিকা পদ্ধতি: $A = \{2, 4, 6, 8\}$</li>
  <li>সেট গঠন পদ্ধতি: $A = \{x : x \text{ জোড় সংখ্যা এবং } 0 \lt x \le 8\}$</li>
</ul>
<p><img src="images/content/venn.svg" alt="দুটি সেটের ভেনচিত্র" width="360"></p>
<p>ভেনচিত্রে আয়তক্ষেত্র সার্বিক সেট $U$ এবং বৃত্তগুলো এর উপসেট নির্দেশ করে। দুটি বৃত্তের সাধারণ অংশ হলো ছেদ সেট।</p>
$$n(A \cup B) = n(A) + n(B) - n(A \cap B)$$
<p><strong>উদাহরণ:</strong> একটি শ্রেণির ৪০ জন শিক্ষার্থীর মধ্যে ২৫ জন ফুটবল ও ২০ জন ক্রিকেট খেলে। ১০ জন উভয় খেলা খেলে। তাহলে অন্তত একটি খেলা খেলে $25 + 20 - 10 = 35$ জন এবং কোনোটিই খেলে না $40 - 35 = 5$ জন।</p>`,
  ],
  [
    "content-study: h3, <strong>, \\[..\\], \\(..\\), list",
    String.raw`<p>দুটি সেট $A$ ও $B$ দেওয়া থাকলে, যে নিয়মে $A$ এর প্রতিটি উপাদানের সাথে $B$ এর একটি ও কেবল একটি উপাদান সম্পর্কিত হয়, তাকে $A$ থেকে $B$ এ একটি <strong>ফাংশন</strong> বলে। একে \(f : A \to B\) লেখা হয় এবং $x$ এর প্রতিচ্ছবিকে $f(x)$ দ্বারা প্রকাশ করা হয়।</p>
<h3>অন্বয় বনাম ফাংশন</h3>
<p>প্রতিটি ফাংশন একটি অন্বয়, কিন্তু প্রতিটি অন্বয় ফাংশন নয়। যেমন বৃত্তের সমীকরণ $x^2 + y^2 = r^2$ একটি অন্বয়; কারণ একই $x$ এর জন্য $y = \pm\sqrt{r^2 - x^2}$ অর্থাৎ দুটি মান পাওয়া যায়। অন্যদিকে $f(x) = x^2$ একটি ফাংশন।</p>
<p>যেকোনো ভগ্নাংশ \(\frac{a}{b}\) সংজ্ঞায়িত হতে হলে $b \ne 0$ হতে হয়। তাই ফাংশন \(f(x) = \frac{a}{b - x}\) এর ক্ষেত্রে $x = b$ হলে হর শূন্য হয় এবং এর ডোমেন \(\mathbb{R} \setminus \{b\}\)।</p>
<h3>ফাংশন দিয়ে প্রকাশ করা কিছু সূত্র</h3>
<p>প্রথম $n$ টি স্বাভাবিক সংখ্যার যোগফল $n$ এর একটি ফাংশন:</p>
\[\sum_{k=1}^{n} k = \frac{n(n+1)}{2}\]
<p>উচ্চতর শ্রেণিতে $f(x) = x^2$ লেখচিত্রের নিচে $x = 0$ থেকে $x = 1$ পর্যন্ত ক্ষেত্রফল যোগজীকরণের মাধ্যমে বের করা হয়:</p>
$$\int_0^1 x^2\,dx = \frac{1}{3}$$
<ul>
  <li>ডোমেন: যে সব $x$ এর জন্য $f(x)$ সংজ্ঞায়িত।</li>
  <li>রেঞ্জ: $f(x)$ এর সম্ভাব্য সকল মানের সেট।</li>
  <li>উদাহরণ: $f(x) = 2x + 3$ হলে $f(2) = 7$ এবং \(f\left(\tfrac{1}{2}\right) = 4\)।</li>
</ul>`,
  ],
  [
    "content-study: ordered list",
    String.raw`<p>কোনো ফাংশন $f$ এর ডোমেনের ভিন্ন ভিন্ন উপাদানের প্রতিচ্ছবি ভিন্ন হলে, অর্থাৎ $f(x_1) = f(x_2) \Rightarrow x_1 = x_2$ হলে, $f$ কে এক-এক ফাংশন বলে।</p>
<p>এক-এক ও সার্বিক ফাংশনের বিপরীত ফাংশন $f^{-1}$ পাওয়া যায়। নির্ণয়ের ধাপ:</p>
<ol>
  <li>$y = f(x)$ লিখি।</li>
  <li>সমীকরণটি $x$ এর জন্য সমাধান করি।</li>
  <li>$x$ ও $y$ স্থান বিনিময় করে $f^{-1}(x)$ লিখি।</li>
</ol>
<p><strong>উদাহরণ:</strong> $f(x) = 2x + 3$ হলে $y = 2x + 3 \Rightarrow x = \frac{y - 3}{2}$। সুতরাং \(f^{-1}(x) = \frac{x - 3}{2}\)।</p>
<p>যাচাই: $f\big(f^{-1}(x)\big) = 2 \cdot \frac{x-3}{2} + 3 = x$।</p>`,
  ],
  [
    "content-study: image with non-ASCII alt and curly quotes",
    String.raw`<p>মূলবিন্দুকে কেন্দ্র করে অঙ্কিত একক ব্যাসার্ধের বৃত্তের উপর কোনো বিন্দু $P(x, y)$ হলে $\cos\theta = x$ এবং $\sin\theta = y$।</p>
<p><img src="images/content/unit-circle.svg" alt="একক বৃত্ত ও কোণ θ" width="360"></p>
<p>কোন চতুর্ভাগে কোন অনুপাত ধনাত্মক তা মনে রাখতে “সকল-সাইন-ট্যান-কস” নিয়মটি ব্যবহার করা হয়:</p>
<ul>
  <li>প্রথম চতুর্ভাগ: সকল অনুপাত ধনাত্মক</li>
  <li>দ্বিতীয় চতুর্ভাগ: কেবল $\sin$ ও $\csc$</li>
  <li>তৃতীয় চতুর্ভাগ: কেবল $\tan$ ও $\cot$</li>
  <li>চতুর্থ চতুর্ভাগ: কেবল $\cos$ ও $\sec$</li>
</ul>`,
  ],
  [
    "content-study: escaped markup inside <pre><code>",
    String.raw`<p>এক পেজ থেকে অন্য পেজে যাওয়ার জন্য &lt;a&gt; ট্যাগ এবং ছবি যুক্ত করতে &lt;img&gt; ট্যাগ ব্যবহৃত হয়:</p>
<pre><code>&lt;a href="https://www.example.com"&gt;ভিজিট করো&lt;/a&gt;
&lt;img src="images/placeholder.svg" alt="ছবি" width="200"&gt;</code></pre>`,
  ],
  [
    "content-site: list of <strong> items",
    String.raw`<p>আমাদের সকল সেবা শিক্ষার্থীদের জন্য বিনামূল্যে:</p>
<ul>
  <li><strong>অধ্যায়ভিত্তিক পাঠ:</strong> উচ্চতর গণিত, সাধারণ গণিত, পদার্থবিজ্ঞান, রসায়ন, জীববিজ্ঞান, আইসিটি ও ইংরেজি।</li>
  <li><strong>বোর্ড প্রশ্ন:</strong> ২০১৯–২০২৪ সালের সকল বোর্ডের সৃজনশীল ও বহুনির্বাচনি প্রশ্ন।</li>
  <li><strong>এমসিকিউ অনুশীলন:</strong> বিশ্ববিদ্যালয়, মেডিকেল, জাতীয় বিশ্ববিদ্যালয় ভর্তি, বিসিএস ও শিক্ষক নিবন্ধন প্রস্তুতি।</li>
  <li><strong>মডেল টেস্ট:</strong> সময় ধরে পরীক্ষা, নেগেটিভ মার্কিংসহ তাৎক্ষণিক ফলাফল।</li>
  <li><strong>ভিডিও ক্লাস:</strong> তত্ত্ব, উদাহরণ ও সংক্ষিপ্ত টিপস ভিডিও।</li>
  <li><strong>লাইভ ক্লাস:</strong> প্রতি সপ্তাহে অভিজ্ঞ শিক্ষকদের সাথে সরাসরি প্রশ্নোত্তর।</li>
</ul>`,
  ],
  [
    "content-site: English <em>",
    String.raw`<h3>মোহাম্মদ আরিফুল ইসলাম</h3>
<p>প্রতিষ্ঠাতা ও প্রধান সম্পাদক। ঢাকা বিশ্ববিদ্যালয়ের গণিত বিভাগ থেকে স্নাতক ও স্নাতকোত্তর সম্পন্ন করার পর তিনি পনেরো বছর ধরে ঢাকার একটি স্বনামধন্য কলেজে উচ্চতর গণিত পড়াচ্ছেন। এসএসসি ও এইচএসসি উচ্চতর গণিতের উপর তাঁর লেখা সহায়ক বই শিক্ষার্থীদের কাছে জনপ্রিয়।</p>
<p>শ্রেণিকক্ষের বাইরেও যেন প্রত্যেক শিক্ষার্থী প্রশ্ন করার সুযোগ পায় — এই ভাবনা থেকেই তিনি এই ওয়েবসাইট শুরু করেন। এখানে প্রকাশিত অধিকাংশ গণিতের পাঠ ও উদাহরণ তাঁর নিজের লেখা এবং তিনি নিয়মিত লাইভ ক্লাস নেন।</p>
<p><em>Mohammad Ariful Islam is a mathematics teacher from Dhaka and the founder of this site.</em></p>`,
  ],
  [
    "content-site: plain Bangla paragraph",
    String.raw`<p>তোমার কোনো প্রশ্ন, পরামর্শ বা কোনো পাঠে ভুল চোখে পড়লে নিচের ফর্মটি পূরণ করে আমাদের জানাও। আমরা সাধারণত দুই কার্যদিবসের মধ্যে উত্তর দিই। জরুরি প্রয়োজনে শনি থেকে বৃহস্পতিবার সকাল ১০টা থেকে সন্ধ্যা ৬টার মধ্যে ফোন করতে পারো।</p>`,
  ],
  [
    "content-board: creative paper (h3, <strong>, <em>)",
    String.raw`<p>সময়: ২ ঘণ্টা ৩৫ মিনিট; পূর্ণমান: ৭০। <em>[দ্রষ্টব্য: ডান পাশের সংখ্যা প্রশ্নের পূর্ণমান জ্ঞাপক। যেকোনো পাঁচটি প্রশ্নের উত্তর দাও।]</em></p>
<h3>প্রশ্ন ১</h3>
<p><strong>উদ্দীপক:</strong> $f(x) = \frac{2x + 1}{x - 3}$ একটি ফাংশন, যেখানে $x \ne 3$।</p>
<p><strong>ক.</strong> $f(4)$ এর মান নির্ণয় করো। <em>(২)</em></p>
<p><strong>খ.</strong> দেখাও যে, $f$ একটি এক-এক ফাংশন। <em>(৪)</em></p>
<p><strong>গ.</strong> $f^{-1}(x)$ নির্ণয় করো এবং $f^{-1}(2)$ এর মান বের করো। <em>(৪)</em></p>
<h3>প্রশ্ন ২</h3>
<p><strong>উদ্দীপক:</strong> $P(x) = 2x^3 - 3x^2 - 11x + 6$</p>
<p><strong>ক.</strong> $P(-2)$ এর মান নির্ণয় করো। <em>(২)</em></p>
<p><strong>খ.</strong> $P(x)$ কে উৎপাদকে বিশ্লেষণ করো। <em>(৪)</em></p>
<p><strong>গ.</strong> \(\frac{x + 8}{(x + 2)(x - 3)}\) কে আংশিক ভগ্নাংশে প্রকাশ করো। <em>(৪)</em></p>
<h3>প্রশ্ন ৩</h3>
<p><strong>উদ্দীপক:</strong> $\sin\theta + \cos\theta = \sqrt{2}$, যেখানে $\theta$ একটি সূক্ষ্মকোণ।</p>
<p><strong>ক.</strong> $\theta$ এর মান নির্ণয় করো। <em>(২)</em></p>
<p><strong>খ.</strong> প্রমাণ করো যে, $\tan\theta + \cot\theta = 2$। <em>(৪)</em></p>
<p><strong>গ.</strong> $\sec^2\theta + \csc^2\theta$ এর মান নির্ণয় করো। <em>(৪)</em></p>`,
  ],
  [
    "content-board: example answer with $$..$$",
    String.raw`<p>$P(1) = 1 - 6 + 11 - 6 = 0$, সুতরাং উৎপাদক উপপাদ্য অনুযায়ী $(x - 1)$, $P(x)$ এর একটি উৎপাদক।</p>
<p>$P(x) = x^2(x - 1) - 5x(x - 1) + 6(x - 1) = (x - 1)(x^2 - 5x + 6)$</p>
$$P(x) = (x - 1)(x - 2)(x - 3)$$`,
  ],
  [
    "content-board: example with \\(..\\) and \\[..\\]",
    String.raw`<p>ধরি \(\frac{5x + 1}{(x - 1)(x + 2)} \equiv \frac{A}{x - 1} + \frac{B}{x + 2}\)। তাহলে $5x + 1 \equiv A(x + 2) + B(x - 1)$।</p>
<p>$x = 1$ বসিয়ে $6 = 3A \Rightarrow A = 2$; $x = -2$ বসিয়ে $-9 = -3B \Rightarrow B = 3$।</p>
\[\frac{5x + 1}{(x - 1)(x + 2)} = \frac{2}{x - 1} + \frac{3}{x + 2}\]`,
  ],
  [
    "content-mcq: question explanation",
    String.raw`$\left[x^2\right]_1^{6} = 36 - 1$।`,
  ],
  [
    "content-board: BUET paper, $$..$$ inside <p>",
    String.raw`<p>সময়: ৩ ঘণ্টা; পূর্ণমান: ৬০০ (গণিত অংশ)। <em>[সকল প্রশ্নের উত্তর দাও। প্রয়োজনীয় ক্ষেত্রে $g = 9.8$ m s⁻² ধরো।]</em></p>
<h3>প্রশ্ন ১</h3>
<p>\(\displaystyle\int_0^{\pi/2} \sin^2 x\,dx\) এর মান নির্ণয় করো।</p>
<h3>প্রশ্ন ২</h3>
<p>মান নির্ণয় করো: $$\lim_{x \to 0} \frac{1 - \cos x}{x^2}$$</p>
<h3>প্রশ্ন ৩</h3>
<p>$x^2 + y^2 - 6x + 4y - 12 = 0$ বৃত্তের কেন্দ্রের স্থানাঙ্ক ও ব্যাসার্ধ নির্ণয় করো এবং $(7, 1)$ বিন্দুতে বৃত্তটির স্পর্শকের সমীকরণ বের করো।</p>
<h3>প্রশ্ন ৪</h3>
<p>একটি বস্তুকে ৩০ m s⁻¹ বেগে অনুভূমিকের সাথে $30^\circ$ কোণে নিক্ষেপ করা হলো। সর্বোচ্চ উচ্চতা, বিচরণকাল ও অনুভূমিক পাল্লা নির্ণয় করো।</p>`,
  ],
  ];

  for (const [name, html] of SNIPPETS) {
    it(`keeps every tag, attribute and text: ${name}`, () => {
      const out = sanitizeStaffHtml(html);
      expect(tokens(out)).toEqual(tokens(html));
      expect(sanitizeStaffHtml(out)).toBe(out);
      // Math source must reach the typesetter byte for byte.
      for (const formula of html.match(MATH) ?? []) expect(out).toContain(formula);
      // Non-ASCII text stays raw UTF-8, not entity-encoded.
      expect(out).not.toMatch(/&#\d+;|&#x[0-9a-f]+;/i);
      for (const text of texts(html).filter((t) => /[\u0980-\u09ff]/.test(t))) expect(texts(out)).toContain(text);
    });
  }

  it("keeps markup the seed does not use but staff may write", () => {
    const html = `<h2 dir="ltr" lang="en">Intro</h2>
<figure class="text-center"><img src="images/content/atom.svg" alt="পরমাণু" width="300" height="200" title="Bohr" loading="lazy"><figcaption>চিত্র <sub>1</sub> <sup>2</sup></figcaption></figure>
<details open><summary>উত্তর দেখো</summary><p><b>b</b> <i>i</i> <u>u</u> <s>s</s> <small>sm</small> <mark>mk</mark> <code>x</code></p></details>
<blockquote><p>উক্তি</p></blockquote><hr>
<dl><dt>সেট</dt><dd>সমাবেশ</dd></dl>
<table><caption>ফল</caption><colgroup><col span="2" align="left"></colgroup><thead><tr><th colspan="2" scope="col">ক</th></tr></thead>
<tbody><tr><td rowspan="2" align="center">১</td><td>২</td></tr></tbody><tfoot><tr><td>৩</td></tr></tfoot></table>
<p>দেখো <a href="https://www.example.com/lesson" title="পাঠ" target="_blank" rel="noopener noreferrer">এই পাঠ</a> ও <a href="images/content/notes.pdf">নোট</a>।<br>(x)</p>
<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Lr5bX9mC3vS" title="ভিডিও" allow="encrypted-media" allowfullscreen></iframe>`;
    const out = sanitizeStaffHtml(html);
    expect(tokens(out)).toEqual(tokens(html));
    expect(sanitizeStaffHtml(out)).toBe(out);
  });

  for (const tex of [String.raw`\frac{a}{b}`, "x^2"]) {
    it(`keeps KaTeX output for ${tex}`, () => {
      const html = katex.renderToString(tex, { output: "htmlAndMathml", throwOnError: true });
      const out = sanitizeStaffHtml(html);
      expect(out).toContain(`class="katex"`);
      expect(out).toContain("<math");
      expect(out).toContain(`<annotation encoding="application/x-tex">${tex}</annotation>`);
      expect(out).toContain(`aria-hidden="true"`);
      expect(out).toMatch(/style="height:[\d.]+em/);
      expect(tokens(out)).toEqual(tokens(html));
    });
  }
});

describe("classes and ids", () => {
  it("drops the site's own layout classes (some are position:fixed) and every id, keeps allowed classes", () => {
    const out = sanitizeStaffHtml('<div class="navbar to-top note" id="top"><p class="dropdown-panel text-center">লেখা</p></div>');
    expect(out).not.toMatch(/navbar|to-top|dropdown-panel|id=/);
    expect(out).toContain('class="note"');
    expect(out).toContain('class="text-center"');
    expect(out).toContain("লেখা");
  });
});
