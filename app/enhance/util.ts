/** Small helpers shared by the behaviour modules (kept here so each is bundled once). */

/**
 * Scroll behaviour for programmatic scrolls. Under reduced motion we use "instant" rather than
 * "auto": "auto" means "whatever the CSS says", and the stylesheet sets `scroll-behavior: smooth`,
 * so "auto" could still animate.
 */
export function motion(): ScrollBehavior {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
}

/** True when the browser should handle the click itself (new tab/window, download, other button). */
export function modified(e: MouseEvent): boolean {
  return e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/** The element an event happened on, or null (text nodes, document, window). */
export function el(e: Event): Element | null {
  const t = e.target;
  return t instanceof Element ? t : null;
}

/** Coalesce bursts of scroll/resize events into at most one call per frame. */
export function perFrame(fn: () => void): () => void {
  let queued = 0;
  return () => {
    if (!queued) queued = requestAnimationFrame(() => ((queued = 0), fn()));
  };
}
