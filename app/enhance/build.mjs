#!/usr/bin/env node
/**
 * Bundles the public-page enhancement script (app/enhance/index.ts) into
 * public/build/_enhance/enhance-[hash].js and writes manifest.json next to it, which the server
 * reads to emit the <script> tag. Run after `remix build` (its compiler may empty public/build).
 *
 *   node app/enhance/build.mjs           production build (minified, no sourcemap)
 *   node app/enhance/build.mjs --watch   rebuild on change (same code + external sourcemap)
 *
 * Fails (exit 1) on compile errors or when the gzipped script exceeds LIMIT.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const LIMIT = 10240; // gzipped bytes: hard ceiling for everything on public pages
const root = fileURLToPath(new URL("../..", import.meta.url));
const entry = path.join(root, "app/enhance/index.ts");
const outDir = path.join(root, "public/build/_enhance");
const publicPath = "/build/_enhance";
const watch = process.argv.includes("--watch");

/** Writes the bundle + manifest; returns false (after printing why) when the build must fail. */
async function emit(result) {
  if (result.errors.length) {
    const msgs = await esbuild.formatMessages(result.errors, { kind: "error", color: process.stderr.isTTY });
    console.error(`enhance: build failed\n${msgs.join("")}`);
    return false;
  }
  const files = result.outputFiles ?? [];
  const js = files.find((f) => f.path.endsWith(".js"));
  const map = files.find((f) => f.path.endsWith(".map"));
  if (!js) {
    console.error("enhance: build failed: esbuild produced no JavaScript");
    return false;
  }
  let code = js.text;
  const gzipBytes = gzipSync(code, { level: 9 }).length; // measured without the dev-only map comment
  if (gzipBytes > LIMIT) {
    console.error(`enhance: build failed: ${gzipBytes} B gzipped exceeds the ${LIMIT} B limit`);
    return false;
  }
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 10);
  const name = `enhance-${hash}.js`;
  await mkdir(outDir, { recursive: true });
  if (map) {
    code += `\n//# sourceMappingURL=${name}.map\n`;
    await writeFile(path.join(outDir, `${name}.map`), map.text);
  }
  await writeFile(path.join(outDir, name), code);
  const manifest = { src: `${publicPath}/${name}`, bytes: Buffer.byteLength(code), gzipBytes };
  // Write-then-rename so a running server never reads a half-written manifest.
  const tmp = path.join(outDir, `manifest.json.${process.pid}.tmp`);
  await writeFile(tmp, JSON.stringify(manifest) + "\n");
  await rename(tmp, path.join(outDir, "manifest.json"));
  // Only now remove older bundles, so the manifest never points at a missing file.
  for (const f of await readdir(outDir)) {
    if (/^enhance-.*\.js(\.map)?$/.test(f) && f !== name && f !== `${name}.map`) {
      await rm(path.join(outDir, f), { force: true });
    }
  }
  console.log(`enhance: ${manifest.src} ${manifest.bytes} B, ${gzipBytes} B gzipped (limit ${LIMIT} B)`);
  return true;
}

let ok = true;
/** @type {esbuild.Plugin} */
const reporter = {
  name: "enhance-emit",
  setup(build) {
    build.onEnd(async (result) => {
      try {
        ok = await emit(result);
      } catch (err) {
        console.error(`enhance: build failed: ${err instanceof Error ? err.message : err}`);
        ok = false;
      }
    });
  },
};

const options = {
  absWorkingDir: root,
  entryPoints: [entry],
  outfile: path.join(outDir, "enhance.js"), // real name is chosen from the content hash in emit()
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2019",
  minify: true,
  legalComments: "none",
  sourcemap: watch ? "external" : false,
  write: false,
  logLevel: "silent", // errors are printed once, by the reporter
  plugins: [reporter],
};

try {
  const ctx = await esbuild.context(options);
  if (watch) {
    await ctx.watch(); // runs the first build too; errors are reported and watching continues
    console.log("enhance: watching app/enhance for changes");
    // Disposed before exit, esbuild's service ends with us (a live context left at exit can make it
    // print a deadlock crash dump: see scripts/build.mjs).
    for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => ctx.dispose().finally(() => process.exit(0)));
  } else {
    await ctx.rebuild().catch(() => {}); // failures were already reported by the plugin
    await ctx.dispose();
    if (!ok) process.exit(1);
  }
} catch (err) {
  console.error(`enhance: build failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
