// /my-exams: this browser's timed attempts and the way into its mistake book. There is no
// account: a long-lived cookie (lib/exam-browser.server.ts) finds them, and the page says so.
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ATTEMPT_KEEP_DAYS, acceptsUntilMs, marksBn } from "~/lib/attempt";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime, formatDhakaTime } from "~/lib/dhaka-time";
import { browserHash, readBrowserKey } from "~/lib/exam-browser.server";
import { seo } from "~/lib/meta";
import { listBrowserAttempts, listMistakeIds, MISTAKE_BOOK_MAX } from "~/models/attempts.server";
import attemptStyles from "~/styles/attempt.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: attemptStyles }];

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const key = readBrowserKey(request);
  const hash = key ? browserHash(key) : null;
  const [attempts, mistakes] = hash
    ? await Promise.all([listBrowserAttempts({ browserHash: hash }), listMistakeIds({ browserHash: hash })])
    : [[], []];
  const now = Date.now();
  return json(
    {
      attempts: attempts.map((a) => {
        const base = `/exampage/${a.examId}/attempt/${a.id}`;
        const state = a.finishedAt ? "finished" : now > acceptsUntilMs(a.deadlineAt) ? "timeup" : "running";
        return {
          id: a.id,
          examName: a.examName,
          startedBn: formatDhakaDateTime(a.startedAt),
          state,
          netBn: a.net === null ? null : marksBn(Number(a.net)),
          fullMarksBn: toBanglaDigits(a.fullMarks ?? a.examFullMarks),
          deadlineBn: formatDhakaTime(a.deadlineAt),
          href: state === "running" ? base : `${base}/result`,
        };
      }),
      mistakes: mistakes.length,
      mistakesMax: MISTAKE_BOOK_MAX,
    },
    { headers: PRIVATE },
  );
}

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...seo(matches, { title: "আমার পরীক্ষা", description: "এই ব্রাউজারে দেওয়া পরীক্ষাগুলো, তাদের ফলাফল ও ভুলের খাতা।" }),
  { name: "robots", content: "noindex" },
];

export default function MyExams() {
  const d = useLoaderData<typeof loader>();
  const bn = toBanglaDigits;
  return (
    <div className="container my-exams">
      <h1>আমার পরীক্ষা</h1>
      <p className="notice browser-note">
        {`এই তালিকা আর ভুলের খাতা শুধু এই ব্রাউজারে থাকে: কোনো অ্যাকাউন্ট লাগে না, একটি কুকি দিয়ে এই ব্রাউজারের পরীক্ষাগুলো চেনা হয়। অন্য ফোন বা ব্রাউজার থেকে এগুলো দেখা যাবে না, কুকি মুছে ফেললে তালিকাটি হারিয়ে যাবে (ফলাফলের লিংক জানা থাকলে ফলাফল তবুও দেখা যাবে)। প্রতিটি পরীক্ষা শুরুর দিন থেকে ${bn(ATTEMPT_KEEP_DAYS)} দিন রাখা হয়, তারপর মুছে ফেলা হয়।`}
      </p>
      <p>
        অন্য ফোন বা কম্পিউটারে শুরু করা পরীক্ষা এখানে চালিয়ে যেতে <a href="/exampage/resume">রিজিউম কোড দিন</a> (কোডটি পরীক্ষার প্রতিটি পাতায় লেখা থাকে)।
      </p>
      <section className="panel" aria-labelledby="mistakes-h">
        <h2 id="mistakes-h">ভুলের খাতা</h2>
        {d.mistakes > 0 ? (
          <p>
            {`শেষ করা পরীক্ষাগুলোতে ভুল হওয়া ${bn(d.mistakes)}টি প্রশ্ন${d.mistakes >= d.mistakesMax ? " (সবচেয়ে নতুনগুলো)" : ""} একসাথে আবার অনুশীলন করুন। `}
            <a className="btn" href="/my-exams/mistakes">
              ভুলের খাতা খুলুন
            </a>
          </p>
        ) : (
          <p className="empty">এখনো কোনো ভুল নেই: পরীক্ষা শেষ করলে ভুল উত্তর দেওয়া প্রশ্নগুলো এখানে জমা হবে।</p>
        )}
      </section>
      <section className="panel" aria-labelledby="attempts-h">
        <h2 id="attempts-h">এই ব্রাউজারে দেওয়া পরীক্ষা</h2>
        {d.attempts.length === 0 ? (
          <p className="empty">
            এই ব্রাউজারে এখনো কোনো পরীক্ষা দেওয়া হয়নি। <a href="/exam-subpage/1">পরীক্ষা বেছে নিন</a>
          </p>
        ) : (
          <ol className="attempt-list">
            {d.attempts.map((a) => (
              <li key={a.id}>
                <a href={a.href}>{a.examName}</a>
                <span className="muted">{` · ${a.startedBn}`}</span>
                <span className={`attempt-state is-${a.state}`}>
                  {a.state === "finished"
                    ? `নেট নম্বর ${a.netBn} / ${a.fullMarksBn}`
                    : a.state === "running"
                      ? `চলছে — শেষ হবে ${a.deadlineBn}`
                      : "সময় শেষ — ফলাফল দেখুন"}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
