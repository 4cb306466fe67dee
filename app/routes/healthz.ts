import { pingDatabase } from "~/models/site.server";

/** For load balancers and the demo script: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  try {
    await pingDatabase();
    return new Response(JSON.stringify({ ok: true, database: "up" }), { headers });
  } catch {
    return new Response(JSON.stringify({ ok: false, database: "down" }), { status: 503, headers });
  }
}
