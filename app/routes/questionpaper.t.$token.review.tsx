import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/papers";
import { toAsciiDigits, toBanglaDigits } from "~/lib/bangla-digits";
import { readForm } from "~/lib/http.server";
import { OPTION_KEYS, SET_CODES } from "~/lib/paper-sets";
import { fixSheet, listSheetsToCheck, listUncertain, reviewAnswer } from "~/models/omr.server";
import { requireSameOrigin } from "~/utils/auth.server";
import { ownerOr404, PRIVATE_HEADERS } from "./questionpaper.t.$token._index/route";
import omrStyles from "~/styles/omr-teacher.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: omrStyles }];
export const headers = () => PRIVATE_HEADERS;

/** Rows checked per page: a page of crops stays light on a phone. */
const PAGE = 20;

/** The options a row can have: the paper's widest MCQ (4, or 5 with ঙ). */
function optionCount(paper: { questions: { type: string; options: unknown[] }[] }) {
  return paper.questions.some((q) => q.type === "mcq" && q.options.length >= 5) ? 5 : 4;
}

/**
 * /questionpaper/t/{token}/review: the bubble rows the reader was unsure of, each with its crop
 * beside what was read and radio buttons to confirm or correct it; one plain form, posted back here
 * and redirected (works without JavaScript). Checked rows leave the list.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const owner = await ownerOr404(params);
  const [rows, all, sheets] = await Promise.all([
    listUncertain({ ownerId: owner.id, limit: PAGE }),
    listUncertain({ ownerId: owner.id, limit: 1000 }),
    listSheetsToCheck({ ownerId: owner.id, limit: PAGE }),
  ]);
  return json(
    {
      token: owner.token,
      title: owner.paper.settings.exam || "প্রশ্নপত্র",
      options: optionCount(owner.paper),
      total: all.length,
      sets: owner.paper.sets.map((s) => s.code),
      sheets,
      rows: rows.map((r) => ({ ...r, marked: r.marked ? r.marked.split(",").map(Number) : [] })),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const FIELD = /^a-(\d{1,9})-(\d{1,4})$/;
const ROLL_FIELD = /^r-(\d{1,9})$/;

export async function action({ params, request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const owner = await ownerOr404(params);
  const form = await readForm(request);
  const options = optionCount(owner.paper);
  let bad = 0;
  // A sheet's roll (r-{sheet}) and set (s-{sheet}) as the teacher reads them.
  for (const [name, value] of form) {
    const m = ROLL_FIELD.exec(name);
    if (!m) continue;
    const roll = toAsciiDigits(value.trim());
    const set = Number(form.get(`s-${m[1]}`) ?? "0");
    if (!/^\d{1,8}$/.test(roll) || !Number.isInteger(set) || set < 0 || set >= owner.paper.sets.length) {
      bad++;
      continue;
    }
    await fixSheet({ ownerId: owner.id, sheetId: Number(m[1]), roll, setIndex: set });
  }
  for (const [name, value] of form) {
    const m = FIELD.exec(name);
    if (!m) continue;
    // "none" is a blank row, "k" one option, "k,l" the row as read with several bubbles (wrong).
    const marked = value === "none" ? [] : value.split(",").map(Number);
    if (marked.length > options || marked.some((k) => !Number.isInteger(k) || k < 0 || k >= options)) {
      bad++;
      continue;
    }
    await reviewAnswer({ ownerId: owner.id, sheetId: Number(m[1]), question: Number(m[2]), marked });
  }
  if (bad) return json({ error: "কিছু উত্তর বা রোল বোঝা যায়নি (রোল শুধু অঙ্কে, সর্বোচ্চ ৮টি); আবার দিন।" }, { status: 400, headers: PRIVATE_HEADERS });
  return redirect(`/questionpaper/t/${owner.token}/review`, 303);
}

export const meta: MetaFunction<typeof loader> = () => [{ title: "অস্পষ্ট উত্তর যাচাই" }, { name: "robots", content: "noindex, nofollow" }];

export default function Review() {
  const { token, title, options, total, rows, sets, sheets } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const here = `/questionpaper/t/${token}`;
  const letters = OPTION_KEYS.slice(0, options);
  return (
    <div className="container omr-teacher">
      <Breadcrumb items={[{ href: "/questionpaper", label: "Make Question" }, { href: here, label: "শিক্ষকের পাতা" }, { label: "যাচাই" }]} />
      <h1>অস্পষ্ট উত্তর যাচাই — {title}</h1>
      {sent && "error" in sent ? (
        <p role="alert" className="mq-error">
          {sent.error}
        </p>
      ) : null}
      {sheets.length ? (
        <form method="post" action={`${here}/review`} className="omr-review" aria-labelledby="sheets-h">
          <h2 id="sheets-h">রোল ও সেট যাচাই</h2>
          <p>এই উত্তরপত্রগুলোর রোল বা সেট নিশ্চিতভাবে পড়া যায়নি। ছবি দেখে ঠিক করে দিন।</p>
          {sheets.map((sh) => (
            <fieldset key={sh.id} className="panel omr-review-row" data-sheet={sh.id}>
              <legend>উত্তরপত্র: পড়া রোল {toBanglaDigits(sh.roll || "—")}</legend>
              <img src={`${here}/crop/${sh.id}/roll`} alt="রোল নম্বরের বৃত্তগুলোর ছবি" className="omr-crop" loading="lazy" />
              <label>
                রোল{" "}
                <input type="text" name={`r-${sh.id}`} defaultValue={sh.roll.replace(/\?/g, "")} inputMode="numeric" maxLength={8} required />
              </label>
              {sets.length > 1 ? (
                <div className="omr-choices" role="radiogroup" aria-label="সেট">
                  {sets.map((code, i) => (
                    <label key={code}>
                      <input type="radio" name={`s-${sh.id}`} value={i} defaultChecked={sh.setIndex === i} required /> সেট {code}
                    </label>
                  ))}
                </div>
              ) : (
                <input type="hidden" name={`s-${sh.id}`} value="0" />
              )}
            </fieldset>
          ))}
          <button type="submit" className="btn">
            রোল ও সেট রাখুন
          </button>
        </form>
      ) : null}
      {rows.length === 0 ? (
        <div className="panel">
          <p role="status">যাচাই করার মতো কোনো অস্পষ্ট উত্তর বাকি নেই।</p>
          <p>
            <a className="btn" href={`${here}#results`}>
              ← ফলাফলে ফিরে যান
            </a>
          </p>
        </div>
      ) : (
        <form method="post" action={`${here}/review`} className="omr-review">
          <p>
            মোট {toBanglaDigits(total)}টি অস্পষ্ট উত্তর; এই পাতায় {toBanglaDigits(rows.length)}টি। প্রতিটির ছবি দেখে যা ভরাট করা আছে তা বেছে নিন (যন্ত্র যা
            পড়েছে তা আগে থেকে বাছাই করা)।
          </p>
          {rows.map((r) => {
            const name = `a-${r.sheetId}-${r.question}`;
            const read = r.marked.join(",");
            const choices: [string, string][] = [["none", "কোনোটি নয় (খালি)"], ...letters.map((l, k): [string, string] => [String(k), l])];
            if (r.marked.length > 1) choices.push([read, `একাধিক (${r.marked.map((k) => letters[k]).join(", ")}) — ভুল ধরা হবে`]);
            const checked = r.marked.length === 0 ? "none" : read;
            return (
              <fieldset key={name} className="panel omr-review-row" data-roll={r.roll} data-question={r.question}>
                <legend>
                  রোল {toBanglaDigits(r.roll)} · সেট {r.setIndex === null ? "?" : SET_CODES[r.setIndex]} · প্রশ্ন {toBanglaDigits(r.question)}
                </legend>
                <img
                  src={`${here}/crop/${r.sheetId}/${r.question}`}
                  alt={`রোল ${r.roll}, প্রশ্ন ${r.question}-এর বৃত্তগুলোর ছবি`}
                  className="omr-crop"
                  loading="lazy"
                />
                <p className="muted">
                  যন্ত্র পড়েছে: {r.marked.length ? r.marked.map((k) => letters[k]).join(", ") : "খালি"} (নিশ্চয়তা {toBanglaDigits(Math.round(Number(r.confidence) * 100))}%)
                </p>
                <div className="omr-choices">
                  {choices.map(([value, label]) => (
                    <label key={value}>
                      <input type="radio" name={name} value={value} defaultChecked={value === checked} /> {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          <button type="submit" className="btn">
            নিশ্চিত করুন
          </button>
        </form>
      )}
    </div>
  );
}
