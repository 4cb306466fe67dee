// Info pages (about, author, products, contact) and the contact form's messages.
import { and, count, eq, gte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, infoPages } from "~/db/schema";
import { keptPerKeyUntilContentChange } from "~/models/site.server";

/** contentHtml: the page's content as shown (sanitised, typeset when saved). */
export type InfoPage = { title: string; contentHtml: string | null; image: string | null };

/** An info page by slug (a handful exist), kept until a staff save. */
export const getInfoPage = keptPerKeyUntilContentChange(async (slug: string): Promise<InfoPage | null> => {
  const [row] = await db
    .select({ title: infoPages.title, contentHtml: infoPages.contentHtml, image: infoPages.image })
    .from(infoPages)
    .where(eq(infoPages.slug, slug))
    .limit(1);
  return row ?? null;
}, 20);

/** Messages one client address may send per CONTACT_WINDOW_MINUTES (a person writes one or two). */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MINUTES = 60;

type ContactMessage = { name: string; email: string; phone: string; message: string; clientAddress: string };

/**
 * Stores a message unless its address has already sent CONTACT_LIMIT in the window: then nothing is
 * stored and the answer is "limited". The count lives in the database, so it holds across processes.
 */
export async function saveContactMessage(msg: ContactMessage): Promise<"saved" | "limited"> {
  const since = new Date(Date.now() - CONTACT_WINDOW_MINUTES * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.clientAddress, msg.clientAddress), gte(contactMessages.createdAt, since)));
  if (Number(recent?.n ?? 0) >= CONTACT_LIMIT) return "limited";
  await db.insert(contactMessages).values(msg);
  return "saved";
}
