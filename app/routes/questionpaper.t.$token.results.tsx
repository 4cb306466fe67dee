import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ItemTable, ScoreTable } from "~/components/omr-results";
import { PrintHint } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDate, PAPER_LABEL } from "~/lib/paper-settings";
import { getResults } from "~/models/omr.server";
import { ownerOr404, PRIVATE_HEADERS } from "./questionpaper.t.$token._index/route";
import omrStyles from "~/styles/omr-teacher.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: omrStyles }];
export const headers = () => PRIVATE_HEADERS;

/** /questionpaper/t/{token}/results: the result sheet to print (A4, print CSS): the roll list and the item analysis. */
export async function loader({ params }: LoaderFunctionArgs) {
  const owner = await ownerOr404(params);
  const { scores, items } = await getResults({ owner });
  return json({ token: owner.token, settings: owner.paper.settings, negative: owner.negative, scores, items }, { headers: PRIVATE_HEADERS });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `ফলাফল — ${data.settings.exam || "প্রশ্নপত্র"}` : "পাওয়া যায়নি" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ResultSheet() {
  const { token, settings: s, negative, scores, items } = useLoaderData<typeof loader>();
  return (
    <div className="container omr-teacher omr-print">
      <p className="no-print">
        <a href={`/questionpaper/t/${token}#results`}>← শিক্ষকের পাতা</a>
      </p>
      <PrintHint />
      <article className="omr-result-sheet" aria-label="ফলাফল">
        <header className="omr-result-head">
          {s.institution ? <p className="omr-result-inst">{toBanglaDigits(s.institution)}</p> : null}
          <h1>
            {s.exam || "পরীক্ষা"} — ফলাফল
          </h1>
          <p>
            {[s.className ? `শ্রেণি: ${toBanglaDigits(s.className)}` : "", s.subject ? `বিষয়: ${s.subject}${s.paper ? ` (${PAPER_LABEL[s.paper]})` : ""}` : "", s.date ? `তারিখ: ${formatDate(s.date)}` : ""]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <p>পরীক্ষার্থী: {toBanglaDigits(scores.length)} জন</p>
        </header>
        <h2>রোল অনুযায়ী ফলাফল</h2>
        <ScoreTable scores={scores} negative={negative} />
        <h2 className="omr-break">প্রশ্নভিত্তিক বিশ্লেষণ</h2>
        <ItemTable items={items} />
      </article>
    </div>
  );
}
