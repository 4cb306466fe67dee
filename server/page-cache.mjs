// A cache of rendered public pages for anonymous visitors, in front of Remix (server/server.mjs).
//
// What may be cached is the app's own word: a GET or HEAD answered 200 with `Cache-Control: public`,
// no Set-Cookie and no Vary but Accept-Encoding (the same rule a CDN would follow). Requests that carry
// the staff session cookie always go to Remix, so staff see their pages fresh.
//
// Freshness: an entry lives at most PAGE_CACHE_TTL seconds (default 10, and never longer than the
// response's max-age), so counts that change by themselves (readers online, live classes) lag by
// that much at most. Content is never stale past a staff save: every save raises `content_version`
// in site_settings (in the save's transaction); each entry is stored under the version this process
// saw, every process reads the version once a second (PAGE_CACHE_POLL_MS), and the process that served
// a staff POST reads it again the moment the response is sent. A stale version only ever misses.
// When this cache sees the version move it first calls `onChange` (the app's own per-process content
// caches, server/server.mjs): otherwise a page rendered from data the app had kept from before the
// save could be stored under the new version and served until the next save.
//
// Memory: entries are kept in insertion order up to PAGE_CACHE_MB (default 64) of bodies; the oldest
// go first. Each entry keeps the identity body and, made on first demand, its gzip and brotli forms,
// so a hit costs no rendering, no database and no compression.
//
//   PAGE_CACHE=0 turns it off (the benchmark measures both ways).
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";
// The express adapter's request and response conversions (the handler below replaces its own).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import mysql from "mysql2/promise";
import Negotiator from "negotiator";
import { isbot } from "isbot";

const STAFF_COOKIE = /(?:^|;\s*)grbd_staff=/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * How long a shared cache may keep a response, from a Cache-Control value that allows shared caching
 * (else null): `s-maxage` where given (public pages say max-age=0 for browsers, s-maxage for shared
 * caches like this one), else `max-age`.
 */
export function publicMaxAge(cacheControl) {
  if (!cacheControl) return null;
  const parts = cacheControl.toLowerCase().split(",").map((s) => s.trim());
  if (!parts.includes("public") || parts.some((p) => p === "private" || p === "no-store" || p === "no-cache")) return null;
  const age = (name) => parts.map((p) => new RegExp(`^${name}=(\\d+)$`).exec(p)).find(Boolean);
  const maxAge = age("s-maxage") ?? age("max-age");
  return maxAge ? Number(maxAge[1]) : null;
}

/** A weak validator of a page's bytes (before compression: every encoding of it is the same page). */
export function etagOf(body) {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether the request's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for it). */
export function notModified(req, etag) {
  const header = req.headers["if-none-match"];
  if (!header || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => bare(tag) === bare(etag));
}

/** The 304 for a page the browser still holds: its headers (Cache-Control, ETag, Vary), no body. */
function sendNotModified(res, headers, etag) {
  res.statusCode = 304;
  for (const [name, value] of headers) {
    if (name === "content-type" || name === "content-length" || name === "content-encoding" || name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.end();
}

/**
 * The encoding a page goes out in: brotli whenever the client takes it, then gzip, else none (an
 * explicit q-value still decides). Browsers send "gzip, deflate, br" (Chrome adds ", zstd"): the
 * order of that list is no preference, but express's `req.acceptsEncodings` follows it, so every
 * browser was sent gzip level 6. From the page cache, brotli 5 is 7–12 % fewer bytes than that
 * (/home 7.9 against 8.9 KB); compressed per request, brotli 3 takes 30–55 % of gzip 6's CPU for
 * 0.5–6 % more bytes. The compression middleware makes the same choice for other responses.
 */
export function preferredEncoding(req) {
  return new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]) || "identity";
}

/** Whether a response may be stored: 200, public with a max-age, no cookie, nothing to vary on but the encoding. */
export function storable(response) {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("set-cookie")) return false;
  const vary = (response.headers.get("vary") ?? "").toLowerCase().split(",").map((s) => s.trim()).filter(Boolean);
  if (vary.some((v) => v !== "accept-encoding")) return false;
  const maxAge = publicMaxAge(response.headers.get("cache-control"));
  return maxAge !== null && maxAge > 0;
}

