import { describe, expect, it } from "vitest";
import { bankOrder, matchesFilters, parseChapters, randomPick, readBankQuery, readFilters, stepQuery, type BankEntry } from "~/lib/make-question";
import { defaultSettings, formatDate, formatMarks, formatMinutes, parseDate, readSettings, settingsQuery } from "~/lib/paper-settings";

const q = (s: string) => new URLSearchParams(s);
const entry = (id: number, extra: Partial<BankEntry> = {}): BankEntry => ({ id, type: "mcq", chapterId: 1, difficulty: null, marks: 1, sources: [], ...extra });

describe("step URLs", () => {
  it("reads chapter lists, keeping 0 (unchaptered), dropping what is not an id", () => {
    expect(parseChapters(["3", "1,2", "x", "-4", "2", "0", "1.5", " 7 "])).toEqual([3, 1, 2, 0, 7]);
    expect(parseChapters([Array.from({ length: 500 }, (_, i) => i + 1).join(",")])).toHaveLength(200);
  });

  it("reads the filters leniently: aliases for boards, Bangla digits for years, nothing for nonsense", () => {
    expect(readFilters(q("ch=1&type=creative&board=DHA&year=২০২৩&difficulty=hard"))).toEqual({
      chapters: [1],
      type: "creative",
      board: "dhaka",
      year: 2023,
      difficulty: "hard",
    });
    expect(readFilters(q("type=essay&board=mars&year=23&difficulty=__proto__"))).toEqual({ chapters: [], type: null, board: null, year: null, difficulty: null });
    expect(readFilters(q("year=1800")).year).toBeNull();
  });

  it("reads the random pick and the pages, clamping counts and ignoring negatives", () => {
    expect(readBankQuery(q("random=1&nm=3&nc=0&seed=42&page=2&cpage=3&q=5,6&q=x"))).toMatchObject({
      random: true,
      perChapter: { mcq: 3, creative: 0 },
      seed: 42,
      page: 2,
      cpage: 3,
      selected: [5, 6],
    });
    expect(readBankQuery(q("random=yes&nm=-2&nc=999&seed=0&page=-1"))).toMatchObject({
      random: false,
      perChapter: { mcq: 5, creative: 50 },
      seed: 1,
      page: 1,
    });
  });

  it("writes step queries without empty values", () => {
    expect(stepQuery([["ch", 1], ["ch", 2], ["type", null], ["board", ""], ["q", 5]])).toBe("?ch=1&ch=2&q=5");
    expect(stepQuery([["type", null]])).toBe("");
  });
});

describe("the bank's filters and order", () => {
  const dhaka23 = entry(1, { sources: [{ board: "dhaka", year: 2023 }, { board: "raj", year: 2021 }], difficulty: "easy" });
  const all21 = entry(2, { sources: [{ board: "all", year: 2021 }] });
  const none = entry(3, { type: "creative" });
  const f = (extra: object) => ({ chapters: [], type: null, board: null, year: null, difficulty: null, ...extra });

  it("matches a board on any source row, 'all boards' included, and board with year on the same row", () => {
    expect([dhaka23, all21, none].filter((e) => matchesFilters(e, f({ board: "dhaka" }))).map((e) => e.id)).toEqual([1, 2]);
    expect([dhaka23, all21, none].filter((e) => matchesFilters(e, f({ year: 2021 }))).map((e) => e.id)).toEqual([1, 2]);
    // dhaka in 2023 and raj in 2021: not "dhaka in 2021".
    expect(matchesFilters(dhaka23, f({ board: "dhaka", year: 2021 }))).toBe(false);
    expect(matchesFilters(dhaka23, f({ board: "raj", year: 2021 }))).toBe(true);
    expect([dhaka23, all21, none].filter((e) => matchesFilters(e, f({ type: "creative" }))).map((e) => e.id)).toEqual([3]);
    expect([dhaka23, all21, none].filter((e) => matchesFilters(e, f({ difficulty: "easy" }))).map((e) => e.id)).toEqual([1]);
  });

  it("orders MCQs before creative questions, then by chapter order (unchaptered last), then id", () => {
    const items = [entry(9, { chapterId: 2 }), entry(5, { type: "creative", chapterId: 1 }), entry(7, { chapterId: null }), entry(8, { chapterId: 1 }), entry(3, { chapterId: 2 })];
    expect(bankOrder(items, [2, 1]).map((e) => e.id)).toEqual([3, 9, 8, 7, 5]);
  });

  it("picks N per chapter and type, reproducibly, in bank order", () => {
    const entries = [
      ...Array.from({ length: 10 }, (_, i) => entry(100 + i, { chapterId: 1 })),
      ...Array.from({ length: 10 }, (_, i) => entry(200 + i, { chapterId: 2 })),
      ...Array.from({ length: 3 }, (_, i) => entry(300 + i, { chapterId: 1, type: "creative" })),
      entry(400, { chapterId: null }),
    ];
    const picked = randomPick(entries, { mcq: 3, creative: 2 }, 5, [1, 2]);
    expect(picked.filter((id) => id < 200)).toHaveLength(3);
    expect(picked.filter((id) => id >= 200 && id < 300)).toHaveLength(3);
    expect(picked.filter((id) => id >= 300 && id < 400)).toHaveLength(2);
    expect(picked).toContain(400); // the unchaptered group counts as a chapter
    expect(picked).toEqual(bankOrder(entries.filter((e) => picked.includes(e.id)), [1, 2]).map((e) => e.id));
    expect(randomPick(entries, { mcq: 3, creative: 2 }, 5, [1, 2])).toEqual(picked);
    expect(randomPick(entries, { mcq: 3, creative: 2 }, 6, [1, 2])).not.toEqual(picked);
    expect(randomPick(entries, { mcq: 0, creative: 0 }, 5, [1, 2])).toEqual([]);
  });
});

