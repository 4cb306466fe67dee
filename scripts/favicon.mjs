// Makes public/favicon.ico from public/favicon.svg: browsers and crawlers that ask for /favicon.ico
// whatever the page links (older Safari, feed readers, link previews) get the icon, not a 404 page.
// The ICO holds 16 and 32 px PNGs (an ICO may hold PNG images since Windows Vista), drawn by Chromium.
//   node scripts/favicon.mjs      (again after a change to favicon.svg)
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8");
const sizes = [16, 32];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const pngs = [];
try {
  for (const size of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}">`);
    pngs.push(await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const at = 6 + 16 * i;
  header.writeUInt8(sizes[i], at); // width (0 would mean 256)
  header.writeUInt8(sizes[i], at + 1); // height
  header.writeUInt8(0, at + 2); // no palette
  header.writeUInt8(0, at + 3); // reserved
  header.writeUInt16LE(1, at + 4); // colour planes
  header.writeUInt16LE(32, at + 6); // bits per pixel
  header.writeUInt32LE(png.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png.length;
});
const ico = Buffer.concat([header, ...pngs]);
writeFileSync(new URL("../public/favicon.ico", import.meta.url), ico);
console.log(`public/favicon.ico: ${ico.length} bytes (${sizes.join(", ")} px)`);
