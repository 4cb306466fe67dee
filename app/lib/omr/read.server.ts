// Reads a photographed (or scanned) OMR sheet: finds the four fiducial squares, works out the page's
// turn from the orientation square, maps sheet millimetres to photo pixels with a homography (which
// undoes any perspective), reads the QR, and measures every bubble's darkness against the paper
// around it, so uneven light and shadow cancel out. Each bubble gets a confidence; anything between
// clearly blank and clearly filled (an erased mark, a cross, a light half fill) is flagged for the
// teacher rather than silently counted. sharp decodes, turns and scales the photo; jsQR reads the QR.
import jsQR from "jsqr";
import sharp from "sharp";
import { apply, homographyFrom, sampleGrey, scaleOutput, warp, type Homography } from "./homography";
import { omrLayout, parseQrPayload, type Bubble, type Layout, type Point, type QrData, type Rect } from "./layout";

/**
 * Fills (darkness of a bubble's inside in units of the fiducials' darkness) are judged against the
 * sheet's own full mark M (the median of the darkest bubble of every row that has a clear mark):
 * a pencil fill is about half as dark as a ballpoint one. A bubble is marked at or above
 * markedAt = clamp(0.55·M, 0.3, 0.45), blank at or below BLANK_AT, uncertain between.
 */
export const BLANK_AT = 0.16;
const MARKED_MIN = 0.3;
const MARKED_MAX = 0.45;

export type Thresholds = { markedAt: number; blankAt: number; fullMark: number };

export function thresholdsFor(groups: number[][]): Thresholds {
  const tops = groups.map((g) => Math.max(0, ...g)).filter((v) => v >= 0.35);
  const fullMark = tops.length ? percentile(tops, 0.5) : 0.8;
  const markedAt = Math.min(MARKED_MAX, Math.max(MARKED_MIN, 0.55 * fullMark));
  return { markedAt, blankAt: BLANK_AT, fullMark };
}

export type BubbleRead = { fill: number; confidence: number; uncertain: boolean };

export type AnswerRead = {
  /** Question number as printed, 1-based. */
  q: number;
  /** Options read as marked, 0-based (0 = ক). */
  marked: number[];
  status: "blank" | "single" | "multiple";
  confidence: number;
  uncertain: boolean;
  /** Darkness per option, 0 (paper) … 1 (as dark as the printed fiducials). */
  fill: number[];
};

export type ReadOk = {
  ok: true;
  qr: QrData | null;
  layout: Layout;
  /** value: index into layout.sets (from the QR on a sheet printed for one set); marked: the set bubbles read as filled. */
  set: { value: number | null; confidence: number; uncertain: boolean; marked: number[]; fill: number[] };
  /** digits: null where a column has no single clear mark; value: the roll when every digit is read. */
  roll: {
    digits: (number | null)[];
    value: string | null;
    confidence: number;
    uncertain: boolean;
    columns: { marked: number[]; uncertain: boolean }[];
    fill: number[][];
  };
  answers: AnswerRead[];
  quality: {
    /** Pixels per millimetre of the sheet in the photo (below ~3 the photo is too far away). */
    pxPerMm: number;
    /** How dark the printed fiducials came out against the paper (1 = black on white). */
    contrast: number;
    /** Darkest over brightest paper level around the bubbles: 1 = even light, 0.5 = half in shadow. */
    evenness: number;
    /** The page's turn in the photo: 0, 90, 180 or 270. */
    rotation: number;
    /** How far the fiducials moved when fitted at full resolution, mm. */
    fitErrorMm: number;
    /** The most a timing bar sat away from where a flat page would put it, mm: how bent the page is. */
    bendMm: number;
    uncertainCount: number;
    /** The fill at or above which this sheet's bubbles count as marked (lower for pencil). */
    markedAt: number;
  };
  /** Sheet mm → pixels of the photo as stored, after its EXIF turn (what cropRegion uses). */
  transform: { mmToPx: Homography; width: number; height: number };
};

export type ReadFail = { ok: false; reason: "unreadable" | "no-sheet" | "too-small" | "no-qr" | "unknown-paper"; message: string };
export type ReadResult = ReadOk | ReadFail;

export type ReadOptions = {
  /** The layout for the QR read from the sheet; called with null when the QR cannot be read. */
  layoutFor: (qr: QrData | null) => Layout | null;
  /** Used when the QR cannot be read and layoutFor(null) gives nothing (the teacher said which paper the photos are of). */
  expectedLayout?: Layout;
};

