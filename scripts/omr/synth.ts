// Synthetic OMR sheets for the reader's tests and benchmark: `fillSheet` draws a pupil's marks on the
// printed sheet (ballpoint or pencil, part-filled, crossed out, erased, stray strokes) and rasterises
// it flat; `photograph` turns that into what a teacher's phone gives: the page tilted in perspective,
// turned, on a table, under uneven light and a shadow, blurred, noisy, JPEG-compressed. Deterministic
// for a given seed. Runs under tsx and in vitest/Playwright.
import sharp from "sharp";
import { allBubbles, type Bubble, type Layout } from "../../app/lib/omr/layout";
import { renderSheetSvg } from "../../app/lib/omr/sheet-svg.server";
import { homographyFrom, invert, warp } from "../../app/lib/omr/homography";
import { seededRandom } from "../../app/lib/paper-sets";

/** A seeded generator (the paper sets' mulberry32), so a failing case can be replayed from its seed. */
export const rng = seededRandom;

export type PenStyle = "ballpen" | "pencil";
/** Each optional style is the chance per question (true = a default chance) of that kind of mark. */
export type Styles = { pen: PenStyle; partial?: number | boolean; crossedOut?: number | boolean; stray?: number | boolean; erased?: number | boolean };

export type SheetHeaderInput = { paperCode: string; title: string; subtitle?: string; set: number | null; qrText: string };

export type FillInput = {
  layout: Layout;
  header: SheetHeaderInput;
  /** The roll as written and bubbled ("" or shorter than the layout's digits leaves columns empty). */
  roll: string;
  /** The set bubble the pupil fills (ignored when the header preprints a set). */
  set: number | null;
  /** Per question (index 0 = question 1): an option, several options, or null for blank. */
  answers: (number | number[] | null)[];
  styles?: Styles;
  seed: number;
  /** Pixels per millimetre of the flat render (default 6 ≈ 152 dpi). */
  pxPerMm?: number;
};

/**
 * What was drawn on each bubble: "fill"/"partial" are meant as marks; "erased" (pencil rubbed out)
 * and "crossed" (an X over a bubble) are not, and the reader should flag them rather than count them.
 */
export type MarkKind = "fill" | "partial" | "erased" | "crossed";
export type Truth = {
  roll: string;
  set: number | null;
  answers: number[][];
  /** Per question: the option → kind of every mark drawn in it. */
  marks: Map<number, Map<number, MarkKind>>;
};

const rate = (v: number | boolean | undefined, dflt: number) => (v === true ? dflt : typeof v === "number" ? v : 0);

function inkColour(pen: PenStyle, r: () => number): { colour: string; opacity: number } {
  if (pen === "pencil") {
    const g = Math.round(70 + r() * 40);
    return { colour: `rgb(${g},${g},${g + 4})`, opacity: 0.8 + r() * 0.15 };
  }
  return r() < 0.6 ? { colour: `rgb(${20 + r() * 20},${30 + r() * 25},${90 + r() * 50})`, opacity: 0.95 } : { colour: "rgb(22,22,26)", opacity: 0.95 };
}

const f2 = (v: number) => v.toFixed(2);

function drawFill(b: Bubble, pen: PenStyle, r: () => number, kind: MarkKind): string {
  const ink = inkColour(pen, r);
  const jx = (r() - 0.5) * 0.6;
  const jy = (r() - 0.5) * 0.6;
  const rot = r() * 180;
  if (kind === "fill") {
    const rx = b.r * (0.88 + r() * 0.2);
    const ry = b.r * (0.85 + r() * 0.2);
    // A hand fill: an ellipse plus a few strokes past its edge.
    let s = `<ellipse cx="${f2(b.cx + jx)}" cy="${f2(b.cy + jy)}" rx="${f2(rx)}" ry="${f2(ry)}" transform="rotate(${f2(rot)} ${f2(b.cx)} ${f2(b.cy)})" fill="${ink.colour}" fill-opacity="${f2(ink.opacity)}"/>`;
    if (r() < 0.5) s += `<path d="M${f2(b.cx - b.r)} ${f2(b.cy + (r() - 0.5) * b.r)}l${f2(b.r * 2)} ${f2((r() - 0.5) * 1.2)}" stroke="${ink.colour}" stroke-width="0.5" stroke-opacity="${f2(ink.opacity)}"/>`;
    return s;
  }
  if (kind === "partial") {
    // Two thirds of the bubble, off to one side: a hurried fill.
    const a = r() * Math.PI * 2;
    const off = b.r * 0.25;
    return `<ellipse cx="${f2(b.cx + Math.cos(a) * off)}" cy="${f2(b.cy + Math.sin(a) * off)}" rx="${f2(b.r * 0.8)}" ry="${f2(b.r * 0.7)}" transform="rotate(${f2(rot)} ${f2(b.cx)} ${f2(b.cy)})" fill="${ink.colour}" fill-opacity="${f2(ink.opacity)}"/>`;
  }
  if (kind === "erased") {
    // What a rubber leaves of a pencil fill: a faint grey smudge.
    const g = Math.round(90 + r() * 40);
    return `<ellipse cx="${f2(b.cx + jx)}" cy="${f2(b.cy + jy)}" rx="${f2(b.r * 1.05)}" ry="${f2(b.r * 0.95)}" fill="rgb(${g},${g},${g})" fill-opacity="${f2(0.12 + r() * 0.12)}"/>`;
  }
  // crossed
  const d = b.r * 0.9;
  return `<path d="M${f2(b.cx - d + jx)} ${f2(b.cy - d + jy)}L${f2(b.cx + d + jx)} ${f2(b.cy + d + jy)}M${f2(b.cx + d + jx)} ${f2(b.cy - d)}L${f2(b.cx - d)} ${f2(b.cy + d + jy)}" stroke="${ink.colour}" stroke-width="${f2(0.35 + r() * 0.15)}" stroke-linecap="round" fill="none"/>`;
}

