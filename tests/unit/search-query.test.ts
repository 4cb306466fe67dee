import { describe, expect, it } from "vitest";
import { highlight, parseQuery, queryClauses, sourceTokens, type ParsedQuery } from "~/lib/search-query";

const filterOf = (q: string) => {
  const p = parseQuery(q);
  return { boards: p.boards, year: p.year, words: p.terms.map((t) => t.word.text) };
};
/** The index's question for a query, as text: clauses joined by " & ", a clause's alternatives by "|", prefixes with "*". */
const full = (p: ParsedQuery) => {
  const clauses = queryClauses(p.terms, p);
  return clauses.length ? clauses.map((c) => [...c.tokens, ...c.prefixes.map((x) => `${x}*`)].join("|")).join(" & ") : null;
};

describe("board names and abbreviations resolve to the board", () => {
  it.each([
    ["ঢাকা বোর্ড ২০১৯", "dhaka", 2019],
    ["ঢাকা বোর্ড 2019", "dhaka", 2019],
    ["ঢা.বো. ১৯", "dhaka", 2019],
    ["ঢা. বো. ২০১৯", "dhaka", 2019],
    ["ঢা বো ১৯", "dhaka", 2019],
    ["dhaka 19", "dhaka", 2019],
    ["Dhaka 2019", "dhaka", 2019],
    ["DHA 19", "dhaka", 2019],
    ["dh 2019", "dhaka", 2019],
    ["2019 dhaka", "dhaka", 2019],
    ["ঢাকা বোর্ডের ২০১৯ সালের", "dhaka", 2019],
    ["রাজশাহী বোর্ড ২০২৩", "raj", 2023],
    ["rajshahi 23", "raj", 2023],
    ["রা.বো. ২৩", "raj", 2023],
    ["কুমিল্লা বোর্ড ২০১৮", "cum", 2018],
    ["comilla 2018", "cum", 2018],
    ["cumilla 18", "cum", 2018],
    ["ম\u09DFমনসিংহ বোর্ড ২০২২", "mym", 2022],
    ["ম\u09AF\u09BCমনসিংহ বোর্ড ২০২২", "mym", 2022],
    ["ঢাকা বিশ্ববিদ্যালয় ২০২২", "du", 2022],
    ["buet 2021", "buet", 2021],
  ])("%s -> %s %s", (q, board, year) => {
    expect(filterOf(q)).toEqual({ boards: [board], year, words: [] });
  });

  it("without a year: with বোর্ড/board, in short form, or when the query is only the board", () => {
    expect(filterOf("ঢাকা বোর্ড")).toEqual({ boards: ["dhaka"], year: null, words: [] });
    expect(filterOf("dhaka board")).toEqual({ boards: ["dhaka"], year: null, words: [] });
    expect(filterOf("ঢা.বো.")).toEqual({ boards: ["dhaka"], year: null, words: [] });
    expect(filterOf("ঢাকা")).toEqual({ boards: ["dhaka"], year: null, words: [] });
    expect(filterOf("Dhaka")).toEqual({ boards: ["dhaka"], year: null, words: [] });
    expect(filterOf("dha")).toEqual({ boards: ["dhaka"], year: null, words: [] });
  });

  it("a board filter with words to find", () => {
    expect(filterOf("ঢাকা বোর্ড ২০১৯ ত্রিকোণমিতি")).toEqual({ boards: ["dhaka"], year: 2019, words: ["ত্রিকোণমিতি"] });
    expect(filterOf("ত্রিকোণমিতি dhaka 19")).toEqual({ boards: ["dhaka"], year: 2019, words: ["ত্রিকোণমিতি"] });
  });

  it("several boards", () => {
    expect(filterOf("ঢাকা ও রাজশাহী বোর্ড ২০১৯")).toEqual({ boards: ["dhaka", "raj"], year: 2019, words: [] });
  });

  it("a place name that is not meant as a board stays a word", () => {
    expect(filterOf("ঢাকা শহরের জনসংখ্যা")).toEqual({ boards: [], year: null, words: ["ঢাকা", "শহরের", "জনসংখ্যা"] });
    expect(filterOf("19 ঘন")).toEqual({ boards: [], year: null, words: ["19", "ঘন"] });
  });

  it("the same filter however it is typed", () => {
    const forms = ["ঢা.বো. ১৯", "dhaka 2019", "ঢাকা বোর্ড ২০১৯", "Dhaka 19", "dha ২০১৯"];
    const queries = forms.map((q) => full(parseQuery(q)));
    expect(new Set(queries).size).toBe(1);
    expect(queries[0]).toBe("zcdhaka2019|zcall2019");
  });

  it("the words left over make the link that removes the filter", () => {
    expect(parseQuery("ঢাকা বোর্ড ২০১৯ ত্রিকোণমিতি").rest).toBe("ত্রিকোণমিতি");
  });
});

