// The whole data model. Every text column is utf8mb4 (the database default, set by drizzle/migrate.mjs);
// every index below serves a lookup a page makes (named after the page or model that uses it).
import {
  boolean,
  datetime,
  decimal,
  index,
  int,
  mediumtext,
  mysqlEnum,
  mysqlTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/mysql-core";

const id = () => int("id").primaryKey().autoincrement();
const sort = () => int("sort").notNull().default(0);
const updatedAt = () => timestamp("updated_at").notNull().defaultNow().onUpdateNow();

/* ---------------------------------------------------------------- site settings and pages -- */

/** Key/value settings: site name, tagline, default description and keywords. */
export const siteSettings = mysqlTable("site_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
});

/** Per-path SEO meta; the path is the URL path without query, e.g. "/home" or "/title/12". */
export const pageMeta = mysqlTable(
  "page_meta",
  {
    id: id(),
    path: varchar("path", { length: 255 }).notNull(),
    title: varchar("title", { length: 255 }),
    description: varchar("description", { length: 500 }),
    keywords: varchar("keywords", { length: 500 }),
  },
  (t) => [uniqueIndex("page_meta_path_uq").on(t.path)],
);

/** Info pages by slug: aboutus, author, products, contact. */
export const infoPages = mysqlTable(
  "info_pages",
  {
    id: id(),
    slug: varchar("slug", { length: 64 }).notNull(),
    title: varchar("title", { length: 255 }).notNull().default(""),
    content: mediumtext("content").notNull(),
    image: varchar("image", { length: 512 }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("info_pages_slug_uq").on(t.slug)],
);

export const infoPageRevisions = mysqlTable(
  "info_page_revisions",
  {
    id: id(),
    pageId: int("page_id").notNull(),
    title: varchar("title", { length: 255 }).notNull().default(""),
    content: mediumtext("content").notNull(),
    image: varchar("image", { length: 512 }),
    staffUserId: int("staff_user_id"),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("info_page_revisions_page_idx").on(t.pageId, t.createdAt)],
);

/** The footer's contact block: a single row (id 1). */
export const footerSettings = mysqlTable("footer_settings", {
  id: int("id").primaryKey(),
  contactAddress: varchar("contact_address", { length: 500 }).notNull().default(""),
  contactEmail: varchar("contact_email", { length: 255 }).notNull().default(""),
  contactPhone: varchar("contact_phone", { length: 64 }).notNull().default(""),
  updatedAt: updatedAt(),
});

export const footerTweets = mysqlTable("footer_tweets", {
  id: id(),
  handle: varchar("handle", { length: 64 }).notNull(),
  text: varchar("text", { length: 500 }).notNull(),
  time: varchar("time", { length: 64 }).notNull().default(""),
  sort: sort(),
});

export const footerUpdates = mysqlTable("footer_updates", {
  id: id(),
  day: varchar("day", { length: 8 }).notNull(),
  month: varchar("month", { length: 32 }).notNull(),
  text: varchar("text", { length: 500 }).notNull(),
  sort: sort(),
});

export const socialPlatforms = [
  "facebook",
  "twitter",
  "googleplus",
  "instagram",
  "youtube",
  "linkedin",
  "tumblr",
  "pinterest",
] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export const socialLinks = mysqlTable("social_links", {
  platform: mysqlEnum("platform", socialPlatforms).primaryKey(),
  url: varchar("url", { length: 512 }).notNull(),
});

/** Messages sent with the contact form, read by staff. */
export const contactMessages = mysqlTable(
  "contact_messages",
  {
    id: id(),
    name: varchar("name", { length: 120 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 32 }).notNull().default(""),
    message: text("message").notNull(),
    handled: boolean("handled").notNull().default(false),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/* ------------------------------------------------------------------- study material -- */

export const grades = mysqlTable("grades", {
  id: id(),
  name: varchar("name", { length: 64 }).notNull(),
  sort: sort(),
});

export const subjects = mysqlTable(
  "subjects",
  {
    id: id(),
    name: varchar("name", { length: 128 }).notNull(),
    /** The lowercase URL name: /subject/{slug}. */
    slug: varchar("slug", { length: 64 }).notNull(),
    /** Icon-class name used on home: square-root, flask, frog, ... */
    icon: varchar("icon", { length: 32 }).notNull().default(""),
    image: varchar("image", { length: 512 }),
    sort: sort(),
  },
  (t) => [uniqueIndex("subjects_slug_uq").on(t.slug), index("subjects_sort_idx").on(t.sort)],
);

/** A navbar entry is a subject offered in a grade (sid + gid). */
export const subjectGrades = mysqlTable(
  "subject_grades",
  {
    subjectId: int("subject_id").notNull(),
    gradeId: int("grade_id").notNull(),
    sort: sort(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.gradeId] }), index("subject_grades_grade_idx").on(t.gradeId)],
);

/** Chapters of a subject; grade_id null means the chapter belongs to every grade of the subject. */
export const categories = mysqlTable(
  "categories",
  {
    id: id(),
    subjectId: int("subject_id").notNull(),
    gradeId: int("grade_id"),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    sort: sort(),
  },
  (t) => [index("categories_subject_idx").on(t.subjectId, t.sort)],
);

/** Topic pages. content is staff HTML with math delimiters; typeset by KaTeX on the server. */
export const titles = mysqlTable(
  "titles",
  {
    id: id(),
    categoryId: int("category_id").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    content: mediumtext("content").notNull(),
    sort: sort(),
    updatedAt: updatedAt(),
  },
  (t) => [index("titles_category_idx").on(t.categoryId, t.sort)],
);

/* ------------------------------------------------------------ MCQ practice and exams -- */

export const mcqCategories = mysqlTable(
  "mcq_categories",
  {
    id: id(),
    parentId: int("parent_id"),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    sort: sort(),
  },
  (t) => [index("mcq_categories_parent_idx").on(t.parentId, t.sort)],
);

/** A set of questions: practised under an MCQ category, used by an exam or a board MCQ paper. */
export const questionSets = mysqlTable(
  "question_sets",
  {
    id: id(),
    mcqCategoryId: int("mcq_category_id"),
    name: varchar("name", { length: 255 }).notNull(),
    sort: sort(),
  },
  (t) => [index("question_sets_category_idx").on(t.mcqCategoryId, t.sort)],
);

export const questions = mysqlTable(
  "questions",
  {
    id: id(),
    setId: int("set_id").notNull(),
    sort: sort(),
    intro: text("intro"),
    body: text("body").notNull(),
    /** The correct option's key; when null the option flagged is_correct wins (spec 5). */
    correctKey: varchar("correct_key", { length: 8 }),
    /** Board-year notation, e.g. "dhaka, raj: 19; cum: 2021-22". */
    boardYear: varchar("board_year", { length: 255 }),
    explanation: text("explanation"),
  },
  (t) => [index("questions_set_idx").on(t.setId, t.sort)],
);

export const questionOptions = mysqlTable(
  "question_options",
  {
    id: id(),
    questionId: int("question_id").notNull(),
    key: varchar("opt_key", { length: 8 }).notNull(),
    body: text("body").notNull(),
    isCorrect: boolean("is_correct").notNull().default(false),
    sort: sort(),
  },
  (t) => [index("question_options_question_idx").on(t.questionId, t.sort)],
);

/** thtid: an exam sub-page (banner, announcement, its groups). */
export const examTitleGroups = mysqlTable("exam_title_groups", {
  id: id(),
  name: varchar("name", { length: 255 }).notNull(),
  announce: text("announce"),
  banner: varchar("banner", { length: 512 }),
});

/** A group pill on the exam sub-page (science, humanities, ...). */
export const examGroups = mysqlTable(
  "exam_groups",
  {
    id: id(),
    titleGroupId: int("title_group_id").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    subjectName: varchar("subject_name", { length: 255 }).notNull().default(""),
    sort: sort(),
  },
  (t) => [index("exam_groups_title_group_idx").on(t.titleGroupId, t.sort)],
);

export const examGroupSubjects = mysqlTable(
  "exam_group_subjects",
  {
    id: id(),
    groupId: int("group_id").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    sort: sort(),
  },
  (t) => [index("exam_group_subjects_group_idx").on(t.groupId, t.sort)],
);

/** grtid: one exam (a question set with marks, duration and negative marking). */
export const examTitles = mysqlTable(
  "exam_titles",
  {
    id: id(),
    groupSubjectId: int("group_subject_id"),
    name: varchar("name", { length: 255 }).notNull(),
    description: text("description"),
    questionSetId: int("question_set_id").notNull(),
    fullMarks: int("full_marks").notNull().default(0),
    durationMinutes: int("duration_minutes").notNull().default(0),
    /** Marks deducted per wrong answer (0, 0.25, 0.5 ...). */
    negativeMark: decimal("negative_mark", { precision: 4, scale: 2 }).notNull().default("0"),
    sort: sort(),
  },
  (t) => [index("exam_titles_group_subject_idx").on(t.groupSubjectId, t.sort)],
);

/* ------------------------------------------------------------------ board papers -- */

export const boardSubjects = mysqlTable(
  "board_subjects",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    imageUrl: varchar("image_url", { length: 512 }),
    legacyUrl: varchar("legacy_url", { length: 512 }),
    subjectId: int("subject_id"),
    sort: sort(),
  },
  (t) => [index("board_subjects_sort_idx").on(t.sort)],
);

