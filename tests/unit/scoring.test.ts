import { describe, expect, it } from "vitest";
import {
  clampPage,
  examUrl,
  parseIncludeCorrect,
  parsePage,
  parsePageSize,
  readExamQuery,
  safeBack,
  withExamBack,
} from "~/lib/exam-query";
import { collectAnswers, parseNegativeMark, resolveCorrectKey, scorePage } from "~/lib/scoring";

const opts = (...keys: string[]) => keys.map((key) => ({ key }));

describe("resolveCorrectKey: the question's key, else the flagged option", () => {
  const options = [
    { key: "ক", isCorrect: false },
    { key: "খ", isCorrect: true },
    { key: "গ", isCorrect: false },
  ];
  it("prefers the question-level key", () => {
    expect(resolveCorrectKey("গ", options)).toBe("গ");
  });
  it("falls back to the flagged option when the key is missing or blank", () => {
    expect(resolveCorrectKey(null, options)).toBe("খ");
    expect(resolveCorrectKey(undefined, options)).toBe("খ");
    expect(resolveCorrectKey("  ", options)).toBe("খ");
  });
  it("treats a key that names no option as absent", () => {
    expect(resolveCorrectKey("ঘ", options)).toBe("খ");
  });
  it("takes the first flagged option, or null when nothing says which is right", () => {
    expect(resolveCorrectKey(null, [{ key: "ক", isCorrect: true }, { key: "খ", isCorrect: true }])).toBe("ক");
    expect(resolveCorrectKey(null, [{ key: "ক" }, { key: "খ" }])).toBeNull();
    expect(resolveCorrectKey("ক", [])).toBeNull();
  });
});

