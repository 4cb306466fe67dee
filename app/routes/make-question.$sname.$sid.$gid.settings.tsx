import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import type { ReactNode } from "react";
import { BankItem, StepBar } from "~/components/make-question";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { BANK_QUERY_LISTS, BankFilterQuery, filterPairs, MAX_CREATIVE, MAX_MCQ, MAX_SELECTED, stepQuery } from "~/lib/make-question";
import { seo } from "~/lib/meta";
import { SET_CODES } from "~/lib/paper-sets";
import {
  answerAnyMarks,
  defaultSettings,
  FIELD,
  LIMITS,
  MAX_MARKS,
  MAX_MINUTES,
  MAX_SEED,
  readSettings,
  type PaperSettings,
  type SettingsErrors,
} from "~/lib/paper-settings";
import { idList } from "~/lib/papers";
import { clientAddressOf, fieldsOr400, readForm } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { sealKeys } from "~/models/answer-keys.server";
import { composePaper, countPaperSave, loadSelection, PAPERS_LIMITED, savePaper } from "~/models/make-question.server";
import { createOwner } from "~/models/omr.server";
import { requireSubjectGrade } from "~/utils/subject-grade.server";
import papersStyles from "~/styles/papers.css";
import makeQuestionStyles from "~/styles/make-question.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
  { rel: "stylesheet", href: makeQuestionStyles },
];

/** ?q= (or the form's q fields): the chosen questions' ids, read as a list. The settings are readSettings'. */
const Selection = z.object({ q: idList(MAX_SELECTED) });

/** The chosen questions and the settings' defaults, for the page (GET) and for saving (POST). */
async function selection(args: LoaderFunctionArgs, ids: number[]) {
  const { subject, sid, gid, base } = await requireSubjectGrade(args, "make-question", "/settings");
  const { questions, skipped, duplicates, overLimit } = await loadSelection({ subjectId: sid, gradeId: gid, ids });
  const mcq = questions.filter((q) => q.type === "mcq").length;
  const defaults = defaultSettings({
    subject: subject.sname,
    className: subject.gname,
    marks: questions.reduce((n, q) => n + q.marks, 0),
    mcq,
    creative: questions.length - mcq,
  });
  return { subject, base, questions, skipped, duplicates, overLimit, defaults };
}

/**
 * "Answer any N" of the creative questions: N must be fewer than there are (else it is all of them,
 * null). Full marks left empty follow: the MCQs' marks and the N largest creative marks.
 */
function answerAny(settings: PaperSettings, questions: { type: string; marks: number }[], fields: URLSearchParams): { settings: PaperSettings; error?: string } {
  const creative = questions.filter((q) => q.type === "creative").map((q) => q.marks);
  const n = settings.creativeAnswer ?? null;
  if (n === null) return { settings };
  if (n > creative.length) {
    return { settings, error: `সৃজনশীল প্রশ্ন আছে ${toBanglaDigits(creative.length)}টি; যতটির উত্তর দিতে হবে তা এর বেশি হতে পারে না।` };
  }
  const next = { ...settings, creativeAnswer: n === creative.length ? null : n };
  if (!(fields.get(FIELD.fullMarks) ?? "").trim()) {
    const mcq = questions.filter((q) => q.type === "mcq").reduce((sum, q) => sum + q.marks, 0);
    next.fullMarks = Math.min(MAX_MARKS, Math.max(1, Math.round(mcq + answerAnyMarks(creative, next.creativeAnswer))));
  }
  return { settings: next };
}

/**
 * Step 3, /make-question/{sname}/{sid}/{gid}/settings?q=..: the chosen questions and the paper's
 * settings (header, time, full marks from the questions' marks, instructions, 1–4 sets with their own
 * shuffles). The query may also carry settings (the paper's "change settings" link). The form POSTs
 * here; the paper is saved with a private copy for the teacher, and the browser goes on to that
 * copy's page, /questionpaper/t/{token} (keys, scans, results), which links the public /questionpaper/p/{code}.
 */
