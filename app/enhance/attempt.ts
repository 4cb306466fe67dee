/**
 * A timed attempt (form[data-attempt]). Without this script every move of the form saves
 * the page on the server; with it:
 * - each choice and review mark is saved in the background (debounced, retried with backoff, again
 *   when the connection returns), with a visible "saved / not saved yet" state;
 * - choices not saved yet are kept in localStorage, so a reload or a lost connection loses nothing;
 * - a countdown runs from the server's remaining seconds (never the phone's clock), and at zero the
 *   form is sent with intent=timeup, which saves what arrived and finishes the attempt;
 * - a press (Next, Prev, Save, Finish, a palette number) that cannot reach the server keeps the
 *   student on the page with a note instead of the browser's "no internet" page, and is sent again
 *   when the connection returns (the answers wait in localStorage meanwhile).
 */
import { onReplaced } from "./swap";

type Pending = Record<string, { c: string | null; m: boolean }>;

const bn = (s: string | number): string => String(s).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[+d]);

let form: HTMLFormElement | null = null;
let pending: Pending = {};
let timer = 0;
let tick = 0;
let busy = false;
let failures = 0;
let jump = "";
/** A press kept back while offline, and how to make it again. */
let held: (() => void) | null = null;
let heldTimer = 0;
let retrying = false;
let leaving = false;

const OFFLINE = "ইন্টারনেট সংযোগ নেই — আপনার উত্তরগুলো এই ফোনে রাখা আছে, সংযোগ ফিরলে পাঠানো হবে";

const key = (): string => "grbd-attempt-" + (form ? form.getAttribute("data-attempt") : "");

function load(): Pending {
  try {
    return JSON.parse(localStorage.getItem(key()) || "{}") || {};
  } catch {
    return {};
  }
}

function store(): void {
  try {
    if (Object.keys(pending).length) localStorage.setItem(key(), JSON.stringify(pending));
    else localStorage.removeItem(key());
  } catch {
    /* private mode: the server saves still work */
  }
}

function offlineNote(on: boolean): void {
  const el = form && form.querySelector("[data-offline]");
  if (el) el.textContent = on ? OFFLINE : "";
}

function hold(again: () => void): void {
  held = again;
  offlineNote(true);
  clearTimeout(heldTimer);
  // "online" is the usual signal; a connection that comes back without it (or only seems down) is tried now and then.
  heldTimer = window.setTimeout(release, 10000);
}

/** Sends the waiting answers, then makes the kept press again (kept again if it fails again). */
async function release(): Promise<void> {
  const again = held;
  if (!again) return;
  held = null;
  clearTimeout(heldTimer);
  await send();
  if (leaving) return;
  // Past the navigator.onLine check: a browser that wrongly believes it is offline must not trap the student.
  retrying = true;
  try {
    again();
  } finally {
    retrying = false;
  }
}

const press = (b: HTMLButtonElement) => (): void => {
  if (!form || !form.contains(b)) return; // the page moved on meanwhile
  if (form.requestSubmit) form.requestSubmit(b);
  else b.click();
};

/** The swap could not reach the server for this form (or a link in it): keep the press for later. */
function onUnreached(e: Event): void {
  const t = e.target;
  const b = (e as CustomEvent).detail;
  if (!form || !(t instanceof Element) || !form.contains(t)) return;
  if (t === form && b instanceof HTMLButtonElement) hold(press(b));
  else if (t instanceof HTMLAnchorElement) hold(() => t.isConnected && t.click());
  else return;
  e.preventDefault();
}

function status(state: "saved" | "pending" | "error", text: string): void {
  const el = form && form.querySelector("[data-save-state]");
  if (el) {
    el.setAttribute("data-state", state);
    el.textContent = text;
  }
}

/** The question's state as the page shows it: its checked option and its review box. */
function shown(id: string): { c: string | null; m: boolean } | null {
  if (!form || !form.querySelector(`[name="m${id}"]`)) return null;
  const r = form.querySelector<HTMLInputElement>(`input[name="q${id}"]:checked`);
  const m = form.querySelector<HTMLInputElement>(`input[name="m${id}"]`);
  return { c: r ? r.value : null, m: !!(m && m.checked) };
}

function palette(): void {
  if (!form) return;
  for (const id of Object.keys(pending)) {
    const b = form.querySelector(`.pal[data-q="${id}"]`);
    const s = shown(id) || pending[id];
    if (!b) continue;
    if (s.c) b.classList.add("is-answered");
    b.classList.toggle("is-marked", s.m);
  }
  const link = form.querySelector(".bar-link");
  const all = form.querySelectorAll(".pal").length;
  if (link && all) link.textContent = `উত্তর ${bn(form.querySelectorAll(".pal.is-answered").length)}/${bn(all)}`;
}

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = window.setTimeout(send, ms);
}

