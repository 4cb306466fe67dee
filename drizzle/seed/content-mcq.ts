// MCQ categories, question sets (practice, exams, board MCQ papers), questions and options.
import type * as schema from "../../app/db/schema";
import {
  BANGLA_BANK,
  BOTANY_BANK,
  CHEMISTRY_BANK,
  ENGLISH_BANK,
  GK_BANK,
  ICT_BANK,
  PHYSICS_BANK,
  TRIG_BANK,
  ZOOLOGY_BANK,
  type BankItem,
} from "./mcq-banks";
import * as G from "./mcq-gen";
import type { Gen, McqQ } from "./mcq-gen";
import { sourcesFromNotation } from "../../app/lib/board-year";
import { chapterOf, type ChapterRef } from "./content-study";
import { OPTION_KEYS, rng, type Rng } from "./util";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/* ------------------------------------------------------------------ categories */

const img = (x: string) => `/images/mcq/${x}.svg`;

/** Names are English: the home page and the admission pages filter on them. */
export const MCQ_CATEGORIES: Insert<typeof schema.mcqCategories>[] = [
  { id: 1, parentId: null, name: "Mathematics University Admission", image: img("math"), sort: 1 },
  { id: 2, parentId: null, name: "Physics University Admission", image: img("physics"), sort: 2 },
  { id: 3, parentId: null, name: "Chemistry University Admission", image: img("chemistry"), sort: 3 },
  { id: 4, parentId: null, name: "English University Admission", image: img("english"), sort: 4 },
  { id: 5, parentId: null, name: "Botany Medical Admission", image: img("biology"), sort: 5 },
  { id: 6, parentId: null, name: "Zoology Medical Admission", image: img("biology"), sort: 6 },
  { id: 7, parentId: null, name: "Chemistry Medical Admission", image: img("chemistry"), sort: 7 },
  { id: 8, parentId: null, name: "Physics Medical Admission", image: img("physics"), sort: 8 },
  { id: 9, parentId: null, name: "General knowledge BCS Preparation", image: img("gk"), sort: 9 },
  { id: 10, parentId: null, name: "Bangla BCS Preparation", image: img("bangla"), sort: 10 },
  { id: 11, parentId: null, name: "English BCS Preparation", image: img("english"), sort: 11 },
  { id: 12, parentId: null, name: "Mathematics BCS Preparation", image: img("math"), sort: 12 },
  { id: 13, parentId: null, name: "National University Admission Mathematics", image: img("math"), sort: 13 },
  { id: 14, parentId: null, name: "National University Admission English", image: img("english"), sort: 14 },
  { id: 15, parentId: null, name: "National University Admission General Knowledge", image: img("gk"), sort: 15 },
  { id: 16, parentId: null, name: "NTRCA Registration Mathematics", image: img("math"), sort: 16 },
  { id: 17, parentId: null, name: "NTRCA Registration English", image: img("english"), sort: 17 },
  // The misspelling is deliberate (it is in the original data; the NTRCA filter must still catch it).
  { id: 18, parentId: null, name: "NTRCA Resistration ICT", image: img("ict"), sort: 18 },
  { id: 19, parentId: null, name: "NTRCA Registration Bangla", image: img("bangla"), sort: 19 },
  { id: 20, parentId: null, name: "SSC Higher Math MCQ", image: img("math"), sort: 20 },
  { id: 21, parentId: null, name: "SSC General Math MCQ", image: img("math"), sort: 21 },
  { id: 22, parentId: null, name: "HSC Physics MCQ", image: img("physics"), sort: 22 },
  { id: 23, parentId: null, name: "HSC Chemistry MCQ", image: img("chemistry"), sort: 23 },
  { id: 24, parentId: null, name: "ICT MCQ", image: img("ict"), sort: 24 },
  // Sub-categories (chapters) of two practice categories.
  { id: 25, parentId: 20, name: "সেট ও ফাংশন", image: img("math"), sort: 1 },
  { id: 26, parentId: 20, name: "ত্রিকোণমিতিক অনুপাত", image: img("math"), sort: 2 },
  { id: 27, parentId: 20, name: "সূচক ও লগারিদম", image: img("math"), sort: 3 },
  { id: 28, parentId: 22, name: "ভেক্টর", image: img("physics"), sort: 1 },
  { id: 29, parentId: 22, name: "গতিবিদ্যা", image: img("physics"), sort: 2 },
];

