// Exam sub-pages (title groups), their group pills, subjects and the exams themselves.
import type * as schema from "../../app/db/schema";
import { BOARD_PAPERS } from "./content-board";
import { EXAM_SET, SET_SIZES } from "./content-mcq";
import { LIVE_GROUP_SUBJECT, liveExamRows } from "./live-exams";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export const EXAM_TITLE_GROUPS: Insert<typeof schema.examTitleGroups>[] = [
  {
    id: 1,
    name: "এসএসসি ও এইচএসসি মডেল টেস্ট",
    announce:
      "প্রতি শুক্রবার রাত ৯টায় নতুন মডেল টেস্ট প্রকাশিত হয়। নির্ধারিত সময়ের মধ্যে উত্তর জমা দাও; জমা দেওয়ার সাথে সাথে প্রাপ্ত নম্বর, সঠিক উত্তর ও ব্যাখ্যা দেখতে পাবে। যে পরীক্ষায় নেগেটিভ মার্কিং আছে তা পরীক্ষার বিবরণে উল্লেখ করা হয়েছে।",
    banner: "/images/exam-banner.svg",
  },
  {
    id: 2,
    name: "বিসিএস ও চাকরির প্রস্তুতি মডেল টেস্ট",
    announce:
      "বিসিএস প্রিলিমিনারি ও শিক্ষক নিবন্ধন (NTRCA) পরীক্ষার আদলে তৈরি মডেল টেস্ট। বিসিএস মডেল টেস্টে প্রতিটি ভুল উত্তরের জন্য ০.৫০ নম্বর কাটা যাবে, তাই না জেনে উত্তর দেওয়া থেকে বিরত থাকো।",
    banner: "/images/exam-banner.svg",
  },
];

export const EXAM_GROUPS: Insert<typeof schema.examGroups>[] = [
  { id: 1, titleGroupId: 1, name: "বিজ্ঞান", subjectName: "বিজ্ঞান বিভাগের বিষয়সমূহ", sort: 1 },
  { id: 2, titleGroupId: 1, name: "মানবিক", subjectName: "মানবিক বিভাগের বিষয়সমূহ", sort: 2 },
  // No subjects yet: the page shows its empty state.
  { id: 3, titleGroupId: 1, name: "ব্যবসায় শিক্ষা", subjectName: "ব্যবসায় শিক্ষা বিভাগের বিষয়সমূহ", sort: 3 },
  { id: 4, titleGroupId: 2, name: "বিসিএস প্রিলিমিনারি", subjectName: "বিসিএস প্রিলিমিনারির বিষয়সমূহ", sort: 1 },
  { id: 5, titleGroupId: 2, name: "শিক্ষক নিবন্ধন (NTRCA)", subjectName: "শিক্ষক নিবন্ধন পরীক্ষার বিষয়সমূহ", sort: 2 },
];

export const EXAM_GROUP_SUBJECTS: Insert<typeof schema.examGroupSubjects>[] = [
  { id: 1, groupId: 1, name: "সাধারণ গণিত", sort: 1 },
  { id: 2, groupId: 1, name: "উচ্চতর গণিত", sort: 2 },
  { id: 3, groupId: 1, name: "পদার্থবিজ্ঞান", sort: 3 },
  { id: 4, groupId: 1, name: "রসায়ন", sort: 4 },
  { id: 5, groupId: 1, name: "তথ্য ও যোগাযোগ প্রযুক্তি", sort: 5 },
  { id: 6, groupId: 2, name: "বাংলা", sort: 1 },
  { id: 7, groupId: 2, name: "English", sort: 2 },
  { id: 8, groupId: 4, name: "পূর্ণাঙ্গ প্রিলিমিনারি", sort: 1 },
  { id: 9, groupId: 4, name: "গাণিতিক যুক্তি", sort: 2 },
  { id: 10, groupId: 5, name: "English", sort: 1 },
  { id: 11, groupId: 1, name: "বিগত বছরের বোর্ড প্রশ্ন (বহুনির্বাচনি)", sort: 6 },
  LIVE_GROUP_SUBJECT,
];

type ExamSpec = [id: number, groupSubjectId: number, name: string, setId: number, minutes: number, negative: string, description: string];

