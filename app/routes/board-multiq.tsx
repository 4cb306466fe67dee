import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PapersByKind } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { readQuery } from "~/lib/input";
import { seo } from "~/lib/meta";
import { PaperFilterQuery } from "~/lib/papers";
import { loadPapersByKind } from "~/models/board-papers.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: papersStyles }];

/** /board-multiq?board=code&year=2023&page=N — 20 a page; an invalid page is 1, one beyond the end the last. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readQuery(PaperFilterQuery, url.searchParams);
  return json(await loadPapersByKind({ kind: "mcq", path: url.pathname, search: url.search, query }));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data && data.page > 1 ? `বোর্ড বহুনির্বাচনি প্রশ্ন — পাতা ${toBanglaDigits(data.page)}` : "বোর্ড বহুনির্বাচনি প্রশ্ন",
    description: "সব বিষয়ের বিগত বছরের বোর্ড বহুনির্বাচনি (MCQ) প্রশ্নপত্র, বোর্ড ও সাল অনুযায়ী",
  });

export default function BoardMultiq() {
  return <PapersByKind data={useLoaderData<typeof loader>()} title="বোর্ড বহুনির্বাচনি প্রশ্ন" label="Board multiple-choice questions" />;
}
