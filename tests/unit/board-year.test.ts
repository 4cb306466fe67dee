import { describe, it, expect } from "vitest";
import {
  BOARD_ALIASES,
  BOARD_CODES,
  canonicalBoard,
  formatBoardYear,
  formatSources,
  notationFromSources,
  parseBoardYear,
  sourcesFromNotation,
  type Source,
} from "~/lib/board-year";
import { seededRandom } from "~/lib/paper-sets";

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

const src = (board: string, year: number): Source => ({ board, year });
const asSet = (rows: readonly Source[]) => new Set(rows.map((r) => `${r.board}:${r.year}`));

describe("sourcesFromNotation", () => {
  it("expands the spec example group by group, boards x years", () => {
    expect(sourcesFromNotation("dhaka, raj: 19; cum: 2021-22")).toEqual([
      src("dhaka", 2019), src("raj", 2019), src("cum", 2021), src("cum", 2022),
    ]);
  });

  it("parses many tags into rows in notation order", () => {
    const cases: [string, Source[]][] = [
      ["all: 23", [src("all", 2023)]],
      ["buet, kuet: 2019-20", [src("buet", 2019), src("buet", 2020), src("kuet", 2019), src("kuet", 2020)]],
      ["du: 2017-18", [src("du", 2017), src("du", 2018)]],
      ["dhaka: 19", [src("dhaka", 2019)]],
      ["raj, cum: 22", [src("raj", 2022), src("cum", 2022)]],
      ["mym: 15, 16", [src("mym", 2015), src("mym", 2016)]],
      ["ctg: 2018-2020; syl: 21", [src("ctg", 2018), src("ctg", 2019), src("ctg", 2020), src("syl", 2021)]],
      ["dhaka: ১৯", [src("dhaka", 2019)]],
      ["DH, Rajshahi: ২০২১-২২", [src("dhaka", 2021), src("dhaka", 2022), src("raj", 2021), src("raj", 2022)]],
      ["sb: 18", [src("all", 2018)]],
    ];
    for (const [tag, rows] of cases) expect(sourcesFromNotation(tag), tag).toEqual(rows);
  });

  it("returns null for empty or invalid notation", () => {
    for (const bad of [
      "", "   ", null, undefined, " ; ", "ঢাকা", "ঢাকা বোর্ড ২০১৯ (পুরাতন)", "foo: 19", "dhaka: 19-15", "dhaka 19",
      "dhaka: 19; nope",
    ]) {
      expect(sourcesFromNotation(bad), String(bad)).toBeNull();
    }
  });

  it("removes duplicate (board, year) pairs, keeping the first occurrence", () => {
    expect(sourcesFromNotation("dhaka, dh: 19, 2019")).toEqual([src("dhaka", 2019)]);
    expect(sourcesFromNotation("dhaka: 19-20; raj, dhaka: 20-21")).toEqual([
      src("dhaka", 2019), src("dhaka", 2020), src("raj", 2020), src("raj", 2021), src("dhaka", 2021),
    ]);
    expect(sourcesFromNotation("cum: 21; cum: 21")).toEqual([src("cum", 2021)]);
  });
});

const VALID_TAGS = [
  "dhaka, raj: 19; cum: 2021-22",
  "all: 23",
  "buet, kuet: 2019-20",
  "du: 2017-18",
  "dhaka: 19",
  "raj, cum: 22",
  "mym: 15, 16",
  "ctg: 2018-2020; syl: 21",
  "dhaka: ১৯",
  "ctg: ১৯, ২০২১-২২",
  "buet, du: 2018",
  "sb: 19",
  "Dhaka raj,syl , DH: 20",
  "medical, dental: 2015-2017; afmc: 2016",
];

describe("formatSources", () => {
  it("formats the spec example exactly like formatBoardYear", () => {
    const rows = sourcesFromNotation("dhaka, raj: 19; cum: 2021-22")!;
    expect(formatSources(rows)).toBe("ঢা. বো., রা. বো. ২০১৯; কু. বো. ২০২১, ২০২২");
  });

  it("matches formatBoardYear for every valid tag", () => {
    for (const tag of VALID_TAGS) {
      const rows = sourcesFromNotation(tag);
      expect(rows, tag).not.toBeNull();
      expect(formatSources(rows!), tag).toBe(formatBoardYear(tag));
    }
  });

  it("groups boards with the same set of years regardless of row order, years ascending", () => {
    const rows = [src("cum", 2022), src("dhaka", 2019), src("cum", 2021), src("raj", 2019)];
    expect(formatSources(rows)).toBe("কু. বো. ২০২১, ২০২২; ঢা. বো., রা. বো. ২০১৯");
    // Rows do not remember how a tag split boards with equal years: they are merged into one group.
    expect(formatSources(sourcesFromNotation("dhaka: 19; raj: 19")!)).toBe("ঢা. বো., রা. বো. ২০১৯");
  });

  it("ignores duplicate rows", () => {
    expect(formatSources([src("dhaka", 2019), src("dhaka", 2019), src("raj", 2019)])).toBe("ঢা. বো., রা. বো. ২০১৯");
  });

  it("prints unknown board codes as the code itself", () => {
    expect(formatSources([src("xyz", 2020), src("dhaka", 2020)])).toBe("xyz, ঢা. বো. ২০২০");
    expect(formatSources([src("constructor", 2020)])).toBe("constructor ২০২০");
  });

  it("returns empty string for no rows", () => {
    expect(formatSources([])).toBe("");
  });
});

