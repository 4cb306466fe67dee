// Previous and next for the admin lists: links that keep the list's filters (a page is a URL).
import { toBanglaDigits } from "~/lib/bangla-digits";

/** Previous and next, keeping the filters (links: a page is a URL). */
export function Pager({ page, pages, q }: { page: number; pages: number; q: Record<string, string | number | undefined> }) {
  if (pages <= 1) return null;
  const link = (n: number) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "" && k !== "page") p.set(k, String(v));
    if (n > 1) p.set("page", String(n));
    return `?${p}`;
  };
  return (
    <nav className="pager" aria-label="পাতা (Pages)">
      {page > 1 ? <a href={link(page - 1)}>← আগের (Previous)</a> : null}
      <span>
        পাতা {toBanglaDigits(page)} / {toBanglaDigits(pages)}
      </span>
      {page < pages ? <a href={link(page + 1)}>পরের (Next) →</a> : null}
    </nav>
  );
}

