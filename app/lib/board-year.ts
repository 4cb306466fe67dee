import { toAsciiDigits, toBanglaDigits } from "./bangla-digits";

export type BoardYearGroup = { boards: string[]; years: number[] };

/** Canonical board/institution codes with Bangla short label and full name. */
export const BOARD_CODES: Record<string, { short: string; name: string }> = {
  dhaka: { short: "ঢা. বো.", name: "ঢাকা বোর্ড" },
  raj: { short: "রা. বো.", name: "রাজশাহী বোর্ড" },
  bar: { short: "ব. বো.", name: "বরিশাল বোর্ড" },
  syl: { short: "সি. বো.", name: "সিলেট বোর্ড" },
  jes: { short: "য. বো.", name: "যশোর বোর্ড" },
  cum: { short: "কু. বো.", name: "কুমিল্লা বোর্ড" },
  ctg: { short: "চ. বো.", name: "চট্টগ্রাম বোর্ড" },
  mym: { short: "ম. বো.", name: "ময়মনসিংহ বোর্ড" },
  din: { short: "দি. বো.", name: "দিনাজপুর বোর্ড" },
  mad: { short: "মা. বো.", name: "মাদ্রাসা বোর্ড" },
  tech: { short: "কা. বো.", name: "কারিগরি বোর্ড" },
  all: { short: "সকল বোর্ড", name: "সকল বোর্ড" },
  buet: { short: "বুয়েট", name: "বাংলাদেশ প্রকৌশল বিশ্ববিদ্যালয়" },
  kuet: { short: "কুয়েট", name: "খুলনা প্রকৌশল ও প্রযুক্তি বিশ্ববিদ্যালয়" },
  cuet: { short: "চুয়েট", name: "চট্টগ্রাম প্রকৌশল ও প্রযুক্তি বিশ্ববিদ্যালয়" },
  ruet: { short: "রুয়েট", name: "রাজশাহী প্রকৌশল ও প্রযুক্তি বিশ্ববিদ্যালয়" },
  du: { short: "ঢাবি", name: "ঢাকা বিশ্ববিদ্যালয়" },
  jnu: { short: "জবি", name: "জগন্নাথ বিশ্ববিদ্যালয়" },
  nu: { short: "জাতীয় বি.", name: "জাতীয় বিশ্ববিদ্যালয়" },
  ru: { short: "রাবি", name: "রাজশাহী বিশ্ববিদ্যালয়" },
  cu: { short: "চবি", name: "চট্টগ্রাম বিশ্ববিদ্যালয়" },
  ju: { short: "জাবি", name: "জাহাঙ্গীরনগর বিশ্ববিদ্যালয়" },
  sust: { short: "শাবিপ্রবি", name: "শাহজালাল বিজ্ঞান ও প্রযুক্তি বিশ্ববিদ্যালয়" },
  iu: { short: "ইবি", name: "ইসলামী বিশ্ববিদ্যালয়" },
  bup: { short: "বিইউপি", name: "বাংলাদেশ ইউনিভার্সিটি অব প্রফেশনালস" },
  iut: { short: "আইইউটি", name: "ইসলামিক ইউনিভার্সিটি অব টেকনোলজি" },
  medical: { short: "মেডিকেল", name: "মেডিকেল ভর্তি পরীক্ষা" },
  dental: { short: "ডেন্টাল", name: "ডেন্টাল ভর্তি পরীক্ষা" },
  afmc: { short: "এএফএমসি", name: "আর্মড ফোর্সেস মেডিকেল কলেজ" },
};

/** Alternative spellings -> canonical code. */
export const BOARD_ALIASES: Record<string, string> = {
  dh: "dhaka", dha: "dhaka", dhk: "dhaka",
  rajshahi: "raj",
  barisal: "bar", barishal: "bar",
  sylhet: "syl",
  jessore: "jes", jashore: "jes",
  comilla: "cum", cumilla: "cum",
  chittagong: "ctg", chattogram: "ctg",
  mymensingh: "mym",
  dinajpur: "din",
  madrasa: "mad", madrasah: "mad",
  technical: "tech",
  sb: "all", allboard: "all", allboards: "all",
};

const MAX_RANGE_YEARS = 50;

/** Resolves a code or alias (case-insensitive) to its canonical code. */
export function canonicalBoard(code: string): string | null {
  const c = code.trim().toLowerCase();
  if (Object.hasOwn(BOARD_CODES, c)) return c;
  if (Object.hasOwn(BOARD_ALIASES, c)) return BOARD_ALIASES[c];
  return null;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function parseYears(text: string): number[] | null {
  const years = new Set<number>();
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d{2}|\d{4})(?:\s*[-–—]\s*(\d{2}|\d{4}))?$/.exec(part);
    if (!m) return null;
    const start = fullYear(m[1]);
    const end = m[2] ? fullYear(m[2]) : start;
    // Reject reversed ranges and huge ones (would blow up the expanded list).
    if (end < start || end - start >= MAX_RANGE_YEARS) return null;
    for (let y = start; y <= end; y++) years.add(y);
  }
  return years.size ? [...years].sort((a, b) => a - b) : null;
}

