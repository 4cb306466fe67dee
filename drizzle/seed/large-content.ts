// Text of the large generated data set (drizzle/seed/large.ts): the extra subjects, chapter and topic
// names, and the paragraphs topics are made of. No database access here.
//
// Topic pages are assembled from a bounded pool of paragraphs ("blocks") so that each distinct block
// is typeset once and its HTML reused (large.ts); every topic still gets a paragraph of its own.
import { BANGLA_BANK, BOTANY_BANK, CHEMISTRY_BANK, ENGLISH_BANK, GK_BANK, ICT_BANK, PHYSICS_BANK, TRIG_BANK, ZOOLOGY_BANK, type BankItem } from "./mcq-banks";
import * as G from "./mcq-gen";
import type { Gen, McqQ } from "./mcq-gen";
import { bn, type Rng } from "./util";

const R = String.raw;

/** Subjects added on top of the demo's ten: each offered in all three grades (the demo has 17 offerings; 17 + 33 = 50). */
export const EXTRA_SUBJECTS = [
  { name: "বাংলা প্রথম পত্র", slug: "bangla-1", icon: "book" },
  { name: "বাংলা দ্বিতীয় পত্র", slug: "bangla-2", icon: "book" },
  { name: "English 2nd Paper", slug: "english-2", icon: "language" },
  { name: "বাংলাদেশ ও বিশ্বপরিচয়", slug: "bgs", icon: "globe" },
  { name: "ভূগোল ও পরিবেশ", slug: "geography", icon: "globe" },
  { name: "অর্থনীতি", slug: "economics", icon: "chart-bar" },
  { name: "হিসাববিজ্ঞান", slug: "accounting", icon: "dollar" },
  { name: "ফিন্যান্স ও ব্যাংকিং", slug: "finance", icon: "dollar" },
  { name: "ব্যবসায় উদ্যোগ", slug: "business", icon: "layer-group" },
  { name: "কৃষিশিক্ষা", slug: "agriculture", icon: "seedling" },
  { name: "ইতিহাস", slug: "history", icon: "book" },
] as const;

/** What a subject's questions and topics are made of. */
export type Family = "math" | "physics" | "chemistry" | "biology" | "ict" | "english" | "bangla" | "social" | "commerce";

export const FAMILY_OF: Record<string, Family> = {
  "higher-math": "math",
  math: "math",
  statistics: "math",
  physics: "physics",
  chemistry: "chemistry",
  biology: "biology",
  botany: "biology",
  zoology: "biology",
  agriculture: "biology",
  ict: "ict",
  english: "english",
  "english-2": "english",
  "bangla-1": "bangla",
  "bangla-2": "bangla",
  bgs: "social",
  geography: "social",
  history: "social",
  economics: "commerce",
  accounting: "commerce",
  finance: "commerce",
  business: "commerce",
};