const MESSAGES: Record<ReadFail["reason"], string> = {
  unreadable: "ছবিটি খোলা যায়নি। JPEG বা PNG ছবি দিন।",
  "no-sheet": "ছবিতে OMR শিটের চার কোণের কালো চিহ্ন পাওয়া যায়নি। পুরো শিট ফ্রেমের ভেতরে রেখে উপর থেকে আবার ছবি তুলুন।",
  "too-small": "ছবিতে শিটটি খুব ছোট এসেছে। শিটের কাছে গিয়ে, পুরো শিট ফ্রেমে রেখে আবার ছবি তুলুন।",
  "no-qr": "শিটের QR কোড পড়া যায়নি। QR কোডে ছায়া বা ভাঁজ না রেখে আবার ছবি তুলুন।",
  "unknown-paper": "শিটের QR কোড এই প্রশ্নপত্রের সঙ্গে মেলে না। সঠিক প্রশ্নপত্রের শিট দিন।",
};

const fail = (reason: ReadFail["reason"]): ReadFail => ({ ok: false, reason, message: MESSAGES[reason] });

/** The fiducials, orientation square and QR box are the same on every layout. */
const FRAME = omrLayout({ questions: 1 });
/** The working image's long side: enough for a 4.4 mm bubble to span ~20 px. */
const WORK_LONG_SIDE = 1600;

type Grey = { data: Uint8Array; width: number; height: number };

// ---------------------------------------------------------------------------------------------------
// Finding the fiducials.

type Blob = { count: number; cx: number; cy: number; minX: number; maxX: number; minY: number; maxY: number };

function halve(img: Grey): Grey {
  const width = img.width >> 1;
  const height = img.height >> 1;
  const data = new Uint8Array(width * height);
  const s = img.data;
  const w = img.width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * w + 2 * x;
      data[y * width + x] = (s[i] + s[i + 1] + s[i + w] + s[i + w + 1] + 2) >> 2;
    }
  }
  return { data, width, height };
}

/** Dark blobs under an adaptive threshold (darker than 70% of the local mean): light-independent. */
function darkBlobs(img: Grey): Blob[] {
  const { data, width: W, height: H } = img;
  const integral = new Float64Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += data[y * W + x];
      integral[(y + 1) * (W + 1) + x + 1] = integral[y * (W + 1) + x + 1] + row;
    }
  }
  const half = Math.max(8, Math.round(Math.max(W, H) / 32));
  const dark = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(H, y + half + 1);
    for (let x = 0; x < W; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(W, x + half + 1);
      const sum = integral[y1 * (W + 1) + x1] - integral[y0 * (W + 1) + x1] - integral[y1 * (W + 1) + x0] + integral[y0 * (W + 1) + x0];
      const mean = sum / ((y1 - y0) * (x1 - x0));
      if (data[y * W + x] < mean * 0.7) dark[y * W + x] = 1;
    }
  }
  const blobs: Blob[] = [];
  const stack = new Int32Array(W * H);
  for (let start = 0; start < W * H; start++) {
    if (dark[start] !== 1) continue;
    let sp = 0;
    stack[sp++] = start;
    dark[start] = 2;
    const b: Blob = { count: 0, cx: 0, cy: 0, minX: W, maxX: 0, minY: H, maxY: 0 };
    let touches = false;
    while (sp > 0) {
      const p = stack[--sp];
      const x = p % W;
      const y = (p - x) / W;
      b.count++;
      b.cx += x;
      b.cy += y;
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y < b.minY) b.minY = y;
      if (y > b.maxY) b.maxY = y;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) touches = true;
      if (x > 0 && dark[p - 1] === 1) {
        dark[p - 1] = 2;
        stack[sp++] = p - 1;
      }
      if (x < W - 1 && dark[p + 1] === 1) {
        dark[p + 1] = 2;
        stack[sp++] = p + 1;
      }
      if (y > 0 && dark[p - W] === 1) {
        dark[p - W] = 2;
        stack[sp++] = p - W;
      }
      if (y < H - 1 && dark[p + W] === 1) {
        dark[p + W] = 2;
        stack[sp++] = p + W;
      }
    }
    if (touches || b.count < 12) continue;
    const w = b.maxX - b.minX + 1;
    const h = b.maxY - b.minY + 1;
    if (w < 3 || h < 3 || w > 2.2 * h || h > 2.2 * w) continue;
    if (b.count / (w * h) < 0.6) continue;
    b.cx /= b.count;
    b.cy /= b.count;
    blobs.push(b);
  }
  return blobs;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

