// /exampage with no grtid answers 'Missing grtid' (400), as the old site did; old links may carry it as ?grtid=.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { MISSING_GRTID } from "~/lib/exam-query";
import { queryOr400 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";

const Query = z.object({ grtid: idText });

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { grtid } = queryOr400(Query, url.searchParams, MISSING_GRTID);
  url.searchParams.delete("grtid");
  const rest = url.searchParams.toString();
  return redirect(`/exampage/${grtid}${rest ? `?${rest}` : ""}`, 301);
}

/** A UI route, so that 'Missing grtid' is the site's error page (status 400), not a plain-text answer. */
export default function ExamPageWithoutGrtid() {
  return null;
}
