import { describe, expect, it } from "vitest";
import { encodeWord, indexTokens, MAX_TOKEN, normalize, readableMath, searchableText, words } from "~/lib/search-text";

const ZWJ = "\u200D";
const ZWNJ = "\u200C";

/** The same word typed two ways: equal after normalising, one word, one index token. */
function expectSame(a: string, b: string) {
  expect(a).not.toBe(b); // the test really compares two spellings
  expect(normalize(a)).toBe(normalize(b));
  expect(indexTokens(a)).toBe(indexTokens(b));
}

describe("normalize: the nukta letters ড় ঢ় য়", () => {
  it("are equal precomposed (U+09DC, U+09DD, U+09DF) and as letter + nukta", () => {
    expectSame("প\u09DCা", "প\u09A1\u09BCা");
    expectSame("\u09DC", "\u09A1\u09BC");
    expectSame("আষা\u09DD", "আষা\u09A2\u09BC");
    expectSame("বিষ\u09DF", "বিষ\u09AF\u09BC");
    expectSame("ম\u09DFমনসিংহ", "ম\u09AF\u09BCমনসিংহ");
  });

  it("NFC alone does not make them one code point; the normaliser does", () => {
    // NFC decomposes these letters (composition exclusions); both spellings end up as one code point here.
    expect("\u09DF".normalize("NFC")).toBe("\u09AF\u09BC");
    expect(normalize("\u09DF")).toBe("\u09DF");
    expect(normalize("\u09AF\u09BC")).toBe("\u09DF");
  });

  it("other canonical equivalents are composed (ো = ে + া, ৌ = ে + ৗ)", () => {
    expectSame("কোণ", "ক\u09C7\u09BEণ");
    expectSame("বৌ", "ব\u09C7\u09D7");
  });
});

describe("normalize: zero-width joiner and non-joiner", () => {
  it("র্য typed with ZWJ, with ZWNJ and without is one word", () => {
    const plain = "র্যাব";
    const withZwj = `র${ZWJ}্যাব`;
    const withZwnj = `র${ZWNJ}্যাব`;
    expectSame(withZwj, plain);
    expectSame(withZwnj, plain);
    expectSame(withZwj, withZwnj);
    expect(words(normalize(withZwj))).toEqual([{ text: "র্যাব", script: "bn" }]);
  });

  it("ZWJ or ZWNJ inside any word is dropped, the word stays whole", () => {
    expectSame(`ক্${ZWNJ}ষ`, "ক্ষ");
    expectSame(`বিজ্${ZWJ}ঞান`, "বিজ্ঞান");
    expect(words(normalize(`সম্${ZWNJ}পাদ্য`))).toHaveLength(1);
  });

  it("the old khanda ta spelling (ত্ + ZWJ) is ৎ", () => {
    expectSame(`উত্${ZWJ}স`, "উৎস");
  });
});

