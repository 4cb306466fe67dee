// Online presence: one row per browser session key, refreshed by the enhancement script's ping.
import { gte, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { onlinePresence } from "~/db/schema";

export const PRESENCE_WINDOW_SECONDS = 120;
/** Rows older than this are deleted now and then; the count never looks further back than an hour. */
const KEEP_SECONDS = 3600;

export async function countOnline(windowSeconds = PRESENCE_WINDOW_SECONDS): Promise<number> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(onlinePresence)
    .where(gte(onlinePresence.lastSeen, since));
  return Number(row?.n ?? 0);
}

/** One upsert per ping: a flood from one browser rewrites its own row instead of adding rows. */
export async function recordPing(sessionKey: string, page: string, now = new Date()) {
  await db
    .insert(onlinePresence)
    .values({ sessionKey, page, lastSeen: now })
    .onDuplicateKeyUpdate({ set: { page, lastSeen: now } });
  // Prune about once per hundred pings, so the table stays bounded without a scheduler.
  if (Math.random() < 0.01) await pruneOnline(now);
}

export async function pruneOnline(now = new Date()) {
  await db.delete(onlinePresence).where(lt(onlinePresence.lastSeen, new Date(now.getTime() - KEEP_SECONDS * 1000)));
}
