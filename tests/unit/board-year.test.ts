import { describe, it, expect } from "vitest";
import { BOARD_ALIASES, BOARD_CODES, canonicalBoard, formatBoardYear, parseBoardYear } from "~/lib/board-year";

describe("BOARD_CODES", () => {
  it("has every required canonical code with Bangla labels", () => {
    const required = ["dhaka", "raj", "bar", "syl", "jes", "cum", "ctg", "mym", "din", "mad", "tech", "all", "buet",
      "kuet", "cuet", "ruet", "du", "jnu", "nu", "ru", "cu", "ju", "sust", "iu", "bup", "iut", "medical", "dental", "afmc"];
    for (const code of required) {
      expect(BOARD_CODES[code], code).toBeDefined();
      expect(BOARD_CODES[code].short).toMatch(/[\u0980-\u09FF]/);
      expect(BOARD_CODES[code].name).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("maps aliases to canonical codes", () => {
    const cases: [string, string][] = [["dh", "dhaka"], ["DHA", "dhaka"], ["dhk", "dhaka"], ["rajshahi", "raj"],
      ["barishal", "bar"], ["barisal", "bar"], ["sylhet", "syl"], ["jashore", "jes"], ["jessore", "jes"],
      ["cumilla", "cum"], ["comilla", "cum"], ["chattogram", "ctg"], ["chittagong", "ctg"], ["mymensingh", "mym"],
      ["dinajpur", "din"], ["madrasah", "mad"], ["madrasa", "mad"], ["technical", "tech"], ["sb", "all"],
      ["allboard", "all"], ["BUET", "buet"]];
    for (const [alias, code] of cases) expect(canonicalBoard(alias), alias).toBe(code);
    for (const code of Object.values(BOARD_ALIASES)) expect(BOARD_CODES[code]).toBeDefined();
  });

  it("does not resolve prototype keys or unknown codes", () => {
    expect(canonicalBoard("constructor")).toBeNull();
    expect(canonicalBoard("toString")).toBeNull();
    expect(canonicalBoard("xyz")).toBeNull();
  });
});

describe("parseBoardYear", () => {
  it("parses the spec example", () => {
    expect(parseBoardYear("dhaka, raj: 19; cum: 2021-22")).toEqual([
      { boards: ["dhaka", "raj"], years: [2019] },
      { boards: ["cum"], years: [2021, 2022] },
    ]);
  });

  it("accepts 2-digit and 4-digit years, sorted and unique", () => {
    expect(parseBoardYear("dh: 23, 2019, 19, 2017")).toEqual([{ boards: ["dhaka"], years: [2017, 2019, 2023] }]);
  });

  it("expands every range form, including en dash", () => {
    const years = [2019, 2020, 2021];
    expect(parseBoardYear("syl: 19-21")?.[0].years).toEqual(years);
    expect(parseBoardYear("syl: 2019-2021")?.[0].years).toEqual(years);
    expect(parseBoardYear("syl: 2019-21")?.[0].years).toEqual(years);
    expect(parseBoardYear("syl: 2019–2021")?.[0].years).toEqual(years);
    expect(parseBoardYear("syl: 2019 - 2021")?.[0].years).toEqual(years);
  });

  it("accepts Bangla digits", () => {
    expect(parseBoardYear("ctg: ১৯, ২০২১-২২")).toEqual([{ boards: ["ctg"], years: [2019, 2021, 2022] }]);
  });

  it("splits board codes on commas and/or spaces, mixed case, deduplicated", () => {
    expect(parseBoardYear("Dhaka raj,syl , DH: 20")).toEqual([{ boards: ["dhaka", "raj", "syl"], years: [2020] }]);
    expect(parseBoardYear("all boards: 18")).toEqual([{ boards: ["all"], years: [2018] }]);
    expect(parseBoardYear("buet kuet cuet ruet: 2022")?.[0].boards).toEqual(["buet", "kuet", "cuet", "ruet"]);
  });

  it("ignores empty groups from stray semicolons", () => {
    expect(parseBoardYear(" dhaka: 19; ")).toEqual([{ boards: ["dhaka"], years: [2019] }]);
  });

  it("returns null for empty input", () => {
    expect(parseBoardYear("")).toBeNull();
    expect(parseBoardYear("   ")).toBeNull();
    expect(parseBoardYear(null)).toBeNull();
    expect(parseBoardYear(undefined)).toBeNull();
    expect(parseBoardYear(" ; ")).toBeNull();
  });

  it("returns null for malformed input", () => {
    for (const bad of [
      "xyz: 19", // unknown board
      "dhaka, xyz: 19", // one unknown board spoils the group
      "dhaka 19", // no colon
      "dhaka: 19: 20", // two colons
      ": 19", // no board
      "dhaka:", // no year
      "dhaka: 199", // 3-digit year
      "dhaka: 20a", // garbage year
      "dhaka: 19 20", // years must be comma separated
      "dhaka: 2022-2019", // reversed range
      "dhaka: 1900-2099", // range longer than the cap
      "dhaka: 19; nope", // second group malformed
      "lorem ipsum dolor",
    ]) {
      expect(parseBoardYear(bad), bad).toBeNull();
    }
  });

  it("allows a range of exactly 50 years but not 51", () => {
    expect(parseBoardYear("dhaka: 1970-2019")?.[0].years).toHaveLength(50);
    expect(parseBoardYear("dhaka: 1970-2020")).toBeNull();
  });
});

describe("formatBoardYear", () => {
  it("formats the spec example in Bangla", () => {
    expect(formatBoardYear("dhaka, raj: 19; cum: 2021-22")).toBe("ঢা. বো., রা. বো. ২০১৯; কু. বো. ২০২১, ২০২২");
  });

  it("formats aliases, Bangla-digit input and universities", () => {
    expect(formatBoardYear("dh: ২৩")).toBe("ঢা. বো. ২০২৩");
    expect(formatBoardYear("buet, du: 2018")).toBe("বুয়েট, ঢাবি ২০১৮");
    expect(formatBoardYear("sb: 19")).toBe("সকল বোর্ড ২০১৯");
  });

  it("returns empty string for empty input", () => {
    expect(formatBoardYear("")).toBe("");
    expect(formatBoardYear("  ")).toBe("");
    expect(formatBoardYear(null)).toBe("");
    expect(formatBoardYear(undefined)).toBe("");
  });

  it("shows malformed notation as written, trimmed, without throwing", () => {
    expect(formatBoardYear("  xyz: 19  ")).toBe("xyz: 19");
    expect(formatBoardYear(" ঢাকা বোর্ড ২০১৯ ")).toBe("ঢাকা বোর্ড ২০১৯");
    expect(formatBoardYear("dhaka: 3000-1")).toBe("dhaka: 3000-1");
  });
});
