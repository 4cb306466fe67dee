import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound, parseId } from "~/lib/http.server";
import { findSubjectGrade } from "~/models/study.server";

/**
 * The subject+grade of a /{section}/{sname}/{sid}/{gid}[rest] URL: 404 for unknown or malformed ids,
 * and a 301 to the canonical name (keeping the query) when an old link spells the name otherwise.
 */
export async function requireSubjectGrade({ params, request }: Pick<LoaderFunctionArgs, "params" | "request">, section: string, rest = "") {
  const sid = parseId(params.sid);
  const gid = parseId(params.gid);
  if (!sid || !gid) throw notFound();
  const subject = await findSubjectGrade(sid, gid);
  if (!subject) throw notFound();
  const base = `/${section}/${encodeURIComponent(subject.slug)}/${sid}/${gid}`;
  if (params.sname !== subject.slug) throw redirect(`${base}${rest}${new URL(request.url).search}`, 301);
  return { subject, sid, gid, base };
}
