import type { ReactNode } from "react";

/** The coloured banner at the top of subject, category and title pages. */
export function PageBanner({ image, kicker, title, children }: { image?: string | null; kicker?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="page-banner">
      {image ? <img src={image} alt="" width="72" height="72" /> : null}
      <div>
        {kicker ? <p className="kicker">{kicker}</p> : null}
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