/* ------------------------------------------------------------------ board-year notation */

const SSC_BOARDS = ["dhaka", "raj", "bar", "syl", "jes", "cum", "ctg", "mym", "din", "mad"] as const;

/** "dhaka, raj: 19", "cum: 2021-22; ctg: 18", "all: 23" ... always valid notation. */
function boardYearTag(r: Rng): string {
  if (r.next() < 0.1) return `all: ${r.int(17, 24)}`;
  const groups = r.next() < 0.75 ? 1 : 2;
  const boards = r.shuffle(SSC_BOARDS);
  const out: string[] = [];
  for (let g = 0; g < groups; g++) {
    const codes = boards.splice(0, r.int(1, 2)).join(", ");
    const y = r.int(15, 23);
    const roll = r.next();
    const years = roll < 0.2 ? `20${y}-${y + 1}` : roll < 0.3 ? `${y}, ${y + 1}` : `${y}`;
    out.push(`${codes}: ${years}`);
  }
  return out.join("; ");
}

/** Admission sessions: "du: 2017-18", "buet, kuet: 2019-20". */
function sessionTag(r: Rng, codes: readonly string[]): string {
  const picked = r.next() < 0.2 ? r.shuffle(codes).slice(0, 2) : [r.pick(codes)];
  const y = r.int(2015, 2023);
  return `${picked.join(", ")}: ${y}-${String((y + 1) % 100).padStart(2, "0")}`;
}

type Tagging =
  | { kind: "boards"; share: number }
  | { kind: "sessions"; codes: readonly string[]; share: number }
  | { kind: "fixed"; value: string }
  | { kind: "none" };

const UNI = ["du", "ru", "cu", "ju", "sust", "jnu"] as const;
const ENGINEERING = ["buet", "kuet", "cuet", "ruet", "du"] as const;

/* ------------------------------------------------------------------ chapters of the templates and banks */

// Which chapter a template's or bank's questions belong to. Job-preparation banks (general
// knowledge, Bangla) have none: they are outside the school syllabus.
const GEN_CHAPTER = new Map<Gen, ChapterRef>([
  ...[G.gSetUnion, G.gPowerSet, G.gInverse, G.gFunctionValue].map((g) => [g, ["higher-math", "সেট ও ফাংশন"]] as const),
  ...[G.gQuadRoots, G.gReciprocal, G.gSquares, G.gQuadIntro].map((g) => [g, ["higher-math", "বীজগাণিতিক রাশি"]] as const),
  [G.gRadian, ["higher-math", "ত্রিকোণমিতিক অনুপাত"]],
  ...[G.gLog, G.gExpEquation, G.gExpSimplify].map((g) => [g, ["higher-math", "সূচকীয় ও লগারিদমীয় ফাংশন"]] as const),
  [G.gBinomial, ["higher-math", "দ্বিপদী বিস্তৃতি"]],
  [G.gDerivative, ["higher-math", "অন্তরীকরণ"]],
  [G.gIntegral, ["higher-math", "যোগজীকরণ"]],
  ...[G.gBalls, G.gDice].map((g) => [g, ["higher-math", "সম্ভাবনা"]] as const),
  ...[G.gPercent, G.gProfit, G.gInterest, G.gRatio, G.gWork, G.gSpeed, G.gLcm, G.gAverage, G.gSumN, G.gInterestIntro].map(
    (g) => [g, ["math", "বাস্তব সংখ্যা"]] as const,
  ),
  ...[G.gLinear, G.gAP].map((g) => [g, ["math", "বীজগাণিতিক রাশি"]] as const),
  ...[G.gCircle, G.gCuboid, G.gRightTriangle].map((g) => [g, ["math", "পরিমিতি"]] as const),
  ...[G.gVelocity, G.gDistance, G.gMotionIntro].map((g) => [g, ["physics", "গতি"]] as const),
  ...[G.gForce, G.gMomentum, G.gKinetic, G.gPotential, G.gWorkPower, G.gOhm].map((g) => [g, ["physics", "বল"]] as const),
  ...[G.gResultant, G.gVectorMag, G.gDot].map((g) => [g, ["physics", "ভেক্টর"]] as const),
  ...[G.gMolarMass, G.gMoles, G.gMolecules, G.gMoleIntro].map((g) => [g, ["chemistry", "মোলের ধারণা ও রাসায়নিক গণনা"]] as const),
  ...[G.gValence, G.gNeutrons].map((g) => [g, ["chemistry", "পদার্থের গঠন"]] as const),
  [G.gNumberSystem, ["ict", "সংখ্যা পদ্ধতি ও ডিজিটাল ডিভাইস"]],
]);

