// The site texts staff may change at /gradmin/site-texts: the home page's section headings, the
// admission sections' headings and blurbs, and the footer's copyright owner; with each admission
// section's MCQ categories. The defaults are the texts the public spec shows, so an empty database
// shows exactly those. A plain module (no server imports): the screen hydrates and draws with it.
import { ADMISSION_SECTIONS, type AdmissionSection } from "~/lib/admission-filters";

export type SiteTextDef = { key: string; label: string; defaultValue: string; max: number; long?: boolean };

const HOME_TEXTS = [
  { key: "home_subjects_title", label: "বিষয় অংশের শিরোনাম (Subjects heading)", defaultValue: "বিষয়ভিত্তিক অধ্যায়", max: 120 },
  { key: "home_subjects_subtitle", label: "বিষয় অংশের উপশিরোনাম (Subjects subheading)", defaultValue: "Subjects", max: 120 },
  {
    key: "home_boards_title",
    label: "বোর্ড প্রশ্ন অংশের শিরোনাম (Board papers heading)",
    defaultValue: "বিগত বছরের শিক্ষা বোর্ড ও বিশ্ববিদ্যালয় ভর্তি পরীক্ষার প্রশ্নপত্র",
    max: 200,
  },
  { key: "home_boards_subtitle", label: "বোর্ড প্রশ্ন অংশের উপশিরোনাম (Board papers subheading)", defaultValue: "Board & university question papers", max: 120 },
  { key: "home_mcq_title", label: "MCQ অংশের শিরোনাম (Multiple choice heading)", defaultValue: "Multiple Choice", max: 120 },
  { key: "home_mcq_subtitle", label: "MCQ অংশের উপশিরোনাম (Multiple choice subheading)", defaultValue: "বহুনির্বাচনি প্রশ্ন অনুশীলন", max: 120 },
  { key: "home_videos_title", label: "ভিডিও অংশের শিরোনাম (Videos heading)", defaultValue: "ভিডিও ক্লাস", max: 120 },
  { key: "home_videos_subtitle", label: "ভিডিও অংশের উপশিরোনাম (Videos subheading)", defaultValue: "Video lessons", max: 120 },
] as const satisfies readonly SiteTextDef[];

const admissionTexts = (section: (typeof ADMISSION_SECTIONS)[number]) =>
  [
    { key: `admission_${section.key}_heading`, label: "শিরোনাম (Heading)", defaultValue: section.heading, max: 120 },
    { key: `admission_${section.key}_blurb`, label: "পরিচিতি (Blurb)", defaultValue: section.blurb, max: 300, long: true },
  ] as const;

const FOOTER_TEXTS = [
  { key: "footer_copyright_owner", label: "কপিরাইট স্বত্বাধিকারী (Copyright owner)", defaultValue: "Your Company", max: 120 },
] as const satisfies readonly SiteTextDef[];

export const SITE_TEXT_GROUPS: { id: string; legend: string; texts: readonly SiteTextDef[]; admission?: AdmissionSection }[] = [
  { id: "home", legend: "হোম পাতার অংশ (Home page sections)", texts: HOME_TEXTS },
  ...ADMISSION_SECTIONS.map((s) => ({ id: s.key, legend: s.heading, texts: admissionTexts(s), admission: s.key })),
  { id: "footer", legend: "ফুটার (Footer)", texts: FOOTER_TEXTS },
];

export const SITE_TEXTS: readonly SiteTextDef[] = SITE_TEXT_GROUPS.flatMap((g) => g.texts);
export const SITE_TEXT_KEYS = SITE_TEXTS.map((t) => t.key);
export type SiteTextValues = Record<string, string>;

export const SITE_TEXT_DEFAULTS: SiteTextValues = Object.fromEntries(SITE_TEXTS.map((t) => [t.key, t.defaultValue]));

/** The copyright owner the footer shows before staff name one (the spec's placeholder). */
export const COPYRIGHT_OWNER_KEY = "footer_copyright_owner";
export const DEFAULT_COPYRIGHT_OWNER = SITE_TEXT_DEFAULTS[COPYRIGHT_OWNER_KEY];

/** Where each text is kept in site_settings: its own row, blank meaning the default. */
export const textRowKey = (key: string) => `text:${key}`;
/** Where an admission section's chosen categories are kept: blank = the name match, else a JSON list of ids. */
export const ruleRowKey = (section: AdmissionSection) => `admission:${section}`;

/** A text row's value as pages use it: blank (or no row) is the default. */
export const textOrDefault = (key: string, stored: string | null | undefined) => (stored ?? "").trim() || SITE_TEXT_DEFAULTS[key] || "";

/** A stored rule: null for the name match (blank, no row, or anything unreadable), else the chosen ids. */
export function parseRule(stored: string | null | undefined): number[] | null {
  if (!stored || !stored.trim()) return null;
  try {
    const ids: unknown = JSON.parse(stored);
    return Array.isArray(ids) && ids.every((id) => Number.isInteger(id) && id > 0) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}