export function createPageCache({
  databaseUrl = process.env.DATABASE_URL,
  replicaUrls = (process.env.DATABASE_REPLICA_URLS ?? "").split(",").map((u) => u.trim()).filter(Boolean),
  ttlSeconds = Number(process.env.PAGE_CACHE_TTL || 10),
  maxBytes = Number(process.env.PAGE_CACHE_MB || 64) * 1024 * 1024,
  pollMs = Number(process.env.PAGE_CACHE_POLL_MS || 1000),
  onChange = () => {},
} = {}) {
  /** @type {Map<string, {version: string, expires: number, status: number, headers: [string, string][], body: Buffer, gzip?: Buffer, br?: Buffer, bytes: number}>} */
  const entries = new Map();
  let bytes = 0;
  let version = null; // unknown until the first read: nothing is cached before it

  const pool = mysql.createPool({ uri: databaseUrl, charset: "utf8mb4", connectionLimit: 1, connectTimeout: 2000, enableKeepAlive: true });
  // With read replicas the version is read where this process's pages read their content: the
  // replica app/db/client.server.ts picks (the same one, by process id), else the primary when it
  // fails. A version read on the primary while the pages read a lagging replica would store the
  // replica's older pages under the newer version (docs/caching.md).
  const replicaUrl = replicaUrls.length ? replicaUrls[process.pid % replicaUrls.length] : null;
  const replicaPool = replicaUrl ? mysql.createPool({ uri: replicaUrl, charset: "utf8mb4", connectionLimit: 1, connectTimeout: 2000, enableKeepAlive: true }) : null;
  const VERSION_SQL = { sql: "SELECT `value` FROM site_settings WHERE `key` = 'content_version'", timeout: 2000 };
  const queryVersion = () => (replicaPool ? replicaPool.query(VERSION_SQL).catch(() => pool.query(VERSION_SQL)) : pool.query(VERSION_SQL));
  let reading = null;
  /** Reads the content version; on a change every entry goes. A failed read keeps what we have (they expire). */
  function readVersion() {
    reading ??= queryVersion()
      .then(([rows]) => {
        const next = rows[0]?.value ?? "0";
        if (next !== version) {
          onChange();
          clear();
        }
        version = next;
      })
      .catch(() => {})
      .finally(() => (reading = null));
    return reading;
  }
  const timer = setInterval(readVersion, pollMs);
  timer.unref();
  readVersion();

  function clear() {
    entries.clear();
    bytes = 0;
  }

  function grow(entry, n) {
    entry.bytes += n;
    if (entries.get(entry.key) === entry) bytes += n;
  }

  function drop(key) {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  }

  return {
    /** The cache key of a request, or null when it must go to Remix. */
    keyFor(req) {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      if (STAFF_COOKIE.test(req.headers.cookie ?? "")) return null;
      if (req.originalUrl.length > 2048) return null;
      // Crawlers get a page without the presence ping (root.tsx): kept apart, so a browser is never
      // served a crawler's copy.
      return isbot(req.headers["user-agent"] || "") ? `bot ${req.originalUrl}` : req.originalUrl;
    },

    /** A live entry for `key` under the current version, or null. */
    get(key) {
      const e = entries.get(key);
      if (!e) return null;
      if (e.version !== version || e.expires < Date.now()) {
        drop(key);
        return null;
      }
      return e;
    },

    /** Stores a storable response's body under `key` (the version seen before it was rendered). */
    put(key, versionBefore, response, body) {
      if (version === null || versionBefore !== version || body.length > MAX_ENTRY_BYTES) return null;
      const maxAge = publicMaxAge(response.headers.get("cache-control"));
      const headers = [];
      for (const [name, value] of response.headers) {
        if (name === "content-length" || name === "content-encoding" || name === "vary") continue;
        // A document's CSP nonce is only used by hydrated (admin) pages, which are never public. A
        // stored page must not hand the same nonce to every visitor, so an unused nonce goes.
        if (name === "content-security-policy") {
          const nonce = /'nonce-([^']+)'/.exec(value)?.[1];
          if (nonce && body.includes(nonce)) return null;
          headers.push([name, value.replace(/\s*'nonce-[^']+'/g, "")]);
          continue;
        }
        headers.push([name, value]);
      }
      drop(key);
      const entry = { key, version, expires: Date.now() + Math.min(ttlSeconds, maxAge) * 1000, status: response.status, headers, etag: etagOf(body), body, bytes: body.length };
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const k of entries.keys()) {
        if (bytes <= maxBytes) break;
        if (k !== key) drop(k);
      }
      return entry;
    },

    get version() {
      return version;
    },

    /** Sends an entry in the encoding the client prefers (the compressed forms are made once), or a 304. */
    send(req, res, entry, cacheStatus) {
      res.setHeader("X-Page-Cache", cacheStatus);
      if (notModified(req, entry.etag)) return sendNotModified(res, entry.headers, entry.etag);
      const encoding = preferredEncoding(req);
      let body = entry.body;
      if (encoding === "br") {
        if (!entry.br) {
          entry.br = brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } });
          grow(entry, entry.br.length);
        }
        body = entry.br;
      } else if (encoding === "gzip") {
        if (!entry.gzip) {
          entry.gzip = gzipSync(entry.body, { level: 6 });
          grow(entry, entry.gzip.length);
        }
        body = entry.gzip;
      }
      res.statusCode = entry.status;
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader("ETag", entry.etag);
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
    },

    /** After a staff save: read the version now (every process also reads it each second). */
    refresh: readVersion,

    async close() {
      clearInterval(timer);
      clear();
      await pool.end().catch(() => {});
      await replicaPool?.end().catch(() => {});
    },
  };
}