export const CHAPTER_STEMS: Record<Family, string[]> = {
  math: [
    "বাস্তব সংখ্যা", "সেট ও ফাংশন", "বীজগাণিতিক রাশি", "সূচক ও লগারিদম", "সমীকরণ", "অনুপাত ও সমানুপাত", "ত্রিকোণমিতিক অনুপাত",
    "দূরত্ব ও উচ্চতা", "বৃত্ত", "পরিমিতি", "পরিসংখ্যান", "সমান্তর ও গুণোত্তর ধারা", "দ্বিপদী বিস্তৃতি", "স্থানাঙ্ক জ্যামিতি",
    "ভেক্টর", "অন্তরীকরণ", "যোগজীকরণ", "সম্ভাবনা", "ম্যাট্রিক্স ও নির্ণায়ক", "জটিল সংখ্যা",
  ],
  physics: [
    "ভৌত রাশি এবং পরিমাপ", "গতি", "বল", "কাজ, ক্ষমতা ও শক্তি", "পদার্থের অবস্থা ও চাপ", "বস্তুর উপর তাপের প্রভাব", "তরঙ্গ ও শব্দ",
    "আলোর প্রতিফলন", "আলোর প্রতিসরণ", "স্থির বিদ্যুৎ", "চল বিদ্যুৎ", "বিদ্যুতের চৌম্বক ক্রিয়া", "আধুনিক পদার্থবিজ্ঞান", "ভেক্টর",
    "মহাকর্ষ ও অভিকর্ষ", "তাপগতিবিদ্যা",
  ],
  chemistry: [
    "রসায়নের ধারণা", "পদার্থের অবস্থা", "পদার্থের গঠন", "পর্যায় সারণি", "রাসায়নিক বন্ধন", "মোলের ধারণা ও রাসায়নিক গণনা",
    "রাসায়নিক বিক্রিয়া", "রসায়ন ও শক্তি", "এসিড-ক্ষারক সমতা", "খনিজ সম্পদ: ধাতু-অধাতু", "জৈব রসায়ন", "পরিমাণগত রসায়ন",
    "তড়িৎ রসায়ন", "পরিবেশ রসায়ন",
  ],
  biology: [
    "জীবনপাঠ", "কোষ ও এর গঠন", "কোষ বিভাজন", "জীবনীশক্তি", "খাদ্য, পুষ্টি এবং পরিপাক", "জীবে পরিবহন", "গ্যাসীয় বিনিময়",
    "রেচন প্রক্রিয়া", "দৃঢ়তা প্রদান ও চলন", "সমন্বয়", "জীবের প্রজনন", "জীবের বংশগতি ও বিবর্তন", "জীবের পরিবেশ",
    "প্রাণীর বিভিন্নতা ও শ্রেণিবিন্যাস", "উদ্ভিদের খনিজ পুষ্টি", "ফসল উৎপাদন",
  ],
  ict: [
    "তথ্য ও যোগাযোগ প্রযুক্তি ও আমাদের বাংলাদেশ", "কম্পিউটার ও কম্পিউটারের ব্যবহারকারী", "সংখ্যা পদ্ধতি ও ডিজিটাল ডিভাইস",
    "কম্পিউটার নেটওয়ার্ক", "ওয়েব ডিজাইন পরিচিতি ও HTML", "প্রোগ্রামিং ভাষা", "ডেটাবেজ ম্যানেজমেন্ট সিস্টেম", "সাইবার নিরাপত্তা",
    "মাল্টিমিডিয়া ও গ্রাফিক্স", "ইন্টারনেট ও ই-কমার্স",
  ],
  english: [
    "Parts of Speech", "Articles", "Prepositions", "Tense", "Voice", "Narration", "Transformation of Sentences", "Right Form of Verbs",
    "Completing Sentences", "Tag Questions", "Suffixes and Prefixes", "Connectors", "Paragraph Writing", "Letter Writing", "Composition",
  ],
  bangla: [
    "ধ্বনি ও বর্ণ", "সন্ধি", "সমাস", "কারক ও বিভক্তি", "প্রকৃতি ও প্রত্যয়", "বাক্য প্রকরণ", "বানান ও উচ্চারণ", "বাগধারা",
    "গদ্য: বই পড়া", "গদ্য: অভাগীর স্বর্গ", "কবিতা: বঙ্গভাষা", "কবিতা: আমার পরিচয়", "উপন্যাস: কাকতাড়ুয়া", "নাটক: বহিপীর",
    "পত্র রচনা", "প্রবন্ধ রচনা",
  ],
  social: [
    "বাংলাদেশের স্বাধীনতা সংগ্রাম", "বাংলাদেশের ইতিহাস", "উপনিবেশিক যুগ ও বাংলায় স্বাধিকার আন্দোলন", "পৃথিবী ও সৌরজগৎ",
    "বাংলাদেশের ভৌগোলিক অবস্থান", "বাংলাদেশের জলবায়ু", "বাংলাদেশের অর্থনীতি", "জনসংখ্যা ও উন্নয়ন", "আন্তর্জাতিক সংগঠন",
    "সামাজিক সমস্যা ও প্রতিকার", "নাগরিক অধিকার ও কর্তব্য", "প্রাকৃতিক দুর্যোগ",
  ],
  commerce: [
    "হিসাববিজ্ঞান পরিচিতি", "লেনদেন", "দু'তরফা দাখিলা পদ্ধতি", "জাবেদা", "খতিয়ান", "রেওয়ামিল", "আর্থিক বিবরণী", "মুনাফা ও সুদ",
    "চাহিদা ও যোগান", "উৎপাদন ও ব্যয়", "বাজার", "ব্যাংক ব্যবস্থা", "বিমা", "উদ্যোগ ও উদ্যোক্তা", "ব্যবসায় পরিকল্পনা",
  ],
};