export async function loader(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams;
  const filters = readQuery(BankFilterQuery, query, BANK_QUERY_LISTS);
  const { subject, base, questions, skipped, duplicates, overLimit, defaults } = await selection(args, readQuery(Selection, query, ["q"]).q);
  const { settings } = answerAny(readSettings(query, defaults, { form: false }).settings, questions, query);
  const step2 = `${base}/questions${stepQuery([...filterPairs(filters), ...questions.map((q): [string, number] => ["q", q.id])])}`;
  return json({
    subject,
    base,
    step1: `${base}${stepQuery(filters.chapters.map((c) => ["ch", c]))}`,
    step2,
    questions: (await sealKeys(questions)).map(({ explanationHtml: _e, ...q }) => q),
    skipped,
    duplicates,
    overLimit,
    computedMarks: defaults.fullMarks,
    settings,
  });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const { subject, questions, defaults } = await selection(args, fieldsOr400(Selection, form, ["q"]).q);
  const read = readSettings(form, defaults, { form: true });
  const { settings, error: answerError } = answerAny(read.settings, questions, form);
  const problems: SettingsErrors & { form?: string } = { ...read.errors };
  if (answerError && !problems.creativeAnswer) problems.creativeAnswer = answerError;
  if (!questions.length) problems.form = "কোনো প্রশ্ন বাছাই করা হয়নি: আগের ধাপে ফিরে প্রশ্ন বাছাই করুন।";
  if (Object.keys(problems).length) {
    const raw = Object.fromEntries(Object.values(FIELD).map((name) => [name, form.get(name) ?? ""]));
    return json({ errors: problems, raw }, { status: 400 });
  }
  if ((await countPaperSave({ clientAddress: clientAddressOf(args.context) })) === "limited") {
    const raw = Object.fromEntries(Object.values(FIELD).map((name) => [name, form.get(name) ?? ""]));
    return json({ errors: { form: PAPERS_LIMITED } as typeof problems, raw }, { status: 429, headers: { "Retry-After": "3600" } });
  }
  const code = await savePaper(
    composePaper({ id: subject.id, gradeId: subject.gid, slug: subject.slug, name: subject.sname, gradeName: subject.gname }, questions, settings),
  );
  // Every save makes the teacher a private copy (keys, scanned sheets, results) behind a new token;
  // the browser goes to its page, whose address is the token.
  const token = await createOwner({ code });
  return redirect(token ? `/questionpaper/t/${token}?saved=1` : `/questionpaper/p/${code}`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? `প্রশ্নপত্রের সেটিংস — ${data.subject.sname} (${data.subject.gname})` : null,
    description: data ? `${data.subject.sname}: প্রতিষ্ঠান, পরীক্ষা, সময়, পূর্ণমান ও সেটের সংখ্যা দিয়ে প্রশ্নপত্র তৈরি করুন।` : null,
  }),
  { name: "robots", content: "noindex" },
];

