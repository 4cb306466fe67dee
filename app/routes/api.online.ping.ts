import type { ActionFunctionArgs } from "@remix-run/node";
import { recordPing } from "~/models/presence.server";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

/** POST {sessionKey, page}: the enhancement script's presence ping (also sent as a beacon). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ ok: false, error: "POST only" }, 405);
  const text = await request.text();
  if (text.length > 2048) return json({ ok: false, error: "body too large" }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ ok: false, error: "invalid JSON" }, 400);
  }
  const { sessionKey, page } = (body ?? {}) as { sessionKey?: unknown; page?: unknown };
  if (typeof sessionKey !== "string" || !/^[A-Za-z0-9-]{8,64}$/.test(sessionKey)) {
    return json({ ok: false, error: "invalid sessionKey" }, 400);
  }
  const path = typeof page === "string" && page.startsWith("/") ? page.slice(0, 255) : "";
  await recordPing(sessionKey, path);
  return json({ ok: true });
}

export function loader() {
  return json({ ok: false, error: "POST only" }, 405);
}
