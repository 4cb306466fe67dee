import { describe, expect, it } from "vitest";
import { changedFields, dateToDhakaInput, dhakaInputToDate, parseFields, rowToRaw, type FieldDef } from "~/lib/admin/fields";
import { resourceDef, RESOURCES } from "~/lib/admin/resources";
import { sniffImage } from "~/lib/image-type";

/** A posted form as the readers see it (a list value posts the key once per value). */
const form = (o: Record<string, string | string[]>) => new URLSearchParams(Object.entries(o).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x])));

describe("parseFields", () => {
  const fields: FieldDef[] = [
    { name: "name", label: "Name", kind: "text", max: 10, required: true },
    { name: "n", label: "N", kind: "int", min: 0, max: 100 },
    { name: "price", label: "P", kind: "decimal", min: 0, max: 10 },
    { name: "slug", label: "S", kind: "slug", max: 20 },
    { name: "img", label: "I", kind: "image" },
    { name: "when", label: "W", kind: "datetime" },
    { name: "src", label: "B", kind: "sources" },
    { name: "ids", label: "Q", kind: "questionList" },
    { name: "on", label: "On", kind: "bool" },
  ];

  it("converts good values (Bangla digits too) and keeps the raw text", () => {
    const r = parseFields(fields, form({ name: "  গণিত   বই ", n: "৪২", price: "0.25", slug: "math-1", img: "/media/abc.png", when: "2026-11-23T21:00", src: "ঢাকা: ১৯".replace("ঢাকা", "dhaka"), ids: "3\n১\n 7 ", on: "1" }));
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ name: "গণিত বই", n: 42, price: "0.25", slug: "math-1", img: "/media/abc.png", ids: [3, 1, 7], on: true, src: [{ board: "dhaka", year: 2019 }] });
    expect((r.values.when as Date).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(r.raw.n).toBe("৪২");
  });

  it("names every problem, in Bangla and English", () => {
    const r = parseFields(fields, form({ name: "", n: "4.5", price: "11", slug: "Bad Slug", img: "javascript:alert(1)", when: "2026-02-30T10:00", src: "nowhere", ids: "1\n1" }));
    expect(Object.keys(r.errors).sort()).toEqual(["ids", "img", "n", "name", "price", "slug", "src", "when"]);
    expect(r.errors.name).toMatch(/এটি পূরণ করুন।.*Required/);
    expect(r.errors.n).toMatch(/Enter a whole number/);
    expect(r.errors.price).toMatch(/At most 10\./);
    expect(r.errors.ids).toMatch(/listed twice/);
    expect(r.raw).toMatchObject({ n: "4.5", slug: "Bad Slug", ids: "1\n1" });
  });

  it("keeps to each field's limit and says which rule a list breaks", () => {
    expect(parseFields(fields, form({ name: "এগারো অক্ষরের নাম" })).errors.name).toMatch(/At most 10 characters/);
    expect(parseFields(fields, form({ name: "ok", ids: "3\nx" })).errors.ids).toMatch(/One question id/);
    expect(parseFields(fields, form({ name: "ok", ids: "0" })).errors.ids).toMatch(/One question id/);
    expect(parseFields(fields, form({ name: "ok", img: `/${"a".repeat(600)}` })).errors.img).toMatch(/too long/);
    // Blank optional fields are saved empty, not refused.
    expect(parseFields(fields, form({ name: "ok" }))).toMatchObject({ errors: {}, values: { n: null, src: [], ids: [], on: false } });
  });
});

describe("a creative question's parts", () => {
  const fields: FieldDef[] = [{ name: "parts", label: "Parts", kind: "parts" }];
  it("reads each written part with its marks (blank is 0), and names a bad mark by its part", () => {
    const ok = parseFields(fields, form({ "parts.0": "ক-প্রশ্ন", "parts.0.marks": "১", "parts.1": "খ", "parts.1.marks": "", "parts.2": " ", "parts.2.marks": "999" }));
    expect(ok).toMatchObject({ errors: {}, values: { parts: [{ label: "ক", body: "ক-প্রশ্ন", marks: "1" }, { label: "খ", body: "খ", marks: "0" }] } });
    const bad = parseFields(fields, form({ "parts.0": "ক", "parts.0.marks": "2", "parts.1": "খ", "parts.1.marks": "101" }));
    expect(bad.errors).toEqual({ "parts.1.marks": expect.stringMatching(/Marks must be 0–100/) });
    expect(bad.raw["parts.1.marks"]).toBe("101");
  });
});

describe("Bangladesh time", () => {
  it("is UTC+6 both ways", () => {
    expect(dhakaInputToDate("2026-01-01T05:30")!.toISOString()).toBe("2025-12-31T23:30:00.000Z");
    expect(dateToDhakaInput(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01T05:30");
    expect(dhakaInputToDate("not a date")).toBeNull();
  });
});

describe("a question's options and the conflict diff", () => {
  const question = resourceDef("questions")!;
  it("reads options with the chosen key and shows a stored row the same way", () => {
    const r = parseFields(question.fields, form({ type: "mcq", marks: "1", body: "প্রশ্ন", "options.0": "ক-উত্তর", "options.1": "খ-উত্তর", "options.2": "", "options.correct": "1" }));
    expect(r.values.options).toEqual([
      { key: "ক", body: "ক-উত্তর", isCorrect: false },
      { key: "খ", body: "খ-উত্তর", isCorrect: true },
    ]);
    const raw = rowToRaw(question.fields, { ...r.values, sources: [] });
    expect(raw["options.correct"]).toBe("1");
    expect(changedFields(question.fields, raw, { ...raw, "options.correct": "0" }).map((f) => f.name)).toEqual(["options"]);
    expect(changedFields(question.fields, raw, raw)).toEqual([]);
  });

  it("every resource's list, search, sort and filter fields exist", () => {
    for (const r of RESOURCES) {
      const names = new Set(r.fields.map((f) => f.name));
      for (const n of [...r.list, ...r.search, ...r.sorts, ...(r.filters ?? [])]) expect(names.has(n), `${r.key}.${n}`).toBe(true);
    }
  });
});

describe("sniffImage", () => {
  it("knows PNG, GIF, JPEG and WebP by their bytes, with their size, and nothing else", () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    expect(sniffImage(png)).toEqual({ mime: "image/png", ext: "png", width: 1, height: 1 });
    const gif = Buffer.from("R0lGODlhAgADAIAAAP///wAAACH5BAEAAAAALAAAAAACAAMAAAICRAEAOw==", "base64");
    expect(sniffImage(gif)).toMatchObject({ mime: "image/gif", width: 2, height: 3 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 5, 0, 7, 3, 0, 0, 0, 0, 0, 0]);
    expect(sniffImage(jpeg)).toEqual({ mime: "image/jpeg", ext: "jpg", width: 7, height: 5 });
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(sniffImage(Buffer.from("GIF8"))).toBeNull();
  });
});