/** The marks of a pupil, as an SVG fragment in mm, and the truth they encode. */
export function planMarks(input: Omit<FillInput, "pxPerMm">): { svg: string; truth: Truth } {
  const { layout, styles = { pen: "ballpen" }, seed } = input;
  const r = rng(seed);
  const pen = styles.pen;
  const parts: string[] = [];
  const marks = new Map<number, Map<number, MarkKind>>();
  const answers: number[][] = [];

  // Roll: the digits written in the boxes and their bubbles filled.
  const digits = input.roll.split("");
  digits.forEach((ch, d) => {
    const col = layout.roll.columns[d];
    if (!col || !/[0-9]/.test(ch)) return;
    const ink = inkColour(pen, r);
    const box = layout.roll.boxes[d];
    parts.push(`<text x="${f2(box.x + box.w / 2 + (r() - 0.5))}" y="${f2(box.y + box.h - 1.2)}" font-size="4.6" text-anchor="middle" fill="${ink.colour}" font-family="sans-serif">${ch}</text>`);
    parts.push(drawFill(col.bubbles[Number(ch)], pen, r, "fill"));
  });
  let set: number | null = null;
  if (layout.set && input.header.set !== null && input.header.set !== undefined) set = input.header.set;
  else if (layout.set && input.set !== null) {
    set = input.set;
    parts.push(drawFill(layout.set.bubbles[input.set], pen, r, "fill"));
  }

  const pPartial = rate(styles.partial, 0.04);
  const pCrossed = rate(styles.crossedOut, 0.02);
  const pErased = rate(styles.erased, 0.03);
  const pStray = rate(styles.stray, 0.05);
  const byQ = new Map<number, Bubble[]>();
  for (const b of layout.answers.bubbles) {
    if (!byQ.has(b.q)) byQ.set(b.q, []);
    byQ.get(b.q)!.push(b);
  }
  for (let q = 1; q <= layout.questions; q++) {
    const a = input.answers[q - 1];
    const chosen = a === null || a === undefined ? [] : Array.isArray(a) ? [...a] : [a];
    answers.push(chosen.slice().sort((x, y) => x - y));
    const m = new Map<number, MarkKind>();
    const row = byQ.get(q)!;
    for (const o of chosen) {
      const kind: MarkKind = r() < pPartial ? "partial" : "fill";
      m.set(o, kind);
      parts.push(drawFill(row[o], pen, r, kind));
    }
    const free = row.filter((b) => !m.has((b as Bubble & { option: number }).option));
    if (free.length > 0 && r() < pErased) {
      const b = free[Math.floor(r() * free.length)] as Bubble & { option: number };
      m.set(b.option, "erased");
      parts.push(drawFill(b, "pencil", r, "erased"));
    } else if (free.length > 0 && r() < pCrossed) {
      const b = free[Math.floor(r() * free.length)] as Bubble & { option: number };
      m.set(b.option, "crossed");
      parts.push(drawFill(b, pen, r, "crossed"));
    }
    if (r() < pStray) {
      // A stray stroke between this row and the next, or a tick by the question number.
      const ink = inkColour(pen, r);
      const first = row[0];
      const y = first.cy + layout.answers.rowPitch / 2 + (r() - 0.5) * 0.6;
      const x = first.cx - 2 + r() * (row.length * layout.answers.optionPitch - 2);
      parts.push(r() < 0.5
        ? `<path d="M${f2(x)} ${f2(y)}l${f2(1 + r() * 3)} ${f2((r() - 0.5) * 0.8)}" stroke="${ink.colour}" stroke-width="0.35" stroke-linecap="round"/>`
        : `<path d="M${f2(first.cx - 11.5)} ${f2(first.cy)}l0.7 0.9l1.4 -2" fill="none" stroke="${ink.colour}" stroke-width="0.35"/>`);
    }
    if (m.size > 0) marks.set(q, m);
  }
  // A doodle in the instructions' margin on some sheets.
  if (r() < pStray * 4) {
    const ink = inkColour(pen, r);
    parts.push(`<path d="M150 95q5 -6 10 0t10 0" fill="none" stroke="${ink.colour}" stroke-width="0.4"/>`);
  }
  return { svg: `<g>${parts.join("")}</g>`, truth: { roll: input.roll, set, answers, marks } };
}

