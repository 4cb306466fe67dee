// Uploaded images live in the database (table media), so every app instance serves every image. The
// URL names the content (/media/{hash}.{ext}): a changed image is a new URL, and a URL can be cached
// for a year. The same bytes uploaded twice are stored once.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, primary } from "~/db/client.server";
import { media } from "~/db/schema";
import { sniffImage } from "~/lib/image-type";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type Stored = { url: string } | { error: string };

export async function storeImage(file: File, staffId: number | null): Promise<Stored> {
  if (file.size > MAX_IMAGE_BYTES) {
    return { error: "ছবিটি ২ MB-এর বেশি বড়; ছোট করে আবার দিন। (The image is larger than 2 MB.)" };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = sniffImage(bytes);
  if (!info) return { error: "শুধু PNG, JPEG, WebP বা GIF ছবি দেওয়া যায়। (Only PNG, JPEG, WebP or GIF images.)" };
  if ((info.width ?? 1) > 10000 || (info.height ?? 1) > 10000) return { error: "ছবির মাপ অনেক বড়। (The picture is too large.)" };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  await db
    .insert(media)
    .values({
      hash,
      mime: info.mime,
      ext: info.ext,
      bytes: Buffer.from(bytes),
      size: bytes.byteLength,
      width: info.width,
      height: info.height,
      originalName: (file.name || "").slice(0, 255),
      updatedBy: staffId,
    })
    .onDuplicateKeyUpdate({ set: { hash } });
  return { url: `/media/${hash}.${info.ext}` };
}

export async function readImage(hash: string) {
  // On the primary: the editor shows an image the moment it is uploaded, before a replica may have it.
  const [row] = await primary.select({ mime: media.mime, ext: media.ext, bytes: media.bytes, size: media.size }).from(media).where(eq(media.hash, hash)).limit(1);
  return row ?? null;
}
