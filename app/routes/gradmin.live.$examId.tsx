// /gradmin/live/{examId}: one live exam as it happens: readers on its page, attempts started,
// finished and still being answered, refreshed every 15 seconds (in place with JavaScript; without
// it the page reloads itself). "Publish the key now" saves the exam as the content form does
// (version check, audit log, content version), so every public page follows at once.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { fieldsOr400, notFound, paramsOr404 } from "~/lib/http.server";
import { idText, readQuery, z } from "~/lib/input";
import { requireAdminForm, requireStaff } from "~/utils/auth.server";
import { getLiveMonitor, publishExamKey } from "~/models/live-exams.server";
import type { RouteHandle } from "~/root";

/** How often the counts are read again. */
export const MONITOR_REFRESH_SECONDS = 15;

export const handle: RouteHandle = { noscriptRefresh: MONITOR_REFRESH_SECONDS };

const CLOCK = new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", hour: "numeric", minute: "2-digit", second: "2-digit" });
const PHASES = { waiting: "শুরু হয়নি (Not started)", running: "চলছে (Running)", closed: "শেষ (Closed)" } as const;
const NOT_LIVE = "এই আইডির কোনো লাইভ পরীক্ষা নেই। (No live exam with this id.)";

const examIdOf = (params: Record<string, string | undefined>) => paramsOr404(z.object({ examId: idText }), params, NOT_LIVE).examId;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { csrf } = await requireStaff(request, "content");
  const examId = examIdOf(params);
  const now = new Date();
  const m = await getLiveMonitor({ examId, now });
  if (!m) throw notFound(NOT_LIVE);
  return json(
    {
      csrf,
      exam: {
        id: m.id,
        name: m.name,
        phase: PHASES[m.phase],
        start: formatDhakaDateTime(m.liveStartAt),
        close: formatDhakaDateTime(m.liveCloseAt),
        durationMinutes: m.durationMinutes,
        keyPublished: m.keyPublished,
        keySealed: m.keySealed,
        closed: m.phase === "closed",
      },
      counts: m.counts,
      at: CLOCK.format(now),
      published: readQuery(z.object({ published: z.enum(["1", "already"]).optional().catch(undefined) }), new URL(request.url).searchParams).published,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "content");
  const form = await requireAdminForm(request, csrf);
  const examId = examIdOf(params);
  fieldsOr400(z.object({ intent: z.literal("publish-key", { errorMap: () => ({ message: "Unknown action." }) }) }), form);
  const outcome = await publishExamKey({ examId, staffId: staff.id });
  switch (outcome.status) {
    case "published":
    case "already":
      return redirect(`/gradmin/live/${examId}?published=${outcome.status === "published" ? "1" : "already"}`);
    case "not-found":
      throw notFound(NOT_LIVE);
    case "invalid":
      return json(
        { error: Object.values(outcome.errors).join(" ") || "সংরক্ষণ করা যায়নি। (Could not save.)" },
        { status: 400, headers: { "Cache-Control": "private, no-store" } },
      );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.exam.name ?? "লাইভ পরীক্ষা"} — লাইভ (Live) — Admin` }];

export default function LiveMonitor() {
  const { exam, counts, at, csrf, published } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const revalidator = useRevalidator();
  // With JavaScript the counts are read again in place (the reload inside <noscript> is for no JavaScript).
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, MONITOR_REFRESH_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <>
      <p>
        <a href="/gradmin/live">← লাইভ পরীক্ষা (Live exams)</a>
      </p>
      <h1>{exam.name}</h1>
      <p>
        {exam.phase} · শুরু (start) {exam.start} · শেষ (close) {exam.close} · {exam.durationMinutes} মিনিট (minutes)
      </p>
      <ul className="action-links">
        <li>
          <a href={`/exampage/${exam.id}`}>সাইটে দেখুন (View on site)</a>
        </li>
        <li>
          <a href={`/gradmin/content/exams/${exam.id}`}>সম্পাদনা (Edit)</a>
        </li>
        {exam.closed ? (
          <>
            <li>
              <a href={`/gradmin/live/${exam.id}/merit`}>মেধাতালিকা (Merit list)</a>
            </li>
            <li>
              <a href={`/gradmin/live/${exam.id}/results.csv`} download>
                ফলাফল CSV (Results CSV)
              </a>
            </li>
          </>
        ) : null}
      </ul>
      {published === "1" ? <Notice kind="ok">উত্তরমালা প্রকাশিত হয়েছে। (The key is published.)</Notice> : null}
      {published === "already" ? <Notice kind="ok">উত্তরমালা আগেই প্রকাশিত ছিল। (The key was already published.)</Notice> : null}
      {failed?.error ? <Notice kind="error">{failed.error}</Notice> : null}
      <section className="panel" aria-labelledby="counts-h" aria-live="polite">
        <h2 id="counts-h">
          এখনকার হিসাব (Counts) <span className="muted">· {at}</span>
        </h2>
        <table className="admin-table">
          <tbody>
            <tr>
              <th scope="row">পরীক্ষার পাতায় আছে, গত ২ মিনিটে (On the exam page, last 2 minutes)</th>
              <td>{counts.waiting}</td>
            </tr>
            <tr>
              <th scope="row">নিবন্ধন করে অপেক্ষায়, এখনো খোলেনি (Registered, not opened yet)</th>
              <td>{counts.registered}</td>
            </tr>
            <tr>
              <th scope="row">শুরু করেছে (Started)</th>
              <td>{counts.started}</td>
            </tr>
            <tr>
              <th scope="row">জমা দিয়েছে (Finished)</th>
              <td>{counts.finished}</td>
            </tr>
            <tr>
              <th scope="row">এখনো উত্তর দিচ্ছে (Still answering)</th>
              <td>{counts.answering}</td>
            </tr>
          </tbody>
        </table>
        <p className="muted">
          প্রতি {MONITOR_REFRESH_SECONDS} সেকেন্ডে হালনাগাদ হয়। (Refreshed every {MONITOR_REFRESH_SECONDS} seconds.) <a href={`/gradmin/live/${exam.id}`}>এখনই হালনাগাদ (Refresh)</a>
          <br />
          পাতায় থাকা পাঠক গোনা হয় জাভাস্ক্রিপ্ট চালু থাকা ব্রাউজারের সংকেত থেকে। (Readers are counted from the pings of browsers with JavaScript.)
        </p>
      </section>
      <section className="panel" aria-labelledby="key-h">
        <h2 id="key-h">উত্তরমালা (Answer key)</h2>
        <p>
          {exam.keySealed ? "শিক্ষার্থীরা এখন উত্তর দেখতে পায় না। (Sealed for students now.)" : "শিক্ষার্থীরা এখন উত্তর দেখতে পায়। (Students can read the key now.)"}
        </p>
        {exam.keyPublished ? (
          <p className="muted">প্রকাশিত (Published).</p>
        ) : (
          <Form method="post" reloadDocument>
            <CsrfInput token={csrf} />
            <p className="muted">
              {exam.closed
                ? "প্রকাশ করলে এখনই সবাই উত্তর ও ব্যাখ্যা দেখতে পাবে। (Publishing opens the key to everyone now.)"
                : "পরীক্ষা চলাকালে প্রকাশ করলেও শেষ হওয়ার আগে কেউ উত্তর দেখবে না; শেষ হলেই খুলবে। (Even published, the key opens only at the close.)"}
            </p>
            <button type="submit" name="intent" value="publish-key">
              এখনই উত্তরমালা প্রকাশ করুন (Publish the key now)
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
