import type { LoaderFunctionArgs } from "@remix-run/node";
import { orUnavailable } from "~/lib/http.server";
import { countOnline, PRESENCE_WINDOW_SECONDS } from "~/models/presence.server";

/** GET ?window=seconds (10..3600, default 120): {ok, count}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("window");
  const n = raw && /^\d{1,5}$/.test(raw) ? Number(raw) : PRESENCE_WINDOW_SECONDS;
  const window = Math.min(3600, Math.max(10, n));
  return orUnavailable(async () => {
    const count = await countOnline(window);
    return new Response(JSON.stringify({ ok: true, count }), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  });
}
