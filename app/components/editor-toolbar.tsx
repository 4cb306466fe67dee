// A small toolbar above an HTML field of the content forms, drawn only once the admin has hydrated:
// without JavaScript the field is the plain textarea it always was. Each button edits the field's
// text the way typing would (the browser's own insertText, so Ctrl+Z undoes it, and the field's
// change handlers and the live preview follow), wrapping the selection where that makes sense.
// The image button opens the media library in a dialog: choose an image or upload one, and its
// <img> goes in at the cursor.
import { useEffect, useRef, useState } from "react";
import { imageSnippet, type SnippetImage } from "~/lib/admin/media-snippet";

type Field = HTMLTextAreaElement | HTMLInputElement;
type Edit = (selected: string) => { text: string; /** where the cursor (or selection) goes, within `text` */ select: [number, number] };

/** Replaces the selection of `el` with what `edit` makes of it. */
function applyEdit(el: Field, edit: Edit, range?: [number, number]) {
  const [start, end] = range ?? [el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length];
  const { text, select } = edit(el.value.slice(start, end));
  el.focus();
  el.setSelectionRange(start, end);
  // insertText keeps the browser's undo history; where it is missing, set the value as React expects.
  if (!document.execCommand("insertText", false, text)) {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, el.value.slice(0, start) + text + el.value.slice(end));
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
  el.setSelectionRange(start + select[0], start + select[1]);
}

const wrap =
  (open: string, close: string, placeholder = ""): Edit =>
  (selected) => {
    const inner = selected || placeholder;
    return { text: open + inner + close, select: [open.length, open.length + inner.length] };
  };

const list =
  (tag: "ul" | "ol"): Edit =>
  (selected) => {
    const items = selected.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    const body = (items.length ? items : [""]).map((i) => `  <li>${i}</li>`).join("\n");
    const text = `<${tag}>\n${body}\n</${tag}>\n`;
    const first = text.indexOf("<li>") + 4;
    return { text, select: items.length ? [0, text.length] : [first, first] };
  };

const table: Edit = (selected) => {
  const cell = selected || "";
  const text = `<table>\n  <tr><td>${cell}</td><td></td></tr>\n  <tr><td></td><td></td></tr>\n</table>\n`;
  const first = text.indexOf("<td>") + 4;
  return { text, select: [first, first + cell.length] };
};

// The site's renderer (lib/math.server.ts) reads \( … \) as inline math, as it does $ … $; the
// bracket form is used because it needs no care about spaces or a $ in the text.
const formula = wrap("\\(", "\\)", "x^2");

const insertImage =
  (image: SnippetImage): Edit =>
  () => {
    const text = imageSnippet(image);
    return { text, select: [text.length, text.length] };
  };

type LibraryItem = SnippetImage & { id: number; name: string };
type LibraryPage = { items: LibraryItem[]; page: number; pages: number };
type UploadAnswer = { results: ({ name: string } & (SnippetImage | { error: string }))[]; error: string | null };

const LIBRARY_DATA = "/gradmin/media?index&_data=routes%2Fgradmin.media._index";

