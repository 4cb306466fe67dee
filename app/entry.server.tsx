import { randomBytes } from "node:crypto";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToString } from "react-dom/server";
import { isDatabaseUnavailable } from "~/lib/http.server";
import { isAdminPath } from "~/lib/nav";
import { RequestContext } from "~/lib/request-context";
import type { RouteHandle } from "~/root";

/** Requests whose loaders failed because the database is unreachable: they answer 503, not 500. */
const databaseDown = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A client's mistake (a POST to a page without a form, a GET of a form-only route, ?_data= naming
  // another route) is answered 4xx by Remix; its stack trace says nothing about our code.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isDatabaseUnavailable(error)) {
    databaseDown.add(request);
    console.error(`[db] unavailable while serving ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const down = databaseDown.has(request);
  if (down) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "30");
  }
  const nonce = randomBytes(16).toString("base64");
  setDocumentHeaders(request, responseStatusCode, responseHeaders, nonce);
  const bot = isbot(request.headers.get("user-agent") || "");

  // The whole document goes out as one string. We use no Suspense, so streaming would show nothing
  // sooner, and it cost twice: Remix flushes every streamed chunk, which defeats gzip (/home 19 KB
  // gzipped streamed, 7.7 KB whole), and React's streaming encoder left NUL bytes where a Bengali
  // character met its 2 KB buffer's end on this Node version (tests in e2e/shell.spec.ts).
  const html = renderToString(
    <RequestContext.Provider value={{ nonce, databaseDown: down, bot }}>
      <RemixServer context={hydrates(remixContext) ? remixContext : withoutHandoff(remixContext)} url={request.url} nonce={nonce} />
    </RequestContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/** The same rule as the root's: a page loads Remix's scripts when one of its routes has `handle.hydrate`. */
function hydrates(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (m) => (context.routeModules[m.route.id]?.handle as RouteHandle | undefined)?.hydrate,
  );
}

/**
 * The context without the serialized loader data that only Remix's <Scripts> reads (a page that does
 * not hydrate never renders it). Our patch of server-runtime (patches/) makes that string when it is
 * first read, so here it is never made: on the 100-question exam page it was about a sixth of the
 * server's time (the page's data, JSON-stringified and HTML-escaped for nothing).
 */
function withoutHandoff(context: EntryContext): EntryContext {
  return Object.create(context, { serverHandoffString: { value: undefined } });
}

/** Admin data (`?_data=` requests of the hydrated admin area) is never cached either. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (isAdminPath(new URL(request.url).pathname)) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60";

function setDocumentHeaders(request: Request, status: number, headers: Headers, nonce: string) {
  const url = new URL(request.url);
  const admin = isAdminPath(url.pathname);
  // Nothing of the admin area stays in a cache: after sign-out, Back shows no admin page. Nor does a
  // staff preview of a draft (?preview=1, utils/preview.server.ts), whoever asked for it.
  if (admin || url.searchParams.has("preview")) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control")) {
    // A browser keeps no fresh copy (max-age=0): it asks again each time, with the page's ETag (the
    // server answers 304 while the page is the same), so a save shows at once even to whoever opened
    // the page a moment before. Shared caches (a CDN, the page cache) may keep it 60 s (s-maxage).
    // No stale-while-revalidate: a browser would show its old copy once more after a save.
    headers.set("Cache-Control", status >= 400 ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL);
  }
  // Public pages run no inline script at all; the admin area's Remix scripts carry the nonce.
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https://i.ytimg.com",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src https://www.youtube-nocookie.com",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}

/**
 * Called by the page cache (server/server.mjs) when it sees the content version move: the shell and
 * every kept content cache of this process are emptied before a page is stored under the new version.
 */
export { clearShellCache as onContentVersionChange } from "~/models/site.server";

/** Started by server/server.mjs in every process: publishes scheduled content when its time comes. */
export { startPublicationSweeper } from "~/models/publication.server";
