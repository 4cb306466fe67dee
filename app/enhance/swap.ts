/**
 * In-place updates. `<a data-swap="#sel">` and `<form data-swap="#sel">` fetch exactly the page a
 * no-JS browser would load and replace just `#sel` with the same element from that page. Anything
 * unexpected falls back to a normal navigation, so the server HTML stays the source of truth.
 */
import { el, modified, motion } from "./util";

type Hook = (el: Element) => void;
type Field = HTMLButtonElement | HTMLInputElement;

interface Job {
  sels: string[];
  url: string; // what a no-JS browser would request (may carry a #fragment)
  from?: Element; // link or form; absent for back/forward
  body?: BodyInit; // POST body
  submitter?: Field | null;
}

const hooks: Hook[] = [];
/** Controllers of in-flight swaps per selector: a newer swap of the same target aborts the older. */
const inflight = new Map<string, AbortController>();
/** Selectors replaced so far: back/forward must refresh all of them. */
const swapped = new Set<string>();
/** URL (without #fragment) the swapped regions currently show. */
let shown = "";

const noHash = (u: string): string => u.split("#")[0];

/** Register a "content replaced" hook, called with every element swapped in. */
export function onReplaced(fn: Hook): void {
  hooks.push(fn);
}

function busy(els: Element[], on: boolean): void {
  els.forEach((e) => {
    e.classList.toggle("is-loading", on);
    if (on) e.setAttribute("aria-busy", "true");
    else e.removeAttribute("aria-busy");
  });
}

/** Do what the browser would have done without JS. */
function fallback(job: Job, res?: Response): void {
  const form = job.from;
  if (!(form instanceof HTMLFormElement) || !job.body) {
    if (job.from) location.assign(job.url);
    else location.reload();
  } else if (res && res.redirected) {
    // The POST was accepted and redirected (post/redirect/get): show that page, never re-POST.
    location.assign(res.url);
  } else {
    form.removeAttribute("data-swap"); // so our submit handler lets it through
    const proto = HTMLFormElement.prototype; // not form.submit: a field named "submit" shadows it
    if (proto.requestSubmit) proto.requestSubmit.call(form, job.submitter || null);
    else proto.submit.call(form);
  }
}