describe("collectAnswers", () => {
  const questions = [
    { id: 1, options: opts("ক", "খ", "গ", "ঘ") },
    { id: 2, options: opts("ক", "খ", "গ", "ঘ") },
    { id: 3, options: opts("ক", "খ") },
  ];
  it("reads q{id} fields of the given questions", () => {
    const a = collectAnswers(new URLSearchParams("q1=ক&q2=ঘ&intent=submit&page=1"), questions);
    expect([...a]).toEqual([
      [1, "ক"],
      [2, "ঘ"],
    ]);
  });
  it("ignores other questions, unknown keys, huge values and duplicated fields", () => {
    const form = new URLSearchParams();
    form.append("q99", "ক"); // another page's question
    form.append("q1", "ঙ"); // not an option of q1
    form.append("q2", "ক");
    form.append("q2", "খ"); // two values: ambiguous
    form.append("q3", "ক".repeat(100_000));
    form.append("Q3", "ক");
    form.append("q03", "ক");
    form.append("q3 ", "ক");
    expect(collectAnswers(form, questions).size).toBe(0);
  });
  it("stays fast and correct with 10 000 junk fields", () => {
    const form = new URLSearchParams();
    for (let i = 0; i < 10_000; i++) form.append(`q${i + 1000}`, "ক");
    form.append("q3", "খ");
    const start = performance.now();
    expect([...collectAnswers(form, questions)]).toEqual([[3, "খ"]]);
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe("scorePage", () => {
  const qs = [
    { id: 1, correct: "ক" },
    { id: 2, correct: "খ" },
    { id: 3, correct: "গ" },
    { id: 4, correct: "ঘ" },
    { id: 5, correct: "ক" },
  ];
  it("counts right, wrong and skipped; score is the number right", () => {
    const s = scorePage(qs, new Map([[1, "ক"], [2, "খ"], [3, "ক"]]));
    expect(s).toEqual({ count: 5, right: 2, wrong: 1, skipped: 2, score: 2, net: 2, negativeMark: 0 });
  });
  it("subtracts the negative mark per wrong answer, rounded to two decimals", () => {
    const s = scorePage(qs, new Map([[1, "ক"], [2, "ক"], [3, "ক"], [4, "ঘ"]]), "0.25");
    expect(s).toMatchObject({ right: 2, wrong: 2, skipped: 1, score: 2, net: 1.5, negativeMark: 0.25 });
    expect(scorePage(qs, new Map([[1, "খ"], [2, "ক"], [3, "ক"]]), 0.5).net).toBe(-1.5);
    expect(scorePage(qs, new Map([[1, "ক"], [2, "ক"], [3, "ক"]]), "0.33").net).toBe(0.34);
  });
  it("gives zero for an empty page or no answers", () => {
    expect(scorePage([], new Map(), 0.25)).toEqual({ count: 0, right: 0, wrong: 0, skipped: 0, score: 0, net: 0, negativeMark: 0.25 });
    expect(scorePage(qs, new Map(), 0.25)).toMatchObject({ skipped: 5, net: 0 });
  });
  it("ignores answers for questions that are not on the page", () => {
    expect(scorePage(qs, new Map([[99, "ক"], [1, "ক"]]))).toMatchObject({ count: 5, right: 1, wrong: 0, skipped: 4 });
  });
  it("never penalises a question whose correct key is unknown", () => {
    const s = scorePage([{ id: 1, correct: null }, { id: 2, correct: "" }], new Map([[1, "ক"], [2, "খ"]]), 1);
    expect(s).toMatchObject({ right: 0, wrong: 0, skipped: 2, net: 0 });
  });
  it("counts a question listed twice once", () => {
    expect(scorePage([qs[0], qs[0]], new Map([[1, "ক"]]))).toMatchObject({ count: 1, right: 1 });
  });
  it("treats a bad negative mark as none", () => {
    expect(parseNegativeMark("abc")).toBe(0);
    expect(parseNegativeMark("-1")).toBe(0);
    expect(parseNegativeMark(null)).toBe(0);
    expect(parseNegativeMark("Infinity")).toBe(0);
    expect(parseNegativeMark("0.50")).toBe(0.5);
    expect(scorePage(qs, new Map([[1, "খ"]]), "NaN").net).toBe(0);
  });
});

describe("exam page query", () => {
  it("page size is 100 only when the query says 100", () => {
    expect(parsePageSize("100")).toBe(100);
    expect(parsePageSize(" 100 ")).toBe(100);
    for (const v of [null, "", "25", "50", "1000", "100.0", "abc"]) expect(parsePageSize(v)).toBe(25);
  });
  it("page is a whole number of at least 1", () => {
    expect(parsePage("3")).toBe(3);
    for (const v of [null, "", "0", "-2", "1.5", "abc", "1e3", "99999999999"]) expect(parsePage(v)).toBe(1);
    expect(clampPage(9, 6)).toBe(6);
    expect(clampPage(0, 6)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
  it("includeCorrect defaults to true unless the query is something other than 1 or true", () => {
    expect(parseIncludeCorrect([])).toBe(true);
    expect(parseIncludeCorrect(["1"])).toBe(true);
    expect(parseIncludeCorrect(["true"])).toBe(true);
    expect(parseIncludeCorrect(["TRUE"])).toBe(true);
    expect(parseIncludeCorrect(["0"])).toBe(false);
    expect(parseIncludeCorrect(["false"])).toBe(false);
    expect(parseIncludeCorrect(["yes"])).toBe(false);
    expect(parseIncludeCorrect([""])).toBe(false);
    // the GET form: hidden "0" then the checkbox's "1" when checked
    expect(parseIncludeCorrect(["0", "1"])).toBe(true);
  });
  it("Back is a same-site path only", () => {
    expect(safeBack("/exam-subpage/1?group=2&title=3")).toBe("/exam-subpage/1?group=2&title=3");
    for (const v of [null, "", "//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/\t/evil", "exam", "/a b"])
      expect(safeBack(v)).toBe("/exam-subpage/1");
  });
  it("reads and writes the shareable URL", () => {
    const q = readExamQuery(new URLSearchParams("page=2&pageSize=100&includeCorrect=0&back=%2Fexam-subpage%2F1%3Fgroup%3D2"));
    expect(q).toEqual({ page: 2, pageSize: 100, includeCorrect: false, back: "/exam-subpage/1?group=2" });
    expect(examUrl(5, q)).toBe("/exampage/5?page=2&pageSize=100&includeCorrect=0&back=%2Fexam-subpage%2F1%3Fgroup%3D2");
    expect(readExamQuery(new URLSearchParams("back=//evil")).back).toBeNull();
  });
});

describe("withExamBack", () => {
  const back = "/exam-subpage/1?group=2&title=3";
  const enc = encodeURIComponent(back);
  it("points exam links in staff HTML at /exampage/N with the Back target", () => {
    expect(withExamBack('<a href="exampage.php?grtid=5">শুরু</a>', back)).toBe(`<a href="/exampage/5?back=${enc}">শুরু</a>`);
    expect(withExamBack("<a class='x' href='/exampage.php?x=1&amp;grtid=7'>a</a>", back)).toBe(`<a class='x' href='/exampage/7?back=${enc}'>a</a>`);
    expect(withExamBack('<a href="/exampage/12?page=2">a</a>', back)).toBe(`<a href="/exampage/12?back=${enc}">a</a>`);
  });
  it("leaves other links and other hosts alone", () => {
    for (const html of [
      '<a href="https://other.example/exampage/5">a</a>',
      '<a href="/exampage/abc">a</a>',
      '<a href="/title/5">a</a>',
      '<p>exampage/5</p>',
      '<img src="exampage/5">',
      '<a data-href="exampage/5">a</a>',
    ])
      expect(withExamBack(html, back)).toBe(html);
  });
});
