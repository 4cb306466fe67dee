// Where a search result links: a topic, chapter, paper, exam or video row carries its own URL; a bank
// question is linked where it can be read (its board paper, else its MCQ practice set, else its
// exam, on the right page at its #q-{id}).
import { sql, type SQL } from "drizzle-orm";
// Public reads, raw SQL: on this process's replica when there is one.
import { replica as db } from "~/db/client.server";
import { rowsOf } from "./indexer.server";

/** Questions per page on the pages a bank question is shown on (exam and MCQ practice pages). */
const QUESTION_PAGE = 25;

type LinkRow = {
  question_id: number;
  set_id: number;
  category_id: number | null;
  parent_id: number | null;
  paper_id: number | null;
  board_subject_id: number | null;
  exam_id: number | null;
  pos: number;
};

/** A question's place in its set (`sq`): how many published ones come before it. */
const POSITION = `(select count(*) from set_questions s2 join questions q2 on q2.id = s2.question_id and q2.status = 'published' where s2.set_id = sq.set_id
  and (s2.sort < sq.sort or (s2.sort = sq.sort and s2.question_id < sq.question_id)))`;
/** What a set (`sq`) is: an MCQ category's practice set, a board paper, an exam (draft sets and exams are no link). */
const LINK_JOINS = `left join question_sets qs on qs.id = sq.set_id and qs.status = 'published'
  left join mcq_categories mc on mc.id = qs.mcq_category_id
  left join board_papers bp on bp.question_set_id = sq.set_id
  left join exam_titles et on et.question_set_id = sq.set_id and et.status = 'published'`;
/**
 * The set a search row's question (`d.source_id`) is best linked in, chosen as bestLinks chooses: its
 * LinkRow's fields from set_id to pos, joined by spaces (0 for none).
 */
export const bestLinkOf = sql.raw(`select concat_ws(' ', sq.set_id, ifnull(qs.mcq_category_id, 0), ifnull(mc.parent_id, 0), ifnull(bp.id, 0),
    ifnull(bp.board_subject_id, 0), ifnull(et.id, 0), ${POSITION})
  from set_questions sq
  ${LINK_JOINS}
  where sq.question_id = d.source_id and (bp.id is not null or qs.mcq_category_id is not null or et.id is not null)
  order by if(bp.id is not null, 3, if(qs.mcq_category_id is not null, 2, 1)) desc, sq.set_id, bp.id, et.id
  limit 1`);

/**
 * Where each bank question of `questionIds` (a subquery) can be read: the board paper it is in, else
 * the MCQ practice set, else the exam (on the right page, at its #q-{id}). One query; questions in
 * no set get no link.
 */
export async function questionLinks(questionIds: SQL): Promise<Map<number, string>> {
  const rows = rowsOf<LinkRow>(
    await db.execute(sql`
      select sq.question_id, sq.set_id, qs.mcq_category_id as category_id, mc.parent_id, bp.id as paper_id,
        bp.board_subject_id, et.id as exam_id, ${sql.raw(POSITION)} as pos
      from set_questions sq
      ${sql.raw(LINK_JOINS)}
      where sq.question_id in (${questionIds})
      order by sq.question_id, sq.set_id, bp.id, et.id`),
  );
  return bestLinks(rows);
}

/** Each question's link from its sets' rows (in set order): its board paper, else its practice set, else its exam. */
function bestLinks(rows: LinkRow[]): Map<number, string> {
  const out = new Map<number, string>();
  const score = (r: LinkRow) => (r.paper_id ? 3 : r.category_id ? 2 : r.exam_id ? 1 : 0);
  const best = new Map<number, LinkRow>();
  for (const r of rows) {
    const seen = best.get(Number(r.question_id));
    if (score(r) > 0 && (!seen || score(r) > score(seen))) best.set(Number(r.question_id), r);
  }
  for (const [id, r] of best) {
    const page = Math.floor(Number(r.pos) / QUESTION_PAGE) + 1;
    if (r.paper_id && r.board_subject_id) out.set(id, `/board-question/${r.board_subject_id}/paper/${r.paper_id}#q-${id}`);
    else if (r.category_id) {
      const base = r.parent_id ? `/mq/sub/${r.category_id}` : `/mq/${r.category_id}`;
      out.set(id, `${base}?set=${r.set_id}&page=${page}#q-${id}`);
    } else if (r.exam_id) out.set(id, `/exampage/${r.exam_id}${page > 1 ? `?page=${page}` : ""}#q-${id}`);
  }
  return out;
}

/** A question's link from its bestLinkOf field (null, or empty: it is in no set that is shown). */
export function linkFromBestLinkOf(questionId: number, field: string | null): string | null {
  if (!field) return null;
  const f = String(field).split(" ").map(Number);
  const link: LinkRow = { question_id: questionId, set_id: f[0], category_id: f[1] || null, parent_id: f[2] || null, paper_id: f[3] || null, board_subject_id: f[4] || null, exam_id: f[5] || null, pos: f[6] };
  return bestLinks([link]).get(questionId) ?? null;
}