export const boards = mysqlTable(
  "boards",
  {
    id: id(),
    /** Board code as used in board-year notation: dhaka, raj, cum, ... */
    code: varchar("code", { length: 16 }).notNull(),
    name: varchar("name", { length: 128 }).notNull(),
    sort: sort(),
  },
  (t) => [uniqueIndex("boards_code_uq").on(t.code)],
);

export const boardPapers = mysqlTable(
  "board_papers",
  {
    id: id(),
    boardSubjectId: int("board_subject_id").notNull(),
    boardId: int("board_id"),
    year: smallint("year").notNull(),
    kind: mysqlEnum("kind", ["creative", "mcq"]).notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    boardYear: varchar("board_year", { length: 255 }),
    /** Creative papers: the stems and parts as HTML. */
    content: mediumtext("content"),
    /** MCQ papers: the questions to practise. */
    questionSetId: int("question_set_id"),
    sort: sort(),
  },
  (t) => [
    index("board_papers_subject_idx").on(t.boardSubjectId, t.boardId, t.year),
    index("board_papers_kind_idx").on(t.kind, t.year),
  ],
);

/** Example questions with solutions: /example?extid=&exqnameid= */
export const examples = mysqlTable(
  "examples",
  {
    id: id(),
    extid: int("extid").notNull(),
    exqnameid: int("exqnameid").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    boardYear: varchar("board_year", { length: 255 }),
    videoUrl: varchar("video_url", { length: 512 }),
    sort: sort(),
  },
  (t) => [index("examples_lookup_idx").on(t.extid, t.exqnameid, t.sort)],
);

