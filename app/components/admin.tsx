// Pieces of the admin screens: every form posts the session's CSRF token, and fields show their errors.
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

/** A confirmation after post/redirect/get (?saved=...), or an error of the whole form. */
export function Notice({ kind, children }: { kind: "ok" | "error"; children: ReactNode }) {
  return (
    <p className={`notice ${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
