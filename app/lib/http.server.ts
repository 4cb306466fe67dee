// Shared answers for loaders: validated ids and the errors every route gives the same way.

/** A positive integer id from a route param or query value, or null. Rejects "1.5", "1e3", "0x10", "-1", "", huge. */
export function parseId(value: string | null | undefined): number | null {
  if (value == null) return null;
  const s = value.trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_BAD_DB_ERROR",
  "ER_ACCESS_DENIED_ERROR",
  "ER_NO_SUCH_TABLE",
]);

/** True when an error (or its cause chain: drizzle wraps driver errors) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (/connect ECONNREFUSED|Connection lost|Pool is closed|connect ETIMEDOUT|connection is in closed state/i.test(String((e as Error).message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const INVALID_CATEGORY = "Invalid category id in route.";

/**
 * Category ids (spec 5): must be a finite non-zero number, else 'Invalid category id in route.' (400).
 * A well-formed number that cannot be an id of ours (negative, fractional, huge) is simply not found.
 */
export function parseCategoryId(value: string | null | undefined): number {
  const s = (value ?? "").trim();
  const n = Number(s);
  if (!s || !Number.isFinite(n) || n === 0) throw badRequest(INVALID_CATEGORY);
  const id = parseId(s);
  if (id === null) throw notFound();
  return id;
}
