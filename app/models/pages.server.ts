// Info pages (about, author, products, contact) and the contact form's messages.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, infoPages } from "~/db/schema";
import { clientKey, countHit } from "~/models/rate-limit.server";
import { keptPerKeyUntilContentChange } from "~/models/content-version.server";
import { isShown } from "~/models/publication.server";

/** contentHtml: the page's content as shown (sanitised, typeset when saved). */
export type InfoPage = { title: string; contentHtml: string | null; image: string | null };

const keptInfoPage = keptPerKeyUntilContentChange(async (slug: string): Promise<(InfoPage & { status: string }) | null> => {
  const [row] = await db
    .select({ title: infoPages.title, contentHtml: infoPages.contentHtml, image: infoPages.image, status: infoPages.status })
    .from(infoPages)
    .where(eq(infoPages.slug, slug))
    .limit(1);
  return row ?? null;
}, 20);

/**
 * A published info page by slug (a handful exist), kept until a staff save; null when there is none
 * (its route then shows what it shows without one). `preview`: a draft or scheduled one too.
 */
export async function getInfoPage(slug: string, { preview = false }: { preview?: boolean } = {}): Promise<InfoPage | null> {
  const row = await keptInfoPage(slug);
  if (!row || (!preview && !isShown(row.status))) return null;
  const { status: _status, ...page } = row;
  return page;
}

/** Messages one client address may send per CONTACT_WINDOW_MINUTES (a person writes one or two). */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MINUTES = 60;

type ContactMessage = { name: string; email: string; phone: string; message: string; clientAddress: string };

/**
 * Stores a message unless its client (an address, an IPv6 /64) has already sent CONTACT_LIMIT in the
 * window: then nothing is stored and the answer is "limited". Counted and checked in one statement in
 * the database, so the limit holds for simultaneous posts and across processes.
 */
export async function saveContactMessage(msg: ContactMessage): Promise<"saved" | "limited"> {
  const key = `contact:${clientKey(msg.clientAddress)}`;
  const sent = await countHit({ key, windowSeconds: CONTACT_WINDOW_MINUTES * 60 });
  if (sent > CONTACT_LIMIT) return "limited";
  await db.insert(contactMessages).values(msg);
  return "saved";
}