/** Topic names are "<stem>: <chapter stem>", numbered when a chapter has more topics than stems. */
export const TOPIC_STEMS = [
  "মৌলিক ধারণা", "সংজ্ঞা ও উদাহরণ", "গুরুত্বপূর্ণ সূত্রসমূহ", "সমাধানকৃত উদাহরণ", "অনুশীলনী", "বোর্ড প্রশ্নের বিশ্লেষণ",
  "সৃজনশীল প্রশ্নের কৌশল", "বহুনির্বাচনি প্রশ্নের কৌশল", "সংক্ষিপ্ত আলোচনা", "বিস্তারিত আলোচনা", "বাস্তব জীবনে প্রয়োগ",
  "সাধারণ ভুল ও সতর্কতা", "পুনরালোচনা", "দ্রুত রিভিশন", "গাণিতিক সমস্যা", "চিত্রসহ ব্যাখ্যা", "প্রমাণ ও যুক্তি",
  "ভর্তি পরীক্ষার প্রস্তুতি", "অতিরিক্ত অনুশীলন", "সারসংক্ষেপ",
];

/** Display formulas, in both display delimiters the content uses. */
const FORMULAS = [
  R`\sin^2\theta + \cos^2\theta = 1`, R`(a + b)^2 = a^2 + 2ab + b^2`, R`a^2 - b^2 = (a + b)(a - b)`,
  R`x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`, R`\log_a (mn) = \log_a m + \log_a n`, R`\frac{d}{dx} x^n = n x^{n-1}`,
  R`\int x^n\,dx = \frac{x^{n+1}}{n + 1} + c`, R`\sum_{k=1}^{n} k = \frac{n(n+1)}{2}`, R`(1 + x)^n = \sum_{r=0}^{n} \binom{n}{r} x^r`,
  R`v = u + at`, R`s = ut + \frac{1}{2}at^2`, R`v^2 = u^2 + 2as`, R`F = ma`, R`E_k = \frac{1}{2}mv^2`, R`V = IR`,
  R`PV = nRT`, R`n = \frac{m}{M}`, R`\vec{A} \cdot \vec{B} = AB\cos\theta`, R`A = \pi r^2`, R`\tan\theta = \frac{\sin\theta}{\cos\theta}`,
  R`\bar{x} = \frac{\sum f_i x_i}{n}`, R`P(E) = \frac{n(E)}{n(S)}`, R`I = \frac{Pnr}{100}`, R`a_n = a + (n - 1)d`,
];

const asMcq = (out: McqQ | McqQ[]) => (Array.isArray(out) ? out[0] : out);

/** The question templates and banks of each family (the demo's, mcq-gen.ts and mcq-banks.ts). */
export const FAMILY_SOURCES: Record<Family, { gens: Gen[]; banks: BankItem[][] }> = {
  math: { gens: [...G.BASIC_MATH, ...G.ALGEBRA, ...G.HIGHER_MATH, ...G.ADVANCED_MATH], banks: [TRIG_BANK] },
  physics: { gens: [...G.PHYSICS, ...G.VECTORS, ...G.KINEMATICS], banks: [PHYSICS_BANK] },
  chemistry: { gens: G.CHEMISTRY, banks: [CHEMISTRY_BANK] },
  biology: { gens: [], banks: [BOTANY_BANK, ZOOLOGY_BANK] },
  ict: { gens: G.ICT, banks: [ICT_BANK] },
  english: { gens: [], banks: [ENGLISH_BANK] },
  bangla: { gens: [], banks: [BANGLA_BANK] },
  social: { gens: [], banks: [GK_BANK] },
  commerce: { gens: [G.gPercent, G.gProfit, G.gInterest, G.gRatio, G.gAverage], banks: [GK_BANK] },
};

