// Our patches of Remix's server code (patches/, applied by `patch-package` after every npm install):
// they only keep work that each request used to redo, so matching and rendering must not change.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { patchTarget, patchVersionProblems } from "../../scripts/check-patches.mjs";

const require = createRequire(import.meta.url);
// The CommonJS build: the one the server loads (server-runtime and react-router-dom/server require it).
const router = require("@remix-run/router") as typeof import("@remix-run/router");

describe("patches are installed", () => {
  it.each([
    ["@remix-run/router/dist/router.cjs.js", "rankedBranchesCache"],
    ["@remix-run/router/dist/router.cjs.js", "jsonDataKey"],
    ["@remix-run/router/dist/router.cjs.js", "matchesCache"],
    ["@remix-run/server-runtime/dist/server.js", "get serverHandoffString()"],
    ["@remix-run/react/dist/server.js", "serverRoutesCache"],
    ["react-router-dom/server.js", "dataRoutesCache"],
  ])("%s", (file, marker) => {
    const source = readFileSync(require.resolve(file), "utf8");
    expect(source, `${file} is not patched: run npm install (its postinstall runs patch-package)`).toContain(marker);
  });
});

describe("route matching with the kept branches", () => {
  const routes = [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "title", path: "title/:id" },
        { id: "title-new", path: "title/new" },
        { id: "about", path: "about/:slug?" },
        { id: "splat", path: "*" },
      ],
    },
  ];
  const ids = (routesArg: typeof routes, path: string) => router.matchRoutes(routesArg, path)?.map((m) => m.route.id);

  it("matches the same way every time, with fresh params each time", () => {
    for (let i = 0; i < 3; i++) {
      expect(ids(routes, "/")).toEqual(["root", "home"]);
      expect(ids(routes, "/title/new")).toEqual(["root", "title-new"]); // static beats dynamic
      expect(ids(routes, "/TITLE/5")).toEqual(["root", "title"]); // case-insensitive, as before
      expect(ids(routes, "/about")).toEqual(["root", "about"]);
      expect(ids(routes, "/nothing/here")).toEqual(["root", "splat"]);
    }
    const a = router.matchRoutes(routes, "/title/5")!;
    const b = router.matchRoutes(routes, "/title/6")!;
    expect([a[1].params.id, b[1].params.id]).toEqual(["5", "6"]);
    expect(a[1].params).not.toBe(b[1].params);
  });

  it("a path matched again gets its own copies, which callers may change", () => {
    const nested = [{ id: "root", path: "", children: [{ id: "subject", path: "subject/:slug/:sid/:gid" }] }];
    const first = router.matchRoutes(nested as typeof routes, "/subject/math/1/2")!;
    expect(first.map((m) => m.params)).toEqual([
      { slug: "math", sid: "1", gid: "2" },
      { slug: "math", sid: "1", gid: "2" },
    ]);
    (first[1].params as Record<string, string>).sid = "changed";
    first[0].pathname = "/changed";
    const again = router.matchRoutes(nested as typeof routes, "/subject/math/1/2")!;
    expect(again).not.toBe(first);
    expect(again[1].params).toEqual({ slug: "math", sid: "1", gid: "2" });
    expect(again[0].pathname).toBe("/");
    expect(again[1].pathname).toBe("/subject/math/1/2");
    // One params object for the whole match, as matchRouteBranch makes it.
    expect(again[0].params).toBe(again[1].params);
    expect(router.matchRoutes(nested as typeof routes, "/subject/math/1")).toBeNull();
    expect(router.matchRoutes(nested as typeof routes, "/subject/math/1")).toBeNull();
    // A percent-encoded path is decoded as before, from the cache too.
    for (let i = 0; i < 2; i++) expect(router.matchRoutes(nested as typeof routes, "/subject/%E0%A6%97/1/2")![1].params.slug).toBe("গ");
  });

  it("another route array is flattened on its own", () => {
    const other = [{ id: "root", path: "", children: [{ id: "only", path: "title/:id" }] }];
    expect(ids(other as typeof routes, "/title/new")).toEqual(["root", "only"]);
    expect(ids(routes, "/title/new")).toEqual(["root", "title-new"]);
  });

  it("matchPath still reads a path's params and end", () => {
    expect(router.matchPath("/exampage/:grtid", "/exampage/12")?.params).toEqual({ grtid: "12" });
    expect(router.matchPath({ path: "/gradmin", end: false }, "/gradmin/content")?.pathnameBase).toBe("/gradmin");
    expect(router.matchPath({ path: "/gradmin", end: true }, "/gradmin/content")).toBeNull();
  });
});

