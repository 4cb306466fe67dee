// The demo's live exams (a model test at a fixed hour), with shuffling on: one that closed an hour
// ago with a merit list's worth of finished attempts, one running (started ten minutes ago, closes in
// two hours) and one starting in fifteen minutes. Their windows and the closed one's attempts are
// relative to the seed's run and written again on every run, so the demo always shows all three phases.
import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { MySql2Database } from "drizzle-orm/mysql2";
import type * as schema from "../../app/db/schema";
import { examAttemptAnswers, examAttempts, examTitles, siteSettings } from "../../app/db/schema";
import { scoreAttempt } from "../../app/lib/attempt";
import { RESUME_ALPHABET, RESUME_LENGTH } from "../../app/lib/live-attempt";
import { EXAM_SET, QUESTION_OPTIONS, SET_QUESTIONS, SET_SIZES } from "./content-mcq";
import { rng, type Rng } from "./util";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type Db = MySql2Database<typeof schema>;

/** The exam sub-page subject the live exams are listed under (science group of exam sub-page 1). */
export const LIVE_GROUP_SUBJECT: Insert<typeof schema.examGroupSubjects> = { id: 12, groupId: 1, name: "লাইভ মডেল টেস্ট", sort: 7 };

/** Above the model tests and past papers. */
export const LIVE_EXAM_IDS = { closed: 101, running: 102, upcoming: 103 } as const;

/** Finished attempts on the closed exam: a merit list of a few pages. */
export const LIVE_DEMO_ATTEMPTS = 130;

const MINUTE = 60_000;

type LiveSpec = {
  id: number;
  name: string;
  description: string;
  setId: number;
  minutes: number;
  negative: string;
  /** The window, from the seed's run (ms). */
  window: (now: number) => [Date, Date];
};

const SPECS: LiveSpec[] = [
  {
    id: LIVE_EXAM_IDS.closed,
    name: "রসায়ন লাইভ মডেল টেস্ট — পদার্থের গঠন ও মোলের ধারণা",
    description: "সারা দেশের শিক্ষার্থীদের সাথে একই সময়ে পরীক্ষা। প্রতিটি ভুল উত্তরের জন্য ০.২৫ নম্বর কাটা যাবে। পরীক্ষা শেষে মেধাতালিকা প্রকাশিত হবে।",
    setId: EXAM_SET.chemistry,
    minutes: 25,
    negative: "0.25",
    window: (now) => [new Date(now - 180 * MINUTE), new Date(now - 60 * MINUTE)],
  },
  {
    id: LIVE_EXAM_IDS.running,
    name: "আইসিটি লাইভ মডেল টেস্ট",
    description: "সংখ্যা পদ্ধতি, নেটওয়ার্কিং ও HTML। লাইভ চলাকালে যেকোনো সময় শুরু করা যায়; শুরু থেকে ২৫ মিনিট সময় পাবে।",
    setId: EXAM_SET.ict,
    minutes: 25,
    negative: "0",
    window: (now) => [new Date(now - 10 * MINUTE), new Date(now + 120 * MINUTE)],
  },
  {
    id: LIVE_EXAM_IDS.upcoming,
    name: "English লাইভ মডেল টেস্ট",
    description: "Grammar, vocabulary and literature. প্রতিটি ভুল উত্তরের জন্য ০.২৫ নম্বর কাটা যাবে।",
    setId: EXAM_SET.english,
    minutes: 30,
    negative: "0.25",
    window: (now) => [new Date(now + 15 * MINUTE), new Date(now + 105 * MINUTE)],
  },
];

/** Whole seconds: the window columns keep no fractions, and the attempts are compared with them. */
const wholeSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

/** The exams' rows as first inserted (the windows are rewritten by seedLiveExams on every run). */
export function liveExamRows(now = Date.now()): Insert<typeof schema.examTitles>[] {
  return SPECS.map((s, i) => {
    const [liveStartAt, liveCloseAt] = s.window(wholeSeconds(now));
    return {
      id: s.id,
      groupSubjectId: LIVE_GROUP_SUBJECT.id,
      name: s.name,
      description: s.description,
      questionSetId: s.setId,
      fullMarks: SET_SIZES.get(s.setId)!,
      durationMinutes: s.minutes,
      negativeMark: s.negative,
      keyPublished: false,
      reviewAfterClose: true,
      shuffleQuestions: true,
      shuffleOptions: true,
      liveStartAt,
      liveCloseAt,
      sort: i + 1,
    };
  });
}

