// Education boards, past-paper subjects, board papers (creative and MCQ) and solved examples.
import type * as schema from "../../app/db/schema";
import { BOARD_MCQ_PAPERS, NEXT_QUESTION_ID } from "./content-mcq";
import { chapterOf, type ChapterRef } from "./content-study";
import { bn, h3, html, p } from "./util";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
const R = String.raw;

export const BOARDS: Insert<typeof schema.boards>[] = (
  [
    ["dhaka", "ঢাকা"],
    ["raj", "রাজশাহী"],
    ["bar", "বরিশাল"],
    ["syl", "সিলেট"],
    ["jes", "যশোর"],
    ["cum", "কুমিল্লা"],
    ["ctg", "চট্টগ্রাম"],
    ["mym", "ময়মনসিংহ"],
    ["din", "দিনাজপুর"],
    ["mad", "মাদ্রাসা"],
  ] as const
).map(([code, name], i) => ({ id: i + 1, code, name, sort: i + 1 }));

const boardId = (code: string) => {
  const b = BOARDS.find((x) => x.code === code);
  if (!b) throw new Error(`seed: unknown board ${code}`);
  return b.id!;
};
const boardName = (code: string) => BOARDS.find((x) => x.code === code)!.name;

export const BOARD_SUBJECTS: Insert<typeof schema.boardSubjects>[] = (
  [
    [1, "উচ্চতর গণিত", "higher-math", 1],
    [2, "সাধারণ গণিত", "math", 2],
    [3, "পদার্থবিজ্ঞান", "physics", 3],
    [4, "রসায়ন", "chemistry", 4],
    [5, "জীববিজ্ঞান", "biology", 5],
    [6, "তথ্য ও যোগাযোগ প্রযুক্তি", "ict", 9],
    [7, "ইংরেজি", "english", 10],
    [8, "ঢাকা বিশ্ববিদ্যালয় ভর্তি (ক ইউনিট)", "du", null],
    [9, "বুয়েট ভর্তি", "buet", null],
    [10, "মেডিকেল ভর্তি", "medical", null],
  ] as const
).map(([id, name, image, subjectId], i) => ({ id, name, imageUrl: `/images/board/${image}.svg`, legacyUrl: null, subjectId, sort: i + 1 }));

/* ------------------------------------------------------------------ creative questions */

type Part = [label: string, text: string, marks: number];
type Stem = { stem: string; parts: Part[] };

const MATH_MARKS = [2, 4, 4];
const SCI_MARKS = [1, 2, 3, 4];
const math = (stem: string, a: string, b: string, c: string): Stem => ({ stem, parts: [["ক", a, MATH_MARKS[0]], ["খ", b, MATH_MARKS[1]], ["গ", c, MATH_MARKS[2]]] });
const sci = (stem: string, a: string, b: string, c: string, d: string): Stem => ({
  stem,
  parts: [["ক", a, SCI_MARKS[0]], ["খ", b, SCI_MARKS[1]], ["গ", c, SCI_MARKS[2]], ["ঘ", d, SCI_MARKS[3]]],
});

const HIGHER_MATH_STEMS: Stem[] = [
  math(R`$f(x) = \frac{2x + 1}{x - 3}$ একটি ফাংশন, যেখানে $x \ne 3$।`, R`$f(4)$ এর মান নির্ণয় করো।`, R`দেখাও যে, $f$ একটি এক-এক ফাংশন।`, R`$f^{-1}(x)$ নির্ণয় করো এবং $f^{-1}(2)$ এর মান বের করো।`),
  math(R`$P(x) = 2x^3 - 3x^2 - 11x + 6$`, R`$P(-2)$ এর মান নির্ণয় করো।`, R`$P(x)$ কে উৎপাদকে বিশ্লেষণ করো।`, R`\(\frac{x + 8}{(x + 2)(x - 3)}\) কে আংশিক ভগ্নাংশে প্রকাশ করো।`),
  math(R`$\sin\theta + \cos\theta = \sqrt{2}$, যেখানে $\theta$ একটি সূক্ষ্মকোণ।`, R`$\theta$ এর মান নির্ণয় করো।`, R`প্রমাণ করো যে, $\tan\theta + \cot\theta = 2$।`, R`$\sec^2\theta + \csc^2\theta$ এর মান নির্ণয় করো।`),
  math(R`$(1 + 2x)^6$ একটি দ্বিপদী রাশি।`, "বিস্তৃতির পদসংখ্যা নির্ণয় করো।", R`বিস্তৃতির প্রথম চারটি পদ নির্ণয় করো।`, R`বিস্তৃতির মধ্যপদটি নির্ণয় করো এবং দেখাও যে এর সহগ $160$।`),
  math(R`$a^x = b^y = c^z$ এবং $b^2 = ac$।`, R`$\log_{\sqrt{2}} 8$ এর মান নির্ণয় করো।`, R`দেখাও যে, \(\frac{1}{x} + \frac{1}{z} = \frac{2}{y}\)।`, R`$y = \log_2 x$ ফাংশনের ডোমেন ও রেঞ্জ নির্ণয় করো এবং লেখচিত্র অঙ্কন করো।`),
  math(R`$U = \{1, 2, 3, \ldots, 8\}$, $A = \{x \in \mathbb{N} : x^2 \lt 20\}$ এবং $B = \{2, 4, 6\}$।`, "$A$ কে তালিকা পদ্ধতিতে প্রকাশ করো।", R`$P(A \cap B)$ নির্ণয় করো।`, R`দেখাও যে, $(A \cup B)' = A' \cap B'$।`),
];

