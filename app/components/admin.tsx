// Pieces of the admin screens: every form posts the session's CSRF token, and fields show their errors.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

export function CsrfInput({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}

/** A labelled input that keeps what was typed and shows its error (linked for screen readers). */
export function Field({
  name,
  label,
  type = "text",
  defaultValue,
  error,
  autoComplete,
  required = true,
  hint,
}: {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <label>
      <span>{label}</span>
      <input
        type={type}
        name={name}
        defaultValue={type === "password" ? undefined : defaultValue}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {hint ? <small className="muted">{hint}</small> : null}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** One of a list's filters: a select whose empty choice is "any"; the value is the URL's (a GET form). */
export function FilterSelect({
  label,
  name,
  value,
  options,
  any = "সব (Any)",
}: {
  label: string;
  name: string;
  value: string | number | null | undefined;
  options: readonly { value: string | number; label: string }[];
  any?: string;
}) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's filter form ends with these: apply (a GET, so the filter is the URL) and back to everything. */
export function FilterActions({ clearHref }: { clearHref: string }) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn-secondary">
        ছাঁকুন (Filter)
      </button>
      <a href={clearHref}>সব ফিল্টার বাদ (Clear filters)</a>
    </div>
  );
}

/**
 * A confirmation after post/redirect/get (?saved=...), or an error of the whole form; `warn`: a
 * standing caution about the row shown (not the outcome of an action).
 */
export function Notice({ kind, children }: { kind: "ok" | "error" | "warn"; children: ReactNode }) {
  return (
    <p className={`notice ${kind}`} role={kind === "error" ? "alert" : kind === "warn" ? "note" : "status"}>
      {children}
    </p>
  );
}

/**
 * The error of one admin screen, shown inside the admin frame (the header and sign-out stay): a
 * missing row (404), a refused request (4xx) with its message, or anything else.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length < 300 ? error.data : null;
  return (
    <section className="panel" role="alert">
      <h1>{status === 404 ? "পাওয়া যায়নি (Not found)" : status < 500 ? "অনুরোধটি গ্রহণ করা যায়নি (Request refused)" : "কিছু একটা ভুল হয়েছে (Something went wrong)"}</h1>
      {message ? <p>{message}</p> : null}
      <p>
        <a href="/gradmin/content">← কনটেন্ট (Content)</a>
      </p>
    </section>
  );
}