function hull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const lower: Point[] = [];
  for (const pt of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], pt) <= 0) lower.pop();
    lower.push(pt);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p[i]) <= 0) upper.pop();
    upper.push(p[i]);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function polygonArea(p: Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const j = (i + 1) % p.length;
    a += p[i].x * p[j].y - p[j].x * p[i].y;
  }
  return Math.abs(a) / 2;
}

/** Candidate quadrilaterals of four similar blobs, largest first (the fiducials enclose everything else). */
function candidateQuads(blobs: Blob[]): (Point & { count: number })[][] {
  const sorted = [...blobs].sort((a, b) => b.count - a.count);
  const quads: { area: number; q: (Point & { count: number })[] }[] = [];
  const seen = new Set<string>();
  for (const seed of sorted.slice(0, 40)) {
    // A steep view makes the near fiducials several times the size of the far ones.
    const group = sorted.filter((b) => b.count >= seed.count * 0.3 && b.count <= seed.count * 3.3);
    if (group.length < 4) continue;
    const h = hull(group.map((b) => ({ x: b.cx, y: b.cy, count: b.count }) as Point & { count: number })) as (Point & { count: number })[];
    if (h.length < 4) continue;
    const pts = h.length > 14 ? h.filter((_, i) => i % Math.ceil(h.length / 14) === 0) : h;
    let best: { area: number; q: (Point & { count: number })[] } | null = null;
    for (let a = 0; a < pts.length; a++)
      for (let b = a + 1; b < pts.length; b++)
        for (let c = b + 1; c < pts.length; c++)
          for (let d = c + 1; d < pts.length; d++) {
            const q = [pts[a], pts[b], pts[c], pts[d]];
            const area = polygonArea(q);
            if (!best || area > best.area) best = { area, q };
          }
    if (!best) continue;
    const counts = best.q.map((p) => p.count);
    if (Math.max(...counts) > 5 * Math.min(...counts)) continue;
    const key = best.q.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(";");
    if (seen.has(key)) continue;
    seen.add(key);
    quads.push(best);
  }
  return quads.sort((a, b) => b.area - a.area).map((x) => x.q);
}

/** Mean grey of the points of a mm rectangle (stepping `step` mm) through h. */
function meanRect(img: Grey, h: Homography, r: Rect, step: number): number {
  let sum = 0;
  let n = 0;
  for (let y = r.y + step / 2; y < r.y + r.h; y += step) {
    for (let x = r.x + step / 2; x < r.x + r.w; x += step) {
      const p = apply(h, x, y);
      sum += sampleGrey(img.data, img.width, img.height, p.x, p.y);
      n++;
    }
  }
  return n ? sum / n : 255;
}

/** How much darker the square is than a frame of paper around it (0 = same, 1 = black on white). */
function squareContrast(img: Grey, h: Homography, cx: number, cy: number, size: number): number {
  const inner = meanRect(img, h, { x: cx - size * 0.3, y: cy - size * 0.3, w: size * 0.6, h: size * 0.6 }, size / 10);
  const s = size * 0.75;
  const g = size * 0.35;
  const frame = [
    meanRect(img, h, { x: cx - s - g, y: cy - s - g, w: 2 * (s + g), h: g }, size / 10),
    meanRect(img, h, { x: cx - s - g, y: cy + s, w: 2 * (s + g), h: g }, size / 10),
    meanRect(img, h, { x: cx - s - g, y: cy - s, w: g, h: 2 * s }, size / 10),
    meanRect(img, h, { x: cx + s, y: cy - s, w: g, h: 2 * s }, size / 10),
  ].sort((a, b) => b - a);
  // The brighter sides: the orientation square's one side faces the corner fiducial.
  const white = (frame[0] + frame[1]) / 2;
  return white <= 0 ? 0 : Math.max(0, 1 - inner / white);
}