const MATH_STEMS: Stem[] = [
  math("রহিম সাহেব ব্যাংকে ৫০০০ টাকা বার্ষিক ৮% সরল মুনাফায় এবং করিম সাহেব একই পরিমাণ টাকা একই হারে চক্রবৃদ্ধি মুনাফায় জমা রাখলেন।", "৩ বছরে রহিম সাহেবের মুনাফা নির্ণয় করো।", "৩ বছর পর করিম সাহেবের চক্রবৃদ্ধি মূলধন নির্ণয় করো।", "৩ বছর পর দুজনের মুনাফার পার্থক্য নির্ণয় করো।"),
  math(R`$x = \sqrt{3} + \sqrt{2}$`, R`\(\frac{1}{x}\) এর মান নির্ণয় করো।`, R`$x^2 + \frac{1}{x^2}$ এর মান নির্ণয় করো।`, R`দেখাও যে, $x^3 + \frac{1}{x^3} = 18\sqrt{3}$।`),
  math("একটি ত্রিভুজের তিনটি বাহুর দৈর্ঘ্য যথাক্রমে ১৩ সেমি, ১৪ সেমি ও ১৫ সেমি।", "ত্রিভুজটির অর্ধপরিসীমা নির্ণয় করো।", "হেরনের সূত্র ব্যবহার করে ত্রিভুজক্ষেত্রটির ক্ষেত্রফল নির্ণয় করো।", "বৃহত্তম বাহুর উপর বিপরীত শীর্ষ থেকে অঙ্কিত লম্বের দৈর্ঘ্য নির্ণয় করো।"),
  math(R`$x^2 - 7x + 12 = 0$ একটি দ্বিঘাত সমীকরণ।`, "বাম পক্ষকে উৎপাদকে বিশ্লেষণ করো।", "সমীকরণটির মূলদ্বয় নির্ণয় করো এবং সংখ্যারেখায় দেখাও।", "মূলদ্বয়ের বর্গের যোগফল নির্ণয় করো।"),
  math("৭ + ১২ + ১৭ + ২২ + ... একটি সমান্তর ধারা।", "ধারাটির ২০তম পদ নির্ণয় করো।", "ধারাটির প্রথম ২০টি পদের সমষ্টি নির্ণয় করো।", "ধারাটির প্রথম কতগুলো পদের সমষ্টি ২৯৫ হবে?"),
];

