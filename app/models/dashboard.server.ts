// The admin dashboard: content counts, the latest changes from the audit log, the newest messages.
// Three round trips (four when the content counts are read again).
import { desc, sql } from "drizzle-orm";
// Read on the primary, never a replica: a staff screen shows what was just saved.
import { primary as db } from "~/db/client.server";
import { contactMessages, staffUsers } from "~/db/schema";
import type { AuditScope } from "~/lib/admin/audit-scope";
import { listAuditEntries } from "~/models/admin/audit.server";
import { keptUntilContentChange } from "~/models/content-version.server";

const COUNTED = [
  ["subjects", "বিষয় (Subjects)"],
  ["categories", "অধ্যায় (Chapters)"],
  ["titles", "পাঠ (Topics)"],
  ["questions", "প্রশ্ন (Questions)"],
  ["exam_titles", "পরীক্ষা (Exams)"],
  ["board_papers", "বোর্ড প্রশ্নপত্র (Board papers)"],
  ["videos", "ভিডিও (Videos)"],
  ["live_classes", "লাইভ ক্লাস (Live classes)"],
  ["staff_users", "স্টাফ (Staff)"],
] as const;

/** COUNTED's content tables (all but staff): they change only with staff saves, which raise the content version. */
const CONTENT_TABLES = COUNTED.map(([table]) => table).filter((t) => t !== "staff_users");

/**
 * The content tables' counts, kept until the content version moves: counting 300,000 questions takes
 * tens of milliseconds, and only a staff save changes the figure. Staff and unread messages are
 * counted on every visit.
 */
const contentCounts = keptUntilContentChange(async () => {
  const counts = sql.join(
    CONTENT_TABLES.map((table) => sql`(select count(*) from ${sql.raw(`\`${table}\``)}) as ${sql.raw(`\`${table}\``)}`),
    sql`, `,
  );
  const [rows] = (await db.execute(sql`select ${counts}`)) as unknown as [Record<string, number>[]];
  return rows[0] ?? {};
});

/** `scope`: whose changes the reader may see (lib/admin/audit-scope.ts); a moderator no longer reads all of them. */
export async function getDashboard(scope: AuditScope = { all: true }) {
  const [content, [[liveRow]], { rows: changes }, messages] = await Promise.all([
    contentCounts(),
    db.execute(
      sql`select (select count(*) from ${staffUsers}) as staff_users, (select count(*) from ${contactMessages} where ${contactMessages.handled} = false) as unread`,
    ) as unknown as Promise<[Record<string, number>[]]>,
    listAuditEntries(scope, { page: 1 }, 12),
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        handled: contactMessages.handled,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(5),
  ]);
  const row = { ...content, ...liveRow };
  return {
    counts: COUNTED.map(([table, label]) => ({ table, label, count: Number(row[table] ?? 0) })),
    unread: Number(row.unread ?? 0),
    changes,
    messages: messages.map((m) => ({ ...m, message: m.message.slice(0, 200) })),
  };
}
