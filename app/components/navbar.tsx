import { Icon } from "~/components/icons";
import { NavSearch } from "~/components/search-box";
import type { NavItem } from "~/lib/nav";
import { navIconFor } from "~/lib/subject-icon";
import type { NavEntry, SiteInfo } from "~/models/site.server";

/** The phone menu's id: the open button links to it (see NavbarContent). */
export const MENU_ID = "menu";

export type NavbarProps = { site: SiteInfo; nav: NavEntry[]; active: NavItem | null };

const cls = (item: NavItem, active: NavItem | null) => (item === active ? "nav-link active" : "nav-link");
const current = (item: NavItem, active: NavItem | null) => (item === active ? ("page" as const) : undefined);

/**
 * Fixed top bar. On phones the items sit behind the menu button; on wide screens the button is hidden
 * and the items form one row. The phone menu opens without JavaScript as the URL's target: the button
 * is a link to #menu and CSS shows `#menu:target`. A <details> would stay open when an item leads to a
 * section of the same page (Multiple Choice and Videos on /home), covering it; any link to another
 * fragment (those items, or the close button's) ends the target and so closes the menu. The script
 * (app/enhance/scroll.ts) opens it in place instead, without a history entry. The subject dropdowns
 * are <details>: their links lead to other pages.
 */
export function Navbar({ html, ...props }: NavbarProps & { html?: string }) {
  // The inside is usually made once per content version (app/components/shell-html.server.tsx); pages
  // rendered without the root's data (an error in the root loader) render it here.
  return html ? (
    <header className="navbar" data-navbar dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <header className="navbar" data-navbar>
      <NavbarContent {...props} />
    </header>
  );
}

export function NavbarContent({ site, nav, active }: NavbarProps) {
  return (
    <nav className="nav-inner" aria-label="প্রধান মেনু">
      <a className="brand" href="/home">
        <img src="/logo.svg" width="36" height="36" alt="" />
        <span className="brand-text">
          <span className="brand-name">{site.name}</span>
          <span className="brand-tagline">{site.tagline}</span>
        </span>
      </a>
      <div className="nav-menu" id={MENU_ID} data-nav-menu>
        <NavItems nav={nav} active={active} />
      </div>
      {/* After the menu, so CSS can swap them while it is the target (`#menu:target ~ ...`). */}
      <a className="nav-menu-button nav-menu-open" href={`#${MENU_ID}`} aria-controls={MENU_ID} data-nav-toggle>
        <Icon name="menu" />
        <span>মেনু</span>
        <span className="visually-hidden"> (Menu)</span>
      </a>
      {/* A fragment no element has: the menu stops being the target and the page does not scroll. */}
      <a className="nav-menu-button nav-menu-close" href={`#${MENU_ID}-closed`} aria-controls={MENU_ID} data-nav-toggle>
        <Icon name="close" />
        <span>বন্ধ</span>
        <span className="visually-hidden"> (Close menu)</span>
      </a>
    </nav>
  );
}

/** The menu's items; a further item (a search form, say) is one more <li> here. */
function NavItems({ nav, active }: { nav: NavEntry[]; active: NavItem | null }) {
  return (
    <ul className="nav-items">
      <li>
        <a className={cls("home", active)} aria-current={current("home", active)} href="/home" data-nav-home>
          Home
        </a>
      </li>
      <li>
        <SubjectDropdown label="Subjects" item="subjects" active={active} nav={nav} base="/subject" />
      </li>
      <li>
        <a className={cls("question-paper", active)} aria-current={current("question-paper", active)} href="/board-question">
          Question Paper
        </a>
      </li>
      <li>
        <SubjectDropdown label="Make Question" item="make-question" active={active} nav={nav} base="/make-question" />
      </li>
      <li>
        <a className={cls("exam", active)} aria-current={current("exam", active)} href="/exam-subpage/1">
          Examination
        </a>
      </li>
      <li>
        <a className="nav-link" href="/home#grcontentmcq" data-nav-fragment="grcontentmcq">
          Multiple Choice
        </a>
      </li>
      <li>
        <a className="nav-link" href="/home#grcontentvideo" data-nav-fragment="grcontentvideo">
          Videos
        </a>
      </li>
      <li>
        <a className={cls("live", active)} aria-current={current("live", active)} href="/live/room">
          Live Class
        </a>
      </li>
      <NavSearch />
    </ul>
  );
}

function SubjectDropdown({
  label,
  item,
  active,
  nav,
  base,
}: {
  label: string;
  item: NavItem;
  active: NavItem | null;
  nav: NavEntry[];
  base: string;
}) {
  return (
    <details className="dropdown" data-dropdown>
      <summary className={cls(item, active)}>
        {label} <Icon name="chevron-down" className="caret" />
      </summary>
      <ul className="dropdown-panel">
        {nav.length === 0 ? <li className="dropdown-empty">কোনো বিষয় পাওয়া যায়নি</li> : null}
        {nav.map((n) => (
          <li key={`${n.sid}-${n.gid}`}>
            <a href={`${base}/${encodeURIComponent(n.slug)}/${n.sid}/${n.gid}`}>
              <Icon name={navIconFor(`${n.slug} ${n.sname}`)} />
              <span>
                {n.sname} <small>{n.gname}</small>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