const PHYSICS_STEMS: Stem[] = [
  sci(
    "একটি গাড়ি স্থির অবস্থান থেকে ২ m s⁻² সুষম ত্বরণে ১০ s চলার পর সুষম বেগে ২০ s চলল। এরপর ব্রেক কষার ফলে গাড়িটি ৫ s এ থেমে গেল।",
    "ত্বরণ কাকে বলে?",
    "সুষম বেগে চলমান বস্তুর ত্বরণ শূন্য — ব্যাখ্যা করো।",
    "গাড়িটির সর্বোচ্চ বেগ নির্ণয় করো।",
    "সমগ্র যাত্রায় গাড়িটির গড় বেগ সর্বোচ্চ বেগের অর্ধেকের চেয়ে বেশি কি না — গাণিতিক যুক্তিসহ মতামত দাও।",
  ),
  sci(
    "১০ kg ভরের একটি বস্তুকে ২০ m উচ্চতা থেকে মুক্তভাবে ছেড়ে দেওয়া হলো। ($g = 9.8$ m s⁻²)",
    "শক্তির নিত্যতা সূত্রটি লেখো।",
    "কাজ ও শক্তির একক একই কেন? ব্যাখ্যা করো।",
    "ভূমি স্পর্শের মুহূর্তে বস্তুটির বেগ নির্ণয় করো।",
    "১০ m উচ্চতায় বস্তুটির গতিশক্তি ও বিভবশক্তি সমান — গাণিতিকভাবে যাচাই করো।",
  ),
  sci(
    R`৬ N ও ৮ N মানের দুটি বল একটি বিন্দুতে পরস্পর $60^\circ$ কোণে ক্রিয়া করছে।`,
    "একক ভেক্টর কাকে বলে?",
    "দুটি ভেক্টরের লব্ধি কখন সর্বোচ্চ হয়? ব্যাখ্যা করো।",
    "বল দুটির লব্ধির মান নির্ণয় করো।",
    R`বল দুটির মধ্যবর্তী কোণ $90^\circ$ করা হলে লব্ধির মান বাড়বে না কমবে — বিশ্লেষণ করো।`,
  ),
];

const CHEMISTRY_STEMS: Stem[] = [
  sci("X ও Y দুটি মৌল, যাদের পারমাণবিক সংখ্যা যথাক্রমে ১১ ও ১৭।", "আইসোটোপ কাকে বলে?", "নিষ্ক্রিয় গ্যাসগুলো নিষ্ক্রিয় কেন? ব্যাখ্যা করো।", "X ও Y এর ইলেকট্রন বিন্যাস লেখো এবং পর্যায় সারণিতে এদের অবস্থান নির্ণয় করো।", "X ও Y এর মধ্যে গঠিত যৌগের বন্ধনের প্রকৃতি বিশ্লেষণ করো।"),
  sci("৪৯ g H₂SO₄ কে পানিতে দ্রবীভূত করে ৫০০ mL দ্রবণ তৈরি করা হলো।", "মোল কাকে বলে?", "অ্যাভোগেড্রো সংখ্যা বলতে কী বোঝায়? ব্যাখ্যা করো।", "দ্রবণটির মোলারিটি নির্ণয় করো।", "দ্রবণটিকে সম্পূর্ণরূপে প্রশমিত করতে কত গ্রাম NaOH প্রয়োজন — বিশ্লেষণ করো।"),
  sci("CH₄, C₂H₄ ও C₂H₂ তিনটি হাইড্রোকার্বন।", "কার্যকরী মূলক কাকে বলে?", "অ্যালকেনকে সম্পৃক্ত হাইড্রোকার্বন বলা হয় কেন?", "C₂H₄ এর সাথে ব্রোমিন পানির বিক্রিয়ার সমীকরণ লেখো।", "উদ্দীপকের কোন যৌগটি প্রতিস্থাপন এবং কোনগুলো যুত বিক্রিয়া দেয় — যুক্তিসহ বিশ্লেষণ করো।"),
];

/** What a creative paper prints above its questions. */
const creativeHead = (timeNote: string) =>
  p(`${timeNote} <em>[দ্রষ্টব্য: ডান পাশের সংখ্যা প্রশ্নের পূর্ণমান জ্ঞাপক। যেকোনো পাঁচটি প্রশ্নের উত্তর দাও।]</em>`);

// The chapter of each stem, in the order of the stem lists above.
const STEM_CHAPTERS = new Map<Stem, ChapterRef>([
  ...(["সেট ও ফাংশন", "বীজগাণিতিক রাশি", "ত্রিকোণমিতিক অনুপাত", "দ্বিপদী বিস্তৃতি", "সূচকীয় ও লগারিদমীয় ফাংশন", "সেট ও ফাংশন"] as const).map(
    (name, i) => [HIGHER_MATH_STEMS[i], ["higher-math", name]] as const,
  ),
  ...(["বাস্তব সংখ্যা", "বীজগাণিতিক রাশি", "পরিমিতি", "বীজগাণিতিক রাশি", "বীজগাণিতিক রাশি"] as const).map(
    (name, i) => [MATH_STEMS[i], ["math", name]] as const,
  ),
  ...(["গতি", "বল", "ভেক্টর"] as const).map((name, i) => [PHYSICS_STEMS[i], ["physics", name]] as const),
  ...(["পদার্থের গঠন", "মোলের ধারণা ও রাসায়নিক গণনা", "জৈব রসায়ন"] as const).map((name, i) => [CHEMISTRY_STEMS[i], ["chemistry", name]] as const),
]);

