export type IconName =
  | "math" | "physics" | "chem" | "stat" | "ict" | "zool" | "biology" | "language" | "book"
  | "square-root" | "flask" | "binoculars" | "frog" | "seedling" | "globe" | "chart-bar"
  | "desktop" | "layer-group" | "dollar" | "microscope";

// Order matters: first match wins. Bangla keywords are NFC-normalised like the input,
// because "য়" may arrive precomposed or as য + nukta.
const NAV_RULES: [IconName, string[]][] = [
  ["math", ["math", "গণিত"]],
  ["physics", ["physics", "পদার্থ"]],
  ["chem", ["chem", "রসায়ন"]],
  ["stat", ["stat", "পরিসংখ্যান"]],
  ["ict", ["ict", "web", "তথ্য ও যোগাযোগ", "আইসিটি"]],
  ["zool", ["zool", "প্রাণি", "প্রাণী"]],
  ["biology", ["botany", "biology", "উদ্ভিদ", "জীববিজ্ঞান"]],
  ["language", ["english", "ইংরেজি", "ইংরেজী"]],
];

const nfc = (s: string) => s.normalize("NFC").toLowerCase();

export function navIconFor(subjectName: string): IconName {
  const name = nfc(subjectName ?? "");
  for (const [icon, words] of NAV_RULES) {
    if (words.some((w) => name.includes(nfc(w)))) return icon;
  }
  // Bangla is checked apart so "Bangladesh ..." (Bangladesh and Global Studies) stays generic.
  if (/bangla(?!desh)/.test(name) || /বাংলা(?!দেশ)/.test(name)) return "language";
  return "book";
}

const HOME_ICONS: IconName[] = [
  "square-root", "flask", "binoculars", "frog", "seedling", "language", "globe",
  "chart-bar", "desktop", "layer-group", "dollar", "microscope", "book",
];

/** Accepts "flask", "fa-flask", "fas fa-flask", and variants like "fa-dollar-sign". */
export function homeIconFor(iconClass: string | null | undefined): IconName {
  const tokens = (iconClass ?? "").toLowerCase().split(/\s+/).map((t) => t.replace(/^fa-/, ""));
  for (const token of tokens) {
    const hit = HOME_ICONS.find((n) => token === n || token.startsWith(`${n}-`));
    if (hit) return hit;
  }
  return "layer-group";
}
