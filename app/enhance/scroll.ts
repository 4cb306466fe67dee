/**
 * Scroll helpers: scroll-to-top button, in-page navbar fragments on /home, closing <details>
 * dropdowns, and the phone menu. Without JS all of these are plain links and <details>; the menu
 * opens as the URL's target (#menu, components/navbar.tsx). Here it opens in place instead, so opening
 * and closing it leaves no history entries for Back to walk through.
 */
import { el, modified, motion, perFrame } from "./util";

const DROPDOWN = "details[data-dropdown]";
const MENU = "[data-nav-menu]";
const TOGGLE = "a[data-nav-toggle]";
const OPEN = "is-open";
const ACTIVE = "active";

const onHome = (): boolean => /^\/home\/?$/.test(location.pathname);

/** Home link(s) the server marked active, with their original aria-current, so we can restore them. */
let homes: [Element, string][] = [];

function mark(a: Element, on: boolean, current: string): void {
  a.classList.toggle(ACTIVE, on);
  if (on) a.setAttribute("aria-current", current);
  else a.removeAttribute("aria-current");
}

/** Highlight the navbar item for the current #fragment; the Home item only when none matches. */
function syncActive(): void {
  if (!onHome()) return; // elsewhere the server's marking is already right
  let hash = location.hash.slice(1);
  try {
    hash = decodeURIComponent(hash);
  } catch {
    /* malformed escape: compare raw */
  }
  let matched = false;
  document.querySelectorAll<HTMLElement>("[data-nav-fragment]").forEach((a) => {
    const on = !!hash && a.dataset.navFragment === hash;
    matched = matched || on;
    mark(a, on, "location");
  });
  homes.forEach(([a, current]) => mark(a, !matched, current));
}

function toTop(e: MouseEvent, link: Element): void {
  e.preventDefault();
  scrollTo({ top: 0, behavior: motion() });
  // Move focus too, otherwise the next Tab continues from the bottom of the page.
  const top = document.getElementById("top");
  if (top) top.focus({ preventScroll: true });
  link.classList.remove("is-visible");
}

const menu = (): HTMLElement | null => document.querySelector<HTMLElement>(MENU);

/** Open and over the page: on wide screens the items are in the bar itself and never "open". */
function menuOpen(m: HTMLElement): boolean {
  return (m.classList.contains(OPEN) || m.matches(":target")) && getComputedStyle(m).position === "fixed";
}

function setMenu(m: HTMLElement, open: boolean): void {
  m.classList.toggle(OPEN, open);
  // Opened as the URL's target (a tap before this script ran, or a shared link): only a fragment
  // navigation ends that; replacing the entry adds none. No element has that id: nothing scrolls.
  if (!open && m.matches(":target")) location.replace(`#${m.id}-closed`);
  document.querySelectorAll(TOGGLE).forEach((a) => a.setAttribute("aria-expanded", String(open)));
}

/** Focus the menu button shown now (open and close take turns in one place). */
function focusToggle(): void {
  Array.from(document.querySelectorAll<HTMLElement>(TOGGLE)).find((a) => a.offsetParent)?.focus();
}

function toFragment(e: MouseEvent, a: HTMLElement): void {
  const id = a.dataset.navFragment || "";
  const target = id && document.getElementById(id);
  if (!onHome() || !target) return; // let the browser navigate to /home#id
  const m = menu();
  // A menu opened as the URL's target closes as the browser follows the link (and scrolls smoothly, by
  // the stylesheet's scroll-behavior): leave it to the browser.
  if (m?.matches(":target") && m.contains(a)) return m.classList.remove(OPEN);
  e.preventDefault();
  // On phones the menu overlays the page: close it before scrolling.
  if (m?.contains(a)) setMenu(m, false);
  // CSS scroll-padding-top keeps the section clear of the sticky navbar.
  target.scrollIntoView({ behavior: motion(), block: "start" });
  // Like a real fragment jump, continue keyboard navigation from the section.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  if (location.hash !== "#" + id) history.pushState(null, "", "#" + id);
  syncActive();
}

function openPopups(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>(`${DROPDOWN}[open]`));
}

