import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { parseCategoryId } from "~/lib/http.server";

/** Old links: /category?catid=N (or ?cid=N) -> /category/N. */
export function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const cid = parseCategoryId(q.get("catid") ?? q.get("cid"));
  return redirect(`/category/${cid}`, 301);
}

/** A UI route, so that 'Invalid category id in route.' is the site's error page (status 400), not plain text. */
export default function CategoryWithoutId() {
  return null;
}
