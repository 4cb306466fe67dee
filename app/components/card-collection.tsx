import { Icon } from "~/components/icons";
import type { IconName } from "~/lib/subject-icon";

export type Card = { href: string; name: string; image?: string | null; icon?: IconName };
export type ViewMode = "carousel" | "grid";

/**
 * The spec's category list widget: a horizontally scrollable row (carousel) or a grid. The row scrolls
 * natively without JavaScript; the enhancement script shows the arrows and scrolls by the visible width.
 */
export function CardCollection({ items, mode, label, lazy = true }: { items: Card[]; mode: ViewMode; label: string; lazy?: boolean }) {
  if (items.length === 0) return <p className="empty">No items.</p>;
  const cards = items.map((item) => (
    <li className="card" key={item.href}>
      <a href={item.href} title={item.name}>
        <span className="card-media">
          {item.image ? (
            <img src={item.image} alt="" width="160" height="100" loading={lazy ? "lazy" : undefined} decoding="async" />
          ) : (
            <Icon name={item.icon ?? "book"} />
          )}
        </span>
        <span className="card-name">{item.name}</span>
      </a>
    </li>
  ));
  if (mode === "grid") {
    return (
      <ul className="card-grid" aria-label={label}>
        {cards}
      </ul>
    );
  }
  return (
    <div className="carousel" data-carousel>
      <button type="button" className="carousel-btn prev" data-carousel-prev aria-label="আগের কার্ড (previous)" hidden>
        <Icon name="chevron-left" />
      </button>
      <ul className="carousel-track" data-carousel-track tabIndex={0} aria-label={label}>
        {cards}
      </ul>
      <button type="button" className="carousel-btn next" data-carousel-next aria-label="পরের কার্ড (next)" hidden>
        <Icon name="chevron-right" />
      </button>
    </div>
  );
}

/** The 'Switch to Grid View' / 'Switch to Carousel View' link: a URL, so it works without JS and can be shared. */
export function ViewToggle({ search, param, mode, target }: { search: string; param: string; mode: ViewMode; target: string }) {
  const next = new URLSearchParams(search);
  next.set(param, mode === "grid" ? "carousel" : "grid");
  return (
    <a className="view-toggle" href={`?${next.toString()}#${target}`} data-swap={`#${target}`} data-swap-replace>
      <Icon name={mode === "grid" ? "carousel" : "grid"} />
      {mode === "grid" ? "Switch to Carousel View" : "Switch to Grid View"}
    </a>
  );
}