/** The library in a dialog: pick an image, or upload one (it is then inserted at once). */
function ImagePicker({ csrf, onPick, onClose }: { csrf: string; onPick: (image: SnippetImage) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<LibraryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    fetch(`${LIBRARY_DATA}&page=${page}`, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<LibraryPage>) : Promise.reject(new Error(String(r.status)))))
      .then(setData)
      .catch(() => {
        if (!abort.signal.aborted) setError("লাইব্রেরি খোলা যায়নি। (The library could not be loaded.)");
      });
    return () => abort.abort();
  }, [page]);

  // The page behind a modal dialog is inert: close it before the field takes the image and the focus.
  const choose = (image: SnippetImage) => {
    dialog.current?.close();
    onPick(image);
  };

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set("csrf", csrf);
    body.set("picker", "1");
    body.append("images.file", files[0]);
    try {
      const r = await fetch(LIBRARY_DATA, { method: "POST", body });
      const answer = (await r.json().catch(() => null)) as UploadAnswer | null;
      const first = answer?.results[0];
      if (first && "url" in first) choose(first);
      else setError((first && "error" in first ? first.error : answer?.error) ?? "আপলোড হয়নি। (The upload failed.)");
    } catch {
      setError("আপলোড হয়নি। (The upload failed.)");
    } finally {
      setBusy(false);
    }
  }

  return (
    // The dialog's own Escape closes it; onClose then hands the focus back to the field.
    <dialog ref={dialog} className="image-picker" aria-labelledby="image-picker-title" onClose={onClose}>
      <div className="image-picker-head">
        <h2 id="image-picker-title">ছবি বসান (Insert an image)</h2>
        <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
          বন্ধ (Close)
        </button>
      </div>
      <label className="image-picker-upload">
        <span>নতুন ছবি আপলোড করে বসান (Upload a new image and insert it): PNG, JPEG, WebP, GIF; ≤ ২ MB</span>
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" disabled={busy} onChange={(e) => upload(e.currentTarget.files)} />
      </label>
      {busy ? <p role="status">আপলোড হচ্ছে… (Uploading…)</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="muted">
        অথবা লাইব্রেরি থেকে বেছে নিন (or choose from the library) · <a href="/gradmin/media" target="_blank" rel="noreferrer">মিডিয়া লাইব্রেরি খুলুন (open the library)</a>
      </p>
      {data ? (
        data.items.length ? (
          <ul className="image-picker-grid">
            {data.items.map((m) => (
              <li key={m.id}>
                <button type="button" onClick={() => choose(m)} aria-label={`বসান (Insert) ${m.name || m.url}`}>
                  <img src={m.url} alt="" width={m.width ?? undefined} height={m.height ?? undefined} loading="lazy" />
                  <span>{m.name || m.url.slice(7)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">লাইব্রেরিতে এখনো কোনো ছবি নেই। (The library is empty.)</p>
        )
      ) : error ? null : (
        <p role="status">লোড হচ্ছে… (Loading…)</p>
      )}
      {data && data.pages > 1 ? (
        <nav className="pager" aria-label="লাইব্রেরির পাতা (Library pages)">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            ← আগের (Previous)
          </button>
          <span>
            {data.page} / {data.pages}
          </span>
          <button type="button" className="btn-secondary" disabled={page >= data.pages} onClick={() => setPage((p) => p + 1)}>
            পরের (Next) →
          </button>
        </nav>
      ) : null}
    </dialog>
  );
}

const BUTTONS: { key: string; label: string; face: string; edit?: Edit; full?: boolean }[] = [
  { key: "bold", label: "বোল্ড (Bold)", face: "B", edit: wrap("<strong>", "</strong>"), full: true },
  { key: "italic", label: "ইটালিক (Italic)", face: "I", edit: wrap("<em>", "</em>"), full: true },
  { key: "ul", label: "বুলেট তালিকা (Bulleted list)", face: "• তালিকা", edit: list("ul"), full: true },
  { key: "ol", label: "নম্বর তালিকা (Numbered list)", face: "১. তালিকা", edit: list("ol"), full: true },
  { key: "table", label: "সারণি (Table, 2×2)", face: "⊞ সারণি", edit: table, full: true },
  { key: "image", label: "ছবি (Image)", face: "🖼 ছবি" },
  { key: "formula", label: "সূত্র (Formula)", face: "∑ সূত্র", edit: formula },
];

/**
 * The toolbar for the field with id `target`. `compact` (a one-line field, such as an MCQ option)
 * keeps the image and formula buttons only.
 */
export function EditorToolbar({ target, label, csrf, compact = false }: { target: string; label: string; csrf: string; compact?: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  const [picking, setPicking] = useState(false);
  const range = useRef<[number, number] | null>(null);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  const field = () => document.getElementById(target) as Field | null;

  function press(key: string, edit?: Edit) {
    const el = field();
    if (!el) return;
    if (key === "image") {
      // The dialog takes the focus: remember where the image is to go.
      range.current = [el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length];
      setPicking(true);
      return;
    }
    if (edit) applyEdit(el, edit);
  }

  function pick(image: SnippetImage) {
    setPicking(false);
    const el = field();
    if (el) applyEdit(el, insertImage(image), range.current ?? undefined);
  }

  return (
    <>
      <div role="toolbar" aria-label={`সম্পাদনা (Formatting): ${label}`} aria-controls={target} className={`editor-toolbar${compact ? " compact" : ""}`}>
        {BUTTONS.filter((b) => !compact || !b.full).map((b) => (
          <button key={b.key} type="button" aria-label={b.label} title={b.label} onClick={() => press(b.key, b.edit)} onMouseDown={(e) => e.preventDefault()}>
            <span aria-hidden="true" className={b.key === "bold" ? "tb-bold" : b.key === "italic" ? "tb-italic" : undefined}>
              {b.face}
            </span>
          </button>
        ))}
      </div>
      {picking ? (
        <ImagePicker
          csrf={csrf}
          onPick={pick}
          onClose={() => {
            setPicking(false);
            field()?.focus();
          }}
        />
      ) : null}
    </>
  );
}
