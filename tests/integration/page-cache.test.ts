// The page cache of anonymous GETs (server/page-cache.mjs) as the production server mounts it, with
// the real test database for the content version and a stand-in for Remix that says what it rendered.
// @ts-expect-error express ships no types (and @types/express is not worth a dependency for one test)
import express from "express";
// @ts-expect-error compression ships no types either
import compression from "compression";
import type { AddressInfo } from "node:net";
import { get as httpGet, type IncomingHttpHeaders, type Server } from "node:http";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedHandler, createPageCache, preferredEncoding, publicMaxAge, storable } from "../../server/page-cache.mjs";
import { db, resetTables, schema } from "./db";
import { sql } from "drizzle-orm";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/entry.server";

// What a public page says (app/entry.server.tsx).
const PUBLIC = PUBLIC_PAGE_CACHE_CONTROL;
let renders = 0;
/** What the stand-in renders per path: the headers a route would send, and a body naming the render. */
const routes: Record<string, (n: number) => Response | Promise<Response>> = {
  "/slow": async (n) => {
    await new Promise((r) => setTimeout(r, 50));
    return new Response(`<p>slow ${n}</p>`.repeat(50), { headers: { "Cache-Control": PUBLIC, "Content-Type": "text/html; charset=utf-8" } });
  },
  "/slow-private": async (n) => {
    await new Promise((r) => setTimeout(r, 50));
    return new Response(`private ${n}`, { headers: { "Cache-Control": "private, no-store" } });
  },
  "/page": (n) => new Response(`<p>render ${n}</p>`.repeat(50), { headers: { "Cache-Control": PUBLIC, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'self' 'nonce-abc123'" } }),
  "/private": (n) => new Response(`private ${n}`, { headers: { "Cache-Control": "private, no-store" } }),
  "/cookie": (n) => new Response(`cookie ${n}`, { headers: { "Cache-Control": PUBLIC, "Set-Cookie": "a=b" } }),
  "/nonce-used": (n) => new Response(`<script nonce="abc123"></script>${n}`, { headers: { "Cache-Control": PUBLIC, "Content-Security-Policy": "script-src 'nonce-abc123'" } }),
  "/missing": (n) => new Response(`404 ${n}`, { status: 404, headers: { "Cache-Control": PUBLIC } }),
  "/short": (n) => new Response(`short ${n}`, { headers: { "Cache-Control": "public, max-age=1" } }),
};

let server: Server;
let base = "";
let cache: ReturnType<typeof createPageCache>;

async function setVersion(v: string) {
  await db.execute(sql`insert into ${schema.siteSettings} (\`key\`, value) values ('content_version', ${v}) on duplicate key update value = ${v}`);
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, text: await res.text(), cache: res.headers.get("x-page-cache"), headers: res.headers };
}

/** The bytes as sent (fetch would decode them). */
function rawGet(path: string, encoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(base + path, { headers: { "Accept-Encoding": encoding, "User-Agent": "node" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

beforeAll(async () => {
  await resetTables();
  await setVersion("1");
  cache = createPageCache({ pollMs: 60_000, ttlSeconds: 10 }); // polls by hand below
  await cache.refresh();
  const app = express();
  app.all(
    "*",
    cachedHandler({
      handleRequest: async (request: Request) => {
        renders++;
        const route = routes[new URL(request.url).pathname];
        if (request.method === "POST") return new Response("saved", { status: 303, headers: { Location: "/page" } });
        return route ? route(renders) : new Response("no", { status: 404 });
      },
      getLoadContext: () => ({}),
      cache,
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await cache.close();
});

beforeEach(async () => {
  await setVersion(String(Date.now()));
  await cache.refresh(); // a new version: every entry goes
});

describe("what is cached", () => {
  it("serves a public page from memory after the first render, with its headers and no nonce", async () => {
    const first = await get("/page");
    const second = await get("/page");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("cache-control")).toBe(PUBLIC);
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self'");
    // Another query string is another page.
    expect((await get("/page?x=1")).cache).toBe("miss");
  });

  it("renders a page once for requests that arrive while it is being rendered; a page it may not keep, once each", async () => {
    const before = renders;
    const pages = await Promise.all(Array.from({ length: 20 }, () => get("/slow")));
    expect(renders - before).toBe(1);
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
    expect(pages.filter((p) => p.cache === "miss")).toHaveLength(1);
    const mid = renders;
    const privates = await Promise.all(Array.from({ length: 5 }, () => get("/slow-private")));
    expect(renders - mid).toBe(5);
    expect(new Set(privates.map((p) => p.text)).size).toBe(5);
  });

  it("keeps a crawler's render apart from a browser's: a browser is never served what a crawler got", async () => {
    const bot = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const browser = { "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36" };
    const crawled = await get("/page", bot);
    const read = await get("/page", browser);
    expect([crawled.cache, read.cache]).toEqual(["miss", "miss"]);
    expect(read.text).not.toBe(crawled.text);
    expect((await get("/page", bot)).text).toBe(crawled.text);
    expect((await get("/page", browser)).text).toBe(read.text);
  });

  it("answers in gzip, brotli or plain as asked, the same page each time", async () => {
    const plain = (await get("/page")).text;
    for (const [enc, decode] of [["gzip", gunzipSync], ["br", brotliDecompressSync], ["identity", (b: Buffer) => b]] as const) {
      const res = await rawGet("/page", enc);
      expect(res.headers["content-encoding"] ?? "identity").toBe(enc);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(decode(res.body).toString("utf8")).toBe(plain);
    }
  });

  it("sends brotli to browsers, which list it after gzip", async () => {
    for (const header of ["gzip, deflate, br, zstd", "gzip, deflate, br"]) {
      const res = await rawGet("/page", header);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(res.body).toString("utf8")).toContain("<p>render");
    }
  });

  it("never stores private pages, pages that set a cookie or use their nonce, or errors", async () => {
    for (const path of ["/private", "/cookie", "/nonce-used", "/missing"]) {
      const a = await get(path);
      const b = await get(path);
      expect(a.text, path).not.toBe(b.text); // rendered twice
      expect(b.cache, path).toBeNull();
    }
    expect((await get("/cookie")).headers.get("set-cookie")).toBe("a=b");
  });

  it("staff (their session cookie) always get a fresh render", async () => {
    await get("/page");
    const staff = await get("/page", { Cookie: "theme=x; grbd_staff=abc" });
    expect(staff.cache).toBeNull();
    expect(staff.text).not.toBe((await get("/page")).text);
  });

  it("an entry lives no longer than its max-age", async () => {
    const a = await get("/short");
    expect((await get("/short")).text).toBe(a.text);
    // The clock moves past the second instead of the test waiting it out (only Date is faked: the
    // server's sockets keep their real timers).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1100 });
    try {
      expect((await get("/short")).text).not.toBe(a.text);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a staff save shows at once", () => {
  it("browsers keep no fresh copy of a public page and no stale one to show once more; shared caches keep it 60 s", () => {
    expect(PUBLIC).toBe("public, max-age=0, s-maxage=60");
    expect(PUBLIC).not.toMatch(/stale-while-revalidate|immutable/);
  });

  it("a browser that holds the page asks again with its ETag: 304 while it is the same, the new page after a save", async () => {
    const first = await get("/page");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await fetch(`${base}/page`, { headers: { "If-None-Match": etag! } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("cache-control")).toBe(PUBLIC);
    expect(same.headers.get("etag")).toBe(etag);
    // A save elsewhere: the version moves, the page is rendered again and the browser gets it.
    await setVersion(String(Date.now() + 1));
    await cache.refresh();
    const after = await fetch(`${base}/page`, { headers: { "If-None-Match": etag! } });
    expect(after.status).toBe(200);
    expect(await after.text()).not.toBe(first.text);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("a new content version (another process's save) empties the cache when it is read", async () => {
    const before = (await get("/page")).text;
    expect((await get("/page")).text).toBe(before);
    await setVersion("saved-elsewhere");
    await cache.refresh(); // what the once-a-second poll does
    const after = await get("/page");
    expect(after.cache).toBe("miss");
    expect(after.text).not.toBe(before);
  });

  it("a staff POST on this process reads the version as soon as it is answered", async () => {
    const before = (await get("/page")).text;
    await setVersion("saved-here"); // the save's transaction raised it
    const res = await fetch(base + "/gradmin/content/topics/1", { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    await expect.poll(async () => (await get("/page")).text, { timeout: 2000 }).not.toBe(before);
  });

  it("tells the app when the version moves, so its own kept content is read again first", async () => {
    let changes = 0;
    const watching = createPageCache({ pollMs: 60_000, onChange: () => changes++ });
    try {
      await watching.refresh(); // the first read
      const first = changes;
      await watching.refresh();
      expect(changes).toBe(first); // the same version: nothing to do
      await setVersion("saved-again");
      await watching.refresh();
      expect(changes).toBe(first + 1);
    } finally {
      await watching.close();
    }
  });

  it("a page rendered while the version changed is not stored under the new one", async () => {
    await get("/page");
    const v = cache.version;
    const rendered = new Response("old", { headers: { "Cache-Control": PUBLIC } });
    await setVersion("newer");
    await cache.refresh();
    expect(cache.put("/race", v, rendered, Buffer.from("old"))).toBeNull();
  });
});

describe("the rules", () => {
  it("reads max-age only from a shareable Cache-Control", () => {
    expect(publicMaxAge(PUBLIC)).toBe(60); // s-maxage: a shared cache's own age, not the browser's 0
    expect(publicMaxAge("public, max-age=0, s-maxage=30")).toBe(30);
    expect(publicMaxAge("public, max-age=0")).toBe(0);
    expect(publicMaxAge("public, s-maxage=5")).toBe(5);
    expect(publicMaxAge("private, max-age=60")).toBeNull();
    expect(publicMaxAge("public, no-store, max-age=60")).toBeNull();
    expect(publicMaxAge("max-age=60")).toBeNull();
    expect(publicMaxAge(null)).toBeNull();
  });

  it("prefers brotli, then gzip, whatever the order of Accept-Encoding, unless a q-value says otherwise", () => {
    const enc = (header?: string) => preferredEncoding({ headers: header === undefined ? {} : { "accept-encoding": header } });
    expect(enc("gzip, deflate, br, zstd")).toBe("br");
    expect(enc("gzip, deflate, br")).toBe("br");
    expect(enc("br, gzip")).toBe("br");
    expect(enc("gzip, deflate")).toBe("gzip");
    expect(enc("*")).toBe("br");
    expect(enc("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(enc("br;q=0, gzip")).toBe("gzip");
    expect(enc("deflate")).toBe("identity");
    expect(enc("identity;q=0, deflate")).toBe("identity");
    expect(enc("")).toBe("identity");
    expect(enc(undefined)).toBe("identity");
  });

  it("stores only 200s without Set-Cookie or Vary on anything but the encoding", () => {
    const r = (status: number, headers: Record<string, string>) => new Response("x", { status, headers });
    expect(storable(r(200, { "Cache-Control": PUBLIC }))).toBe(true);
    expect(storable(r(200, { "Cache-Control": PUBLIC, Vary: "Accept-Encoding" }))).toBe(true);
    expect(storable(r(200, { "Cache-Control": PUBLIC, Vary: "Cookie" }))).toBe(false);
    expect(storable(r(200, { "Cache-Control": PUBLIC, "Set-Cookie": "a=b" }))).toBe(false);
    expect(storable(r(404, { "Cache-Control": PUBLIC }))).toBe(false);
    expect(storable(r(200, { "Cache-Control": "public, max-age=0" }))).toBe(false);
  });

  it("keeps within its memory budget, the oldest entries going first", async () => {
    const small = createPageCache({ pollMs: 60_000, maxBytes: 10_000 });
    await small.refresh();
    const page = () => new Response("x", { headers: { "Cache-Control": PUBLIC } });
    for (let i = 0; i < 5; i++) small.put(`/p${i}`, small.version, page(), Buffer.alloc(3000, 65));
    expect(small.get("/p0")).toBeNull();
    expect(small.get("/p1")).toBeNull();
    expect(small.get("/p4")).not.toBeNull();
    expect(small.get("/p3")).not.toBeNull();
    await small.close();
  });

  it("caches nothing until it knows the content version (the database was never reached)", async () => {
    const blind = createPageCache({ databaseUrl: "mysql://nobody@127.0.0.1:1/none", pollMs: 60_000 });
    await blind.refresh();
    expect(blind.version).toBeNull();
    expect(blind.put("/p", null, new Response("x", { headers: { "Cache-Control": PUBLIC } }), Buffer.from("x"))).toBeNull();
    await blind.close();
  });
});

describe("pages that are not stored go out whole", () => {
  // As the server mounts it: the compression middleware in front, no cache (PAGE_CACHE=0, or a page
  // that may not be stored).
  const page = "<p>পাতা ১২৩ — একটি দীর্ঘ পৃষ্ঠা</p>".repeat(400);
  let whole: Server;
  let wholeBase = "";
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.all(
      "*",
      cachedHandler({
        handleRequest: async (request: Request) => {
          const path = new URL(request.url).pathname;
          const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
          if (path === "/two-cookies") {
            headers.append("Set-Cookie", "a=1; Path=/");
            headers.append("Set-Cookie", "b=2; Path=/");
            return new Response(page, { status: 404, statusText: "Not Found", headers });
          }
          if (path === "/small") return new Response("<p>ছোট</p>", { headers });
          if (path === "/public") {
            headers.set("Cache-Control", PUBLIC);
            return new Response(page, { headers });
          }
          if (path === "/no-transform") {
            headers.set("Cache-Control", "no-store, no-transform");
            return new Response(page, { headers });
          }
          if (path === "/data.json") return new Response(JSON.stringify({ text: page }), { headers: { "Content-Type": "application/json" } });
          return new Response(page, { headers });
        },
        getLoadContext: () => ({}),
        cache: null,
      }),
    );
    whole = app.listen(0, "127.0.0.1");
    await new Promise((r) => whole.once("listening", r));
    wholeBase = `http://127.0.0.1:${(whole.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => whole.close(r)));

  function raw(path: string, encoding: string, method = "GET") {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(wholeBase + path, { method, headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
  }

  it("compressed once as the client asks, with its length (not chunked), the same page each way", async () => {
    for (const [enc, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync], ["identity", (b: Buffer) => b]] as const) {
      const res = await raw("/page", enc);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"] ?? "identity").toBe(enc);
      expect(res.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(decode(res.body).toString("utf8")).toBe(page);
    }
    // A client that takes only deflate gets it from the middleware, as before.
    expect((await raw("/page", "deflate")).headers["content-encoding"]).toBe("deflate");
  });

  it("compresses a page for a browser's Accept-Encoding with brotli", async () => {
    const res = await raw("/page", "gzip, deflate, br, zstd");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(page);
  });

  it("keeps the status, every cookie and the headers; HEAD has no body", async () => {
    const res = await raw("/two-cookies", "gzip");
    expect(res.status).toBe(404);
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(gunzipSync(res.body).toString("utf8")).toBe(page);
    const head = await raw("/page", "gzip", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("a public page sent whole (staff, or the cache off) carries an ETag and is answered 304 while it is the same", async () => {
    const first = await raw("/public", "gzip");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await raw("/public", "br")).headers.etag).toBe(etag); // the page's, whatever the encoding
    const again = await new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      httpGet(`${wholeBase}/public`, { headers: { "If-None-Match": etag, "Accept-Encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      }).on("error", reject);
    });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe(PUBLIC);
    // A private page gets no validator: nothing keeps it.
    expect((await raw("/page", "gzip")).headers.etag).toBeUndefined();
  });

  it("leaves small pages and no-transform pages plain, and other responses to the middleware", async () => {
    const small = await raw("/small", "gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString("utf8")).toBe("<p>ছোট</p>");
    const kept = await raw("/no-transform", "gzip");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString("utf8")).toBe(page);
    const json = await raw("/data.json", "gzip");
    expect(json.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(json.body).toString("utf8")).text).toBe(page);
  });
});

describe("busy", () => {
  // Two renders at once at most: a third GET is told to try again at once; a POST always waits its turn.
  let busy: Server;
  let busyBase = "";
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => (release = r));
  let rendered = 0;
  beforeAll(async () => {
    const app = express();
    app.all(
      "*",
      cachedHandler({
        handleRequest: async () => {
          rendered++;
          await gate;
          return new Response("<p>answered</p>", { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
        },
        getLoadContext: () => ({}),
        cache: null,
        busyLimit: 2,
      }),
    );
    busy = app.listen(0, "127.0.0.1");
    await new Promise((r) => busy.once("listening", r));
    busyBase = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => busy.close(r));
  });

  it("past the limit a GET gets a 503 with Retry-After and a page that asks again by itself; POSTs are never turned away", async () => {
    const first = [fetch(`${busyBase}/a`), fetch(`${busyBase}/b`)];
    await expect.poll(() => rendered).toBe(2);
    const refused = await fetch(`${busyBase}/c`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const text = await refused.text();
    expect(text).toContain("অনেকে একসাথে ঢুকছেন");
    expect(text).toMatch(/http-equiv="refresh" content="3"/);
    const post = fetch(`${busyBase}/d`, { method: "POST", body: "q1=a", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await expect.poll(() => rendered).toBe(3);
    release();
    const answered = await Promise.all([...first, post]);
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200]);
    // Room again: the next GET is rendered.
    gate = Promise.resolve();
    expect((await fetch(`${busyBase}/e`)).status).toBe(200);
  });
});
