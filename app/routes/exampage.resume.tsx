// /exampage/resume: continues an attempt on another device. The resume code (shown on every page of
// the attempt) moves the attempt to this browser, which gets the exam cookie if it has none: from then
// on this browser answers it and the one it was on cannot. Then on to the attempt, or to its result
// when it is finished. Codes are eight characters of 31 (about 8.5 × 10¹¹), and each client may
// get only RESUME_TRIES wrong in RESUME_WINDOW_SECONDS (counted in one statement before the look-up,
// a right code takes its count back), so guessing one is hopeless.
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ResumeForm } from "~/components/live-start-form";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { browserCookie, browserHash, newBrowserKey, readBrowserKey } from "~/lib/exam-browser.server";
import { clientAddressOf, readForm } from "~/lib/http.server";
import { echoFields, parseFields, z, type FieldErrors } from "~/lib/input";
import { normalizeResumeCode } from "~/lib/live-attempt";
import { seo } from "~/lib/meta";
import { countWrongResumeGuess, resumeAttempt } from "~/models/attempts.server";
import { clientKey } from "~/models/rate-limit.server";
import { attemptPath, resultPath } from "./exampage.$grtid_.attempt.$attemptId/open.server";
import examStyles from "~/styles/exam.css";
import liveAttemptStyles from "~/styles/live-attempt.css";

export const RESUME_TRIES = 10;
export const RESUME_WINDOW_SECONDS = 15 * 60;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: liveAttemptStyles },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

export const BAD_CODE = "কোডটি ঠিক নয়: ৮ অক্ষরের কোডটি পরীক্ষার পাতায় যেমন আছে তেমন লিখুন (যেমন ABCD-EFGH)। (Invalid code.)";
export const UNKNOWN_CODE = "এই কোডের কোনো পরীক্ষা পাওয়া যায়নি; কোডটি আবার মিলিয়ে দেখুন। (No attempt has this code.)";
export const TOO_MANY = `অনেকবার ভুল কোড দেওয়া হয়েছে; ${toBanglaDigits(RESUME_WINDOW_SECONDS / 60)} মিনিট পরে আবার চেষ্টা করুন। (Too many wrong codes; try again later.)`;

/** The longest code the form takes (a code with dashes and spaces); what is sent back is cut to it. */
const LIMITS = { code: 20 } as const;

/** The code as stored, whatever its case, dashes, spaces or digits (normalizeResumeCode); anything else is BAD_CODE. */
const ResumeFields = z.object({
  code: z.string({ message: BAD_CODE }).transform((typed, ctx) => normalizeResumeCode(typed) ?? (ctx.addIssue({ code: "custom", message: BAD_CODE }), z.NEVER)),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const values = echoFields(form, LIMITS);
  const refused = (errors: FieldErrors, status: number, headers: Record<string, string> = {}) =>
    json({ errors, values }, { status, headers: { ...PRIVATE, ...headers } });
  const parsed = parseFields(ResumeFields, form);
  // A code that cannot be one is refused without a look-up, so it costs no try.
  if (!parsed.ok) return refused(parsed.errors, 400);
  const { code } = parsed.data;
  const limit = { key: `resume:${clientKey(clientAddressOf(context))}`, windowSeconds: RESUME_WINDOW_SECONDS };
  // Only wrong codes use up the budget, counted in the statement that looks the code up: students
  // behind one address (a school, a carrier's NAT) resuming at the same moment are not refused.
  if ((await countWrongResumeGuess({ ...limit, resumeCode: code })) > RESUME_TRIES) {
    return refused({ form: TOO_MANY }, 429, { "Retry-After": String(RESUME_WINDOW_SECONDS) });
  }
  const key = readBrowserKey(request) ?? newBrowserKey();
  const found = await resumeAttempt({ resumeCode: code, browserHash: browserHash(key) });
  if (!found) return refused({ code: UNKNOWN_CODE }, 400);
  const to = found.finished ? resultPath(found.examId, found.id) : attemptPath(found.examId, found.id);
  return redirect(to, { status: 303, headers: { "Set-Cookie": browserCookie(key, request), ...PRIVATE } });
}

export const headers: HeadersFunction = ({ actionHeaders }) => (actionHeaders.has("Cache-Control") ? PRIVATE : { "Cache-Control": "public, max-age=300" });

export const meta: MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "অন্য ডিভাইসে পরীক্ষা চালিয়ে যান", description: "রিজিউম কোড দিয়ে অন্য ফোন বা কম্পিউটারে শুরু করা পরীক্ষা এখানে চালিয়ে যান।" }),
  { name: "robots", content: "noindex" },
];

export default function ResumePage() {
  const posted = useActionData<typeof action>();
  return (
    <div className="container exam-page">
      <section className="panel" aria-labelledby="resume-h">
        <h1 id="resume-h">অন্য ডিভাইসে পরীক্ষা চালিয়ে যান</h1>
        <p>
          পরীক্ষার প্রতিটি পাতায় একটি রিজিউম কোড লেখা থাকে। ফোনের চার্জ শেষ হলে বা অন্য কম্পিউটারে যেতে হলে এখানে সেই কোডটি লিখুন: পরীক্ষাটি যেখানে
          ছিল সেখান থেকেই এই ব্রাউজারে চলবে, সময় একই থাকবে। তারপর আগের ডিভাইস থেকে আর উত্তর দেওয়া যাবে না।
        </p>
        <ResumeForm code={posted?.values.code ?? ""} error={posted?.errors.code ?? posted?.errors.form ?? null} open />
      </section>
    </div>
  );
}
