// Every kind of content staff manage at /gradmin/content/{key}: its fields, list columns, search and
// sort, and who may edit it. One table of definitions drives the list, the form, the checks and the
// saves (models/admin/content.server.ts binds each key to its database table).
import type { Permission } from "~/lib/permissions";
import { type FieldDef, type Option } from "./fields";

export type ResourceDef = {
  key: string;
  /** Bangla (English), singular and plural. */
  one: string;
  many: string;
  permission: Permission;
  group: "study" | "bank" | "exams" | "papers" | "media" | "site";
  fields: readonly FieldDef[];
  /** Fields shown as list columns (besides id and last change). */
  list: readonly string[];
  /** Text fields the list's search box looks in. */
  search: readonly string[];
  /** Fields the list can be sorted by (besides id and updatedAt). */
  sorts: readonly string[];
  /** A field the list can be narrowed by (?{name}=id), e.g. a chapter's topics. */
  filters?: readonly string[];
  /** Kept revisions (restorable) for each save. */
  revisions?: boolean;
  /** A single row (id 1): no list, no create, no delete. */
  singleton?: boolean;
  /**
   * The public page that shows a row, for a "view on site" link: {field} takes the row's value. A
   * row with a blank value in it has no public page; `noPublicPage` then says why.
   */
  publicPath?: string;
  noPublicPage?: string;
};

const t = (name: string, label: string, max: number, extra: Partial<FieldDef> = {}): FieldDef =>
  ({ name, label, kind: "text", max, ...extra }) as FieldDef;
const sort: FieldDef = { name: "sort", label: "ক্রম (Order)", kind: "int", min: -100000, max: 100000, hint: "ছোট সংখ্যা আগে দেখায়। (Smaller comes first.)" };
const image = (name = "image", label = "ছবি (Image)"): FieldDef => ({ name, label, kind: "image" });

export const VIDEO_KIND_OPTIONS: Option[] = [
  { value: "theory", label: "Theory" },
  { value: "example", label: "Example" },
  { value: "short", label: "Short question" },
  { value: "b2", label: "B2" },
  { value: "b3", label: "B3" },
  { value: "b4", label: "B4" },
  { value: "c5", label: "C5" },
  { value: "a6", label: "A6" },
];

const QUESTION_TYPES: Option[] = [
  { value: "mcq", label: "বহুনির্বাচনি (MCQ)" },
  { value: "creative", label: "সৃজনশীল (Creative)" },
];
const DIFFICULTIES: Option[] = [
  { value: "easy", label: "সহজ (Easy)" },
  { value: "medium", label: "মাঝারি (Medium)" },
  { value: "hard", label: "কঠিন (Hard)" },
];
const PAPER_KINDS: Option[] = [
  { value: "mcq", label: "বহুনির্বাচনি (MCQ)" },
  { value: "creative", label: "সৃজনশীল (Creative)" },
];

/**
 * Whether the public site shows a row (topics, questions, question sets, exams, videos, info pages):
 * published at once, a draft only staff see, or scheduled for a Bangladesh time (the server makes it
 * published then). Two plain fields, so the form needs no JavaScript and a revision keeps both.
 */
export const PUBLICATION_OPTIONS: Option[] = [
  { value: "published", label: "প্রকাশিত (Published)" },
  { value: "draft", label: "খসড়া (Draft)" },
  { value: "scheduled", label: "নির্ধারিত সময়ে (Scheduled at …)" },
];
const PUBLICATION: FieldDef[] = [
  {
    name: "status",
    label: "অবস্থা (Status)",
    kind: "select",
    options: PUBLICATION_OPTIONS,
    // Not required: a save that does not post it (an older form, a script) keeps the default, published.
    noBlank: true,
    hint: "খসড়া ও নির্ধারিত সময়ের আগে সাইটে কোথাও দেখায় না; ঠিকানায় গেলে ৪০৪। (Drafts and scheduled rows before their time are nowhere on the site.)",
  },
  {
    name: "publishAt",
    label: "প্রকাশের সময়, বাংলাদেশ সময় (Publish at, Bangladesh time)",
    kind: "datetime",
    hint: "শুধু “নির্ধারিত সময়ে” বেছে নিলে; এই সময়ে নিজে থেকেই প্রকাশিত হবে। (Only for Scheduled: it goes live by itself at this time.)",
  },
];
/** The resources that have a publication state (the status and publishAt fields). */
export const PUBLISHABLE = ["topics", "questions", "question-sets", "exams", "videos", "info-pages"] as const;

