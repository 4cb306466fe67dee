// Question files staff bring from elsewhere, and the files we export: CSV (as Excel and Google
// Sheets save it, UTF-8 with or without BOM), Moodle GIFT and Aiken. Parsing reports every problem
// per question, with its line, instead of dropping anything; only multiple-choice questions with
// one right answer are imported, and whatever of a question cannot be kept (per-answer feedback,
// partial credit) is named in a warning on that question.
import { parse as parseCsv } from "csv-parse/sync";
import { notationFromSources, sourcesFromNotation, type Source } from "~/lib/board-year";
import { toAsciiDigits } from "~/lib/bangla-digits";
import { CSV_COLUMNS, IMPORT_FORMATS, type ImportFormat } from "~/lib/import/format-names";

export { CSV_COLUMNS, IMPORT_FORMATS, type ImportFormat };

export type ImportedQuestion = {
  /** The line of the file the question starts on (1-based), to find it again. */
  line: number;
  /** What kind the file says it is; anything but "mcq" is reported as unsupported. */
  kind: "mcq" | "true/false" | "short answer" | "matching" | "numerical" | "essay" | "other";
  intro: string;
  body: string;
  options: { body: string; isCorrect: boolean }[];
  explanation: string;
  sources: Source[];
  marks: string;
  difficulty: "easy" | "medium" | "hard" | null;
  /** Why the question is refused; a question with any error is not imported. */
  errors: string[];
  /** What of the question is not kept though it is imported, shown in the preview. */
  warnings: string[];
};

const LETTERS = ["a", "b", "c", "d", "e"] as const;
const BANGLA_KEYS = ["ক", "খ", "গ", "ঘ", "ঙ"];
// A question's options are keyed ক–ঙ on the site and in the editor: a sixth has no key.
const OPTION_LIMIT = BANGLA_KEYS.length;
const OPTION_LIMIT_BN = "পাঁচ";

const E = {
  noKey: "সঠিক উত্তর নেই বা মেলেনি (missing or unknown answer key)",
  fewOptions: "দুটির কম অপশন (fewer than two options)",
  noBody: "প্রশ্নের লেখা নেই (no question text)",
  unsupported: (kind: string) => `এই ধরনের প্রশ্ন ইমপোর্ট হয় না: ${kind} (unsupported question type: ${kind})`,
  sources: "বোর্ড-সাল বোঝা যায়নি (board-year not understood)",
  marks: "নম্বর ০–১০০ হতে হবে (marks must be 0–100)",
  difficulty: "কাঠিন্য easy, medium বা hard (difficulty must be easy, medium or hard)",
  tooLong: "লেখা অনেক বড় (text too long)",
  manyOptions: `${OPTION_LIMIT_BN}টির বেশি অপশন; সাইটে ক–ঙ পর্যন্ত থাকে (more than ${OPTION_LIMIT} options: the site has ক–ঙ)`,
  noAnswerLine: "ANSWER: লাইন নেই; প্রশ্নটি শেষ হয়নি (no ANSWER: line: the question is not finished)",
  strayAnswer: "ANSWER: লাইনের আগে প্রশ্ন নেই (an ANSWER: line without a question)",
  severalRight: "একাধিক উত্তর মিলে পূর্ণ নম্বর; এক-উত্তরের প্রশ্ন হিসেবে নেওয়া যায় না (several answers share the credit: multiple-answer questions are not supported)",
  feedback: "প্রতিটি উত্তরের আলাদা মন্তব্য রাখা হবে না (per-answer feedback is not kept)",
  partialCredit: (answers: string) => `আংশিক নম্বর রাখা হবে না; এগুলো ভুল উত্তর হিসেবে থাকবে: ${answers} (partial credit is not kept: these count as wrong: ${answers})`,
  markdown: "Markdown রূপান্তর হয় না; লেখা যেমন আছে তেমন থাকবে (Markdown is not converted: the text is kept as written)",
};

const MAX_TEXT = 20_000;

function blank(line: number): ImportedQuestion {
  return { line, kind: "mcq", intro: "", body: "", options: [], explanation: "", sources: [], marks: "1", difficulty: null, errors: [], warnings: [] };
}