async function send(): Promise<void> {
  if (!form || busy) return;
  const ids = Object.keys(pending);
  if (!ids.length) return;
  const sent: Pending = JSON.parse(JSON.stringify(pending));
  const body = new URLSearchParams({ shown: ids.join(",") });
  for (const id of ids) {
    if (sent[id].c) body.append("q" + id, sent[id].c as string);
    if (sent[id].m) body.append("m" + id, "1");
  }
  busy = true;
  status("pending", "সংরক্ষণ হচ্ছে…");
  try {
    const res = await fetch(form.getAttribute("data-save-url") || "", { method: "POST", body, credentials: "same-origin" });
    const data = await res.json().catch(() => ({}));
    if (data.finished && data.result) {
      pending = {};
      store();
      leaving = true;
      location.assign(data.result);
      return;
    }
    if (!res.ok) throw 0;
    // Drop what was saved, unless it changed again meanwhile.
    for (const id of ids) if (JSON.stringify(pending[id]) === JSON.stringify(sent[id])) delete pending[id];
    store();
    failures = 0;
    status("saved", "✓ সব উত্তর সংরক্ষিত");
    if (!held) offlineNote(false);
    if (Object.keys(pending).length) schedule(300);
  } catch {
    failures++;
    status("error", "✗ সংরক্ষণ হয়নি, আবার চেষ্টা চলছে");
    schedule(Math.min(30000, 2000 * 2 ** Math.min(failures - 1, 4)));
  } finally {
    busy = false;
  }
}

function onChange(e: Event): void {
  const t = e.target;
  if (!form || !(t instanceof HTMLInputElement) || !form.contains(t)) return;
  const m = /^[qm](\d+)$/.exec(t.name);
  if (!m) return;
  pending[m[1]] = shown(m[1]) || { c: null, m: false };
  store();
  palette();
  status("pending", "এখনো সংরক্ষিত হয়নি…");
  schedule(700);
}

function onSubmit(e: SubmitEvent): void {
  const b = e.submitter;
  if (!form || e.target !== form || !(b instanceof HTMLButtonElement)) return;
  // A palette button or Clear brings its question into view once the new page is in.
  jump = b.getAttribute("data-q") || (b.name === "clear" ? b.value : "");
  // Clearing a choice must not be undone by a choice still waiting to be saved.
  if (b.name === "clear") {
    delete pending[b.value];
    store();
  }
  if (!retrying && navigator.onLine === false) {
    e.preventDefault(); // before the swap or the browser sends it into the void
    hold(press(b));
  }
}

function countdown(): void {
  clearInterval(tick);
  const el = form && form.querySelector<HTMLElement>("[data-countdown]");
  if (!el) return;
  const end = performance.now() + Number(el.getAttribute("data-countdown")) * 1000;
  const alert = form && form.querySelector("[data-clock-alert]");
  let said = Infinity;
  const paint = (): void => {
    const left = Math.max(0, Math.round((end - performance.now()) / 1000));
    for (const mark of [300, 60]) {
      if (left <= mark && said > mark && left > 0) {
        if (alert && said !== Infinity) alert.textContent = `আর ${bn(mark / 60)} মিনিট বাকি`;
        said = mark;
      }
    }
    if (said === Infinity) said = left;
    const h = Math.floor(left / 3600);
    const mm = String(Math.floor((left % 3600) / 60));
    const ss = String(left % 60).padStart(2, "0");
    el.textContent = "বাকি " + bn(h ? `${h}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`);
    el.classList.toggle("is-low", left < 300);
    if (left <= 0) {
      clearInterval(tick);
      timeUp();
    }
  };
  paint();
  tick = window.setInterval(paint, 1000);
}

async function timeUp(): Promise<void> {
  const f = form;
  if (!f) return;
  status("pending", "সময় শেষ — জমা হচ্ছে…");
  await Promise.race([send(), new Promise((r) => setTimeout(r, 3000))]);
  const b = document.createElement("button");
  b.name = "intent";
  b.value = "timeup";
  b.hidden = true;
  f.appendChild(b);
  if (f.requestSubmit) f.requestSubmit(b);
  else HTMLFormElement.prototype.submit.call(f);
}

/** A new attempt form (page load or swapped in): restore what was not saved, start the clock. */
function attach(root: ParentNode): void {
  const f = root.querySelector<HTMLFormElement>("form[data-attempt]");
  if (!f) return;
  form = f;
  pending = load();
  for (const id of Object.keys(pending)) {
    const p = pending[id];
    const now = shown(id);
    if (!now) continue; // another page's question: the background save sends it
    if ((p.c === null || p.c === now.c) && p.m === now.m) {
      delete pending[id]; // the server has it
      continue;
    }
    if (p.c) {
      const r = f.querySelector<HTMLInputElement>(`input[name="q${id}"][value="${CSS.escape(p.c)}"]`);
      if (r) r.checked = true;
    }
    const m = f.querySelector<HTMLInputElement>(`input[name="m${id}"]`);
    if (m) m.checked = p.m;
  }
  store();
  palette();
  if (Object.keys(pending).length) {
    status("pending", "এখনো সংরক্ষিত হয়নি…");
    schedule(0);
  } else status("saved", "✓ সব উত্তর সংরক্ষিত");
  if (held || navigator.onLine === false) offlineNote(true);
  countdown();
  const q = jump && document.getElementById("q-" + jump);
  jump = "";
  // After the swap's own scroll to the top of the attempt.
  if (q) setTimeout(() => q.scrollIntoView({ block: "start" }), 60);
}

export function initAttempt(): void {
  if (!window.fetch || !window.URLSearchParams) return;
  document.addEventListener("change", onChange);
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("swap:unreached", onUnreached);
  addEventListener("online", () => (held ? release() : (offlineNote(false), schedule(0))));
  addEventListener("offline", () => offlineNote(true));
  onReplaced((el) => attach(el.parentNode || document));
  attach(document);
}
