/**
 * The practice quiz's Submit asks first (<details class="submit-confirm">, no JS needed); with JS the
 * question also says how many questions of the page are still unanswered.
 */
const bn = (n: number): string => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[+d]);

function onToggle(e: Event): void {
  const d = e.target;
  if (!(d instanceof HTMLDetailsElement) || !d.open || !d.classList.contains("submit-confirm")) return;
  const form = d.closest("form");
  const out = d.querySelector("[data-unanswered]");
  if (!form || !out) return;
  const open = Array.from(form.querySelectorAll(".q-options")).filter((f) => !f.querySelector("input:checked")).length;
  out.textContent = open ? ` উত্তর দেওয়া হয়নি: ${bn(open)}টি প্রশ্ন।` : " সব প্রশ্নের উত্তর দেওয়া হয়েছে।";
}

export function initQuiz(): void {
  // toggle does not bubble: listen in the capture phase.
  document.addEventListener("toggle", onToggle, true);
}
