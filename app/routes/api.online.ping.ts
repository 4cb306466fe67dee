import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddressOf, orUnavailable, readBody } from "~/lib/http.server";
import { z } from "~/lib/input";
import { recordPing } from "~/models/presence.server";

/** A ping is about 100 bytes of JSON. */
const MAX_PING_BYTES = 2048;

/** The ping's JSON: the tab's random key, and the path it shows (anything but a path of ours is ""). */
const Ping = z.object({
  sessionKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  page: z.unknown().transform((page) => (typeof page === "string" && page.startsWith("/") ? page.slice(0, 255) : "")),
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers } });

/** POST {sessionKey, page}: the enhancement script's presence ping (also sent as a beacon). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ ok: false, error: "POST only" }, 405, { Allow: "POST" });
  let text: string;
  try {
    text = new TextDecoder().decode(await readBody(request, MAX_PING_BYTES));
  } catch (e) {
    if (e instanceof Response && e.status === 413) return json({ ok: false, error: "body too large" }, 413);
    throw e;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ ok: false, error: "invalid JSON" }, 400);
  }
  // Only the key can be wrong: the page falls back to "".
  const ping = Ping.safeParse(body);
  if (!ping.success) return json({ ok: false, error: "invalid sessionKey" }, 400);
  const { sessionKey, page: path } = ping.data;
  return orUnavailable(async () => {
    const result = await recordPing(sessionKey, path, clientAddressOf(context));
    // Not counted, but not an error either: the reader may be one of many real ones behind a school's
    // or a carrier's address, and a 4xx would be a console error on their page.
    if (result === "limited") return json({ ok: true, counted: false }, 202);
    return json({ ok: true });
  });
}

export function loader() {
  return json({ ok: false, error: "POST only" }, 405, { Allow: "POST" });
}
