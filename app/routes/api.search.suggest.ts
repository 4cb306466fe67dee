// GET /api/search/suggest?q= — the search box's suggestions (app/enhance/suggest.ts): a few results
// for the words typed so far, as JSON. Never an error for odd input: at worst no suggestions. While the
// database is unreachable: 503 (JSON), not Remix's 500 (a resource route gets no 503 page).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { orUnavailable } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { SEARCH_KIND_LABELS, searchText } from "~/lib/search-url";
import { suggest } from "~/models/search.server";

const SuggestQuery = z.object({ q: searchText });

export async function loader({ request }: LoaderFunctionArgs) {
  const { q } = readQuery(SuggestQuery, new URL(request.url).searchParams);
  return orUnavailable(async () => {
    const items = q.trim() ? await suggest(q) : [];
    return new Response(JSON.stringify({ items: items.map((i) => ({ title: i.title, kind: SEARCH_KIND_LABELS[i.kind], url: i.url })) }), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "public, max-age=60",
        "X-Robots-Tag": "noindex",
      },
    });
  });
}
