// /media/{hash}.{ext}: an uploaded image, from the database. The name is the content's hash, so the
// answer never changes: cached for a year. Sent as an image only (nosniff, no script can run in it).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { z } from "~/lib/input";
import { readImage } from "~/models/media.server";

/** {hash}.{ext}: the content's MD5 in hex and one of the image types we store. */
const Params = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/)
    .transform((file) => {
      const [hash, ext] = file.split(".");
      return { hash, ext };
    }),
});

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { hash, ext } = paramsOr404(Params, params).file;
  const etag = `"${hash}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const image = await readImage(hash);
  if (!image || image.ext !== ext) throw notFound();
  return new Response(new Uint8Array(image.bytes), { headers: { ...headers, "Content-Type": image.mime, "Content-Length": String(image.size) } });
}