const SPECS: ExamSpec[] = [
  [1, 1, "এসএসসি সাধারণ গণিত পূর্ণাঙ্গ মডেল টেস্ট", EXAM_SET.sscMathFull, 120, "0", "সাধারণ ও উচ্চতর গণিতের সকল অধ্যায় থেকে ১৩০টি প্রশ্ন। প্রতিটি প্রশ্নের মান ১; কোনো নেগেটিভ মার্কিং নেই।"],
  [2, 2, "উচ্চতর গণিত মডেল টেস্ট — ১", EXAM_SET.higherMath, 30, "0", "সেট ও ফাংশন, ত্রিকোণমিতি, সূচক-লগারিদম ও দ্বিপদী বিস্তৃতি অধ্যায় থেকে প্রশ্ন।"],
  [3, 3, "পদার্থবিজ্ঞান মডেল টেস্ট — ১", EXAM_SET.physics, 30, "0.25", "ভৌত রাশি, গতি, বল ও ভেক্টর অধ্যায়। প্রতিটি ভুল উত্তরের জন্য ০.২৫ নম্বর কাটা যাবে।"],
  [4, 4, "রসায়ন মডেল টেস্ট — ১", EXAM_SET.chemistry, 25, "0", "পদার্থের গঠন, মোলের ধারণা ও জৈব রসায়নের মৌলিক প্রশ্ন।"],
  [5, 5, "তথ্য ও যোগাযোগ প্রযুক্তি মডেল টেস্ট", EXAM_SET.ict, 25, "0", "সংখ্যা পদ্ধতি, নেটওয়ার্কিং ও HTML অধ্যায় থেকে প্রশ্ন।"],
  [6, 6, "বাংলা মডেল টেস্ট", EXAM_SET.bangla, 25, "0", "বাংলা সাহিত্য ও ব্যাকরণ থেকে ২৫টি প্রশ্ন।"],
  [7, 7, "English Model Test — 1", EXAM_SET.english, 30, "0.25", "Grammar, vocabulary and literature. ০.২৫ নম্বর কাটা যাবে প্রতিটি ভুল উত্তরের জন্য।"],
  [8, 8, "বিসিএস প্রিলিমিনারি মডেল টেস্ট — ১", EXAM_SET.bcsPreliminary, 30, "0.50", "সাধারণ জ্ঞান, বাংলা, ইংরেজি ও গাণিতিক যুক্তি মিলিয়ে ৪০টি প্রশ্ন। প্রতিটি ভুল উত্তরের জন্য ০.৫০ নম্বর কাটা যাবে।"],
  [9, 9, "গাণিতিক যুক্তি ও মানসিক দক্ষতা", EXAM_SET.bcsMath, 25, "0.50", "শতকরা, লাভ-ক্ষতি, সুদকষা, অনুপাত ও গড় বিষয়ক প্রশ্ন। প্রতিটি ভুল উত্তরের জন্য ০.৫০ নম্বর কাটা যাবে।"],
  [10, 10, "NTRCA English মডেল টেস্ট", EXAM_SET.ntrcaEnglish, 25, "0.25", "শিক্ষক নিবন্ধন পরীক্ষার ইংরেজি অংশের প্রস্তুতি।"],
];

/**
 * The one practice model test whose key stays unpublished, so the demo shows a sealed key: its
 * answers appear nowhere until staff publish them. The others are open for practice, key and all.
 */
export const SEALED_MODEL_TEST = 6;

const MODEL_TESTS: Insert<typeof schema.examTitles>[] = SPECS.map(([id, groupSubjectId, name, setId, minutes, negative, description], i) => {
  const size = SET_SIZES.get(setId);
  if (!size) throw new Error(`seed: exam ${id} uses empty set ${setId}`);
  return {
    id,
    groupSubjectId,
    name,
    description,
    questionSetId: setId,
    fullMarks: size,
    durationMinutes: minutes,
    negativeMark: negative,
    keyPublished: id !== SEALED_MODEL_TEST,
    sort: i + 1,
  };
});

/**
 * Past board papers as online exams: one minute a question, no negative marking, and their answer
 * keys published (a past paper's key is no secret).
 */
const PAST_PAPERS: Insert<typeof schema.examTitles>[] = BOARD_PAPERS.filter((p) => p.kind === "mcq" && p.questionSetId).map((p, i) => {
  const size = SET_SIZES.get(p.questionSetId!)!;
  return {
    id: 11 + i,
    groupSubjectId: 11,
    name: p.title,
    description: "বিগত বছরের বোর্ড পরীক্ষার প্রশ্ন, নির্ধারিত সময়ে অনলাইনে দাও। উত্তরমালা প্রকাশিত।",
    questionSetId: p.questionSetId!,
    fullMarks: size,
    durationMinutes: size,
    negativeMark: "0",
    keyPublished: true,
    sort: i + 1,
  };
});

/** The exams whose keys the demo publishes: every practice exam but the sealed one, and the past papers. */
export const PUBLISHED_EXAM_IDS = [...MODEL_TESTS, ...PAST_PAPERS].filter((e) => e.keyPublished).map((e) => e.id!);

export const EXAM_TITLES: Insert<typeof schema.examTitles>[] = [...MODEL_TESTS, ...PAST_PAPERS, ...liveExamRows()];