/** The sheet with the marks, flat, as a PNG; and the truth for scoring a read. */
export async function fillSheetWithTruth(input: FillInput): Promise<{ png: Buffer; truth: Truth }> {
  const { svg: marks, truth } = planMarks(input);
  const sheet = renderSheetSvg(input.layout, { ...input.header, set: input.header.set });
  const svg = sheet.replace(/<\/svg>$/, `${marks}</svg>`);
  const pxPerMm = input.pxPerMm ?? 6;
  const width = Math.round(input.layout.page.width * pxPerMm);
  const png = await sharp(Buffer.from(svg)).resize({ width }).flatten({ background: "#fff" }).png({ compressionLevel: 1 }).toBuffer();
  return { png, truth };
}

/** The flat render of a filled sheet (PNG). */
export async function fillSheet(input: FillInput): Promise<Buffer> {
  return (await fillSheetWithTruth(input)).png;
}

export type PhotoOptions = {
  /** Camera tilt away from straight above, degrees (0–20). */
  perspectiveDeg: number;
  /** The page's turn in the frame: 0/90/180/270 plus a small skew (e.g. 93.5). */
  rotationDeg: number;
  /** Gaussian blur sigma in output pixels (0 = sharp). */
  blur: number;
  jpegQuality: number;
  /** gradient: how much darker the far side is (0–0.5); shadow: how dark a soft-edged shadow across the page is (0–0.6). */
  light: { gradient: number; shadow: number };
  /** The photo's width in pixels (1200–4000); portrait 3:4, landscape 4:3 when the page is turned 90°. */
  widthPx: number;
  seed: number;
  /** A bend of the paper: how far the page's middle sits from where a flat page would be, in mm (0–3). */
  curl?: number;
};

