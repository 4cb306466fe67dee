// Rate limits that hold under simultaneous requests. A limit read first and written after lets every
// request that arrives together see "one left" (25 simultaneous contact messages stored 23 against a
// limit of 5), so a hit is counted and its new count returned by one upsert: MariaDB serialises the
// upserts of one key on its row, and LAST_INSERT_ID(expr) hands this statement's own count back.
import { sql, type SQL } from "drizzle-orm";
// Read on the primary, never a replica: a limit counts what was just counted, on every instance alike.
import { primary as db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

type Executor = Pick<typeof db, "execute">;

/**
 * Counts one hit for `key` in a fixed window of `windowSeconds` (a window that has run out starts
 * again at this hit) and returns the count including this hit: the caller compares it with its limit.
 */
export async function countHit({ key, windowSeconds }: { key: string; windowSeconds: number }, executor: Executor = db): Promise<number> {
  const expired = sql`window_start <= utc_timestamp() - interval ${windowSeconds} second`;
  const [result] = (await executor.execute(sql`
    insert into ${rateLimits} (${sql.raw("`key`")}, hits, window_start) values (${key.slice(0, 191)}, last_insert_id(1), utc_timestamp())
    on duplicate key update
      hits = last_insert_id(if(${expired}, 1, hits + 1)),
      window_start = if(${expired}, utc_timestamp(), window_start)`)) as unknown as [{ insertId: number }];
  return Number(result.insertId);
}

/**
 * Like countHit, but the hit is counted only when `free` (an SQL condition, e.g. "this code exists")
 * is false, and the count is returned either way: one statement, so of simultaneous requests only the
 * ones that cost something use up the budget, and one that arrives when the budget is spent sees it
 * spent whether it would have cost or not (a right resume code does not tell itself apart then).
 */
export async function countHitUnless({ key, windowSeconds, free }: { key: string; windowSeconds: number; free: SQL }, executor: Executor = db): Promise<number> {
  const expired = sql`window_start <= utc_timestamp() - interval ${windowSeconds} second`;
  const cost = sql`if(${free}, 0, 1)`;
  const [result] = (await executor.execute(sql`
    insert into ${rateLimits} (${sql.raw("`key`")}, hits, window_start) values (${key.slice(0, 191)}, last_insert_id(${cost}), utc_timestamp())
    on duplicate key update
      hits = last_insert_id(if(${expired}, ${cost}, hits + ${cost})),
      window_start = if(${expired}, utc_timestamp(), window_start)`)) as unknown as [{ insertId: number }];
  return Number(result.insertId);
}

/** Takes back one hit (work that was counted but not done, e.g. a refused save). Never below 0. */
export async function uncountHit({ key }: { key: string }, executor: Executor = db): Promise<void> {
  await executor.execute(sql`update ${rateLimits} set hits = greatest(hits - 1, 0) where ${rateLimits.key} = ${key.slice(0, 191)}`);
}

/** Seconds until the window of `key` ends (0 when it has none or it has run out). */
export async function secondsLeft({ key, windowSeconds }: { key: string; windowSeconds: number }): Promise<number> {
  const [rows] = (await db.execute(sql`
    select timestampdiff(second, utc_timestamp(), window_start + interval ${windowSeconds} second) as s
    from ${rateLimits} where ${rateLimits.key} = ${key.slice(0, 191)}`)) as unknown as [{ s: number | null }[]];
  return Math.max(0, Number(rows[0]?.s ?? 0));
}

/** Counters whose window ended more than a day ago are deleted now and then. */
export async function pruneRateLimits() {
  await db.execute(sql`delete from ${rateLimits} where window_start < utc_timestamp() - interval 1 day limit 1000`);
}

/**
 * The part of a client address that names one client for a limit: an IPv6 client gets a whole /64
 * (one home or phone gets a /64 and picks addresses in it at will); IPv4 and IPv4-mapped addresses
 * are used whole.
 */
export function clientKey(address: string | null | undefined): string {
  const a = (address ?? "").trim().toLowerCase();
  if (!a) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1];
  if (!a.includes(":")) return a.slice(0, 64);
  const [head, tail] = a.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => (g || "0").replace(/^0+(?=.)/, ""));
  while (prefix.length < 4) prefix.push("0");
  return `${prefix.join(":")}::/64`;
}
