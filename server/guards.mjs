// The checks server/server.mjs runs before Remix, each an express middleware. Remix would answer
// each of these requests with a 500 (tests/unit/guards.test.ts drives them through a real server).

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALLOWED = "GET, HEAD, POST";
/** Bodies larger than this are refused (413); the largest form we serve, a 100-question exam page, posts ~3 KB. */
export const MAX_BODY_BYTES = 64 * 1024;
/** A reg-name or IPv4 (letters, digits, dot, hyphen) or a bracketed IPv6 literal, then an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

const plain = (res, status, text, headers = {}) =>
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers }).send(text);

/** 405 for TRACE, CONNECT, PUT, DELETE, WebDAV and anything else we do not serve; OPTIONS says what we do. */
export function allowMethods(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  if (req.method === "OPTIONS") return res.status(204).set({ Allow: ALLOWED, "Cache-Control": "no-store" }).end();
  plain(res, 405, "Method Not Allowed", { Allow: ALLOWED });
}

/**
 * Remix takes the request URL's host from Host (and, behind our proxy, X-Forwarded-Host): anything
 * but a plain host[:port] is a 400. A Host holding a path would otherwise choose the route.
 */
export function checkHost(req, res, next) {
  const host = req.get("host");
  const forwarded = req.app.get("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const bad = (h) => !HOST.test(h.trim());
  if (!host || bad(host) || (forwarded !== undefined && forwarded.split(",").some(bad))) {
    return plain(res, 400, "Bad Request: malformed Host");
  }
  next();
}

/**
 * A path whose first segment starts with a backslash (`/\`, `/%5C`): no page of ours does, and
 * React Router reads "/\" like "//", a URL with an empty host, and throws while rendering the 404
 * page (a 500, found by npm run stress). 404 here instead.
 */
export function refuseBackslashPath(req, res, next) {
  if (/^\/(?:\\|%5c)/i.test(req.originalUrl)) return plain(res, 404, "Not Found");
  next();
}

/**
 * One address per page: a number in a public page's path loses its leading zeros (/title/01,
 * /mq/007, /qp-by-subject-board/01/02), with a 301 to the page's own address and the query kept, so
 * search engines and shared links settle on one URL. Not for staff pages, files, or paths whose
 * segments are codes and keys rather than numbers (a saved paper's code, a teacher's link, an
 * attempt's id).
 */
const CODE_PATHS = /^\/(?:gradmin|build|media|questionpaper\/[pt]\/|exampage\/[^/]+\/attempt\/)/;
export function canonicalNumbers(req, res, next) {
  if ((req.method !== "GET" && req.method !== "HEAD") || CODE_PATHS.test(req.path)) return next();
  let changed = false;
  const path = req.path
    .split("/")
    .map((segment) => {
      if (!/^0\d{1,9}$/.test(segment)) return segment;
      changed = true;
      return String(Number(segment));
    })
    .join("/");
  if (!changed) return next();
  const query = req.originalUrl.indexOf("?");
  res.redirect(301, path + (query >= 0 ? req.originalUrl.slice(query) : ""));
}

/**
 * An error handler, after the routes: a path with a malformed percent-escape (`/%zz`, `/%E0%A4%A`)
 * fails express's decoding of the route's parameter with a URIError that express answers 400 as
 * an HTML page, logging its stack trace on every such request (hostile traffic filled the log). A
 * plain 400 here, and nothing logged; any other error goes on to express as before.
 */
export function answerMalformedPath(err, req, res, next) {
  if (!(err instanceof URIError) || res.headersSent) return next(err);
  plain(res, 400, "Bad Request");
}

/**
 * Staff forms are larger: a long topic with math, images (2 MB each), a question file to import. Only
 * signed-in staff get past the admin routes' checks, and each admin action caps what it reads itself.
 */
export const MAX_ADMIN_BODY_BYTES = 12 * 1024 * 1024;

/**
 * A teacher's scanned answer sheets, posted to the paper's private page (/questionpaper/t/{token}):
 * many phone photos at once. The action caps what it reads itself (60 MB) and says so in Bangla.
 */
export const MAX_SHEET_UPLOAD_BYTES = 64 * 1024 * 1024;
const SHEET_UPLOAD = /^\/questionpaper\/t\/[0-9a-z]{32}\/?$/;
const SHEETS_TOO_LARGE = "একবারে সর্বোচ্চ ৬০ MB পাঠানো যায়: ছবিগুলো কয়েক ভাগে পাঠান। (Too large: send the photos in a few parts.)";

/** A declared body over the cap is refused before it is read; streamed bodies are capped where actions read them. */
export function capBody(req, res, next) {
  const sheets = SHEET_UPLOAD.test(req.path);
  const cap = /^\/gradmin(\/|$)/.test(req.path) ? MAX_ADMIN_BODY_BYTES : sheets ? MAX_SHEET_UPLOAD_BYTES : MAX_BODY_BYTES;
  if (Number(req.get("content-length") || 0) <= cap) return next();
  plain(res, 413, sheets ? SHEETS_TOO_LARGE : "Payload Too Large");
}

/**
 * How long a request body may take to arrive. Node's own bound is requestTimeout (300 s by default),
 * long enough for a client sending a byte now and then to hold a connection and a worker's memory
 * for five minutes. Public forms are a few KB (a phone on 2G sends 64 KB in about 10 s); staff
 * uploads of up to MAX_ADMIN_BODY_BYTES get longer. Past it the connection is closed without an answer.
 */
export const BODY_TIME_MS = Number(process.env.BODY_TIMEOUT_MS || 30_000);
export const ADMIN_BODY_TIME_MS = Number(process.env.ADMIN_BODY_TIMEOUT_MS || 120_000);

/** The middleware, with other bounds for tests. */
export function bodyTimeLimit({ publicMs = BODY_TIME_MS, adminMs = ADMIN_BODY_TIME_MS } = {}) {
  return function limitBodyTime(req, res, next) {
    if (!UNSAFE.has(req.method) || req.complete) return next();
    // Staff uploads and a teacher's photos of answer sheets get the longer time.
    const ms = /^\/gradmin(\/|$)/.test(req.path) || SHEET_UPLOAD.test(req.path) ? adminMs : publicMs;
    const timer = setTimeout(() => {
      // No answer: whatever reads the body (Remix) may be about to write one; the client is gone anyway.
      if (!req.complete) req.socket.destroy();
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    req.once("end", done);
    res.once("close", done);
    next();
  };
}

export const limitBodyTime = bodyTimeLimit();

/** How long the rest of a refused body is read (and thrown away) after the answer went out. */
export const LINGER_MS = 5000;

/**
 * A request answered before its body was read (a 413, say): Node would close the socket right after
 * the answer, and the client, still sending, gets a reset that makes its TCP stack drop our answer.
 * So, like nginx's lingering close, the connection stays open while the rest is read and discarded
 * (never stored), for at most LINGER_MS; then it is closed.
 */
export function lingerAfterEarlyAnswer(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    // Node marks such an answer "Connection: close" and destroys the socket once it is written.
    if (!req.complete) res.shouldKeepAlive = true;
    return writeHead.apply(this, args);
  };
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    req.removeAllListeners("data"); // whoever was reading it (Remix's body stream) is done with it
    req.on("data", () => {});
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    req.once("end", () => {
      clearTimeout(timer);
      if (/close/i.test(req.get("connection") ?? "")) socket.end();
    });
  });
  next();
}

