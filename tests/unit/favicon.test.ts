// /favicon.ico is asked for by browsers and crawlers whatever a page links: it must be a real icon
// (public/ is served as files), not the 404 page.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { links } from "~/root";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("favicon.ico", () => {
  it("is a small ICO with 16 and 32 px PNG images", () => {
    const ico = readFileSync(new URL("../../public/favicon.ico", import.meta.url));
    expect(ico.length).toBeLessThan(5000);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const at = 6 + 16 * i;
      const [size, length, offset] = [ico.readUInt8(at), ico.readUInt32LE(at + 8), ico.readUInt32LE(at + 12)];
      const png = ico.subarray(offset, offset + length);
      // A PNG's width and height are the first fields of its IHDR chunk.
      return { size, png: png.subarray(0, 8).equals(PNG), width: png.readUInt32BE(16), height: png.readUInt32BE(20), inside: offset + length <= ico.length };
    });
    expect(images).toEqual([
      { size: 16, png: true, width: 16, height: 16, inside: true },
      { size: 32, png: true, width: 32, height: 32, inside: true },
    ]);
  });

  it("is linked from every page, beside the SVG icon", () => {
    const icons = links().filter((l) => "rel" in l && l.rel === "icon");
    expect(icons).toEqual([
      { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    ]);
  });
});