function parseBoards(text: string): string[] | null {
  const codes = text.toLowerCase().replace(/\ball\s+boards?\b/g, "all").split(/[\s,]+/).filter(Boolean);
  const boards: string[] = [];
  for (const code of codes) {
    const c = canonicalBoard(code);
    if (!c) return null;
    if (!boards.includes(c)) boards.push(c);
  }
  return boards.length ? boards : null;
}

export function parseBoardYear(input: string | null | undefined): BoardYearGroup[] | null {
  const text = toAsciiDigits(input ?? "").trim();
  if (!text) return null;
  const groups: BoardYearGroup[] = [];
  for (const chunk of text.split(";").map((c) => c.trim()).filter(Boolean)) {
    const parts = chunk.split(":");
    if (parts.length !== 2) return null;
    const boards = parseBoards(parts[0]);
    const years = parseYears(parts[1]);
    if (!boards || !years) return null;
    groups.push({ boards, years });
  }
  return groups.length ? groups : null;
}

/** "dhaka, raj: 19; cum: 2021-22" -> "ঢা. বো., রা. বো. ২০১৯; কু. বো. ২০২১, ২০২২". */
export function formatBoardYear(input: string | null | undefined): string {
  const raw = (input ?? "").trim();
  if (!raw) return "";
  const groups = parseBoardYear(raw);
  if (!groups) return raw;
  return groups
    .map((g) => `${g.boards.map((b) => BOARD_CODES[b].short).join(", ")} ${toBanglaDigits(g.years.join(", "))}`)
    .join("; ");
}

/** One (board, year) row as stored in `question_sources`: canonical board code and full year. */
export type Source = { board: string; year: number };

/**
 * "dhaka, raj: 19; cum: 2021-22" -> dhaka 2019, raj 2019, cum 2021, cum 2022 (notation order: group by group,
 * each group's boards x years). Duplicate (board, year) pairs are dropped, first occurrence kept.
 * Null for empty text or text that is not valid notation (the caller keeps such text as a free note).
 */
export function sourcesFromNotation(input: string | null | undefined): Source[] | null {
  const groups = parseBoardYear(input);
  if (!groups) return null;
  const seen = new Set<string>();
  const sources: Source[] = [];
  for (const g of groups) {
    for (const board of g.boards) {
      for (const year of g.years) {
        const key = `${board}\u0000${year}`;
        if (seen.has(key)) continue;
        seen.add(key);
        sources.push({ board, year });
      }
    }
  }
  return sources;
}

/**
 * Groups boards that have exactly the same set of years: groups and boards in first-appearance order of boards,
 * years ascending and unique within a group.
 */
function groupSources(sources: readonly Source[]): BoardYearGroup[] {
  const yearsByBoard = new Map<string, Set<number>>();
  for (const { board, year } of sources) {
    let years = yearsByBoard.get(board);
    if (!years) yearsByBoard.set(board, (years = new Set()));
    years.add(year);
  }
  const groups = new Map<string, BoardYearGroup>();
  for (const [board, yearSet] of yearsByBoard) {
    const years = [...yearSet].sort((a, b) => a - b);
    const key = years.join(",");
    const group = groups.get(key);
    if (group) group.boards.push(board);
    else groups.set(key, { boards: [board], years });
  }
  return [...groups.values()];
}

const boardShort = (board: string) => (Object.hasOwn(BOARD_CODES, board) ? BOARD_CODES[board].short : board);

/**
 * Bangla label rebuilt from rows, e.g. "ঢা. বো., রা. বো. ২০১৯; কু. বো. ২০২১, ২০২২".
 * Same as formatBoardYear(tag) for rows from sourcesFromNotation(tag) when the tag lists each board once and
 * its groups have different year sets (rows do not remember how the tag split boards with equal years).
 * Unknown board codes print as the code itself. Empty list -> "".
 */
export function formatSources(sources: readonly Source[]): string {
  return groupSources(sources)
    .map((g) => `${g.boards.map(boardShort).join(", ")} ${toBanglaDigits(g.years.join(", "))}`)
    .join("; ");
}

/**
 * Compact notation for export/editing, e.g. "dhaka, raj: 2019; cum: 2021, 2022" (full years, same grouping as
 * formatSources). sourcesFromNotation() of the result gives the same rows in grouped order, provided every board
 * is a known code and every year has 4 digits. Empty list -> "".
 */
export function notationFromSources(sources: readonly Source[]): string {
  return groupSources(sources)
    .map((g) => `${g.boards.join(", ")}: ${g.years.join(", ")}`)
    .join("; ");
}