describe("paper settings", () => {
  const defaults = defaultSettings({ subject: "উচ্চতর গণিত", className: "এসএসসি", marks: 30, mcq: 10, creative: 2 });

  it("defaults from the questions: marks, one minute per MCQ and 25 per creative question, two shuffled sets", () => {
    expect(defaults).toMatchObject({ subject: "উচ্চতর গণিত", className: "এসএসসি", fullMarks: 30, minutes: 60, sets: 2, shuffleQuestions: true, shuffleOptions: true, showSources: true, seed: 1 });
    expect(defaults.instructions.split("\n")).toHaveLength(2);
    expect(defaultSettings({ subject: "x", className: "y", marks: 0, mcq: 0, creative: 0 })).toMatchObject({ fullMarks: 1, minutes: null, instructions: "" });
  });

  it("reads a submitted form: unticked boxes are no, text is one clean line, instructions keep their lines", () => {
    const { settings, errors } = readSettings(
      q("institution=%20%20আদর্শ%0A%20বিদ্যালয়%20&exam=টেস্ট&class=দশম&subject=গণিত&paper=2&code=১২৬&date=১৫/০৩/২০২৫&time=৪০&marks=&instructions=ক%0D%0A%0D%0Aখ%09গ&sets=4&mix=9"),
      defaults,
      { form: true },
    );
    expect(errors).toEqual({});
    expect(settings).toEqual({
      institution: "আদর্শ বিদ্যালয়",
      exam: "টেস্ট",
      className: "দশম",
      subject: "গণিত",
      paper: "2",
      subjectCode: "১২৬",
      date: "2025-03-15",
      minutes: 40,
      fullMarks: 30,
      instructions: "ক\nখ গ",
      sets: 4,
      shuffleQuestions: false,
      shuffleOptions: false,
      showSources: false,
      seed: 9,
      creativeAnswer: null,
      mcqMinutes: null,
      creativeMinutes: null,
    });
  });

  it("gives a Bangla message per bad field in a form, and ignores the same values in a link", () => {
    const bad = q(`institution=${"x".repeat(121)}&paper=3&date=2025-02-29&time=0&marks=1001&instructions=${"y".repeat(1001)}&sets=5&mix=-1&code=${"1".repeat(13)}`);
    const form = readSettings(bad, defaults, { form: true });
    expect(Object.keys(form.errors).sort()).toEqual(["date", "fullMarks", "institution", "instructions", "minutes", "paper", "seed", "sets", "subjectCode"]);
    expect(form.errors.date).toContain("তারিখটি বোঝা যায়নি");
    const link = readSettings(bad, defaults, { form: false });
    expect(link.errors).toEqual({});
    expect(link.settings).toEqual({ ...defaults, shuffleQuestions: false, shuffleOptions: false, showSources: false });
  });

  it("keeps the defaults for a link without settings, and round-trips settings through a link", () => {
    expect(readSettings(q("q=1&q=2"), defaults, { form: false }).settings).toEqual(defaults);
    const custom = { ...defaults, institution: "ক", date: "2025-01-02", minutes: null, sets: 3, shuffleOptions: false, seed: 4 };
    expect(readSettings(new URLSearchParams(settingsQuery(custom)), defaults, { form: false }).settings).toEqual(custom);
  });

  it("parses dates both ways and rejects impossible ones", () => {
    expect(parseDate("2025-3-5")).toBe("2025-03-05");
    expect(parseDate("05.03.2025")).toBe("2025-03-05");
    expect(parseDate("")).toBe("");
    expect(parseDate("2025-02-29")).toBeNull();
    expect(parseDate("31/04/2025")).toBeNull();
    expect(parseDate("1999-01-01")).toBeNull();
    expect(parseDate("tomorrow")).toBeNull();
  });

  it("prints time, date and marks in Bangla", () => {
    expect(formatMinutes(40)).toBe("৪০ মিনিট");
    expect(formatMinutes(120)).toBe("২ ঘণ্টা");
    expect(formatMinutes(155)).toBe("২ ঘণ্টা ৩৫ মিনিট");
    expect(formatDate("2025-03-15")).toBe("১৫/০৩/২০২৫");
    expect(formatDate("")).toBe("");
    expect(formatMarks(10)).toBe("১০");
    expect(formatMarks(2.5)).toBe("২.৫");
  });
});
