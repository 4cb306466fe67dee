import { describe, expect, it } from "vitest";
import { formatLiveTime, listingCacheControl, liveExamState, liveListing, liveWindowErrors, refreshSecondsFor } from "~/lib/live-exam";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-26T12:00:00Z"); // 6 pm in Dhaka
const plus = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe("formatLiveTime", () => {
  it("is Bangladesh time in Bangla: day, month, the day period and the clock", () => {
    expect(formatLiveTime(at("2026-11-26T14:00:00Z"))).toBe("২৬ নভেম্বর, রাত্রি ৮:০০");
    // 11:30 pm UTC is the next morning in Dhaka.
    expect(formatLiveTime(at("2026-11-26T23:30:00Z"))).toBe("২৭ নভেম্বর, ভোর ৫:৩০");
  });
});

describe("liveWindowErrors", () => {
  const start = at("2026-11-26T14:00:00Z");
  it("accepts no window, and a window at least as long as the exam", () => {
    expect(liveWindowErrors({ liveStartAt: null, liveCloseAt: null, durationMinutes: 30 })).toEqual({});
    expect(liveWindowErrors({ liveStartAt: start, liveCloseAt: new Date(start.getTime() + 30 * 60_000), durationMinutes: 30 })).toEqual({});
  });
  it("wants both times or neither", () => {
    expect(liveWindowErrors({ liveStartAt: start, liveCloseAt: null, durationMinutes: 30 })).toEqual({ liveCloseAt: expect.stringMatching(/দুটোই.*both/) });
    expect(liveWindowErrors({ liveStartAt: null, liveCloseAt: start, durationMinutes: 30 })).toEqual({ liveStartAt: expect.stringMatching(/দুটোই.*both/) });
  });
  it("wants the close after the start, and room for the whole exam", () => {
    expect(liveWindowErrors({ liveStartAt: start, liveCloseAt: start, durationMinutes: 30 }).liveCloseAt).toMatch(/শুরুর পরে.*after the start/);
    const short = liveWindowErrors({ liveStartAt: start, liveCloseAt: new Date(start.getTime() + 29 * 60_000), durationMinutes: 30 });
    expect(short.liveCloseAt).toMatch(/30 মিনিট.*30 minutes/);
    expect(liveWindowErrors({ liveStartAt: start, liveCloseAt: new Date(start.getTime() + 3600_000), durationMinutes: 0 }).durationMinutes).toMatch(/duration/);
  });
});

describe("refreshSecondsFor", () => {
  it("reloads at most once a minute and lands exactly on the start", () => {
    expect(refreshSecondsFor(3600)).toBe(60);
    expect(refreshSecondsFor(121)).toBe(60);
    expect(refreshSecondsFor(90)).toBe(30); // then 60 before the start: one more reload, at the start
    expect(refreshSecondsFor(60)).toBe(60);
    expect(refreshSecondsFor(7)).toBe(7);
    expect(refreshSecondsFor(0)).toBe(1);
  });
});

describe("liveExamState", () => {
  const window = (startIn: number, closeIn: number) => ({ liveStartAt: plus(startIn), liveCloseAt: plus(closeIn) });

  it("is null for an exam without a live window", () => {
    expect(liveExamState({ liveStartAt: null, liveCloseAt: null }, NOW)).toBeNull();
  });

  it("waiting: seconds to the start, a reload and a cache that never outlives the last two minutes", () => {
    const far = liveExamState(window(3600, 7200), NOW)!;
    expect(far).toMatchObject({ phase: "waiting", secondsLeft: 3600, refreshSeconds: 60, cacheControl: "public, max-age=60" });
    expect(far.startBn).toBe("২৬ নভেম্বর, সন্ধ্যা ৭:০০");
    expect(liveExamState(window(150, 7200), NOW)).toMatchObject({ refreshSeconds: 60, cacheControl: "public, max-age=30" });
    expect(liveExamState(window(100, 7200), NOW)).toMatchObject({ refreshSeconds: 40, cacheControl: "private, no-store" });
    expect(liveExamState(window(0.2, 7200), NOW)).toMatchObject({ phase: "waiting", secondsLeft: 1, refreshSeconds: 1 });
  });

  it("running until the close, then closed", () => {
    expect(liveExamState(window(0, 7200), NOW)).toMatchObject({ phase: "running", secondsLeft: 7200, refreshSeconds: null, cacheControl: "public, max-age=60" });
    expect(liveExamState(window(-600, 30), NOW)).toMatchObject({ phase: "running", cacheControl: "public, max-age=30" });
    expect(liveExamState(window(-7200, 0), NOW)).toMatchObject({ phase: "closed", secondsLeft: 0, refreshSeconds: null, cacheControl: null });
  });
});

describe("liveListing", () => {
  const row = (id: number, startIn: number, closeIn: number) => ({ id, name: `পরীক্ষা ${id}`, liveStartAt: plus(startIn), liveCloseAt: plus(closeIn) });
  const DAY = 86_400;

  it("running ones first, then those starting within a week, soonest first; not closed or far ones", () => {
    const items = liveListing(
      [row(1, 3 * DAY, 3 * DAY + 3600), row(2, -600, 7200), row(3, -7200, -3600), row(4, 8 * DAY, 8 * DAY + 3600), row(5, 900, 4500), row(6, 7 * DAY, 7 * DAY + 60)],
      NOW,
    );
    expect(items.map((i) => [i.id, i.running])).toEqual([
      [2, true],
      [5, false],
      [1, false],
      [6, false],
    ]);
    expect(items[1]).toMatchObject({ startBn: "২৬ নভেম্বর, সন্ধ্যা ৬:১৫", closeBn: "২৬ নভেম্বর, সন্ধ্যা ৭:১৫" });
  });

  it("keeps the page no longer than the next start or close when it is within the minute", () => {
    expect(listingCacheControl(liveListing([row(1, 3600, 7200)], NOW), NOW)).toBeNull();
    expect(listingCacheControl(liveListing([row(1, 3600, 7200), row(2, 40, 4000)], NOW), NOW)).toBe("public, max-age=40");
    expect(listingCacheControl(liveListing([row(1, -60, 3)], NOW), NOW)).toBe("private, no-store");
    expect(listingCacheControl([], NOW)).toBeNull();
  });
});