describe("normalize: digits and case", () => {
  it("Bangla digits equal ASCII digits", () => {
    expectSame("২০১৯", "2019");
    expectSame("ঢাকা বোর্ড ২০১৯", "ঢাকা বোর্ড 2019");
    expect(normalize("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
  });

  it("Latin letters are case-insensitive and accents are dropped", () => {
    expectSame("Dhaka", "dhaka");
    expectSame("PYTHAGORAS", "Pythagoras");
    expectSame("Café", "cafe");
  });

  it("অ + া is আ", () => {
    expectSame("অাম", "আম");
  });

  it("control characters become spaces", () => {
    expect(words(normalize("ক\u0000খগ\nঘ"))).toEqual([
      { text: "ক", script: "bn" },
      { text: "খগ", script: "bn" },
      { text: "ঘ", script: "bn" },
    ]);
  });
});

describe("words and index tokens", () => {
  it("split at spaces, punctuation, math operators and a change of script", () => {
    expect(words(normalize("ঢা.বো. x^2+y2=ঢাকা২০১৯।")).map((w) => w.text)).toEqual(["ঢা", "বো", "x", "2", "y", "2", "ঢাকা", "2019"]);
  });

  it("Bangla words with vowel signs and virama are single words (they are combining marks)", () => {
    expect(words(normalize("ত্রিকোণমিতি একটি বিষয়"))).toHaveLength(3);
  });

  it("tokens are ASCII, at least 3 characters (InnoDB's minimum), never an English stopword, at most 84", () => {
    for (const w of ["বল", "ঘন", "x", "5", "the", "a", "π", "ত্রিকোণমিতি", "ক".repeat(200), "z".repeat(200)]) {
      for (const token of indexTokens(w).split(" ")) {
        expect(token).toMatch(/^[a-z0-9]{3,84}$/);
        expect(token.length).toBeLessThanOrEqual(MAX_TOKEN);
        expect(["the", "and", "for", "with", "com", "www"]).not.toContain(token);
      }
    }
  });

  it("a Bangla prefix of a word is a prefix of its token (so token* finds every ending)", () => {
    const stem = encodeWord({ text: "ত্রিকোণমিতি", script: "bn" });
    expect(encodeWord({ text: "ত্রিকোণমিতির", script: "bn" }).startsWith(stem)).toBe(true);
  });

  it("scripts never share tokens", () => {
    expect(indexTokens("2019")).not.toBe(indexTokens("la2019"));
    expect(indexTokens("ab")).not.toBe(indexTokens("বল"));
    expect(new Set(indexTokens("bn la nu ot 12 বল π").split(" ")).size).toBe(7);
  });
});

describe("searchableText: staff HTML as text", () => {
  it("drops tag names and attributes, keeps the text and the math source", () => {
    const html = String.raw`<p class="lead" data-note="gopon">বৃত্তের ক্ষেত্রফল $\pi r^2$</p><img src="/x/circle.png" alt="chobi"><span style="color:red">লাল</span>`;
    const text = searchableText(html);
    expect(text).toBe(String.raw`বৃত্তের ক্ষেত্রফল \pi r^2 লাল`);
    for (const hidden of ["class", "lead", "gopon", "img", "src", "circle", "png", "chobi", "span", "style", "color", "red"]) {
      expect(indexTokens(text).split(" ")).not.toContain(indexTokens(hidden));
    }
  });

  it("keeps a < that starts no tag, decodes entities, drops scripts and comments", () => {
    expect(searchableText("<p>$a < b$ &amp; $x&gt;1$ &#2453; &#x995;</p><!-- gopon --><script>evil()</script>")).toBe("a < b & x>1 ক ক");
  });

  it("an attribute value holding > does not leak", () => {
    expect(searchableText(`<a title="x > y" href="/z">লিংক</a>`)).toBe("লিংক");
  });

  it("null and empty are empty", () => {
    expect(searchableText(null)).toBe("");
    expect(searchableText("")).toBe("");
  });
});

describe("readableMath: math source for titles and snippets", () => {
  it.each([
    [String.raw`\frac{\pi}{2} রেডিয়ান`, "π/2 রেডিয়ান"],
    [String.raw`\sin\theta = \frac{\text{লম্ব}}{\text{অতিভুজ}}`, "sinθ = লম্ব/অতিভুজ"],
    [String.raw`\frac{x + 8}{(x + 2)(x - 3)}`, "(x + 8)/((x + 2)(x - 3))"],
    [String.raw`30^\circ \qquad 45^{\circ}`, "30° 45°"],
    [String.raw`\sqrt{2} + \sqrt{x+1}`, "√2 + √(x+1)"],
    [String.raw`A \cap B \ne \emptyset, x \le 3`, "A ∩ B ≠ ∅, x ≤ 3"],
    [String.raw`\left( a^{2} \right)`, "( a^2 )"],
    [String.raw`1^c = \frac{180^\circ}{\pi}`, "1^c = 180°/π"],
  ])("%s -> %s", (source, readable) => {
    expect(readableMath(source)).toBe(readable);
  });
});
