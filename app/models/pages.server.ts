// Info pages (about, author, products, contact) and the contact form's messages.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, infoPages } from "~/db/schema";

/** contentHtml: the page's content as shown (sanitised, typeset when saved). */
export type InfoPage = { title: string; contentHtml: string | null; image: string | null };

export async function getInfoPage(slug: string): Promise<InfoPage | null> {
  const [row] = await db
    .select({ title: infoPages.title, contentHtml: infoPages.contentHtml, image: infoPages.image })
    .from(infoPages)
    .where(eq(infoPages.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function saveContactMessage(msg: { name: string; email: string; phone: string; message: string }) {
  await db.insert(contactMessages).values(msg);
}
