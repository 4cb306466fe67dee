// The database goes away while the site runs, then comes back: loaders fail with an error that the
// document handler turns into a 503, and the pool serves again once the database is reachable.
import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const target = new URL(process.env.DATABASE_URL!);
let server: Server;
const sockets = new Set<Socket>();
let port = 0;

function startProxy(listenPort = 0) {
  return new Promise<void>((resolve) => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 3306), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(listenPort, "127.0.0.1", () => {
      port = (server.address() as { port: number }).port;
      resolve();
    });
  });
}

function stopProxy() {
  return new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
}

beforeAll(async () => {
  await startProxy();
  const viaProxy = new URL(process.env.DATABASE_URL!);
  viaProxy.port = String(port);
  process.env.DATABASE_URL = viaProxy.toString();
});

afterAll(async () => {
  const { closeDb } = await import("~/db/client.server");
  await closeDb();
  await stopProxy().catch(() => undefined);
});

describe("a database outage", () => {
  it("is recognised as 'unavailable' (503) and the site recovers when the database is back", async () => {
    const { loader } = await import("~/routes/healthz");
    const { getCategoryPage } = await import("~/models/study.server");
    const { isDatabaseUnavailable } = await import("~/lib/http.server");
    expect((await loader()).status).toBe(200);

    await stopProxy();
    expect((await loader()).status).toBe(503);
    const error = await getCategoryPage(1).then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);

    await startProxy(port);
    await expect.poll(async () => (await loader()).status, { timeout: 10_000 }).toBe(200);
    // The first query after the outage must not fail on a connection that died meanwhile.
    expect(await getCategoryPage(987654)).toBeNull();
  });

  it("the attempt's background save answers 503 (JSON), not 500, while the database is down", async () => {
    const { action } = await import("~/routes/exampage.$grtid_.attempt.$attemptId_.save");
    await stopProxy();
    try {
      const res = await action({
        request: new Request("http://test.local/exampage/1/attempt/AAAAAAAAAAAAAAAAAAAAAAAA/save", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "shown=1&q1=a",
        }),
        params: { grtid: "1", attemptId: "AAAAAAAAAAAAAAAAAAAAAAAA" },
        context: {},
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, error: "database unavailable" });
    } finally {
      await startProxy(port);
    }
  });

  it("the search suggestions answer 503 (JSON), not 500, while the database is down", async () => {
    const { loader } = await import("~/routes/api.search.suggest");
    await stopProxy();
    try {
      const res = await loader({ request: new Request("http://test.local/api/search/suggest?q=%E0%A6%AC%E0%A6%B2"), params: {}, context: {} });
      expect(res.status).toBe(503);
    } finally {
      await startProxy(port);
    }
  });

  it("does not call an ordinary error 'unavailable'", async () => {
    const { isDatabaseUnavailable } = await import("~/lib/http.server");
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "ER_PARSE_ERROR" })).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("Can't add new command when connection is in closed state") }))).toBe(true);
  });
});
