import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isPublicPagePath } from "~/lib/public-paths";

describe("public page paths", () => {
  it.each(["/", "/home", "/title/12", "/category/3", "/mq/5", "/mq/sub/9", "/subject/math", "/subject/math/1/2", "/exampage/7", "/about/aboutus", "/board-question/4/paper/8", "/search", "/live/room", "/make-question/math/1/2/paper"])(
    "knows %s",
    (path) => expect(isPublicPagePath(path)).toBe(true),
  );

  it.each(["", "home", "/title", "/title/abc", "/title/12/", "/nope", "/gradmin", "/gradmin/content", "/about/secret", "/home?x=1", "https://example.com/home", "/title/12#x"])(
    "refuses %s",
    (path) => expect(isPublicPagePath(path)).toBe(false),
  );

  it("has a pattern for every public page route's first segment", () => {
    const routes = readdirSync(new URL("../../app/routes", import.meta.url));
    const firsts = new Set(
      routes
        .filter((f) => !f.startsWith("gradmin") && !f.startsWith("api.") && !f.startsWith("$") && !/\[\.\]/.test(f) && !/^(media|healthz|_index)/.test(f))
        .map((f) => f.split(".")[0].replace(/_$/, "")),
    );
    for (const first of firsts) expect(["/" + first, `/${first}/1`, `/${first}/x`, `/${first}/1/1`, `/${first}/x/1/1`].some(isPublicPagePath), first).toBe(true);
  });
});
