/**
 * Search suggestions as the student types, under every `input[data-suggest]` (the navbar's box and
 * the search page's): debounced, one request in flight, results from /api/search/suggest drawn as
 * plain links with textContent. Without this script the form simply submits to /search.
 * Keys: ↓ from the box into the list, ↑/↓ within it, Esc closes it and returns to the box.
 */
import { el } from "./util";

type Item = { title: string; kind: string; url: string };

const WAIT_MS = 220;
let timer = 0;
let ctrl: AbortController | null = null;

function listFor(input: HTMLInputElement): HTMLUListElement {
  const form = input.form!;
  let list = form.querySelector<HTMLUListElement>(".suggest-list");
  if (!list) {
    list = document.createElement("ul");
    list.className = "suggest-list";
    list.id = `${input.id}-suggest`;
    list.hidden = true;
    list.setAttribute("aria-label", "প্রস্তাব");
    form.appendChild(list);
    input.setAttribute("aria-controls", list.id);
  }
  return list;
}

function close(input: HTMLInputElement): void {
  const list = input.form?.querySelector<HTMLUListElement>(".suggest-list");
  if (list) list.hidden = true;
}

function draw(input: HTMLInputElement, q: string, items: Item[]): void {
  const list = listFor(input);
  list.textContent = "";
  const all: Item = { title: `“${q}” — সব ফলাফল দেখুন`, kind: "", url: `/search?q=${encodeURIComponent(q)}` };
  for (const item of [...items, all]) {
    const a = document.createElement("a");
    a.href = item.url;
    a.textContent = item.title;
    if (item.kind) {
      const small = document.createElement("small");
      small.textContent = item.kind;
      a.appendChild(small);
    }
    const li = document.createElement("li");
    li.appendChild(a);
    list.appendChild(li);
  }
  list.hidden = false;
}

async function load(input: HTMLInputElement): Promise<void> {
  const q = input.value.trim();
  ctrl?.abort();
  if (q.length < 2) return close(input);
  ctrl = new AbortController();
  try {
    const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: ctrl.signal, headers: { Accept: "application/json" } });
    if (!res.ok) throw 0;
    const data = (await res.json()) as { items: Item[] };
    if (input.value.trim() === q && document.activeElement === input) draw(input, q, data.items || []);
  } catch {
    // Offline or aborted: the form still submits.
  }
}

function links(form: Element): HTMLAnchorElement[] {
  return Array.from(form.querySelectorAll<HTMLAnchorElement>(".suggest-list:not([hidden]) a"));
}

function onKey(e: KeyboardEvent): void {
  const t = el(e);
  const form = t?.closest("form");
  const input = form?.querySelector<HTMLInputElement>("input[data-suggest]");
  if (!form || !input) return;
  const items = links(form);
  const at = items.indexOf(t as HTMLAnchorElement);
  let next: HTMLElement | undefined;
  if (e.key === "Escape" && items.length) {
    close(input);
    next = input;
    // Escape closes the suggestions only, not the phone menu around the box (enhance/scroll.ts).
    e.stopPropagation();
  } else if (e.key === "ArrowDown" && items.length) next = items[Math.min(at + 1, items.length - 1)];
  else if (e.key === "ArrowUp" && at >= 0) next = at === 0 ? input : items[at - 1];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

export function initSuggest(): void {
  if (!window.fetch || !window.AbortController) return;
  document.addEventListener("input", (e) => {
    const input = el(e);
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-suggest")) return;
    clearTimeout(timer);
    timer = window.setTimeout(() => load(input), WAIT_MS);
  });
  // In the capture phase, so an Escape it handles does not also reach the menu's handler.
  document.addEventListener("keydown", onKey, true);
  // Focus left the form (tab away, click elsewhere): the list goes.
  document.addEventListener("focusout", (e) => {
    const form = el(e)?.closest("form");
    const input = form?.querySelector<HTMLInputElement>("input[data-suggest]");
    const to = e.relatedTarget;
    if (input && !(to instanceof Node && form!.contains(to))) close(input);
  });
}
