// The info pages staff write: each has its own public route (/about/{slug} for the first three,
// /contact), so the set is fixed; a row with any other slug would be shown nowhere.
export const INFO_PAGE_SLUGS = ["aboutus", "author", "products", "contact"] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];
