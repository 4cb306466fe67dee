import type { IconName } from "~/lib/subject-icon";

export type UiIconName =
  | "chevron-left" | "chevron-right" | "chevron-down" | "arrow-up" | "menu" | "close"
  | "facebook" | "twitter" | "googleplus" | "instagram" | "youtube" | "linkedin" | "tumblr" | "pinterest"
  | "mail" | "phone" | "map-pin" | "play" | "grid" | "carousel";

export type AnyIconName = IconName | UiIconName;

const FLASK = "M9 3h6M10 3v6l-5 10a1 1 0 0 0 1 2h12a1 1 0 0 0 1-2L14 9V3M7 15h10";
const BARS = "M3 3v18h18M8 17v-5M13 17V7M18 17v-8";
const SCREEN = "M3 4h18v12H3zM8 20h8M12 16v4";
const LANG = "M4 5h8M8 3v2M6 5c0 4 2 7 6 9M10 5c0 4-3 8-6 9M13 21l4-10 4 10M14.5 17h5";
const BOOK = "M4 19V5a2 2 0 0 1 2-2h14v18H6a2 2 0 0 1-2-2zm0 0a2 2 0 0 1 2-2h14";
const CIRCLE = "M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0";

/** One 24x24 stroke path per icon (hand drawn, lucide-like style). */
const PATHS: Record<AnyIconName, string> = {
  math: "M5 7h6M8 4v6M14 7h5M5 14l5 5m0-5-5 5M14 15h5M14 19h5",
  physics: "M12 3c-6 0-6 18 0 18s6-18 0-18M3 12c0-6 18-6 18 0s-18 6-18 0M12 12h.01",
  chem: FLASK,
  flask: FLASK,
  stat: BARS,
  "chart-bar": BARS,
  ict: SCREEN,
  desktop: SCREEN,
  zool: "M2 12c4-6 12-6 16 0-4 6-12 6-16 0zm16 0 4-4v8zM7 11h.01",
  biology: "M5 21c0-9 5-16 16-16 0 11-7 16-16 16zm0 0 9-9",
  language: LANG,
  book: BOOK,
  "square-root": "M3 13h3l3 8 5-18h7",
  binoculars: "M3 16a3 3 0 1 0 6 0 3 3 0 1 0-6 0m12 0a3 3 0 1 0 6 0 3 3 0 1 0-6 0M9 16h6M4 15l2-10h2l1 11m11-1-2-10h-2l-1 11",
  frog: "M12 20c-5 0-8-3-8-7s3-5 4-7a2 2 0 0 1 4 0 2 2 0 0 1 4 0c1 2 4 3 4 7s-3 7-8 7zM9 15c2 1 4 1 6 0",
  seedling: "M12 21v-9C12 7 8 4 3 4c0 5 4 8 9 8m0-2c0-4 3-6 8-6 0 4-3 6-8 6",
  globe: `${CIRCLE}M3 12h18M12 3c-4 5-4 13 0 18m0-18c4 5 4 13 0 18`,
  "layer-group": "M12 2 2 7l10 5 10-5zM2 12l10 5 10-5M2 17l10 5 10-5",
  dollar: "M12 2v20m5-16H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
  microscope: "M3 21h18M6 18h8m0 3a7 7 0 0 0 0-14M9 14h2M8 3h4v9H8z",
  "chevron-left": "m15 18-6-6 6-6",
  "chevron-right": "m9 18 6-6-6-6",
  "chevron-down": "m6 9 6 6 6-6",
  "arrow-up": "M12 19V5m-7 7 7-7 7 7",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6 6 18",
  facebook: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z",
  twitter: "M22 4s-1 2-2 3c2 10-9 17-18 12 2 0 4-1 6-2-5-2-7-8-5-12 2 3 6 4 9 4-1-4 4-7 7-4 1 0 3-1 3-1z",
  googleplus: "M12 8.5A4 4 0 1 0 13 12H9m9-3v6m-3-3h6",
  instagram: "M2 7a5 5 0 0 1 5-5h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5zm6 5a4 4 0 1 0 8 0 4 4 0 1 0-8 0m9.5-5.5h.01",
  youtube: "M2 8a4 4 0 0 1 4-4h12a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4zm8 1 5 3-5 3z",
  linkedin: "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zm2-7a2 2 0 1 0 0 4 2 2 0 1 0 0-4",
  tumblr: "M10 3v5H7v3h3v6a4 4 0 0 0 4 4h3v-3h-3a1 1 0 0 1-1-1v-6h4V8h-4V3z",
  pinterest: `${CIRCLE}m8 8 3-10m-2 5c4 2 7-1 6-3s-5-3-7 0`,
  mail: "M2 5h20v14H2zm0 0 10 8 10-8",
  phone: "M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z",
  "map-pin": "M12 22s7-6 7-12a7 7 0 0 0-14 0c0 6 7 12 7 12zM9 10a3 3 0 1 0 6 0 3 3 0 1 0-6 0",
  play: "M6 4l14 8-14 8z",
  grid: "M3 3h7v7H3zm11 0h7v7h-7zM3 14h7v7H3zm11 0h7v7h-7z",
  carousel: "M7 5h10v14H7zM3 7v10M21 7v10",
};

export const ICON_NAMES = Object.keys(PATHS) as AnyIconName[];

// The stroke style (no fill, currentColor, width 2, round caps and joins) is in app.css's `.icon`: the
// <use> clone inherits it from the referencing <svg>. Set there once instead of as attributes on
// every icon, a page with 50 subjects in its menu is about 6 KB smaller.

// The symbols as markup, made once: the paths are our own constants (no user text), and React would
// otherwise build and serialise the same elements on every request.
const SPRITE_SYMBOLS = ICON_NAMES.map((name) => `<symbol id="i-${name}" viewBox="0 0 24 24"><path d="${PATHS[name]}"></path></symbol>`).join("");

/** Render once per page (e.g. in root); <Icon> references its symbols. */
export function IconSprite() {
  return <svg aria-hidden="true" style={{ display: "none" }} dangerouslySetInnerHTML={{ __html: SPRITE_SYMBOLS }} />;
}

export function Icon({ name, className, title }: { name: AnyIconName; className?: string; title?: string }) {
  const cls = className ? `icon ${className}` : "icon";
  const use = <use href={`#i-${name}`} />;
  return title ? (
    <svg className={cls} role="img">
      <title>{title}</title>
      {use}
    </svg>
  ) : (
    <svg className={cls} aria-hidden="true">
      {use}
    </svg>
  );
}
