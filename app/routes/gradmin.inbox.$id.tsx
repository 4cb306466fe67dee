// /gradmin/inbox/{id}: one message. Opening it marks it read; it can be marked unread again, or
// deleted after a confirmation (?confirm=delete).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput } from "~/components/admin";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { fieldsOr400, notFound, paramsOr404 } from "~/lib/http.server";
import { idText, readQuery, z } from "~/lib/input";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { deleteMessage, getMessage, setHandled } from "~/models/inbox.server";

const NO_MESSAGE = "এই বার্তাটি নেই। (No such message.)";

async function message(params: Record<string, string | undefined>) {
  const { id } = paramsOr404(z.object({ id: idText }), params, NO_MESSAGE);
  const m = await getMessage(id);
  if (!m) throw notFound(NO_MESSAGE);
  return m;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "inbox");
  const m = await message(params);
  if (!m.handled) await setHandled(m.id, true, staff.id);
  return json({
    csrf,
    confirm: readQuery(z.object({ confirm: z.string().optional().catch(undefined) }), new URL(request.url).searchParams).confirm === "delete",
    m: { id: m.id, name: m.name, email: m.email, phone: m.phone, message: m.message, at: formatDhakaDateTime(new Date(m.createdAt)) },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "inbox");
  const form = await requireAdminForm(request, csrf);
  const m = await message(params);
  const { intent } = fieldsOr400(z.object({ intent: z.enum(["unread", "delete"], { message: "Unknown action." }) }), form);
  if (intent === "unread") {
    await setHandled(m.id, false, staff.id);
    return redirect("/gradmin/inbox");
  }
  await deleteMessage(m.id, staff.id);
  return redirect(`/gradmin/inbox?deleted=${m.id}`);
}

export const meta: MetaFunction = () => [{ title: "বার্তা (Message) — Admin" }];

export default function Message() {
  const { m, csrf, confirm } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <a href="/gradmin/inbox">← বার্তা (Inbox)</a>
      </p>
      <h1>{m.name}</h1>
      <p>
        <a href={`mailto:${m.email}`}>{m.email}</a>
        {m.phone ? <> · {m.phone}</> : null} · <span className="muted">{m.at}</span>
      </p>
      <div className="panel message-body">{m.message}</div>
      {confirm ? (
        <Form method="post" className="admin-form">
          <CsrfInput token={csrf} />
          <p>এই বার্তাটি মুছে ফেলবেন? (Delete this message?)</p>
          <div className="form-actions">
            <button type="submit" name="intent" value="delete" className="btn-danger">
              হ্যাঁ, মুছে ফেলুন (Yes, delete)
            </button>
            <a href={`/gradmin/inbox/${m.id}`}>না (No)</a>
          </div>
        </Form>
      ) : (
        <div className="form-actions">
          <Form method="post">
            <CsrfInput token={csrf} />
            <button type="submit" name="intent" value="unread" className="btn-secondary">
              না-পড়া করুন (Mark unread)
            </button>
          </Form>
          <a href="?confirm=delete" className="danger">
            মুছে ফেলুন (Delete)
          </a>
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
