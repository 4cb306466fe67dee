// The machine-readable OMR answer sheet's geometry, in millimetres on an A4 page (210 × 297, origin at
// the top-left corner, y down). One function decides where everything is, so the printed SVG
// (sheet-svg.server.ts), the reader (read.server.ts) and the test generator (scripts/omr/synth.ts)
// cannot disagree. Pure: no sharp, no DOM, so it runs in the browser bundle and in unit tests alike.
import { toBanglaDigits } from "../bangla-digits";

export const PAGE = { width: 210, height: 297 } as const;
/** Nothing is printed nearer the paper's edge than this: office printers cannot print the outer ~5 mm. */
export const PRINT_MARGIN = 8;
/** The answer bubbles' printed labels, one per option (the fifth only when a paper has five options). */
export const OPTION_LABELS = ["ক", "খ", "গ", "ঘ", "ঙ"] as const;
export const MAX_QUESTIONS = 100;
/** Most questions in one answer column. */
export const ROWS_PER_COLUMN = 25;

export type Point = { x: number; y: number };
/** A filled square: centre and side. */
export type Square = { cx: number; cy: number; size: number };
export type Rect = { x: number; y: number; w: number; h: number };
/** A printed bubble: centre, radius and the label printed inside it. */
export type Bubble = { cx: number; cy: number; r: number; label: string };
export type AnswerBubble = Bubble & { q: number; option: number };
export type RollBubble = Bubble & { digit: number; value: number };
export type SetBubble = Bubble & { index: number };
export type TextAt = { x: number; y: number; size: number; text: string; anchor: "start" | "middle" | "end" };

export type AnswerColumn = {
  /** Left edge of the column, mm. */
  x: number;
  width: number;
  /** Question numbers (1-based) in this column, top to bottom. */
  questions: number[];
};

export type Layout = {
  version: 1;
  page: { width: number; height: number };
  margin: number;
  questions: number;
  options: 4 | 5;
  rollDigits: number;
  sets: string[];
  bubbleRadius: number;
  /** The four fiducial squares, in the order top-left, top-right, bottom-right, bottom-left. */
  corners: [Square, Square, Square, Square];
  /** A smaller square beside the top-left fiducial only: it tells the sheet's 0/90/180/270° turn. */
  orientation: Square;
  /** The QR code's square (quiet zone included). */
  qr: Rect;
  title: TextAt;
  subtitle: TextAt;
  code: TextAt;
  roll: {
    label: TextAt;
    /** Boxes above the bubble columns where the roll is written by hand. */
    boxes: Rect[];
    /** One column per digit, top to bottom the values 0–9. */
    columns: { digit: number; cx: number; bubbles: RollBubble[] }[];
    /** The whole block, for crops. */
    area: Rect;
  };
  set: { label: TextAt; bubbles: SetBubble[]; area: Rect } | null;
  instructions: { title: TextAt; lines: TextAt[]; sample: { filled: Bubble; wrong: Bubble[] } };
  signature: { line: Rect; label: TextAt };
  answers: {
    top: number;
    rowPitch: number;
    optionPitch: number;
    columns: AnswerColumn[];
    /** Every bubble, ordered by question then option. */
    bubbles: AnswerBubble[];
    /** The printed question numbers (Bangla digits). */
    numbers: (TextAt & { q: number })[];
    /** A short bar at the left of each row: a timing track the reader can use to follow a curled page. */
    timing: (Rect & { q: number })[];
    /** Each question's row as printed (number, bubbles), for crops. */
    rows: (Rect & { q: number })[];
    /** The separator line above the answers. */
    rule: { x1: number; x2: number; y: number };
  };
};

export type LayoutInput = { questions: number; options?: 4 | 5 | number; rollDigits?: number; sets?: readonly string[] };

const R = 2.2; // bubble radius: a 4.4 mm circle, the size pupils know from board exam sheets
const ROW_PITCH = 6.6;
const OPTION_PITCH = 6.2;
const COLUMN_WIDTH = 41.5;
const CONTENT_LEFT = 22;
const CONTENT_RIGHT = 188;