export const RESOURCES: readonly ResourceDef[] = [
  {
    key: "grades",
    one: "শ্রেণি (Grade)",
    many: "শ্রেণি (Grades)",
    permission: "content",
    group: "study",
    fields: [t("name", "নাম (Name)", 64, { required: true }), sort],
    list: ["name", "sort"],
    search: ["name"],
    sorts: ["name", "sort"],
  },
  {
    key: "subjects",
    one: "বিষয় (Subject)",
    many: "বিষয় (Subjects)",
    permission: "content",
    group: "study",
    fields: [
      t("name", "নাম (Name)", 128, { required: true }),
      { name: "slug", label: "URL নাম (URL name)", kind: "slug", max: 64, required: true, hint: "/subject/{URL নাম}: ছোট হাতের ইংরেজি, যেমন math (lowercase, e.g. math)" },
      t("icon", "আইকন (Icon class)", 32, { hint: "square-root, flask, frog, …" }),
      image(),
      { name: "gradeIds", label: "যে শ্রেণিতে পড়ানো হয় (Taught in grades)", kind: "refs", ref: "grades", hint: "নেভবারে বিষয়টি এই শ্রেণিগুলোর নিচে দেখাবে। (Shown in the navbar under these grades.)" },
      sort,
    ],
    list: ["name", "slug", "sort"],
    search: ["name", "slug"],
    sorts: ["name", "slug", "sort"],
    publicPath: "/subject/{slug}",
  },
  {
    key: "chapters",
    one: "অধ্যায় (Chapter)",
    many: "অধ্যায় (Chapters)",
    permission: "content",
    group: "study",
    fields: [
      { name: "subjectId", label: "বিষয় (Subject)", kind: "ref", ref: "subjects", required: true },
      { name: "gradeId", label: "শ্রেণি (Grade)", kind: "ref", ref: "grades", hint: "খালি রাখলে বিষয়ের সব শ্রেণিতে। (Blank: every grade of the subject.)" },
      t("name", "নাম (Name)", 255, { required: true }),
      image(),
      sort,
    ],
    list: ["name", "subjectId", "gradeId", "sort"],
    search: ["name"],
    sorts: ["name", "sort"],
    filters: ["subjectId"],
    publicPath: "/category/{id}",
  },
  {
    key: "topics",
    one: "টপিক (Topic)",
    many: "টপিক (Topics)",
    permission: "content",
    group: "study",
    fields: [
      { name: "categoryId", label: "অধ্যায় (Chapter)", kind: "ref", ref: "chapters", required: true },
      t("name", "শিরোনাম (Title)", 255, { required: true }),
      image(),
      { name: "content", label: "বিষয়বস্তু (Content)", kind: "html", required: true, hint: "HTML; গণিত $…$ বা \\(…\\) লাইনের ভেতরে, $$…$$ বা \\[…\\] আলাদা লাইনে। (Inline math $…$, display math $$…$$.)" },
      sort,
      ...PUBLICATION,
    ],
    list: ["name", "categoryId", "sort", "status"],
    search: ["name"],
    sorts: ["name", "sort"],
    filters: ["categoryId", "status"],
    revisions: true,
    publicPath: "/title/{id}",
  },
  {
    key: "mcq-categories",
    one: "MCQ ক্যাটাগরি (MCQ category)",
    many: "MCQ ক্যাটাগরি (MCQ categories)",
    permission: "content",
    group: "bank",
    fields: [
      { name: "parentId", label: "যার উপ-ক্যাটাগরি (Sub-category of)", kind: "ref", ref: "mcq-categories", hint: "খালি: প্রধান ক্যাটাগরি। (Blank: a top category.)" },
      t("name", "নাম (Name)", 255, { required: true }),
      image(),
      sort,
    ],
    list: ["name", "parentId", "sort"],
    search: ["name"],
    sorts: ["name", "sort"],
    filters: ["parentId"],
  },
  {
    key: "question-sets",
    one: "প্রশ্নসেট (Question set)",
    many: "প্রশ্নসেট (Question sets)",
    permission: "content",
    group: "bank",
    fields: [
      { name: "mcqCategoryId", label: "MCQ ক্যাটাগরি (MCQ category)", kind: "ref", ref: "mcq-categories", hint: "খালি: শুধু পরীক্ষা বা বোর্ড প্রশ্নের জন্য। (Blank: used only by an exam or a board paper.)" },
      t("name", "নাম (Name)", 255, { required: true }),
      { name: "questionIds", label: "প্রশ্ন, ক্রম অনুযায়ী (Questions, in order)", kind: "questionList", hint: "প্রশ্নব্যাংকের আইডি, প্রতি লাইনে একটি। (Bank question ids, one per line.)" },
      sort,
      ...PUBLICATION,
    ],
    list: ["name", "mcqCategoryId", "sort", "status"],
    search: ["name"],
    sorts: ["name", "sort"],
    filters: ["mcqCategoryId", "status"],
    // A practice set is shown on its MCQ category's page, picked by ?set= (a sub-category's page
    // answers /mq/{id} with a redirect to its own address).
    publicPath: "/mq/{mcqCategoryId}?set={id}",
    noPublicPage:
      "এই সেটের কোনো MCQ ক্যাটাগরি নেই, তাই সাইটে এর নিজের পাতা নেই; এটি শুধু পরীক্ষা বা বোর্ড প্রশ্নের ভেতরে দেখায়। (This set has no MCQ category, so it has no page of its own on the site: it shows only inside an exam or a board paper.)",
  },
  {
    key: "questions",
    one: "প্রশ্ন (Question)",
    many: "প্রশ্নব্যাংক (Question bank)",
    permission: "content",
    group: "bank",
    fields: [
      { name: "type", label: "ধরন (Type)", kind: "select", options: QUESTION_TYPES, required: true },
      { name: "subjectId", label: "বিষয় (Subject)", kind: "ref", ref: "subjects" },
      { name: "gradeId", label: "শ্রেণি (Grade)", kind: "ref", ref: "grades" },
      { name: "chapterId", label: "অধ্যায় (Chapter)", kind: "ref", ref: "chapters" },
      { name: "intro", label: "উদ্দীপক (Stem / passage)", kind: "html", max: 60_000, hint: "সৃজনশীল প্রশ্নের উদ্দীপক, বা কয়েকটি MCQ-এর সাধারণ অংশ। (A creative question's stem.)" },
      { name: "body", label: "প্রশ্ন (Question)", kind: "html", max: 60_000, hint: "MCQ-এর প্রশ্ন; সৃজনশীলে খালি রাখা যায়। (An MCQ's question.)" },
      { name: "options", label: "অপশন (Options)", kind: "options" },
      { name: "parts", label: "প্রশ্নের অংশ (Parts)", kind: "parts" },
      { name: "marks", label: "নম্বর (Marks)", kind: "decimal", min: 0, max: 100, step: "0.25", required: true },
      { name: "difficulty", label: "কাঠিন্য (Difficulty)", kind: "select", options: DIFFICULTIES },
      { name: "explanation", label: "ব্যাখ্যা (Explanation)", kind: "html", max: 60_000 },
      { name: "solutionVideoUrl", label: "সমাধানের ভিডিও (Solution video)", kind: "url", max: 512, hint: "শুধু YouTube লিংক: watch?v=, youtu.be, embed বা shorts (YouTube links only)" },
      { name: "sources", label: "বোর্ড-সাল (Board-year)", kind: "sources", hint: "যেমন: dhaka, raj: 2019; cum: 21" },
      t("sourceNote", "অন্য উৎস (Other source)", 255),
      ...PUBLICATION,
    ],
    list: ["body", "type", "chapterId", "marks", "status"],
    search: ["body", "intro"],
    sorts: ["type", "marks"],
    filters: ["chapterId", "subjectId", "status"],
    revisions: true,
  },
  {
    key: "exam-title-groups",
    one: "পরীক্ষার পাতা (Exam sub-page)",
    many: "পরীক্ষার পাতা (Exam sub-pages)",
    permission: "content",
    group: "exams",
    fields: [
      t("name", "নাম (Name)", 255, { required: true }),
      { name: "announce", label: "ঘোষণা (Announcement)", kind: "html", max: 60_000 },
      image("banner", "ব্যানার (Banner)"),
    ],
    list: ["name"],
    search: ["name"],
    sorts: ["name"],
    publicPath: "/exam-subpage/{id}",
  },
  {
    key: "exam-groups",
    one: "পরীক্ষার গ্রুপ (Exam group)",
    many: "পরীক্ষার গ্রুপ (Exam groups)",
    permission: "content",
    group: "exams",
    fields: [
      { name: "titleGroupId", label: "পরীক্ষার পাতা (Exam sub-page)", kind: "ref", ref: "exam-title-groups", required: true },
      t("name", "নাম (Name)", 255, { required: true }),
      t("subjectName", "বিষয়ের নাম (Subject name)", 255),
      sort,
    ],
    list: ["name", "titleGroupId", "sort"],
    search: ["name", "subjectName"],
    sorts: ["name", "sort"],
    filters: ["titleGroupId"],
  },
  {
    key: "exam-subjects",
    one: "গ্রুপের বিষয় (Group subject)",
    many: "গ্রুপের বিষয় (Group subjects)",
    permission: "content",
    group: "exams",
    fields: [
      { name: "groupId", label: "পরীক্ষার গ্রুপ (Exam group)", kind: "ref", ref: "exam-groups", required: true },
      t("name", "নাম (Name)", 255, { required: true }),
      sort,
    ],
    list: ["name", "groupId", "sort"],
    search: ["name"],
    sorts: ["name", "sort"],
    filters: ["groupId"],
  },
  {
    key: "exams",
    one: "পরীক্ষা (Exam)",
    many: "পরীক্ষা (Exams)",
    permission: "content",
    group: "exams",
    fields: [
      { name: "groupSubjectId", label: "গ্রুপের বিষয় (Group subject)", kind: "ref", ref: "exam-subjects" },
      t("name", "নাম (Name)", 255, { required: true }),
      { name: "description", label: "বিবরণ (Description)", kind: "html", max: 60_000 },
      { name: "questionSetId", label: "প্রশ্নসেট (Question set)", kind: "ref", ref: "question-sets", required: true, hint: "প্রশ্ন ও তাদের ক্রম সেটে ঠিক করুন। (The set holds the questions and their order.)" },
      { name: "fullMarks", label: "পূর্ণমান (Full marks)", kind: "int", min: 0, max: 10000, required: true },
      { name: "durationMinutes", label: "সময় (মিনিট) (Duration, minutes)", kind: "int", min: 0, max: 1440, required: true },
      { name: "negativeMark", label: "প্রতি ভুলে কাটা নম্বর (Negative mark per wrong answer)", kind: "decimal", min: 0, max: 10, step: "0.05", required: true },
      {
        name: "liveStartAt",
        label: "লাইভ শুরু, বাংলাদেশ সময় (Live start, Bangladesh time)",
        kind: "datetime",
        hint: "সবাই একই সময়ে, সার্ভারের ঘড়িতে শুরু করবে। শুরু ও শেষ দুটোই খালি: লাইভ নয়, যেকোনো সময় দেওয়া যায়। (Both empty: not live.)",
      },
      {
        name: "liveCloseAt",
        label: "লাইভ শেষ, বাংলাদেশ সময় (Live close, Bangladesh time)",
        kind: "datetime",
        hint: "এরপর আর শুরু করা যাবে না; শুরু থেকে শেষ অন্তত পরীক্ষার সময়ের সমান হতে হবে। (At least the duration after the start.)",
      },
      {
        name: "keyPublished",
        label: "উত্তরমালা প্রকাশিত (Answer key published)",
        kind: "bool",
        hint: "লাইভ নয় এমন পরীক্ষার উত্তর ও ব্যাখ্যা কোথাও দেখা যায় না, যতক্ষণ না এটি চালু করেন। লাইভ পরীক্ষার উত্তর শেষ হওয়ার আগে কখনো দেখা যায় না, এটি চালু থাকলেও; শেষ হলে দেখা যায় যদি এটি বা নিচের \"শেষ হলে উত্তর ও ব্যাখ্যা\" চালু থাকে। এই প্রশ্নগুলো অন্য পাতাতেও (MCQ অনুশীলন, বোর্ড প্রশ্ন, খোঁজ) ততক্ষণ উত্তর ছাড়া দেখায়। (Not live: the key is hidden everywhere until this is on. Live: never before the close; after it, if this or \"after close\" is on. The same questions on other pages follow.)",
      },
      {
        name: "reviewAfterClose",
        label: "লাইভ শেষ হলে উত্তর ও ব্যাখ্যা (Key and explanations after close)",
        kind: "bool",
        hint: "লাইভ পরীক্ষা শেষ হওয়ার মুহূর্তে উত্তর ও ব্যাখ্যা নিজে থেকেই খুলে যাবে। বন্ধ রাখলে, উত্তর খুলবে শুধু \"উত্তরমালা প্রকাশিত\" চালু করলে। (Off: the key opens only when you publish it.)",
      },
      {
        name: "reviewAfterFinish",
        label: "শেষে উত্তর ও ব্যাখ্যা দেখাবে (Review right after finishing)",
        kind: "bool",
        hint: "জমা দেওয়ার পরপরই ফলাফলে সঠিক উত্তর ও ব্যাখ্যা, তবে শুধু যখন উত্তরমালা খোলা: লাইভ পরীক্ষা চলার সময় কখনো নয়, শুধু নম্বর। (Only while the key is not sealed: never while a live exam runs.)",
      },
      { name: "shuffleQuestions", label: "প্রশ্নের ক্রম এলোমেলো (Shuffle questions)", kind: "bool", hint: "প্রত্যেক পরীক্ষার্থী প্রশ্নগুলো নিজের এক ক্রমে পাবে। (Each attempt gets its own order.)" },
      { name: "shuffleOptions", label: "অপশনের ক্রম এলোমেলো (Shuffle options)", kind: "bool", hint: "প্রতিটি প্রশ্নের অপশনও প্রত্যেকের নিজের ক্রমে। (Each attempt gets its own option order.)" },
      sort,
      ...PUBLICATION,
    ],
    list: ["name", "groupSubjectId", "fullMarks", "durationMinutes", "liveStartAt", "status"],
    search: ["name"],
    sorts: ["name", "fullMarks", "durationMinutes", "liveStartAt", "sort"],
    filters: ["groupSubjectId", "questionSetId", "status"],
    publicPath: "/exampage/{id}",
  },
  {
    key: "board-subjects",
    one: "বোর্ড প্রশ্নের বিষয় (Board subject)",
    many: "বোর্ড প্রশ্নের বিষয় (Board subjects)",
    permission: "content",
    group: "papers",
    fields: [
      t("name", "নাম (Name)", 255, { required: true }),
      { name: "subjectId", label: "বিষয় (Subject)", kind: "ref", ref: "subjects" },
      image("imageUrl", "ছবি (Image)"),
      { name: "legacyUrl", label: "পুরোনো ঠিকানা (Legacy URL)", kind: "url", max: 512 },
      sort,
    ],
    list: ["name", "subjectId", "sort"],
    search: ["name"],
    sorts: ["name", "sort"],
    publicPath: "/board-question/{id}",
  },
  {
    key: "boards",
    one: "বোর্ড (Board)",
    many: "বোর্ড (Boards)",
    permission: "content",
    group: "papers",
    fields: [
      { name: "code", label: "কোড (Code)", kind: "slug", max: 16, required: true, hint: "বোর্ড-সাল লেখার কোড: dhaka, raj, cum … (The board-year code.)" },
      t("name", "নাম (Name)", 128, { required: true }),
      sort,
    ],
    list: ["code", "name", "sort"],
    search: ["code", "name"],
    sorts: ["code", "name", "sort"],
  },
  {
    key: "board-papers",
    one: "বোর্ড প্রশ্নপত্র (Board paper)",
    many: "বোর্ড প্রশ্নপত্র (Board papers)",
    permission: "content",
    group: "papers",
    fields: [
      { name: "boardSubjectId", label: "বিষয় (Board subject)", kind: "ref", ref: "board-subjects", required: true },
      { name: "boardId", label: "বোর্ড (Board)", kind: "ref", ref: "boards" },
      { name: "year", label: "সাল (Year)", kind: "int", min: 1950, max: 2100, required: true },
      { name: "kind", label: "ধরন (Kind)", kind: "select", options: PAPER_KINDS, required: true },
      t("title", "শিরোনাম (Title)", 255, { required: true }),
      t("boardYear", "বোর্ড-সাল লেবেল (Board-year label)", 255, { hint: "বোর্ড ও সাল যথেষ্ট না হলে, যেমন du: 2022-23 (When board and year do not say it.)" }),
      { name: "content", label: "নির্দেশনা / প্রশ্নপত্র (Instructions / paper)", kind: "html" },
      { name: "questionSetId", label: "প্রশ্নসেট (Question set)", kind: "ref", ref: "question-sets" },
      sort,
    ],
    list: ["title", "boardSubjectId", "year", "kind"],
    search: ["title"],
    sorts: ["title", "year", "kind", "sort"],
    filters: ["boardSubjectId", "boardId"],
  },
  {
    key: "examples",
    one: "উদাহরণ (Example)",
    many: "উদাহরণ (Examples)",
    permission: "content",
    group: "study",
    fields: [
      { name: "extid", label: "উদাহরণের ধরন (extid)", kind: "int", min: 0, max: 1_000_000, required: true },
      { name: "exqnameid", label: "প্রশ্নের নাম (exqnameid)", kind: "int", min: 0, max: 1_000_000, required: true },
      { name: "question", label: "প্রশ্ন (Question)", kind: "html", max: 60_000, required: true },
      { name: "answer", label: "উত্তর (Answer)", kind: "html", max: 60_000, required: true },
      t("boardYear", "বোর্ড-সাল (Board-year)", 255),
      { name: "videoUrl", label: "ভিডিও (Video URL)", kind: "url", max: 512 },
      sort,
    ],
    list: ["question", "extid", "exqnameid"],
    search: ["question"],
    sorts: ["extid", "exqnameid", "sort"],
    filters: ["extid"],
  },
  {
    key: "videos",
    one: "ভিডিও (Video)",
    many: "ভিডিও (Videos)",
    permission: "media",
    group: "media",
    fields: [
      { name: "url", label: "ভিডিওর ঠিকানা (Video URL)", kind: "url", max: 512, required: true, hint: "YouTube: watch?v=, youtu.be, embed বা shorts লিংক" },
      t("title", "শিরোনাম (Title)", 255),
      { name: "kind", label: "ধরন (Kind)", kind: "select", options: VIDEO_KIND_OPTIONS, required: true },
      sort,
      ...PUBLICATION,
    ],
    list: ["title", "kind", "url", "sort", "status"],
    search: ["title", "url"],
    sorts: ["title", "kind", "sort"],
    filters: ["status"],
  },
  {
    key: "live-classes",
    one: "লাইভ ক্লাস (Live class)",
    many: "লাইভ ক্লাস (Live classes)",
    permission: "media",
    group: "media",
    fields: [
      t("title", "শিরোনাম (Title)", 255, { required: true }),
      { name: "description", label: "বিবরণ (Description)", kind: "textarea", max: 5000 },
      { name: "startsAt", label: "শুরু, বাংলাদেশ সময় (Starts, Bangladesh time)", kind: "datetime", required: true },
      { name: "durationMinutes", label: "সময় (মিনিট) (Duration, minutes)", kind: "int", min: 1, max: 600, required: true },
      { name: "streamUrl", label: "স্ট্রিমের ঠিকানা (Stream URL)", kind: "url", max: 512, required: true },
      { name: "recordingUrl", label: "রেকর্ডিং (Recording URL)", kind: "url", max: 512 },
    ],
    list: ["title", "startsAt", "durationMinutes"],
    search: ["title"],
    sorts: ["title", "startsAt"],
  },
  {
    key: "info-pages",
    one: "তথ্য পাতা (Info page)",
    many: "তথ্য পাতা (Info pages)",
    permission: "content",
    group: "site",
    fields: [
      { name: "slug", label: "Slug", kind: "slug", max: 64, required: true, hint: "aboutus, author, products, contact" },
      t("title", "শিরোনাম (Title)", 255),
      { name: "content", label: "বিষয়বস্তু (Content)", kind: "html", required: true },
      image(),
      ...PUBLICATION,
    ],
    list: ["slug", "title", "status"],
    search: ["slug", "title"],
    sorts: ["slug", "title"],
    filters: ["status"],
    revisions: true,
  },
  {
    key: "footer",
    one: "ফুটারের যোগাযোগ (Footer contact)",
    many: "ফুটারের যোগাযোগ (Footer contact)",
    permission: "content",
    group: "site",
    singleton: true,
    fields: [
      t("contactAddress", "ঠিকানা (Address)", 500),
      { name: "contactEmail", label: "ইমেইল (Email)", kind: "email", max: 255 },
      t("contactPhone", "ফোন (Phone)", 64),
    ],
    list: ["contactAddress", "contactEmail", "contactPhone"],
    search: [],
    sorts: [],
  },
  {
    key: "footer-tweets",
    one: "ফুটারের টুইট (Footer tweet)",
    many: "ফুটারের টুইট (Footer tweets)",
    permission: "content",
    group: "site",
    fields: [t("handle", "হ্যান্ডেল (Handle)", 64, { required: true }), t("text", "লেখা (Text)", 500, { required: true }), t("time", "সময় (Time label)", 64), sort],
    list: ["handle", "text", "sort"],
    search: ["handle", "text"],
    sorts: ["handle", "sort"],
  },
  {
    key: "footer-updates",
    one: "ফুটারের আপডেট (Footer update)",
    many: "ফুটারের আপডেট (Footer updates)",
    permission: "content",
    group: "site",
    fields: [t("day", "দিন (Day)", 8, { required: true }), t("month", "মাস (Month)", 32, { required: true }), t("text", "লেখা (Text)", 500, { required: true }), sort],
    list: ["day", "month", "text", "sort"],
    search: ["text"],
    sorts: ["sort"],
  },
  {
    key: "page-meta",
    one: "পাতার মেটা (Page meta)",
    many: "পাতার মেটা (Page meta)",
    permission: "content",
    group: "site",
    fields: [
      t("path", "পাতার পথ (Path)", 255, { required: true, hint: "যেমন /home বা /title/12 (e.g. /home)" }),
      t("title", "শিরোনাম (Title)", 255),
      { name: "description", label: "বিবরণ (Description)", kind: "textarea", max: 500 },
      t("keywords", "কীওয়ার্ড (Keywords)", 500),
    ],
    list: ["path", "title"],
    search: ["path", "title"],
    sorts: ["path", "title"],
  },
];

const BY_KEY = new Map(RESOURCES.map((r) => [r.key, r]));

/** A row's public page, or why it has none (null: the resource has no public pages). */
export function publicPageOf(def: ResourceDef, row: Record<string, unknown>): { href: string } | { none: string } | null {
  if (!def.publicPath) return null;
  let blank = false;
  const href = def.publicPath.replace(/\{(\w+)\}/g, (_, k: string) => {
    const value = row[k];
    if (value === null || value === undefined || value === "") blank = true;
    return encodeURIComponent(String(value ?? ""));
  });
  if (!blank) return { href };
  return def.noPublicPage ? { none: def.noPublicPage } : null;
}

export function resourceDef(key: string | undefined): ResourceDef | null {
  return (key && BY_KEY.get(key)) || null;
}

export const GROUP_LABELS: Record<ResourceDef["group"], string> = {
  study: "পাঠ (Study material)",
  bank: "প্রশ্নব্যাংক (Question bank)",
  exams: "পরীক্ষা (Exams)",
  papers: "বোর্ড প্রশ্ন (Board papers)",
  media: "ভিডিও ও লাইভ (Videos and live)",
  site: "সাইট (Site)",
};

export const PAGE_SIZE = 25;
