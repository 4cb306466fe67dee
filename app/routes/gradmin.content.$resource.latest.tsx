// /gradmin/content/{resource}/latest: opens the most recently changed row (the About Us "latest record").
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin";
import { notFound } from "~/lib/http.server";
import { requireResource } from "~/utils/admin-access.server";
import { latestId } from "~/models/admin/content.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def } = await requireResource(request, params.resource);
  const id = await latestId(def);
  if (!id) throw notFound("এখনও কিছু নেই। (Nothing yet.)");
  throw redirect(`/gradmin/content/${def.key}/${id}`);
}

export const ErrorBoundary = AdminErrorBoundary;