/** The sheet for a paper of `questions` MCQs (1–100) with 4 or 5 options, a roll of `rollDigits` digits and the given set names. */
export function omrLayout(input: LayoutInput): Layout {
  const questions = Math.trunc(input.questions);
  if (!(questions >= 1 && questions <= MAX_QUESTIONS)) throw new RangeError(`questions must be 1–${MAX_QUESTIONS}`);
  const options = input.options ?? 4;
  if (options !== 4 && options !== 5) throw new RangeError("options must be 4 or 5");
  const rollDigits = input.rollDigits ?? 6;
  if (!(Number.isInteger(rollDigits) && rollDigits >= 1 && rollDigits <= 8)) throw new RangeError("rollDigits must be 1–8");
  const sets = [...(input.sets ?? [])];
  if (sets.length > 6) throw new RangeError("at most 6 sets");

  const mark = 7;
  const inset = 16; // fiducial centres 16 mm from each edge: 12.5 mm of paper outside them
  const corners: Layout["corners"] = [
    { cx: inset, cy: inset, size: mark },
    { cx: PAGE.width - inset, cy: inset, size: mark },
    { cx: PAGE.width - inset, cy: PAGE.height - inset, size: mark },
    { cx: inset, cy: PAGE.height - inset, size: mark },
  ];
  const orientation: Square = { cx: 27, cy: inset, size: 4 };

  const text = (x: number, y: number, size: number, t: string, anchor: TextAt["anchor"] = "start"): TextAt => ({ x, y, size, text: t, anchor });

  // Header band: title and subtitle between the top fiducials.
  const title = text(PAGE.width / 2, 18.5, 5, "", "middle");
  const subtitle = text(PAGE.width / 2, 25.5, 3.4, "", "middle");

  // Roll block (left).
  const top = 33;
  const rollX = CONTENT_LEFT;
  const colPitch = 6.5;
  const rollLabel = text(rollX, top + 2.5, 3.4, "রোল নম্বর");
  const boxes: Rect[] = [];
  const columns: Layout["roll"]["columns"] = [];
  const rollBubbleTop = top + 13.5;
  const rollRowPitch = 5.6;
  for (let d = 0; d < rollDigits; d++) {
    const cx = rollX + 3 + d * colPitch;
    boxes.push({ x: cx - 3, y: top + 4.5, w: 6, h: 6 });
    const bubbles: RollBubble[] = [];
    for (let v = 0; v < 10; v++) {
      bubbles.push({ cx, cy: rollBubbleTop + v * rollRowPitch, r: R, label: toBanglaDigits(v), digit: d, value: v });
    }
    columns.push({ digit: d, cx, bubbles });
  }
  const rollRight = rollX + rollDigits * colPitch;
  const rollArea: Rect = { x: rollX - 1, y: top, w: rollRight - rollX + 2, h: rollBubbleTop + 9 * rollRowPitch + R + 1 - top };

  // Set block: a column of bubbles right of the roll.
  let set: Layout["set"] = null;
  let nextX = rollRight + 6;
  if (sets.length > 0) {
    const cx = nextX + 4;
    const bubbles: SetBubble[] = sets.map((label, index) => ({ cx, cy: rollBubbleTop + index * 7, r: R, label, index }));
    set = {
      label: text(cx, top + 2.5, 3.4, "সেট", "middle"),
      bubbles,
      area: { x: cx - 5, y: top, w: 10, h: rollBubbleTop + (sets.length - 1) * 7 + R + 1 - top },
    };
    nextX = cx + 10;
  }

  // QR (right) and the paper's code under it.
  const qrSize = 28;
  const qr: Rect = { x: CONTENT_RIGHT - qrSize + 2, y: top - 1, w: qrSize, h: qrSize };
  const code = text(qr.x + qrSize / 2, qr.y + qrSize + 4, 3, "", "middle");

  // Instructions between the set block and the QR.
  const instX = Math.max(nextX, 86);
  const instLines = [
    "কালো বলপয়েন্ট কলমে বৃত্ত সম্পূর্ণ ভরাট করুন।",
    "প্রতি প্রশ্নে একটি মাত্র বৃত্ত ভরাট করুন।",
    "রোল নম্বর ঘরে লিখে নিচের বৃত্ত ভরাট করুন।",
    "শিট ভাঁজ করবেন না, দাগ দেবেন না।",
  ];
  const instructions: Layout["instructions"] = {
    title: text(instX, top + 2.5, 3.4, "নির্দেশনা"),
    lines: instLines.map((l, i) => text(instX, top + 8.5 + i * 5.2, 2.8, l)),
    sample: {
      filled: { cx: instX + 3, cy: top + 32, r: R, label: "" },
      wrong: [0, 1, 2].map((i) => ({ cx: instX + 24 + i * 7, cy: top + 32, r: R, label: "" })),
    },
  };
  const signature = {
    line: { x: instX, y: top + 58, w: CONTENT_RIGHT - instX, h: 0 },
    label: text(instX, top + 62, 2.8, "পরীক্ষার্থীর স্বাক্ষর"),
  };

  // Answers: up to four columns of at most 25 rows, centred.
  const colCount = Math.ceil(questions / ROWS_PER_COLUMN);
  const perColumn = Math.ceil(questions / colCount);
  const totalWidth = colCount * COLUMN_WIDTH;
  const left = CONTENT_LEFT + (CONTENT_RIGHT - CONTENT_LEFT - totalWidth) / 2;
  const answersTop = 110;
  const answerColumns: AnswerColumn[] = [];
  const bubbles: AnswerBubble[] = [];
  const numbers: Layout["answers"]["numbers"] = [];
  const timing: Layout["answers"]["timing"] = [];
  const rows: Layout["answers"]["rows"] = [];
  for (let c = 0; c < colCount; c++) {
    const x = left + c * COLUMN_WIDTH;
    const qs: number[] = [];
    for (let i = 0; i < perColumn; i++) {
      const q = c * perColumn + i + 1;
      if (q > questions) break;
      qs.push(q);
      const cy = answersTop + i * ROW_PITCH;
      timing.push({ q, x: x + 0.5, y: cy - 0.7, w: 2.5, h: 1.4 });
      numbers.push({ ...text(x + 9.8, cy + 1.1, 3.1, toBanglaDigits(q), "end"), q });
      for (let o = 0; o < options; o++) {
        bubbles.push({ q, option: o, cx: x + 13.5 + o * OPTION_PITCH, cy, r: R, label: OPTION_LABELS[o] });
      }
      rows.push({ q, x: x + 3.5, y: cy - ROW_PITCH / 2, w: 13.5 + (options - 1) * OPTION_PITCH + R + 1.5 - 3.5, h: ROW_PITCH });
    }
    answerColumns.push({ x, width: COLUMN_WIDTH, questions: qs });
  }

  return {
    version: 1,
    page: { width: PAGE.width, height: PAGE.height },
    margin: PRINT_MARGIN,
    questions,
    options,
    rollDigits,
    sets,
    bubbleRadius: R,
    corners,
    orientation,
    qr,
    title,
    subtitle,
    code,
    roll: { label: rollLabel, boxes, columns, area: rollArea },
    set,
    instructions,
    signature,
    answers: {
      top: answersTop,
      rowPitch: ROW_PITCH,
      optionPitch: OPTION_PITCH,
      columns: answerColumns,
      bubbles,
      numbers,
      timing,
      rows,
      rule: { x1: CONTENT_LEFT, x2: CONTENT_RIGHT, y: answersTop - 6 },
    },
  };
}

