// The contact-form inbox: messages visitors sent, read and handled by staff.
import { and, count, desc, eq, like, or, type SQL } from "drizzle-orm";
// Read on the primary, never a replica: staff see a message as soon as it is sent, and their own changes to it.
import { primary as db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { recordAudit } from "./history.server";

export const INBOX_PAGE_SIZE = 25;
export type InboxFilter = "all" | "unread" | "read";

export async function listMessages({ filter, q, page }: { filter: InboxFilter; q: string; page: number }) {
  const where: SQL[] = [];
  if (filter !== "all") where.push(eq(contactMessages.handled, filter === "read"));
  if (q) {
    const p = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(like(contactMessages.name, p), like(contactMessages.email, p), like(contactMessages.message, p))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(cond)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
    db.select({ total: count() }).from(contactMessages).where(cond),
    db.select({ unread: count() }).from(contactMessages).where(eq(contactMessages.handled, false)),
  ]);
  return { rows, total: Number(total), unread: Number(unread) };
}

export async function getMessage(id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}

export async function setHandled(id: number, handled: boolean, staffId: number) {
  await db.transaction(async (tx) => {
    await tx.update(contactMessages).set({ handled, updatedBy: staffId }).where(eq(contactMessages.id, id));
    await recordAudit(tx, { staffId, action: handled ? "read" : "unread", entity: "contact_messages", entityId: id, summary: "" });
  });
}

export async function deleteMessage(id: number, staffId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(contactMessages).where(eq(contactMessages.id, id));
    await recordAudit(tx, { staffId, action: "delete", entity: "contact_messages", entityId: id, summary: "" });
  });
}
