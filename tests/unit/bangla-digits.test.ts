import { describe, it, expect } from "vitest";
import { toAsciiDigits, toBanglaDigits } from "~/lib/bangla-digits";

describe("bangla digits", () => {
  it("converts every ASCII digit and keeps other characters", () => {
    expect(toBanglaDigits("0123456789")).toBe("০১২৩৪৫৬৭৮৯");
    expect(toBanglaDigits("Class 10, 2024-25")).toBe("Class ১০, ২০২৪-২৫");
  });

  it("accepts numbers", () => {
    expect(toBanglaDigits(2019)).toBe("২০১৯");
    expect(toBanglaDigits(-3.5)).toBe("-৩.৫");
  });

  it("converts Bangla digits back to ASCII", () => {
    expect(toAsciiDigits("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
    expect(toAsciiDigits("ঢাকা: ১৯, ২০২১")).toBe("ঢাকা: 19, 2021");
    expect(toAsciiDigits(toBanglaDigits("2023"))).toBe("2023");
  });
});
