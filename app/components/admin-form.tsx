// The content form of every admin resource, drawn from its field definitions (lib/admin/resources.ts).
// A plain <form method="post"> that keeps what was typed and shows each field's error; the Preview
// button posts the form and shows what the public page will show. With JavaScript, the preview of a
// math field follows the typing (debounced, from the same server renderer).
import { Form, useFormAction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/admin";
import { EditorToolbar } from "~/components/editor-toolbar";
import { appendImageField } from "~/lib/admin/media-snippet";
import { OPTION_KEYS, PART_LABELS, type FieldDef, type FieldErrors, type Option, type RawValues } from "~/lib/admin/fields";
import { resourceDef, type ResourceDef } from "~/lib/admin/resources";

type Props = {
  /** The resource's key (lib/admin/resources.ts). */
  resource: string;
  raw: RawValues;
  errors: FieldErrors;
  choices: Record<string, Option[]>;
  csrf: string;
  version: number;
  /** Server-rendered previews of html fields (after the Preview button). */
  previews?: Record<string, string | null>;
  submitLabel: string;
};

// HTML fields carry a file input too (an image added to the text on save, without JavaScript).
const hasFile = (def: ResourceDef) => def.fields.some((f) => f.kind === "image" || f.kind === "html");
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] ?? "" : v ?? "");
const errorId = (name: string) => `${name.replace(/\./g, "-")}-error`;

function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  return errors[name] ? (
    <span className="field-error" id={errorId(name)}>
      {errors[name]}
    </span>
  ) : null;
}

const invalid = (name: string, errors: FieldErrors) =>
  errors[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};

/** The id of the control (or group) an error key belongs to: every one is `f-` and the key. */
const controlId = (key: string) => `f-${key}`;

/**
 * What stopped the save, at the top of the form, each error a link to its field. After a refused save
 * the browser is taken here: without JavaScript by the form's action URL (#errors), with it by moving
 * focus, which also tells a screen reader. Otherwise the page stays at the Save button, the errors
 * above it off-screen.
 */
