// The exam sub-page: banner, announcement, group pills; a group shows its
// subjects with their exams, a title shows the exam's facts and the link that starts it. The selection
// is the URL (?group=SID&title=GRTID), so it works without JS and can be shared; with JS the links
// load into #exam-content in place. The legacy form posts are accepted and redirected to that URL.
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { LiveExamList } from "~/components/live-exam";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { withExamBack } from "~/lib/exam-query";
import { fieldsOr400, notFound, paramsOr404, readForm } from "~/lib/http.server";
import { idText, optionalIdText, readQuery, z } from "~/lib/input";
import { absoluteImage, CONTENT_ASSET_BASE } from "~/lib/image-path";
import { listingCacheControl } from "~/lib/live-exam";
import { seo } from "~/lib/meta";
import { parseNegativeMark } from "~/lib/scoring";
import { getExamSubPage, getExamTitle, getGroupSubjects } from "~/models/exams.server";
import { listLiveExams } from "~/models/live-exams.server";
import examStyles from "~/styles/exam.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: examStyles },
];

// What the page says when a subject list or a title cannot be loaded: the old site's Bangla messages, with their English.
export const SUBJECTS_FAILED = "বিষয়ের তালিকা লোড করা যায়নি (Subject list could not be loaded)";
export const TITLE_FAILED = "শিরোনাম লোড করা যায়নি (Title could not be loaded)";

/** /exam-subpage without an id is the examination menu's page, thtid 1. */
const Params = z.object({ thtid: idText.optional().transform((id) => id ?? 1) });

/** ?group=SID&title=GRTID: each absent (undefined), an id, or given but not an id (null: the error box). */
const Selection = z.object({ group: optionalIdText, title: optionalIdText });

function pageUrl(thtid: number, group: number | null, title: number | null): string {
  const q = new URLSearchParams();
  if (group !== null) q.set("group", String(group));
  if (title !== null) q.set("title", String(title));
  const s = q.toString();
  return `/exam-subpage/${thtid}${s ? `?${s}` : ""}`;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const { thtid } = paramsOr404(Params, params);
  const { group: groupArg, title: titleArg } = readQuery(Selection, new URL(request.url).searchParams);

  // Everything the URL may ask for, at once; what does not belong to this page is dropped below.
  const now = new Date();
  const [page, title, subjects, liveExams] = await Promise.all([
    getExamSubPage(thtid),
    titleArg ? getExamTitle(titleArg) : null,
    groupArg && titleArg === undefined ? getGroupSubjects(groupArg) : null,
    listLiveExams({ now }),
  ]);
  if (!page) throw notFound();

  let error: string | null = null;
  let group: number | null = null;
  if (groupArg !== undefined) {
    if (groupArg && page.groups.some((g) => g.id === groupArg)) group = groupArg;
    else error = SUBJECTS_FAILED;
  }
  let shownTitle: typeof title = null;
  if (!error && titleArg !== undefined) {
    if (title && title.titleGroupId === thtid && title.groupId !== null && (group === null || title.groupId === group)) {
      shownTitle = title;
      group = title.groupId;
    } else error = TITLE_FAILED;
  }

  const self = pageUrl(thtid, group, shownTitle?.id ?? null);
  const neg = shownTitle ? parseNegativeMark(shownTitle.negativeMark) : 0;
  const data = {
    thtid,
    liveExams,
    name: page.titleGroup.name,
    banner: absoluteImage(page.titleGroup.banner, CONTENT_ASSET_BASE),
    announceHtml: page.titleGroup.announceHtml ?? "",
    // The spec's payload names (sid, gname, sname) start here, at the edge.
    groups: page.groups.map((g) => ({ sid: g.id, gname: g.name, sname: g.subjectName, href: pageUrl(thtid, g.id, null) })),
    group,
    error,
    subjects:
      !error && group !== null && !shownTitle && subjects
        ? subjects.map((s) => ({ ...s, titles: s.titles.map((t) => ({ ...t, href: pageUrl(thtid, group, t.id) })) }))
        : null,
    title: shownTitle
      ? {
          id: shownTitle.id,
          name: shownTitle.name,
          descriptionHtml: shownTitle.descriptionHtml ? withExamBack(shownTitle.descriptionHtml, self) : "",
          fullMarksBn: toBanglaDigits(shownTitle.fullMarks),
          durationBn: toBanglaDigits(shownTitle.durationMinutes),
          negativeMarkBn: neg > 0 ? toBanglaDigits(neg) : null,
          totalBn: toBanglaDigits(shownTitle.total),
          startHref: `/exampage/${shownTitle.id}?back=${encodeURIComponent(self)}`,
          listHref: pageUrl(thtid, group, null),
        }
      : null,
  };
  const cacheControl = listingCacheControl(liveExams, now);
  return json(data, { status: error ? 404 : 200, headers: cacheControl && !error ? { "Cache-Control": cacheControl } : undefined });
}

/** A live exam starting or closing within the minute: no copy of the page outlives that moment. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

/** The non-empty values of the fields that name one thing: none (null), or one id they all agree on. */
const agreeingId = (label: string) =>
  z.array(z.string()).transform((all, ctx) => {
    const values = all.map((v) => v.trim()).filter(Boolean);
    if (!values.length) return null;
    const id = idText.safeParse(values[0]).data;
    if (!id || values.some((v) => idText.safeParse(v).data !== id)) {
      ctx.addIssue({ code: "custom", message: `Invalid ${label} id.` });
      return z.NEVER;
    }
    return id;
  });

