import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { Breadcrumb, filterSummary, Pager, PaperFilterForm, PaperItems } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, readQuery, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { matchBoard, PaperFilterQuery, SUBJECT_PER_PAGE } from "~/lib/papers";
import { getBoardSubject, listBoards, subjectPapers, type PaperListItem } from "~/models/board-papers.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: papersStyles }];

const Params = z.object({ sid: idText });

/**
 * /board-question/{sid}?board=code&year=2023&page=N — a board subject's papers, newest first, 40 a page
 * grouped by year; an invalid page is 1, one beyond the end the last.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { sid } = paramsOr404(Params, params);
  const url = new URL(request.url);
  // Invalid filter values are ignored: the page shows every paper instead of an error.
  const query = readQuery(PaperFilterQuery, url.searchParams);
  const [subject, boards] = await Promise.all([getBoardSubject(sid), listBoards()]);
  if (!subject) throw notFound();
  const board = matchBoard(query.board, boards);
  const year = query.year;
  const { papers, years, total, page, pageCount } = await subjectPapers(sid, { boardId: board?.id ?? null, year }, query.page, SUBJECT_PER_PAGE);
  const groups: { year: number; papers: PaperListItem[] }[] = [];
  for (const p of papers) {
    const last = groups[groups.length - 1];
    if (last?.year === p.year) last.papers.push(p);
    else groups.push({ year: p.year, papers: [p] });
  }
  return json({ subject, boards, years, board, year, groups, total, page, pageCount, search: url.search });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.subject.name} question paper — বোর্ড প্রশ্নপত্র${data.page > 1 ? ` — পাতা ${toBanglaDigits(data.page)}` : ""}` : null,
    description: data
      ? `${data.subject.name}: বিগত বছরের বোর্ড প্রশ্নপত্র (সৃজনশীল ও বহুনির্বাচনি), ${data.years.map((y) => toBanglaDigits(y)).join(", ")}`
      : null,
    image: data?.subject.image,
  });

export default function BoardSubjectPapers() {
  const { subject, boards, years, board, year, groups, total, page, pageCount, search } = useLoaderData<typeof loader>();
  const summary = filterSummary(board, year);
  return (
    <div className="container">
      <Breadcrumb items={[{ href: "/board-question", label: "Question Paper" }, { label: subject.name }]} />
      <PageBanner image={subject.image} kicker="বোর্ড প্রশ্নপত্র" title={`${subject.name} question paper`} />
      <section className="panel" id="paper-results" aria-labelledby="papers-h">
        <h2 id="papers-h" className="visually-hidden">
          প্রশ্নপত্রের তালিকা
        </h2>
        <PaperFilterForm path={`/board-question/${subject.id}`} boards={boards} years={years} board={board?.code ?? null} year={year} swap="#paper-results" />
        <p className="result-count" role="status">
          {summary ? `${summary}: ` : ""}
          {toBanglaDigits(total)}টি প্রশ্নপত্র
        </p>
        {board && total > 0 ? (
          <p>
            <a href={`/qp-by-subject-board/${subject.id}/${board.id}`}>
              সব প্রশ্নপত্র একসাথে দেখুন ও প্রিন্ট করুন: {subject.name} · {board.name}
            </a>
          </p>
        ) : null}
        {groups.length === 0 ? (
          <p className="empty">
            {summary ? "এই বোর্ড বা সালের কোনো প্রশ্নপত্র পাওয়া যায়নি। অন্য বোর্ড বা সাল বেছে দেখুন।" : "এই বিষয়ের কোনো প্রশ্নপত্র এখনও যোগ করা হয়নি।"}
          </p>
        ) : (
          groups.map((g) => (
            <section className="year-group" key={g.year} aria-labelledby={`y-${g.year}`}>
              <h3 id={`y-${g.year}`}>{toBanglaDigits(g.year)} সাল</h3>
              <PaperItems papers={g.papers} />
            </section>
          ))
        )}
        <Pager path={`/board-question/${subject.id}`} page={page} pageCount={pageCount} search={search} swap="#paper-results" />
      </section>
    </div>
  );
}