/**
 * The express handler in front of Remix's `handleRequest` (Request → Response): anonymous GETs through
 * `cache` (null: off). Each request runs in an AsyncLocalStorage whose store the database client
 * (app/db/client.server.ts) counts round trips in; with `reportRoundTrips` the count goes out as
 * `X-DB-Round-Trips` (the benchmark reads it).
 */
export function cachedHandler({ handleRequest, getLoadContext, cache, reportRoundTrips = false, busyLimit = 0 }) {
  const requests = (globalThis.__grbdRequestStore ??= new AsyncLocalStorage());
  // Requests in Remix now. Past busyLimit a GET that the cache cannot answer is told "busy, try again
  // in a moment" at once (it would wait behind all the others and might time out); a POST always
  // waits its turn, as it carries what a student answered.
  let inFlight = 0;
  // Misses of one key being rendered now: a request arriving meanwhile waits for that render instead of
  // making its own (hundreds of students open a live exam's first page in the same second).
  const rendering = new Map();
  return (req, res, next) =>
    requests.run({ dbRoundTrips: 0 }, async () => {
      let settle = null;
      const key = cache?.keyFor(req) ?? null;
      try {
        if (key) {
          const hit = cache.get(key);
          if (hit) return cache.send(req, res, hit, "hit");
          const pending = rendering.get(key);
          if (pending) {
            const entry = await pending;
            if (entry) return cache.send(req, res, entry, "hit");
          } else {
            rendering.set(key, new Promise((resolve) => (settle = resolve)));
          }
        }
        if (busyLimit > 0 && inFlight >= busyLimit && (req.method === "GET" || req.method === "HEAD")) {
          settle?.(null);
          return sendBusy(res);
        }
        // A staff save on this process shows on the next anonymous request, not a poll later.
        if (cache && req.method === "POST" && req.path.startsWith("/gradmin")) res.once("finish", () => cache.refresh());
        const versionBefore = cache?.version;
        inFlight++;
        let response;
        try {
          response = await handleRequest(createRemixRequest(req, res), await getLoadContext(req, res));
        } finally {
          inFlight--;
        }
        if (reportRoundTrips) res.setHeader("X-DB-Round-Trips", String(requests.getStore()?.dbRoundTrips ?? 0));
        if (key && storable(response)) {
          const body = Buffer.from(await response.arrayBuffer());
          const entry = cache.put(key, versionBefore, response, body);
          settle?.(entry);
          if (entry) return cache.send(req, res, entry, "miss");
          return await sendRemixResponse(res, new Response(body, response));
        }
        // Not storable (private, an error, a redirect): those who waited render their own.
        settle?.(null);
        if (isDocument(response)) await sendWhole(req, res, response);
        else await sendRemixResponse(res, response);
      } catch (error) {
        settle?.(null);
        next(error);
      } finally {
        if (settle) rendering.delete(key);
      }
    });
}

