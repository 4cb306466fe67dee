import { describe, expect, it } from "vitest";
import { fieldsOr400, paramsOr400, parseCategoryId, queryOr400 } from "~/lib/http.server";
import { flagText, idText, intentOf, optionalIdText, pageNumber, queryFieldsOf, readQuery, wholeText, z } from "~/lib/input";
import { formOverQuery } from "~/lib/quiz.server";

const q = (s: string) => new URLSearchParams(s);

/** The Response a reader threw: its status and text. */
async function thrown(read: () => unknown) {
  try {
    read();
  } catch (e) {
    if (e instanceof Response) return { status: e.status, text: await e.text() };
    throw e;
  }
  throw new Error("nothing thrown");
}

describe("a query read by its schema", () => {
  it("takes each key's first value, as URLSearchParams.get does (a form takes the last)", () => {
    expect(queryFieldsOf(q("page=2&page=3&tag=a&tag=b"), ["tag"])).toEqual({ page: "2", tag: ["a", "b"] });
  });

  it("falls back per field: a bad value is its default, never an error", () => {
    const Query = z.object({ page: pageNumber, mine: flagText, set: optionalIdText });
    expect(readQuery(Query, q(""))).toEqual({ page: 1, mine: false, set: undefined });
    expect(readQuery(Query, q("page=0&mine=yes&set=x"))).toEqual({ page: 1, mine: false, set: null });
    expect(readQuery(Query, q("page=%207%20&mine=1&set=12"))).toEqual({ page: 7, mine: true, set: 12 });
  });

  it("reads whole numbers, Bangla digits only when asked", () => {
    expect(wholeText().safeParse("১২").success).toBe(false);
    expect(wholeText({ bangla: true }).parse("১২")).toBe(12);
    expect(wholeText({ digits: 2 }).safeParse("123").success).toBe(false);
  });
});

describe("what a reader refuses", () => {
  const Params = z.object({ grtid: idText });

  it("answers a bad param or query with the route's status and message", async () => {
    expect(paramsOr400(Params, { grtid: "7" }, "Missing grtid")).toEqual({ grtid: 7 });
    expect(await thrown(() => paramsOr400(Params, { grtid: "7.5" }, "Missing grtid"))).toEqual({ status: 400, text: "Missing grtid" });
    expect(await thrown(() => queryOr400(Params, q("x=1"), "Missing grtid"))).toEqual({ status: 400, text: "Missing grtid" });
  });

  it("reads the intent of a form: none is the default, two or an unknown one a 400", async () => {
    const Intent = z.object({ intent: intentOf(["save", "finish"], "save") });
    expect(fieldsOr400(Intent, q(""), ["intent"])).toEqual({ intent: "save" });
    expect(fieldsOr400(Intent, q("intent=finish"), ["intent"])).toEqual({ intent: "finish" });
    expect(await thrown(() => fieldsOr400(Intent, q("intent=finish&intent=save"), ["intent"]))).toEqual({ status: 400, text: "Unknown intent." });
    expect(await thrown(() => fieldsOr400(Intent, q("intent=drop"), ["intent"]))).toEqual({ status: 400, text: "Unknown intent." });
  });

  it("reads a category id as the old site did: no number is a 400, a number that is no id a 404", async () => {
    expect(parseCategoryId(" 12 ")).toBe(12);
    for (const bad of [null, "", "abc", "0", "Infinity"]) expect((await thrown(() => parseCategoryId(bad))).status).toBe(400);
    for (const none of ["-1", "1.5", "1e3", "1234567890"]) expect((await thrown(() => parseCategoryId(none))).status).toBe(404);
  });
});

describe("a quiz form over its URL", () => {
  it("takes a field from the form when the form sends it, else from the URL, never a mix", () => {
    const merged = formOverQuery(q("page=2&includeCorrect=0&includeCorrect=1"), new URL("https://x.test/exampage/1?page=5&pageSize=100&includeCorrect=0"));
    expect(merged.getAll("page")).toEqual(["2"]);
    expect(merged.getAll("pageSize")).toEqual(["100"]);
    expect(merged.getAll("includeCorrect")).toEqual(["0", "1"]);
  });
});
