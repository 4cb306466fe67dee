// Grades, subjects, the navbar offerings (subject_grades), chapters (categories) and topic pages (titles).
import type * as schema from "../../app/db/schema";
import { MATH_CATEGORIES } from "./study-math";
import { OTHER_CATEGORIES } from "./study-other";
import { SCIENCE_CATEGORIES } from "./study-science";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export const GRADES: Insert<typeof schema.grades>[] = [
  { id: 1, name: "এসএসসি", sort: 1 },
  { id: 2, name: "এইচএসসি", sort: 2 },
  { id: 3, name: "জেএসসি", sort: 3 },
];

const SUBJECT_LIST = [
  { id: 1, name: "উচ্চতর গণিত", slug: "higher-math", icon: "square-root" },
  { id: 2, name: "সাধারণ গণিত", slug: "math", icon: "square-root" },
  { id: 3, name: "পদার্থবিজ্ঞান", slug: "physics", icon: "globe" },
  { id: 4, name: "রসায়ন", slug: "chemistry", icon: "flask" },
  { id: 5, name: "জীববিজ্ঞান", slug: "biology", icon: "seedling" },
  { id: 6, name: "উদ্ভিদবিজ্ঞান", slug: "botany", icon: "leaf" },
  { id: 7, name: "প্রাণিবিজ্ঞান", slug: "zoology", icon: "frog" },
  { id: 8, name: "পরিসংখ্যান", slug: "statistics", icon: "chart-bar" },
  { id: 9, name: "তথ্য ও যোগাযোগ প্রযুক্তি", slug: "ict", icon: "desktop" },
  { id: 10, name: "English", slug: "english", icon: "language" },
] as const;

export const SUBJECTS: Insert<typeof schema.subjects>[] = SUBJECT_LIST.map((s, i) => ({
  ...s,
  image: `/images/subjects/${s.slug}.svg`,
  sort: i + 1,
}));

const subjectId = (slug: string) => {
  const s = SUBJECT_LIST.find((x) => x.slug === slug);
  if (!s) throw new Error(`seed: unknown subject slug ${slug}`);
  return s.id;
};

/** Navbar entries: which subject is offered in which grade. */
const OFFERINGS: Array<[grade: number, slugs: string[]]> = [
  [1, ["higher-math", "math", "physics", "chemistry", "biology", "ict", "english"]],
  [2, ["higher-math", "physics", "chemistry", "botany", "zoology", "statistics", "ict", "english"]],
  [3, ["math", "english"]],
];

export const SUBJECT_GRADES: Insert<typeof schema.subjectGrades>[] = OFFERINGS.flatMap(([gradeId, slugs]) =>
  slugs.map((slug, i) => ({ subjectId: subjectId(slug), gradeId, sort: i + 1 })),
);

// উচ্চতর গণিত's first SSC chapter comes first, so its first title is titles.id 1.
const ALL = [...MATH_CATEGORIES, ...SCIENCE_CATEGORIES, ...OTHER_CATEGORIES];

export const CATEGORIES: Insert<typeof schema.categories>[] = [];
export const TITLES: Insert<typeof schema.titles>[] = [];
{
  let titleId = 0;
  const sortInSubject = new Map<string, number>();
  ALL.forEach((c, i) => {
    const categoryId = i + 1;
    const key = c.subject;
    const sort = (sortInSubject.get(key) ?? 0) + 1;
    sortInSubject.set(key, sort);
    if (!OFFERINGS.some(([g, slugs]) => g === c.grade && slugs.includes(c.subject))) {
      throw new Error(`seed: ${c.subject} is not offered in grade ${c.grade}`);
    }
    CATEGORIES.push({ id: categoryId, subjectId: subjectId(c.subject), gradeId: c.grade, name: c.name, image: null, sort });
    c.titles.forEach((t, j) => {
      TITLES.push({ id: ++titleId, categoryId, name: t.name, image: t.image ?? null, content: t.content, sort: j + 1 });
    });
  });
}

/** A chapter named by its subject's slug and its name (names repeat across subjects). */
export type ChapterRef = readonly [subject: string, name: string];

export function chapterOf([slug, name]: ChapterRef) {
  const c = CATEGORIES.find((x) => x.subjectId === subjectId(slug) && x.name === name);
  if (!c) throw new Error(`seed: no chapter "${name}" in ${slug}`);
  return { id: c.id!, subjectId: c.subjectId, gradeId: c.gradeId ?? null };
}
