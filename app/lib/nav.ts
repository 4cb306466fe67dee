// Which navbar item is active, derived from the URL path on the server (spec: "Active highlighting").
// Fragments (#grcontentvideo, #grcontentmcq) never reach the server; the enhancement script marks those.
export type NavItem = "home" | "subjects" | "question-paper" | "make-question" | "exam" | "mcq" | "videos" | "live";

const rules: [RegExp, NavItem][] = [
  [/^\/home\/?$/, "home"],
  [/^\/(subject(\/|$)|title\/\d+\/?$)/, "subjects"],
  [/^\/(make-question|questionpaper)/, "make-question"],
  [/^\/(board-question|qp-by-subject-board|board-multiq|board-creative)/, "question-paper"],
  [/^\/(exampage|exam-subpage|exam-picker)/, "exam"],
  [/^\/live(\/|$)/, "live"],
];

/** The admin area: its own frame, never cached, no public navbar or footer. */
export const isAdminPath = (pathname: string) => /^\/gradmin(\/|$)/.test(pathname);

export function activeNavItem(pathname: string): NavItem | null {
  for (const [re, item] of rules) if (re.test(pathname)) return item;
  return null;
}
