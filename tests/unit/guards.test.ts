// server/guards.mjs, the checks the production server runs before Remix, driven through a real
// express server over HTTP: hostile requests get a 4xx, never Remix's 500.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error express ships no types and @types/express is not installed
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowMethods, answerClientError, answerMalformedPath, canonicalNumbers, capBody, checkHost, DEFAULT_CSP, MAX_BODY_BYTES, refuseBackslashPath, refuseCrossSite, securityHeaders, siteOriginProblem } from "../../server/guards.mjs";

type Req = { method: string; originalUrl: string };
type Res = { json(v: unknown): void; redirect(s: number, u: string): void; set(k: string, v: string): Res; type(t: string): Res; send(b: string): void };
type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

let port = 0;
let server: import("node:http").Server;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1); // as with TRUST_PROXY=1
  app.use(securityHeaders, allowMethods, checkHost, refuseBackslashPath, canonicalNumbers);
  app.use("/static", express.static(new URL("../../public", import.meta.url).pathname));
  app.use(refuseCrossSite, capBody);
  app.get("/json", (_req: Req, res: Res) => res.json({ ok: true }));
  app.get("/moved", (_req: Req, res: Res) => res.redirect(302, "/json"));
  app.get("/document", (_req: Req, res: Res) => res.set("Content-Security-Policy", "default-src 'self'").type("html").send("<p>doc</p>"));
  app.all("*", (req: Req, res: Res) => res.type("text").send(`${req.method} ${req.originalUrl}`));
  app.use(answerMalformedPath);
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
  server.on("clientError", answerClientError);
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A connection per request: one whose declared body never came must not swallow the next request.
    const req = httpRequest({ host: "127.0.0.1", port, method, path, agent: false, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("methods", () => {
  it.each(["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND", "MKCOL", "FOO"])("%s is 405 with Allow", async (method) => {
    const res = await send(method, "/home");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
  });

  it("OPTIONS says what is allowed; GET, HEAD and POST pass", async () => {
    const options = await send("OPTIONS", "/home");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST");
    expect((await send("GET", "/home")).body).toBe("GET /home");
    expect((await send("HEAD", "/home")).status).toBe(200);
    expect((await send("POST", "/home", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1")).body).toBe("POST /home");
  });
});

describe("Host", () => {
  it.each(["evil.example/about/aboutus?x=", "a b", "evil.example:80/x", "exa_mple.com", "[::1", "@evil.example", "evil.example:999999"])(
    "a malformed Host (%s) is 400",
    async (host) => {
      const res = await send("GET", "/title/1", { Host: host });
      expect(res.status).toBe(400);
    },
  );

  it("a malformed X-Forwarded-Host behind the trusted proxy is 400 too", async () => {
    expect((await send("GET", "/title/1", { "X-Forwarded-Host": "evil.example/about" })).status).toBe(400);
    expect((await send("GET", "/title/1", { "X-Forwarded-Host": "grbd.example" })).status).toBe(200);
  });

  it("well-formed hosts pass: names, IPv4, IPv6, with ports", async () => {
    for (const host of ["grbd.example", "127.0.0.1:3000", "[::1]:8080", "localhost"]) {
      expect((await send("GET", "/title/1", { Host: host })).status, host).toBe(200);
    }
  });
});

describe("paths", () => {
  it.each(["/%5C", "/%5c%5C", "/%5C/", "/%5C?x=1", "/%5C:", "/\\"])("%s (a first segment starting with a backslash) is 404", async (path) => {
    const res = await send("GET", path);
    expect(res.status).toBe(404);
  });

  it.each(["/%", "/%zz", "/%E0%A4%A", "/home/%C0%AF"])("%s (a malformed percent-escape) is a plain 400", async (path) => {
    const res = await send("GET", path);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("Bad Request");
  });

  it("a backslash later in the path passes", async () => {
    expect((await send("GET", "/home/%5C")).status).toBe(200);
  });
});

describe("bodies and origins", () => {
  it("a declared body over the cap is 413 before it is read", async () => {
    const res = await send("POST", "/contact", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_BODY_BYTES + 1) }, "");
    expect(res.status).toBe(413);
    expect(res.body.length).toBeLessThan(100);
  });

  it("a cross-site POST is 403, also through ?_data=", async () => {
    for (const path of ["/contact", "/contact?_data=routes%2Fcontact"]) {
      const res = await send("POST", path, { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, "a=1");
      expect(res.status, path).toBe(403);
    }
    const same = await send("POST", "/contact", { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded" }, "a=1");
    expect(same.status).toBe(200);
  });
});

describe("headers on every response", () => {
  it("nosniff and the restrictive CSP on static files, JSON, redirects and refusals", async () => {
    for (const [method, path, status] of [
      ["GET", "/static/favicon.svg", 200],
      ["GET", "/json", 200],
      ["GET", "/moved", 302],
      ["TRACE", "/home", 405],
      ["GET", "/anything", 200],
    ] as const) {
      const res = await send(method, path);
      expect(res.status, path).toBe(status);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["content-security-policy"], path).toBe(DEFAULT_CSP);
    }
  });

  it("a document keeps its own CSP (one header, not two)", async () => {
    const res = await send("GET", "/document");
    expect(res.headers["content-security-policy"]).toBe("default-src 'self'");
  });

  it("HSTS only over HTTPS (here: what the trusted proxy says)", async () => {
    expect((await send("GET", "/json")).headers["strict-transport-security"]).toBeUndefined();
    const https = await send("GET", "/json", { "X-Forwarded-Proto": "https" });
    expect(https.headers["strict-transport-security"]).toBe("max-age=15552000");
  });
});

describe("SITE_ORIGIN", () => {
  it("takes a bare http(s) origin and refuses anything else", () => {
    for (const ok of [undefined, "", "https://grbd.example", "http://127.0.0.1:3000", "https://grbd.example/"]) expect(siteOriginProblem(ok)).toBeNull();
    for (const bad of ["grbd.example", "ftp://grbd.example", "https://grbd.example/app", "https://u:p@grbd.example", "https://grbd.example/?x=1"]) {
      expect(siteOriginProblem(bad)).toMatch(/SITE_ORIGIN/);
    }
  });
});

describe("a slow body", () => {
  it("is cut off after the body time limit; a body that arrives in time is answered", async () => {
    const { bodyTimeLimit } = await import("../../server/guards.mjs");
    const app = express();
    app.use(bodyTimeLimit({ publicMs: 300, adminMs: 1000 }));
    app.post("*", (req: { on(e: string, f: () => void): void }, res: Res) => {
      req.on("data", () => {});
      req.on("end", () => res.type("text").send("read"));
    });
    const slow = await new Promise<import("node:http").Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const at = (slow.address() as AddressInfo).port;
    /** Sends `chunks` bytes, one every `every` ms; says how it ended and when. */
    const trickle = (path: string, chunks: number, every: number) =>
      new Promise<{ outcome: string; ms: number }>((resolve) => {
        const started = Date.now();
        const req = httpRequest(
          { host: "127.0.0.1", port: at, method: "POST", path, agent: false, headers: { "Content-Type": "text/plain", "Transfer-Encoding": "chunked" } },
          (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ outcome: `${res.statusCode} ${body}`, ms: Date.now() - started }));
          },
        );
        req.on("error", () => resolve({ outcome: "closed", ms: Date.now() - started }));
        let sent = 0;
        const tick = setInterval(() => {
          if (req.destroyed) return clearInterval(tick);
          if (sent++ < chunks) req.write("x");
          else {
            clearInterval(tick);
            req.end();
          }
        }, every);
      });
    try {
      const cut = await trickle("/contact", 100, 50); // would take 5 s
      expect(cut.outcome).toBe("closed");
      expect(cut.ms).toBeLessThan(1500);
      expect((await trickle("/contact", 3, 20)).outcome).toBe("200 read");
      // Staff uploads get longer.
      expect((await trickle("/gradmin/import", 10, 50)).outcome).toBe("200 read");
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe("one address per page", () => {
  it("sends numbers with leading zeros to the page's own address (301, query kept); codes, files and staff pages are left alone", async () => {
    for (const [from, to] of [
      ["/title/01", "/title/1"],
      ["/mq/007?x=1", "/mq/7?x=1"],
      ["/qp-by-subject-board/01/02", "/qp-by-subject-board/1/2"],
      ["/make-question/math/01/1", "/make-question/math/1/1"],
    ]) {
      const r = await send("GET", from);
      expect(r.status, from).toBe(301);
      expect(r.headers.location).toBe(to);
    }
    for (const path of ["/title/1", "/title/10", "/questionpaper/p/0123", "/questionpaper/t/0123", "/gradmin/content/topics/01", "/exampage/1/attempt/0123", "/media/0123", "/exampage/0"]) {
      expect((await send("GET", path)).status, path).toBe(200);
    }
    // Only reads move: a POST to such an address is answered where it was sent.
    expect((await send("POST", "/title/01", { "Content-Type": "text/plain", "Content-Length": "0" })).status).not.toBe(301);
  });
});
