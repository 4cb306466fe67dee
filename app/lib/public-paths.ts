// The public site's addresses, as patterns: what a page-meta row may name. Page meta is looked up by
// the exact path of the page being shown (root.tsx), so a path no page has is a row nothing reads.
// Written from app/routes (one file per URL): a new public route adds its pattern here.
const ID = "[0-9]+";
const SLUG = "[^/?#\\s]+";

const PATTERNS: readonly string[] = [
  "/",
  "/home",
  "/about",
  "/about/(aboutus|author|products)",
  "/contact",
  "/search",
  "/category",
  `/category/${ID}`,
  `/title/${ID}`,
  `/subject/${SLUG}`,
  `/subject/${SLUG}/${ID}/${ID}`,
  `/mq/${ID}`,
  `/mq/sub/${ID}`,
  "/exampage",
  "/exampage/resume",
  `/exampage/${ID}`,
  `/exampage/${ID}/merit`,
  "/exam-subpage",
  `/exam-subpage/${ID}`,
  "/exam-picker",
  "/questionpaper",
  `/questionpaper/${ID}`,
  `/questionpaper/p/${SLUG}`,
  "/board-question",
  `/board-question/${ID}`,
  `/board-question/${ID}/paper/${ID}`,
  "/board-creative",
  "/board-multiq",
  `/qp-by-subject-board/${ID}/${ID}`,
  "/example",
  "/live",
  "/live/room",
  `/make-question/${SLUG}/${ID}/${ID}(/(paper|questions|settings))?`,
  "/my-exams",
  "/my-exams/mistakes",
];

const KNOWN = new RegExp(`^(?:${PATTERNS.map((p) => `(?:${p})`).join("|")})$`);

/** Whether `path` (a pathname: no query, no host) is the address of a public page. */
export function isPublicPagePath(path: string): boolean {
  return KNOWN.test(path);
}

/** The patterns in words, for a staff message. */
export const PUBLIC_PATH_EXAMPLES = "/home, /title/12, /category/3, /mq/5, /exampage/7, /subject/math";
