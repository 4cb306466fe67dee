// Reading the teacher's upload of scanned answer sheets: a multipart form of many pictures, capped
// per file and per request while it streams (a phone photo is 2–6 MB; a class is a few dozen), and
// each file's real type read from its first bytes (JPEG, PNG or WebP only).
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { capRequestBody } from "~/lib/http.server";
import { sniffImage } from "~/lib/image-type";

export const MAX_FILE_BYTES = 8 * 1024 * 1024;
export const MAX_FILES = 40;
export const MAX_UPLOAD_BYTES = 60 * 1024 * 1024;
const SCAN_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

export const UPLOAD_MESSAGES = {
  tooLarge: `একবারে সর্বোচ্চ ${toBanglaDigits(60)} MB পাঠানো যায়: ছবিগুলো কয়েক ভাগে পাঠান।`,
  tooMany: `একবারে সর্বোচ্চ ${toBanglaDigits(MAX_FILES)}টি ছবি পাঠানো যায়: বাকিগুলো পরে আলাদা করে পাঠান।`,
  none: "কোনো ছবি বাছাই করা হয়নি: উত্তরপত্রের ছবি (JPEG, PNG বা WebP) বেছে নিন।",
  unreadable: "ফর্মটি পড়া যায়নি; আবার চেষ্টা করুন।",
  fileTooLarge: `ছবিটি ${toBanglaDigits(8)} MB-এর বেশি বড়; ছোট করে আবার দিন।`,
  notImage: "এটি JPEG, PNG বা WebP ছবি নয়।",
} as const;

export type Upload = { name: string; bytes: Buffer } | { name: string; error: string };
export type UploadRead = { ok: true; files: Upload[] } | { ok: false; status: number; message: string };

/** The pictures of field "sheets" (each within MAX_FILE_BYTES), the other fields as text. */
export async function readUpload(request: Request): Promise<UploadRead> {
  if (Number(request.headers.get("Content-Length") || 0) > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
  const capped = capRequestBody(request, MAX_UPLOAD_BYTES);
  const files: Upload[] = [];
  let count = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const isFile = typeof filename === "string";
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= (isFile ? MAX_FILE_BYTES : 1024)) chunks.push(chunk);
    }
    if (!isFile) return size <= 1024 ? Buffer.concat(chunks).toString("utf8") : undefined;
    if (name !== "sheets" || (!filename && size === 0)) return undefined;
    count++;
    const label = (filename || "ছবি").slice(0, 120);
    if (count > MAX_FILES) return undefined;
    if (size > MAX_FILE_BYTES) files.push({ name: label, error: UPLOAD_MESSAGES.fileTooLarge });
    else {
      const bytes = Buffer.concat(chunks);
      const type = sniffImage(bytes);
      if (!type || !SCAN_TYPES.has(type.mime)) files.push({ name: label, error: UPLOAD_MESSAGES.notImage });
      else files.push({ name: label, bytes });
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(capped.request, handler);
  } catch {
    if (capped.exceeded()) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
    return { ok: false, status: 400, message: UPLOAD_MESSAGES.unreadable };
  }
  if (count > MAX_FILES) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooMany };
  if (!files.length) return { ok: false, status: 400, message: UPLOAD_MESSAGES.none };
  return { ok: true, files };
}
