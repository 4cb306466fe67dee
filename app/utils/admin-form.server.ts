// Reading an admin content form: same-origin and CSRF checks, URL-encoded or multipart (image
// uploads), bounded in size. Uploaded images are stored at once and their URL becomes the field's
// value, so a form refused for another field keeps the uploaded image.
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import type { FieldErrors } from "~/lib/admin/fields";
import type { ResourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { badRequest, capRequestBody, readForm, tooLarge } from "~/lib/http.server";
import { requireSameOrigin } from "~/utils/auth.server";
import { MAX_IMAGE_BYTES, storeImage } from "~/models/media.server";
import { appendImageField, imageSnippet } from "~/lib/admin/media-snippet";

/** A content form may carry a long topic with math (URL-encoded) or images (multipart). */
export const MAX_CONTENT_FORM_BYTES = 1024 * 1024;
export const MAX_MULTIPART_BYTES = 4 * MAX_IMAGE_BYTES + MAX_CONTENT_FORM_BYTES;

const FORM_TOO_LARGE = "ফর্মটি অনেক বড়: ছবিগুলো ছোট করে বা কম করে আবার পাঠান। (The form is too large.)";

/** The largest single part kept in memory: a file or a text field. */
export const MAX_PART_BYTES = MAX_IMAGE_BYTES * 2;

/**
 * Keeps text fields and files whose field name ends in ".file", each up to `maxPartSize` bytes. A file
 * over it is read to its end and dropped, and its field named in `oversize`: the fields after it
 * (the chosen chapter, say) still arrive, so the form can say which file was too large and keep the
 * rest. A text field over the limit still fails the whole form.
 */
function boundedUploadHandler(maxPartSize: number, oversize: Set<string>, dropped: { field: string; filename: string }[] = []): UploadHandler {
  return async ({ name, filename, contentType, data }) => {
    const isFile = typeof filename === "string";
    if (isFile && !name.endsWith(".file")) return undefined;
    const chunks: BlobPart[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= maxPartSize) chunks.push(chunk as BlobPart);
      else if (!isFile) throw new Error(`the field ${name} is over ${maxPartSize} bytes`);
    }
    if (size > maxPartSize) {
      oversize.add(name);
      dropped.push({ field: name, filename: filename ?? "" });
      return undefined;
    }
    return isFile ? new File(chunks, filename, { type: contentType }) : new Blob(chunks, { type: contentType }).text();
  };
}

/** The field message for a file over `limit` bytes (a whole number of MB). */
export function tooLargeFile(limit: number): string {
  const mb = Math.round(limit / (1024 * 1024));
  return `ফাইলটি ${toBanglaDigits(mb)} MB-এর বেশি; ছোট করে আবার দিন। (The file is larger than ${mb} MB.)`;
}

function refuse(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

function checkCsrf(sent: string, csrf: string) {
  const a = Buffer.from(sent);
  const b = Buffer.from(csrf);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw refuse("ফর্মটি পুরোনো বা অন্য কোথাও থেকে এসেছে; পাতাটি আবার খুলে চেষ্টা করুন। (Invalid form token.)");
  }
}

export async function readContentForm(
  request: Request,
  csrf: string,
  def: ResourceDef | null,
  staffId: number,
  /** Where an image sent with the form is uploaded, for the audit log: the library, or which row's form. */
  where = def ? def.key : "form",
): Promise<{
  form: URLSearchParams;
  uploadErrors: FieldErrors;
  files: Map<string, File>;
  oversizeFiles: Set<string>;
  /** Every file in the order sent (an input with `multiple` sends several under one name). */
  fileList?: { field: string; file: File }[];
  /** Files read through but not kept (over MAX_PART_BYTES), by field and file name. */
  droppedFiles?: { field: string; filename: string }[];
}> {
  requireSameOrigin(request);
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    const params = await readForm(request, MAX_CONTENT_FORM_BYTES);
    checkCsrf(params.get("csrf") ?? "", csrf);
    return { form: params, uploadErrors: {}, files: new Map(), oversizeFiles: new Set() };
  }
  if (Number(request.headers.get("Content-Length") || 0) > MAX_MULTIPART_BYTES) throw tooLarge(FORM_TOO_LARGE);
  // A chunked body declares no length: it is counted as it streams, and the parser stops at the cap.
  const capped = capRequestBody(request, MAX_MULTIPART_BYTES);
  let data: FormData;
  const oversizeFiles = new Set<string>();
  const droppedFiles: { field: string; filename: string }[] = [];
  try {
    // Twice the image limit: an image somewhat too large is kept and refused by storeImage with its
    // size; a larger file is read through without being kept, and named in oversizeFiles.
    data = await unstable_parseMultipartFormData(capped.request, boundedUploadHandler(MAX_PART_BYTES, oversizeFiles, droppedFiles));
  } catch {
    if (capped.exceeded()) throw tooLarge(FORM_TOO_LARGE);
    throw badRequest("ফর্মটি পড়া যায়নি বা ফাইলটি অনেক বড়। (The form could not be read, or a file is too large.)");
  }
  checkCsrf(String(data.get("csrf") ?? ""), csrf);
  const form = new URLSearchParams();
  const files = new Map<string, File>();
  const fileList: { field: string; file: File }[] = [];
  for (const [k, v] of data.entries()) {
    if (typeof v === "string") form.append(k, v);
    else if (v.size > 0) {
      files.set(k, v as File);
      fileList.push({ field: k, file: v as File });
    }
  }
  const uploadErrors: FieldErrors = {};
  for (const f of def?.fields ?? []) {
    if (f.kind === "html") {
      // An image chosen beside an HTML field (the form without JavaScript) goes at the end of its text.
      const name = appendImageField(f.name);
      if (oversizeFiles.has(name)) uploadErrors[name] = tooLargeFile(MAX_IMAGE_BYTES);
      const file = data.get(name);
      if (!file || typeof file === "string" || file.size === 0) continue;
      const stored = await storeImage(file as File, { staffId, where: `${where}, ${f.name}` });
      if ("url" in stored) form.set(f.name, `${(form.get(f.name) ?? "").trimEnd()}\n<p>${imageSnippet(stored)}</p>`.trimStart());
      else uploadErrors[name] = stored.error;
      continue;
    }
    if (f.kind !== "image") continue;
    if (oversizeFiles.has(`${f.name}.file`)) {
      uploadErrors[`${f.name}.file`] = tooLargeFile(MAX_IMAGE_BYTES);
      continue;
    }
    const file = data.get(`${f.name}.file`);
    if (!file || typeof file === "string" || file.size === 0) continue;
    const stored = await storeImage(file as File, { staffId, where: `${where}, ${f.name}` });
    if ("url" in stored) form.set(f.name, stored.url);
    else uploadErrors[`${f.name}.file`] = stored.error;
  }
  return {
    form,
    uploadErrors,
    files,
    oversizeFiles,
    fileList,
    droppedFiles,
  };
}
