// Hostile and malformed requests against the production server (server/server.mjs + the build):
// each gets a 4xx (or a 503 while the database is down), never a 500, and nothing the client sends
// in Host or X-Forwarded-Host reaches a page, the sitemap or robots.txt.
import { request as httpRequest } from "node:http";
import { BASE, DOWN_BASE, expect, test } from "./fixtures";

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * Raw HTTP, so that Host, the method and the body are exactly what a hostile client would send. A
 * large body goes out in 64 KB chunks until the answer arrives: a server that answers early and
 * closes (as it should) is not an error here.
 */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  const { hostname, port, host } = new URL(base);
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection per request: one whose declared body never came must not swallow the next request.
    const req = httpRequest({ host: hostname, port, method, path, agent: false, headers: { Host: host, ...headers } }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const data = body ?? "";
    let at = 0;
    const more = () => {
      while (!answered && at < data.length) {
        const chunk = data.slice(at, (at += 64 * 1024));
        if (!req.write(chunk)) return void req.once("drain", more);
      }
      if (!answered) req.end();
    };
    more();
  });
}

/** The absolute URLs a page, the sitemap or robots.txt states about itself. */
function ownUrls(body: string): string[] {
  const patterns = [
    /<link rel="canonical" href="([^"]+)"/g,
    /<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content="([^"]+)"/g,
    /<loc>([^<]+)<\/loc>/g,
    /^Sitemap: (\S+)$/gm,
  ];
  return patterns.flatMap((p) => [...body.matchAll(p)].map((m) => m[1]));
}

// Each runs once: these are HTTP checks, not browser ones.
test.beforeEach(() => test.skip(test.info().project.name !== "js-on", "HTTP-level checks run in one project"));

test("a hostile Host and X-Forwarded-Host reach no absolute URL in pages, the sitemap or robots.txt", async () => {
  const hostile = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
  for (const path of ["/home", "/title/1", "/about/aboutus", "/exam-subpage/1", "/sitemap.xml", "/robots.txt"]) {
    const res = await send(BASE, "GET", path, hostile);
    expect(res.status, path).toBe(200);
    expect(res.body, path).not.toContain("evil.example");
    // Every absolute URL of ours is the configured origin (here the default: the server's own address).
    const ours = ownUrls(res.body);
    expect(ours.length, path).toBeGreaterThan(0);
    for (const u of ours) expect(u, path).toMatch(new RegExp(`^${BASE}/`));
  }
  const exam = ownUrls((await send(BASE, "GET", "/exam-subpage/1", hostile)).body);
  expect(exam.some((u) => /og:image|\.svg$/.test(u)), "an og:image is checked too").toBe(true);
  const page = await send(BASE, "GET", "/title/1", hostile);
  expect(page.body).toContain(`<link rel="canonical" href="${BASE}/title/1"/>`);
  expect(page.body).toContain(`<meta property="og:url" content="${BASE}/title/1"/>`);
  expect((await send(BASE, "GET", "/robots.txt", hostile)).body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
});

test("a Host holding a path cannot choose the page, and a malformed Host is a 400", async () => {
  for (const host of ["127.0.0.1/about/aboutus?x=", "evil.example/about", "a b", "@evil.example"]) {
    const res = await send(BASE, "GET", "/title/1", { Host: host });
    expect(res.status, JSON.stringify(host)).toBe(400);
    expect(res.body).not.toContain("<html");
  }
});

test("TRACE, unknown methods and methods we do not serve are 405", async () => {
  for (const [method, path] of [["TRACE", "/home"], ["FOO", "/home"], ["PROPFIND", "/home"], ["DELETE", "/contact"], ["PUT", "/contact"], ["PATCH", "/api/online/ping"]]) {
    const res = await send(BASE, method, path);
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
  }
});

test("a cross-origin POST is 403, also through ?_data=; a form of the wrong type is 400", async () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  for (const path of ["/contact", "/contact?_data=routes%2Fcontact", "/exampage/1", "/exampage/1?_data=routes%2Fexampage.%24grtid"]) {
    const res = await send(BASE, "POST", path, { ...form, Origin: "https://evil.example" }, "name=x");
    expect(res.status, path).toBe(403);
  }
  for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
    const res = await send(BASE, "POST", "/contact", { "Content-Type": type, Origin: BASE }, "{}");
    expect(res.status, type).toBe(400);
  }
});

test("bodies are capped: a declared 10 MB post is 413 at once, a chunked one 413 without an echo", async () => {
  const declared = await send(BASE, "POST", "/contact", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * 1024 * 1024) });
  expect(declared.status).toBe(413);
  const big = `name=x&email=a%40b.co&message=${"m".repeat(10 * 1024 * 1024)}`;
  for (const [path, type] of [["/contact", "application/x-www-form-urlencoded"], ["/api/online/ping", "application/json"]]) {
    const res = await send(BASE, "POST", path, { "Content-Type": type, "Transfer-Encoding": "chunked", Origin: BASE }, big);
    expect(res.status, path).toBe(413);
    // An answer, not an echo: the contact page's error page, or the ping's JSON.
    expect(res.body, path).not.toContain("m".repeat(100));
    expect(res.body.length, path).toBeLessThan(20_000);
  }
});

test("nosniff and a restrictive CSP on static files, JSON and redirects; documents keep theirs", async () => {
  for (const [path, status] of [["/favicon.svg", 200], ["/api/online/count", 200], ["/", 301], ["/exampage.php?grtid=1", 301]] as const) {
    const res = await send(BASE, "GET", path);
    expect(res.status, path).toBe(status);
    expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers["content-security-policy"], path).toMatch(/^default-src 'none'/);
  }
  // A document keeps its own policy. A public page served from the page cache carries no nonce: it
  // runs no inline script, and one nonce must not be handed to every reader.
  const doc = await send(BASE, "GET", "/home");
  expect(doc.headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self'( 'nonce-[^']+')?; /);
  if (doc.headers["x-page-cache"]) expect(doc.headers["content-security-policy"]).not.toContain("nonce-");
  expect(doc.headers["strict-transport-security"]).toBeUndefined(); // plain HTTP here
});

test("while the database is down, the resource routes answer 503 like pages do", async () => {
  const json = { "Content-Type": "application/json", Origin: DOWN_BASE };
  for (const [method, path, body] of [
    ["GET", "/api/online/count", undefined],
    ["GET", "/api/online/count.php", undefined],
    ["GET", "/sitemap.xml", undefined],
    ["POST", "/api/online/ping", JSON.stringify({ sessionKey: "outage-test-key", page: "/home" })],
    ["GET", "/home", undefined],
  ] as const) {
    const res = await send(DOWN_BASE, method, path, method === "POST" ? json : {}, body);
    expect(res.status, path).toBe(503);
    expect(res.headers["retry-after"], path).toBe("30");
  }
});
