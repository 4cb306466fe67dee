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
