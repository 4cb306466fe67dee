/**
 * Carousel buttons. Without JS the track is a native horizontal scroller and the buttons stay
 * `hidden`; with JS they page the track by (at most) its visible width, card by card, and are
 * disabled at either end.
 */
import { el, motion } from "./util";

const CAROUSEL = "[data-carousel]";
const TRACK = "[data-carousel-track]";
const PREV = "[data-carousel-prev]";
const NEXT = "[data-carousel-next]";

type Parts = [HTMLElement | null, HTMLButtonElement | null, HTMLButtonElement | null];
const parts = (c: Element): Parts => [
  c.querySelector<HTMLElement>(TRACK),
  c.querySelector<HTMLButtonElement>(PREV),
  c.querySelector<HTMLButtonElement>(NEXT),
];

function update(c: Element): void {
  const [t, prev, next] = parts(c);
  if (!t) return;
  const x = t.scrollLeft; // 1px slack: scroll positions can be fractional
  const focus = document.activeElement;
  if (prev) prev.disabled = x <= 1;
  if (next) next.disabled = x >= t.scrollWidth - t.clientWidth - 1;
  // A disabled button drops focus to <body>; keep keyboard users inside the carousel.
  if ((focus === prev || focus === next) && (focus as HTMLButtonElement).disabled) {
    const other = focus === prev ? next : prev;
    (other && !other.disabled ? other : t).focus();
  }
}

// One rAF for all carousels that scrolled/resized in this frame.
const pending = new Set<Element>();
let frame = 0;
function schedule(c: Element): void {
  pending.add(c);
  if (!frame)
    frame = requestAnimationFrame(() => {
      frame = 0;
      pending.forEach(update);
      pending.clear();
    });
}
const scheduleAll = (): void => document.querySelectorAll(CAROUSEL).forEach(schedule);

// Tracks that were hidden (0 wide) at init report the right state once they get a size.
const resized =
  typeof ResizeObserver == "function"
    ? new ResizeObserver((entries) =>
        entries.forEach((r) => {
          const c = r.target.closest(CAROUSEL);
          if (c) schedule(c);
        }),
      )
    : null;

/** Show and wire the buttons of every carousel in `root` (the page, or content swapped in). */
export function initCarousels(root: ParentNode): void {
  const list = Array.from(root.querySelectorAll(CAROUSEL));
  if (root instanceof Element && root.matches(CAROUSEL)) list.push(root);
  list.forEach((c) => {
    const [t, prev, next] = parts(c);
    if (!t) return;
    if (prev) prev.hidden = false;
    if (next) next.hidden = false;
    if (resized) resized.observe(t);
    schedule(c); // in the next frame: reading widths now would force the page's layout inside this script
  });
}

/**
 * Where one step goes: forward, the first card that is not wholly visible becomes the first one;
 * back, the last card cut off on the left becomes the last one. So a step is at most the visible
 * width and never skips a card that was only partly shown. Always a card's start (a snap point).
 */
export function stepTarget(t: HTMLElement, forward: boolean): number {
  const x = t.scrollLeft;
  const w = t.clientWidth;
  const origin = t.getBoundingClientRect().left - x;
  const cards = Array.from(t.children, (c) => {
    const r = c.getBoundingClientRect();
    return { start: r.left - origin, end: r.right - origin };
  });
  if (forward) {
    const next = cards.find((c) => c.end > x + w + 1);
    return next && next.start > x + 1 ? next.start : x + w;
  }
  const cut = cards.filter((c) => c.start < x - 1).pop();
  if (!cut) return 0;
  const first = cards.find((c) => cut.end - c.start <= w + 1);
  return first && first.start < x - 1 ? first.start : Math.max(0, x - w);
}

export function initCarousel(): void {
  document.addEventListener("click", (e) => {
    const b = el(e)?.closest(`${PREV},${NEXT}`);
    const t = b?.closest(CAROUSEL)?.querySelector<HTMLElement>(TRACK);
    if (!b || !t) return;
    t.scrollTo({ left: stepTarget(t, b.matches(NEXT)), behavior: motion() });
  });
  // Element scroll events do not bubble, but they can be captured at the document.
  document.addEventListener(
    "scroll",
    (e) => {
      const t = el(e);
      const c = t && t.matches(TRACK) && t.closest(CAROUSEL);
      if (c) schedule(c);
    },
    { capture: true, passive: true },
  );
  addEventListener("resize", scheduleAll, { passive: true });
  addEventListener("load", scheduleAll); // late images/fonts change scrollWidth
  initCarousels(document);
}
