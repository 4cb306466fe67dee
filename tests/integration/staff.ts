// A staff member's browser for integration tests: signs in through the real login action and keeps the
// session cookie and the CSRF token the admin layout hands out, so a test calls loaders and actions
// of admin routes as a signed-in browser would (same origin, form-encoded or multipart).
import { hashPassword } from "~/lib/password.server";
import { callWith, db, schema } from "./db";

export const ORIGIN = "http://test.local";
/** The password every test staff member is given (hashPassword(STAFF_PASSWORD)). */
export const STAFF_PASSWORD = "সবুজ-পাতার-দেশ-2026";

export type RouteArgs = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
export type RouteFn = (a: RouteArgs) => Promise<Response>;
export type RouteModule = { loader?: RouteFn; action?: RouteFn };

/** An app route module by its file name under app/routes. */
export const route = (file: string): Promise<RouteModule> => import(/* @vite-ignore */ `../../app/routes/${file}`);

/** The login form's answer for these credentials (a 302 with the session cookie when they are right). */
export async function logIn(identifier: string, password = STAFF_PASSWORD) {
  const login = await route("gradmin_.login.tsx");
  return callWith(
    login.action,
    new Request(`${ORIGIN}/gradmin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ identifier, password, redirectTo: "/gradmin" }).toString(),
    }),
  );
}

/** Requests as one signed-in browser; call signIn (in beforeAll) before the others. */
export function staffBrowser() {
  const state = { cookie: "", csrf: "" };
  const get = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: state.cookie } });
  return {
    state,
    async signIn(identifier: string) {
      const res = await logIn(identifier);
      if (res.status !== 302) throw new Error(`signing in ${identifier} answered ${res.status}`);
      state.cookie = res.headers.getSetCookie().filter((c) => c.startsWith("grbd_staff=")).at(-1)!.split(";")[0];
      const layout = await route("gradmin.tsx");
      state.csrf = ((await (await callWith(layout.loader, get("/gradmin"))).json()) as { csrf: string }).csrf;
    },
    get,
    /** A form post with the CSRF token; an array value repeats its field. */
    post(path: string, fields: Record<string, string | string[]>) {
      const body = new URLSearchParams();
      body.set("csrf", state.csrf);
      for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
      return new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: state.cookie },
        body: body.toString(),
      });
    },
    postMultipart(path: string, form: FormData) {
      form.set("csrf", state.csrf);
      return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Origin: ORIGIN, Cookie: state.cookie }, body: form });
    },
  };
}

/** No staff, sessions or sign-in throttling but one editor (id 1, "editor1", STAFF_PASSWORD) to sign in as. */
export async function onlyEditor() {
  await db.delete(schema.staffSessions);
  await db.delete(schema.loginThrottle);
  await db.delete(schema.staffUsers);
  await db.insert(schema.staffUsers).values({ id: 1, name: "সম্পাদক", username: "editor1", email: "e1@example.com", passwordHash: await hashPassword(STAFF_PASSWORD), role: 2, roleLabel: "Editor" });
}
