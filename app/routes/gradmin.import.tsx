// /gradmin/import: MCQs from a CSV, GIFT or Aiken file into a chapter (and optionally a set). Step 1
// uploads and shows a preview of every question with its problems; step 2 imports the good ones in
// one transaction. Export of a chapter or set in the same formats is linked from here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { resourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { CSV_COLUMNS, IMPORT_FORMATS, MAX_IMPORT_QUESTIONS, type ImportFormat } from "~/lib/import/format-names";
import { badRequest } from "~/lib/http.server";
import { idText, intentOf, parseFields, readQuery, wholeText, z, type FieldErrors } from "~/lib/input";
import { choicesFor } from "~/models/admin/content.server";
import { readContentForm, tooLargeFile } from "~/utils/admin-form.server";
import { commitImport, previewImport, previewRows, targetProblem, type PreviewRow } from "~/models/admin/import.server";
import { requireStaff } from "~/utils/auth.server";

const MAX_FILE_MB = 4;
const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const choices = await choicesFor(resourceDef("exams")!);
  const chapters = (await choicesFor(resourceDef("topics")!)).chapters;
  const { imported, skipped } = readQuery(DoneQuery, new URL(request.url).searchParams);
  return json({ csrf, chapters, sets: choices["question-sets"], imported, skipped });
}

/** A count in the URL an import lands on (?imported=12&skipped=1); anything else is no count. */
const count = z
  .string()
  .optional()
  .transform((v) => wholeText().safeParse(v ?? "").data ?? null);
const DoneQuery = z.object({ imported: count, skipped: count });

const typed = z.string().catch("").default("");
/** What was chosen and pasted, as typed: sent back with a refusal so that nothing has to be chosen again. */
const ImportTyped = z.object({ format: typed, chapterId: typed, setId: typed, text: typed });

/** The import form: a format, a chapter (a set optional), pasted text (a file comes beside it), and which step. */
const ImportForm = z.object({
  format: z.enum(IMPORT_FORMATS as [ImportFormat, ...ImportFormat[]], { message: "ফাইলের ধরন বেছে নিন। (Choose the file format.)" }),
  chapterId: z
    .string()
    .default("")
    .transform((v) => idText.safeParse(v).data)
    .pipe(z.number({ message: "কোন অধ্যায়ে যাবে, বেছে নিন। (Choose the chapter.)" })),
  setId: z
    .string()
    .optional()
    .transform((v) => idText.safeParse(v).data ?? null),
  text: z.string().default(""),
  intent: intentOf(["preview", "import"], "preview"),
});

type Field = "format" | "file" | "chapterId" | "setId";
type Values = z.output<typeof ImportTyped>;
type ActionData = {
  errors?: FieldErrors;
  values?: Values;
  preview?: { rows: PreviewRow[]; good: number; bad: number; warned: number; format: ImportFormat; text: string; chapterId: number; setId: number | null };
};

export async function action({ request }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const { form, files, oversizeFiles } = await readContentForm(request, csrf, null, staff.id);
  const values: Values = readQuery(ImportTyped, form);
  const refuse = (errors: FieldErrors) => json<ActionData>({ errors, values }, { status: 400 });
  const parsed = parseFields(ImportForm, form, ["intent"]);
  if (!parsed.ok) {
    // A step no button names is not a choice the person made: the form's 400, not a field's.
    if (parsed.errors.intent) throw badRequest(parsed.errors.intent);
    return refuse(parsed.errors);
  }
  const { format, chapterId, setId, intent } = parsed.data;
  const target = { chapterId, setId };
  const problem = await targetProblem(target);
  if (problem) return refuse({ [problem.field]: problem.message });
  const file = files.get("upload.file");
  if (oversizeFiles.has("upload.file") || (file && file.size > MAX_FILE_BYTES)) return refuse({ file: tooLargeFile(MAX_FILE_BYTES) });
  const text = file ? new TextDecoder("utf-8").decode(await file.arrayBuffer()) : values.text;
  if (!text.trim()) return refuse({ file: "একটি ফাইল দিন বা লেখা পেস্ট করুন। (Upload a file or paste the text.)" });
  if (text.includes("\uFFFD")) return refuse({ file: "ফাইলটি UTF-8 নয়; UTF-8 হিসেবে সংরক্ষণ করে আবার দিন। (The file is not UTF-8; save it as UTF-8 and try again.)" });
  // From here on the text is sound: keep it in the paste box, so another format can be tried at once.
  values.text = text;

  if (intent === "import") {
    const result = await commitImport(format, text, target, staff.id);
    if ("fileError" in result) return refuse({ file: result.fileError });
    return redirect(`/gradmin/import?imported=${result.imported}&skipped=${result.skipped}`);
  }
  const preview = await previewImport(format, text, target);
  if (preview.fileError) return refuse({ file: preview.fileError });
  const rows = previewRows(preview.questions);
  const bad = rows.filter((r) => r.errors.length).length;
  const warned = rows.filter((r) => !r.errors.length && r.warnings.length).length;
  return json<ActionData>({ preview: { rows, good: rows.length - bad, bad, warned, format, text, chapterId, setId } });
}

export const meta: MetaFunction = () => [{ title: "প্রশ্ন ইমপোর্ট (Import questions) — Admin" }];

const FORMAT_LABELS: Record<ImportFormat, string> = { csv: "CSV (Excel, Google Sheets)", gift: "Moodle GIFT", aiken: "Aiken" };

