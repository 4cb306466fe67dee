import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  countsForMerit,
  formatResumeCode,
  isLivePractice,
  normalizeResumeCode,
  readIdentity,
  RESUME_ALPHABET,
  resumeCodeFrom,
} from "~/lib/live-attempt";

const form = (o: Record<string, string>) => new URLSearchParams(o);

describe("the live start form", () => {
  it("takes a trimmed name of 2–80 characters and optional institution and roll", () => {
    expect(readIdentity(form({ displayName: "  রহিম   উদ্দিন ", institution: " ঢাকা কলেজ ", roll: "" }))).toEqual({
      identity: { displayName: "রহিম উদ্দিন", institution: "ঢাকা কলেজ", roll: null },
    });
    expect(readIdentity(form({ displayName: "ক".repeat(80) }))).toMatchObject({ identity: { displayName: "ক".repeat(80), institution: null, roll: null } });
    // Zero-width joiners are part of Bangla spelling.
    expect(readIdentity(form({ displayName: "র‍্যাব" }))).toMatchObject({ identity: { displayName: "র‍্যাব" } });
  });

  it("refuses a missing, short, long or control-character name and says which field, keeping what was typed", () => {
    const cases: [Record<string, string>, string][] = [
      [{}, "displayName"],
      [{ displayName: "   " }, "displayName"],
      [{ displayName: "ক" }, "displayName"],
      [{ displayName: "ক".repeat(81) }, "displayName"],
      [{ displayName: "রহিম\u0007" }, "displayName"],
      [{ displayName: "রহিম\nকরিম" }, "displayName"],
      [{ displayName: "abc\u202Eevil" }, "displayName"],
      [{ displayName: "রহিম", institution: "ক".repeat(121) }, "institution"],
      [{ displayName: "রহিম", roll: "1".repeat(33) }, "roll"],
      [{ displayName: "রহিম", roll: "12\u0000" }, "roll"],
    ];
    for (const [fields, field] of cases) {
      const read = readIdentity(form(fields));
      expect("errors" in read, JSON.stringify(fields)).toBe(true);
      if (!("errors" in read)) continue;
      expect(Object.keys(read.errors)).toEqual([field]);
      expect(read.errors[field as "displayName"]).toMatch(/\(.+\)$/);
    }
    const read = readIdentity(form({ displayName: "ক", institution: "কলেজ", roll: "৪২".repeat(100) }));
    expect(read).toMatchObject({ values: { displayName: "ক", institution: "কলেজ", roll: "৪২".repeat(16) } });
  });
});

describe("resume codes", () => {
  it("are eight characters with no 0/O/1/I/L, each equally likely", () => {
    expect(RESUME_ALPHABET).not.toMatch(/[01OIL]/);
    const seen = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const code = resumeCodeFrom(randomBytes(16))!;
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      for (const c of code) seen.set(c, (seen.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(RESUME_ALPHABET.length);
    // 16,000 characters over 31: about 516 each.
    for (const n of seen.values()) expect(n).toBeGreaterThan(380);
    // Bytes past the largest multiple of 31 are skipped, not folded onto the first characters.
    expect(resumeCodeFrom(new Uint8Array([248, 255, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe("23456789");
    expect(resumeCodeFrom(new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255]))).toBeNull();
  });

  it("are read case-insensitively, with or without the dash, spaces or Bangla digits", () => {
    expect(normalizeResumeCode("abcd-ef23")).toBe("ABCDEF23");
    expect(normalizeResumeCode(" AbCd Ef23 ")).toBe("ABCDEF23");
    expect(normalizeResumeCode("ABCDEF২৩")).toBe("ABCDEF23");
    expect(formatResumeCode("ABCDEF23")).toBe("ABCD-EF23");
    for (const bad of ["", "ABCDEF2", "ABCDEF234", "ABCDEF20", "ABCDEFO2", "ABCDEFI2", "ABCDEFL2", "ABCD%F23", null, "A".repeat(50)]) {
      expect(normalizeResumeCode(bad), String(bad)).toBeNull();
    }
  });
});

describe("which attempts count", () => {
  const live = { liveStartAt: new Date("2026-03-01T14:00:00Z"), liveCloseAt: new Date("2026-03-01T15:00:00Z") };
  const open = { liveStartAt: null, liveCloseAt: null };
  it("is the browser's counted attempt, and for a live exam only one started while it ran", () => {
    const at = (iso: string, countedFor: string | null = "h") => ({ countedFor, startedAt: new Date(iso) });
    expect(countsForMerit(at("2026-03-01T14:00:00Z"), live)).toBe(true);
    expect(countsForMerit(at("2026-03-01T14:59:59Z"), live)).toBe(true);
    expect(countsForMerit(at("2026-03-01T15:00:00Z"), live)).toBe(false);
    expect(countsForMerit(at("2026-03-01T13:59:59Z"), live)).toBe(false);
    expect(countsForMerit(at("2026-03-01T14:30:00Z", null), live)).toBe(false);
    expect(countsForMerit(at("2026-03-01T14:30:00Z"), open)).toBe(true);
    // Practice is announced only on live exams (an ordinary exam has no merit list).
    expect(isLivePractice(at("2026-03-01T14:30:00Z", null), live)).toBe(true);
    expect(isLivePractice(at("2026-03-01T14:30:00Z", null), open)).toBe(false);
    expect(isLivePractice(at("2026-03-01T14:30:00Z"), live)).toBe(false);
  });
});
