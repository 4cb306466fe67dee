import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, parseId } from "~/lib/http.server";

/** Old links: exampage.php?grtid=N -> /exampage/N, keeping the other query parameters. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const grtid = parseId(url.searchParams.get("grtid"));
  if (!grtid) throw badRequest("Missing grtid");
  url.searchParams.delete("grtid");
  const rest = url.searchParams.toString();
  return redirect(`/exampage/${grtid}${rest ? `?${rest}` : ""}`, 301);
}
