// Starting a timed exam and continuing one on another device, as plain forms (no JavaScript needed):
// a running live exam asks who is taking it; before it starts the same form registers (the attempt
// opens at the start); any other time a start is one button (practice once a live exam closed). The
// attempt pages and the result show the attempt's resume code and, for practice, that it does not
// count.
import type { ExamPhase } from "~/lib/exam-phase";
import { INSTITUTION_MAX, NAME_MAX, PRACTICE_NOTE, ROLL_MAX, type IdentityErrors, type IdentityValues } from "~/lib/live-attempt";

export const RESUME_PATH = "/exampage/resume";

const EMPTY: IdentityValues = { displayName: "", institution: "", roll: "" };

export function LiveStartForm({
  grtid,
  phase,
  values = EMPTY,
  errors = {},
  notice = null,
  startBn = null,
  closeBn = null,
}: {
  grtid: number;
  phase: ExamPhase;
  values?: IdentityValues;
  errors?: IdentityErrors;
  /** A message above the form (a refused start). */
  notice?: string | null;
  /** When a waiting exam starts, in Bangla. */
  startBn?: string | null;
  /** When a live exam closes, in Bangla: every live attempt ends then at the latest. */
  closeBn?: string | null;
}) {
  const action = `/exampage/${grtid}/start`;
  if (phase === "open" || phase === "closed") {
    return (
      <>
        {phase === "closed" ? (
          <p className="notice info live-closed-note">
            {"লাইভ পরীক্ষাটি শেষ হয়েছে। এখন পরীক্ষা দিলে তা অনুশীলন হিসেবে গণ্য হবে: মেধাতালিকায় আসবে না। "}
            <a href={`/exampage/${grtid}/merit`}>মেধাতালিকা দেখুন</a>
          </p>
        ) : null}
        <form method="post" action={action} className="start-form">
          <button type="submit" className="btn btn-big">
            পরীক্ষা শুরু করুন (Start exam)
          </button>{" "}
          <a href="/my-exams">আমার পরীক্ষা ও ভুলের খাতা</a>
        </form>
        <ResumeForm />
      </>
    );
  }
  const err = (k: keyof IdentityValues) =>
    errors[k] ? (
      <p className="field-error" id={`live-${k}-error`}>
        {errors[k]}
      </p>
    ) : null;
  const aria = (k: keyof IdentityValues) => (errors[k] ? { "aria-invalid": true, "aria-describedby": `live-${k}-error` } : {});
  return (
    <>
      {notice ? (
        <p className="notice error" role="alert">
          {notice}
        </p>
      ) : Object.keys(errors).length ? (
        <p className="notice error" role="alert">
          ফর্মে কিছু ভুল আছে, নিচে দেখুন। (Please correct the fields below.)
        </p>
      ) : null}
      {phase === "waiting" && startBn ? (
        <p className="notice info">{`পরীক্ষা শুরু হবে ${startBn}। এখনই নাম দিয়ে নিবন্ধন করুন: শুরু হলে আপনার পাতায় প্রশ্ন নিজে থেকেই খুলবে।`}</p>
      ) : null}
      <form method="post" action={action} className="form start-form live-start-form" noValidate>
        <p className="muted">মেধাতালিকায় আপনার নাম ও প্রতিষ্ঠান দেখানো হবে (রোল নয়)। এই ব্রাউজারে প্রথমবার দেওয়া পরীক্ষাটিই মেধাতালিকায় গণনা হবে।</p>
        {closeBn ? <p className="muted">{`সবার পরীক্ষা ${closeBn}-এ শেষ হবে: দেরিতে শুরু করলে সময় তত কম পাবেন।`}</p> : null}
        <label htmlFor="live-displayName">আপনার নাম (Name)</label>
        <input
          id="live-displayName"
          name="displayName"
          defaultValue={values.displayName}
          required
          minLength={2}
          maxLength={NAME_MAX}
          autoComplete="name"
          {...aria("displayName")}
        />
        {err("displayName")}
        <label htmlFor="live-institution">শিক্ষাপ্রতিষ্ঠান (Institution, ঐচ্ছিক)</label>
        <input id="live-institution" name="institution" defaultValue={values.institution} maxLength={INSTITUTION_MAX} autoComplete="organization" {...aria("institution")} />
        {err("institution")}
        <label htmlFor="live-roll">রোল (Roll, ঐচ্ছিক)</label>
        <input id="live-roll" name="roll" defaultValue={values.roll} maxLength={ROLL_MAX} autoComplete="off" {...aria("roll")} />
        {err("roll")}
        <button type="submit" className="btn btn-big">
          {phase === "waiting" ? "নিবন্ধন করুন (Register)" : "লাইভ পরীক্ষা শুরু করুন (Start exam)"}
        </button>
      </form>
      <ResumeForm />
    </>
  );
}

/** Continues an attempt started on another device: its resume code moves it to this browser. */
export function ResumeForm({ code = "", error = null, open = false }: { code?: string; error?: string | null; open?: boolean }) {
  return (
    <details className="resume-box" open={open || !!error || undefined}>
      <summary>অন্য ডিভাইসে শুরু করা পরীক্ষা এখানে চালিয়ে যান</summary>
      <form method="post" action={RESUME_PATH} className="form resume-form" noValidate>
        {error ? (
          <p className="notice error" role="alert" id="resume-code-error">
            {error}
          </p>
        ) : null}
        <label htmlFor="resume-code">রিজিউম কোড (Resume code)</label>
        <input
          id="resume-code"
          name="code"
          defaultValue={code}
          required
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "resume-code-error" : undefined}
        />
        <p className="muted">কোডটি পরীক্ষার পাতায় লেখা আছে। এখানে চালিয়ে গেলে আগের ডিভাইস থেকে আর উত্তর দেওয়া যাবে না।</p>
        <button type="submit" className="btn">
          চালিয়ে যান (Continue)
        </button>
      </form>
    </details>
  );
}

/** On every page of an attempt and on its result: practice or not, and the code to continue elsewhere. */
export function AttemptLiveNotes({ resumeCode, practice }: { resumeCode: string | null; practice: boolean }) {
  if (!resumeCode && !practice) return null;
  return (
    <div className="attempt-live-notes">
      {practice ? <p className="notice info practice-note">{PRACTICE_NOTE}</p> : null}
      {resumeCode ? (
        <p className="resume-code-note">
          {"এই কোড দিয়ে অন্য ডিভাইসে পরীক্ষা চালিয়ে যান: "}
          <strong className="resume-code" translate="no">
            {resumeCode}
          </strong>{" "}
          <a href={RESUME_PATH}>(কীভাবে?)</a>
        </p>
      ) : null}
    </div>
  );
}