/** Picks n stems starting at a rotating offset, so papers of a subject differ. */
const rotate = (stems: Stem[], offset: number, n: number) => Array.from({ length: n }, (_, i) => stems[(offset + i) % stems.length]);

type Creative = { boardSubjectId: number; label: string; board: string; year: number; stems: Stem[]; note: string };

const SSC_NOTE = "সময়: ২ ঘণ্টা ৩৫ মিনিট; পূর্ণমান: ৭০।";
const CREATIVE: Creative[] = [
  { boardSubjectId: 1, label: "উচ্চতর গণিত", board: "dhaka", year: 2023, stems: rotate(HIGHER_MATH_STEMS, 0, 3), note: SSC_NOTE },
  { boardSubjectId: 1, label: "উচ্চতর গণিত", board: "raj", year: 2023, stems: rotate(HIGHER_MATH_STEMS, 2, 3), note: SSC_NOTE },
  { boardSubjectId: 1, label: "উচ্চতর গণিত", board: "cum", year: 2022, stems: rotate(HIGHER_MATH_STEMS, 3, 3), note: SSC_NOTE },
  { boardSubjectId: 1, label: "উচ্চতর গণিত", board: "ctg", year: 2019, stems: rotate(HIGHER_MATH_STEMS, 4, 3), note: SSC_NOTE },
  { boardSubjectId: 2, label: "সাধারণ গণিত", board: "dhaka", year: 2024, stems: rotate(MATH_STEMS, 0, 3), note: SSC_NOTE },
  { boardSubjectId: 2, label: "সাধারণ গণিত", board: "din", year: 2022, stems: rotate(MATH_STEMS, 2, 3), note: SSC_NOTE },
  { boardSubjectId: 3, label: "পদার্থবিজ্ঞান", board: "ctg", year: 2023, stems: rotate(PHYSICS_STEMS, 0, 3), note: "সময়: ২ ঘণ্টা ৩০ মিনিট; পূর্ণমান: ৫০।" },
  { boardSubjectId: 3, label: "পদার্থবিজ্ঞান", board: "syl", year: 2021, stems: rotate(PHYSICS_STEMS, 1, 2), note: "সময়: ২ ঘণ্টা ৩০ মিনিট; পূর্ণমান: ৫০।" },
  { boardSubjectId: 4, label: "রসায়ন", board: "dhaka", year: 2021, stems: rotate(CHEMISTRY_STEMS, 0, 3), note: "সময়: ২ ঘণ্টা ৩০ মিনিট; পূর্ণমান: ৫০।" },
];

const BUET_2023 = html(
  p("সময়: ৩ ঘণ্টা; পূর্ণমান: ৬০০ (গণিত অংশ)। <em>[সকল প্রশ্নের উত্তর দাও। প্রয়োজনীয় ক্ষেত্রে $g = 9.8$ m s⁻² ধরো।]</em>"),
  h3("প্রশ্ন ১"),
  p(R`\(\displaystyle\int_0^{\pi/2} \sin^2 x\,dx\) এর মান নির্ণয় করো।`),
  h3("প্রশ্ন ২"),
  p(R`মান নির্ণয় করো: $$\lim_{x \to 0} \frac{1 - \cos x}{x^2}$$`),
  h3("প্রশ্ন ৩"),
  p(R`$x^2 + y^2 - 6x + 4y - 12 = 0$ বৃত্তের কেন্দ্রের স্থানাঙ্ক ও ব্যাসার্ধ নির্ণয় করো এবং $(7, 1)$ বিন্দুতে বৃত্তটির স্পর্শকের সমীকরণ বের করো।`),
  h3("প্রশ্ন ৪"),
  p(R`একটি বস্তুকে ৩০ m s⁻¹ বেগে অনুভূমিকের সাথে $30^\circ$ কোণে নিক্ষেপ করা হলো। সর্বোচ্চ উচ্চতা, বিচরণকাল ও অনুভূমিক পাল্লা নির্ণয় করো।`),
);

