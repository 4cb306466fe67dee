// The whole data model. Every text column is utf8mb4 (the database default, set by drizzle/migrate.mjs);
// every index below serves a lookup a page makes (named after the page or model that uses it).
//
// Conventions (README, "Data model"):
// - Content tables carry created_at, updated_at and updated_by (the staff member who saved last; null
//   for the seed and for rows from before staff could sign in). What staff edit as a whole also
//   carries `version`, raised by every save: a save that names an older version is a conflict.
// - Foreign keys say what a delete does: RESTRICT where other content refers to the row (a chapter
//   with topics cannot vanish under them), CASCADE for children owned by their parent (options,
//   parts and sources of a question; a set's list of questions), SET NULL for who-did-it columns.
// - Staff HTML is stored as written (`content`, `body`, ...) and, beside it, as the page shows it
//   (`*_html`: sanitised, images made absolute, math typeset), with the renderer's version in
//   `render_version`. Pages read only the `*_html` columns; `npm run db:render` renews stale ones.
import { socialPlatforms, type SocialPlatform } from "../lib/site-settings";
import { sql } from "drizzle-orm";
import {
  boolean,
  datetime,
  decimal,
  index,
  int,
  json,
  mediumtext,
  mysqlEnum,
  mysqlTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  customType,
  type AnyMySqlColumn,
} from "drizzle-orm/mysql-core";

const id = () => int("id").primaryKey().autoincrement();
const sort = () => int("sort").notNull().default(0);

/* ------------------------------------------------------------------ staff (referenced by every content table) -- */

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
    /** A disabled account cannot sign in, and its sessions stop working. */
    disabledAt: datetime("disabled_at"),
    createdAt: timestamp("created_at").notNull().defaultNow(),
    updatedAt: timestamp("updated_at").notNull().defaultNow().onUpdateNow(),
  },
  (t) => [uniqueIndex("staff_users_username_uq").on(t.username), uniqueIndex("staff_users_email_uq").on(t.email)],
);

/**
 * A signed-in browser. The cookie carries the session id (signed); the table keeps only its SHA-256,
 * so a copy of the table signs nobody in. Signing out deletes the row: a copied cookie stops working.
 */
