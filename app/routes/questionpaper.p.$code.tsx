import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { Fragment } from "react";
import { OmrSheet, PaperSetSheet } from "~/components/made-paper";
import { StepBar } from "~/components/make-question";
import { Breadcrumb, PrintHint } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { readQuery, z } from "~/lib/input";
import { stepQuery } from "~/lib/make-question";
import { seo } from "~/lib/meta";
import { pageMarksCss, paperSheetSvg } from "~/lib/paper-print.server";
import { settingsQuery } from "~/lib/paper-settings";
import { getSavedPaper } from "~/models/make-question.server";
import bengaliSemibold from "~/styles/fonts/hind-siliguri-bengali-600-normal-fixed-one.woff2";
import madePaperStyles from "~/styles/made-paper.css";
import makeQuestionStyles from "~/styles/make-question.css";

export const links: LinksFunction = () => [
  // The paper's headings, numbers and option letters are semibold. That face is "optional" site-wide
  // (fonts.css): without this preload a first visit, and the copy printed from it, would keep the
  // system's font for them (empty boxes where the system has no Bengali font).
  { rel: "preload", href: bengaliSemibold, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  ...katexLinks,
  { rel: "stylesheet", href: makeQuestionStyles },
  { rel: "stylesheet", href: madePaperStyles },
];

const PARTS = { sets: "শুধু প্রশ্নপত্র", omr: "শুধু OMR উত্তরপত্র" } as const;
type Part = keyof typeof PARTS;

/** The paper's code as typed (an upper-case one is sent to its lower-case address; the model checks the rest). */
const Params = z.object({ code: z.string().trim() });
/** ?only=sets|omr prints one kind; anything else prints all (the keys are not on this page: ?only=keys is refused by the loader). */
const PartQuery = z.object({ only: z.enum(Object.keys(PARTS) as [Part, ...Part[]]).nullable().catch(null) });

/** Where the keys went: the answer keys and results are only on the teacher's private page. */
export const KEYS_PRIVATE =
  "উত্তরমালা এই ঠিকানায় দেখানো হয় না: উত্তরমালা ও ফলাফল শুধু প্রশ্নপত্র তৈরি করা শিক্ষকের ব্যক্তিগত লিংকে (/questionpaper/t/…) থাকে।";

/**
 * Step 4, /questionpaper/p/{code}: a paper made with the make-question tool, stored whole, so the
 * address always shows the same paper. Each set on its own pages, then the OMR sheet; ?only=sets|omr
 * prints one kind. This is the link a teacher shares: it never carries the keys (the loader drops
 * them before the page sees the paper) nor results; those are on the private page of the token the
 * teacher got when saving (routes/questionpaper.t.$token._index.tsx, models/omr.server.ts getOwner).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { code: raw } = paramsOr404(Params, params);
  const url = new URL(request.url);
  if (raw !== raw.toLowerCase() && raw.length <= 16) throw redirect(`/questionpaper/p/${encodeURIComponent(raw.toLowerCase())}${url.search}`, 301);
  if (url.searchParams.get("only") === "keys") throw notFound(KEYS_PRIVATE);
  const stored = await getSavedPaper(raw);
  if (!stored) throw notFound("এই ঠিকানায় কোনো প্রশ্নপত্র নেই।");
  // The public page never holds a key: the stored paper's are dropped here.
  const paper = { ...stored, questions: stored.questions.map((q) => ({ ...q, correct: null })) };
  const { only: part } = readQuery(PartQuery, url.searchParams);
  const { subject, settings } = paper;
  const base = `/make-question/${encodeURIComponent(subject.slug)}/${subject.id}/${subject.gradeId}`;
  const ids = [...new Set(paper.questions.map((q) => q.id))];
  return json({
    code: raw,
    paper,
    part,
    omrSvg: part === "sets" ? null : paperSheetSvg({ code: raw, settings, paper }),
    printCss: pageMarksCss({ code: raw, sets: paper.sets }),
    base,
    edit: `${base}/settings${stepQuery([...ids.map((id): [string, number] => ["q", id]), ...settingsQuery(settings)])}`,
    step2: `${base}/questions${stepQuery(ids.map((id) => ["q", id]))}`,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? `${data.paper.settings.exam || "প্রশ্নপত্র"} — ${data.paper.settings.subject}` : "প্রশ্নপত্র পাওয়া যায়নি",
    description: data
      ? `${data.paper.settings.subject}: ${toBanglaDigits(data.paper.questions.length)}টি প্রশ্ন, ${toBanglaDigits(data.paper.sets.length)}টি সেট, উত্তরমালা ও OMR উত্তরপত্রসহ প্রিন্টযোগ্য প্রশ্নপত্র।`
      : null,
  }),
  { name: "robots", content: "noindex" },
];

export default function SavedPaper() {
  const { code, paper, part, base, edit, step2, omrSvg, printCss } = useLoaderData<typeof loader>();
  const { settings, sets } = paper;
  const hasMcq = (sets[0]?.mcq.length ?? 0) > 0;
  const show = (p: Part) => part === null || part === p;
  const here = `/questionpaper/p/${code}`;
  return (
    <div className="container mp-page">
      {/* Per-paper print rules (each set's page marks and QR): a style element, as no stylesheet URL can hold them. */}
      <style dangerouslySetInnerHTML={{ __html: printCss }} />
      <Breadcrumb items={[{ href: "/questionpaper", label: "Make Question" }, { href: base, label: paper.subject.name }, { label: "প্রশ্নপত্র" }]} />
      <StepBar current={4} hrefs={[base, step2, edit, null]} />
      <div className="panel mp-toolbar no-print">
        <h1>{settings.exam || "প্রশ্নপত্র"}</h1>
        <p>
          {toBanglaDigits(sets.length)}টি সেট ({sets.map((s) => s.code).join(", ")}){hasMcq ? " · শেষে OMR উত্তরপত্র" : ""}।
        </p>
        <PrintHint />
        <p className="mp-private-note">
          এই লিংকটি শিক্ষার্থীদের দেওয়া যায়: এখানে উত্তরমালা বা ফলাফল নেই। উত্তরমালা, OMR উত্তরপত্র স্ক্যান ও ফলাফল থাকে শিক্ষকের ব্যক্তিগত লিংকে,
          যা প্রশ্নপত্র তৈরির পর একবার দেখানো হয়। আগে তৈরি করা প্রশ্নপত্রের (ব্যক্তিগত লিংক ছাড়া) উত্তরমালা আর এখানে দেখানো হয় না: নিচের «সেটিংস
          বদলে নতুন প্রশ্নপত্র তৈরি করুন» থেকে একই সেটিংসে আবার তৈরি করুন — একই প্রশ্নপত্র, সাথে নতুন একটি ব্যক্তিগত লিংক পাবেন।
        </p>
        <p>
          এই প্রশ্নপত্রের স্থায়ী ঠিকানা (বদলায় না): <a href={here}>{here}</a>। শেষবার খোলার পর এক বছর কেউ না খুললে
          প্রশ্নপত্রটি মুছে ফেলা হয়।
        </p>
        <nav aria-label="কোন অংশ দেখাবেন">
          <ul className="mp-parts-nav">
            <li>{part === null ? <span aria-current="page">সব</span> : <a href={here}>সব</a>}</li>
            {(Object.keys(PARTS) as Part[])
              .filter((p) => p !== "omr" || hasMcq)
              .map((p) => (
                <li key={p}>{part === p ? <span aria-current="page">{PARTS[p]}</span> : <a href={`${here}?only=${p}`}>{PARTS[p]}</a>}</li>
              ))}
          </ul>
        </nav>
        <p>
          <a href={edit}>সেটিংস বদলে নতুন প্রশ্নপত্র তৈরি করুন</a> · <a href={base}>নতুন করে শুরু করুন</a>
        </p>
      </div>
      <article className="mp-document" aria-label="প্রশ্নপত্র">
        {sets.map((set) => (
          <Fragment key={set.code}>
            {show("sets") ? <PaperSetSheet paper={paper} set={set} /> : null}
          </Fragment>
        ))}
        {show("omr") && omrSvg ? <OmrSheet svg={omrSvg} /> : null}
      </article>
    </div>
  );
}
