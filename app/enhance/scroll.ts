/**
 * Scroll helpers: scroll-to-top button, in-page navbar fragments on /home, and closing
 * <details> dropdowns / the mobile menu. Without JS all of these are plain links and <details>.
 */
import { el, modified, motion, perFrame } from "./util";

const DROPDOWN = "details[data-dropdown]";
const MENU = "details[data-nav-menu]";
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

function toFragment(e: MouseEvent, a: HTMLElement): void {
  const id = a.dataset.navFragment || "";
  const target = id && document.getElementById(id);
  if (!onHome() || !target) return; // let the browser navigate to /home#id
  e.preventDefault();
  // On phones the menu is a <details> overlaying the page: close it before scrolling.
  openPopups().forEach((d) => d.contains(a) && (d.open = false));
  // CSS scroll-padding-top keeps the section clear of the sticky navbar.
  target.scrollIntoView({ behavior: motion(), block: "start" });
  // Like a real fragment jump, continue keyboard navigation from the section.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  if (location.hash !== "#" + id) history.pushState(null, "", "#" + id);
  syncActive();
}

/** The mobile menu only behaves as a popup while its <summary> is shown (small screens). */
const closable = (d: Element): boolean =>
  d.matches(DROPDOWN) || !!(d.querySelector("summary") as HTMLElement | null)?.offsetParent;

function openPopups(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>(`${DROPDOWN}[open],${MENU}[open]`)).filter(closable);
}

function onKey(e: KeyboardEvent): void {
  if (e.key !== "Escape" && e.key !== "Esc") return;
  const open = openPopups();
  if (!open.length) return;
  const focus = document.activeElement;
  // Close the innermost popup holding focus (document order puts nested ones last), else the last one.
  const d = open.filter((x) => x.contains(focus)).pop() || open.pop()!;
  d.open = false;
  const summary = d.querySelector("summary");
  if (summary && (d.contains(focus) || focus === document.body || !focus)) summary.focus();
}

export function initScroll(): void {
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
    // Any click outside an open dropdown (or the open mobile menu) closes it.
    openPopups().forEach((d) => d.contains(t) || (d.open = false));
    if (modified(e)) return;
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