/** Seconds a "busy" answer asks the browser to wait before asking again. */
export const BUSY_RETRY_SECONDS = 2;

/**
 * "Busy, trying again": a 503 with Retry-After, and a small page that asks again by itself (a refresh,
 * so without JavaScript too). Only GETs get it, so asking again repeats nothing.
 */
function sendBusy(res) {
  res.statusCode = 503;
  res.setHeader("Retry-After", String(BUSY_RETRY_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(
    `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta http-equiv="refresh" content="${BUSY_RETRY_SECONDS + 1}"><title>একটু অপেক্ষা করুন</title></head>` +
      `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.6">` +
      `<h1>অনেকে একসাথে ঢুকছেন</h1><p>এক মুহূর্ত অপেক্ষা করুন: পাতাটি কয়েক সেকেন্ডের মধ্যে নিজে থেকেই আবার চেষ্টা করবে। আপনার জমা দেওয়া উত্তর নিরাপদ আছে।</p>` +
      `<p>Many students are arriving at once; this page tries again by itself in a few seconds.</p></body></html>`,
  );
}

/** An HTML page with a body (rendered whole by renderToString, so nothing is gained by streaming it). */
function isDocument(response) {
  return response.body !== null && /^text\/html\b/i.test(response.headers.get("content-type") ?? "");
}

/**
 * Brotli's quality for a document compressed per request (the page cache's entries, compressed once,
 * use 5). 3 rather than the compression middleware's 4: half the CPU (0.31 against 0.65 ms for a
 * 95 KB exam page, 0.12 against 0.22 ms for a 30 KB search page) for 5–7 % more bytes (11.7 against
 * 11.1 KB, 6.7 against 6.4 KB, /home 9.5 against 8.9 KB). Measured with PAGE_CACHE=0, both port
 * orders: 1.08 × the requests on a search and an exam page, 1.13 × on /home and the title page. (An
 * earlier try, when pages were compressed in chunks by the middleware, showed no gain.) On exam
 * night the attempt pages are compressed per request, and the CPU is what runs out first.
 */
const BROTLI_QUALITY = 3;

/**
 * Sends a document in one write, compressed once: brotli (BROTLI_QUALITY) or gzip as the client
 * accepts, plain below 1 KB or with no-transform. Through the compression
 * middleware the same page went out as several compressed chunks, each a socket write, compressed on
 * the main thread. A page up to ASYNC_FROM is compressed right here (about 0.1 ms for a
 * 30 KB page), a bigger one in the thread pool: handing work to the pool costs about 0.2 ms of CPU
 * per call, which on a busy machine is CPU taken from the next request.
 */
const ASYNC_FROM = 128 * 1024;
async function sendWhole(req, res, response) {
  const body = Buffer.from(await response.arrayBuffer());
  // A public page not stored here (staff, PAGE_CACHE=0) is validated the same way: the browser that
  // asks again with the ETag of what it holds gets a 304 while the page is the same.
  const cacheControl = response.headers.get("cache-control");
  if (response.status === 200 && publicMaxAge(cacheControl) !== null && !response.headers.has("set-cookie")) {
    const etag = etagOf(body);
    if (notModified(req, etag)) return sendNotModified(res, response.headers.entries(), etag);
    res.setHeader("ETag", etag);
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name !== "content-length" && name !== "content-encoding") res.append(name, value);
  }
  const noTransform = /\bno-transform\b/i.test(response.headers.get("cache-control") ?? "");
  const encoding = body.length < 1024 || noTransform ? "identity" : preferredEncoding(req);
  let out = body;
  const sync = body.length < ASYNC_FROM;
  if (encoding === "br") {
    const options = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } };
    out = sync ? brotliCompressSync(body, options) : await brotliAsync(body, options);
  } else if (encoding === "gzip") out = sync ? gzipSync(body, { level: 6 }) : await gzipAsync(body, { level: 6 });
  res.vary("Accept-Encoding");
  // Compressed here, the compression middleware passes it through (plain: it finds nothing to do).
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", out.length);
  res.end(req.method === "HEAD" ? undefined : out);
}