export const BOARD_PAPERS: Insert<typeof schema.boardPapers>[] = [];
/** Creative questions of the bank: one per stem, shared by every paper that set it. */
export const CREATIVE_QUESTIONS: Insert<typeof schema.questions>[] = [];
export const QUESTION_PARTS: Insert<typeof schema.questionParts>[] = [];
export const CREATIVE_SOURCES: Insert<typeof schema.questionSources>[] = [];
export const CREATIVE_SETS: Insert<typeof schema.questionSets>[] = [];
export const CREATIVE_SET_QUESTIONS: Insert<typeof schema.setQuestions>[] = [];
/** Question sets of creative papers start here (MCQ sets end before it). */
const CREATIVE_SET_BASE = 60;
{
  let id = 0;
  let partId = 0;
  const questionOf = new Map<Stem, number>();
  const creativeQuestion = (stem: Stem) => {
    const known = questionOf.get(stem);
    if (known) return known;
    const questionId = NEXT_QUESTION_ID + CREATIVE_QUESTIONS.length;
    const chapter = chapterOf(STEM_CHAPTERS.get(stem)!);
    CREATIVE_QUESTIONS.push({
      id: questionId,
      type: "creative",
      chapterId: chapter.id,
      subjectId: chapter.subjectId,
      gradeId: chapter.gradeId,
      intro: stem.stem,
      body: "",
      marks: String(stem.parts.reduce((sum, [, , marks]) => sum + marks, 0)),
    });
    stem.parts.forEach(([label, text, marks], i) =>
      QUESTION_PARTS.push({ id: ++partId, questionId, label, body: text, marks: String(marks), sort: i + 1 }),
    );
    questionOf.set(stem, questionId);
    return questionId;
  };
  const sortBySubject = new Map<number, number>();
  const nextSort = (s: number) => {
    const v = (sortBySubject.get(s) ?? 0) + 1;
    sortBySubject.set(s, v);
    return v;
  };
  for (const c of CREATIVE) {
    const title = `${boardName(c.board)} বোর্ড ${bn(c.year)} — ${c.label} সৃজনশীল`;
    const setId = CREATIVE_SET_BASE + CREATIVE_SETS.length;
    CREATIVE_SETS.push({ id: setId, mcqCategoryId: null, name: title, sort: 1 });
    c.stems.forEach((stem, i) => {
      const questionId = creativeQuestion(stem);
      CREATIVE_SET_QUESTIONS.push({ setId, questionId, sort: i + 1 });
      const sort = CREATIVE_SOURCES.filter((x) => x.questionId === questionId).length + 1;
      CREATIVE_SOURCES.push({ questionId, board: c.board, year: c.year, sort });
    });
    BOARD_PAPERS.push({
      id: ++id,
      boardSubjectId: c.boardSubjectId,
      boardId: boardId(c.board),
      year: c.year,
      kind: "creative",
      title,
      boardYear: `${c.board}: ${c.year % 100}`,
      content: creativeHead(c.note),
      questionSetId: setId,
      sort: nextSort(c.boardSubjectId),
    });
  }
  BOARD_PAPERS.push({
    id: ++id,
    boardSubjectId: 9,
    boardId: null,
    year: 2023,
    kind: "creative",
    title: "বুয়েট ভর্তি পরীক্ষা ২০২২-২৩ — লিখিত (গণিত ও পদার্থবিজ্ঞান)",
    boardYear: "buet: 2022-23",
    content: BUET_2023,
    questionSetId: null,
    sort: nextSort(9),
  });
  for (const m of BOARD_MCQ_PAPERS) {
    const title = m.board
      ? `${boardName(m.board)} বোর্ড ${bn(m.year)} — ${m.label} বহুনির্বাচনি`
      : m.boardSubjectId === 8
        ? `ঢাকা বিশ্ববিদ্যালয় ক ইউনিট ${bn("2022-23")} — বহুনির্বাচনি`
        : `মেডিকেল ভর্তি পরীক্ষা ${bn("2022-23")} — বহুনির্বাচনি`;
    BOARD_PAPERS.push({
      id: ++id,
      boardSubjectId: m.boardSubjectId,
      boardId: m.board ? boardId(m.board) : null,
      year: m.year,
      kind: "mcq",
      title,
      boardYear: m.boardYear,
      content: null,
      questionSetId: m.setId,
      sort: nextSort(m.boardSubjectId),
    });
  }
}