/** A <select> of a resource's rows (chapters, sets) with a first "none" choice. */
function ChoiceSelect({
  name,
  none,
  choices,
  required,
  defaultValue = "",
  id,
  error,
}: {
  name: string;
  none: string;
  choices: { value: string; label: string }[];
  required?: boolean;
  defaultValue?: string;
  id?: string;
  error?: string;
}) {
  return (
    <select name={name} id={id} required={required} defaultValue={defaultValue} {...invalid(id, error)}>
      <option value="">{none}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

const invalid = (id: string | undefined, error: string | undefined) => (error && id ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span className="field-error" id={`${id}-error`}>
      {error}
    </span>
  ) : null;
}

const FIELD_IDS: Record<Field, string> = { format: "import-format", file: "import-file", chapterId: "import-chapter", setId: "import-set" };

export default function ImportQuestions() {
  const { csrf, chapters, sets, imported, skipped } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const preview = data?.preview;
  const values = data?.values;
  const errors = data?.errors ?? {};
  const refused = Object.entries(errors).filter(([key]) => key !== "form") as [Field, string][];
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
      {errors.form ? <Notice kind="error">{errors.form}</Notice> : null}
      {refused.length ? (
        <div className="notice error error-summary" role="alert">
          <p>ফাইলটি নেওয়া যায়নি। (The file was not taken.)</p>
          <ul>
            {refused.map(([field, message]) => (
              <li key={field}>
                <a href={`#${FIELD_IDS[field]}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview ? (
        <section aria-labelledby="preview-h">
          <h2 id="preview-h">
            প্রিভিউ (Preview): {toBanglaDigits(preview.good)}টি ঠিক আছে, {toBanglaDigits(preview.bad)}টিতে সমস্যা ({preview.good} ready, {preview.bad} with
            problems)
          </h2>
          {preview.warned ? (
            <p>
              {toBanglaDigits(preview.warned)}টি প্রশ্নের কিছু অংশ রাখা হবে না; নিচে ⚠ দেখুন। ({preview.warned} will be imported without part of what the file
              says: see ⚠ below.)
            </p>
          ) : null}
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
                  <th>প্রশ্ন (Question, as it will show)</th>
                  <th>অপশন (Options; ✓ = key)</th>
                  <th>সমস্যা (Problems)</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line} className={r.errors.length ? "row-error" : undefined}>
                    <td>{r.line}</td>
                    {/* Sanitised as saving will sanitise it: what shows here is what will be stored and shown. */}
                    <td>{r.bodyHtml ? <div dangerouslySetInnerHTML={{ __html: r.bodyHtml }} /> : "—"}</td>
                    <td>
                      {r.options.map((o, i) => (
                        <div key={i}>
                          <span dangerouslySetInnerHTML={{ __html: o.html }} />
                          {o.isCorrect ? " ✓" : ""}
                        </div>
                      ))}
                    </td>
                    <td>
                      {r.errors.length ? r.errors.join("; ") : "ঠিক আছে (OK)"}
                      {r.warnings.map((w) => (
                        <div key={w} className="import-warning">
                          ⚠ {w}
                        </div>
                      ))}
                    </td>
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
            <select name="format" id={FIELD_IDS.format} defaultValue={values?.format || "csv"} {...invalid(FIELD_IDS.format, errors.format)}>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
            <FieldError id={FIELD_IDS.format} error={errors.format} />
          </label>
          <label>
            <span>ফাইল (File: UTF-8, সর্বোচ্চ {toBanglaDigits(MAX_FILE_MB)} MB — at most {MAX_FILE_MB} MB)</span>
            <input type="file" name="upload.file" id={FIELD_IDS.file} accept=".csv,.txt,.gift,text/csv,text/plain" {...invalid(FIELD_IDS.file, errors.file)} />
            <FieldError id={FIELD_IDS.file} error={errors.file} />
          </label>
          <label>
            <span>অথবা লেখা পেস্ট করুন (or paste the text)</span>
            <textarea name="text" rows={6} className="code" defaultValue={values?.text ?? ""} />
          </label>
          <label>
            <span>অধ্যায় (Chapter) *</span>
            <ChoiceSelect
              name="chapterId"
              id={FIELD_IDS.chapterId}
              none="— বেছে নিন (choose) —"
              choices={chapters}
              required
              defaultValue={values?.chapterId}
              error={errors.chapterId}
            />
            <FieldError id={FIELD_IDS.chapterId} error={errors.chapterId} />
          </label>
          <label>
            <span>প্রশ্নসেটের শেষে যোগ করুন (Also append to a set)</span>
            <ChoiceSelect name="setId" id={FIELD_IDS.setId} none="— না (no) —" choices={sets} defaultValue={values?.setId} error={errors.setId} />
            <FieldError id={FIELD_IDS.setId} error={errors.setId} />
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
              <code>{"// marks: 1"}</code>. শূন্যস্থান: <code>ঢাকা {"{"}=বাংলাদেশের ~ভারতের{"}"} রাজধানী।</code> (a blank in the sentence is kept as _____).{" "}
              <strong>Aiken</strong>: প্রশ্ন, তারপর <code>A.</code> <code>B.</code> বা <code>A)</code> … অপশন, শেষে <code>ANSWER: B</code>; সাধারণ লেখা, HTML নয়
              (plain text: &lt; and &amp; show as typed).
            </p>
            <p>
              শুধু এক-উত্তরের বহুনির্বাচনি প্রশ্ন ইমপোর্ট হয়, সর্বোচ্চ পাঁচ অপশন; অন্যগুলো লাইন নম্বরসহ প্রিভিউতে দেখাবে। একবারে সর্বোচ্চ{" "}
              {toBanglaDigits(MAX_IMPORT_QUESTIONS)}টি। (Only multiple-choice questions with one right answer and at most five options are imported; the others
              are listed in the preview with their line.)
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