/* ------------------------------------------------------------ videos and live classes -- */

export const videoKinds = ["theory", "example", "short", "b2", "b3", "b4", "c5", "a6"] as const;
export type VideoKind = (typeof videoKinds)[number];

export const videos = mysqlTable(
  "videos",
  {
    id: id(),
    url: varchar("url", { length: 512 }).notNull(),
    title: varchar("title", { length: 255 }),
    kind: mysqlEnum("kind", videoKinds).notNull().default("theory"),
    sort: sort(),
  },
  (t) => [index("videos_kind_idx").on(t.kind, t.sort)],
);

export const liveClasses = mysqlTable(
  "live_classes",
  {
    id: id(),
    title: varchar("title", { length: 255 }).notNull(),
    description: text("description"),
    startsAt: datetime("starts_at").notNull(),
    durationMinutes: int("duration_minutes").notNull().default(60),
    streamUrl: varchar("stream_url", { length: 512 }).notNull(),
    recordingUrl: varchar("recording_url", { length: 512 }),
  },
  (t) => [index("live_classes_starts_idx").on(t.startsAt)],
);

/* ------------------------------------------------------------------ staff and presence -- */

export const staffUsers = mysqlTable(
  "staff_users",
  {
    id: id(),
    name: varchar("name", { length: 120 }).notNull(),
    username: varchar("username", { length: 64 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }).notNull(),
    role: int("role").notNull().default(0),
    roleLabel: varchar("role_label", { length: 64 }).notNull().default(""),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_username_uq").on(t.username), uniqueIndex("staff_users_email_uq").on(t.email)],
);

/** One row per browser (session key); pruned by age. */
export const onlinePresence = mysqlTable(
  "online_presence",
  {
    sessionKey: varchar("session_key", { length: 64 }).primaryKey(),
    page: varchar("page", { length: 255 }).notNull().default(""),
    lastSeen: datetime("last_seen").notNull(),
  },
  (t) => [index("online_presence_last_seen_idx").on(t.lastSeen)],
);
