import { describe, it, expect } from "vitest";
import { homeIconFor, navIconFor } from "~/lib/subject-icon";

describe("navIconFor", () => {
  it("matches English keywords case-insensitively", () => {
    expect(navIconFor("Higher Mathematics")).toBe("math");
    expect(navIconFor("PHYSICS 1st paper")).toBe("physics");
    expect(navIconFor("Chemistry")).toBe("chem");
    expect(navIconFor("Statistics")).toBe("stat");
    expect(navIconFor("ICT")).toBe("ict");
    expect(navIconFor("Web Design")).toBe("ict");
    expect(navIconFor("Zoology")).toBe("zool");
    expect(navIconFor("Botany")).toBe("biology");
    expect(navIconFor("Biology 2nd paper")).toBe("biology");
    expect(navIconFor("English Grammar")).toBe("language");
    expect(navIconFor("Bangla 1st Paper")).toBe("language");
  });

  it("matches Bangla keywords", () => {
    expect(navIconFor("উচ্চতর গণিত")).toBe("math");
    expect(navIconFor("পদার্থবিজ্ঞান ১ম পত্র")).toBe("physics");
    expect(navIconFor("রসায়ন")).toBe("chem");
    expect(navIconFor("পরিসংখ্যান")).toBe("stat");
    expect(navIconFor("তথ্য ও যোগাযোগ প্রযুক্তি")).toBe("ict");
    expect(navIconFor("আইসিটি")).toBe("ict");
    expect(navIconFor("প্রাণিবিজ্ঞান")).toBe("zool");
    expect(navIconFor("উদ্ভিদবিজ্ঞান")).toBe("biology");
    expect(navIconFor("জীববিজ্ঞান ২য় পত্র")).toBe("biology");
    expect(navIconFor("ইংরেজি ১ম পত্র")).toBe("language");
    expect(navIconFor("বাংলা ২য় পত্র")).toBe("language");
  });

  it("matches রসায়ন whether য় is precomposed or decomposed", () => {
    expect(navIconFor("রসা\u09DFন")).toBe("chem");
    expect(navIconFor("রসা\u09AF\u09BCন")).toBe("chem");
  });

  it("does not treat Bangladesh studies as a language subject", () => {
    expect(navIconFor("Bangladesh and Global Studies")).toBe("book");
    expect(navIconFor("বাংলাদেশ ও বিশ্বপরিচয়")).toBe("book");
  });

  it("defaults to book", () => {
    expect(navIconFor("History")).toBe("book");
    expect(navIconFor("ইতিহাস")).toBe("book");
    expect(navIconFor("")).toBe("book");
  });
});

describe("homeIconFor", () => {
  it("accepts bare names and Font Awesome class forms", () => {
    expect(homeIconFor("flask")).toBe("flask");
    expect(homeIconFor("fa-flask")).toBe("flask");
    expect(homeIconFor("fas fa-flask")).toBe("flask");
    expect(homeIconFor("  FA FA-FROG ")).toBe("frog");
  });

  it("maps each listed icon class", () => {
    for (const name of ["square-root", "flask", "binoculars", "frog", "seedling", "language", "globe", "chart-bar",
      "desktop", "layer-group", "dollar", "microscope", "book"] as const) {
      expect(homeIconFor(`fa fa-${name}`)).toBe(name);
    }
  });

  it("accepts suffixed variants", () => {
    expect(homeIconFor("fas fa-square-root-alt")).toBe("square-root");
    expect(homeIconFor("fa-dollar-sign")).toBe("dollar");
    expect(homeIconFor("fa-globe-asia")).toBe("globe");
    expect(homeIconFor("fa-book-open")).toBe("book");
  });

  it("defaults to layer-group", () => {
    expect(homeIconFor(null)).toBe("layer-group");
    expect(homeIconFor(undefined)).toBe("layer-group");
    expect(homeIconFor("")).toBe("layer-group");
    expect(homeIconFor("fas fa-rocket")).toBe("layer-group");
    expect(homeIconFor("flasky")).toBe("layer-group");
  });
});