const BANK_CHAPTER = new Map<BankItem[], ChapterRef>([
  [PHYSICS_BANK, ["physics", "ভৌত রাশি এবং পরিমাপ"]],
  [CHEMISTRY_BANK, ["chemistry", "পদার্থের গঠন"]],
  [BOTANY_BANK, ["botany", "কোষ ও এর গঠন"]],
  [ZOOLOGY_BANK, ["zoology", "প্রাণীর বিভিন্নতা ও শ্রেণিবিন্যাস"]],
  [ENGLISH_BANK, ["english", "Parts of Speech"]],
  [ICT_BANK, ["ict", "তথ্য ও যোগাযোগ প্রযুক্তি ও আমাদের বাংলাদেশ"]],
  [TRIG_BANK, ["higher-math", "ত্রিকোণমিতিক অনুপাত"]],
]);

/* ------------------------------------------------------------------ set specs */

type Part = { bank: BankItem[]; n: number } | { gens: Gen[]; n: number };
type SetSpec = {
  id: number;
  mcqCategoryId: number | null;
  name: string;
  parts: Part[];
  /** Templates that return a group sharing one intro (uddipak). */
  groups?: Gen[];
  tag: Tagging;
};

const bank = (b: BankItem[], n: number): Part => ({ bank: b, n });
const gens = (g: Gen[], n: number): Part => ({ gens: g, n });
const boards = (share = 0.7): Tagging => ({ kind: "boards", share });
const sessions = (codes: readonly string[], share = 0.6): Tagging => ({ kind: "sessions", codes, share });
const none: Tagging = { kind: "none" };