function onKey(e: KeyboardEvent): void {
  if (e.key !== "Escape" && e.key !== "Esc") return;
  const open = openPopups();
  const m = menu();
  // An open dropdown inside the menu closes first; then the menu.
  if (!open.length && m && menuOpen(m)) {
    setMenu(m, false);
    focusToggle();
    return;
  }
  if (!open.length) return;
  const focus = document.activeElement;
  // Close the innermost popup holding focus (document order puts nested ones last), else the last one.
  const d = open.filter((x) => x.contains(focus)).pop() || open.pop()!;
  d.open = false;
  const summary = d.querySelector("summary");
  if (summary && (d.contains(focus) || focus === document.body || !focus)) summary.focus();
}

/**
 * Quiz pages on phones scroll the navbar away (CSS): it returns while the reader scrolls up, so a long
 * page can be left from anywhere, and leaves again on the way down. It becomes fixed only once out of
 * sight (.nav-auto) and then slides by transform, so nothing on the page moves.
 */
/** A keyboard user is in `root` (a tap leaves focus on the link tapped: that does not count). */
function keyboardIn(root: Element): boolean {
  try {
    return !!root.querySelector(":focus-visible");
  } catch {
    return root.contains(document.activeElement); // browsers without :focus-visible
  }
}

function initPeek(): void {
  const bar = document.querySelector<HTMLElement>("[data-navbar]");
  if (!bar || !document.querySelector(".quiz-actions")) return;
  let last = scrollY;
  const update = (): void => {
    const y = scrollY;
    const auto = bar.classList.contains("nav-auto");
    const m = menu();
    if (!auto) {
      // Wide screens keep their fixed navbar; here it waits until it has scrolled out of sight.
      if (y > bar.offsetHeight && getComputedStyle(bar).position === "absolute") bar.classList.add("nav-auto", "nav-away");
    } else if (y < last - 4 || y <= 0) bar.classList.remove("nav-away");
    else if (y > last + 4 && !(m && menuOpen(m)) && !keyboardIn(bar)) bar.classList.add("nav-away");
    last = y;
  };
  addEventListener("scroll", perFrame(update), { passive: true });
  // Turned to a wide screen: back to the stylesheet's navbar.
  addEventListener("resize", () => {
    if (!matchMedia("(max-width: 991px)").matches) bar.classList.remove("nav-auto", "nav-away");
  });
}

export function initScroll(): void {
  initPeek();
  homes = Array.from(document.querySelectorAll(`[data-nav-home].${ACTIVE}`), (a) => [
    a,
    a.getAttribute("aria-current") || "page",
  ]);

  const links = (): NodeListOf<Element> => document.querySelectorAll("[data-to-top]");
  const update = (): void => {
    const show = scrollY > 300;
    links().forEach((a) => a.classList.toggle("is-visible", show));
  };
  addEventListener("scroll", perFrame(update), { passive: true });
  // After the first frame, whose layout it reuses: reading scrollY now would force the whole page's
  // layout inside this script (on a page of 100 typeset questions, one long blocking task).
  requestAnimationFrame(() => setTimeout(update));

  document.addEventListener("click", (e) => {
    const t = el(e);
    if (!t) return;
    // Any click outside an open dropdown (or the open phone menu) closes it.
    openPopups().forEach((d) => d.contains(t) || (d.open = false));
    const m = menu();
    const toggle = t.closest(TOGGLE);
    if (m && !toggle && !m.contains(t) && menuOpen(m)) setMenu(m, false);
    if (modified(e)) return;
    if (m && toggle) {
      e.preventDefault();
      setMenu(m, !menuOpen(m));
      focusToggle();
      return;
    }
    const top = t.closest("[data-to-top]");
    if (top) return toTop(e, top);
    const frag = t.closest<HTMLElement>("a[data-nav-fragment]");
    if (frag) toFragment(e, frag);
  });

  // Opening one dropdown closes the others ("toggle" does not bubble, so capture it).
  document.addEventListener(
    "toggle",
    (e) => {
      const d = el(e);
      if (!d || !d.matches(DROPDOWN) || !(d as HTMLDetailsElement).open) return;
      document.querySelectorAll<HTMLDetailsElement>(`${DROPDOWN}[open]`).forEach((o) => {
        if (o !== d && !o.contains(d)) o.open = false;
      });
    },
    true,
  );

  document.addEventListener("keydown", onKey);
  addEventListener("hashchange", syncActive);
  addEventListener("popstate", syncActive);
  syncActive();
}
