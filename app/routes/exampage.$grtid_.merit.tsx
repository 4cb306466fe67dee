// /exampage/{grtid}/merit: a live exam's merit list, once the exam has closed (before that, a page that
// says when it comes). Computed once, by the first request after the close (models/merit.server.ts),
// then read a page of 50 ranks at a time from its index. The list is the same for everyone, so it is
// kept in shared caches for a short while; `?mine=1` (the "আমার অবস্থান" link) is the viewer's own
// copy: it opens on the page of this browser's row and marks it, and is never cached.
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { durationBn, marksBn } from "~/lib/attempt";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { browserHash, readBrowserKey } from "~/lib/exam-browser.server";
import { MISSING_GRTID } from "~/lib/exam-query";
import { notFound, paramsOr400 } from "~/lib/http.server";
import { flagText, idText, readQuery, wholeText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { computeMeritOnce, getMeritExam, getMeritSummary, listMeritPage, meritAvailableAt, meritPageOf } from "~/models/merit.server";
import attemptStyles from "~/styles/attempt.css";
import examStyles from "~/styles/exam.css";
import liveAttemptStyles from "~/styles/live-attempt.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: examStyles },
  { rel: "stylesheet", href: attemptStyles },
  { rel: "stylesheet", href: liveAttemptStyles },
];

export const NO_MERIT_LIST = "এই পরীক্ষাটি লাইভ পরীক্ষা নয়, তাই এর কোনো মেধাতালিকা নেই। (This exam has no merit list.)";

/** How long a shared cache may keep a page of the list (a hidden name shows within this, or at once after the content version moves). */
const KEEP_SECONDS = 30;
const PRIVATE = "private, no-store";

const Params = z.object({ grtid: idText });

/**
 * ?page=N: whole numbers (Bangla digits too), at least 1; anything else is no page (page 1, or on the
 * own copy the page of its row). ?mine=1: the viewer's own copy.
 */
const MeritQuery = z.object({
  page: wholeText({ digits: 6, bangla: true }).pipe(z.number().min(1)).nullable().catch(null),
  mine: flagText,
});