/** The old pages' names for a group (grgroupajax) and a title (grtid, grtitleajax, titleid), and ours; each read as a list. */
const LEGACY_FIELDS = ["grgroupajax", "group", "grtid", "grtitleajax", "titleid", "title"];
const list = z.array(z.string());
const LegacyPost = z
  .object({ grgroupajax: list, group: list, grtid: list, grtitleajax: list, titleid: list, title: list })
  .transform((f) => ({ group: [...f.grgroupajax, ...f.group], title: [...f.grtid, ...f.grtitleajax, ...f.titleid, ...f.title] }))
  .pipe(z.object({ group: agreeingId("group"), title: agreeingId("title") }));

/**
 * The design card's "plain form posts" (legacy SubjectAjax.php: grgroupajax; TitleAjax.php: grtid,
 * grtitleajax, titleid): validated, then post/redirect/get to the shareable URL.
 */
export async function action({ params, request }: ActionFunctionArgs) {
  const { thtid } = paramsOr404(Params, params);
  const posted = fieldsOr400(LegacyPost, await readForm(request), LEGACY_FIELDS);
  let group = posted.group;
  const title = posted.title;
  if (title !== null && group === null) {
    // A title posted alone: find its group, so the pills show where it is.
    const exam = await getExamTitle(title);
    if (exam && exam.titleGroupId === thtid) group = exam.groupId;
  }
  return redirect(pageUrl(thtid, group, title), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? (data.title ? `${data.title.name} — ${data.name}` : data.name) : null,
    description: data ? `${data.name}: গ্রুপ ও বিষয় বেছে নিয়ে অনলাইন পরীক্ষা দিন।` : null,
    image: data?.banner,
  }),
  ...(data?.error ? [{ name: "robots", content: "noindex" }] : []),
];

export default function ExamSubPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container exam-subpage">
      <header className="exam-banner">
        {data.banner ? <img src={data.banner} alt="" width="1200" height="300" /> : null}
        <div className="exam-banner-text">
          <h1>{data.name}</h1>
          {data.announceHtml ? <div className="announce prose" dangerouslySetInnerHTML={{ __html: data.announceHtml }} /> : null}
        </div>
      </header>
      <LiveExamList items={data.liveExams} id="live-exams" />
      <section id="exam-content" className="exam-content panel" aria-labelledby="select-group-h" data-loading-text="লোড হচ্ছে…">
        <h2 id="select-group-h">SELECT YOUR GROUP</h2>
        {data.groups.length === 0 ? (
          <p className="empty">No groups found for this title.</p>
        ) : (
          <ul className="pill-list group-pills">
            {data.groups.map((g) => (
              <li key={g.sid}>
                <a href={g.href} data-swap="#exam-content" aria-current={g.sid === data.group ? "true" : undefined}>
                  {g.gname}
                  {g.sname ? (
                    <>
                      {" "}
                      <small>{g.sname}</small>
                    </>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="exam-loaded">
          {data.error ? (
            <div className="notice error" role="alert">
              <p>{data.error}</p>
            </div>
          ) : data.title ? (
            <article className="exam-title" aria-labelledby="exam-title-h">
              <p>
                <a href={data.title.listHref} data-swap="#exam-content" className="back-link">
                  বিষয়ের তালিকা
                </a>
              </p>
              <h3 id="exam-title-h">{data.title.name}</h3>
              {data.title.descriptionHtml ? (
                <div className="prose" dangerouslySetInnerHTML={{ __html: data.title.descriptionHtml }} />
              ) : null}
              <ul className="exam-facts">
                <li>{`পূর্ণমান: ${data.title.fullMarksBn}`}</li>
                <li>{`সময়: ${data.title.durationBn} মিনিট`}</li>
                <li>{`মোট প্রশ্ন: ${data.title.totalBn}`}</li>
                <li>
                  {data.title.negativeMarkBn
                    ? `নেগেটিভ মার্কিং: প্রতি ভুল উত্তরে ${data.title.negativeMarkBn}`
                    : "নেগেটিভ মার্কিং: নেই"}
                </li>
              </ul>
              <p>
                <a className="btn btn-big" href={data.title.startHref}>
                  পরীক্ষা শুরু করুন
                </a>
              </p>
            </article>
          ) : data.subjects ? (
            data.subjects.length === 0 ? (
              <p className="empty">এই গ্রুপে এখনো কোনো বিষয় যোগ করা হয়নি।</p>
            ) : (
              <ul className="exam-subjects">
                {data.subjects.map((s) => (
                  <li key={s.id}>
                    <h3>{s.name}</h3>
                    {s.titles.length === 0 ? (
                      <p className="empty">শীঘ্রই আসছে।</p>
                    ) : (
                      <ul className="exam-title-links">
                        {s.titles.map((t) => (
                          <li key={t.id}>
                            <a href={t.href} data-swap="#exam-content">
                              {t.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : data.groups.length ? (
            <p className="empty">Select a group to load subjects.</p>
          ) : null}
        </div>
      </section>
    </div>
  );
}