export default function MakeQuestionSettings() {
  const { subject, base, step1, step2, questions, skipped, duplicates, overLimit, computedMarks, settings } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const errors: SettingsErrors & { form?: string } = sent?.errors ?? {};
  /** What the field shows: what was sent when the form came back with a problem, else the settings. */
  const value = (k: keyof PaperSettings): string => {
    if (sent) return sent.raw[FIELD[k]] ?? "";
    const v = settings[k];
    return v === null || v === undefined ? "" : String(v);
  };
  const checked = (k: "shuffleQuestions" | "shuffleOptions" | "showSources") => (sent ? sent.raw[FIELD[k]] === "1" : settings[k]);
  const mcq = questions.filter((q) => q.type === "mcq");
  const creative = questions.filter((q) => q.type === "creative");
  const field = (k: keyof PaperSettings, label: string, input: ReactNode, hint?: string) => (
    <div className={errors[k] ? "mq-field has-error" : "mq-field"}>
      <label htmlFor={`f-${k}`}>{label}</label>
      {input}
      {hint ? (
        <p className="mq-hint" id={`f-${k}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors[k] ? (
        <p className="mq-error" id={`f-${k}-error`}>
          {errors[k]}
        </p>
      ) : null}
    </div>
  );
  const described = (k: keyof PaperSettings, hint = false) =>
    [hint ? `f-${k}-hint` : "", errors[k] ? `f-${k}-error` : ""].filter(Boolean).join(" ") || undefined;
  const text = (k: "institution" | "exam" | "className" | "subject" | "subjectCode", label: string, hint?: string) =>
    field(
      k,
      label,
      <input
        id={`f-${k}`}
        type="text"
        name={FIELD[k]}
        defaultValue={value(k)}
        maxLength={LIMITS[k]}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={described(k, !!hint)}
      />,
      hint,
    );

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/questionpaper", label: "Make Question" },
          { href: base, label: `${subject.sname} (${subject.gname})` },
          { label: "সেটিংস" },
        ]}
      />
      <StepBar current={3} hrefs={[step1, step2, null, null]} />
      <h1 className="mq-title">ধাপ ৩: প্রশ্নপত্রের সেটিংস</h1>

      {Object.keys(errors).length ? (
        <div className="mq-error-summary" role="alert">
          <p>
            <strong>প্রশ্নপত্র তৈরি হয়নি — {questions.length ? "নিচের ভুলগুলো ঠিক করুন:" : "কারণ:"}</strong>
          </p>
          <ul>
            {Object.entries(errors).map(([k, m]) => (
              <li key={k}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {skipped > 0 ? (
        <p className="mq-note" role="status">
          {toBanglaDigits(skipped)}টি প্রশ্ন এই বিষয় ও শ্রেণির নয় বা আর নেই, তাই বাদ দেওয়া হয়েছে।
        </p>
      ) : null}
      {duplicates > 0 ? (
        <p className="mq-note" role="status">
          {toBanglaDigits(duplicates)}টি প্রশ্ন বাছাই করা অন্য প্রশ্নের হুবহু অনুলিপি, তাই একবারই রাখা হয়েছে।
        </p>
      ) : null}
      {overLimit.mcq || overLimit.creative ? (
        <p className="mq-note" role="status">
          একটি প্রশ্নপত্রে সর্বোচ্চ {toBanglaDigits(MAX_MCQ)}টি বহুনির্বাচনি ও {toBanglaDigits(MAX_CREATIVE)}টি সৃজনশীল প্রশ্ন রাখা যায়; প্রথমগুলো রাখা
          হয়েছে ({toBanglaDigits(overLimit.mcq + overLimit.creative)}টি বাদ)।
        </p>
      ) : null}

      {questions.length === 0 ? (
        <div className="panel">
          <p className="empty">কোনো প্রশ্ন বাছাই করা হয়নি।</p>
          <p>
            <a className="btn" href={step2}>
              ← প্রশ্ন বাছাই করুন
            </a>
          </p>
        </div>
      ) : (
        <>
          <p className="mq-summary">
            {toBanglaDigits(mcq.length)}টি বহুনির্বাচনি ও {toBanglaDigits(creative.length)}টি সৃজনশীল প্রশ্ন · প্রশ্নগুলোর মোট নম্বর{" "}
            {toBanglaDigits(computedMarks)} · <a href={step2}>বাছাই বদলান</a>
          </p>
          <form method="post" className="mq-form" aria-labelledby="settings-h" noValidate>
            <h2 id="settings-h" className="visually-hidden">
              সেটিংস
            </h2>
            {questions.map((q) => (
              <input key={q.id} type="hidden" name="q" value={q.id} />
            ))}
            <fieldset className="panel mq-fieldset">
              <legend>প্রতিষ্ঠান ও পরীক্ষা</legend>
              <div className="mq-grid">
                {text("institution", "প্রতিষ্ঠানের নাম", "যেমন: আদর্শ উচ্চ বিদ্যালয়, ঢাকা")}
                {text("exam", "পরীক্ষার নাম", "যেমন: অর্ধবার্ষিক পরীক্ষা ২০২৫")}
                {text("className", "শ্রেণি")}
                {text("subject", "বিষয়")}
                {field(
                  "paper",
                  "পত্র",
                  <select id="f-paper" name={FIELD.paper} defaultValue={value("paper")} aria-describedby={described("paper")}>
                    <option value="">—</option>
                    <option value="1">প্রথম পত্র</option>
                    <option value="2">দ্বিতীয় পত্র</option>
                  </select>,
                )}
                {text("subjectCode", "বিষয় কোড", "যেমন: ১২৬")}
              </div>
            </fieldset>
            <fieldset className="panel mq-fieldset">
              <legend>তারিখ, সময় ও নম্বর</legend>
              <div className="mq-grid">
                {field(
                  "date",
                  "তারিখ",
                  <input id="f-date" type="date" name={FIELD.date} defaultValue={value("date")} aria-invalid={errors.date ? true : undefined} aria-describedby={described("date")} />,
                )}
                {field(
                  "minutes",
                  "সময় (মিনিট)",
                  <input
                    id="f-minutes"
                    type="number"
                    name={FIELD.minutes}
                    min={1}
                    max={MAX_MINUTES}
                    step={1}
                    inputMode="numeric"
                    defaultValue={value("minutes")}
                    aria-invalid={errors.minutes ? true : undefined}
                    aria-describedby={described("minutes")}
                  />,
                )}
                {field(
                  "fullMarks",
                  "পূর্ণমান",
                  <input
                    id="f-fullMarks"
                    type="number"
                    name={FIELD.fullMarks}
                    min={1}
                    max={MAX_MARKS}
                    step={1}
                    inputMode="numeric"
                    defaultValue={value("fullMarks")}
                    aria-invalid={errors.fullMarks ? true : undefined}
                    aria-describedby={described("fullMarks", true)}
                  />,
                  `প্রশ্নগুলোর নম্বর যোগ করে ${toBanglaDigits(computedMarks)}; দরকার হলে বদলান (খালি রাখলে ${toBanglaDigits(computedMarks)})।`,
                )}
              </div>
              {creative.length > 1 ? (
                <div className="mq-grid">
                  {field(
                    "creativeAnswer",
                    "সৃজনশীল: যতটির উত্তর দিতে হবে",
                    <input
                      id="f-creativeAnswer"
                      type="number"
                      name={FIELD.creativeAnswer}
                      min={1}
                      max={creative.length}
                      step={1}
                      inputMode="numeric"
                      defaultValue={value("creativeAnswer")}
                      aria-invalid={errors.creativeAnswer ? true : undefined}
                      aria-describedby={described("creativeAnswer", true)}
                    />,
                    `যেমন ${toBanglaDigits(creative.length)}টি থেকে যেকোনো ${toBanglaDigits(Math.max(1, creative.length - 1))}টি; খালি রাখলে সবগুলো। পূর্ণমান খালি রাখলে সেই হিসাবে হবে।`,
                  )}
                  {mcq.length
                    ? field(
                        "mcqMinutes",
                        "বহুনির্বাচনি অংশের আলাদা সময় (মিনিটে)",
                        <input id="f-mcqMinutes" type="number" name={FIELD.mcqMinutes} min={1} max={MAX_MINUTES} step={1} inputMode="numeric" defaultValue={value("mcqMinutes")} aria-invalid={errors.mcqMinutes ? true : undefined} aria-describedby={described("mcqMinutes")} />,
                      )
                    : null}
                  {field(
                    "creativeMinutes",
                    "সৃজনশীল অংশের আলাদা সময় (মিনিটে)",
                    <input id="f-creativeMinutes" type="number" name={FIELD.creativeMinutes} min={1} max={MAX_MINUTES} step={1} inputMode="numeric" defaultValue={value("creativeMinutes")} aria-invalid={errors.creativeMinutes ? true : undefined} aria-describedby={described("creativeMinutes")} />,
                  )}
                </div>
              ) : null}
              {field(
                "instructions",
                "নির্দেশনা",
                <textarea
                  id="f-instructions"
                  name={FIELD.instructions}
                  rows={3}
                  maxLength={LIMITS.instructions}
                  defaultValue={value("instructions")}
                  aria-invalid={errors.instructions ? true : undefined}
                  aria-describedby={described("instructions")}
                />,
              )}
            </fieldset>
            <fieldset className="panel mq-fieldset">
              <legend>সেট</legend>
              <div className={errors.sets ? "mq-field has-error" : "mq-field"}>
                <fieldset className="choice" aria-describedby={errors.sets ? "f-sets-error" : "f-sets-hint"}>
                  <legend>কয়টি সেট</legend>
                  {SET_CODES.map((code, i) => (
                    <label key={code}>
                      <input type="radio" name={FIELD.sets} value={i + 1} defaultChecked={value("sets") === String(i + 1)} />{" "}
                      {toBanglaDigits(i + 1)}টি ({SET_CODES.slice(0, i + 1).join(", ")})
                    </label>
                  ))}
                </fieldset>
                <p className="mq-hint" id="f-sets-hint">
                  সেট ক-তে প্রশ্নগুলো অধ্যায়ের ক্রমে (নিচের তালিকার মতো) থাকে; অন্য সেটগুলোতে প্রশ্ন ও বিকল্পের ক্রম আলাদা, প্রতিটির উত্তরমালা আলাদা পাতায়।
                </p>
                {errors.sets ? (
                  <p className="mq-error" id="f-sets-error">
                    {errors.sets}
                  </p>
                ) : null}
              </div>
              <label className="mq-check">
                <input type="checkbox" name={FIELD.shuffleQuestions} value="1" defaultChecked={checked("shuffleQuestions")} /> প্রতি সেটে প্রশ্নের ক্রম
                এলোমেলো করুন
              </label>
              <label className="mq-check">
                <input type="checkbox" name={FIELD.shuffleOptions} value="1" defaultChecked={checked("shuffleOptions")} /> প্রতি সেটে বিকল্পের (ক, খ, গ, ঘ)
                ক্রম এলোমেলো করুন
              </label>
              {field(
                "seed",
                "এলোমেলো ক্রমের নম্বর",
                <input
                  id="f-seed"
                  type="number"
                  name={FIELD.seed}
                  min={1}
                  max={MAX_SEED}
                  step={1}
                  inputMode="numeric"
                  defaultValue={value("seed")}
                  aria-invalid={errors.seed ? true : undefined}
                  aria-describedby={described("seed", true)}
                />,
                "একই নম্বরে একই ক্রম; অন্য ক্রম চাইলে নম্বরটি বদলান।",
              )}
              <label className="mq-check">
                <input type="checkbox" name={FIELD.showSources} value="1" defaultChecked={checked("showSources")} /> প্রতিটি প্রশ্নে বোর্ড ও সাল দেখান
              </label>
            </fieldset>
            <button type="submit" className="btn mq-submit">
              প্রশ্নপত্র তৈরি করুন →
            </button>
          </form>

          <section className="panel mq-section" aria-labelledby="chosen-h">
            <h2 id="chosen-h">বাছাই করা প্রশ্ন</h2>
            <ol className="mq-bank">
              {questions.map((q, i) => (
                <BankItem key={q.id} question={q} number={toBanglaDigits(i + 1)} pick={false} />
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}

