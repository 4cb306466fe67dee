// Reading an admin content form: same-origin and CSRF checks, URL-encoded or multipart (image
// uploads), bounded in size. Uploaded images are stored at once and their URL becomes the field's
// value, so a form refused for another field keeps the uploaded image.
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import type { FieldErrors } from "~/lib/admin/fields";
import type { ResourceDef } from "~/lib/admin/resources";
import { badRequest, capRequestBody, tooLarge } from "~/lib/http.server";
import { readSmallForm } from "~/lib/quiz.server";
import { requireSameOrigin } from "~/utils/auth.server";
import { MAX_IMAGE_BYTES, storeImage } from "~/models/media.server";

/** A content form may carry a long topic with math (URL-encoded) or images (multipart). */
export const MAX_CONTENT_FORM_BYTES = 1024 * 1024;
export const MAX_MULTIPART_BYTES = 4 * MAX_IMAGE_BYTES + MAX_CONTENT_FORM_BYTES;

const FORM_TOO_LARGE = "ফর্মটি অনেক বড়: ছবিগুলো ছোট করে বা কম করে আবার পাঠান। (The form is too large.)";

export type FormLike = { get(name: string): string | null; getAll(name: string): string[] };

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
): Promise<{ form: FormLike; uploadErrors: FieldErrors; files: Map<string, File> }> {
  requireSameOrigin(request);
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    const params = await readSmallForm(request, MAX_CONTENT_FORM_BYTES);
    checkCsrf(params.get("csrf") ?? "", csrf);
    return { form: params, uploadErrors: {}, files: new Map() };
  }
  if (Number(request.headers.get("Content-Length") || 0) > MAX_MULTIPART_BYTES) throw tooLarge(FORM_TOO_LARGE);
  // A chunked body declares no length: it is counted as it streams, and the parser stops at the cap.
  const capped = capRequestBody(request, MAX_MULTIPART_BYTES);
  let data: FormData;
  try {
    data = await unstable_parseMultipartFormData(
      capped.request,
      unstable_createMemoryUploadHandler({
        // A little over the image limit, so a too-large image gets a field error, not a broken form.
        // Text fields pass through this handler too (and share the limit).
        maxPartSize: MAX_IMAGE_BYTES * 2,
        filter: ({ name, filename }) => typeof filename !== "string" || name.endsWith(".file"),
      }),
    );
  } catch {
    if (capped.exceeded()) throw tooLarge(FORM_TOO_LARGE);
    throw badRequest("ফর্মটি পড়া যায়নি বা ফাইলটি অনেক বড়। (The form could not be read, or a file is too large.)");
  }
  checkCsrf(String(data.get("csrf") ?? ""), csrf);
  const values = new Map<string, string[]>();
  const files = new Map<string, File>();
  for (const [k, v] of data.entries()) {
    if (typeof v === "string") values.set(k, [...(values.get(k) ?? []), v]);
    else if (v.size > 0) files.set(k, v as File);
  }
  const uploadErrors: FieldErrors = {};
  for (const f of def?.fields ?? []) {
    if (f.kind !== "image") continue;
    const file = data.get(`${f.name}.file`);
    if (!file || typeof file === "string" || file.size === 0) continue;
    const stored = await storeImage(file as File, staffId);
    if ("url" in stored) values.set(f.name, [stored.url]);
    else uploadErrors[`${f.name}.file`] = stored.error;
  }
  return {
    form: { get: (n) => values.get(n)?.[0] ?? null, getAll: (n) => values.get(n) ?? [] },
    uploadErrors,
    files,
  };
}