/** One MCQ of a family: from a template (numbers drawn from r) or a bank; options[answer] is correct. */
export function familyMcq(family: Family, r: Rng): McqQ {
  const { gens, banks } = FAMILY_SOURCES[family];
  if (gens.length && (!banks.length || r.next() < 0.8)) return asMcq(r.pick(gens)(r));
  const [body, correct, w1, w2, w3, explanation] = r.pick(r.pick(banks));
  return { body, options: [correct, w1, w2, w3], answer: 0, explanation };
}

const p = (s: string) => `<p>${s}</p>`;

/** A paragraph of a topic page: an example worked with math, a formula, or facts of the subject. */
function block(family: Family, r: Rng): string {
  const roll = r.next();
  if ((family === "math" || family === "physics" || family === "chemistry") && roll < 0.35) {
    const f = r.pick(FORMULAS);
    return r.next() < 0.5 ? `${p("মনে রাখার মতো সূত্র:")}\n\\[${f}\\]` : `${p("সূত্রটি হলো:")}\n$$${f}$$`;
  }
  if ((family === "math" || family === "physics" || family === "chemistry") && roll < 0.5) {
    return p(`এখানে \\(${r.pick(FORMULAS)}\\) সম্পর্কটি ব্যবহার করা হয়; প্রতিটি রাশির একক আলাদা করে লিখে নেওয়া ভালো।`);
  }
  const q = familyMcq(family, r);
  const answer = q.options[q.answer];
  return q.explanation
    ? `${p(`<strong>উদাহরণ:</strong> ${q.body}`)}\n${p(`<em>সমাধান:</em> ${q.explanation} উত্তর: ${answer}`)}`
    : p(`<strong>প্রশ্ন:</strong> ${q.body} — উত্তর: ${answer}।`);
}

/** A bounded pool of blocks per family (each typeset once by the generator). */
export function blockPool(family: Family, r: Rng, size: number): string[] {
  const seen = new Set<string>();
  for (let i = 0; i < size * 3 && seen.size < size; i++) seen.add(block(family, r));
  return [...seen];
}

/** The paragraph only this topic has (plain text, no math). */
export function topicIntro(topic: string, chapter: string, subject: string, n: number): string {
  return p(
    `<strong>${topic}</strong> — ${subject} বিষয়ের "${chapter}" অধ্যায়ের ${bn(n)} নম্বর পাঠ। ` +
      `পাঠটি শেষে শিক্ষার্থীরা অধ্যায়ের মূল ধারণাগুলো ব্যাখ্যা করতে ও বোর্ড পরীক্ষার প্রশ্নের উত্তর দিতে পারবে।`,
  );
}

/** Video titles: "<chapter stem> — <what>". */
export const VIDEO_SUFFIXES = ["মৌলিক ধারণা", "উদাহরণসহ সমাধান", "বোর্ড প্রশ্ন সমাধান", "শর্টকাট টেকনিক", "পূর্ণাঙ্গ ক্লাস", "রিভিশন ক্লাস"];

/** Exam names: "<subject> মডেল টেস্ট — <n>". */
export const EXAM_KINDS = ["মডেল টেস্ট", "অধ্যায়ভিত্তিক পরীক্ষা", "সাপ্তাহিক পরীক্ষা", "চূড়ান্ত প্রস্তুতি পরীক্ষা", "ভর্তি প্রস্তুতি পরীক্ষা"];

/** Pages a present reader may be on (online_presence.page). */
export const PRESENCE_PAGES = ["/home", "/title/1", "/category/1", "/mq/1", "/exampage/1", "/live/room", "/board-question/1", "/search", "/exam-subpage/1"];