/** A phone photo of a flat render (PNG) as JPEG. */
export async function photograph(png: Buffer, o: PhotoOptions): Promise<Buffer> {
  const r = rng(o.seed ^ 0x9e3779b9);
  const { data: src, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const sw = info.width;
  const sh = info.height;
  const quarter = Math.round(o.rotationDeg / 90) % 4;
  const landscape = quarter % 2 === 1;
  const W = Math.round(o.widthPx);
  const H = Math.round(landscape ? (W * 3) / 4 : (W * 4) / 3);

  // The page as a plane in 3D, turned in its plane, tilted about a random axis, seen by a pinhole camera.
  const theta = (o.rotationDeg * Math.PI) / 180;
  const tilt = (o.perspectiveDeg * Math.PI) / 180;
  const axis = r() * Math.PI * 2;
  const f = 0.9 * Math.max(W, H);
  const corners = [
    { x: 0, y: 0 },
    { x: sw, y: 0 },
    { x: sw, y: sh },
    { x: 0, y: sh },
  ];
  const ax = Math.cos(axis);
  const ay = Math.sin(axis);
  const projected = corners.map(({ x, y }) => {
    const X0 = x - sw / 2;
    const Y0 = y - sh / 2;
    const X = X0 * Math.cos(theta) - Y0 * Math.sin(theta);
    const Y = X0 * Math.sin(theta) + Y0 * Math.cos(theta);
    // Rodrigues rotation about the in-plane unit axis (ax, ay, 0).
    const dot = X * ax + Y * ay;
    const c = Math.cos(tilt);
    const s = Math.sin(tilt);
    const rx = X * c + ax * dot * (1 - c);
    const ry = Y * c + ay * dot * (1 - c);
    const rz = (ax * Y - ay * X) * s;
    const Z = f * (Math.max(sw, sh) / Math.max(W, H)) * 1.1 + rz;
    return { x: (f * rx) / Z, y: (f * ry) / Z };
  });
  const minX = Math.min(...projected.map((p) => p.x));
  const maxX = Math.max(...projected.map((p) => p.x));
  const minY = Math.min(...projected.map((p) => p.y));
  const maxY = Math.max(...projected.map((p) => p.y));
  const fill = 0.8 + r() * 0.13;
  const k = Math.min((W * fill) / (maxX - minX), (H * fill) / (maxY - minY));
  const offX = (W - (maxX - minX) * k) * (0.3 + r() * 0.4);
  const offY = (H - (maxY - minY) * k) * (0.3 + r() * 0.4);
  const dst = projected.map((p) => ({ x: (p.x - minX) * k + offX, y: (p.y - minY) * k + offY }));
  const toSrc = invert(homographyFrom(corners, dst));

  // A table: mid-grey with a slow wave of texture.
  const bg = 70 + r() * 90;
  const fx = 0.002 + r() * 0.01;
  const fy = 0.002 + r() * 0.01;
  const table = (x: number, y: number) => bg + 18 * Math.sin(x * fx) * Math.cos(y * fy);
  const out = o.curl ? warpCurled(src, sw, sh, toSrc, W, H, table, (o.curl * sw) / 210, r() * Math.PI * 2) : warp(src, sw, sh, 1, toSrc, W, H, table);

  // Light: a gradient across the frame and a soft shadow over part of it (a hand, a phone), then noise.
  const ga = r() * Math.PI * 2;
  const gdx = Math.cos(ga);
  const gdy = Math.sin(ga);
  const span = Math.abs(gdx) * W + Math.abs(gdy) * H;
  const g0 = Math.min(0, gdx * W) + Math.min(0, gdy * H);
  const sa = r() * Math.PI * 2;
  const sdx = Math.cos(sa);
  const sdy = Math.sin(sa);
  const sc = (sdx * W + sdy * H) / 2 + (r() - 0.5) * 0.5 * Math.min(W, H);
  const soft = 0.04 * Math.min(W, H);
  const exposure = 0.9 + r() * 0.15;
  const noise = rng(o.seed ^ 0x51ed270b);
  const rgb = Buffer.alloc(W * H * 3);
  const warm = [1, 0.97, 0.9 + r() * 0.06];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const g = ((gdx * x + gdy * y - g0) / span) * o.light.gradient;
      const t = (sdx * x + sdy * y - sc) / soft;
      const shade = o.light.shadow * (t >= 1 ? 1 : t <= -1 ? 0 : (t + 1) / 2);
      const v = out[i] * exposure * (1 - g) * (1 - shade) + (noise() + noise() + noise() - 1.5) * 6;
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, v * warm[c]));
    }
  }
  let img = sharp(rgb, { raw: { width: W, height: H, channels: 3 } });
  if (o.blur > 0.3) img = img.blur(o.blur);
  return img.jpeg({ quality: Math.round(o.jpegQuality), chromaSubsampling: "4:2:0" }).toBuffer();
}

/**
 * The warp with the page bent: source points move by up to `amount` px along `angle`, most in the
 * page's middle and not at all at its edges, so the corner fiducials stay put while the bubbles
 * between them drift (what a 4-point fit alone cannot follow).
 */
function warpCurled(src: Uint8Array, sw: number, sh: number, h: number[], W: number, H: number, outside: (x: number, y: number) => number, amount: number, angle: number): Uint8Array {
  const out = new Uint8Array(W * H);
  const ux = Math.cos(angle) * amount;
  const uy = Math.sin(angle) * amount;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6] * x + h[7] * y + h[8];
      let sx = (h[0] * x + h[1] * y + h[2]) / w;
      let sy = (h[3] * x + h[4] * y + h[5]) / w;
      if (sx >= 0 && sy >= 0 && sx <= sw - 1 && sy <= sh - 1) {
        const bend = Math.sin((Math.PI * sx) / sw) * Math.sin((Math.PI * sy) / sh);
        sx += ux * bend;
        sy += uy * bend;
      }
      if (sx < 0 || sy < 0 || sx > sw - 1 || sy > sh - 1) {
        out[y * W + x] = outside(x, y);
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(sw - 1, x0 + 1);
      const y1 = Math.min(sh - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = src[y0 * sw + x0] + (src[y0 * sw + x1] - src[y0 * sw + x0]) * fx;
      const bottom = src[y1 * sw + x0] + (src[y1 * sw + x1] - src[y1 * sw + x0]) * fx;
      out[y * W + x] = top + (bottom - top) * fy + 0.5;
    }
  }
  return out;
}

/** Every bubble of a layout: re-exported for specs that draw their own cases. */
export { allBubbles };
