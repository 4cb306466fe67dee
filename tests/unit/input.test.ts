import { describe, expect, it } from "vitest";
import { echoFields, fieldsOf, idText, parseFields, typedText, z } from "~/lib/input";

describe("idText", () => {
  it.each(["1", " 12 ", "999999999"])("reads %s", (v) => expect(idText.safeParse(v).success).toBe(true));
  it.each(["0", "-1", "1.5", "1e3", "0x10", "", "1234567890", "১২", "1 2"])("refuses %s", (v) => expect(idText.safeParse(v).success).toBe(false));
});

describe("a form read by its schema", () => {
  const Form = z.object({ name: typedText(5, "too long").pipe(z.string().min(1, "required")), tags: z.array(z.string()).max(2, "two at most") });

  it("gives the data, each key's last value, and every value of a list", () => {
    const form = new URLSearchParams("name=x&name=%20ab%20&tags=a&tags=b&extra=1");
    expect(fieldsOf(form, ["tags"])).toEqual({ name: " ab ", tags: ["a", "b"], extra: "1" });
    expect(parseFields(Form, form, ["tags"])).toEqual({ ok: true, data: { name: "ab", tags: ["a", "b"] } });
  });

  it("gives one message per field, the first", () => {
    const res = parseFields(Form, new URLSearchParams("name=&tags=a&tags=b&tags=c"), ["tags"]);
    expect(res).toEqual({ ok: false, errors: { name: "required", tags: "two at most" } });
    expect(parseFields(Form, new URLSearchParams("name=abcdefgh"), ["tags"])).toEqual({ ok: false, errors: { name: "too long" } });
  });

  it("refuses control characters but keeps line breaks", () => {
    expect(parseFields(Form, new URLSearchParams("name=a%00b"), ["tags"]).ok).toBe(false);
    expect(typedText(10, "x").safeParse("a\nb").success).toBe(true);
  });

  it("echoes only the named fields, cut to their limits", () => {
    expect(echoFields(new URLSearchParams("name=abcdefgh&secret=1"), { name: 3, other: 2 })).toEqual({ name: "abc", other: "" });
  });
});