describe("a loader's json() data, read without a JSON round trip when it is plain JSON", () => {
  const loaderData = async (sent: unknown) => {
    const routes = [{ id: "root", path: "/", loader: () => router.json(sent) }];
    const context = await router.createStaticHandler(routes).query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    return context.loaderData.root;
  };

  it("plain data reaches the render as it is, reading as its JSON round trip would", async () => {
    const sent = { title: "ত্রিকোণমিতি", n: -0.5, ok: true, none: null, gone: undefined, list: [{ a: [1, "২"] }], bare: Object.create(null) };
    const data = await loaderData(sent);
    expect(data).toBe(sent);
    expect(JSON.parse(JSON.stringify(data))).toEqual(JSON.parse(JSON.stringify(sent)));
  });

  it.each([
    ["a Date deep inside", { list: [{ when: new Date(0) }] }, { list: [{ when: "1970-01-01T00:00:00.000Z" }] }],
    ["NaN and Infinity", { a: NaN, b: [Infinity] }, { a: null, b: [null] }],
    ["a Map", { m: new Map([[1, 2]]) }, { m: {} }],
    ["an array with a hole or undefined", { a: [1, , 3], b: [undefined] }, { a: [1, null, 3], b: [null] }], // eslint-disable-line no-sparse-arrays
    ["an object with toJSON", { x: { toJSON: () => "x" } }, { x: "x" }],
    ["a class instance", { c: new (class Point { x = 1; get y() { return 2; } })() }, { c: { x: 1 } }],
  ])("anything else goes through JSON as before: %s", async (_, sent, expected) => {
    const data = await loaderData(sent);
    expect(data).not.toBe(sent);
    expect(data).toEqual(expected);
  });

  it("is what a JSON round trip gives: dates as strings, undefined gone, a fresh object", async () => {
    const sent = { when: new Date(0), gone: undefined, n: 1, text: "প্রশ্ন ১২৩ \u2028 <b>", list: [1, null] };
    const routes = [{ id: "root", path: "/", loader: () => router.json(sent, { headers: { "X-Kept": "yes" } }) }];
    const handler = router.createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const data = context.loaderData.root;
    expect(data).toEqual(JSON.parse(JSON.stringify(sent)));
    expect(data).toEqual({ when: "1970-01-01T00:00:00.000Z", n: 1, text: "প্রশ্ন ১২৩ \u2028 <b>", list: [1, null] });
    expect(data).not.toBe(sent);
    expect(context.loaderHeaders.root.get("X-Kept")).toBe("yes");
  });

  it("the response still carries the same JSON body for data requests", async () => {
    const response = router.json({ a: "অ" });
    expect(await response.json()).toEqual({ a: "অ" });
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    // The body is made when read: as bytes, as text, with its status and headers.
    const again = router.json({ list: ["প্রশ্ন", 1] }, { status: 404, headers: { "X-Kept": "yes" } });
    expect([again.status, again.headers.get("X-Kept"), again.bodyUsed]).toEqual([404, "yes", false]);
    expect(await again.text()).toBe('{"list":["প্রশ্ন",1]}');
    expect(again.bodyUsed).toBe(true);
    expect(new TextDecoder().decode(await router.json("অ").arrayBuffer())).toBe('"অ"');
    expect(router.json(undefined).body).toBeNull();
  });
});

