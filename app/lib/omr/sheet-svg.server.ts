// The OMR sheet as one SVG in millimetre units: width="210mm" height="297mm", so a browser prints it
// true to size and sharp (librsvg) rasterises it at any density. Everything is placed by omrLayout;
// this file only draws. Bubble outlines and labels are light grey so that an empty bubble stays light
// for the reader, while the fiducials, timing bars and QR are solid black for it to find.
import QRCode from "qrcode";
import { toBanglaDigits } from "../bangla-digits";
import type { Bubble, Layout, TextAt } from "./layout";

export type SheetHeader = {
  paperCode: string;
  title: string;
  subtitle?: string;
  /** The set this sheet is printed for (index into layout.sets), or null for a sheet where the pupil marks the set. */
  set?: number | null;
  /** The QR's text: qrPayload({ paperCode, set, page }). */
  qrText: string;
};

const FONT = `'Hind Siliguri', 'Noto Sans Bengali', 'Noto Sans', sans-serif`;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);

function text(t: TextAt, content: string, extra = ""): string {
  return `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${n(t.size)}" text-anchor="${t.anchor}"${extra}>${esc(content)}</text>`;
}

function bubble(b: Bubble, fill = "none"): string {
  const label = b.label
    ? `<text x="${n(b.cx)}" y="${n(b.cy + b.r * 0.42)}" font-size="${n(b.r * 1.15)}" text-anchor="middle" fill="#9a9a9a">${esc(b.label)}</text>`
    : "";
  return `<circle cx="${n(b.cx)}" cy="${n(b.cy)}" r="${n(b.r)}" fill="${fill}" stroke="#707070" stroke-width="0.22"/>${label}`;
}

/** Shortens a line to `max` characters (a long paper title must not run into the fiducials). */
function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join("")}…`;
}

function qrPath(textValue: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(textValue, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 4; // the QR standard's quiet zone, in modules
  const m = size / (count + 2 * quiet);
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) d += `M${n(x + (col + quiet) * m)} ${n(y + (row + quiet) * m)}h${n(m)}v${n(m)}h${n(-m)}z`;
    }
  }
  return `<path d="${d}" fill="#000" shape-rendering="crispEdges"/>`;
}

/** The whole A4 sheet. `header.set` preselects (fills) that set's bubble on a sheet printed for one set. */
export function renderSheetSvg(layout: Layout, header: SheetHeader): string {
  const parts: string[] = [];
  const W = layout.page.width;
  const H = layout.page.height;
  parts.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#fff"/>`);
  for (const c of [...layout.corners, layout.orientation]) {
    parts.push(`<rect x="${n(c.cx - c.size / 2)}" y="${n(c.cy - c.size / 2)}" width="${n(c.size)}" height="${n(c.size)}" fill="#000"/>`);
  }
  parts.push(text(layout.title, clip(header.title, 48), ` font-weight="600"`));
  if (header.subtitle) parts.push(text(layout.subtitle, clip(header.subtitle, 70)));

  // QR and the code a teacher can type when a photo's QR cannot be read.
  parts.push(qrPath(header.qrText, layout.qr.x, layout.qr.y, layout.qr.w));
  parts.push(text(layout.code, `কোড: ${header.paperCode}`));

  // Roll: label, write-in boxes, bubble columns.
  parts.push(text(layout.roll.label, layout.roll.label.text, ` font-weight="600"`));
  for (const b of layout.roll.boxes) {
    parts.push(`<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" fill="none" stroke="#707070" stroke-width="0.25"/>`);
  }
  for (const c of layout.roll.columns) for (const b of c.bubbles) parts.push(bubble(b));

  // Set: on a sheet printed for one set that set's bubble is printed filled and the others left out.
  if (layout.set) {
    parts.push(text(layout.set.label, layout.set.label.text, ` font-weight="600"`));
    for (const b of layout.set.bubbles) {
      if (header.set === undefined || header.set === null) parts.push(bubble(b));
      else if (header.set === b.index) {
        parts.push(bubble({ ...b, label: "" }, "#000"));
        parts.push(text({ x: b.cx + b.r + 1.2, y: b.cy + 1.1, size: 3.1, anchor: "start", text: "" }, b.label));
      }
    }
  }

  // Instructions with a filled sample and three wrong ways (tick, cross, dot).
  const ins = layout.instructions;
  parts.push(text(ins.title, ins.title.text, ` font-weight="600"`));
  for (const l of ins.lines) parts.push(text(l, `• ${l.text}`));
  const f = ins.sample.filled;
  parts.push(bubble(f, "#000"));
  parts.push(text({ x: f.cx + f.r + 1.5, y: f.cy + 1, size: 2.8, anchor: "start", text: "" }, "সঠিক"));
  const [w1, w2, w3] = ins.sample.wrong;
  parts.push(bubble(w1), `<path d="M${n(w1.cx - 1.4)} ${n(w1.cy)}l1 1.2l2-2.6" fill="none" stroke="#000" stroke-width="0.4"/>`);
  parts.push(bubble(w2), `<path d="M${n(w2.cx - 1.3)} ${n(w2.cy - 1.3)}l2.6 2.6m0 -2.6l-2.6 2.6" stroke="#000" stroke-width="0.4"/>`);
  parts.push(bubble(w3), `<circle cx="${n(w3.cx)}" cy="${n(w3.cy)}" r="0.6" fill="#000"/>`);
  parts.push(text({ x: w3.cx + w3.r + 1.5, y: w3.cy + 1, size: 2.8, anchor: "start", text: "" }, "ভুল"));
  const s = layout.signature;
  parts.push(`<line x1="${n(s.line.x)}" y1="${n(s.line.y)}" x2="${n(s.line.x + s.line.w)}" y2="${n(s.line.y)}" stroke="#707070" stroke-width="0.25"/>`);
  parts.push(text(s.label, s.label.text));

  // Answers.
  const a = layout.answers;
  parts.push(`<line x1="${n(a.rule.x1)}" y1="${n(a.rule.y)}" x2="${n(a.rule.x2)}" y2="${n(a.rule.y)}" stroke="#707070" stroke-width="0.3"/>`);
  for (const t of a.timing) parts.push(`<rect x="${n(t.x)}" y="${n(t.y)}" width="${n(t.w)}" height="${n(t.h)}" fill="#000"/>`);
  for (const t of a.numbers) parts.push(text(t, t.text, ` font-weight="600"`));
  for (const b of a.bubbles) parts.push(bubble(b));

  const footer = `${toBanglaDigits(layout.questions)}টি প্রশ্ন · ${toBanglaDigits(layout.options)}টি বিকল্প`;
  parts.push(text({ x: W / 2, y: H - 13, size: 2.6, anchor: "middle", text: "" }, footer, ` fill="#707070"`));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}mm" height="${H}mm" viewBox="0 0 ${W} ${H}" ` +
    `font-family="${FONT}" role="img" aria-label="OMR উত্তরপত্র">` +
    parts.join("") +
    `</svg>`
  );
}
