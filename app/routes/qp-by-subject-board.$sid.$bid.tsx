import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { PageBanner } from "~/components/page-banner";
import { BoardPaper, Breadcrumb, PrintHint } from "~/components/papers";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { getBoard, getBoardSubject, subjectBoardPapers } from "~/models/board-papers.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
];

const Params = z.object({ sid: idText, bid: idText });

/** /qp-by-subject-board/{sid}/{bid} — every paper of a board subject and a board, in full, printable. */
export async function loader({ params }: LoaderFunctionArgs) {
  const { sid, bid } = paramsOr404(Params, params);
  const [subject, board] = await Promise.all([getBoardSubject(sid), getBoard(bid)]);
  if (!subject || !board) throw notFound();
  const papers = await subjectBoardPapers(sid, bid);
  return json({ subject, board, papers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.subject.name} — ${data.board.name} প্রশ্নপত্র` : null,
    description: data
      ? `${data.subject.name} প্রশ্নপত্র (${data.board.name}): ${data.papers.map((p) => `${p.title} (${p.boardYear})`).join(", ")}`
      : null,
    image: data?.subject.image,
  });

export default function SubjectBoardPapers() {
  const { subject, board, papers } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/board-question", label: "Question Paper" },
          { href: `/board-question/${subject.id}`, label: subject.name },
          { label: board.name },
        ]}
      />
      <PageBanner image={subject.image} kicker={board.name} title={`${subject.name} question paper`} />
      {papers.length === 0 ? (
        <p className="empty panel">
          {subject.name} · {board.name}: কোনো প্রশ্নপত্র এখনও যোগ করা হয়নি।{" "}
          <a href={`/board-question/${subject.id}`}>সব বোর্ডের প্রশ্নপত্র দেখুন</a>
        </p>
      ) : (
        <>
          <PrintHint />
          {papers.map((p) => (
            <BoardPaper key={p.id} paper={p} />
          ))}
        </>
      )}
    </div>
  );
}
