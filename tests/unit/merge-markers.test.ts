// No committed file holds what a conflicted merge leaves behind: one once sat in the README for a
// whole session, between two of its sections.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const MARKER = /^(?:<{7}|={7}|>{7})(?: |$)/m;
const TEXT = /\.(?:md|ts|tsx|mjs|js|cjs|json|css|sql|yml|yaml|txt|html)$/;

describe("merge conflict markers", () => {
  it("are in no tracked text file", () => {
    const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => TEXT.test(f) && !f.endsWith("package-lock.json"));
    expect(files.length).toBeGreaterThan(50);
    const marked = files.filter((f) => MARKER.test(readFileSync(f, "utf8")));
    expect(marked).toEqual([]);
  });

  it("are recognised", () => {
    expect(MARKER.test("text\n=======\n## Stress")).toBe(true);
    expect(MARKER.test(">>>>>>> issue-19-stress")).toBe(true);
    expect(MARKER.test("| a | b |\n|---|---|\n======== not a marker")).toBe(false);
  });
});
