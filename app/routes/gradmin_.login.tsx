// /gradmin/login: username or email, password, remember me. A plain form that works
// without JavaScript; the page is not hydrated. Wrong username and wrong password get one message.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, Notice } from "~/components/admin";
import { safeAdminRedirect } from "~/lib/permissions";
import { readForm } from "~/lib/http.server";
import { currentStaff, pruneAuthTables, signIn } from "~/utils/auth.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await currentStaff(request)) throw redirect(redirectTo, { headers: NO_STORE });
  // Cheap upkeep where it costs nobody: expired sessions and old throttle windows go.
  if (Math.random() < 0.05) await pruneAuthTables();
  return json({ redirectTo }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself: the fields we need too are read from a copy.
  const form = await readForm(request.clone());
  const fields = {
    identifier: (form.get("identifier") ?? "").trim().slice(0, 255),
    remember: form.get("remember") === "1",
    redirectTo: safeAdminRedirect(form.get("redirectTo")),
  };
  const result = await signIn(request, fields, context);
  if ("redirect" in result) return result.redirect;
  return json({ error: result.error, identifier: fields.identifier, remember: fields.remember, redirectTo: fields.redirectTo }, { status: result.status, headers: NO_STORE });
}

export const headers = () => NO_STORE;

export const meta: MetaFunction = () => [{ title: "Staff sign-in — অ্যাডমিন লগইন" }, { name: "robots", content: "noindex" }];

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="container login-box">
      <section className="panel" aria-labelledby="login-h">
        <h1 id="login-h">অ্যাডমিন লগইন (Staff sign-in)</h1>
        {failed?.error ? <Notice kind="error">{failed.error}</Notice> : null}
        <Form method="post" className="admin-form" reloadDocument>
          <input type="hidden" name="redirectTo" value={failed?.redirectTo ?? redirectTo} />
          <Field name="identifier" label="ইউজারনেম অথবা ইমেইল (Username or email)" defaultValue={failed?.identifier} autoComplete="username" />
          <Field name="password" label="পাসওয়ার্ড (Password)" type="password" autoComplete="current-password" />
          <label className="check">
            <input type="checkbox" name="remember" value="1" defaultChecked={failed?.remember ?? false} />
            <span>মনে রাখুন — ৩০ দিন (Remember me for 30 days)</span>
          </label>
          <button type="submit" className="btn">
            লগইন (Sign in)
          </button>
        </Form>
      </section>
      <p className="muted">
        <a href="/home">← সাইটে ফিরে যান (Back to the site)</a>
      </p>
    </div>
  );
}
