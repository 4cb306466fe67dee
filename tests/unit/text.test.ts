import { describe, expect, it } from "vitest";
import { plainText } from "~/lib/text";

describe("plainText", () => {
  it("drops tags, scripts and math delimiters and decodes entities", () => {
    expect(plainText(String.raw`<p>বৃত্ত: $x^2$ &amp; \(\frac{a}{b}\)</p><script>x()</script><p>$$y$$ \[z\]</p>`)).toBe(
      String.raw`বৃত্ত: x^2 & \frac{a}{b} y z`,
    );
  });

  it("shortens long text with an ellipsis", () => {
    expect(plainText("ক".repeat(50), 10)).toBe(`${"ক".repeat(9)}…`);
  });
});
