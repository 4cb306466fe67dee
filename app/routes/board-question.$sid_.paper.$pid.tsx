import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { BoardPaper, Breadcrumb, PrintHint } from "~/components/papers";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { KIND_LABEL } from "~/lib/papers";
import { getPaper } from "~/models/board-papers.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
];

const Params = z.object({ sid: idText, pid: idText });

/**
 * /board-question/{sid}/paper/{pid} — one paper, to read or print. Every paper has this URL, also those
 * of universities and medical admission that belong to no board (qp-by-subject-board needs a board).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { sid, pid } = paramsOr404(Params, params);
  const paper = await getPaper(pid);
  if (!paper) throw notFound();
  if (paper.subject.id !== sid) throw redirect(`/board-question/${paper.subject.id}/paper/${paper.id}`, 301);
  return json({ paper });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.paper.title} — ${data.paper.subject.name}` : null,
    description: data
      ? `${data.paper.subject.name} ${KIND_LABEL[data.paper.kind]} প্রশ্নপত্র: ${data.paper.title} (${data.paper.boardYear})`
      : null,
    type: "article",
  });

export default function BoardPaperPage() {
  const { paper } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/board-question", label: "Question Paper" },
          { href: `/board-question/${paper.subject.id}`, label: paper.subject.name },
          { label: paper.title },
        ]}
      />
      <PrintHint />
      <BoardPaper paper={paper} heading="h1" />
      <p className="no-print">
        <a href={`/board-question/${paper.subject.id}`}>← সব প্রশ্নপত্র: {paper.subject.name}</a>
        {paper.board ? (
          <>
            {" · "}
            <a href={`/qp-by-subject-board/${paper.subject.id}/${paper.board.id}`}>একই বোর্ডের সব প্রশ্নপত্র ({paper.board.name})</a>
          </>
        ) : null}
      </p>
    </div>
  );
}