async function swap(job: Job): Promise<void> {
  const { sels, from } = job;
  const ctrl = new AbortController();
  sels.forEach((s) => {
    inflight.get(s)?.abort();
    inflight.set(s, ctrl);
  });
  let targets: (Element | null)[] = [];
  let res: Response | undefined;
  let asked = false;
  try {
    targets = sels.map((s) => document.querySelector(s)); // throws on a bad selector
    if (targets.some((t) => !t)) throw 0;
    busy(targets as Element[], true);
    asked = true;
    res = await fetch(job.url, {
      method: job.body ? "POST" : "GET",
      body: job.body,
      headers: { Accept: "text/html" },
      credentials: "same-origin",
      redirect: "follow",
      signal: ctrl.signal,
    });
    if (!res.ok || !/html/.test(res.headers.get("Content-Type") || "")) throw 0;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    // Check every pair before touching the page: all or nothing.
    const pairs = sels.map((s) => [document.querySelector(s), doc.querySelector(s)] as const);
    if (pairs.some(([a, b]) => !a || !b)) throw 0;

    const url = new URL(res.url || job.url, location.href);
    url.hash = new URL(job.url, location.href).hash; // fetch drops the #fragment; keep the link's
    const state = { swap: sels[sels.length - 1] };
    if (from) {
      const replace = !!job.body || from.hasAttribute("data-swap-replace") || url.href === location.href;
      history[replace ? "replaceState" : "pushState"](state, "", url.href);
    }
    shown = noHash(url.href);
    if (doc.title) document.title = doc.title;

    const focus = document.activeElement;
    const own = job.submitter && job.submitter.hasAttribute("data-swap") ? job.submitter : from; // who asked decides the scroll
    const scroll = !!own && own.hasAttribute("data-swap-scroll");
    // Not scrolling: what the reader looks at stays where it is on the screen, even though the cards
    // above it are new (and sized by estimate until drawn).
    const held = scroll ? null : heldInView(pairs[0][0]!);
    let fresh: Element | null = null;
    for (let i = 0; i < pairs.length; i++) {
      const [cur, next] = pairs[i];
      if (!cur!.isConnected) continue; // it was inside a region replaced just before
      const hadFocus = cur!.contains(focus);
      fresh = document.importNode(next!, true);
      cur!.replaceWith(fresh);
      swapped.add(sels[i]);
      for (const fn of hooks) {
        try {
          fn(fresh);
        } catch (err) {
          console.error(err); // one broken hook must not break the swap
        }
      }
      // Focus was inside what we removed: put keyboard users on the same control in the new content,
      // or else at its start.
      if (hadFocus && fresh instanceof HTMLElement) {
        const same = twin(focus, fresh);
        if (same) same.focus({ preventScroll: true });
        else {
          if (fresh.tabIndex < 0 && !fresh.hasAttribute("tabindex")) fresh.setAttribute("tabindex", "-1");
          fresh.focus({ preventScroll: true });
        }
      }
    }
    refreshLinks(doc);
    if (held) {
      const now = document.getElementById(held[0]);
      if (now) scrollBy({ top: now.getBoundingClientRect().top - held[1], behavior: "instant" });
    }
    // The URL's #fragment in the new content (the score after Submit) is where a browser without JS
    // lands: go there too, and move focus to it so screen readers read it.
    const hash = url.hash.slice(1);
    let mark: HTMLElement | null = null;
    try {
      mark = hash ? document.getElementById(decodeURIComponent(hash)) : null;
    } catch {
      /* a malformed escape names nothing */
    }
    if (fresh && scroll) {
      const to = mark && fresh.contains(mark) ? mark : fresh;
      to.scrollIntoView({ behavior: motion(), block: "start" });
      if (mark && to === mark) {
        if (mark.tabIndex < 0 && !mark.hasAttribute("tabindex")) mark.setAttribute("tabindex", "-1");
        mark.focus({ preventScroll: true });
      }
    }
  } catch {
    // aborted: a newer swap owns the target. No answer at all (offline): the page may keep the request
    // and try again later (a timed attempt does) instead of the browser's "no internet" page.
    const kept = (): boolean =>
      asked && !res && !!from && !from.dispatchEvent(new CustomEvent("swap:unreached", { bubbles: true, cancelable: true, detail: job.submitter }));
    if (!ctrl.signal.aborted && !kept()) fallback(job, res);
  } finally {
    const mine = sels.filter((s) => inflight.get(s) === ctrl);
    mine.forEach((s) => inflight.delete(s));
    busy(
      targets.filter((t, i): t is Element => !!t && mine.includes(sels[i])),
      false,
    );
  }
}

/** The first element with an id inside `root` that is on the screen, and its distance from the top. */
function heldInView(root: Element): [string, number] | null {
  // Walks down only into what reaches the screen: measuring inside a card the browser skips drawing
  // would make it lay that card out.
  for (const e of Array.from(root.children)) {
    const r = e.getBoundingClientRect();
    if (r.bottom <= 0 || !r.height) continue;
    // Prefer what starts on the screen: a long element starting above it (the form) would be held by
    // its top, while the cards between its top and the screen change height.
    if (e.id && r.top >= 0) return [e.id, r.top];
    const inner = heldInView(e);
    if (inner) return inner;
    if (e.id) return [e.id, r.top];
  }
  return null;
}

