// The browser a student takes exams in, without an account: a random key in a long-lived cookie.
// The attempts table keeps only the key's SHA-256, so a copy of the table answers for nobody, and
// another browser (another key) cannot answer an attempt even when it knows the attempt's URL.
import { createHash, randomBytes } from "node:crypto";
import { ATTEMPT_KEEP_DAYS } from "~/lib/attempt";

export const EXAM_BROWSER_COOKIE = "grbd_exams";
const KEY = /^[A-Za-z0-9_-]{32}$/;

/** The key this request's cookie carries, or null (none, or not one of ours). */
export function readBrowserKey(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  let found: string | null = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== EXAM_BROWSER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    // Two cookies of our name (a path or domain variant): ambiguous, so neither.
    if (found !== null) return null;
    found = value;
  }
  return found !== null && KEY.test(found) ? found : null;
}

export const newBrowserKey = () => randomBytes(24).toString("base64url");

export const browserHash = (key: string) => createHash("sha256").update(key).digest("hex");

/** Set-Cookie for the key: renewed on every start, so the cookie lives as long as the newest attempt. */
export function browserCookie(key: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${EXAM_BROWSER_COOKIE}=${key}; Path=/; Max-Age=${ATTEMPT_KEEP_DAYS * 86400}; HttpOnly; SameSite=Lax${secure}`;
}