/** For a quad in the image, the corner assignment whose orientation square is dark; null if none is clear. */
function orient(img: Grey, quad: Point[]): { h: Homography; rotation: number } | null {
  const c = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  // Clockwise on screen (y down): increasing atan2.
  const ordered = [...quad].sort((a, b) => Math.atan2(a.y - c.y, a.x - c.x) - Math.atan2(b.y - c.y, b.x - c.x));
  const sheet = FRAME.corners.map((s) => ({ x: s.cx, y: s.cy }));
  const o = FRAME.orientation;
  let best: { h: Homography; contrast: number; shift: number } | null = null;
  let second = 0;
  for (let shift = 0; shift < 4; shift++) {
    const to = [0, 1, 2, 3].map((i) => ordered[(i + shift) % 4]);
    let h: Homography;
    try {
      h = homographyFrom(sheet, to);
    } catch {
      continue;
    }
    const contrast = squareContrast(img, h, o.cx, o.cy, o.size);
    if (!best || contrast > best.contrast) {
      second = best?.contrast ?? 0;
      best = { h, contrast, shift };
    } else if (contrast > second) second = contrast;
  }
  if (!best || best.contrast < 0.3 || best.contrast - second < 0.2) return null;
  // Which image direction the sheet's top faces: the angle of its top edge.
  const tl = apply(best.h, 0, 0);
  const tr = apply(best.h, 210, 0);
  const angle = (Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI;
  const rotation = ((Math.round(angle / 90) * 90) % 360 + 360) % 360;
  return { h: best.h, rotation };
}

/** Moves each fiducial's centre to the centroid of its dark pixels at full working resolution. */
function refineCorners(img: Grey, h: Homography): { h: Homography; errorMm: number } {
  const sheet = FRAME.corners.map((s) => ({ x: s.cx, y: s.cy }));
  const found: Point[] = [];
  for (const s of FRAME.corners) {
    // A window of 1.8 × the square in mm, sampled through the current fit.
    const step = 0.2;
    const half = s.size * 0.9;
    const pts: { x: number; y: number; v: number }[] = [];
    for (let y = -half; y <= half; y += step) {
      for (let x = -half; x <= half; x += step) {
        const p = apply(h, s.cx + x, s.cy + y);
        pts.push({ x: p.x, y: p.y, v: sampleGrey(img.data, img.width, img.height, p.x, p.y) });
      }
    }
    const vs = pts.map((p) => p.v).sort((a, b) => a - b);
    const thr = (vs[Math.floor(vs.length * 0.05)] + vs[Math.floor(vs.length * 0.95)]) / 2;
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (const p of pts) {
      if (p.v >= thr) continue;
      sx += p.x;
      sy += p.y;
      n++;
    }
    found.push(n > 0 ? { x: sx / n, y: sy / n } : apply(h, s.cx, s.cy));
  }
  const refined = homographyFrom(sheet, found);
  // With four points the fit is exact; the error is how far the refinement moved them, in mm.
  const pxPerMm = Math.hypot(found[1].x - found[0].x, found[1].y - found[0].y) / (FRAME.corners[1].cx - FRAME.corners[0].cx);
  const moved = FRAME.corners.map((s, i) => {
    const p = apply(h, s.cx, s.cy);
    return Math.hypot(p.x - found[i].x, p.y - found[i].y) / pxPerMm;
  });
  return { h: refined, errorMm: Math.max(...moved) };
}

// ---------------------------------------------------------------------------------------------------
// Measuring bubbles.

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))];
}

/**
 * The bubble's fill, and the most of it found when looking 0.9 mm (1.6 mm along the row) aside: a
 * mark found only off-centre means the sheet is not where the fit puts it, and its row is flagged.
 */
function bubbleFillAround(img: Grey, h: Homography, b: Bubble, ink: number): { fill: number; shifted: number; white: number } {
  const centre = bubbleFill(img, h, b, ink);
  let shifted = centre.fill;
  if (centre.fill < MARKED_MAX) {
    // Farther along the row than across it: between timing bars a bend is estimated, not measured.
    for (const [x, y] of [[0.9, 0], [-0.9, 0], [0, 0.9], [0, -0.9], [1.6, 0], [-1.6, 0]]) {
      shifted = Math.max(shifted, bubbleFill(img, h, { ...b, cx: b.cx + x, cy: b.cy + y }, ink).fill);
    }
  }
  return { ...centre, shifted };
}

/** The bubble's inside, darkness against the paper ring around it, in units of the fiducials' darkness. */
function bubbleFill(img: Grey, h: Homography, b: Bubble, ink: number): { fill: number; white: number } {
  const inner = b.r * 0.68;
  const step = inner / 5;
  let sum = 0;
  let n = 0;
  for (let y = -inner; y <= inner + 1e-9; y += step) {
    for (let x = -inner; x <= inner + 1e-9; x += step) {
      if (x * x + y * y > inner * inner) continue;
      const p = apply(h, b.cx + x, b.cy + y);
      sum += sampleGrey(img.data, img.width, img.height, p.x, p.y);
      n++;
    }
  }
  const ring: number[] = [];
  for (const rr of [b.r * 1.25, b.r * 1.42]) {
    for (let k = 0; k < 16; k++) {
      const a = (k / 16) * Math.PI * 2;
      const p = apply(h, b.cx + Math.cos(a) * rr, b.cy + Math.sin(a) * rr);
      ring.push(sampleGrey(img.data, img.width, img.height, p.x, p.y));
    }
  }
  const white = percentile(ring, 0.75);
  const d = white > 0 ? 1 - sum / n / white : 0;
  return { fill: Math.max(0, d / ink), white };
}

