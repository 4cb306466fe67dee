import { describe, expect, it } from "vitest";
import { renderFormula } from "~/lib/math.server";

// Every length KaTeX wrote into a style attribute, in ems (heights, widths, margins, offsets, borders).
const emLengths = (html: string) =>
  [...html.matchAll(/style="([^"]*)"/g)].flatMap(([, style]) => [...style.matchAll(/([a-z-]+):\s*(-?[\d.]+)em/g)].map(([, prop, n]) => ({ prop, em: Number(n) })));

// The cap on lengths staff write is 10em; KaTeX's own struts and padding around a box add under 4em.
const LIMIT_EM = 14;

describe("staff math stays in its box", () => {
  const hostile = [
    "\\smash{\\raisebox{30em}{X}}",
    "\\colorbox{red}{\\rule{500em}{500em}}",
    "\\kern-500em X",
    "\\rule{100em}{100em}",
    "\\raisebox{-40em}{text}",
    "\\mkern-9000mu X",
    "\\hspace{-100em} X",
    "\\hskip-100em X",
    "\\rule[-100em]{1em}{1em}",
    "a\\\\[-100em] b",
    "\\begin{array}{c}a\\\\[-100em]b\\end{array}",
  ];

  it.each(hostile.flatMap((tex) => [[tex, false], [tex, true]] as const))("%s (display: %s) writes no length beyond the cap", (tex, display) => {
    const beyond = emLengths(renderFormula(tex, display)).filter(({ em }) => Math.abs(em) > LIMIT_EM);
    expect(beyond).toEqual([]);
  });

  it("refuses negative lengths that add up beyond the cap, also from a macro, showing the source", () => {
    expect(renderFormula("\\kern-500em X", false)).toBe('<code class="math-error" title="এই সূত্রটি দেখানো যায়নি">$\\kern-500em X$</code>');
    for (const tex of ["\\def\\pull{\\kern-4em}\\pull\\pull\\pull\\pull X", "\\kern-3cm\\kern-3cm X", "\\mkern-100mu\\mkern-100mu X"]) {
      expect(renderFormula(tex, false), tex).toContain("math-error");
    }
  });

  it("still typesets ordinary math, small negative spaces and answer blanks", () => {
    for (const tex of ["\\frac{a}{b}", "\\sum_{i=1}^n i^2", "\\int_0^1 x\\,dx", "\\sqrt[3]{x}", "x\\!\\!\\!y", "a \\coloneqq b", "\\kern-0.5em x", "\\rule{8em}{0.4pt}", "\\hspace{-1cm} x", "\\text{উত্তর: }\\rule{5em}{0.5pt}"]) {
      const html = renderFormula(tex, false);
      expect(html, tex).toContain('class="katex"');
      expect(html, tex).not.toContain("math-error");
    }
  });
});

describe("formula digits", () => {
  // KaTeX's output is the MathML part (for screen readers, with the TeX source as its annotation),
  // then the part that is seen.
  const parts = (html: string) => {
    const at = html.indexOf('<span class="katex-html"');
    expect(at).toBeGreaterThan(0);
    return { mathml: html.slice(0, at), seen: html.slice(at) };
  };
  const seenText = (html: string) => parts(html).seen.replace(/<[^>]*>/g, "");

  it("are Bangla where the formula is seen, in Bangla-medium content and in a formula alone", async () => {
    const { renderStaffHtml } = await import("~/lib/math.server");
    for (const source of ["$x^2 + 19$", "<p>$x^2 + 19$ এর মান কত?</p>"]) {
      const html = renderStaffHtml(source);
      const { mathml } = parts(html);
      expect(seenText(html), source).toContain("২"); // the square
      expect(seenText(html), source).toContain("১৯");
      expect(seenText(html), source).not.toMatch(/[0-9]/);
      // Screen readers and the source keep what was written.
      expect(mathml, source).toContain("<mn>2</mn>");
      expect(mathml, source).toContain("<mn>19</mn>");
      expect(mathml, source).toContain('<annotation encoding="application/x-tex">x^2 + 19</annotation>');
    }
  });

  it("are Latin in English-medium content", async () => {
    const { renderStaffHtml } = await import("~/lib/math.server");
    const html = renderStaffHtml("<p>Find the value of $x^2 + 19$ when $x = 2$.</p>");
    expect(seenText(html)).toContain("19");
    expect(html).not.toMatch(/[০-৯]/);
  });

  it("leave lengths in attributes and character references alone", async () => {
    const { renderFormula } = await import("~/lib/math.server");
    const html = renderFormula("\\frac{12}{7} + \\text{it's 5}", false, "bangla");
    expect(html).toMatch(/style="height:[0-9.]+em/);
    expect(html).not.toMatch(/style="[^"]*[০-৯]/);
    expect(html).toContain("&#x27;");
    expect(seenText(html)).toContain("১২");
    expect(seenText(html)).toContain("৭");
    expect(seenText(html)).toContain("৫");
  });

  it("are decided by the text around the formulas", async () => {
    const { formulaDigitsFor } = await import("~/lib/math.server");
    expect(formulaDigitsFor("<p>Choose the correct answer: $2 + 2$</p>")).toBe("latin");
    expect(formulaDigitsFor("<p>সঠিক উত্তর কোনটি? $2 + 2$</p>")).toBe("bangla");
    // A formula alone (an MCQ option), or only tags and entities around it: the site's medium.
    expect(formulaDigitsFor("$\\frac{1}{2}$")).toBe("bangla");
    expect(formulaDigitsFor("<p>&nbsp;\\(x^2\\)</p>")).toBe("bangla");
    // Latin letters inside the formula say nothing about the text.
    expect(formulaDigitsFor("$\\sin x$ এর মান")).toBe("bangla");
  });
});
