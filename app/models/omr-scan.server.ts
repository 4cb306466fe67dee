// Reading one scanned answer sheet of a teacher's paper with the OMR reader (lib/omr), into what
// models/omr.server.ts stores: roll, set, each question's marks and confidence, the crops a teacher
// checks, and a small copy of the picture.
import type { StoredPaper } from "~/models/make-question.server";
import type { NewSheet } from "~/models/omr.server";

export type ScanOutcome = { ok: true; sheet: NewSheet } | { ok: false; reason: "unavailable" | "other-paper" | "unreadable"; message: string };

export async function scanSheet(_input: { bytes: Buffer; code: string; paper: StoredPaper; name: string }): Promise<ScanOutcome> {
  return { ok: false, reason: "unavailable", message: "উত্তরপত্র পড়ার ব্যবস্থা এখনো চালু হয়নি।" };
}