const PRACTICE_SETS: SetSpec[] = [
  { id: 1, mcqCategoryId: 1, name: "গণিত: বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি", parts: [gens(G.ADVANCED_MATH, 13)], groups: [G.gQuadIntro], tag: sessions(ENGINEERING) },
  { id: 2, mcqCategoryId: 2, name: "পদার্থবিজ্ঞান: বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি", parts: [bank(PHYSICS_BANK, 7), gens([...G.PHYSICS, ...G.VECTORS], 8)], tag: sessions(ENGINEERING) },
  { id: 3, mcqCategoryId: 3, name: "রসায়ন: বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি", parts: [bank(CHEMISTRY_BANK, 8), gens(G.CHEMISTRY, 7)], tag: sessions(ENGINEERING) },
  { id: 4, mcqCategoryId: 4, name: "English: University Admission Practice", parts: [bank(ENGLISH_BANK, 15)], tag: sessions(UNI) },
  { id: 5, mcqCategoryId: 5, name: "উদ্ভিদবিজ্ঞান: মেডিকেল ভর্তি প্রস্তুতি", parts: [bank(BOTANY_BANK, 15)], tag: sessions(["medical"], 0.7) },
  { id: 6, mcqCategoryId: 6, name: "প্রাণিবিজ্ঞান: মেডিকেল ভর্তি প্রস্তুতি", parts: [bank(ZOOLOGY_BANK, 15)], tag: sessions(["medical"], 0.7) },
  { id: 7, mcqCategoryId: 7, name: "রসায়ন: মেডিকেল ভর্তি প্রস্তুতি", parts: [bank(CHEMISTRY_BANK, 8), gens(G.CHEMISTRY, 4)], tag: sessions(["medical"], 0.7) },
  { id: 8, mcqCategoryId: 8, name: "পদার্থবিজ্ঞান: মেডিকেল ভর্তি প্রস্তুতি", parts: [bank(PHYSICS_BANK, 7), gens(G.PHYSICS, 5)], tag: sessions(["medical"], 0.7) },
  { id: 9, mcqCategoryId: 9, name: "সাধারণ জ্ঞান: বিসিএস প্রস্তুতি", parts: [bank(GK_BANK, 15)], tag: none },
  { id: 10, mcqCategoryId: 10, name: "বাংলা ভাষা ও সাহিত্য: বিসিএস প্রস্তুতি", parts: [bank(BANGLA_BANK, 15)], tag: none },
  { id: 11, mcqCategoryId: 11, name: "English Language: BCS Preparation", parts: [bank(ENGLISH_BANK, 15)], tag: none },
  { id: 12, mcqCategoryId: 12, name: "গাণিতিক যুক্তি: বিসিএস প্রস্তুতি", parts: [gens(G.BASIC_MATH, 13)], groups: [G.gInterestIntro], tag: none },
  { id: 13, mcqCategoryId: 13, name: "জাতীয় বিশ্ববিদ্যালয় ভর্তি: গণিত", parts: [gens([...G.BASIC_MATH, ...G.ALGEBRA], 12)], tag: sessions(["nu"]) },
  { id: 14, mcqCategoryId: 14, name: "জাতীয় বিশ্ববিদ্যালয় ভর্তি: English", parts: [bank(ENGLISH_BANK, 12)], tag: sessions(["nu"]) },
  { id: 15, mcqCategoryId: 15, name: "জাতীয় বিশ্ববিদ্যালয় ভর্তি: সাধারণ জ্ঞান", parts: [bank(GK_BANK, 12)], tag: sessions(["nu"]) },
  { id: 16, mcqCategoryId: 16, name: "শিক্ষক নিবন্ধন: গণিত", parts: [gens(G.BASIC_MATH, 12)], tag: none },
  { id: 17, mcqCategoryId: 17, name: "শিক্ষক নিবন্ধন: English", parts: [bank(ENGLISH_BANK, 12)], tag: none },
  { id: 18, mcqCategoryId: 18, name: "শিক্ষক নিবন্ধন: আইসিটি", parts: [bank(ICT_BANK, 8), gens(G.ICT, 4)], tag: none },
  { id: 19, mcqCategoryId: 19, name: "শিক্ষক নিবন্ধন: বাংলা", parts: [bank(BANGLA_BANK, 12)], tag: none },
  { id: 20, mcqCategoryId: 20, name: "এসএসসি উচ্চতর গণিত: বোর্ড প্রশ্নের অনুশীলন", parts: [gens(G.HIGHER_MATH, 11), bank(TRIG_BANK, 3)], groups: [G.gQuadIntro], tag: boards(0.8) },
  { id: 21, mcqCategoryId: 21, name: "এসএসসি সাধারণ গণিত: বোর্ড প্রশ্নের অনুশীলন", parts: [gens([...G.ALGEBRA, ...G.BASIC_MATH], 13)], groups: [G.gInterestIntro], tag: boards(0.8) },
  { id: 22, mcqCategoryId: 22, name: "এইচএসসি পদার্থবিজ্ঞান: বোর্ড প্রশ্নের অনুশীলন", parts: [bank(PHYSICS_BANK, 6), gens([...G.PHYSICS, ...G.VECTORS], 7)], groups: [G.gMotionIntro], tag: boards(0.8) },
  { id: 23, mcqCategoryId: 23, name: "এইচএসসি রসায়ন: বোর্ড প্রশ্নের অনুশীলন", parts: [bank(CHEMISTRY_BANK, 7), gens(G.CHEMISTRY, 6)], groups: [G.gMoleIntro], tag: boards(0.8) },
  { id: 24, mcqCategoryId: 24, name: "আইসিটি: বোর্ড প্রশ্নের অনুশীলন", parts: [bank(ICT_BANK, 9), gens(G.ICT, 6)], tag: boards(0.7) },
  { id: 25, mcqCategoryId: 25, name: "সেট ও ফাংশন", parts: [gens(G.SETS_FUNCTIONS, 10)], tag: boards(0.6) },
  { id: 26, mcqCategoryId: 26, name: "ত্রিকোণমিতিক অনুপাত", parts: [bank(TRIG_BANK, 8), gens([G.gRadian], 4)], tag: boards(0.6) },
  { id: 27, mcqCategoryId: 27, name: "সূচক ও লগারিদম", parts: [gens(G.EXP_LOG, 12)], tag: boards(0.6) },
  { id: 28, mcqCategoryId: 28, name: "ভেক্টর", parts: [gens(G.VECTORS, 10)], tag: boards(0.6) },
  { id: 29, mcqCategoryId: 29, name: "গতিবিদ্যা", parts: [gens(G.KINEMATICS, 10)], groups: [G.gMotionIntro], tag: boards(0.6) },
];

