// What a saved paper's printed pages carry beyond the paper itself: on every page of a set, in its
// bottom margin, the paper's code, the set and the page number in Bangla and a QR code
// (qrPayload: the paper and the set), so that loose pages can be put back in order; and the OMR
// sheet drawn from the layout the reader reads. Print CSS with @page margin boxes on a named page
// per set: the browser repeats them on every printed page of that set.
import QRCode from "qrcode";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { paperSheetLayout } from "~/lib/omr-paper";
import { qrPayload } from "~/lib/omr/layout";
import { renderSheetSvg } from "~/lib/omr/sheet-svg.server";
import type { PaperSet } from "~/lib/paper-sets";
import type { PaperSettings } from "~/lib/paper-settings";

/** A QR as a small SVG (its quiet zone included), `size` mm square. */
function qrSvg(text: string, size: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (qr.modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const all = count + 2 * quiet;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}mm" height="${size}mm" viewBox="0 0 ${all} ${all}" shape-rendering="crispEdges"><rect width="${all}" height="${all}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

const cssString = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * The print CSS for the sets' pages: a named page per set with its code, set, page number and QR.
 * The document itself (html, body, main, the paper's container) takes the first set's page, so it
 * starts on that page: a named page starting inside it printed a blank, unmarked first page in
 * Chromium without JavaScript. The default page keeps no marks, or the OMR sheet would take them.
 */
export function pageMarksCss({ code, sets }: { code: string; sets: readonly Pick<PaperSet, "code">[] }): string {
  return sets
    .map((set, i) => {
      const qr = `data:image/svg+xml,${encodeURIComponent(qrSvg(qrPayload({ paperCode: code, set: i, page: 1 }), 15))}`;
      const label = `প্রশ্নপত্র ${code} · সেট ${set.code} · পৃষ্ঠা `;
      return (
        `@page set-${i} { margin: 12mm 12mm 22mm; ` +
        `@bottom-left { content: ${cssString(label)} counter(page, bengali); font: 600 9pt 'Hind Siliguri', sans-serif; vertical-align: middle; } ` +
        `@bottom-right { content: url(${cssString(qr)}); vertical-align: middle; } } ` +
        `@media print { ${i === 0 ? "html, body, .main, .mp-page, " : ""}.mp-set[data-set="${set.code}"], .mp-key[data-key="${set.code}"] { page: set-${i}; } }`
      );
    })
    .join("\n");
}

/** The paper's OMR sheet as SVG (null without MCQs): the pupil bubbles roll and set; its QR names the paper. */
export function paperSheetSvg({ code, settings, paper }: { code: string; settings: PaperSettings; paper: Parameters<typeof paperSheetLayout>[0] }): string | null {
  const layout = paperSheetLayout(paper);
  if (!layout) return null;
  const subtitle = [settings.institution, settings.subject, settings.className ? `শ্রেণি: ${settings.className}` : ""].filter(Boolean).join(" · ");
  return renderSheetSvg(layout, {
    paperCode: code,
    title: toBanglaDigits(settings.exam || "বহুনির্বাচনি অভীক্ষার উত্তরপত্র"),
    subtitle: toBanglaDigits(subtitle),
    set: null,
    qrText: qrPayload({ paperCode: code, set: null, page: 1 }),
  });
}
