import jsQR from "jsqr";
import sharp from "sharp";
import { omrLayout, parseQrPayload, qrPayload } from "~/lib/omr/layout";
import { renderSheetSvg } from "~/lib/omr/sheet-svg.server";

const layout = omrLayout({ questions: 30, options: 4, sets: ["ক", "খ", "গ", "ঘ"] });
const header = { paperCode: "AB12CD", title: "জীববিজ্ঞান <কোষ> & টিস্যু", subtitle: "নবম শ্রেণি", qrText: qrPayload({ paperCode: "AB12CD", set: null, page: 1 }) };

describe("renderSheetSvg", () => {
  it("is an A4 SVG in millimetres with Bangla labels in the site's font", () => {
    const svg = renderSheetSvg(layout, header);
    expect(svg).toMatch(/^<svg [^>]*width="210mm" height="297mm" viewBox="0 0 210 297"/);
    expect(svg).toContain("Hind Siliguri");
    for (const t of ["রোল নম্বর", "সেট", "নির্দেশনা", "কোড: AB12CD", ">৩০<", ">ক<", ">৯<"]) expect(svg).toContain(t);
    // The title is escaped, not markup.
    expect(svg).toContain("জীববিজ্ঞান &lt;কোষ&gt; &amp; টিস্যু");
    expect(svg).not.toContain("<কোষ>");
  });

  it("prints a QR that reads back as the paper's payload", async () => {
    const { data, info } = await sharp(Buffer.from(renderSheetSvg(layout, header)))
      .resize({ width: 1260 })
      .flatten({ background: "#fff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code && parseQrPayload(code.data)).toEqual({ paperCode: "AB12CD", set: null, page: 1 });
  });

  it("on a sheet printed for one set shows only that set, filled", () => {
    const open = renderSheetSvg(layout, header);
    const forSet = renderSheetSvg(layout, { ...header, set: 1, qrText: qrPayload({ paperCode: "AB12CD", set: 1, page: 1 }) });
    const setCircles = (svg: string) => layout.set!.bubbles.filter((b) => svg.includes(`<circle cx="${b.cx}" cy="${b.cy}"`));
    expect(setCircles(open)).toHaveLength(4);
    expect(setCircles(forSet).map((b) => b.label)).toEqual(["খ"]);
    expect(forSet).toContain(`<circle cx="${layout.set!.bubbles[1].cx}" cy="${layout.set!.bubbles[1].cy}" r="2.2" fill="#000"`);
  });

  it("shortens a long title so it cannot run into the fiducials", () => {
    const svg = renderSheetSvg(layout, { ...header, title: "ক".repeat(200) });
    expect(svg).toContain(`${"ক".repeat(47)}…`);
    expect(svg).not.toContain("ক".repeat(48));
  });
});
