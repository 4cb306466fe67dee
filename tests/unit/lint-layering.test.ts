// The layering rule lives in eslint.config.js (no-restricted-imports), and `npm test` lints the whole
// project. Here the rule itself is checked: each forbidden import is reported where it is forbidden,
// and allowed where it is not, so a config change that drops a rule fails a test.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("app/lib", () => {
  it.each([
    ['import { db } from "~/db/client.server";\nimport { getTitle } from "~/models/study.server";\nexport const x = [db, getTitle];'],
    ['import type { Title } from "~/models/study.server";\nexport type T = Title;'],
    ['export { getTitle } from "~/models/study.server";'],
    ['import { links } from "~/root";\nexport const x = links;'],
    ['import katex from "katex";\nexport const x = katex;'],
  ])("may not import models, the root or KaTeX, not even for types: %s", async (code) => {
    expect(await restricted("app/lib/example.ts", code)).not.toEqual([]);
  });

  it("may import other lib modules and packages", async () => {
    expect(await restricted("app/lib/example.ts", 'import { toBanglaDigits } from "~/lib/bangla-digits";\nexport const x = toBanglaDigits;')).toEqual([]);
  });

  it("a *.server module of lib may use KaTeX", async () => {
    expect(await restricted("app/lib/example.server.ts", 'import katex from "katex";\nexport const x = katex;')).toEqual([]);
  });
});

describe("app/components", () => {
  it("may not load a model or a *.server module at run time", async () => {
    expect(await restricted("app/components/example.tsx", 'import { getTitle } from "~/models/study.server";\nexport const x = getTitle;')).not.toEqual([]);
    expect(await restricted("app/components/example.tsx", 'import { toHtml } from "~/lib/math.server";\nexport const x = toHtml;')).not.toEqual([]);
    expect(await restricted("app/components/example.tsx", 'import katex from "katex";\nexport const x = katex;')).not.toEqual([]);
  });

  it("may import a model's types", async () => {
    expect(await restricted("app/components/example.tsx", 'import type { Title } from "~/models/study.server";\nexport type T = Title;')).toEqual([]);
  });
});

describe("app/models", () => {
  it("may not reach the HTTP side (app/utils) or routes", async () => {
    expect(await restricted("app/models/example.server.ts", 'import { requireStaff } from "~/utils/auth.server";\nexport const x = requireStaff;')).not.toEqual([]);
    expect(await restricted("app/models/example.server.ts", 'import { loader } from "~/routes/home";\nexport const x = loader;')).not.toEqual([]);
    expect(await restricted("app/models/example.server.ts", 'import { db } from "~/db/client.server";\nexport const x = db;')).toEqual([]);
  });
});

describe("routes", () => {
  it("may not import KaTeX or the database driver", async () => {
    expect(await restricted("app/routes/example.tsx", 'import katex from "katex";\nexport const x = katex;')).not.toEqual([]);
    expect(await restricted("app/routes/example.tsx", 'import mysql from "mysql2/promise";\nexport const x = mysql;')).not.toEqual([]);
  });
});

describe("app/db/schema", () => {
  it("routes and components may not import a value from it (it would bring drizzle to the browser)", async () => {
    const code = 'import { socialPlatforms } from "~/db/schema";\nexport const x = socialPlatforms;';
    expect(await restricted("app/routes/gradmin.example.tsx", code)).not.toEqual([]);
    expect(await restricted("app/components/example.tsx", code)).not.toEqual([]);
    expect(await restricted("app/root.tsx", code)).not.toEqual([]);
    expect(await restricted("app/routes/example.tsx", 'import { titles } from "../db/schema";\nexport const x = titles;')).not.toEqual([]);
  });

  it("routes and components may import its types; models may import its values", async () => {
    expect(await restricted("app/routes/example.tsx", 'import type { SocialPlatform } from "~/db/schema";\nexport type T = SocialPlatform;')).toEqual([]);
    expect(await restricted("app/components/example.tsx", 'import { type SocialPlatform } from "~/db/schema";\nexport type T = SocialPlatform;')).toEqual([]);
    expect(await restricted("app/models/example.server.ts", 'import { titles } from "~/db/schema";\nexport const x = titles;')).toEqual([]);
  });
});