/** Every bubble the reader samples: roll, set and answers. */
export function allBubbles(layout: Layout): Bubble[] {
  return [...layout.roll.columns.flatMap((c) => c.bubbles), ...(layout.set?.bubbles ?? []), ...layout.answers.bubbles];
}

// ---------------------------------------------------------------------------------------------------
// The QR: which paper, which set and which page the photographed sheet belongs to. Compact, so a
// version-2 QR (25 modules) holds it and each module stays large in a phone photo.

export type QrData = { paperCode: string; set: number | null; page: number };

const QR_PREFIX = "GRBD1";

/** `GRBD1|<paper code>|<set index or ->|<page>`; the code is letters, digits, `-` or `_` (at most 24). */
export function qrPayload({ paperCode, set, page = 1 }: { paperCode: string; set: number | null; page?: number }): string {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(paperCode)) throw new RangeError("paperCode: 1–24 letters, digits, - or _");
  if (set !== null && !(Number.isInteger(set) && set >= 0 && set <= 9)) throw new RangeError("set: 0–9 or null");
  if (!(Number.isInteger(page) && page >= 1 && page <= 99)) throw new RangeError("page: 1–99");
  return `${QR_PREFIX}|${paperCode}|${set === null ? "-" : set}|${page}`;
}

/** The inverse of qrPayload; null for anything else (another QR in the photo, a damaged read). */
export function parseQrPayload(text: string): QrData | null {
  const m = /^GRBD1\|([A-Za-z0-9_-]{1,24})\|(-|[0-9])\|([1-9][0-9]?)$/.exec(text.trim());
  if (!m) return null;
  return { paperCode: m[1], set: m[2] === "-" ? null : Number(m[2]), page: Number(m[3]) };
}
