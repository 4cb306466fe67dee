import type { LoaderFunctionArgs } from "@remix-run/node";
import { orUnavailable } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { countOnline, PRESENCE_WINDOW_SECONDS } from "~/models/presence.server";

const clampWindow = (seconds: number) => Math.min(3600, Math.max(10, seconds));

/** ?window=seconds: up to five digits, clamped to 10..3600; anything else is the default (120). */
const CountQuery = z.object({
  window: z.string().regex(/^\d{1,5}$/).transform(Number).transform(clampWindow).catch(clampWindow(PRESENCE_WINDOW_SECONDS)),
});

/** GET ?window=seconds (10..3600, default 120): {ok, count}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { window } = readQuery(CountQuery, new URL(request.url).searchParams);
  return orUnavailable(async () => {
    const count = await countOnline(window);
    return new Response(JSON.stringify({ ok: true, count }), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  });
}
