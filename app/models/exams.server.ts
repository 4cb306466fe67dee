// Examinations: the exam sub-page (title groups, group pills, subjects with their exams), the exam
// page's header, and the example questions (/example). Fixed number of round trips per page.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { examGroups, examGroupSubjects, examples, examTitleGroups, examTitles, questions, setQuestions } from "~/db/schema";
import { groupBy } from "~/lib/group-by";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { isPublished, isShown } from "~/models/publication.server";

export type ExamGroup = { id: number; name: string; subjectName: string };

// Only staff saves change what this file reads: each function's result is kept per id until the next
// save (content-version.server.ts), so the exam page and the sub-page ask the database nothing when warm.

/** An exam title group (the exam sub-page): its banner, announcement and group pills. Two queries at once. */
export const getExamSubPage = keptPerKeyUntilContentChange(readExamSubPage, 1000);

async function readExamSubPage(titleGroupId: number) {
  const [[titleGroup], groups] = await Promise.all([
    db
      .select({ id: examTitleGroups.id, name: examTitleGroups.name, announceHtml: examTitleGroups.announceHtml, banner: examTitleGroups.banner })
      .from(examTitleGroups)
      .where(eq(examTitleGroups.id, titleGroupId))
      .limit(1),
    db
      .select({ id: examGroups.id, name: examGroups.name, subjectName: examGroups.subjectName })
      .from(examGroups)
      .where(eq(examGroups.titleGroupId, titleGroupId))
      .orderBy(asc(examGroups.sort), asc(examGroups.id)),
  ]);
  return titleGroup ? { titleGroup, groups: groups as ExamGroup[] } : null;
}

export type ExamTitleLink = { id: number; name: string };
export type GroupSubject = { id: number; name: string; titles: ExamTitleLink[] };

/** A group's subjects, each with its exams. Two queries. */
export const getGroupSubjects = keptPerKeyUntilContentChange(readGroupSubjects, 1000);

async function readGroupSubjects(groupId: number): Promise<GroupSubject[]> {
  const subs = await db
    .select({ id: examGroupSubjects.id, name: examGroupSubjects.name })
    .from(examGroupSubjects)
    .where(eq(examGroupSubjects.groupId, groupId))
    .orderBy(asc(examGroupSubjects.sort), asc(examGroupSubjects.id));
  if (!subs.length) return [];
  const ts = await db
    .select({ id: examTitles.id, name: examTitles.name, groupSubjectId: examTitles.groupSubjectId })
    .from(examTitles)
    .where(and(inArray(examTitles.groupSubjectId, subs.map((s) => s.id)), isPublished(examTitles)))
    .orderBy(asc(examTitles.sort), asc(examTitles.id));
  const bySubject = groupBy(ts, (t) => t.groupSubjectId);
  return subs.map((s) => ({ ...s, titles: (bySubject.get(s.id) ?? []).map(({ id, name }) => ({ id, name })) }));
}

export type ExamTitle = {
  id: number;
  name: string;
  descriptionHtml: string | null;
  questionSetId: number;
  fullMarks: number;
  durationMinutes: number;
  negativeMark: string;
  /** The group (pill) and title group (the exam sub-page) the exam is listed under, when it is listed. */
  groupId: number | null;
  titleGroupId: number | null;
  /** Questions in the exam's set: its published ones (a staff preview: all of them). */
  total: number;
  /** A staff preview only: how many of `total` are drafts or scheduled (students do not see them yet). */
  drafts?: number;
  /** A live exam's window (UTC); null: not live. */
  liveStartAt: Date | null;
  liveCloseAt: Date | null;
  /** Published, draft or scheduled: only a published exam is public (a draft's page is a staff preview). */
  status: string;
};

const keptExamTitle = keptPerKeyUntilContentChange(readExamTitle, 1000);

/**
 * One published exam with where it is listed and its number of questions (one query, kept until a
 * staff save); null when there is none. `preview`: a staff preview, read fresh and never kept: a
 * draft or scheduled exam too, and its questions counted with the drafts among them (`drafts`).
 */
export async function getExamTitle(examId: number, { preview = false }: { preview?: boolean } = {}): Promise<ExamTitle | null> {
  if (preview) return readExamTitle(examId, true);
  const exam = await keptExamTitle(examId);
  return exam && isShown(exam.status) ? exam : null;
}

async function readExamTitle(examId: number, withDrafts = false): Promise<ExamTitle | null> {
  const countOf = (published: boolean) =>
    sql<number>`(select count(*) from ${setQuestions} join ${questions} on ${questions.id} = ${setQuestions.questionId} and ${published ? isPublished(questions) : sql`true`} where ${setQuestions.setId} = ${examTitles.questionSetId})`;
  const [row] = await db
    .select({
      id: examTitles.id,
      name: examTitles.name,
      descriptionHtml: examTitles.descriptionHtml,
      questionSetId: examTitles.questionSetId,
      fullMarks: examTitles.fullMarks,
      durationMinutes: examTitles.durationMinutes,
      negativeMark: examTitles.negativeMark,
      groupId: examGroups.id,
      titleGroupId: examGroups.titleGroupId,
      liveStartAt: examTitles.liveStartAt,
      liveCloseAt: examTitles.liveCloseAt,
      total: countOf(!withDrafts),
      ...(withDrafts ? { published: countOf(true) } : {}),
      status: examTitles.status,
    })
    .from(examTitles)
    .leftJoin(examGroupSubjects, eq(examGroupSubjects.id, examTitles.groupSubjectId))
    .leftJoin(examGroups, eq(examGroups.id, examGroupSubjects.groupId))
    .where(eq(examTitles.id, examId))
    .limit(1);
  if (!row) return null;
  const { published, ...exam } = row as typeof row & { published?: number };
  const total = Number(exam.total);
  return withDrafts ? { ...exam, total, drafts: total - Number(published) } : { ...exam, total };
}

export type ExampleRow = { id: number; questionHtml: string | null; answerHtml: string | null; boardYear: string | null; videoUrl: string | null };

/** /example?extid=&exqnameid=: the example questions of one example set, in order. One query. */
export async function listExamples(extid: number, exqnameid: number): Promise<ExampleRow[]> {
  return db
    .select({
      id: examples.id,
      questionHtml: examples.questionHtml,
      answerHtml: examples.answerHtml,
      boardYear: examples.boardYear,
      videoUrl: examples.videoUrl,
    })
    .from(examples)
    .where(and(eq(examples.extid, extid), eq(examples.exqnameid, exqnameid)))
    .orderBy(asc(examples.sort), asc(examples.id));
}