/** A bubble's confidence: 0.5 at the edges of the uncertain band, 1 at a band's width beyond them, 0 in its middle. */
function bubbleRead(fill: number, t: Thresholds): BubbleRead {
  const mid = (t.markedAt + t.blankAt) / 2;
  const halfBand = (t.markedAt - t.blankAt) / 2;
  const confidence = Math.min(1, Math.abs(fill - mid) / (2 * halfBand));
  return { fill, confidence, uncertain: fill > t.blankAt && fill < t.markedAt };
}

/** One group of bubbles of which a pupil should mark at most one (a question, a roll digit, the set). */
function readGroup(fills: number[], t: Thresholds, shifted: number[] = fills): { marked: number[]; confidence: number; uncertain: boolean } {
  const reads = fills.map((f, i) => {
    const r = bubbleRead(f, t);
    // Clear off-centre, not at the centre: misplaced reading, not a blank.
    if (f < t.markedAt && shifted[i] >= t.markedAt) return { ...r, confidence: 0, uncertain: true };
    return r;
  });
  const marked = reads.flatMap((r, i) => (r.fill >= t.markedAt ? [i] : []));
  let confidence = Math.min(...reads.map((r) => r.confidence));
  let uncertain = reads.some((r) => r.uncertain);
  if (marked.length > 1) {
    // Two marks of very different darkness: likely one rubbed out, not a double answer.
    const ds = marked.map((i) => fills[i]);
    if (Math.min(...ds) < 0.6 * Math.max(...ds)) {
      uncertain = true;
      confidence = Math.min(confidence, 0.4);
    }
  }
  if (uncertain) confidence = Math.min(confidence, 0.49);
  return { marked, confidence: Math.round(confidence * 1000) / 1000, uncertain };
}

// ---------------------------------------------------------------------------------------------------
// Following a bent page: the timing bar at the left of every answer row is found where it really is,
// and each bubble moves with the bars (and fiducials) nearest to it.

type Anchor = { x: number; y: number; dx: number; dy: number };

/** Where a solid bar really is, as an offset in mm from where the fit puts it (searched around `guess`); null when not clearly found. */
function locateBar(img: Grey, h: Homography, bar: Rect, ink: number, guess: { dx: number; dy: number }): { dx: number; dy: number } | null {
  const cx = bar.x + bar.w / 2 + guess.dx;
  const cy = bar.y + bar.h / 2 + guess.dy;
  const rx = bar.w / 2 + 1.4;
  const ry = bar.h / 2 + 1.8;
  const step = 0.2;
  const pts: { x: number; y: number; v: number }[] = [];
  for (let y = -ry; y <= ry; y += step) {
    for (let x = -rx; x <= rx; x += step) {
      const p = apply(h, cx + x, cy + y);
      pts.push({ x, y, v: sampleGrey(img.data, img.width, img.height, p.x, p.y) });
    }
  }
  const white = percentile(pts.map((p) => p.v), 0.9);
  const cut = white * (1 - 0.5 * ink);
  let sx = 0;
  let sy = 0;
  let sw = 0;
  let n = 0;
  for (const p of pts) {
    if (p.v >= cut) continue;
    const w = white - p.v;
    sx += p.x * w;
    sy += p.y * w;
    sw += w;
    n++;
  }
  const area = n * step * step;
  if (sw === 0 || area < 0.4 * bar.w * bar.h || area > 2.2 * bar.w * bar.h) return null;
  return { dx: guess.dx + sx / sw, dy: guess.dy + sy / sw };
}

/**
 * Offsets of the answer rows' timing bars; the fiducials are fixed points. Each column is followed
 * from the top, each bar searched where the one above it was found, so a page bent by several mm is
 * still followed; a median of three down the column keeps a tick drawn over one bar from dragging its row.
 */
function anchorsFor(img: Grey, h: Homography, layout: Layout, ink: number): Anchor[] {
  const anchors: Anchor[] = FRAME.corners.map((c) => ({ x: c.cx, y: c.cy, dx: 0, dy: 0 }));
  const byQ = new Map(layout.answers.timing.map((t) => [t.q, t]));
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const column of layout.answers.columns) {
    let guess = { dx: 0, dy: 0 };
    const found = column.questions.map((q) => {
      const bar = byQ.get(q)!;
      const off = locateBar(img, h, bar, ink, guess);
      if (off && Math.hypot(off.dx - guess.dx, off.dy - guess.dy) < 1.2) guess = off;
      return { bar, off };
    });
    found.forEach(({ bar }, i) => {
      const near = found.slice(Math.max(0, i - 1), i + 2).flatMap((f) => (f.off ? [f.off] : []));
      if (near.length === 0) return;
      anchors.push({ x: bar.x + bar.w / 2, y: bar.y + bar.h / 2, dx: mid(near.map((o) => o.dx)), dy: mid(near.map((o) => o.dy)) });
    });
  }
  return anchors;
}

