// /media/{hash}.{ext}: an uploaded image, from the database. The name is the content's hash, so the
// answer never changes: cached for a year. Sent as an image only (nosniff, no script can run in it).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/http.server";
import { readImage } from "~/models/media.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const m = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/.exec(params.file ?? "");
  if (!m) throw notFound();
  const etag = `"${m[1]}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const image = await readImage(m[1]);
  if (!image || image.ext !== m[2]) throw notFound();
  return new Response(new Uint8Array(image.bytes), { headers: { ...headers, "Content-Type": image.mime, "Content-Length": String(image.size) } });
}
