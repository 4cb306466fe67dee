// A value to copy (an image's URL, its <img> snippet): a read-only field, selected whole on focus so
// it copies by hand without JavaScript; with it, a Copy button beside it.
import { useEffect, useId, useRef, useState } from "react";

export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setHydrated(true), []);
  async function copy() {
    const el = field.current;
    if (!el) return;
    el.select();
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Without the clipboard API (a page not served over HTTPS): the selected text, the old way.
      document.execCommand("copy");
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input id={id} ref={field} type="text" readOnly value={value} onFocus={(e) => e.currentTarget.select()} className="code" />
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={copy} aria-label={`কপি (Copy) ${label}`}>
            {copied ? "কপি হয়েছে (Copied)" : "কপি (Copy)"}
          </button>
        ) : null}
      </div>
    </div>
  );
}