/** Which option an answer names: a/b/c…, A–E, ক–ঙ, 1–5, or the option's own text. */
function answerIndex(answer: string, options: string[]): number {
  const a = answer.trim();
  if (!a) return -1;
  const lower = a.toLowerCase().replace(/[.)]$/, "");
  let i = LETTERS.indexOf(lower as (typeof LETTERS)[number]);
  if (i < 0) i = BANGLA_KEYS.indexOf(lower);
  if (i < 0 && /^[1-5]$/.test(toAsciiDigits(lower))) i = Number(toAsciiDigits(lower)) - 1;
  if (i < 0) i = options.findIndex((o) => o.trim() === a);
  return i >= 0 && i < options.length && options[i].trim() ? i : -1;
}

/** Checks shared by every format; adds errors in place. */
function finish(q: ImportedQuestion, extra: { boardYear?: string; marks?: string; difficulty?: string }): ImportedQuestion {
  if (q.kind !== "mcq") {
    q.errors.unshift(E.unsupported(q.kind));
    return q;
  }
  if (!q.body.trim()) q.errors.push(E.noBody);
  if (q.options.length < 2) q.errors.push(E.fewOptions);
  else if (q.options.filter((o) => o.isCorrect).length !== 1 && !q.errors.includes(E.severalRight)) q.errors.push(E.noKey);
  if (q.options.length > OPTION_LIMIT) q.errors.push(E.manyOptions);
  if ([q.body, q.intro, q.explanation, ...q.options.map((o) => o.body)].some((t) => t.length > MAX_TEXT)) q.errors.push(E.tooLong);
  if (extra.boardYear?.trim()) {
    const sources = sourcesFromNotation(toAsciiDigits(extra.boardYear));
    if (sources) q.sources = sources;
    else q.errors.push(E.sources);
  }
  if (extra.marks?.trim()) {
    const m = Number(toAsciiDigits(extra.marks.trim()));
    if (!Number.isFinite(m) || m < 0 || m > 100) q.errors.push(E.marks);
    else q.marks = String(m);
  }
  if (extra.difficulty?.trim()) {
    const d = extra.difficulty.trim().toLowerCase();
    if (d === "easy" || d === "medium" || d === "hard") q.difficulty = d;
    else q.errors.push(E.difficulty);
  }
  return q;
}

/* ------------------------------------------------------------------ CSV */

export function parseCsvQuestions(text: string): { questions: ImportedQuestion[]; fileError?: string } {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { bom: true, columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, relax_column_count: true, trim: false, info: false });
  } catch (e) {
    return { questions: [], fileError: `CSV পড়া যায়নি (The CSV could not be read): ${(e as Error).message.slice(0, 200)}` };
  }
  const first = records[0];
  if (first && !("question" in first)) return { questions: [], fileError: `প্রথম লাইনে কলামের নাম চাই, অন্তত question (The first line must name the columns: ${CSV_COLUMNS.join(", ")})` };
  return {
    questions: records.map((record, i) => {
      const r = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, csvCellText(v ?? "")]));
      const q = blank(i + 2);
      const type = (r.type ?? "").trim().toLowerCase();
      if (type && type !== "mcq") q.kind = type === "tf" || type === "truefalse" || type === "true/false" ? "true/false" : type === "matching" ? "matching" : type === "short" || type === "shortanswer" || type === "short answer" ? "short answer" : "other";
      q.body = (r.question ?? "").trim();
      q.intro = (r.intro ?? "").trim();
      q.explanation = (r.explanation ?? "").trim();
      const texts = LETTERS.map((l) => (r[l] ?? "").trim());
      const key = answerIndex(r.answer ?? "", texts);
      q.options = texts.flatMap((body, k) => (body ? [{ body, isCorrect: k === key }] : []));
      return finish(q, { boardYear: r.board_year, marks: r.marks, difficulty: r.difficulty });
    }),
  };
}

