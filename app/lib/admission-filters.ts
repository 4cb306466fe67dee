export type AdmissionSection = "ntrca" | "university" | "medical" | "bcs" | "national";

const EXACT_SUBJECTS = [
  "Mathematics", "Physics", "General knowledge", "Chemistry", "Botany", "Zoology", "Bangla", "English",
];

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

const exactNames = (suffix: string) => new Set(EXACT_SUBJECTS.map((s) => norm(`${s} ${suffix}`)));

const EXACT: Partial<Record<AdmissionSection, Set<string>>> = {
  university: exactNames("University Admission"),
  medical: exactNames("Medical Admission"),
  bcs: exactNames("BCS Preparation"),
};

const NATIONAL_SUBJECTS = ["math", "physics", "general", "knowledge", "chemistry", "botany", "zoology", "bangla", "english"];
const NTRCA_SUBJECTS = ["math", "physics", "ict", "chemistry", "botany", "zoology", "bangla", "english", "general"];

const hasAny = (name: string, words: string[]) => words.some((w) => name.includes(w));

export function matchesAdmission(name: string, section: AdmissionSection): boolean {
  const n = norm(name ?? "");
  switch (section) {
    case "national":
      return ["national", "university", "admission"].every((w) => n.includes(w)) && hasAny(n, NATIONAL_SUBJECTS);
    case "ntrca":
      // The spec also accepts the misspelling "resistration" used in some category names.
      return n.includes("ntrca") && hasAny(n, ["registration", "resistration"]) && hasAny(n, NTRCA_SUBJECTS);
    default:
      return EXACT[section]?.has(n) ?? false;
  }
}

export function filterAdmission<T extends { name: string }>(items: T[], section: AdmissionSection): T[] {
  return items.filter((item) => matchesAdmission(item.name, section));
}

/**
 * A section's subjects: the MCQ categories staff chose for it (in the MCQ list's order; a chosen
 * category deleted since is simply not there), or, until they choose, the name match above.
 */
export function admissionItems<T extends { id: number; name: string }>(items: T[], section: AdmissionSection, chosen: readonly number[] | null): T[] {
  if (chosen === null) return filterAdmission(items, section);
  const ids = new Set(chosen);
  return items.filter((item) => ids.has(item.id));
}

export const ADMISSION_SECTIONS: readonly {
  key: AdmissionSection;
  heading: string;
  blurb: string;
  empty: string;
}[] = [
  {
    key: "ntrca",
    heading: "NTRCA Preparation",
    blurb: "শিক্ষক নিবন্ধন (এনটিআরসিএ) পরীক্ষার বিষয়ভিত্তিক প্রস্তুতি।",
    empty: "No NTRCA subjects found.",
  },
  {
    key: "university",
    heading: "University Admission Preparation",
    blurb: "বিশ্ববিদ্যালয় ভর্তি পরীক্ষার বিষয়ভিত্তিক প্রস্তুতি।",
    empty: "No admission subjects found.",
  },
  {
    key: "medical",
    heading: "Medical Admission Preparation",
    blurb: "মেডিকেল ভর্তি পরীক্ষার বিষয়ভিত্তিক প্রস্তুতি।",
    empty: "No admission subjects found.",
  },
  {
    key: "bcs",
    heading: "BCS Preparation",
    blurb: "বিসিএস পরীক্ষার বিষয়ভিত্তিক প্রস্তুতি।",
    empty: "No BCS subjects found.",
  },
  {
    key: "national",
    heading: "National University Admission Preparation",
    blurb: "জাতীয় বিশ্ববিদ্যালয় ভর্তি পরীক্ষার বিষয়ভিত্তিক প্রস্তুতি।",
    empty: "No admission subjects found.",
  },
];
