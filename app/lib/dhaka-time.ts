// Dates for students in Bangladesh: Bangladesh time (Asia/Dhaka) in Bangla with Bangla digits,
// whatever the server's own time zone.
const DATE = new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const TIME = new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", hour: "numeric", minute: "2-digit", dayPeriod: "short" });

/** "বিকাল ৪:৩০": the day period first, as it is said in Bangla. */
export function formatDhakaTime(d: Date): string {
  const parts = TIME.formatToParts(d);
  const period = parts.find((p) => p.type === "dayPeriod")?.value;
  const clock = parts
    .filter((p) => p.type !== "dayPeriod")
    .map((p) => p.value)
    .join("")
    .trim();
  return period ? `${period} ${clock}` : clock;
}

/** "বুধবার, ১ মে, ২০২৪, বিকাল ৪:৩০" */
export function formatDhakaDateTime(d: Date): string {
  return `${DATE.format(d)}, ${formatDhakaTime(d)}`;
}

/** The calendar year in Bangladesh (UTC+6 all year). */
export function dhakaYear(now = Date.now()): number {
  return new Date(now + 6 * 3600 * 1000).getUTCFullYear();
}
