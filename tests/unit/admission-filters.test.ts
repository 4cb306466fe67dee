import { describe, it, expect } from "vitest";
import { ADMISSION_SECTIONS, filterAdmission, matchesAdmission } from "~/lib/admission-filters";

describe("exact-name sections", () => {
  it("university matches the exact names only", () => {
    expect(matchesAdmission("Mathematics University Admission", "university")).toBe(true);
    expect(matchesAdmission("General knowledge University Admission", "university")).toBe(true);
    expect(matchesAdmission("  english   university ADMISSION ", "university")).toBe(true);
    expect(matchesAdmission("Mathematics National University Admission", "university")).toBe(false);
    expect(matchesAdmission("History University Admission", "university")).toBe(false);
    expect(matchesAdmission("Mathematics University Admission 2024", "university")).toBe(false);
    expect(matchesAdmission("Mathematics Medical Admission", "university")).toBe(false);
  });

  it("medical matches the exact names only", () => {
    for (const s of ["Mathematics", "Physics", "General knowledge", "Chemistry", "Botany", "Zoology", "Bangla", "English"]) {
      expect(matchesAdmission(`${s} Medical Admission`, "medical"), s).toBe(true);
    }
    expect(matchesAdmission("BOTANY medical admission", "medical")).toBe(true);
    expect(matchesAdmission("Biology Medical Admission", "medical")).toBe(false);
    expect(matchesAdmission("Botany Medical", "medical")).toBe(false);
  });

  it("bcs matches the exact names only", () => {
    expect(matchesAdmission("Bangla BCS Preparation", "bcs")).toBe(true);
    expect(matchesAdmission("bangla bcs preparation", "bcs")).toBe(true);
    expect(matchesAdmission("Bangla BCS", "bcs")).toBe(false);
    expect(matchesAdmission("Bangla BCS Preparation Part 2", "bcs")).toBe(false);
    expect(matchesAdmission("Bangla University Admission", "bcs")).toBe(false);
  });
});

describe("keyword sections", () => {
  it("national needs national, university, admission and a subject keyword", () => {
    expect(matchesAdmission("Mathematics National University Admission", "national")).toBe(true);
    expect(matchesAdmission("NATIONAL UNIVERSITY ADMISSION - General Knowledge", "national")).toBe(true);
    expect(matchesAdmission("national university admission physics", "national")).toBe(true);
    expect(matchesAdmission("National University Admission", "national")).toBe(false);
    expect(matchesAdmission("Mathematics University Admission", "national")).toBe(false);
    expect(matchesAdmission("National University Mathematics", "national")).toBe(false);
    expect(matchesAdmission("National University Admission ICT", "national")).toBe(false);
  });

  it("ntrca needs ntrca, registration (or resistration) and a subject keyword", () => {
    expect(matchesAdmission("NTRCA Registration Mathematics", "ntrca")).toBe(true);
    expect(matchesAdmission("ntrca resistration bangla", "ntrca")).toBe(true);
    expect(matchesAdmission("Ntrca Resistration ICT", "ntrca")).toBe(true);
    expect(matchesAdmission("NTRCA Registration General Knowledge", "ntrca")).toBe(true);
    expect(matchesAdmission("NTRCA Registration", "ntrca")).toBe(false);
    expect(matchesAdmission("NTRCA Mathematics", "ntrca")).toBe(false);
    expect(matchesAdmission("Registration Mathematics", "ntrca")).toBe(false);
    expect(matchesAdmission("NTRCA Registration History", "ntrca")).toBe(false);
  });
});

describe("filterAdmission", () => {
  const items = [
    { id: 1, name: "Physics University Admission" },
    { id: 2, name: "Physics National University Admission" },
    { id: 3, name: "Physics Medical Admission" },
    { id: 4, name: "NTRCA Registration Physics" },
    { id: 5, name: "Physics BCS Preparation" },
    { id: 6, name: "Physics 1st Paper" },
  ];

  it("keeps only the matching items, in order, with their other fields", () => {
    expect(filterAdmission(items, "university").map((i) => i.id)).toEqual([1]);
    expect(filterAdmission(items, "national").map((i) => i.id)).toEqual([2]);
    expect(filterAdmission(items, "medical").map((i) => i.id)).toEqual([3]);
    expect(filterAdmission(items, "ntrca").map((i) => i.id)).toEqual([4]);
    expect(filterAdmission(items, "bcs").map((i) => i.id)).toEqual([5]);
    expect(filterAdmission([], "bcs")).toEqual([]);
  });
});

describe("ADMISSION_SECTIONS", () => {
  it("lists the sections in home page order with the specified texts", () => {
    expect(ADMISSION_SECTIONS.map((s) => [s.key, s.heading, s.empty])).toEqual([
      ["ntrca", "NTRCA Preparation", "No NTRCA subjects found."],
      ["university", "University Admission Preparation", "No admission subjects found."],
      ["medical", "Medical Admission Preparation", "No admission subjects found."],
      ["bcs", "BCS Preparation", "No BCS subjects found."],
      ["national", "National University Admission Preparation", "No admission subjects found."],
    ]);
  });

  it("has a Bangla blurb for each section", () => {
    for (const s of ADMISSION_SECTIONS) expect(s.blurb).toMatch(/^[\u0980-\u09FF]/);
  });
});
