// Password hashing with node:crypto scrypt (OWASP: N=2^15, r=8, p=1).
// Stored form: scrypt$32768$8$1$<salt base64>$<hash base64>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** 128 * N * r = 32 MiB for the defaults; allow twice that. */
const MAXMEM = 64 * 1024 * 1024;

function scryptAsync(plain: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scryptAsync(plain, salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64(s: string): Buffer | null {
  if (!B64.test(s) || s.length % 4 !== 0) return null;
  const buf = Buffer.from(s, "base64");
  return buf.toString("base64") === s ? buf : null;
}

function parseParam(s: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(s)) return null;
  return Number(s);
}

/** Checks a password against a stored hash; false (never an exception) for anything malformed. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  try {
    if (typeof plain !== "string" || typeof stored !== "string") return false;
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const n = parseParam(parts[1]);
    const r = parseParam(parts[2]);
    const p = parseParam(parts[3]);
    if (n === null || r === null || p === null) return false;
    // N must be a power of two > 1; bound the cost so a crafted row cannot exhaust memory or CPU.
    if (n < 2 || (n & (n - 1)) !== 0 || r > 32 || p > 16) return false;
    if (128 * n * r > MAXMEM) return false;
    const salt = decodeBase64(parts[4]);
    const expected = decodeBase64(parts[5]);
    // The hash is always KEY_BYTES long: a shorter one would be a prefix of the real key and must not pass.
    if (!salt || !expected || salt.length < 8 || salt.length > 64 || expected.length !== KEY_BYTES) return false;
    const actual = await scryptAsync(plain, salt, expected.length, { N: n, r, p, maxmem: MAXMEM });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
