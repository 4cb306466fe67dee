// Shared answers for loaders: validated ids and the errors every route gives the same way.
import { idText, parseFields, queryFieldsOf, z } from "~/lib/input";

/** A positive integer id from a route param or query value, or null (the rule is idText's). */
export function parseId(value: string | null | undefined): number | null {
  return idText.safeParse(value).data ?? null;
}

export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function tooLarge(message = "Payload Too Large"): Response {
  return new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The request body, read with a cap while it streams: a missing or lying Content-Length cannot make
 * us buffer more than `maxBytes`. Over the cap: a 413 is thrown, before the rest is read.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") || 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading, but do not cancel: that would drop the connection before our answer reaches
      // the client. The server throws the rest away (server/guards.mjs, lingerAfterEarlyAnswer).
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** A posted form is a few KB (a page of 100 answers is about 3 KB); anything far bigger is not ours. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The posted fields, read with a size cap while the body streams (a 413 past it, see readBody): the
 * one reader of every action's form. Only url-encoded forms, which is what our forms send: any other
 * type is a 400.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded")) throw badRequest("Unsupported form encoding.");
  return new URLSearchParams(new TextDecoder().decode(await readBody(request, maxBytes)));
}

/**
 * Route params read by their schema; anything else is a 404 (a URL that names nothing), never a
 * value that reaches SQL as NaN.
 */
export function paramsOr404<S extends z.ZodTypeAny>(schema: S, params: Record<string, string | undefined>, message = "Not Found"): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw notFound(message);
  return result.data;
}

/** Route params read by their schema, where a bad value is the request's fault: a 400 with `message`. */
export function paramsOr400<S extends z.ZodTypeAny>(schema: S, params: Record<string, string | undefined>, message: string): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw badRequest(message);
  return result.data;
}

/**
 * A URL's query read by its schema (each key's first value; every value of `lists`); a query that
 * does not fit is a 400 with `message`.
 */
export function queryOr400<S extends z.ZodTypeAny>(schema: S, source: URLSearchParams, message: string, lists: readonly string[] = []): z.output<S> {
  const result = schema.safeParse(queryFieldsOf(source, lists));
  if (!result.success) throw badRequest(message);
  return result.data;
}

/**
 * Fields no person types (hidden fields, buttons, a URL's page state) read by their schema: the data,
 * or a 400 with the first field's message (a form a person fills in answers with every field's error
 * instead: parseFields).
 */
export function fieldsOr400<S extends z.ZodTypeAny>(schema: S, source: URLSearchParams, lists: readonly string[] = []): z.output<S> {
  const parsed = parseFields(schema, source, lists);
  if (!parsed.ok) throw badRequest(Object.values(parsed.errors).find(Boolean) ?? "Bad Request");
  return parsed.data;
}

/**
 * The same request with its body capped while it streams, for readers that take a whole Request
 * (Remix's multipart parser): past `maxBytes` the body errors and reading stops, whatever the
 * Content-Length said or whether there was one. `exceeded()` tells a reader's failure from the cap's.
 */
export function capRequestBody(request: Request, maxBytes: number): { request: Request; exceeded: () => boolean } {
  if (!request.body) return { request, exceeded: () => false };
  const reader = request.body.getReader();
  let size = 0;
  let over = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      const { done, value } = await reader.read();
      if (done) return ctrl.close();
      size += value.byteLength;
      if (size > maxBytes) {
        over = true;
        reader.releaseLock(); // the server throws the rest away (lingerAfterEarlyAnswer)
        ctrl.error(tooLarge());
        return;
      }
      ctrl.enqueue(value);
    },
  });
  const capped = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
  return { request: capped, exceeded: () => over };
}

/** The client's network address, which server/server.mjs passes every route as load context ("" when none). */
export function clientAddressOf(context: unknown): string {
  const address = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  return typeof address === "string" ? address.slice(0, 64) : "";
}

/** What a resource route answers while the database is unreachable, like pages do (entry.server.tsx). */
export function serviceUnavailable(): Response {
  return new Response(JSON.stringify({ ok: false, error: "database unavailable" }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Retry-After": "30" },
  });
}

/**
 * Runs a resource route's work; a database outage becomes a 503 instead of Remix's 500 (resource
 * routes bypass the document handler that does this for pages). Other errors pass on.
 */
export async function orUnavailable(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isDatabaseUnavailable(error)) {
      console.error("[db] unavailable while serving a resource route");
      return serviceUnavailable();
    }
    throw error;
  }
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

/**
 * True when an error (or its cause chain: drizzle wraps driver errors) means the database is
 * unreachable, or too slow: a query past the pool's timeout (PROTOCOL_SEQUENCE_TIMEOUT) or a full
 * wait queue (app/db/client.server.ts) answers 503 like an outage.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (/connect ECONNREFUSED|Connection lost|Pool is closed|connect ETIMEDOUT|connection is in closed state|Queue limit reached/i.test(String((e as Error).message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const INVALID_CATEGORY = "Invalid category id in route.";

/**
 * A category id as the old site checked it: anything but a finite non-zero number fails (400,
 * 'Invalid category id in route.'); a well-formed number that cannot be an id of ours (negative,
 * fractional, huge) reads as null: simply not found.
 */
export const categoryIdText = z
  .string()
  .trim()
  .refine((s) => s !== "" && Number.isFinite(Number(s)) && Number(s) !== 0, INVALID_CATEGORY)
  .transform((s) => idText.safeParse(s).data ?? null);

/** A category id, or the 400 or 404 of categoryIdText. */
export function parseCategoryId(value: string | null | undefined): number {
  const result = categoryIdText.safeParse(value ?? "");
  if (!result.success) throw badRequest(INVALID_CATEGORY);
  if (result.data === null) throw notFound();
  return result.data;
}