/** Question sets used by exam_titles (exam title 1 uses set 30 with 130 questions). */
export const EXAM_SET = {
  sscMathFull: 30,
  higherMath: 31,
  physics: 32,
  chemistry: 33,
  bangla: 34,
  english: 35,
  bcsPreliminary: 36,
  bcsMath: 37,
  ntrcaEnglish: 38,
  ict: 39,
} as const;

const EXAM_SETS: SetSpec[] = [
  {
    id: EXAM_SET.sscMathFull,
    mcqCategoryId: null,
    name: "এসএসসি গণিত পূর্ণাঙ্গ মডেল টেস্ট (১৩০ প্রশ্ন)",
    parts: [gens(G.BASIC_MATH, 44), gens(G.ALGEBRA, 44), gens(G.HIGHER_MATH, 30), bank(TRIG_BANK, 6)],
    groups: [G.gQuadIntro, G.gInterestIntro, G.gQuadIntro],
    tag: boards(0.6),
  },
  { id: EXAM_SET.higherMath, mcqCategoryId: null, name: "উচ্চতর গণিত মডেল টেস্ট", parts: [gens(G.HIGHER_MATH, 22), bank(TRIG_BANK, 6)], groups: [G.gQuadIntro], tag: boards(0.6) },
  { id: EXAM_SET.physics, mcqCategoryId: null, name: "পদার্থবিজ্ঞান মডেল টেস্ট", parts: [bank(PHYSICS_BANK, 14), gens(G.PHYSICS, 14)], groups: [G.gMotionIntro], tag: boards(0.6) },
  { id: EXAM_SET.chemistry, mcqCategoryId: null, name: "রসায়ন মডেল টেস্ট", parts: [bank(CHEMISTRY_BANK, 15), gens(G.CHEMISTRY, 8)], groups: [G.gMoleIntro], tag: boards(0.6) },
  { id: EXAM_SET.bangla, mcqCategoryId: null, name: "বাংলা মডেল টেস্ট", parts: [bank(BANGLA_BANK, 25)], tag: none },
  { id: EXAM_SET.english, mcqCategoryId: null, name: "English Model Test", parts: [bank(ENGLISH_BANK, 30)], tag: none },
  {
    id: EXAM_SET.bcsPreliminary,
    mcqCategoryId: null,
    name: "বিসিএস প্রিলিমিনারি মডেল টেস্ট",
    parts: [bank(GK_BANK, 12), bank(BANGLA_BANK, 10), bank(ENGLISH_BANK, 10), gens(G.BASIC_MATH, 8)],
    tag: none,
  },
  { id: EXAM_SET.bcsMath, mcqCategoryId: null, name: "গাণিতিক যুক্তি মডেল টেস্ট", parts: [gens(G.BASIC_MATH, 23)], groups: [G.gInterestIntro], tag: none },
  { id: EXAM_SET.ntrcaEnglish, mcqCategoryId: null, name: "NTRCA English Model Test", parts: [bank(ENGLISH_BANK, 25)], tag: none },
  { id: EXAM_SET.ict, mcqCategoryId: null, name: "আইসিটি মডেল টেস্ট", parts: [bank(ICT_BANK, 15), gens(G.ICT, 10)], tag: boards(0.5) },
];