/* ------------------------------------------------------------------ examples (/example?extid=&exqnameid=) */

type Example = [extid: number, exqnameid: number, question: string, answer: string, boardYear: string | null, videoUrl: string | null];

const EXAMPLE_LIST: Example[] = [
  // extid 1: উচ্চতর গণিত; exqnameid 1: বীজগাণিতিক রাশি
  [
    1, 1,
    p(R`$P(x) = x^3 - 6x^2 + 11x - 6$ কে উৎপাদকে বিশ্লেষণ করো।`),
    html(
      p(R`$P(1) = 1 - 6 + 11 - 6 = 0$, সুতরাং উৎপাদক উপপাদ্য অনুযায়ী $(x - 1)$, $P(x)$ এর একটি উৎপাদক।`),
      p(R`$P(x) = x^2(x - 1) - 5x(x - 1) + 6(x - 1) = (x - 1)(x^2 - 5x + 6)$`),
      R`$$P(x) = (x - 1)(x - 2)(x - 3)$$`,
    ),
    "dhaka: 19",
    "https://www.youtube.com/watch?v=Qm7fT2xK9aB",
  ],
  [
    1, 1,
    p(R`\(\frac{5x + 1}{(x - 1)(x + 2)}\) কে আংশিক ভগ্নাংশে প্রকাশ করো।`),
    html(
      p(R`ধরি \(\frac{5x + 1}{(x - 1)(x + 2)} \equiv \frac{A}{x - 1} + \frac{B}{x + 2}\)। তাহলে $5x + 1 \equiv A(x + 2) + B(x - 1)$।`),
      p(R`$x = 1$ বসিয়ে $6 = 3A \Rightarrow A = 2$; $x = -2$ বসিয়ে $-9 = -3B \Rightarrow B = 3$।`),
      R`\[\frac{5x + 1}{(x - 1)(x + 2)} = \frac{2}{x - 1} + \frac{3}{x + 2}\]`,
    ),
    "raj, cum: 22",
    "https://www.youtube.com/watch?v=pL3vR8sN2cW",
  ],
  [
    1, 1,
    p(R`$x^3 + 2x^2 - 5x - 6$ এর একটি উৎপাদক $(x + 1)$ হলে অপর উৎপাদকগুলো নির্ণয় করো।`),
    html(
      p(R`$(x^3 + 2x^2 - 5x - 6) \div (x + 1) = x^2 + x - 6$।`),
      p(R`$x^2 + x - 6 = (x + 3)(x - 2)$। সুতরাং অপর উৎপাদকদ্বয় $(x + 3)$ ও $(x - 2)$।`),
    ),
    "ctg: 2021-22",
    null,
  ],
  [
    1, 1,
    p(R`$P(x) = 2x^3 + ax^2 - 5x + 2$ কে $(x - 2)$ দ্বারা ভাগ করলে ভাগশেষ $12$ হয়। $a$ এর মান নির্ণয় করো।`),
    html(p(R`ভাগশেষ উপপাদ্য অনুযায়ী $P(2) = 12$।`), R`$$16 + 4a - 10 + 2 = 12 \;\Rightarrow\; 4a = 4 \;\Rightarrow\; a = 1$$`),
    "syl: 18; din: 19",
    "https://www.youtube.com/watch?v=Zt4hY6uJ1eD",
  ],
  [
    1, 1,
    p(R`$a + b + c = 0$ হলে দেখাও যে, $a^3 + b^3 + c^3 = 3abc$।`),
    html(
      p(R`$a + b = -c$। উভয় পক্ষকে ঘন করে $a^3 + b^3 + 3ab(a + b) = -c^3$।`),
      p(R`$a + b = -c$ বসিয়ে $a^3 + b^3 - 3abc = -c^3$, অর্থাৎ $a^3 + b^3 + c^3 = 3abc$। (প্রমাণিত)`),
    ),
    "all: 23",
    null,
  ],
  // extid 1, exqnameid 2: ত্রিকোণমিতি
  [
    1, 2,
    p(R`প্রমাণ করো যে, \(\frac{1 - \sin\theta}{1 + \sin\theta} = (\sec\theta - \tan\theta)^2\)`),
    html(
      p(R`ডানপক্ষ $= \left(\frac{1}{\cos\theta} - \frac{\sin\theta}{\cos\theta}\right)^2 = \frac{(1 - \sin\theta)^2}{\cos^2\theta} = \frac{(1 - \sin\theta)^2}{(1 - \sin\theta)(1 + \sin\theta)}$`),
      p(R`$= \frac{1 - \sin\theta}{1 + \sin\theta} =$ বামপক্ষ। (প্রমাণিত)`),
    ),
    "jes: 20",
    "https://youtu.be/Hc8kW2nQ5rT",
  ],
  [
    1, 2,
    p(R`সমাধান করো: $2\cos^2\theta - 3\cos\theta + 1 = 0$, যেখানে $0 \le \theta \le \frac{\pi}{2}$।`),
    html(p(R`$(2\cos\theta - 1)(\cos\theta - 1) = 0$, সুতরাং $\cos\theta = \frac{1}{2}$ অথবা $\cos\theta = 1$।`), p(R`অতএব $\theta = \frac{\pi}{3}$ অথবা $\theta = 0$।`)),
    "mym: 22",
    null,
  ],
  [
    1, 2,
    p(R`$\tan\theta = \frac{3}{4}$ এবং $\theta$ তৃতীয় চতুর্ভাগে অবস্থিত হলে $\sin\theta + \cos\theta$ এর মান নির্ণয় করো।`),
    html(p(R`তৃতীয় চতুর্ভাগে $\sin\theta$ ও $\cos\theta$ উভয়ই ঋণাত্মক। অতিভুজ $= \sqrt{3^2 + 4^2} = 5$।`), p(R`$\sin\theta = -\frac{3}{5}$, $\cos\theta = -\frac{4}{5}$, সুতরাং $\sin\theta + \cos\theta = -\frac{7}{5}$।`)),
    "bar: 2019-20",
    "https://www.youtube.com/embed/Lr5bX9mC3vS",
  ],
  // extid 2: পদার্থবিজ্ঞান; exqnameid 1: গতি
  [
    2, 1,
    p("একটি গাড়ি স্থির অবস্থান থেকে যাত্রা শুরু করে ১০ s এ ৭২ km h⁻¹ বেগ অর্জন করে। গাড়িটির ত্বরণ ও এই সময়ে অতিক্রান্ত দূরত্ব নির্ণয় করো।"),
    html(p(R`$v = 72$ km h⁻¹ $= 20$ m s⁻¹। $a = \frac{v - u}{t} = \frac{20 - 0}{10} = 2$ m s⁻²।`), p(R`$s = \frac{1}{2}at^2 = \frac{1}{2} \times 2 \times 10^2 = 100$ m।`)),
    "dhaka, ctg: 23",
    "https://www.youtube.com/watch?v=Vb2nK7qP4xM",
  ],
  [
    2, 1,
    p("একটি বলকে ১৯.৬ m s⁻¹ বেগে খাড়া উপরের দিকে নিক্ষেপ করা হলো। বলটি কত সময় পরে সর্বোচ্চ উচ্চতায় উঠবে এবং সর্বোচ্চ উচ্চতা কত?"),
    html(p(R`সর্বোচ্চ উচ্চতায় $v = 0$। $0 = 19.6 - 9.8t \Rightarrow t = 2$ s।`), p(R`$h = \frac{u^2}{2g} = \frac{19.6^2}{2 \times 9.8} = 19.6$ m।`)),
    "raj: 21",
    null,
  ],
  [
    2, 1,
    p("৭৮.৪ m উঁচু একটি দালানের ছাদ থেকে একটি পাথর ছেড়ে দেওয়া হলো। পাথরটি কত সময়ে ভূমিতে পৌঁছাবে এবং ভূমি স্পর্শের সময় এর বেগ কত হবে?"),
    html(p(R`$h = \frac{1}{2}gt^2 \Rightarrow t = \sqrt{\frac{2 \times 78.4}{9.8}} = \sqrt{16} = 4$ s।`), p(R`$v = gt = 9.8 \times 4 = 39.2$ m s⁻¹।`)),
    "cum: 19",
    null,
  ],
];

export const EXAMPLES: Insert<typeof schema.examples>[] = EXAMPLE_LIST.map(([extid, exqnameid, question, answer, boardYear, videoUrl], i, all) => ({
  id: i + 1,
  extid,
  exqnameid,
  question,
  answer,
  boardYear,
  videoUrl,
  sort: all.slice(0, i).filter((e) => e[0] === extid && e[1] === exqnameid).length + 1,
}));
