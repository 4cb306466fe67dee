// Reading one scanned answer sheet of a teacher's paper with the OMR reader (lib/omr), into what
// models/omr.server.ts stores: roll, set, each question's marks and confidence, the crops a teacher
// checks (only of rows the reader was unsure of, and the roll), and a small copy of the picture.
import sharp from "sharp";
import { paperSheetLayout } from "~/lib/omr-paper";
import { cropRegion, readSheet, type ReadFail } from "~/lib/omr/read.server";
import type { StoredPaper } from "~/models/make-question.server";
import type { NewSheet } from "~/models/omr.server";

export type ScanFailure = ReadFail["reason"] | "other-paper";
export type ScanOutcome = { ok: true; sheet: NewSheet } | { ok: false; reason: ScanFailure };

/** The picture kept for the teacher: wide enough to read every bubble, a few hundred KB. */
const KEPT_WIDTH = 1400;

export async function scanSheet({ bytes, code, paper, name }: { bytes: Buffer; code: string; paper: StoredPaper; name: string }): Promise<ScanOutcome> {
  const layout = paperSheetLayout(paper);
  if (!layout) return { ok: false, reason: "unreadable" };
  let otherPaper = false;
  const result = await readSheet(bytes, {
    // A sheet of another paper is refused; one whose QR cannot be read is read as this paper's
    // (the teacher uploaded it here), and a wrong guess shows as uncertain marks to check.
    layoutFor: (qr) => {
      if (qr && qr.paperCode !== code) {
        otherPaper = true;
        return null;
      }
      return layout;
    },
  });
  if (!result.ok) return { ok: false, reason: otherPaper ? "other-paper" : result.reason };
  if (otherPaper) return { ok: false, reason: "other-paper" };
  const uncertainRows = result.answers.filter((a) => a.uncertain);
  const [crops, rollCrop, image] = await Promise.all([
    Promise.all(uncertainRows.map((a) => cropRegion(bytes, result, { q: a.q }).catch(() => null))),
    cropRegion(bytes, result, { roll: true }).catch(() => null),
    sharp(bytes, { failOn: "none" }).rotate().resize({ width: KEPT_WIDTH, withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer(),
  ]);
  const cropOf = new Map(uncertainRows.map((a, i) => [a.q, crops[i]]));
  const roll = result.roll.value ?? result.roll.digits.map((d) => (d === null ? "?" : String(d))).join("");
  const oneSet = !layout.set;
  const confidences = result.answers.map((a) => a.confidence);
  return {
    ok: true,
    sheet: {
      roll,
      rollUncertain: result.roll.uncertain || result.roll.value === null,
      setIndex: oneSet ? 0 : result.set.value,
      setUncertain: oneSet ? false : result.set.uncertain || result.set.value === null,
      confidence: confidences.length ? Math.min(...confidences) : 1,
      image,
      rollCrop,
      originalName: name,
      answers: result.answers.map((a) => ({ question: a.q, marked: a.marked, confidence: a.confidence, uncertain: a.uncertain, crop: cropOf.get(a.q) ?? null })),
    },
  };
}