/* ------------------------------------------------------------------ the closed exam's attempts */

const FIRST = [
  "সাকিব", "তাসনিম", "রাফি", "নুসরাত", "আরিফ", "সুমাইয়া", "তানভীর", "ফারহানা", "মেহেদী", "জান্নাতুল", "রিয়াদ", "আফসানা",
  "ইমরান", "সাদিয়া", "নাঈম", "তাহমিনা", "শাহরিয়ার", "মারিয়া", "রাকিব", "ফাতেমা", "আবির", "লামিয়া", "সৌরভ", "প্রিয়াঙ্কা",
  "অনিক", "ঐশী", "জুবায়ের", "রুবাইয়া", "তাওসিফ", "নাফিসা", "মাহির", "সানজিদা",
];
const LAST = ["হাসান", "আক্তার", "ইসলাম", "রহমান", "চৌধুরী", "আহমেদ", "খাতুন", "হোসেন", "সরকার", "দাস", "মজুমদার", "সিদ্দিকী", "তালুকদার", "বিশ্বাস", "পাল", "রায়"];
const INSTITUTIONS = [
  "ঢাকা কলেজ", "নটর ডেম কলেজ, ঢাকা", "রাজশাহী কলেজ", "চট্টগ্রাম কলেজ", "হলি ক্রস কলেজ", "ভিকারুননিসা নূন স্কুল অ্যান্ড কলেজ",
  "মুরারিচাঁদ (এমসি) কলেজ, সিলেট", "সরকারি ব্রজমোহন কলেজ, বরিশাল", "কুমিল্লা ভিক্টোরিয়া সরকারি কলেজ", "কারমাইকেল কলেজ, রংপুর",
  "আনন্দ মোহন কলেজ, ময়মনসিংহ", "সরকারি বি এল কলেজ, খুলনা", "রাজউক উত্তরা মডেল কলেজ", "ক্যান্টনমেন্ট পাবলিক স্কুল অ্যান্ড কলেজ, সৈয়দপুর",
];

const hash = (text: string) => createHash("sha256").update(text).digest();

/** A resume code in the app's alphabet, the same for the same attempt on every run. */
function resumeCode(n: number): string {
  const bytes = hash(`demo-live-resume-${n}`);
  return Array.from(bytes.subarray(0, RESUME_LENGTH), (b) => RESUME_ALPHABET[b % RESUME_ALPHABET.length]).join("");
}

type Built = { attempts: Insert<typeof schema.examAttempts>[]; answers: Insert<typeof schema.examAttemptAnswers>[] };

/**
 * The closed exam's finished attempts: each a different browser's one counted attempt, started in the
 * window's first twenty minutes, with answers of varied skill, scored by the app's own scoring (the
 * result page scores them again from the same answers).
 */
