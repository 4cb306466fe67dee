// Online presence: one row per browser session key, refreshed by the enhancement script's ping.
// A flood cannot inflate the count or the table: each client (an IPv4 address, an IPv6 /64) counts
// for at most MAX_PER_CLIENT readers and adds at most that many new keys a window, rows are pruned
// by age (at most once a PRUNE_EVERY per process, not by chance), and the table holds about MAX_ROWS
// at most (checked before an insert; simultaneous inserts may pass it by their number).
import { count, eq, gte, lt, sql } from "drizzle-orm";
// Read on the primary, never a replica: the online count and its per-client bound count the rows just written.
import { primary as db } from "~/db/client.server";
import { onlinePresence } from "~/db/schema";
import { clientKey, countHit } from "~/models/rate-limit.server";

export const PRESENCE_WINDOW_SECONDS = 120;
/** Rows older than this are deleted; the count never looks further back than an hour. */
const KEEP_SECONDS = 3600;
/**
 * Readers one client can count for. A school's computer lab, a coaching centre or a mobile carrier's
 * NAT puts tens of real readers behind one IPv4 address, so this is well above a household's few: the
 * number is an estimate shown in the footer, and under-counting a lab is worse than letting a script
 * add 50 to it. A script making new keys gets no further.
 */
export const MAX_PER_CLIENT = 50;
/** Hard ceiling on rows, whatever the number of addresses. */
export const MAX_ROWS = 20_000;
const PRUNE_EVERY_MS = 60_000;

let lastPrune = 0;

/** Readers seen in the window, each client address counted for at most MAX_PER_CLIENT of them. */
export async function countOnline(windowSeconds = PRESENCE_WINDOW_SECONDS): Promise<number> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const perClient = db
    .select({ n: sql<number>`least(count(*), ${MAX_PER_CLIENT})`.as("n") })
    .from(onlinePresence)
    .where(gte(onlinePresence.lastSeen, since))
    .groupBy(onlinePresence.clientAddress)
    .as("per_client");
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${perClient.n}), 0)` }).from(perClient);
  return Number(row?.n ?? 0);
}

let shown: { at: number; value: Promise<number> } | null = null;
const SHOWN_COUNT_MS = 5000;

/**
 * The count every page's footer shows, read at most every 5 s per process (readers come and go over
 * minutes; a query per page view bought nothing). /api/online/count stays exact.
 */
export function clearShownCount() {
  shown = null;
}

export function countOnlineForPages(): Promise<number> {
  const now = Date.now();
  if (shown && now - shown.at < SHOWN_COUNT_MS) return shown.value;
  const entry = { at: now, value: countOnline() };
  shown = entry;
  entry.value.catch(() => {
    if (shown === entry) shown = null;
  });
  return entry.value;
}

export type PingResult = "ok" | "limited";

/**
 * Records a ping. A known key is refreshed; a new key is added only while its address has fewer
 * than MAX_PER_CLIENT readers in the window and the table has room ("limited" otherwise).
 */
export async function recordPing(sessionKey: string, page: string, address: string, now = new Date()): Promise<PingResult> {
  if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) await pruneOnline(now);
  const clientAddress = clientKey(address);
  const [updated] = await db
    .update(onlinePresence)
    .set({ page, lastSeen: now, clientAddress })
    .where(eq(onlinePresence.sessionKey, sessionKey));
  if (updated.affectedRows > 0) return "ok";

  // New keys of one client are counted and checked in one statement, so simultaneous pings of a
  // script cannot all see room left.
  const [added, [all]] = await Promise.all([
    countHit({ key: `presence:${clientAddress}`, windowSeconds: PRESENCE_WINDOW_SECONDS }),
    db.select({ n: count() }).from(onlinePresence),
  ]);
  if (added > MAX_PER_CLIENT) return "limited";
  if (Number(all?.n ?? 0) >= MAX_ROWS) {
    // Under a flood keep only the window itself; a reader is refused only if that is still full
    // (not because of rows that were merely old: an hour of readers can be more than MAX_ROWS).
    await pruneOnline(now, PRESENCE_WINDOW_SECONDS);
    const [left] = await db.select({ n: count() }).from(onlinePresence);
    if (Number(left?.n ?? 0) >= MAX_ROWS) return "limited";
  }
  await db
    .insert(onlinePresence)
    .values({ sessionKey, page, lastSeen: now, clientAddress })
    .onDuplicateKeyUpdate({ set: { page, lastSeen: now, clientAddress } });
  return "ok";
}

/** Deletes rows not seen for `keepSeconds` (an hour by default). */
export async function pruneOnline(now = new Date(), keepSeconds = KEEP_SECONDS) {
  lastPrune = now.getTime();
  await db.delete(onlinePresence).where(lt(onlinePresence.lastSeen, new Date(now.getTime() - keepSeconds * 1000)));
}