/** The page links: the first, the last and three either side of this one (a long list stays a short row). */
function pageNumbers(page: number, pages: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= pages; n++) if (n === 1 || n === pages || Math.abs(n - page) <= 3) out.push(n);
  return out;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { grtid: examId } = paramsOr400(Params, params, MISSING_GRTID);
  const { page: asked, mine } = readQuery(MeritQuery, new URL(request.url).searchParams);
  const now = new Date();
  const exam = await getMeritExam({ examId });
  if (!exam) throw notFound("পরীক্ষাটি পাওয়া যায়নি। (Exam not found.)");
  const availableAt = meritAvailableAt(exam);
  if (!exam.liveStartAt || !availableAt) throw notFound(NO_MERIT_LIST);
  const head = { grtid: examId, title: exam.name, fullMarksBn: toBanglaDigits(exam.fullMarks) };
  if (now < availableAt) {
    // Kept no longer than until the list comes.
    const seconds = Math.min(KEEP_SECONDS, Math.floor((availableAt.getTime() - now.getTime()) / 1000));
    return json(
      { ...head, ready: false as const, availableBn: formatDhakaDateTime(exam.liveCloseAt!) },
      { headers: { "Cache-Control": mine || seconds < 1 ? PRIVATE : `public, max-age=${seconds}` } },
    );
  }
  if (!exam.meritComputedAt) await computeMeritOnce({ exam, now });
  const key = mine ? readBrowserKey(request) : null;
  const hash = key ? browserHash(key) : null;
  // The own copy without a page opens where this browser's row is: its rank first, then that page.
  const summaryFirst = mine && asked === null ? await getMeritSummary({ examId, browserHash: hash }) : null;
  const wanted = asked ?? (summaryFirst?.myRank ? meritPageOf(summaryFirst.myRank) : 1);
  const [summary, rows] = await Promise.all([
    summaryFirst ?? getMeritSummary({ examId, browserHash: hash }),
    listMeritPage({ examId, page: wanted, browserHash: hash }),
  ]);
  const page = Math.min(wanted, summary.pages);
  const shown = page === wanted ? rows : await listMeritPage({ examId, page, browserHash: hash });
  const base = `/exampage/${examId}/merit`;
  const at = (p: number) => (mine ? `${base}?mine=1&page=${p}` : p === 1 ? base : `${base}?page=${p}`);
  return json(
    {
      ...head,
      ready: true as const,
      mine,
      /** This browser has a row (only asked for on the own copy). */
      myRank: summary.myRank,
      total: summary.total,
      page,
      pages: summary.pages,
      pageLinks: pageNumbers(page, summary.pages).map((n) => ({ n, href: at(n) })),
      myHref: `${base}?mine=1#me`,
      // No attempt ids: an attempt's id opens its result, which is its student's to share.
      rows: shown.map((r, i) => ({
        key: `${r.rank}-${i}`,
        rankBn: toBanglaDigits(r.rank),
        name: r.displayName,
        institution: r.institution,
        netBn: marksBn(Number(r.net)),
        timeBn: durationBn(r.seconds),
        mine: r.mine,
      })),
    },
    { headers: { "Cache-Control": mine ? PRIVATE : `public, max-age=${KEEP_SECONDS}` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `মেধাতালিকা — ${data.title}` : null,
    description: data ? `${data.title}: লাইভ পরীক্ষার মেধাতালিকা (নেট নম্বর ও সময় অনুযায়ী)।` : null,
  });

export default function MeritPage() {
  const d = useLoaderData<typeof loader>();
  const bn = toBanglaDigits;
  return (
    <div className="container exam-page merit-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={`/exampage/${d.grtid}`}>{d.title}</a> › <span aria-current="page">মেধাতালিকা</span>
      </nav>
      <section className="panel" aria-labelledby="merit-h">
        <h1 id="merit-h">{`মেধাতালিকা — ${d.title}`}</h1>
        {!d.ready ? (
          <p className="notice info">{`মেধাতালিকা প্রকাশ হবে পরীক্ষা শেষ হলে, ${d.availableBn}-এর পরে। তখন এই পাতাতেই দেখা যাবে।`}</p>
        ) : (
          <>
            <p className="muted">
              {`মোট ${bn(d.total)} জন। ক্রম নেট নম্বর অনুযায়ী; সমান নম্বরে যে কম সময়ে শেষ করেছে সে আগে, তারপর যে আগে শুরু করেছে। প্রতি ব্রাউজারের প্রথম চেষ্টাটিই গণনা হয়েছে। পূর্ণমান ${d.fullMarksBn}।`}
            </p>
            <p>
              <a className="btn btn-ghost" href={d.myHref}>
                আমার অবস্থান
              </a>
            </p>
            {d.mine && !d.myRank ? <p className="notice info">এই ব্রাউজারে দেওয়া কোনো চেষ্টা এই মেধাতালিকায় নেই।</p> : null}
            {d.rows.length ? (
              <div className="table-scroll">
                <table className="breakdown merit-table">
                  <thead>
                    <tr>
                      <th scope="col">মেধাক্রম</th>
                      <th scope="col">নাম</th>
                      <th scope="col">শিক্ষাপ্রতিষ্ঠান</th>
                      <th scope="col">নেট নম্বর</th>
                      <th scope="col">সময়</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.map((r) => (
                      <tr key={r.key} id={r.mine ? "me" : undefined} className={r.mine ? "is-mine" : undefined} aria-current={r.mine ? "true" : undefined}>
                        <td>{r.rankBn}</td>
                        <th scope="row">
                          {r.name ?? <span className="muted">নাম লুকানো</span>}
                          {r.mine ? <strong className="mine-badge"> (আপনি)</strong> : null}
                        </th>
                        <td>{r.institution ?? ""}</td>
                        <td>{r.netBn}</td>
                        <td>{r.timeBn}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="empty">{d.total ? "এই পাতায় কেউ নেই।" : "এই পরীক্ষায় কেউ অংশ নেয়নি।"}</p>
            )}
            {d.pages > 1 ? (
              <nav className="pager merit-pager" aria-label="পাতা">
                <ul className="pill-list">
                  {d.pageLinks.map((l) => (
                    <li key={l.n}>
                      <a href={l.href} aria-current={l.n === d.page ? "page" : undefined}>
                        {bn(l.n)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