function ErrorSummary({ def, errors }: { def: ResourceDef; errors: FieldErrors }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [errors]);
  const fieldErrors = Object.entries(errors).filter(([key]) => key !== "form");
  const labelOf = (key: string) => def.fields.find((f) => f.name === key.split(".")[0])?.label ?? key;
  return (
    <div id="errors" ref={box} tabIndex={-1} className="notice error error-summary" role="alert">
      <p>
        <strong>{errors.form ?? "সংরক্ষণ হয়নি: এই ভুলগুলো ঠিক করুন। (Not saved: fix these.)"}</strong>
      </p>
      {fieldErrors.length ? (
        <ul>
          {fieldErrors.map(([key, message]) => (
            <li key={key}>
              <a href={`#${controlId(key)}`}>
                {labelOf(key)}: {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MathPreview({ name, source, initial, csrf, base }: { name: string; source: string; initial?: string | null; csrf: string; base: string }) {
  const [live, setLive] = useState<{ html: string | null } | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The same server renderer as the Preview button, asked 400 ms after the typing stops.
    const abort = new AbortController();
    const t = window.setTimeout(() => {
      fetch("/gradmin/preview", { method: "POST", body: new URLSearchParams({ source, csrf, base }), signal: abort.signal })
        .then((r) => (r.ok ? r.json() : null))
        .then((d: { html: string | null } | null) => d && setLive(d))
        .catch(() => {});
    }, 400);
    return () => {
      window.clearTimeout(t);
      abort.abort();
    };
  }, [source, csrf, base]);
  const html = live ? live.html : initial;
  if (html === undefined) return null;
  return (
    <div className="preview" role="region" aria-live="polite" aria-label={`প্রিভিউ (Preview) ${name.split(" (")[0]}`}>
      <p className="preview-label">প্রিভিউ — পাবলিক পাতায় এভাবে দেখাবে (Preview — as the public page shows it)</p>
      {html ? <div className="preview-body prose" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="muted">খালি (empty)</p>}
    </div>
  );
}

function HtmlField({ f, raw, errors, preview, csrf, base }: { f: FieldDef; raw: RawValues; errors: FieldErrors; preview?: string | null; csrf: string; base: string }) {
  const [source, setSource] = useState(one(raw[f.name]));
  return (
    <div className="field">
      <label htmlFor={`f-${f.name}`}>
        <span>
          {f.label}
          {f.required ? " *" : ""}
        </span>
      </label>
      <EditorToolbar target={`f-${f.name}`} label={f.label} csrf={csrf} />
      <textarea
        id={`f-${f.name}`}
        name={f.name}
        rows={10}
        value={source}
        onChange={(e) => setSource(e.target.value)}
        required={f.required}
        className="code"
        {...invalid(f.name, errors)}
      />
      {f.hint ? <small className="muted">{f.hint}</small> : null}
      <FieldError name={f.name} errors={errors} />
      <AppendImage field={f.name} errors={errors} />
      <MathPreview name={f.label} source={source} initial={preview} csrf={csrf} base={base} />
    </div>
  );
}

/**
 * Without JavaScript: an image chosen here is uploaded with the form and added at the end of the
 * field's text (utils/admin-form.server.ts). With it, the toolbar's image button does this at the cursor.
 */
function AppendImage({ field, errors }: { field: string; errors: FieldErrors }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const name = appendImageField(field);
  if (hydrated && !errors[name]) return null;
  return (
    <div className="append-image">
      <label htmlFor={controlId(name)}>ছবি যোগ করুন: সংরক্ষণ করলে লেখার শেষে বসবে (Add an image: it goes at the end of the text when you save)</label>
      <input type="file" id={controlId(name)} name={name} accept="image/png,image/jpeg,image/webp,image/gif" {...invalid(name, errors)} />
      <small className="muted">
        PNG, JPEG, WebP, GIF; ≤ ২ MB। আগে আপলোড করা ছবি: <a href="/gradmin/media">মিডিয়া লাইব্রেরি</a> থেকে &lt;img&gt; লেখাটি কপি করে বসান। (An image already uploaded: copy
        its &lt;img&gt; snippet from the <a href="/gradmin/media">media library</a>.)
      </small>
      <FieldError name={name} errors={errors} />
    </div>
  );
}

function Input({ f, raw, errors, choices }: { f: FieldDef; raw: RawValues; errors: FieldErrors; choices: Record<string, Option[]> }) {
  const value = one(raw[f.name]);
  const common = { id: `f-${f.name}`, name: f.name, required: f.required, ...invalid(f.name, errors) };
  switch (f.kind) {
    case "textarea":
      return <textarea {...common} rows={4} defaultValue={value} maxLength={f.max} />;
    case "int":
    case "decimal":
      return <input {...common} type="number" inputMode="decimal" step={f.kind === "decimal" ? f.step ?? "any" : "1"} min={f.min} max={f.max} defaultValue={value} />;
    case "datetime":
      return <input {...common} type="datetime-local" defaultValue={value} />;
    case "select":
      return (
        <select {...common} defaultValue={value}>
          {f.required || f.noBlank ? null : <option value="">—</option>}
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "ref":
      return (
        <select {...common} defaultValue={value}>
          <option value="">{f.required ? "— বেছে নিন (choose) —" : "— কোনোটি নয় (none) —"}</option>
          {(choices[f.ref] ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "url":
    case "email":
    case "text":
    case "slug":
      return <input {...common} type={f.kind === "email" ? "email" : "text"} inputMode={f.kind === "url" ? "url" : undefined} defaultValue={value} maxLength={f.max} />;
    case "sources":
      return <input {...common} type="text" defaultValue={value} />;
    case "questionList":
      return <textarea {...common} rows={8} defaultValue={value} className="code" />;
    default:
      return null;
  }
}

function OptionsField({ f, raw, errors, csrf }: { f: FieldDef; raw: RawValues; errors: FieldErrors; csrf: string }) {
  const correct = one(raw[`${f.name}.correct`]);
  return (
    <fieldset id={controlId(f.name)} className="field options-field" {...(errors[f.name] ? { "aria-describedby": errorId(f.name) } : {})}>
      <legend>{f.label}: লিখুন এবং সঠিকটি বেছে নিন (write them and choose the correct one)</legend>
      {OPTION_KEYS.map((key, i) => (
        <div key={key} className="option-row">
          <label className="check">
            <input type="radio" name={`${f.name}.correct`} value={String(i)} defaultChecked={correct === String(i)} />
            <span>
              {key} সঠিক <span className="sr-only">(correct)</span>
            </span>
          </label>
          <div className="grow">
            <EditorToolbar target={controlId(`${f.name}.${i}`)} label={`অপশন ${key} (Option ${key})`} csrf={csrf} compact />
            <label className="grow">
              <span className="sr-only">অপশন {key} (Option {key})</span>
              <input type="text" id={controlId(`${f.name}.${i}`)} name={`${f.name}.${i}`} defaultValue={one(raw[`${f.name}.${i}`])} placeholder={`অপশন ${key}`} />
            </label>
          </div>
        </div>
      ))}
      <FieldError name={f.name} errors={errors} />
    </fieldset>
  );
}

function PartsField({ f, raw, errors }: { f: FieldDef; raw: RawValues; errors: FieldErrors }) {
  return (
    <fieldset id={controlId(f.name)} className="field parts-field">
      <legend>{f.label} (সৃজনশীল: ক–ঘ)</legend>
      {PART_LABELS.map((label, i) => (
        <div key={label} className="option-row">
          <label className="grow">
            <span>{label}</span>
            <textarea name={`${f.name}.${i}`} rows={2} defaultValue={one(raw[`${f.name}.${i}`])} />
          </label>
          <label className="marks">
            <span>নম্বর (Marks)</span>
            <input
              type="number"
              step="0.5"
              min={0}
              max={100}
              id={controlId(`${f.name}.${i}.marks`)}
              name={`${f.name}.${i}.marks`}
              defaultValue={one(raw[`${f.name}.${i}.marks`])}
              {...invalid(`${f.name}.${i}.marks`, errors)}
            />
            <FieldError name={`${f.name}.${i}.marks`} errors={errors} />
          </label>
        </div>
      ))}
      <FieldError name={f.name} errors={errors} />
    </fieldset>
  );
}

function RefsField({ f, raw, errors, choices }: { f: FieldDef & { kind: "refs" }; raw: RawValues; errors: FieldErrors; choices: Record<string, Option[]> }) {
  const chosen = new Set(Array.isArray(raw[f.name]) ? (raw[f.name] as string[]) : []);
  return (
    <fieldset id={controlId(f.name)} className="field">
      <legend>{f.label}</legend>
      {(choices[f.ref] ?? []).map((o) => (
        <label key={o.value} className="check">
          <input type="checkbox" name={f.name} value={o.value} defaultChecked={chosen.has(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
      {f.hint ? <small className="muted">{f.hint}</small> : null}
      <FieldError name={f.name} errors={errors} />
    </fieldset>
  );
}

export function ResourceForm({ resource, raw, errors, choices, csrf, version, previews, submitLabel }: Props) {
  const def = resourceDef(resource)!;
  // This route's own action URL (with ?index where Remix needs it), and where a refused save lands.
  const action = `${useFormAction()}#errors`;
  return (
    <Form method="post" action={action} className="admin-form wide" encType={hasFile(def) ? "multipart/form-data" : undefined} noValidate>
      <CsrfInput token={csrf} />
      <input type="hidden" name="version" value={version} />
      {Object.keys(errors).length ? <ErrorSummary def={def} errors={errors} /> : null}
      {def.fields.map((f) => {
        if (f.kind === "html") return <HtmlField key={f.name} f={f} raw={raw} errors={errors} preview={previews?.[f.name]} csrf={csrf} base={def.key === "info-pages" ? "info" : "content"} />;
        if (f.kind === "options") return <OptionsField key={f.name} f={f} raw={raw} errors={errors} csrf={csrf} />;
        if (f.kind === "parts") return <PartsField key={f.name} f={f} raw={raw} errors={errors} />;
        if (f.kind === "refs") return <RefsField key={f.name} f={f} raw={raw} errors={errors} choices={choices} />;
        if (f.kind === "bool") {
          return (
            <label key={f.name} className="check">
              <input type="checkbox" id={controlId(f.name)} name={f.name} value="1" defaultChecked={one(raw[f.name]) === "1"} />
              <span>{f.label}</span>
            </label>
          );
        }
        if (f.kind === "image") {
          const value = one(raw[f.name]);
          return (
            <fieldset key={f.name} className="field">
              <legend>{f.label}</legend>
              {value ? <img src={value.startsWith("http") || value.startsWith("/") ? value : `/${value}`} alt="" className="thumb" width={96} height={64} /> : null}
              <label>
                <span>ঠিকানা বা পথ (Address or path)</span>
                <input type="text" name={f.name} defaultValue={value} id={`f-${f.name}`} {...invalid(f.name, errors)} />
              </label>
              <label>
                <span>অথবা নতুন ছবি আপলোড (or upload a new image: PNG, JPEG, WebP, GIF; at most 2 MB)</span>
                <input type="file" id={controlId(`${f.name}.file`)} name={`${f.name}.file`} accept="image/png,image/jpeg,image/webp,image/gif" {...invalid(`${f.name}.file`, errors)} />
              </label>
              <FieldError name={f.name} errors={errors} />
              <FieldError name={`${f.name}.file`} errors={errors} />
            </fieldset>
          );
        }
        return (
          <div key={f.name} className="field">
            <label htmlFor={`f-${f.name}`}>
              <span>
                {f.label}
                {f.required ? " *" : ""}
              </span>
            </label>
            <Input f={f} raw={raw} errors={errors} choices={choices} />
            {f.hint ? <small className="muted">{f.hint}</small> : null}
            <FieldError name={f.name} errors={errors} />
          </div>
        );
      })}
      <div className="form-actions">
        <button type="submit" name="intent" value="save" className="btn-primary">
          {submitLabel}
        </button>
        {def.fields.some((f) => f.kind === "html") ? (
          <button type="submit" name="intent" value="preview" className="btn-secondary" formNoValidate>
            প্রিভিউ (Preview)
          </button>
        ) : null}
      </div>
    </Form>
  );
}
