// /gradmin/import: MCQs from a CSV, GIFT or Aiken file into a chapter (and optionally a set). Step 1
// uploads and shows a preview of every question with its problems; step 2 imports the good ones in
// one transaction. Export of a chapter or set in the same formats is linked from here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { resourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { CSV_COLUMNS, IMPORT_FORMATS, type ImportFormat } from "~/lib/import/formats";
import { parseId } from "~/lib/http.server";
import { choicesFor } from "~/models/admin/content.server";
import { readContentForm } from "~/utils/admin-form.server";
import { commitImport, MAX_IMPORT_QUESTIONS, previewImport, targetProblem } from "~/models/admin/import.server";
import { requireStaff } from "~/utils/auth.server";

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const choices = await choicesFor(resourceDef("exams")!);
  const chapters = (await choicesFor(resourceDef("topics")!)).chapters;
  const p = new URL(request.url).searchParams;
  return json({ csrf, chapters, sets: choices["question-sets"], imported: p.get("imported"), skipped: p.get("skipped") });
}

type Row = { line: number; kind: string; body: string; options: { body: string; isCorrect: boolean }[]; errors: string[] };
type ActionData = { error?: string; preview?: { rows: Row[]; good: number; bad: number; format: ImportFormat; text: string; chapterId: number; setId: number | null } };

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const { form, files } = await readContentForm(request, csrf, null, staff.id);
  const format = form.get("format") as ImportFormat;
  const chapterId = parseId(form.get("chapterId"));
  const setId = parseId(form.get("setId"));
  if (!IMPORT_FORMATS.includes(format)) return json<ActionData>({ error: "ফাইলের ধরন বেছে নিন। (Choose the file format.)" }, { status: 400 });
  if (!chapterId) return json<ActionData>({ error: "কোন অধ্যায়ে যাবে, বেছে নিন। (Choose the chapter.)" }, { status: 400 });
  const target = { chapterId, setId };
  const problem = await targetProblem(target);
  if (problem) return json<ActionData>({ error: problem }, { status: 400 });
  const file = files.get("upload.file");
  if (file && file.size > MAX_FILE_BYTES) return json<ActionData>({ error: "ফাইলটি ৪ MB-এর বেশি। (The file is larger than 4 MB.)" }, { status: 400 });
  const text = file ? new TextDecoder("utf-8").decode(await file.arrayBuffer()) : form.get("text") ?? "";
  if (!text.trim()) return json<ActionData>({ error: "একটি ফাইল দিন বা লেখা পেস্ট করুন। (Upload a file or paste the text.)" }, { status: 400 });
  if (text.includes("\uFFFD")) return json<ActionData>({ error: "ফাইলটি UTF-8 নয়; UTF-8 হিসেবে সংরক্ষণ করে আবার দিন। (The file is not UTF-8; save it as UTF-8 and try again.)" }, { status: 400 });

  if (form.get("intent") === "import") {
    const result = await commitImport(format, text, target, staff.id);
    if ("fileError" in result) return json<ActionData>({ error: result.fileError }, { status: 400 });
    return redirect(`/gradmin/import?imported=${result.imported}&skipped=${result.skipped}`);
  }
  const preview = await previewImport(format, text, target);
  if (preview.fileError) return json<ActionData>({ error: preview.fileError }, { status: 400 });
  const rows = preview.questions.map((q) => ({ line: q.line, kind: q.kind, body: q.body.slice(0, 300), options: q.options.map((o) => ({ body: o.body.slice(0, 120), isCorrect: o.isCorrect })), errors: q.errors }));
  const bad = rows.filter((r) => r.errors.length).length;
  return json<ActionData>({ preview: { rows, good: rows.length - bad, bad, format, text, chapterId, setId } });
}

export const meta: MetaFunction = () => [{ title: "প্রশ্ন ইমপোর্ট (Import questions) — Admin" }];

const FORMAT_LABELS: Record<ImportFormat, string> = { csv: "CSV (Excel, Google Sheets)", gift: "Moodle GIFT", aiken: "Aiken" };