export function closedExamAttempts(now: number): Built {
  const spec = SPECS.find((s) => s.id === LIVE_EXAM_IDS.closed)!;
  const [start] = spec.window(wholeSeconds(now));
  const questionIds = SET_QUESTIONS.filter((q) => q.setId === spec.setId)
    .sort((a, b) => a.sort! - b.sort!)
    .map((q) => q.questionId);
  const optionsOf = new Map<number, { key: string; isCorrect: boolean }[]>();
  for (const o of QUESTION_OPTIONS) if (questionIds.includes(o.questionId)) optionsOf.set(o.questionId, [...(optionsOf.get(o.questionId) ?? []), { key: o.key, isCorrect: !!o.isCorrect }]);
  const questions = questionIds.map((id) => ({ id, options: optionsOf.get(id)!, correct: optionsOf.get(id)!.find((o) => o.isCorrect)!.key, marks: 1 }));
  const r: Rng = rng(20_261);
  const attempts: Built["attempts"] = [];
  const answers: Built["answers"] = [];
  for (let n = 1; n <= LIVE_DEMO_ATTEMPTS; n++) {
    const id = hash(`demo-live-attempt-${spec.id}-${n}`).toString("base64url").slice(0, 24);
    const browser = hash(`demo-live-browser-${n}`).toString("hex");
    const startedAt = new Date(start.getTime() + r.int(0, 20 * 60) * 1000 + r.int(0, 999));
    const deadlineAt = new Date(startedAt.getTime() + spec.minutes * MINUTE);
    const finishedAt = new Date(startedAt.getTime() + r.int(6 * 60, spec.minutes * 60) * 1000 + r.int(0, 999));
    const skill = 0.3 + r.next() * 0.65;
    const answered = 0.55 + r.next() * 0.45;
    const chosen = new Map<number, string | null>();
    for (const q of questions) {
      const marked = r.next() < 0.05;
      const answering = r.next() < answered;
      if (!answering && !marked) continue;
      const wrong = q.options.filter((o) => !o.isCorrect);
      const choice = answering ? (r.next() < skill ? q.correct : r.pick(wrong).key) : null;
      chosen.set(q.id, choice);
      const savedAt = new Date(startedAt.getTime() + r.next() * (finishedAt.getTime() - startedAt.getTime()));
      answers.push({ attemptId: id, questionId: q.id, choice, markedForReview: marked, savedAt });
    }
    const s = scoreAttempt(questions, chosen, spec.negative);
    const first = r.pick(FIRST);
    attempts.push({
      id,
      examId: spec.id,
      browserHash: browser,
      countedFor: browser,
      startedAt,
      deadlineAt,
      negativeMark: spec.negative,
      finishedAt,
      rightCount: s.right,
      wrongCount: s.wrong,
      skippedCount: s.skipped,
      score: s.score.toFixed(2),
      net: s.net.toFixed(2),
      fullMarks: questions.length,
      displayName: r.next() < 0.15 ? first : `${first} ${r.pick(LAST)}`,
      institution: r.next() < 0.85 ? r.pick(INSTITUTIONS) : null,
      roll: r.next() < 0.5 ? String(r.int(100_000, 999_999)) : null,
      resumeCode: resumeCode(n),
    });
  }
  return { attempts, answers };
}

/**
 * Writes the live windows again relative to `now`, and the closed exam's attempts with them (the
 * same ids each run, their answers replaced); its merit list is made again on the next visit. Also
 * publishes the keys of the practice exams and past papers where a database seeded before keys were
 * sealed has them unpublished and staff never saved the exam.
 */
export async function seedLiveExams(db: Db, publishedExamIds: number[], now = Date.now()): Promise<void> {
  const t = wholeSeconds(now);
  const { attempts, answers } = closedExamAttempts(t);
  await db.transaction(async (tx) => {
    for (const s of SPECS) {
      const [liveStartAt, liveCloseAt] = s.window(t);
      await tx.update(examTitles).set({ liveStartAt, liveCloseAt, meritComputedAt: null }).where(eq(examTitles.id, s.id));
    }
    await tx.update(examAttempts).set({ meritRank: null }).where(eq(examAttempts.examId, LIVE_EXAM_IDS.closed));
    await tx.delete(examAttempts).where(inArray(examAttempts.id, attempts.map((a) => a.id)));
    await tx.insert(examAttempts).values(attempts);
    for (let i = 0; i < answers.length; i += 500) await tx.insert(examAttemptAnswers).values(answers.slice(i, i + 500));
    if (publishedExamIds.length) {
      await tx
        .update(examTitles)
        .set({ keyPublished: true })
        .where(sql`${inArray(examTitles.id, publishedExamIds)} and ${examTitles.version} = 1 and not ${examTitles.keyPublished}`);
    }
    // As a staff save does: a server already running forgets what it kept of the old windows.
    await tx.execute(sql`
      insert into ${siteSettings} (${siteSettings.key}, ${siteSettings.value}) values ('content_version', '1')
      on duplicate key update ${siteSettings.value} = cast(${siteSettings.value} as unsigned) + 1`);
  });
}
