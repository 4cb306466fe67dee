// Layering: app/lib is below the models and the root route (no import at all, `import type` included),
// and app/components (also rendered in the browser, for the admin area) may not load the models or any
// *.server module at run time: `import type` is erased by the compiler and may name a model's types.
// Read from the files themselves, so re-exports and dynamic import() count as well.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const APP = resolve(dirname(fileURLToPath(import.meta.url)), "../../app");
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** Every source file under a folder of app/, recursively. */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && SOURCE.test(entry.name)) out.push(path);
    }
  };
  walk(join(APP, folder));
  return out.sort();
}

/** Comments out of the way (a URL's "//" follows a ":" and stays), keeping line numbers. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:\\"'`])\/\/.*$/gm, "$1");

// `from "x"` (import, import type, export ... from), `import "x"` and `import("x")`, over any line breaks.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*(["'])([^"'\n]+)\1/g;

type Import = { line: number; specifier: string; typeOnly: boolean };

/** The module specifiers a source text imports or re-exports, with their line numbers. */
function importsOf(code: string): Import[] {
  const clean = withoutComments(code);
  return [...clean.matchAll(SPECIFIER)].map((m) => {
    const before = clean.slice(0, m.index);
    // The statement this specifier ends: `import type ... from` / `export type ... from` are type-only.
    const start = Math.max(before.lastIndexOf("import"), before.lastIndexOf("export"));
    const typeOnly = !m[0].startsWith("import") && start >= 0 && /^(?:import|export)\s+type\b/.test(clean.slice(start));
    return { line: before.split("\n").length, specifier: m[2], typeOnly };
  });
}

/** Where a specifier points inside app/ ("models/x", "root", "lib/y"), or null for packages. */
function target(specifier: string, file: string): string | null {
  let abs: string;
  if (specifier.startsWith("~/")) abs = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) abs = resolve(dirname(file), specifier);
  else return null;
  const rel = relative(APP, abs).split(sep).join("/");
  return rel.startsWith("..") ? null : rel;
}

const inModels = (t: string | null) => t !== null && (t === "models" || t.startsWith("models/"));
const isRoot = (t: string | null) => t !== null && /^root(\.[jt]sx?)?$/.test(t);
const isServerModule = (specifier: string) => /\.server(\.[cm]?[jt]sx?)?$/.test(specifier) || /(^|\/)\.server(\/|$)/.test(specifier);

type Rule = (i: Import, file: string) => boolean;
/** app/lib: nothing from app/models/ or app/root. */
const libRule: Rule = (i, f) => inModels(target(i.specifier, f)) || isRoot(target(i.specifier, f));
/** app/components: nothing from app/models/ and no *.server module (theirs or a package's) at run time. */
const componentRule: Rule = (i, f) => !i.typeOnly && (inModels(target(i.specifier, f)) || isServerModule(i.specifier));

/** "app/lib/x.ts:3 imports ~/models/y" for every import breaking the rule. */
function violations(files: { path: string; code: string }[], rule: Rule): string[] {
  return files.flatMap(({ path, code }) =>
    importsOf(code)
      .filter((i) => rule(i, path))
      .map((i) => `${relative(join(APP, ".."), path).split(sep).join("/")}:${i.line} imports ${i.specifier}`),
  );
}

const read = (paths: string[]) => paths.map((path) => ({ path, code: readFileSync(path, "utf8") }));

describe("the import check itself", () => {
  const lib = join(APP, "lib", "made-up.ts");
  const nested = join(APP, "lib", "deep", "made-up.ts");
  const component = join(APP, "components", "made-up.tsx");
  const MADE_UP = `
import { a } from "~/models/questions.server";
import type { B } from "~/models/site.server";
import {
  c,
  d,
} from "../models/study.server";
export { e } from "~/root";
import type { loader } from "../root";
export * from "../models";
import "~/models/side-effect";
const lazy = await import("~/models/live.server");
const lazier = () => import ( '../root.tsx' );
type T = typeof import("~/models/exams.server");
import { fine } from "~/lib/bangla-digits";
import type { Q } from "~/db/schema";
import { modelsLike } from "~/modelsx";
import { rooted } from "~/rootless";
import sanitize from "sanitize-html";
// import { commented } from "~/models/not-really";
/* import { alsoCommented } from "~/root"; */
const url = "https://example.com/models/root";
`;

  it("finds every form of import, also across lines, and skips comments", () => {
    const specs = importsOf(MADE_UP).map((i) => i.specifier);
    expect(specs).toEqual([
      "~/models/questions.server",
      "~/models/site.server",
      "../models/study.server",
      "~/root",
      "../root",
      "../models",
      "~/models/side-effect",
      "~/models/live.server",
      "../root.tsx",
      "~/models/exams.server",
      "~/lib/bangla-digits",
      "~/db/schema",
      "~/modelsx",
      "~/rootless",
      "sanitize-html",
    ]);
    expect(importsOf(MADE_UP).find((i) => i.specifier === "../models/study.server")?.line).toBe(7);
  });

  it("flags what app/lib may not import, and nothing else", () => {
    const found = violations([{ path: lib, code: MADE_UP }], libRule);
    expect(found.map((v) => v.replace(/^.*imports /, ""))).toEqual([
      "~/models/questions.server",
      "~/models/site.server",
      "../models/study.server",
      "~/root",
      "../root",
      "../models",
      "~/models/side-effect",
      "~/models/live.server",
      "../root.tsx",
      "~/models/exams.server",
    ]);
    expect(found[0]).toBe("app/lib/made-up.ts:2 imports ~/models/questions.server");
    // Relative paths are resolved: from a nested folder "../models" is app/lib/models, "../../models" is not.
    expect(violations([{ path: nested, code: 'import x from "../models/y";' }], libRule)).toEqual([]);
    expect(violations([{ path: nested, code: 'import x from "../../models/y";' }], libRule)).toHaveLength(1);
    expect(violations([{ path: nested, code: 'import type { L } from "../../root";' }], libRule)).toHaveLength(1);
  });

  it("flags models and *.server modules in app/components, except type-only imports", () => {
    const code = `
import type { X } from "~/models/site.server";
import type {
  Y,
} from "~/models/study.server";
import { type Z, z } from "~/models/pages.server";
import { h } from "~/lib/http.server";
import { p } from "../lib/password.server.ts";
import { q } from "./helpers.server";
import { ok } from "~/lib/bangla-digits";
import { serverish } from "~/lib/server-time";
`;
    expect(violations([{ path: component, code }], componentRule).map((v) => v.replace(/^.*imports /, ""))).toEqual([
      "~/models/pages.server",
      "~/lib/http.server",
      "../lib/password.server.ts",
      "./helpers.server",
    ]);
  });
});

describe("app/lib does not import the models or the root route", () => {
  const files = sourceFiles("lib");

  it("reads the real folder", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    // It sees imports at all (so an empty result below means something).
    expect(read(files).flatMap((f) => importsOf(f.code)).length).toBeGreaterThan(10);
  });

  it("has no import (static, type-only, re-export or dynamic) of ~/models/ or ~/root", () => {
    expect(violations(read(files), libRule)).toEqual([]);
  });
});

describe("app/components does not import the models or server modules", () => {
  const files = sourceFiles("components");

  it("reads the real folder", () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(read(files).flatMap((f) => importsOf(f.code)).length).toBeGreaterThan(5);
  });

  it("loads nothing from ~/models/ or any *.server module at run time", () => {
    expect(violations(read(files), componentRule)).toEqual([]);
  });
});
