import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { categoryIdText, INVALID_CATEGORY, notFound, queryOr400 } from "~/lib/http.server";
import { z } from "~/lib/input";

/** ?catid=N, else ?cid=N: a category id as categoryIdText reads it (400 for no number, null for none of ours). */
const Query = z
  .object({ catid: z.string().optional(), cid: z.string().optional() })
  .transform((q) => q.catid ?? q.cid ?? "")
  .pipe(categoryIdText);

/** Old links: /category?catid=N (or ?cid=N) -> /category/N. */
export function loader({ request }: LoaderFunctionArgs) {
  const cid = queryOr400(Query, new URL(request.url).searchParams, INVALID_CATEGORY);
  if (cid === null) throw notFound();
  return redirect(`/category/${cid}`, 301);
}

/** A UI route, so that 'Invalid category id in route.' is the site's error page (status 400), not plain text. */
export default function CategoryWithoutId() {
  return null;
}
