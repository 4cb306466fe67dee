// /gradmin/content/{resource}/new: an empty form (a chapter's topic can start with its chapter: ?categoryId=).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin";
import { ResourceForm } from "~/components/admin-form";
import { toRaw, type RawValues } from "~/lib/admin/fields";
import { notFound } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { requireResource } from "~/utils/admin-access.server";
import { choicesFor } from "~/models/admin/content.server";
import { saveContent } from "~/utils/admin-edit.server";

/** Values a link may put into the empty form, each cut to 500 characters. */
const Prefill = z.record(z.string().transform((s) => s.slice(0, 500)));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  // Links from a list can start the form filled in (?chapterId=3); the save checks what they give.
  const given = readQuery(Prefill, new URL(request.url).searchParams);
  const raw: RawValues = {};
  for (const f of def.fields) {
    raw[f.name] = given[f.name] ?? toRaw(f, f.kind === "int" && f.name === "sort" ? 0 : f.kind === "decimal" && f.name === "marks" ? 1 : null);
  }
  if (def.key === "questions" && !raw.type) raw.type = "mcq";
  if (def.key === "exams") Object.assign(raw, { fullMarks: "0", durationMinutes: "0", negativeMark: "0" });
  return json({ def: { key: def.key }, one: def.one, raw, choices: await choicesFor(def), csrf });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { def, staff, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  return saveContent(request, def, staff.id, csrf, null);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `নতুন ${data?.one ?? ""} — Admin` }];

export default function NewResource() {
  const { def: ref, one, raw, choices, csrf } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  return (
    <>
      <p>
        <a href={`/gradmin/content/${ref.key}`}>← তালিকা (List)</a>
      </p>
      <h1>নতুন {one}</h1>
      <ResourceForm resource={ref.key} raw={state?.raw ?? raw} errors={state?.errors ?? {}} previews={state?.previews} choices={choices} csrf={csrf} version={0} submitLabel="তৈরি করুন (Create)" />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
