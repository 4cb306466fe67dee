// `npm start`: the production server. It is remix-serve's setup (compression, the fingerprinted
// /build/ files cached for a year, public/ for an hour, a one-line request log) plus the checks that
// must run before Remix, because Remix answers each of these requests with a 500:
//   - a method other than GET, HEAD or POST: 405 (OPTIONS: 204 with Allow);
//   - a malformed Host (or, behind our proxy, X-Forwarded-Host): 400. Remix builds request.url from
//     it, so a Host holding a path would otherwise pick the route;
//   - a POST whose declared body is over the cap: 413 before reading it (actions cap streamed bodies);
//   - a path starting with a backslash (/%5C): 404. React Router takes "/\" for "//" and throws;
//   - a path with a malformed percent-escape (/%zz): a plain 400, without a stack trace in the log;
//   - a cross-site POST: 403. Remix's own document handler aborts such a request before any route
//     runs and answers an empty 500 (server-runtime's throwIfPotentialCSRFAttack).
// Every response gets nosniff and, unless it brings its own (documents do), a restrictive
// Content-Security-Policy; HTTPS responses get HSTS. The checks are in ./guards.mjs. Routes see the
// client's address as `context.clientAddress` (the socket's, or with TRUST_PROXY=1 what our one
// proxy hop saw).
//
// Anonymous GETs of public pages are answered from a cache of rendered pages (./page-cache.mjs).
//
// With WEB_CONCURRENCY > 1 (the default: one per CPU, up to 4) this process is the primary of a node:cluster
// (./cluster.mjs) and each worker runs the app below on the same port.
//
// `npm run dev` runs this same server under Remix's watcher (NODE_ENV=development, one process, no
// page cache), restarted on every rebuild.
//
//   PORT (default 3000), HOST (default all interfaces), DATABASE_URL, SESSION_SECRET, SITE_ORIGIN, TRUST_PROXY=1,
//   WEB_CONCURRENCY (app processes; default one per CPU, at most 4), PAGE_CACHE=0 (off), PAGE_CACHE_TTL,
//   PAGE_CACHE_MB, PAGE_CACHE_POLL_MS, SEARCHES_KEPT (app/models/search/kept.server.ts), REPORT_DB_ROUND_TRIPS=1,
//   BUSY_LIMIT (renders at once per process before a GET gets "busy, try again"; default 500, 0 off)
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, createRequestHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { CONTENT_CHANGED, runPrimary } from "./cluster.mjs";
import { cachedHandler, createPageCache } from "./page-cache.mjs";
import {
  ADMIN_BODY_TIME_MS,
  allowMethods,
  answerClientError,
  answerMalformedPath,
  canonicalNumbers,
  capBody,
  checkHost,
  limitBodyTime,
  lingerAfterEarlyAnswer,
  refuseBackslashPath,
  refuseCrossSite,
  securityHeaders,
  siteOriginProblem,
} from "./guards.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const problem = siteOriginProblem(process.env.SITE_ORIGIN);
if (problem) {
  console.error(`[server] ${problem}`);
  process.exit(1);
}
const port = Number(process.env.PORT) || 3000;
/**
 * Requests a process renders at once before a GET the page cache cannot answer gets "busy, try again"
 * (503, Retry-After) rather than a place at the back of a queue it may time out in. 0: no limit.
 */
const BUSY_LIMIT = process.env.BUSY_LIMIT === undefined ? 500 : Math.max(0, Number(process.env.BUSY_LIMIT) || 0);

// One process per CPU, at most 4 by default: each has its own pool of DB_POOL_SIZE connections.
const workers = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY)) || Math.min(4, os.availableParallelism()));
if (cluster.isPrimary && workers > 1) runPrimary({ workers, port });
else await serve();

async function serve() {
  const trustProxy = process.env.TRUST_PROXY === "1";

  const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
  const build = await import(url.pathToFileURL(path.join(root, "build", "index.js")).href);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  /** What to end when the server stops. */
  const servers = {
    closers: [],
    onClose(fn) {
      this.closers.push(fn);
    },
    close() {
      return Promise.allSettled(this.closers.map((fn) => fn()));
    },
  };

  const app = express();
  app.disable("x-powered-by");
  // One hop, our own proxy: req.ip, req.protocol and req.hostname take its word, never an earlier hop's.
  if (trustProxy) app.set("trust proxy", 1);
  app.use(securityHeaders);
  app.use(lingerAfterEarlyAnswer);
  app.use(allowMethods);
  app.use(checkHost);
  app.use(refuseBackslashPath);
  app.use(canonicalNumbers);
  app.use(compression());
  app.use(build.publicPath, express.static(path.resolve(root, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
  // public/ holds files with extensions only: a page's path (no dot in its last segment) skips the disk.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.use(morgan("tiny"));
  app.use(refuseCrossSite);
  app.use(capBody);
  app.use(limitBodyTime);
  // A new content version empties the app's own content caches before pages are stored under it.
  const onContentVersionChange = build.entry.module.onContentVersionChange;
  const cache = process.env.PAGE_CACHE === "0" ? null : createPageCache({ onChange: onContentVersionChange });
  if (cache) servers.onClose(() => cache.close());
  // Scheduled topics, questions, exams… go live on time without a staff save: each process sweeps
  // (app/models/publication.server.ts; one UPDATE per table, the content version raised on a change).
  build.entry.module.startPublicationSweeper?.();
  if (cluster.isWorker) {
    // A staff save on this worker shows on the others at once (they would see it within a second).
    app.use((req, res, next) => {
      if (req.method === "POST" && req.path.startsWith("/gradmin")) res.once("finish", () => process.connected && process.send({ type: CONTENT_CHANGED }));
      next();
    });
    process.on("message", (message) => {
      if (message?.type !== CONTENT_CHANGED) return;
      if (cache) cache.refresh();
      else onContentVersionChange();
    });
  }
  app.all("*", remixHandler());
  app.use(answerMalformedPath);

  /** Remix behind the page cache of anonymous GETs (PAGE_CACHE=0: without it). */
  function remixHandler() {
    return cachedHandler({
      handleRequest: createRequestHandler(build, process.env.NODE_ENV),
      getLoadContext: (req) => ({ clientAddress: (req.ip ?? "").slice(0, 64) }),
      cache,
      reportRoundTrips: process.env.REPORT_DB_ROUND_TRIPS === "1",
      busyLimit: BUSY_LIMIT,
    });
  }

  // Under the cluster's primary, it says where the site is once every worker listens.
  const onListen = () => {
    if (cluster.isPrimary) console.log(`[server] http://localhost:${port}`);
    // Under `npm run dev` (remix dev -c): tells the watcher this build is being served.
    if (process.env.NODE_ENV === "development") broadcastDevReady(build);
  };
  const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
  server.on("clientError", answerClientError);
  // Headers must arrive within 20 s (Node: 60 s); limitBodyTime bounds each body, this the rest.
  server.headersTimeout = 20_000;
  server.requestTimeout = ADMIN_BODY_TIME_MS + 30_000;
  const shutDown = () => server.close(() => servers.close().finally(() => process.exit(0)));
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, shutDown);
  // A worker whose primary is gone (killed) stops too, after its requests.
  if (cluster.isWorker) process.once("disconnect", shutDown);
}