/** Board MCQ papers: one set per paper, every question tagged with the paper's board and year. */
export type BoardMcqPaper = { setId: number; boardSubjectId: number; board: string | null; year: number; boardYear: string; label: string };
const BOARD_MCQ: Array<BoardMcqPaper & { parts: Part[] }> = [];
{
  const paper = (boardSubjectId: number, board: string | null, year: number, boardYear: string, label: string, parts: Part[]) =>
    BOARD_MCQ.push({ setId: 40 + BOARD_MCQ.length, boardSubjectId, board, year, boardYear, label, parts });
  const y2 = (y: number) => String(y % 100);
  // board subject ids: see content-board.ts (1 উচ্চতর গণিত, 2 সাধারণ গণিত, 3 পদার্থ, 4 রসায়ন, 5 জীব, 6 আইসিটি, 8 ঢাবি, 10 মেডিকেল)
  for (const [b, y] of [["dhaka", 2023], ["syl", 2022], ["jes", 2021]] as const) {
    paper(1, b, y, `${b}: ${y2(y)}`, "উচ্চতর গণিত", [gens(G.HIGHER_MATH, 17), bank(TRIG_BANK, 8)]);
  }
  for (const [b, y] of [["raj", 2024], ["bar", 2020]] as const) {
    paper(2, b, y, `${b}: ${y2(y)}`, "সাধারণ গণিত", [gens([...G.ALGEBRA, ...G.BASIC_MATH], 25)]);
  }
  for (const [b, y] of [["dhaka", 2022], ["mym", 2019]] as const) {
    paper(3, b, y, `${b}: ${y2(y)}`, "পদার্থবিজ্ঞান", [bank(PHYSICS_BANK, 12), gens(G.PHYSICS, 13)]);
  }
  paper(4, "cum", 2023, "cum: 23", "রসায়ন", [bank(CHEMISTRY_BANK, 15), gens(G.CHEMISTRY, 10)]);
  paper(5, "dhaka", 2023, "dhaka: 23", "জীববিজ্ঞান", [bank(BOTANY_BANK, 12), bank(ZOOLOGY_BANK, 13)]);
  paper(6, "raj", 2022, "raj: 22", "তথ্য ও যোগাযোগ প্রযুক্তি", [bank(ICT_BANK, 12), gens(G.ICT, 8)]);
  paper(8, null, 2023, "du: 2022-23", "ঢাকা বিশ্ববিদ্যালয় ক ইউনিট", [gens(G.ADVANCED_MATH, 5), bank(PHYSICS_BANK, 5), bank(CHEMISTRY_BANK, 5), bank(BOTANY_BANK, 5)]);
  paper(10, null, 2023, "medical: 2022-23", "মেডিকেল ভর্তি", [bank(BOTANY_BANK, 6), bank(ZOOLOGY_BANK, 7), bank(CHEMISTRY_BANK, 6), bank(PHYSICS_BANK, 4), bank(ENGLISH_BANK, 2)]);
}
export const BOARD_MCQ_PAPERS: BoardMcqPaper[] = BOARD_MCQ.map(({ parts: _parts, ...p }) => p);

const BOARD_SETS: SetSpec[] = BOARD_MCQ.map((p) => ({
  id: p.setId,
  mcqCategoryId: null,
  name: `${p.label} — ${p.boardYear} বোর্ড প্রশ্ন (MCQ)`,
  parts: p.parts,
  tag: { kind: "fixed", value: p.boardYear },
}));

/* ------------------------------------------------------------------ building */

function fromBank(item: BankItem): McqQ {
  const [body, correct, w1, w2, w3, explanation] = item;
  return { body, options: [correct, w1, w2, w3], answer: 0, explanation };
}

const keyOf = (q: McqQ) => `${q.intro ?? ""}|${q.body}`;

/** A unit of a set: one question, or a run sharing an intro; with the chapter its template belongs to. */
type Unit = { qs: McqQ[]; chapter: ChapterRef | null };

function buildSet(spec: SetSpec): Unit[] {
  const r = rng(7919 * spec.id + 17);
  const used = new Set<string>();
  const units: Unit[] = [];
  for (const part of spec.parts) {
    if ("bank" in part) {
      if (part.n > part.bank.length) throw new Error(`seed: set ${spec.id} asks ${part.n} of a bank of ${part.bank.length}`);
      for (const item of r.shuffle(part.bank).slice(0, part.n)) {
        const q = fromBank(item);
        if (used.has(keyOf(q))) continue;
        used.add(keyOf(q));
        units.push({ qs: [q], chapter: BANK_CHAPTER.get(part.bank) ?? null });
      }
    } else {
      const order = r.shuffle(part.gens);
      let made = 0;
      for (let attempt = 0; made < part.n; attempt++) {
        if (attempt > part.n * 40) throw new Error(`seed: set ${spec.id} cannot make ${part.n} distinct questions`);
        const gen = order[attempt % order.length];
        const out = gen(r);
        const q = Array.isArray(out) ? out[0] : out;
        if (used.has(keyOf(q))) continue;
        used.add(keyOf(q));
        units.push({ qs: [q], chapter: GEN_CHAPTER.get(gen) ?? null });
        made++;
      }
    }
  }
  const shuffled = r.shuffle(units);
  for (const g of spec.groups ?? []) {
    let group: McqQ[];
    do group = g(r) as McqQ[];
    while (group.some((q) => used.has(keyOf(q))));
    group.forEach((q) => used.add(keyOf(q)));
    // Place the group in the middle part of the set, never first.
    shuffled.splice(r.int(1, Math.max(1, shuffled.length - 1)), 0, { qs: group, chapter: GEN_CHAPTER.get(g) ?? null });
  }
  return shuffled;
}

