// Live classes: the one on air or next, the upcoming schedule and past classes with recordings.
// Everything is relative to `now`, passed in, so the schedule is testable at a fixed moment.
import { and, asc, desc, gt, isNotNull, lte, ne, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/mysql-core";
import { db } from "~/db/client.server";
import { onContentChange } from "~/models/content-version.server";
import { liveClasses } from "~/db/schema";

export type LiveClass = {
  id: number;
  title: string;
  description: string | null;
  startsAt: Date;
  durationMinutes: number;
  streamUrl: string;
  recordingUrl: string | null;
};

const cols = {
  id: liveClasses.id,
  title: liveClasses.title,
  description: liveClasses.description,
  startsAt: liveClasses.startsAt,
  durationMinutes: liveClasses.durationMinutes,
  streamUrl: liveClasses.streamUrl,
  recordingUrl: liveClasses.recordingUrl,
};

/** starts_at is stored in UTC (the pool's time zone is "Z"); compare with `now` the same way. */
const utc = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
const endsAt = sql`DATE_ADD(${liveClasses.startsAt}, INTERVAL ${liveClasses.durationMinutes} MINUTE)`;

export type LiveSchedule = {
  /** On air now ("live") or the next one ("next"); null when nothing is on air or scheduled. */
  featured: { status: "live" | "next"; item: LiveClass } | null;
  /** Classes starting after now, soonest first, without the featured one. */
  upcoming: LiveClass[];
  /** Classes that have ended and have a recording, latest first. */
  past: LiveClass[];
};

/** Which of the schedule's three lists a row of the one query is for. */
const ON_AIR = 0;
const NEXT = 1;
const DONE = 2;

/** How long a schedule is used at most without asking again (it is exact until its next start or end). */
const KEPT_AT_MOST_MS = 60_000;

type Kept = { key: string; from: number; until: number; value: Promise<LiveSchedule> };
let kept: Kept | null = null;
onContentChange(() => (kept = null));

/**
 * The schedule at `now`. One round trip; the answer is then kept until the next moment any class
 * starts or ends (nothing on the page can change before it; read with the schedule), at most a
 * minute, and until a staff save.
 */
export function liveSchedule(now: Date, { upcoming = 10, past = 12 } = {}): Promise<LiveSchedule> {
  const key = `${upcoming}:${past}`;
  const t = now.getTime();
  if (kept && kept.key === key && kept.from <= t && t < kept.until) return kept.value;
  const entry: Kept = { key, from: t, until: t, value: Promise.resolve(null as unknown as LiveSchedule) };
  entry.value = readSchedule(now, upcoming, past).then(({ schedule, nextChange }) => {
    entry.until = Math.min(nextChange?.getTime() ?? Infinity, t + KEPT_AT_MOST_MS);
    return schedule;
  });
  kept = entry;
  entry.value.catch(() => {
    if (kept === entry) kept = null;
  });
  return entry.value;
}

async function readSchedule(now: Date, upcoming: number, past: number) {
  const at = utc(now);
  // The first start or end after now, of any class: until then the schedule stays as read.
  const nextChange = sql<Date | string | null>`(select min(b) from (
      select ${liveClasses.startsAt} as b from ${liveClasses} where ${liveClasses.startsAt} > ${at}
      union all select ${endsAt} from ${liveClasses} where ${endsAt} > ${at}) next_change)`.as("next_change");
  const part = (n: number) => ({ ...cols, part: sql<number>`${sql.raw(String(n))}`.as("part"), nextChange });
  const rows = await unionAll(
    db
      .select(part(ON_AIR))
      .from(liveClasses)
      .where(and(lte(liveClasses.startsAt, now), sql`${endsAt} > ${at}`))
      .orderBy(desc(liveClasses.startsAt), desc(liveClasses.id))
      .limit(1),
    db
      .select(part(NEXT))
      .from(liveClasses)
      .where(gt(liveClasses.startsAt, now))
      .orderBy(asc(liveClasses.startsAt), asc(liveClasses.id))
      .limit(upcoming + 1),
    db
      .select(part(DONE))
      .from(liveClasses)
      .where(and(sql`${endsAt} <= ${at}`, isNotNull(liveClasses.recordingUrl), ne(liveClasses.recordingUrl, "")))
      .orderBy(desc(liveClasses.startsAt), desc(liveClasses.id))
      .limit(past),
  );
  // A UNION's rows come in no promised order: each list is put in its own here.
  const newestFirst = (a: LiveClass, b: LiveClass) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id;
  const list = (n: number) =>
    rows.filter((r) => Number(r.part) === n).map(({ part: _part, nextChange: _next, ...item }) => ({ ...item, startsAt: new Date(item.startsAt) }));
  const onAir = list(ON_AIR);
  const next = list(NEXT).sort((a, b) => -newestFirst(a, b));
  const done = list(DONE).sort(newestFirst);
  // No row at all: nothing on air or ahead, so nothing changes until a staff save (or the minute is up).
  const change = rows[0]?.nextChange ?? null;
  const schedule: LiveSchedule = onAir[0]
    ? { featured: { status: "live", item: onAir[0] }, upcoming: next.slice(0, upcoming), past: done }
    : next[0]
      ? { featured: { status: "next", item: next[0] }, upcoming: next.slice(1, upcoming + 1), past: done }
      : { featured: null, upcoming: [], past: done };
  return { schedule, nextChange: change === null ? null : typeof change === "string" ? new Date(`${change.replace(" ", "T")}Z`) : new Date(change) };
}
