// The start of every /{section}/{sname}/{sid}/{gid}[rest] route (a subject's page, the paper maker's
// steps): the params read by their schema, the pair looked up by the model, and the HTTP answers for
// what it finds: 404 for unknown or malformed ids, a 301 to the canonical name (keeping the query)
// when an old link spells the name otherwise.
import { redirect } from "@remix-run/node";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { subjectGradeAt } from "~/models/study.server";

/** The name as the URL spells it (checked against the slug by the model), the ids. */
const SubjectGradeParams = z.object({ sname: z.string().optional(), sid: idText, gid: idText });

export async function requireSubjectGrade({ params, request }: { params: Record<string, string | undefined>; request: Request }, section: string, rest = "") {
  const found = await subjectGradeAt(paramsOr404(SubjectGradeParams, params), section);
  if (!found) throw notFound();
  if (!found.canonical) throw redirect(`${found.base}${rest}${new URL(request.url).search}`, 301);
  const { subject, sid, gid, base } = found;
  return { subject, sid, gid, base };
}