describe("notationFromSources", () => {
  it("writes compact notation with full years", () => {
    expect(notationFromSources(sourcesFromNotation("dhaka, raj: 19; cum: 2021-22")!)).toBe(
      "dhaka, raj: 2019; cum: 2021, 2022",
    );
    expect(notationFromSources(sourcesFromNotation("buet, kuet: 2019-20")!)).toBe("buet, kuet: 2019, 2020");
    expect(notationFromSources([src("cum", 2022), src("dhaka", 2019), src("cum", 2021)])).toBe(
      "cum: 2021, 2022; dhaka: 2019",
    );
    expect(notationFromSources([])).toBe("");
  });

  it("round-trips every valid tag", () => {
    for (const tag of VALID_TAGS) {
      const rows = sourcesFromNotation(tag)!;
      const notation = notationFromSources(rows);
      const back = sourcesFromNotation(notation);
      expect(back, tag).toEqual(rows);
      expect(notationFromSources(back!), tag).toBe(notation);
      expect(formatBoardYear(notation), tag).toBe(formatBoardYear(tag));
    }
  });

  it("round-trips arbitrary row orders as a set, in grouped order", () => {
    const rows = [src("cum", 2022), src("dhaka", 2019), src("cum", 2021), src("raj", 2019), src("dhaka", 2019)];
    const back = sourcesFromNotation(notationFromSources(rows))!;
    expect(asSet(back)).toEqual(asSet(rows));
    expect(back).toEqual([src("cum", 2021), src("cum", 2022), src("dhaka", 2019), src("raj", 2019)]);
  });
});

describe("board-year rows: property-style round trips", () => {
  const SSC = ["dhaka", "raj", "bar", "syl", "jes", "cum", "ctg", "mym", "din", "mad"];

  function randomTag(rand: () => number) {
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    const pool = [...SSC];
    const groups: { boards: string[]; years: number[]; text: string }[] = [];
    const groupCount = int(1, 2);
    for (let g = 0; g < groupCount; g++) {
      const boards: string[] = [];
      for (let n = int(1, 3); n > 0 && pool.length; n--) boards.push(pool.splice(int(0, pool.length - 1), 1)[0]);
      const years = new Set<number>();
      const parts: string[] = [];
      for (let n = int(1, 2); n > 0; n--) {
        const start = int(15, 23);
        if (rand() < 0.5) {
          parts.push(rand() < 0.5 ? String(start) : String(2000 + start));
          years.add(2000 + start);
        } else {
          const end = int(start, 23);
          const form = int(0, 2);
          parts.push(form === 0 ? `20${start}-${end}` : form === 1 ? `${start}-${end}` : `20${start}-20${end}`);
          for (let y = start; y <= end; y++) years.add(2000 + y);
        }
      }
      groups.push({ boards, years: [...years].sort((a, b) => a - b), text: `${boards.join(", ")}: ${parts.join(", ")}` });
    }
    return { tag: groups.map((g) => g.text).join("; "), groups };
  }

  it("parses, formats and round-trips 200 random valid tags", () => {
    const rand = seededRandom(20240601); // deterministic, so a failure is reproducible
    let distinctYearSets = 0;
    for (let i = 0; i < 200; i++) {
      const { tag, groups } = randomTag(rand);
      const expected = groups.flatMap((g) => g.boards.flatMap((board) => g.years.map((year) => src(board, year))));
      const rows = sourcesFromNotation(tag);
      expect(rows, tag).toEqual(expected);

      const notation = notationFromSources(rows!);
      expect(sourcesFromNotation(notation), tag).toEqual(rows);
      expect(formatSources(rows!), tag).toBe(formatBoardYear(notation));

      const sameYears = groups.length === 2 && groups[0].years.join() === groups[1].years.join();
      if (!sameYears) {
        distinctYearSets++;
        expect(formatSources(rows!), tag).toBe(formatBoardYear(tag));
      } else {
        const merged = `${[...groups[0].boards, ...groups[1].boards].join(", ")}: ${groups[0].years.join(", ")}`;
        expect(formatSources(rows!), tag).toBe(formatBoardYear(merged));
      }
    }
    expect(distinctYearSets).toBeGreaterThan(150);
  });
});