// A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a formula:
// =HYPERLINK, =IMPORTXML and =cmd|… in an imported question would run on whoever opens the export. Such
// text is written with a leading apostrophe, which spreadsheets show as text, and the importer takes that
// apostrophe off again. Text that already starts with apostrophes before one of them gets one more, so
// the round trip stays exact.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One CSV cell as every export of ours writes it: formula-looking text made inert, quoted where CSV needs it. */
export function safeCsvCell(text: string): string {
  const v = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A cell's text as written before safeCsvCell: the one apostrophe it added is taken off. */
function csvCellText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

export type ExportQuestion = Omit<ImportedQuestion, "line" | "kind" | "errors" | "warnings">;

/** CSV with a BOM (so Excel opens it as UTF-8) and CRLF line ends. */
export function toCsv(questions: readonly ExportQuestion[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const q of questions) {
    const key = q.options.findIndex((o) => o.isCorrect);
    const row: Record<string, string> = {
      type: "mcq",
      question: q.body,
      answer: key >= 0 ? LETTERS[key] : "",
      explanation: q.explanation,
      board_year: notationFromSources(q.sources),
      marks: q.marks,
      difficulty: q.difficulty ?? "",
      intro: q.intro,
    };
    LETTERS.forEach((l, i) => (row[l] = q.options[i]?.body ?? ""));
    lines.push(CSV_COLUMNS.map((c) => safeCsvCell(row[c] ?? "")).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/* ------------------------------------------------------------------ GIFT */

const GIFT_SPECIAL = "~=#{}:\\";

/**
 * Literal text from GIFT: \~ \= \# \{ \} \: \\ become the character; every other backslash stays, so
 * LaTeX (\frac, \neq) survives. (Moodle's "\n" for a line break is not read: it would eat \neq.)
 */
function giftUnescape(s: string): string {
  return s.replace(/\\([~=#{}:\\])/g, "$1");
}

/** Text as GIFT: the special characters escaped; a blank line (which would end the question) becomes one line break. */
function giftEscape(s: string): string {
  const text = s.replace(/\r/g, "").replace(/\n[ \t]*(?:\n[ \t]*)+/g, "\n");
  return [...text].map((c) => (GIFT_SPECIAL.includes(c) ? `\\${c}` : c)).join("");
}

/** Splits at unescaped occurrences of one of `chars`, keeping which char started each piece. */
function splitUnescaped(s: string, chars: string): { mark: string; text: string }[] {
  const out: { mark: string; text: string }[] = [];
  let mark = "";
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (chars.includes(c)) {
      out.push({ mark, text: cur });
      mark = c;
      cur = "";
    } else cur += c;
  }
  out.push({ mark, text: cur });
  return out;
}

function indexUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

export function parseGiftQuestions(text: string): { questions: ImportedQuestion[]; fileError?: string } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const questions: ImportedQuestion[] = [];
  let block: string[] = [];
  let meta: Record<string, string> = {};
  let start = 0;
  const flush = () => {
    const src = block.join("\n").trim();
    if (src) questions.push(giftQuestion(src, start, meta));
    block = [];
    meta = {};
    start = 0;
  };
  lines.forEach((line, i) => {
    // "(\S.*)?" rather than "(.*)" after "\s*": with both able to take a space, a long line that fails
    // at its end (a stray \r) is retried at every split, quadratic in the line's length.
    const comment = /^\s*\/\/\s*(board-year|marks|difficulty|intro)\s*:\s*(\S.*)?$/i.exec(line);
    if (!line.trim()) return flush();
    if (comment) {
      start ||= i + 1;
      meta[comment[1].toLowerCase()] = comment[2] ?? "";
      return;
    }
    if (/^\s*\/\//.test(line) || /^\s*\$CATEGORY:/i.test(line)) return;
    start ||= i + 1;
    block.push(line);
  });
  flush();
  if (questions.length && !questions.some((q) => q.kind !== "other")) {
    const aiken = /^\s*ANSWER\s*:/im.test(text);
    return {
      questions,
      fileError: `এটি GIFT ফাইল মনে হচ্ছে না: কোনো প্রশ্নের উত্তর { } এর ভেতরে নেই।${aiken ? " এটি Aiken ফাইল হলে ধরন Aiken বেছে নিন।" : ""} (This does not look like GIFT: no question has its answers in { }.${aiken ? " It looks like Aiken: choose Aiken as the format." : ""})`,
    };
  }
  return { questions };
}

// Moodle's text-format markers; the text after one is what the question says.
const FORMAT_MARKER = /^\s*\[(html|moodle|plain|markdown)\]/i;

/** Where a missing-word question's answers stood in its text. */
const BLANK = "_____";

function giftQuestion(src: string, line: number, meta: Record<string, string>): ImportedQuestion {
  const q = blank(line);
  // Backslashes pair up left to right, as everywhere in GIFT: a pattern that could also read a backslash
  // as plain text backtracks exponentially on an unterminated title of backslashes.
  let s = src.replace(/^::(?:\\[\s\S]|[^:\\])*::/, "").trim();
  const marker = FORMAT_MARKER.exec(s);
  if (marker) s = s.slice(marker[0].length);
  const open = indexUnescaped(s, "{");
  const close = open >= 0 ? indexUnescaped(s, "}", open + 1) : -1;
  if (open < 0 || close < 0) {
    q.kind = "other";
    q.body = giftUnescape(s).trim();
    return finish(q, {});
  }
  const before = s.slice(0, open).trim();
  const after = s.slice(close + 1).trim();
  // Text after the answers makes a missing-word question ("Grant is {…} in Grant's tomb."): the
  // answers stand for a blank in the sentence, which the question must keep to make sense.
  const gap = /^[.,;:!?।]/.test(after) ? "" : " ";
  q.body = giftUnescape(after ? `${before ? `${before} ` : ""}${BLANK}${gap}${after}` : before);
  let answers = s.slice(open + 1, close);
  const general = answers.indexOf("####");
  if (general >= 0) {
    q.explanation = giftUnescape(answers.slice(general + 4).replace(FORMAT_MARKER, "")).trim();
    answers = answers.slice(0, general);
  }
  const a = answers.trim();
  if (meta.intro) {
    try {
      q.intro = String(JSON.parse(meta.intro));
    } catch {
      q.intro = meta.intro;
    }
  }
  if (!a) q.kind = "essay";
  else if (/^(T|F|TRUE|FALSE)(\s*#.*)?$/is.test(a)) q.kind = "true/false";
  else if (a.startsWith("#")) q.kind = "numerical";
  else if (splitUnescaped(a, "=~").some((p) => p.mark === "=" && indexUnescaped(p.text, "-") >= 0 && /(?<!\\)->/.test(p.text))) q.kind = "matching";
  else {
    const parts = splitUnescaped(a, "=~").filter((p) => p.mark);
    if (!parts.some((p) => p.mark === "~")) q.kind = "short answer";
    else {
      const answersRead = parts.map((p) => {
        const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(p.text);
        let body = weight ? p.text.slice(weight[0].length) : p.text;
        const fb = indexUnescaped(body, "#");
        const feedback = fb >= 0 ? body.slice(fb + 1).replace(FORMAT_MARKER, "").trim() : "";
        if (fb >= 0) body = body.slice(0, fb);
        body = giftUnescape(body.replace(FORMAT_MARKER, "")).trim();
        // "=" is full credit; "~" none unless a weight says otherwise (~%100% is full credit too).
        const credit = weight ? Number(weight[1]) : p.mark === "=" ? 100 : 0;
        return { body, credit, feedback };
      });
      const full = answersRead.filter((x) => x.credit >= 100);
      const partial = answersRead.filter((x) => x.credit > 0 && x.credit < 100);
      q.options = answersRead.map((x) => ({ body: x.body, isCorrect: x.credit >= 100 }));
      if (!full.length && partial.length) q.errors.push(E.severalRight);
      else if (partial.length) q.warnings.push(E.partialCredit(partial.map((x) => `“${x.body}” ${x.credit}%`).join(", ")));
      if (answersRead.some((x) => x.feedback)) q.warnings.push(E.feedback);
    }
  }
  if (marker?.[1].toLowerCase() === "markdown") q.warnings.push(E.markdown);
  return finish(q, { boardYear: meta["board-year"], marks: meta.marks, difficulty: meta.difficulty });
}

export function toGift(questions: readonly ExportQuestion[]): string {
  return questions
    .map((q) => {
      const meta = [
        q.sources.length ? `// board-year: ${notationFromSources(q.sources)}` : "",
        `// marks: ${q.marks}`,
        q.difficulty ? `// difficulty: ${q.difficulty}` : "",
        q.intro ? `// intro: ${JSON.stringify(q.intro)}` : "",
      ].filter(Boolean);
      const options = q.options.map((o) => `  ${o.isCorrect ? "=" : "~"}${giftEscape(o.body)}`).join("\n");
      const explanation = q.explanation ? `\n  ####${giftEscape(q.explanation)}` : "";
      return `${meta.join("\n")}\n${giftEscape(q.body)} {\n${options}${explanation}\n}`;
    })
    .join("\n\n")
    .concat("\n");
}

/* ------------------------------------------------------------------ Aiken */

/** Aiken is plain text: what the file says is what the page shows, "<" and "&" included. */
const plainToHtml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function parseAikenQuestions(text: string): { questions: ImportedQuestion[]; fileError?: string } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const questions: ImportedQuestion[] = [];
  let answerLines = 0;
  let cur: { line: number; text: string[]; options: string[]; answer: string | null; arrows: boolean } | null = null;
  const flush = () => {
    if (!cur) return;
    const q = blank(cur.line);
    q.body = plainToHtml(cur.text.join("\n").trim());
    const options = cur.options.map(plainToHtml);
    if (cur.answer === null) {
      // Never merged into the next question: that one would get this one's text and options.
      q.options = options.map((body) => ({ body, isCorrect: false }));
      q.errors.push(E.noAnswerLine);
      questions.push(q);
    } else {
      if (options.length) {
        const key = /^[A-Z]$/i.test(cur.answer.trim()) ? answerIndex(cur.answer, options) : -1;
        q.options = options.map((body, k) => ({ body, isCorrect: k === key }));
      } else {
        const ans = cur.answer.trim().toLowerCase();
        q.kind = cur.arrows ? "matching" : ans === "true" || ans === "false" || ans === "t" || ans === "f" ? "true/false" : "short answer";
      }
      questions.push(finish(q, {}));
    }
    cur = null;
  };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    // "\S" after each "\s*"/"\s+" so no space can be taken by two parts: linear, as in the GIFT comments.
    const answer = /^ANSWER\s*:\s*(\S.*)?$/i.exec(line);
    // "A) text" and "A. text", and "A)text" as Moodle's own files write it; not "A.text", which is
    // how a question about "A.K. Fazlul Huq" begins.
    const option = /^([A-Z])(?:\)\s*|\.\s+)(\S.*)$/.exec(line);
    const nextLetter = String.fromCharCode(65 + (cur?.options.length ?? 0));
    if (answer) {
      answerLines++;
      if (!cur) {
        const stray = blank(i + 1);
        stray.errors.push(E.strayAnswer);
        questions.push(stray);
        return;
      }
      cur.answer = answer[1] ?? "";
      flush();
    } else if (option && option[1] === nextLetter && (cur?.text.length || cur?.options.length || /^[A-Z][.)]\s/.test(line))) {
      // Options with no question before them are kept as a question without text, and refused as such.
      cur ??= { line: i + 1, text: [], options: [], answer: null, arrows: false };
      cur.options.push(option[2].trim());
    } else {
      // Text after options begins the next question: the one before ended without its ANSWER: line.
      if (cur?.options.length) flush();
      cur ??= { line: i + 1, text: [], options: [], answer: null, arrows: false };
      if (/->/.test(line)) cur.arrows = true;
      cur.text.push(raw.trimEnd());
    }
  });
  flush();
  if (questions.length && !answerLines) {
    const gift = /\{[^{}]*[~=][^{}]*\}/.test(text);
    return {
      questions,
      fileError: `এটি Aiken ফাইল মনে হচ্ছে না: কোনো ANSWER: লাইন নেই।${gift ? " এটি GIFT ফাইল হলে ধরন GIFT বেছে নিন।" : ""} (This does not look like Aiken: there is no ANSWER: line.${gift ? " It looks like GIFT: choose GIFT as the format." : ""})`,
    };
  }
  return { questions };
}

export function parseQuestions(format: ImportFormat, text: string) {
  return format === "csv" ? parseCsvQuestions(text) : format === "gift" ? parseGiftQuestions(text) : parseAikenQuestions(text);
}
