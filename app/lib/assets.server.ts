// The enhancement script's fingerprinted URL, from the manifest app/enhance/build.mjs writes.
import { readFileSync } from "node:fs";
import { join } from "node:path";

let cached: string | null | undefined;

export function enhanceScriptSrc(): string | null {
  if (cached !== undefined && process.env.NODE_ENV === "production") return cached;
  try {
    const manifest = JSON.parse(readFileSync(join(process.cwd(), "public/build/_enhance/manifest.json"), "utf8"));
    cached = typeof manifest.src === "string" ? manifest.src : null;
  } catch {
    cached = null;
  }
  return cached ?? null;
}
