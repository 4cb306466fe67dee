// Uploaded images live in the database (table media), so every app instance serves every image. The
// URL names the content (/media/{hash}.{ext}): a changed image is a new URL, and a URL can be cached
// for a year. The same bytes uploaded twice are stored once.
import { createHash } from "node:crypto";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { primary } from "~/db/client.server";
import { media, staffUsers } from "~/db/schema";
import { sniffImage } from "~/lib/image-type";
import { recordAudit } from "~/models/history.server";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type Stored = { url: string; width: number | null; height: number | null } | { error: string };

/** Who uploaded and where: the audit log says so for every upload. */
export type Uploader = { staffId: number | null; /** the library, or the content form and field the image came with */ where: string };

/** A size as the audit log writes it: "12 KB", "1.4 MB". */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * Stores an uploaded image (the same bytes twice: the one row) and writes the upload to the audit log
 * in the same transaction: who, which file and its size, its URL, and where it was uploaded. A refused
 * file is neither stored nor logged.
 */
export async function storeImage(file: File, by: Uploader): Promise<Stored> {
  if (file.size > MAX_IMAGE_BYTES) {
    return { error: "ছবিটি ২ MB-এর বেশি বড়; ছোট করে আবার দিন। (The image is larger than 2 MB.)" };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = sniffImage(bytes);
  if (!info) return { error: "শুধু PNG, JPEG, WebP বা GIF ছবি দেওয়া যায়। (Only PNG, JPEG, WebP or GIF images.)" };
  if ((info.width ?? 1) > 10000 || (info.height ?? 1) > 10000) return { error: "ছবির মাপ অনেক বড়। (The picture is too large.)" };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const name = (file.name || "").slice(0, 255);
  const url = `/media/${hash}.${info.ext}`;
  await primary.transaction(async (tx) => {
    await tx
      .insert(media)
      .values({
        hash,
        mime: info.mime,
        ext: info.ext,
        bytes: Buffer.from(bytes),
        size: bytes.byteLength,
        width: info.width,
        height: info.height,
        originalName: name,
        updatedBy: by.staffId,
      })
      .onDuplicateKeyUpdate({ set: { hash } });
    const [row] = await tx.select({ id: media.id }).from(media).where(eq(media.hash, hash)).limit(1);
    const size = info.width && info.height ? `, ${info.width}×${info.height}` : "";
    await recordAudit(tx, {
      staffId: by.staffId,
      action: "upload",
      entity: "media",
      entityId: row?.id ?? null,
      summary: `${name.slice(0, 200) || "(no name)"} (${sizeText(bytes.byteLength)}${size}) ${url} · ${by.where}`,
    });
  });
  return { url, width: info.width, height: info.height };
}

export async function readImage(hash: string) {
  // On the primary: the editor shows an image the moment it is uploaded, before a replica may have it.
  const [row] = await primary.select({ mime: media.mime, ext: media.ext, bytes: media.bytes, size: media.size }).from(media).where(eq(media.hash, hash)).limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------------ the media library -- */

export const MEDIA_PAGE_SIZE = 24;

export const mediaUrl = (m: { hash: string; ext: string }) => `/media/${m.hash}.${m.ext}`;

/**
 * Where content may name an image: every staff source that becomes page HTML, the image fields, and
 * the trash (a deleted row is restorable with its images) and teachers' saved papers. `link` is the admin resource whose form
 * edits the row; options and parts are edited on their question's form. Old revisions do not count:
 * an image only an old version used may go.
 */
const USES: { table: string; columns: string[]; what: string; link: string; idColumn?: string }[] = [
  { table: "questions", columns: ["intro", "body", "explanation"], what: "প্রশ্ন (Question)", link: "questions" },
  { table: "question_options", columns: ["body"], what: "প্রশ্নের অপশন (Question option)", link: "questions", idColumn: "question_id" },
  { table: "question_parts", columns: ["body"], what: "প্রশ্নের অংশ (Question part)", link: "questions", idColumn: "question_id" },
  { table: "titles", columns: ["content", "image"], what: "টপিক (Topic)", link: "topics" },
  { table: "info_pages", columns: ["content", "image"], what: "তথ্য পাতা (Info page)", link: "info-pages" },
  { table: "exam_title_groups", columns: ["announce", "banner"], what: "পরীক্ষার পাতা (Exam sub-page)", link: "exam-title-groups" },
  { table: "exam_titles", columns: ["description"], what: "পরীক্ষা (Exam)", link: "exams" },
  { table: "board_papers", columns: ["content"], what: "বোর্ড প্রশ্নপত্র (Board paper)", link: "board-papers" },
  { table: "examples", columns: ["question", "answer"], what: "উদাহরণ (Example)", link: "examples" },
  { table: "subjects", columns: ["image"], what: "বিষয় (Subject)", link: "subjects" },
  { table: "categories", columns: ["image"], what: "অধ্যায় (Chapter)", link: "chapters" },
  { table: "mcq_categories", columns: ["image"], what: "MCQ ক্যাটাগরি (MCQ category)", link: "mcq-categories" },
  { table: "board_subjects", columns: ["image_url"], what: "বোর্ড প্রশ্নের বিষয় (Board subject)", link: "board-subjects" },
  { table: "trash_items", columns: ["snapshot"], what: "ট্র্যাশে (In the trash)", link: "" },
  // A paper a teacher made is kept as it was printed, images and all.
  { table: "saved_papers", columns: ["content"], what: "শিক্ষকের সংরক্ষিত প্রশ্নপত্র (A teacher's saved paper)", link: "" },
];

export type MediaUse = { what: string; /** admin resource key, "" for the trash */ link: string; id: number };

// An image's URL names its hash; LIKE's own wildcards cannot occur in one (hex digits only).
const pattern = (hash: string) => `%/media/${hash}.%`;
const anyColumnLike = (columns: string[], like: string): SQL =>
  sql.join(
    columns.map((c) => sql`${sql.identifier(c)} like ${like}`),
    sql` or `,
  );

/** Which rows name each of these images, keyed by hash. One scan of each table for the whole page of images. */
export async function mediaUsage(hashes: string[]): Promise<Map<string, MediaUse[]>> {
  const found = new Map<string, MediaUse[]>(hashes.map((h) => [h, []]));
  if (!hashes.length) return found;
  await Promise.all(
    USES.map(async (use) => {
      const idCol = use.idColumn ?? "id";
      const text = sql.join(
        use.columns.map((c) => sql`coalesce(${sql.identifier(c)}, '')`),
        sql`, ' ', `,
      );
      const where = sql.join(
        hashes.map((h) => sql`(${anyColumnLike(use.columns, pattern(h))})`),
        sql` or `,
      );
      // Read on the primary: a save that just named an image must block its delete.
      const [rows] = (await primary.execute(
        sql`select ${sql.identifier(idCol)} as id, concat(${text}) as text from ${sql.identifier(use.table)} where ${where} limit 500`,
      )) as unknown as [{ id: number; text: string }[], unknown];
      for (const row of rows) {
        for (const h of hashes) {
          if (!String(row.text).includes(`/media/${h}.`)) continue;
          const list = found.get(h)!;
          const id = Number(row.id);
          if (!list.some((u) => u.what === use.what && u.id === id)) list.push({ what: use.what, link: use.link, id });
        }
      }
    }),
  );
  return found;
}

export type MediaItem = {
  id: number;
  url: string;
  hash: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  originalName: string;
  createdAt: Date;
  uploadedBy: string | null;
};

const itemColumns = {
  id: media.id,
  hash: media.hash,
  ext: media.ext,
  mime: media.mime,
  size: media.size,
  width: media.width,
  height: media.height,
  originalName: media.originalName,
  createdAt: media.createdAt,
  uploadedBy: staffUsers.name,
};

const toItem = ({ ext, ...m }: { ext: string; hash: string } & Omit<MediaItem, "url">): MediaItem => ({ ...m, url: mediaUrl({ hash: m.hash, ext }) });

/** A page of the library, newest first, with where each image is used. */
export async function listMedia(page: number): Promise<{ items: (MediaItem & { uses: MediaUse[] })[]; total: number; pages: number }> {
  const [rows, [{ total }]] = await Promise.all([
    primary
      .select(itemColumns)
      .from(media)
      .leftJoin(staffUsers, eq(staffUsers.id, media.updatedBy))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(MEDIA_PAGE_SIZE)
      .offset((page - 1) * MEDIA_PAGE_SIZE),
    primary.select({ total: sql<number>`count(*)` }).from(media),
  ]);
  const usage = await mediaUsage(rows.map((r) => r.hash));
  return {
    items: rows.map((r) => ({ ...toItem(r), uses: usage.get(r.hash) ?? [] })),
    total: Number(total),
    pages: Math.max(1, Math.ceil(Number(total) / MEDIA_PAGE_SIZE)),
  };
}

export async function getMedia(id: number): Promise<(MediaItem & { uses: MediaUse[] }) | null> {
  const [row] = await primary.select(itemColumns).from(media).leftJoin(staffUsers, eq(staffUsers.id, media.updatedBy)).where(eq(media.id, id)).limit(1);
  if (!row) return null;
  const usage = await mediaUsage([row.hash]);
  return { ...toItem(row), uses: usage.get(row.hash) ?? [] };
}

/**
 * Deletes an image no content names. The check and the delete are one statement, so a save that names
 * the image at the same moment either lands first (and the delete is refused) or finds it gone.
 */
export async function deleteMediaIfUnused(id: number, staffId: number | null): Promise<"deleted" | "not-found" | MediaUse[]> {
  const item = await getMedia(id);
  if (!item) return "not-found";
  if (item.uses.length) return item.uses;
  const like = pattern(item.hash);
  const unused = sql.join(
    USES.map((use) => sql`not exists (select 1 from ${sql.identifier(use.table)} where ${anyColumnLike(use.columns, like)})`),
    sql` and `,
  );
  const deleted = await primary.transaction(async (tx) => {
    const [result] = (await tx.execute(sql`delete from ${media} where ${media.id} = ${id} and ${unused}`)) as unknown as [{ affectedRows: number }, unknown];
    if (result.affectedRows !== 1) return false;
    await recordAudit(tx, { staffId, action: "delete", entity: "media", entityId: id, summary: `${item.url} ${item.originalName}`.trim() });
    return true;
  });
  if (deleted) return "deleted";
  const again = await getMedia(id);
  return again ? again.uses : "not-found";
}