/** The control in `root` that stands where `focus` stood: same id, or same kind, name and value. */
function twin(focus: Element | null, root: Element): HTMLElement | null {
  if (!(focus instanceof HTMLElement)) return null;
  const esc = (v: string): string => CSS.escape(v);
  const name = focus.getAttribute("name");
  const sel = focus.id
    ? `#${esc(focus.id)}`
    : name
      ? `${focus.tagName}[name="${esc(name)}"][value="${esc(focus.getAttribute("value") || "")}"]`
      : "";
  const found = sel ? root.querySelector<HTMLElement>(sel) : null;
  return found && !found.matches(":disabled") ? found : null;
}

/**
 * Links outside the swapped region were rendered for the previous URL: a later click (or a copied
 * link) would drop what just changed. Give every in-place link the href of its twin in the fetched
 * page, which the server rendered for the URL now shown. Twins: the same data-swap target, in the
 * same order; a group whose size differs is left alone (its next swap falls back to its own href).
 */
function refreshLinks(doc: Document): void {
  const groups = (root: ParentNode): Map<string, Element[]> => {
    const m = new Map<string, Element[]>();
    root.querySelectorAll("a[data-swap]").forEach((a) => {
      const k = a.getAttribute("data-swap") || "";
      m.set(k, [...(m.get(k) || []), a]);
    });
    return m;
  };
  const next = groups(doc);
  groups(document).forEach((links, k) => {
    const twins = next.get(k);
    if (!twins || twins.length !== links.length) return;
    links.forEach((a, i) => {
      const href = twins[i].getAttribute("href");
      if (href !== null && a.getAttribute("href") !== href) a.setAttribute("href", href);
    });
  });
}

function onClick(e: MouseEvent): void {
  const a = el(e)?.closest("a[data-swap]");
  if (!(a instanceof HTMLAnchorElement) || modified(e)) return;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== location.origin) return;
  e.preventDefault();
  swap({ sels: [a.dataset.swap || ""], url: a.href, from: a });
}

function onSubmit(e: SubmitEvent): void {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || e.defaultPrevented) return;
  // getAttribute throughout: form.action/.method/.dataset can be shadowed by fields of that name.
  const sub = (e.submitter || null) as Field | null;
  // A button may swap a smaller part than its form (MCQ practice's per-question check).
  const sel = (sub && sub.getAttribute("data-swap")) || form.getAttribute("data-swap");
  const attr = (n: string): string => (sub && sub.getAttribute("form" + n)) || form.getAttribute(n) || "";
  const method = attr("method").toLowerCase();
  const target = attr("target");
  if (!sel || method === "dialog" || (target && target !== "_self")) return;
  const url = new URL(attr("action"), location.href);
  if (url.origin !== location.origin) return;

  const data = new FormData(form, sub);
  // Browsers without FormData(form, submitter) ignore the 2nd argument: add the button ourselves.
  if (sub && sub.name && !data.has(sub.name)) data.append(sub.name, sub.value);
  const params = new URLSearchParams();
  data.forEach((v, k) => params.append(k, typeof v == "string" ? v : v.name)); // files: name, as browsers do
  e.preventDefault();
  const job: Job = { sels: [sel], url: url.href, from: form, submitter: sub };
  if (method === "post") {
    job.body = attr("enctype").toLowerCase() === "multipart/form-data" ? data : params;
  } else {
    url.search = params.toString();
    job.url = url.href;
  }
  swap(job);
}

/** Back/forward between entries with different content: refresh every region we replaced. */
function onPop(e: PopStateEvent): void {
  const sel: unknown = e.state && e.state.swap;
  const sels = new Set(swapped);
  if (typeof sel == "string") sels.add(sel);
  if (!sels.size || noHash(location.href) === shown) return; // fragment-only move: nothing to fetch
  swap({ sels: Array.from(sels), url: location.href });
}

export function initSwap(): void {
  // Browsers missing these keep the (fully working) no-JS behaviour.
  if (!window.fetch || !window.DOMParser || !window.AbortController || !history.pushState) return;
  shown = noHash(location.href);
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  addEventListener("popstate", onPop);
}