describe("words to find", () => {
  it("a year alone also finds questions set that year, in either digits", () => {
    expect(full(parseQuery("২০১৯"))).toBe("nu2019|zy2019");
    expect(full(parseQuery("2019"))).toBe(full(parseQuery("২০১৯")));
  });

  it("ZWJ and ZWNJ spellings give the same query", () => {
    expect(full(parseQuery("র\u200D্যাব"))).toBe(full(parseQuery("র\u200C্যাব")));
    expect(full(parseQuery("র\u200D্যাব"))).toBe(full(parseQuery("র্যাব")));
  });

  it("Bangla endings are cut so other forms of the word match by prefix", () => {
    const [t] = parseQuery("ত্রিকোণমিতির").terms;
    expect(t.prefix).toBe(true);
    expect(t.token).toBe(parseQuery("ত্রিকোণমিতি").terms[0].token);
    // সূত্র ends in র after a virama: that র is a letter, not an ending.
    expect(parseQuery("সূত্র").terms[0].token).toBe(parseQuery("সূত্রের").terms[0].token);
  });

  it("short words match only themselves (a two-letter prefix would match half the language)", () => {
    const [t] = parseQuery("বল").terms;
    expect(t.prefix).toBe(false);
    expect(parseQuery("5").terms[0].prefix).toBe(false);
  });

  it("joining words are not required, unless they are all there is", () => {
    expect(parseQuery("laws of motion").terms.map((t) => t.word.text)).toEqual(["laws", "motion"]);
    expect(parseQuery("the").terms.map((t) => t.word.text)).toEqual(["the"]);
  });

  it("duplicates count once, at most 8 words", () => {
    expect(parseQuery("বল বল বল").terms).toHaveLength(1);
    expect(parseQuery("ক খ গ ঘ ঙ চ ছ জ ঝ ঞ ট").terms).toHaveLength(8);
  });
});

describe("hostile queries", () => {
  it.each([
    ['+-*"()~<>@', null],
    ["' OR 1=1 --", "nu1"],
    ['"ত্রিকোণমিতি" -সূত্র +ক* @3 (x) ~y <z >w', null],
  ])("%s builds only from index tokens", (q, expected) => {
    const built = full(parseQuery(q));
    if (expected !== null) expect(built).toBe(expected);
    if (built !== null) expect(built).toMatch(/^[a-z0-9|*& ]+$/);
  });

  it("10 KB of text is read as its first 200 characters", () => {
    const p = parseQuery("ক".repeat(5000) + " " + "x".repeat(5000));
    expect(p.text.length).toBeLessThanOrEqual(200);
    expect(full(p)).toMatch(/^[a-z0-9|*& ]+$/);
  });

  it("nothing to search for is null", () => {
    expect(full(parseQuery(""))).toBeNull();
    expect(full(parseQuery("   \u0000\u200D "))).toBeNull();
    expect(full(parseQuery(null))).toBeNull();
  });
});

describe("index tokens of sources", () => {
  it("board, year and the pair, for filtering by either or both", () => {
    expect(sourceTokens([{ board: "dhaka", year: 2019 }, { board: "raj", year: 2019 }])).toEqual([
      "zbdhaka",
      "zy2019",
      "zcdhaka2019",
      "zbraj",
      "zcraj2019",
    ]);
  });

  it("a filter by an education board also finds questions set by all boards", () => {
    const only = (boards: string[], year: number | null) => queryClauses([], { boards, year });
    expect(only(["raj"], null)).toEqual([{ tokens: ["zbraj", "zball"], prefixes: [], text: false }]);
    expect(only(["du"], 2022)).toEqual([{ tokens: ["zcdu2022"], prefixes: [], text: false }]);
    expect(only([], 2022)).toEqual([{ tokens: ["zy2022"], prefixes: [], text: false }]);
  });

  it("a subject+grade also finds the subject's rows of every grade", () => {
    expect(queryClauses([], { boards: [], year: null, sg: { subjectId: 3, gradeId: 2 } })).toEqual([
      { tokens: ["zg3x2", "zg3x0"], prefixes: [], text: false },
    ]);
  });

  it("words are text clauses, filters are not", () => {
    const p = parseQuery("ঢাকা বোর্ড ২০১৯ সমীকরণ মূল");
    expect(queryClauses(p.terms, p).map((c) => c.text)).toEqual([true, true, false]);
  });
});

describe("highlight", () => {
  it("marks the words the query finds, whatever their spelling in the text", () => {
    const terms = parseQuery("ত্রিকোণমিতি ২০১৯").terms;
    const text = "ঢাকা বোর্ড 2019: ত্রিকোণমিতির সূত্র";
    expect(highlight(text, terms).filter((s) => s.mark).map((s) => s.text)).toEqual(["2019", "ত্রিকোণমিতির"]);
    const zwj = parseQuery("র্যাব").terms;
    expect(highlight("র\u200D্যাব এসেছে", zwj)).toEqual([
      { text: "র\u200D্যাব", mark: true },
      { text: " এসেছে", mark: false },
    ]);
  });

  it("cuts a long text around the first match, with ellipses", () => {
    const text = `${"শুরু ".repeat(100)}মাঝখানে ${"শেষ ".repeat(100)}`;
    const segs = highlight(text, parseQuery("মাঝখানে").terms, 120);
    const joined = segs.map((s) => s.text).join("");
    expect(joined.startsWith("… ")).toBe(true);
    expect(joined.endsWith(" …")).toBe(true);
    expect(joined.length).toBeLessThan(130);
    expect(segs.find((s) => s.mark)?.text).toBe("মাঝখানে");
  });

  it("without a match: the start of the text", () => {
    expect(highlight("ক খ গ", [], 100)).toEqual([{ text: "ক খ গ", mark: false }]);
  });
});