function tagFor(tag: Tagging, r: Rng): string | null {
  switch (tag.kind) {
    case "none":
      return null;
    case "fixed":
      return tag.value;
    case "boards":
      return r.next() < tag.share ? boardYearTag(r) : null;
    case "sessions":
      return r.next() < tag.share ? sessionTag(r, tag.codes) : null;
  }
}

/** The only board-year tag that is not valid notation: shown as written. */
export const ODD_BOARD_YEAR = "ঢাকা বোর্ড ২০১৯ (পুরাতন)";

export const QUESTION_SETS: Insert<typeof schema.questionSets>[] = [];
export const QUESTIONS: Insert<typeof schema.questions>[] = [];
export const QUESTION_OPTIONS: Insert<typeof schema.questionOptions>[] = [];
export const SET_QUESTIONS: Insert<typeof schema.setQuestions>[] = [];
export const QUESTION_SOURCES: Insert<typeof schema.questionSources>[] = [];
export const SET_SIZES = new Map<number, number>();

/** Source rows of a question from its board-year tag; a tag that is not notation stays a note. */
export function sourcesOf(questionId: number, tag: string | null) {
  const sources = sourcesFromNotation(tag);
  if (sources) sources.forEach((s, i) => QUESTION_SOURCES.push({ questionId, board: s.board, year: s.year, sort: i + 1 }));
  return sources || !tag ? null : tag;
}

{
  let qid = 0;
  let oid = 0;
  let oddPlaced = false;
  for (const spec of [...PRACTICE_SETS, ...EXAM_SETS, ...BOARD_SETS]) {
    QUESTION_SETS.push({ id: spec.id, mcqCategoryId: spec.mcqCategoryId, name: spec.name, sort: 1 });
    const r = rng(104729 * spec.id + 3);
    let sort = 0;
    for (const unit of buildSet(spec)) {
      let boardYear = tagFor(spec.tag, r);
      if (!oddPlaced && spec.id === 20 && unit.qs.length === 1) {
        boardYear = ODD_BOARD_YEAR;
        oddPlaced = true;
      }
      const chapter = unit.chapter ? chapterOf(unit.chapter) : null;
      for (const q of unit.qs) {
        const id = ++qid;
        const order = r.shuffle([0, 1, 2, 3]);
        const correctPos = order.indexOf(q.answer);
        QUESTIONS.push({
          id,
          type: "mcq",
          chapterId: chapter?.id ?? null,
          subjectId: chapter?.subjectId ?? null,
          gradeId: chapter?.gradeId ?? null,
          intro: q.intro ?? null,
          body: q.body,
          // Every fifth question has a difficulty set; the rest leave it open, as staff often do.
          difficulty: id % 5 === 0 ? (["easy", "medium", "hard"] as const)[id % 3] : null,
          explanation: q.explanation ?? null,
          sourceNote: sourcesOf(id, boardYear),
        });
        SET_QUESTIONS.push({ setId: spec.id, questionId: id, sort: ++sort });
        order.forEach((src, pos) => {
          QUESTION_OPTIONS.push({
            id: ++oid,
            questionId: id,
            key: OPTION_KEYS[pos],
            body: q.options[src],
            isCorrect: pos === correctPos,
            sort: pos + 1,
          });
        });
      }
    }
    SET_SIZES.set(spec.id, sort);
  }
  if (!oddPlaced) throw new Error("seed: the odd board-year tag was not placed");
}

/** The next free ids, for the creative questions of content-board.ts. */
export const NEXT_QUESTION_ID = QUESTIONS.length + 1;
