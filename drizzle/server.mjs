// `npm start`: the production server. It is remix-serve's setup (compression, the fingerprinted
// /build/ files cached for a year, public/ for an hour, a one-line request log) plus one check that
// must run before Remix: a cross-site POST is refused with 403. Remix's own document handler aborts
// such a request before any route runs and answers an empty 500 (server-runtime's
// throwIfPotentialCSRFAttack), so the route-level check (requireSameOrigin) never gets to answer.
//
//   PORT (default 3000), HOST (default all interfaces), DATABASE_URL, SESSION_SECRET, TRUST_PROXY=1
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const build = await import(url.pathToFileURL(path.join(root, "build", "index.js")).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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

function refuseCrossSite(req, res, next) {
  if (!UNSAFE.has(req.method) || !isCrossSite(req)) return next();
  res.status(403).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(refusal);
}

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY === "1") app.set("trust proxy", true);
app.use(compression());
app.use(build.publicPath, express.static(path.resolve(root, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
app.use(morgan("tiny"));
app.use(refuseCrossSite);
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT) || 3000;
const onListen = () => console.log(`[server] http://localhost:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