/** The offset at a point: inverse-distance weighting of the nearest anchors. */
function offsetAt(anchors: Anchor[], x: number, y: number): { dx: number; dy: number } {
  if (anchors.length <= 4) return { dx: 0, dy: 0 };
  const near = anchors.map((a) => ({ a, d2: (a.x - x) ** 2 + (a.y - y) ** 2 })).sort((p, q) => p.d2 - q.d2).slice(0, 6);
  let dx = 0;
  let dy = 0;
  let sw = 0;
  for (const { a, d2 } of near) {
    const w = 1 / (d2 + 1);
    dx += a.dx * w;
    dy += a.dy * w;
    sw += w;
  }
  return { dx: dx / sw, dy: dy / sw };
}

// ---------------------------------------------------------------------------------------------------
// The QR.

function readQr(img: Grey, h: Homography, pxPerMm = 8, sharpen = 0): QrData | null {
  const q = FRAME.qr;
  const size = Math.round(q.w * pxPerMm);
  // Output pixel → mm → image pixel.
  const toMm: Homography = [1 / pxPerMm, 0, q.x, 0, 1 / pxPerMm, q.y, 0, 0, 1];
  const m = multiply(h, toMm);
  let grey: Uint8Array | Float32Array = warp(img.data, img.width, img.height, 1, m, size, size, [255]);
  if (sharpen > 0) {
    // Unsharp mask over about one module: a blurred photo's modules get their edges back.
    const r = Math.max(1, Math.round(pxPerMm * 0.6));
    const out = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -r; dy <= r; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= size) continue;
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= size) continue;
            sum += grey[yy * size + xx];
            n++;
          }
        }
        const v = grey[y * size + x];
        out[y * size + x] = v + sharpen * (v - sum / n);
      }
    }
    grey = out;
  }
  // Stretch to full range: jsQR binarises on its own, but a dim shadowed QR reads better stretched.
  let lo = 255;
  let hi = 0;
  for (const v of grey) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = Math.max(1, hi - lo);
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < grey.length; i++) {
    const v = ((grey[i] - lo) * 255) / span;
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  const code = jsQR(rgba, size, size, { inversionAttempts: "dontInvert" });
  return code ? parseQrPayload(code.data) : null;
}

/** The QR at a few scales, sharpened or not: a small or blurred QR reads at one of them. */
function readQrHard(img: Grey, h: Homography): QrData | null {
  for (const [ppm, sharpen] of [[8, 1.5], [6, 1.5], [12, 2], [5, 0], [10, 0]]) {
    const qr = readQr(img, h, ppm, sharpen);
    if (qr) return qr;
  }
  return null;
}

/** The QR again from the photo at its own resolution: a blurred QR's modules survive better unscaled. */
async function readQrFullSize(image: Buffer, mmToPx: Homography, size: { width: number; height: number }): Promise<QrData | null> {
  const q = FRAME.qr;
  const corners = [apply(mmToPx, q.x, q.y), apply(mmToPx, q.x + q.w, q.y), apply(mmToPx, q.x + q.w, q.y + q.h), apply(mmToPx, q.x, q.y + q.h)];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))) - 4);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))) - 4);
  const right = Math.min(size.width, Math.ceil(Math.max(...corners.map((p) => p.x))) + 4);
  const bottom = Math.min(size.height, Math.ceil(Math.max(...corners.map((p) => p.y))) + 4);
  if (right - left < 16 || bottom - top < 16) return null;
  try {
    const { data, info } = await sharp(image, { failOn: "none" })
      .rotate()
      .extract({ left, top, width: right - left, height: bottom - top })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    const h = multiply([1, 0, -left, 0, 1, -top, 0, 0, 1], mmToPx);
    return readQr(img, h, 10) ?? readQrHard(img, h);
  } catch {
    return null;
  }
}

function multiply(a: Homography, b: Homography): Homography {
  const r: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) r.push(a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j]);
  return r.map((v) => v / r[8]);
}

// ---------------------------------------------------------------------------------------------------

