/**
 * Print buttons (`<button data-print hidden>`, components/papers.tsx): shown where the browser has a
 * print dialog to open; without this script they stay hidden, as they could do nothing.
 */
export function initPrint(): void {
  if (typeof window.print !== "function") return;
  document.querySelectorAll<HTMLElement>("[data-print]").forEach((b) => (b.hidden = false));
  document.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target.closest("[data-print]") : null;
    if (t) window.print();
  });
}