export const staffSessions = mysqlTable(
  "staff_sessions",
  {
    idHash: varchar("id_hash", { length: 64 }).primaryKey(),
    staffId: int("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** Every admin form posts it back (CSRF). */
    csrfToken: varchar("csrf_token", { length: 64 }).notNull(),
    remember: boolean("remember").notNull().default(false),
    /** A short note of the browser, for the account page's list of sessions. */
    userAgent: varchar("user_agent", { length: 120 }).notNull().default(""),
    createdAt: datetime("created_at").notNull(),
    lastSeenAt: datetime("last_seen_at").notNull(),
    expiresAt: datetime("expires_at").notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);

/** Failed sign-ins per identifier and per client address, in a window; shared by every app process. */
export const loginThrottle = mysqlTable("login_throttle", {
  /** "id:<identifier>" or "ip:<address>". */
  key: varchar("key", { length: 191 }).primaryKey(),
  failures: int("failures").notNull().default(0),
  windowStart: datetime("window_start").notNull(),
});

/**
 * Counters for rate limits that must hold under simultaneous requests: one upsert counts a hit and
 * returns the new count (models/rate-limit.server.ts), so no two requests can both see "one left".
 */
export const rateLimits = mysqlTable("rate_limits", {
  /** "<limit>:<who>", e.g. "paper:203.0.113.0" or "contact:2001:db8::/64". */
  key: varchar("key", { length: 191 }).primaryKey(),
  hits: int("hits").notNull().default(0),
  windowStart: datetime("window_start").notNull(),
});

/** created_at, updated_at, updated_by: on every content table. */
const tracked = () => ({
  createdAt: timestamp("created_at").notNull().defaultNow(),
  updatedAt: timestamp("updated_at").notNull().defaultNow().onUpdateNow(),
  updatedBy: int("updated_by").references((): AnyMySqlColumn => staffUsers.id, { onDelete: "set null" }),
});
/** Optimistic locking: every save of a row staff edit as a whole raises it by one. */
const version = () => int("version").notNull().default(1);
/** The renderer version the row's *_html columns were made with; 0 = never rendered. */
const renderVersion = () => int("render_version").notNull().default(0);

/**
 * Whether the public site shows a row: published (every row from before drafts existed, and imports),
 * a draft (staff only), or scheduled: shown from publish_at (UTC, the server's clock, like an exam's
 * live start), when the sweeper (models/publication.server.ts) makes it published.
 */
export const publicationStates = ["published", "draft", "scheduled"] as const;
export type PublicationState = (typeof publicationStates)[number];
const publication = () => ({
  status: mysqlEnum("status", publicationStates).notNull().default("published"),
  publishAt: datetime("publish_at"),
});

/* ---------------------------------------------------------------- site settings and pages -- */

/** Key/value settings: site name, tagline, default description and keywords. */
export const siteSettings = mysqlTable("site_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  ...tracked(),
  version: version(),
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
    ...tracked(),
    version: version(),
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
    contentHtml: mediumtext("content_html"),
    image: varchar("image", { length: 512 }),
    renderVersion: renderVersion(),
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [uniqueIndex("info_pages_slug_uq").on(t.slug), index("info_pages_status_idx").on(t.status, t.publishAt)],
);

/** The footer's contact block: a single row (id 1). */
export const footerSettings = mysqlTable("footer_settings", {
  id: int("id").primaryKey(),
  contactAddress: varchar("contact_address", { length: 500 }).notNull().default(""),
  contactEmail: varchar("contact_email", { length: 255 }).notNull().default(""),
  contactPhone: varchar("contact_phone", { length: 64 }).notNull().default(""),
  ...tracked(),
  version: version(),
});

export const footerTweets = mysqlTable("footer_tweets", {
  id: id(),
  handle: varchar("handle", { length: 64 }).notNull(),
  text: varchar("text", { length: 500 }).notNull(),
  time: varchar("time", { length: 64 }).notNull().default(""),
  sort: sort(),
  ...tracked(),
  version: version(),
});

export const footerUpdates = mysqlTable("footer_updates", {
  id: id(),
  day: varchar("day", { length: 8 }).notNull(),
  month: varchar("month", { length: 32 }).notNull(),
  text: varchar("text", { length: 500 }).notNull(),
  sort: sort(),
  ...tracked(),
  version: version(),
});

export type { SocialPlatform };

export const socialLinks = mysqlTable("social_links", {
  platform: mysqlEnum("platform", socialPlatforms).primaryKey(),
  url: varchar("url", { length: 512 }).notNull(),
  ...tracked(),
  version: version(),
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
    /** The sender's network address, for the per-address rate limit (and spam triage). */
    clientAddress: varchar("client_address", { length: 64 }).notNull().default(""),
    ...tracked(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_client_idx").on(t.clientAddress, t.createdAt),
  ],
);

/* ------------------------------------------------------------------- study material -- */

export const grades = mysqlTable("grades", {
  id: id(),
  name: varchar("name", { length: 64 }).notNull(),
  sort: sort(),
  ...tracked(),
  version: version(),
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
    ...tracked(),
    version: version(),
  },
  (t) => [uniqueIndex("subjects_slug_uq").on(t.slug), index("subjects_sort_idx").on(t.sort)],
);

/** A navbar entry is a subject offered in a grade (sid + gid). Owned by both: deleting either removes it. */
export const subjectGrades = mysqlTable(
  "subject_grades",
  {
    subjectId: int("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "cascade" }),
    gradeId: int("grade_id")
      .notNull()
      .references(() => grades.id, { onDelete: "cascade" }),
    sort: sort(),
    ...tracked(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.gradeId] }), index("subject_grades_grade_idx").on(t.gradeId)],
);

/** Chapters of a subject; grade_id null means the chapter belongs to every grade of the subject. */
export const categories = mysqlTable(
  "categories",
  {
    id: id(),
    subjectId: int("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    gradeId: int("grade_id").references(() => grades.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    sort: sort(),
    ...tracked(),
    version: version(),
  },
  (t) => [index("categories_subject_idx").on(t.subjectId, t.sort)],
);

/** Topic pages. content is staff HTML with math delimiters; content_html is what the page shows. */
export const titles = mysqlTable(
  "titles",
  {
    id: id(),
    categoryId: int("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    content: mediumtext("content").notNull(),
    contentHtml: mediumtext("content_html"),
    renderVersion: renderVersion(),
    sort: sort(),
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [
    // The sweeper finds due scheduled rows without reading the table.
    index("titles_status_idx").on(t.status, t.publishAt),
    index("titles_category_idx").on(t.categoryId, t.sort),
    // The sidebar's "recent topics" (newest first) reads 12 rows in this order, not all of them.
    index("titles_updated_idx").on(t.updatedAt, t.id),
    // The admin topic list's default order (sort, then id) without sorting the whole table.
    index("titles_sort_idx").on(t.sort, t.id),
  ],
);

/* ------------------------------------------------------------ the question bank -- */

export const questionTypes = ["mcq", "creative"] as const;
export type QuestionType = (typeof questionTypes)[number];
export const difficulties = ["easy", "medium", "hard"] as const;

/**
 * One question of the bank, MCQ or creative (সৃজনশীল). It belongs to a subject+grade and a chapter
 * (null only for material outside the school syllabus: job and admission preparation), and is used by
 * any number of sets, exams and board papers through set_questions.
 */
export const questions = mysqlTable(
  "questions",
  {
    id: id(),
    type: mysqlEnum("type", questionTypes).notNull().default("mcq"),
    subjectId: int("subject_id").references(() => subjects.id, { onDelete: "restrict" }),
    gradeId: int("grade_id").references(() => grades.id, { onDelete: "restrict" }),
    chapterId: int("chapter_id").references(() => categories.id, { onDelete: "restrict" }),
    /** The উদ্দীপক: a creative question's stem, or the passage a run of MCQs shares. */
    intro: text("intro"),
    introHtml: text("intro_html"),
    /** An MCQ's question; empty for a creative question (its parts carry the asks). */
    body: text("body").notNull(),
    bodyHtml: text("body_html"),
    marks: decimal("marks", { precision: 5, scale: 2 }).notNull().default("1"),
    difficulty: mysqlEnum("difficulty", difficulties),
    /** The solution, with math. */
    explanation: text("explanation"),
    explanationHtml: text("explanation_html"),
    /** A YouTube link to a video solution, shown in an exam's review after it closes. */
    solutionVideoUrl: varchar("solution_video_url", { length: 512 }),
    /** A source that is not board-year notation (kept from old data), shown as written. */
    sourceNote: varchar("source_note", { length: 255 }),
    renderVersion: renderVersion(),
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [
    // The sweeper finds due scheduled rows without reading the table.
    index("questions_status_idx").on(t.status, t.publishAt),
    index("questions_chapter_idx").on(t.chapterId, t.type),
    index("questions_subject_grade_idx").on(t.subjectId, t.gradeId, t.type),
    index("questions_render_idx").on(t.renderVersion),
  ],
);

/** An MCQ's options. The correct answer is stored once: the option flagged is_correct. */
export const questionOptions = mysqlTable(
  "question_options",
  {
    id: id(),
    questionId: int("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    key: varchar("opt_key", { length: 8 }).notNull(),
    body: text("body").notNull(),
    bodyHtml: text("body_html"),
    isCorrect: boolean("is_correct").notNull().default(false),
    sort: sort(),
    ...tracked(),
  },
  (t) => [index("question_options_question_idx").on(t.questionId, t.sort)],
);

/** A creative question's parts ক–ঘ with their marks. */
export const questionParts = mysqlTable(
  "question_parts",
  {
    id: id(),
    questionId: int("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    label: varchar("label", { length: 8 }).notNull(),
    body: text("body").notNull(),
    bodyHtml: text("body_html"),
    marks: decimal("marks", { precision: 5, scale: 2 }).notNull().default("0"),
    sort: sort(),
    ...tracked(),
  },
  (t) => [index("question_parts_question_idx").on(t.questionId, t.sort)],
);

/** Where a question was set: one row per board (or university) and year, e.g. (dhaka, 2019). */
export const questionSources = mysqlTable(
  "question_sources",
  {
    id: id(),
    questionId: int("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** A board code of lib/board-year.ts: dhaka, raj, ..., all, buet, du, medical ... */
    board: varchar("board", { length: 16 }).notNull(),
    year: smallint("year").notNull(),
    sort: sort(),
    ...tracked(),
  },
  (t) => [
    uniqueIndex("question_sources_uq").on(t.questionId, t.board, t.year),
    index("question_sources_filter_idx").on(t.board, t.year, t.questionId),
  ],
);

export const mcqCategories = mysqlTable(
  "mcq_categories",
  {
    id: id(),
    parentId: int("parent_id").references((): AnyMySqlColumn => mcqCategories.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    image: varchar("image", { length: 512 }),
    sort: sort(),
    ...tracked(),
    version: version(),
  },
  (t) => [index("mcq_categories_parent_idx").on(t.parentId, t.sort)],
);

/** A named, ordered list of bank questions: practised under an MCQ category, used by an exam or a board paper. */
export const questionSets = mysqlTable(
  "question_sets",
  {
    id: id(),
    mcqCategoryId: int("mcq_category_id").references(() => mcqCategories.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    sort: sort(),
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [index("question_sets_category_idx").on(t.mcqCategoryId, t.sort), index("question_sets_status_idx").on(t.status, t.publishAt)],
);

/** The questions of a set, in order. A question in use by a set cannot be deleted from the bank. */
export const setQuestions = mysqlTable(
  "set_questions",
  {
    setId: int("set_id")
      .notNull()
      .references(() => questionSets.id, { onDelete: "cascade" }),
    questionId: int("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    sort: sort(),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.questionId] }),
    index("set_questions_order_idx").on(t.setId, t.sort),
    index("set_questions_question_idx").on(t.questionId),
  ],
);

/* ------------------------------------------------------------ exams -- */

/** thtid: an exam sub-page (banner, announcement, its groups). */
export const examTitleGroups = mysqlTable("exam_title_groups", {
  id: id(),
  name: varchar("name", { length: 255 }).notNull(),
  announce: text("announce"),
  announceHtml: text("announce_html"),
  banner: varchar("banner", { length: 512 }),
  renderVersion: renderVersion(),
  ...tracked(),
  version: version(),
});

/** A group pill on the exam sub-page (science, humanities, ...). */
export const examGroups = mysqlTable(
  "exam_groups",
  {
    id: id(),
    titleGroupId: int("title_group_id")
      .notNull()
      .references(() => examTitleGroups.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    subjectName: varchar("subject_name", { length: 255 }).notNull().default(""),
    sort: sort(),
    ...tracked(),
    version: version(),
  },
  (t) => [index("exam_groups_title_group_idx").on(t.titleGroupId, t.sort)],
);

export const examGroupSubjects = mysqlTable(
  "exam_group_subjects",
  {
    id: id(),
    groupId: int("group_id")
      .notNull()
      .references(() => examGroups.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    sort: sort(),
    ...tracked(),
    version: version(),
  },
  (t) => [index("exam_group_subjects_group_idx").on(t.groupId, t.sort)],
);

/** grtid: one exam (a question set with marks, duration and negative marking). */
export const examTitles = mysqlTable(
  "exam_titles",
  {
    id: id(),
    groupSubjectId: int("group_subject_id").references(() => examGroupSubjects.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    description: text("description"),
    descriptionHtml: text("description_html"),
    questionSetId: int("question_set_id")
      .notNull()
      .references(() => questionSets.id, { onDelete: "restrict" }),
    fullMarks: int("full_marks").notNull().default(0),
    durationMinutes: int("duration_minutes").notNull().default(0),
    /** Marks deducted per wrong answer (0, 0.25, 0.5 ...). */
    negativeMark: decimal("negative_mark", { precision: 4, scale: 2 }).notNull().default("0"),
    /** Whether the answer key is public: printed on /questionpaper/{grtid} (staff publish it, e.g. after a live exam). */
    keyPublished: boolean("key_published").notNull().default(false),
    /**
     * Whether a finished attempt's result shows each question's correct answer and explanation right
     * after the student finishes (only while the key is not sealed: app/models/answer-keys.server.ts).
     */
    reviewAfterFinish: boolean("review_after_finish").notNull().default(true),
    /** A live exam: everyone starts at live_start_at (UTC, the server's clock) until live_close_at. Null: no live window. */
    liveStartAt: datetime("live_start_at"),
    liveCloseAt: datetime("live_close_at"),
    /** After the live window closes: the review shows the key and explanations. */
    reviewAfterClose: boolean("review_after_close").notNull().default(true),
    /** Each attempt sees the questions, and each question's options, in an order of its own. */
    shuffleQuestions: boolean("shuffle_questions").notNull().default(false),
    shuffleOptions: boolean("shuffle_options").notNull().default(false),
    /** When the merit list of a closed live exam was computed (once, after close). */
    meritComputedAt: datetime("merit_computed_at", { fsp: 3 }),
    sort: sort(),
    renderVersion: renderVersion(),
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [index("exam_titles_group_subject_idx").on(t.groupSubjectId, t.sort), index("exam_titles_status_idx").on(t.status, t.publishAt)],
);

/* ------------------------------------------------------------------------ timed exam attempts -- */

/**
 * One timed attempt at an exam, without an account. The id (random, unguessable) is the key of its
 * URLs. The browser that started it is known by a random key in a long-lived cookie, kept here only
 * as its SHA-256 (browser_hash), so only that browser may answer. The deadline is the server's,
 * fixed at start from the exam's duration, and so is the negative mark announced before the start.
 * The score columns are written once, when the attempt finishes (finished_at).
 */
export const examAttempts = mysqlTable(
  "exam_attempts",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    examId: int("exam_id")
      .notNull()
      .references(() => examTitles.id, { onDelete: "cascade" }),
    browserHash: varchar("browser_hash", { length: 64 }).notNull(),
    startedAt: datetime("started_at", { fsp: 3 }).notNull(),
    deadlineAt: datetime("deadline_at", { fsp: 3 }).notNull(),
    negativeMark: decimal("negative_mark", { precision: 4, scale: 2 }).notNull().default("0"),
    finishedAt: datetime("finished_at", { fsp: 3 }),
    rightCount: smallint("right_count"),
    wrongCount: smallint("wrong_count"),
    skippedCount: smallint("skipped_count"),
    /** Marks of the right answers; net = score - wrong × negative mark. */
    score: decimal("score", { precision: 8, scale: 2 }),
    net: decimal("net", { precision: 8, scale: 2 }),
    fullMarks: int("full_marks"),
    /** Who took it (a live exam asks; a practice start does not). */
    displayName: varchar("display_name", { length: 80 }),
    institution: varchar("institution", { length: 120 }),
    roll: varchar("roll", { length: 32 }),
    /** Continues the attempt on another device (shown on every attempt page); unique, unguessable. */
    resumeCode: varchar("resume_code", { length: 12 }),
    /**
     * The browser's hash when this is the one attempt of a live exam that counts for its merit list,
     * else null: the unique key (exam, counted_for) makes "one counted attempt per student" atomic.
     */
    countedFor: varchar("counted_for", { length: 64 }),
    /** Rank on the merit list (computed once after close; ties by time taken). */
    meritRank: int("merit_rank"),
    /** Staff hid the display name on the merit list (audited). */
    nameHidden: boolean("name_hidden").notNull().default(false),
    /**
     * Registered before its live exam started and not opened since: started_at and deadline_at hold
     * placeholders until its student first opens it after the start (models/attempts.server.ts).
     */
    waiting: boolean("waiting").notNull().default(false),
  },
  (t) => [
    uniqueIndex("exam_attempts_resume_uq").on(t.resumeCode),
    uniqueIndex("exam_attempts_counted_uq").on(t.examId, t.countedFor),
    index("exam_attempts_merit_idx").on(t.examId, t.meritRank),
    index("exam_attempts_browser_idx").on(t.browserHash, t.startedAt),
    // "better than N% of attempts": unfinished attempts have no net.
    index("exam_attempts_exam_net_idx").on(t.examId, t.net),
    index("exam_attempts_started_idx").on(t.startedAt),
  ],
);

/** An attempt's answers: one row per question touched (chosen and/or marked for review); a save is one upsert. */
export const examAttemptAnswers = mysqlTable(
  "exam_attempt_answers",
  {
    attemptId: varchar("attempt_id", { length: 24 })
      .notNull()
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    questionId: int("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** The chosen option's key; null: none (cleared, or only marked for review). */
    choice: varchar("choice", { length: 8 }),
    markedForReview: boolean("marked_for_review").notNull().default(false),
    savedAt: datetime("saved_at", { fsp: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index("exam_attempt_answers_question_idx").on(t.questionId)],
);

/* ------------------------------------------------------------------ board papers -- */

export const boardSubjects = mysqlTable(
  "board_subjects",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    imageUrl: varchar("image_url", { length: 512 }),
    legacyUrl: varchar("legacy_url", { length: 512 }),
    subjectId: int("subject_id").references(() => subjects.id, { onDelete: "restrict" }),
    sort: sort(),
    ...tracked(),
    version: version(),
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
    ...tracked(),
    version: version(),
  },
  (t) => [uniqueIndex("boards_code_uq").on(t.code)],
);

export const boardPapers = mysqlTable(
  "board_papers",
  {
    id: id(),
    boardSubjectId: int("board_subject_id")
      .notNull()
      .references(() => boardSubjects.id, { onDelete: "restrict" }),
    boardId: int("board_id").references(() => boards.id, { onDelete: "restrict" }),
    year: smallint("year").notNull(),
    kind: mysqlEnum("kind", ["creative", "mcq"]).notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    /** A label in board-year notation when board_id + year do not say it (admission sessions: "du: 2022-23"). */
    boardYear: varchar("board_year", { length: 255 }),
    /** Instructions printed above the questions; for old creative papers, the whole paper as HTML. */
    content: mediumtext("content"),
    contentHtml: mediumtext("content_html"),
    /** The paper's questions (MCQ or creative), in order. */
    questionSetId: int("question_set_id").references(() => questionSets.id, { onDelete: "restrict" }),
    sort: sort(),
    renderVersion: renderVersion(),
    ...tracked(),
    version: version(),
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
    questionHtml: text("question_html"),
    answer: text("answer").notNull(),
    answerHtml: text("answer_html"),
    boardYear: varchar("board_year", { length: 255 }),
    videoUrl: varchar("video_url", { length: 512 }),
    sort: sort(),
    renderVersion: renderVersion(),
    ...tracked(),
    version: version(),
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
    ...tracked(),
    ...publication(),
    version: version(),
  },
  (t) => [index("videos_kind_idx").on(t.kind, t.sort), index("videos_status_idx").on(t.status, t.publishAt)],
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
    ...tracked(),
    version: version(),
  },
  (t) => [index("live_classes_starts_idx").on(t.startsAt)],
);

/* ------------------------------------------------------------------ media -- */

const mediumblob = customType<{ data: Buffer }>({ dataType: () => "mediumblob" });

/**
 * Images staff upload (subjects, chapters, topics, info pages). Stored in the database so every app
 * instance serves them; the URL is /media/{sha256 prefix}.{ext}, so a new image is a new URL and a
 * URL can be cached for a year.
 */
export const media = mysqlTable(
  "media",
  {
    id: id(),
    /** The first 32 hex digits of the SHA-256 of the bytes: the URL and the duplicate check. */
    hash: varchar("hash", { length: 32 }).notNull(),
    mime: varchar("mime", { length: 32 }).notNull(),
    ext: varchar("ext", { length: 8 }).notNull(),
    bytes: mediumblob("bytes").notNull(),
    size: int("size").notNull(),
    width: int("width"),
    height: int("height"),
    originalName: varchar("original_name", { length: 255 }).notNull().default(""),
    ...tracked(),
  },
  (t) => [uniqueIndex("media_hash_uq").on(t.hash)],
);

/* ------------------------------------------------------------------ history -- */

/** What keeps revisions: every content type of the admin (new kinds are added at the end). */
export const revisionEntities = [
  "title",
  "info_page",
  "question",
  "grade",
  "subject",
  "chapter",
  "mcq_category",
  "question_set",
  "exam_title_group",
  "exam_group",
  "exam_subject",
  "exam",
  "board_subject",
  "board",
  "board_paper",
  "example",
  "video",
  "live_class",
  "footer",
  "footer_tweet",
  "footer_update",
  "page_meta",
] as const;
export type RevisionEntity = (typeof revisionEntities)[number];

/**
 * A snapshot per save of a topic, info page or question (with its options, parts and sources): the
 * row as it was at `version`. Kept when the row is deleted, so a deleted item can be restored.
 */
export const revisions = mysqlTable(
  "revisions",
  {
    id: id(),
    entity: mysqlEnum("entity", revisionEntities).notNull(),
    entityId: int("entity_id").notNull(),
    version: int("version").notNull(),
    snapshot: json("snapshot").notNull(),
    staffId: int("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("revisions_entity_version_uq").on(t.entity, t.entityId, t.version)],
);

/**
 * The trash: a deleted content row as it was (its columns and the rows edited with it: a question's
 * options, parts and sources, a set's questions, a subject's grades), taken out of its table so no
 * public page or list can show it, restorable with the same id for 30 days, then purged.
 */
export const trashItems = mysqlTable(
  "trash_items",
  {
    id: id(),
    /** The admin resource key (lib/admin/resources.ts): questions, chapters, ... */
    entity: varchar("entity", { length: 64 }).notNull(),
    entityId: int("entity_id").notNull(),
    /** What names the row in one line (the trash screen lists it so). */
    name: varchar("name", { length: 255 }).notNull().default(""),
    snapshot: json("snapshot").notNull(),
    deletedAt: datetime("deleted_at", { fsp: 3 }).notNull(),
    deletedBy: int("deleted_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("trash_items_entity_idx").on(t.entity, t.entityId), index("trash_items_deleted_idx").on(t.deletedAt)],
);

/** Who did what, when: every staff save, delete, sign-in and staff change. */
export const auditLog = mysqlTable(
  "audit_log",
  {
    id: id(),
    staffId: int("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** create, update, delete, restore, import, sign-in, sign-in-failed, sign-out, ... */
    action: varchar("action", { length: 32 }).notNull(),
    /** The table (or "session" for sign-ins). */
    entity: varchar("entity", { length: 64 }).notNull(),
    entityId: varchar("entity_id", { length: 64 }),
    summary: varchar("summary", { length: 500 }).notNull().default(""),
    createdAt: timestamp("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/* ------------------------------------------------------------------ presence -- */

/** One row per browser (session key); pruned by age. */
export const onlinePresence = mysqlTable(
  "online_presence",
  {
    sessionKey: varchar("session_key", { length: 64 }).primaryKey(),
    page: varchar("page", { length: 255 }).notNull().default(""),
    lastSeen: datetime("last_seen").notNull(),
    /** The pinging client's network address: one address counts for a bounded number of readers. */
    clientAddress: varchar("client_address", { length: 64 }).notNull().default(""),
  },
  (t) => [
    index("online_presence_last_seen_idx").on(t.lastSeen),
    index("online_presence_client_idx").on(t.clientAddress, t.lastSeen),
  ],
);

/* ------------------------------------------------------------------ teachers' papers (make-question tool) -- */

/**
 * A paper made with the make-question tool, at /questionpaper/p/{code}. Stored whole (settings, the
 * questions as they were printed, each set's order and option order) so it never changes, whatever
 * later happens to the bank; the code is taken from the content's hash, so making the same paper twice
 * gives the same address. Nobody signs in to make one, so no row points at staff.
 */
export const savedPapers = mysqlTable(
  "saved_papers",
  {
    id: id(),
    code: varchar("code", { length: 16 }).notNull(),
    subjectId: int("subject_id").references(() => subjects.id, { onDelete: "set null" }),
    gradeId: int("grade_id").references(() => grades.id, { onDelete: "set null" }),
    title: varchar("title", { length: 255 }).notNull().default(""),
    questionCount: int("question_count").notNull().default(0),
    /** The paper as JSON (models/make-question.server.ts, StoredPaper). */
    content: mediumtext("content").notNull(),
    createdAt: timestamp("created_at").notNull().defaultNow(),
    /** Moved forward (at most daily) when the paper is opened; papers unopened for a year are deleted. */
    openedAt: timestamp("opened_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_papers_code_uq").on(t.code),
    index("saved_papers_subject_idx").on(t.subjectId, t.gradeId),
    index("saved_papers_opened_idx").on(t.openedAt),
  ],
);

/**
 * A teacher's own copy of a saved paper: made at each save, reached only by a private token (the URL
 * /questionpaper/t/{token}; only its SHA-256 is stored, so a copy of the database opens nobody's
 * results). It holds the keys' page, the scanned answer sheets and their results; deleted with the paper.
 */
export const paperOwners = mysqlTable(
  "paper_owners",
  {
    id: id(),
    paperId: int("paper_id")
      .notNull()
      .references(() => savedPapers.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex. */
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    /** Marks taken off per wrong MCQ answer, in hundredths (25 = 0.25). */
    negativeHundredths: smallint("negative_hundredths").notNull().default(0),
    /** Sheets stored now: raised and checked in one statement, so simultaneous uploads keep the limit. */
    sheetCount: int("sheet_count").notNull().default(0),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("paper_owners_token_uq").on(t.tokenHash), index("paper_owners_paper_idx").on(t.paperId)],
);

/**
 * One scanned OMR answer sheet of a teacher's copy, as read. `activeRoll` is the roll while the sheet
 * counts and null while it waits for the teacher to confirm replacing an earlier sheet of that roll:
 * the unique index keeps one counted sheet per roll. The picture is kept, shrunk, for the teacher
 * to look at; sheets are deleted after their retention (models/omr.server.ts) or with the results.
 */
export const omrSheets = mysqlTable(
  "omr_sheets",
  {
    id: id(),
    ownerId: int("owner_id")
      .notNull()
      .references(() => paperOwners.id, { onDelete: "cascade" }),
    roll: varchar("roll", { length: 16 }).notNull(),
    activeRoll: varchar("active_roll", { length: 16 }),
    /** The set's index (0 = ক); null when the set could not be read. */
    setIndex: smallint("set_index"),
    rollUncertain: boolean("roll_uncertain").notNull().default(false),
    setUncertain: boolean("set_uncertain").notNull().default(false),
    confidence: decimal("confidence", { precision: 4, scale: 3 }).notNull().default("0"),
    image: mediumblob("image").notNull(),
    /** The roll's crop (PNG), for checking an uncertain roll. */
    rollCrop: mediumblob("roll_crop"),
    originalName: varchar("original_name", { length: 255 }).notNull().default(""),
    createdAt: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("omr_sheets_owner_roll_uq").on(t.ownerId, t.activeRoll),
    index("omr_sheets_created_idx").on(t.createdAt),
  ],
);

/** Per sheet and question: the bubbles read (option indexes), how sure the reader was, and the teacher's check. */
export const omrAnswers = mysqlTable(
  "omr_answers",
  {
    sheetId: int("sheet_id")
      .notNull()
      .references(() => omrSheets.id, { onDelete: "cascade" }),
    question: smallint("question").notNull(),
    /** Marked option indexes, comma separated ("" for none). */
    marked: varchar("marked", { length: 16 }).notNull().default(""),
    confidence: decimal("confidence", { precision: 4, scale: 3 }).notNull().default("0"),
    /** The reader was unsure and the teacher has not confirmed it yet. */
    uncertain: boolean("uncertain").notNull().default(false),
    /** Set by the review screen: the teacher confirmed or corrected it. */
    reviewed: boolean("reviewed").notNull().default(false),
    /** The bubble row's crop (PNG), kept only for uncertain rows. */
    crop: mediumblob("crop"),
  },
  (t) => [primaryKey({ name: "omr_answers_pk", columns: [t.sheetId, t.question] })],
);

/* ---------------------------------------------------------------------------------- search -- */

export const searchKinds = ["topic", "chapter", "mcq", "creative", "paper", "exam", "video"] as const;
export type SearchKind = (typeof searchKinds)[number];
/** The tables whose rows are searchable (the names staff saves and the audit log use). */
export const searchSources = ["titles", "categories", "questions", "board_papers", "exam_titles", "videos"] as const;
export type SearchSource = (typeof searchSources)[number];

/**
 * One searchable row of a content table, as results show it: derived data, written only by
 * models/search.server.ts (`reindex` on every save, seed, import and db:render). No foreign keys:
 * deleting content must not wait on its search row, and `reindex` of a deleted id removes it.
 */
const searchDocsColumns = () => ({
  id: id(),
  source: mysqlEnum("source", searchSources).notNull(),
  sourceId: int("source_id").notNull(),
  kind: mysqlEnum("kind", searchKinds).notNull(),
  /** For the subject+grade filter; grade null = every grade of the subject. */
  subjectId: int("subject_id"),
  gradeId: int("grade_id"),
  /** Plain text, as shown in the results (math in readable form). */
  title: varchar("title", { length: 255 }).notNull(),
  /** The start of the plain text, for the snippet. */
  body: text("body").notNull(),
  /** A short label under the title, e.g. the board-year label "ঢা. বো. ২০১৯". */
  meta: varchar("meta", { length: 255 }).notNull().default(""),
  /** Where the result links to; null for bank questions (their page is found when shown). */
  url: varchar("url", { length: 255 }),
  /** UNIX_TIMESTAMP of the source's updated_at when indexed: a newer one means stale. */
  sourceStamp: int("source_stamp").notNull().default(0),
  /** The normaliser's version the row was made with (SEARCH_VERSION). */
  indexVersion: int("index_version").notNull().default(0),
});
export const searchDocs = mysqlTable("search_docs", searchDocsColumns(), (t) => [
  uniqueIndex("search_docs_source_uq").on(t.source, t.sourceId),
]);

const asciiToken = customType<{ data: string }>({ dataType: () => "varchar(86) CHARACTER SET ascii COLLATE ascii_bin" });

/**
 * The inverted index: one row per word (index token, lib/search-text.ts) per search row. Read through
 * search_postings_token_idx, which holds every column a search needs: a word's rows are one range of
 * it, a word's beginning ("ত্রিকোণ*") a range too, and a word's rows of one kind come best first
 * (rank_key). The primary key (doc_id, token) checks a candidate for the other words, and takes new
 * rows in doc_id order (a whole rebuild fills it first and adds the token index after, in one sorted
 * pass: models/search.server.ts rebuildIndex). Not a FULLTEXT index: InnoDB FULLTEXT ranks every match of a common word
 * ("কত" is in most questions) before returning any, seconds at 350,000 rows.
 */
const searchPostingsColumns = () => ({
  docId: int("doc_id").notNull(),
  token: asciiToken("token").notNull(),
  kind: mysqlEnum("kind", searchKinds).notNull(),
  /** 10000 − the word's weight in the row (10 per occurrence in the title, 1 in the text): lower ranks first. */
  rankKey: smallint("rank_key", { unsigned: true }).notNull(),
  subjectId: int("subject_id"),
  gradeId: int("grade_id"),
});
export const searchPostings = mysqlTable("search_postings", searchPostingsColumns(), (t) => [
  primaryKey({ name: "search_postings_pk", columns: [t.docId, t.token] }),
  index("search_postings_token_idx").on(t.token, t.kind, t.rankKey, t.subjectId, t.gradeId),
]);

/**
 * The two search tables under other names: a rebuild of the whole index fills copies beside the live
 * tables and swaps them in (models/search.server.ts). Columns only; the copies are made with CREATE TABLE … LIKE.
 */
export const searchTablesNamed = (docs: string, postings: string) => ({
  docs: mysqlTable(docs, searchDocsColumns()),
  postings: mysqlTable(postings, searchPostingsColumns()),
});