/** A <select> of a resource's rows (chapters, sets) with a first "none" choice. */
function ChoiceSelect({ name, none, choices, required }: { name: string; none: string; choices: { value: string; label: string }[]; required?: boolean }) {
  return (
    <select name={name} required={required} defaultValue="">
      <option value="">{none}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

export default function ImportQuestions() {
  const { csrf, chapters, sets, imported, skipped } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const preview = data?.preview;
  return (
    <>
      <p>
        <a href="/gradmin/content">← কনটেন্ট (Content)</a>
      </p>
      <h1>প্রশ্ন ইমপোর্ট ও এক্সপোর্ট (Import and export questions)</h1>
      {imported !== null ? (
        <Notice kind="ok">
          {toBanglaDigits(imported)}টি প্রশ্ন ইমপোর্ট হয়েছে{Number(skipped) ? `, ${toBanglaDigits(skipped ?? 0)}টি বাদ গেছে` : ""}। ({imported} imported
          {Number(skipped) ? `, ${skipped} skipped` : ""}.)
        </Notice>
      ) : null}
      {data?.error ? <Notice kind="error">{data.error}</Notice> : null}
      {preview ? (
        <section aria-labelledby="preview-h">
          <h2 id="preview-h">
            প্রিভিউ (Preview): {toBanglaDigits(preview.good)}টি ঠিক আছে, {toBanglaDigits(preview.bad)}টিতে সমস্যা ({preview.good} ready, {preview.bad} with
            problems)
          </h2>
          <Form method="post" encType="multipart/form-data" className="admin-form">
            <CsrfInput token={csrf} />
            <input type="hidden" name="format" value={preview.format} />
            <input type="hidden" name="chapterId" value={preview.chapterId} />
            <input type="hidden" name="setId" value={preview.setId ?? ""} />
            <textarea name="text" defaultValue={preview.text} hidden readOnly aria-hidden="true" />
            <div className="form-actions">
              <button type="submit" name="intent" value="import" className="btn-primary" disabled={preview.good === 0}>
                {toBanglaDigits(preview.good)}টি প্রশ্ন ইমপোর্ট করুন (Import {preview.good} questions)
              </button>
              <a href="/gradmin/import">বাতিল (Cancel)</a>
            </div>
          </Form>
          <div className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>লাইন (Line)</th>
                  <th>প্রশ্ন (Question)</th>
                  <th>অপশন (Options; ✓ = key)</th>
                  <th>সমস্যা (Problems)</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line} className={r.errors.length ? "row-error" : undefined}>
                    <td>{r.line}</td>
                    <td>{r.body || "—"}</td>
                    <td>
                      {r.options.map((o, i) => (
                        <div key={i}>
                          {o.body}
                          {o.isCorrect ? " ✓" : ""}
                        </div>
                      ))}
                    </td>
                    <td>{r.errors.length ? r.errors.join("; ") : "ঠিক আছে (OK)"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : (
        <Form method="post" encType="multipart/form-data" className="admin-form wide">
          <CsrfInput token={csrf} />
          <label>
            <span>ফাইলের ধরন (Format)</span>
            <select name="format" defaultValue="csv">
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>ফাইল (File, UTF-8)</span>
            <input type="file" name="upload.file" accept=".csv,.txt,.gift,text/csv,text/plain" />
          </label>
          <label>
            <span>অথবা লেখা পেস্ট করুন (or paste the text)</span>
            <textarea name="text" rows={6} className="code" />
          </label>
          <label>
            <span>অধ্যায় (Chapter) *</span>
            <ChoiceSelect name="chapterId" none="— বেছে নিন (choose) —" choices={chapters} required />
          </label>
          <label>
            <span>প্রশ্নসেটের শেষে যোগ করুন (Also append to a set)</span>
            <ChoiceSelect name="setId" none="— না (no) —" choices={sets} />
          </label>
          <div className="form-actions">
            <button type="submit" name="intent" value="preview" className="btn-primary">
              প্রিভিউ দেখুন (Preview)
            </button>
          </div>
          <details>
            <summary>ফাইলের নিয়ম (File formats)</summary>
            <p>
              <strong>CSV</strong>: প্রথম লাইনে কলামের নাম (first line: column names): <code>{CSV_COLUMNS.join(",")}</code>. <code>question</code> আবশ্যক;{" "}
              <code>a</code>–<code>e</code> অপশন; <code>answer</code>: a–e, ক–ঙ বা ১–৫; <code>board_year</code>: dhaka, raj: 2019; <code>type</code> খালি বা mcq.
              UTF-8, BOM থাকলেও চলবে (Excel’s “CSV UTF-8” works).
            </p>
            <p>
              <strong>GIFT</strong>: <code>প্রশ্ন {"{"}=সঠিক ~ভুল ~ভুল{"}"}</code>; ব্যাখ্যা <code>####</code>; <code>{"// board-year: dhaka: 2019"}</code>,{" "}
              <code>{"// marks: 1"}</code>. <strong>Aiken</strong>: প্রশ্ন, তারপর <code>A.</code> <code>B.</code> … অপশন, শেষে <code>ANSWER: B</code>.
            </p>
            <p>
              শুধু বহুনির্বাচনি প্রশ্ন ইমপোর্ট হয়; অন্যগুলো প্রিভিউতে দেখাবে। একবারে সর্বোচ্চ {toBanglaDigits(MAX_IMPORT_QUESTIONS)}টি। (Only multiple-choice
              questions are imported; others are listed in the preview.)
            </p>
          </details>
        </Form>
      )}
      <section className="panel" aria-labelledby="export-h">
        <h2 id="export-h">এক্সপোর্ট (Export)</h2>
        <Form method="get" action="/gradmin/export" className="admin-form wide" reloadDocument>
          <label>
            <span>অধ্যায় (Chapter)</span>
            <ChoiceSelect name="chapterId" none="—" choices={chapters} />
          </label>
          <label>
            <span>অথবা প্রশ্নসেট (or a set)</span>
            <ChoiceSelect name="setId" none="—" choices={sets} />
          </label>
          <label>
            <span>ধরন (Format)</span>
            <select name="format" defaultValue="csv">
              <option value="csv">CSV</option>
              <option value="gift">GIFT</option>
            </select>
          </label>
          <div className="form-actions">
            <button type="submit" className="btn-secondary">
              ডাউনলোড (Download)
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