describe("the static router's data routes, made once per route array", () => {
  const server = require("react-router-dom/server") as typeof import("react-router-dom/server");
  const routes = [{ id: "root", path: "/", children: [{ id: "title", path: "title/:id" }, { id: "about", path: "about" }] }];
  const contextFor = async (path: string) => {
    const context = await server.createStaticHandler(routes).query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error("unexpected response");
    return context;
  };

  it("gives each request its own matches and state over the same routes", async () => {
    const a = server.createStaticRouter(routes, await contextFor("/title/5"));
    const b = server.createStaticRouter(routes, await contextFor("/about"));
    expect(a.routes).toBe(b.routes); // made once: the router's ranked branches are kept for it
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "title"]);
    expect(a.state.matches[1].params).toEqual({ id: "5" });
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "about"]);
    expect(b.state.location.pathname).toBe("/about");
  });

  it("another route array gets data routes of its own", async () => {
    const other = [{ id: "root", path: "/", children: [{ id: "only", path: "about" }] }];
    const context = await server.createStaticHandler(other).query(new Request("http://localhost/about"));
    if (context instanceof Response) throw new Error("unexpected response");
    const router = server.createStaticRouter(other, context);
    expect(router.routes).not.toBe(server.createStaticRouter(routes, await contextFor("/about")).routes);
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "only"]);
  });
});

describe("each patch fits the installed version of its package (scripts/check-patches.mjs, run at postinstall)", () => {
  it("the installed packages are the versions the patches were made for", () => {
    expect(patchVersionProblems({ root: join(__dirname, "..", "..") })).toEqual([]);
  });

  it("reads the package and version from patch-package's file names", () => {
    expect(patchTarget("@remix-run+router+1.23.3.patch")).toEqual({ name: "@remix-run/router", version: "1.23.3", dev: false, path: join("node_modules", "@remix-run/router") });
    expect(patchTarget("react-router-dom+6.30.4.patch")).toMatchObject({ name: "react-router-dom", version: "6.30.4" });
    expect(patchTarget("a++@s+b+2.0.0-beta.1.dev.patch")).toEqual({ name: "@s/b", version: "2.0.0-beta.1", dev: true, path: join("node_modules", "a/node_modules/@s/b") });
    expect(patchTarget("x+1.2.3+001+first.patch")).toMatchObject({ name: "x", version: "1.2.3" });
    expect(patchTarget("no-version.patch")).toBeNull();
  });

  it("a patch made for another version than the installed one stops with a message saying what to do", () => {
    const root = mkdtempSync(join(tmpdir(), "patches-"));
    try {
      mkdirSync(join(root, "patches"));
      mkdirSync(join(root, "node_modules", "@remix-run", "router"), { recursive: true });
      writeFileSync(join(root, "node_modules", "@remix-run", "router", "package.json"), JSON.stringify({ name: "@remix-run/router", version: "1.23.4" }));
      writeFileSync(join(root, "patches", "@remix-run+router+1.23.3.patch"), "");
      writeFileSync(join(root, "patches", "left-pad+1.0.0.patch"), "");
      const problems: string[] = patchVersionProblems({ root });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toContain("patches/@remix-run+router+1.23.3.patch was made for @remix-run/router 1.23.3, but 1.23.4 is installed");
      expect(problems[0]).toContain("docs/decisions/framework-patches.md");
      expect(problems[1]).toContain("left-pad is not installed");

      // The script itself exits 1 with those lines.
      mkdirSync(join(root, "scripts"));
      writeFileSync(join(root, "scripts", "check-patches.mjs"), readFileSync(join(__dirname, "..", "..", "scripts", "check-patches.mjs")));
      const run = spawnSync(process.execPath, [join(root, "scripts", "check-patches.mjs")], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("was made for @remix-run/router 1.23.3, but 1.23.4 is installed");

      writeFileSync(join(root, "node_modules", "@remix-run", "router", "package.json"), JSON.stringify({ version: "1.23.3" }));
      rmSync(join(root, "patches", "left-pad+1.0.0.patch"));
      expect(patchVersionProblems({ root })).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