async function decode(image: Buffer): Promise<{ work: Grey; scale: number; width: number; height: number } | null> {
  try {
    const meta = await sharp(image, { failOn: "none" }).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const { data, info } = await sharp(image, { failOn: "none" })
      .rotate()
      .greyscale()
      .resize({ width: WORK_LONG_SIDE, height: WORK_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { work: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }, scale: width / info.width, width, height };
  } catch {
    return null;
  }
}

export async function readSheet(image: Buffer, options: ReadOptions): Promise<ReadResult> {
  const decoded = await decode(image);
  if (!decoded) return fail("unreadable");
  const { work } = decoded;

  // Find the fiducials on a smaller copy, then fit on the working image.
  let detect = work;
  let factor = 1;
  while (Math.max(detect.width, detect.height) > 1000) {
    detect = halve(detect);
    factor *= 2;
  }
  const quads = candidateQuads(darkBlobs(detect));
  // A quad is the sheet when its orientation square is clear and, refitted at full resolution, its
  // four fiducials are dark squares where it put them (a wrong pick moves by many mm or finds paper).
  let found: { h: Homography; rotation: number; errorMm: number } | null = null;
  for (const quad of quads.slice(0, 8)) {
    const o = orient(detect, quad);
    if (!o) continue;
    const refit = refineCorners(work, scaleOutput(o.h, factor));
    if (refit.errorMm > 2.5) continue;
    const contrasts = FRAME.corners.map((c) => squareContrast(work, refit.h, c.cx, c.cy, c.size));
    if (Math.min(...contrasts) < 0.4) continue;
    found = { h: refit.h, rotation: o.rotation, errorMm: refit.errorMm };
    break;
  }
  if (!found) return fail("no-sheet");
  const { h, errorMm } = found;
  const p0 = apply(h, FRAME.corners[0].cx, FRAME.corners[0].cy);
  const p2 = apply(h, FRAME.corners[2].cx, FRAME.corners[2].cy);
  const pxPerMm = Math.hypot(p2.x - p0.x, p2.y - p0.y) / Math.hypot(FRAME.corners[2].cx - FRAME.corners[0].cx, FRAME.corners[2].cy - FRAME.corners[0].cy);
  if (pxPerMm < 2.2) return fail("too-small");

  let qr = readQr(work, h);
  if (!qr && decoded.scale > 1.2) qr = await readQrFullSize(image, scaleOutput(h, decoded.scale), decoded);
  if (!qr && decoded.scale <= 1.2) qr = readQrHard(work, h);
  // A QR that names another paper is never read with the expected layout: its bubbles are elsewhere.
  const layout = qr ? options.layoutFor(qr) : (options.layoutFor(null) ?? options.expectedLayout ?? null);
  if (!layout) return fail(qr ? "unknown-paper" : "no-qr");

  const inks = FRAME.corners.map((c) => squareContrast(work, h, c.cx, c.cy, c.size)).sort((a, b) => a - b);
  const ink = Math.max(0.3, (inks[1] + inks[2]) / 2);

  const anchors = anchorsFor(work, h, layout, ink);
  const bend = Math.max(0, ...anchors.map((a) => Math.hypot(a.dx, a.dy)));
  const whites: number[] = [];
  const shifted = new Map<Bubble, number>();
  const measure = (b: Bubble) => {
    const o = offsetAt(anchors, b.cx, b.cy);
    const m = bubbleFillAround(work, h, { ...b, cx: b.cx + o.dx, cy: b.cy + o.dy }, ink);
    whites.push(m.white);
    shifted.set(b, m.shifted);
    return Math.round(m.fill * 1000) / 1000;
  };

  const rollFills = layout.roll.columns.map((c) => c.bubbles.map(measure));
  const setFills = layout.set ? layout.set.bubbles.map(measure) : [];
  const answerFills = Array.from({ length: layout.questions }, () => [] as number[]);
  for (const b of layout.answers.bubbles) answerFills[b.q - 1][b.option] = measure(b);
  const t = thresholdsFor([...answerFills, ...rollFills, setFills]);
  const shiftedOf = (bubbles: Bubble[]) => bubbles.map((b) => shifted.get(b) ?? 0);
  const answerBubbles = Array.from({ length: layout.questions }, () => [] as Bubble[]);
  for (const b of layout.answers.bubbles) answerBubbles[b.q - 1][b.option] = b;

  const rollReads = rollFills.map((f, d) => readGroup(f, t, shiftedOf(layout.roll.columns[d].bubbles)));
  const digits = rollReads.map((r) => (r.marked.length === 1 && !r.uncertain ? r.marked[0] : null));
  const roll: ReadOk["roll"] = {
    digits,
    value: digits.every((d) => d !== null) ? digits.join("") : null,
    confidence: Math.min(...rollReads.map((r) => (r.marked.length === 1 ? r.confidence : 0))),
    uncertain: rollReads.some((r) => r.uncertain || r.marked.length !== 1),
    columns: rollReads.map((r) => ({ marked: r.marked, uncertain: r.uncertain || r.marked.length !== 1 })),
    fill: rollFills,
  };

  let set: ReadOk["set"] = { value: null, confidence: 1, uncertain: false, marked: [], fill: setFills };
  if (qr && qr.set !== null) {
    // A sheet printed for one set: the QR says which (its bubble is printed filled).
    set = { value: qr.set, confidence: 1, uncertain: false, marked: [qr.set], fill: setFills };
  } else if (layout.set) {
    const g = readGroup(setFills, t, shiftedOf(layout.set.bubbles));
    const one = g.marked.length === 1;
    set = { value: one ? g.marked[0] : null, confidence: one ? g.confidence : 0, uncertain: g.uncertain || !one, marked: g.marked, fill: setFills };
  }

  const answers: AnswerRead[] = answerFills.map((fill, i) => {
    const g = readGroup(fill, t, shiftedOf(answerBubbles[i]));
    const status = g.marked.length === 0 ? "blank" : g.marked.length === 1 ? "single" : "multiple";
    return { q: i + 1, marked: g.marked, status, confidence: g.confidence, uncertain: g.uncertain, fill };
  });

  const s = decoded.scale;
  return {
    ok: true,
    qr,
    layout,
    set,
    roll,
    answers,
    quality: {
      pxPerMm: Math.round(pxPerMm * s * 100) / 100,
      contrast: Math.round(ink * 1000) / 1000,
      evenness: Math.round((percentile(whites, 0.02) / Math.max(1, percentile(whites, 0.98))) * 1000) / 1000,
      rotation: found.rotation,
      fitErrorMm: Math.round(errorMm * 100) / 100,
      bendMm: Math.round(bend * 100) / 100,
      uncertainCount: answers.filter((a) => a.uncertain).length + (roll.uncertain ? 1 : 0) + (set.uncertain ? 1 : 0),
      markedAt: Math.round(t.markedAt * 1000) / 1000,
    },
    transform: { mmToPx: scaleOutput(h, s), width: decoded.width, height: decoded.height },
  };
}

/**
 * A small PNG of one part of the sheet as photographed, straightened: a question's row ({ q }), the
 * roll block ({ roll: true }) or the set bubbles ({ set: true }), for the teacher's review.
 */
export async function cropRegion(image: Buffer, result: ReadResult, which: { q: number } | { roll: true } | { set: true }): Promise<Buffer> {
  if (!result.ok) throw new Error("cropRegion needs a successful read");
  const { layout, transform } = result;
  let rect: Rect;
  if ("q" in which) {
    const row = layout.answers.rows.find((r) => r.q === which.q);
    if (!row) throw new RangeError(`no question ${which.q} on this sheet`);
    rect = row;
  } else if ("roll" in which) rect = layout.roll.area;
  else {
    if (!layout.set) throw new RangeError("this sheet has no set bubbles");
    rect = layout.set.area;
  }
  const pxPerMm = 10;
  const corners = [apply(transform.mmToPx, rect.x, rect.y), apply(transform.mmToPx, rect.x + rect.w, rect.y), apply(transform.mmToPx, rect.x + rect.w, rect.y + rect.h), apply(transform.mmToPx, rect.x, rect.y + rect.h)];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))) - 2);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))) - 2);
  const right = Math.min(transform.width, Math.ceil(Math.max(...corners.map((p) => p.x))) + 2);
  const bottom = Math.min(transform.height, Math.ceil(Math.max(...corners.map((p) => p.y))) + 2);
  if (right - left < 2 || bottom - top < 2) throw new RangeError("region outside the photo");
  const { data, info } = await sharp(image, { failOn: "none" })
    .rotate()
    .extract({ left, top, width: right - left, height: bottom - top })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const outW = Math.round(rect.w * pxPerMm);
  const outH = Math.round(rect.h * pxPerMm);
  const toMm: Homography = [1 / pxPerMm, 0, rect.x, 0, 1 / pxPerMm, rect.y, 0, 0, 1];
  const shift: Homography = [1, 0, -left, 0, 1, -top, 0, 0, 1];
  const m = multiply(shift, multiply(transform.mmToPx, toMm));
  const out = warp(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, info.channels, m, outW, outH, [255, 255, 255, 255].slice(0, info.channels));
  return sharp(out, { raw: { width: outW, height: outH, channels: info.channels as 3 } }).png().toBuffer();
}
