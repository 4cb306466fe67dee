/**
 * `<form data-autosubmit>`: a change of one of its fields submits it (the exam page's page size and
 * Show answers apply at once). Without JS the form's own button does it; with JS that button is
 * hidden (exam.css), and the submission goes through the usual path (in-place swap when asked).
 */
import { el } from "./util";

function onChange(e: Event): void {
  const form = el(e)?.closest("form[data-autosubmit]");
  if (!(form instanceof HTMLFormElement)) return;
  if (form.requestSubmit) form.requestSubmit();
  else HTMLFormElement.prototype.submit.call(form);
}

export function initAutosubmit(): void {
  document.addEventListener("change", onChange);
}