/**
 * The host a browser's Origin header must name: the proxy's X-Forwarded-Host when present, else Host
 * (the same rule Remix applies, so anything that passes here passes there too).
 */
function expectedHost(req) {
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || req.get("host") || null;
}

/** True when the request carries an Origin that is not this site ("null" included: sandboxed pages). */
export function isCrossSite(req) {
  const origin = req.get("origin");
  if (origin === undefined) return false;
  let originHost;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const host = expectedHost(req);
  return !host || originHost !== host;
}

const refusal = `<!doctype html><html lang="bn"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>অনুরোধ গ্রহণ করা হয়নি (Request refused)</title><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>অনুরোধ গ্রহণ করা হয়নি</h1><p>অন্য একটি ওয়েবসাইট থেকে পাঠানো ফর্ম আমরা গ্রহণ করি না। পাতাটি খুলে সেখান থেকে আবার চেষ্টা করুন।</p><p lang="en">A form sent from another website is not accepted. Open the page on this site and try again.</p><p><a href="/home">প্রথম পাতা (Home)</a></p></body></html>`;

/** A cross-site POST (document or ?_data=) gets 403: Remix would abort it with an empty 500. */
export function refuseCrossSite(req, res, next) {
  if (!UNSAFE.has(req.method) || !isCrossSite(req)) return next();
  res.status(403).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(refusal);
}

/** For responses that are not documents (files, JSON, redirects, text): nothing in them may run or be framed. */
export const DEFAULT_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers every response gets, added just before the headers are sent, so that a document's own
 * Content-Security-Policy (app/entry.server.tsx) wins: nosniff, that default CSP, and HSTS over HTTPS.
 */
export function securityHeaders(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!res.hasHeader("X-Content-Type-Options")) res.setHeader("X-Content-Type-Options", "nosniff");
    if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", DEFAULT_CSP);
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=15552000");
    return writeHead.apply(this, args);
  };
  next();
}

/** SITE_ORIGIN as app/lib/site-origin.server.ts reads it; returns an error message when malformed. */
export function siteOriginProblem(raw) {
  if (!raw || !raw.trim()) return null;
  try {
    const u = new URL(raw.trim());
    if (/^https?:$/.test(u.protocol) && !u.username && !u.password && (u.pathname === "/" || u.pathname === "") && !u.search && !u.hash) return null;
  } catch {
    /* reported below */
  }
  return `SITE_ORIGIN must be a bare origin such as https://example.com (got "${raw}")`;
}

/**
 * For the HTTP server's "clientError": requests Node's parser refuses before express sees them. A
 * method it does not know (FOO, BREW) is a 405 like TRACE; anything else malformed stays a 400.
 */
export function answerClientError(err, socket) {
  if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
  const [status, extra] = err.code === "HPE_INVALID_METHOD" ? ["405 Method Not Allowed", `Allow: ${ALLOWED}\r\n`] : ["400 Bad Request", ""];
  socket.end(`HTTP/1.1 ${status}\r\n${extra}X-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}
