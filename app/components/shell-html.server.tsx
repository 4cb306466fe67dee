// The navbar and the footer are the same on thousands of pages: their markup is made once per
// content version (the shell object getShell() returns changes with it), per highlighted menu item
// and per online count, and pages insert it as it is. This caches parts of pages, not pages: every
// request still runs its loaders and renders its own content.
import { renderToStaticMarkup } from "react-dom/server";
import { FooterBody } from "~/components/footer";
import { NavbarContent } from "~/components/navbar";
import type { NavItem } from "~/lib/nav";
import type { Shell } from "~/models/site.server";

const navbars = new WeakMap<Shell, Map<string, string>>();
const footers = new WeakMap<Shell, Map<string, string>>();
/** Online counts and years seen per shell before its footers are made afresh. */
const MAX_FOOTERS = 64;

function memo(store: WeakMap<Shell, Map<string, string>>, shell: Shell, key: string, make: () => string, max = Infinity) {
  let byKey = store.get(shell);
  if (!byKey) store.set(shell, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) {
    if (byKey.size >= max) byKey.clear();
    html = make();
    byKey.set(key, html);
  }
  return html;
}

export function navbarHtml(shell: Shell, active: NavItem | null): string {
  return memo(navbars, shell, active ?? "", () => renderToStaticMarkup(<NavbarContent site={shell.site} nav={shell.nav} active={active} />));
}

export function footerHtml(shell: Shell, online: number, year: number): string {
  return memo(
    footers,
    shell,
    `${online} ${year}`,
    () => renderToStaticMarkup(<FooterBody footer={shell.footer} social={shell.social} online={online} year={year} />),
    MAX_FOOTERS,
  );
}
