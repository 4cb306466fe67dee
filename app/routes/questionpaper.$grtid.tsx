import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { AnswerKey, Breadcrumb, McqQuestions, PaperHeader, PrintHint } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { notFound, paramsOr404 } from "~/lib/http.server";
import { idText, z } from "~/lib/input";
import { seo } from "~/lib/meta";
import { getExamPaper } from "~/models/make-question.server";
import { examKeyState, sealKeys } from "~/models/answer-keys.server";
import { withoutAnswer } from "~/models/questions.server";
import papersStyles from "~/styles/papers.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
];

const Params = z.object({ grtid: idText });

/** /questionpaper/{grtid} — an exam title's questions laid out for A4, the answer key on its own page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const { grtid } = paramsOr404(Params, params);
  const paper = await getExamPaper(grtid);
  if (!paper) throw notFound();
  // While the key is sealed (unpublished, or a live exam not yet closed), neither the page nor its
  // data (?_data=) holds it; a question sealed by another exam loses its key on its own.
  const now = new Date();
  const [key, questions] = await Promise.all([examKeyState(grtid, now), sealKeys(paper.questions, now)]);
  if (key.sealed) return json({ ...paper, exam: { ...paper.exam, keyPublished: false }, questions: questions.map(withoutAnswer) });
  return json({ ...paper, exam: { ...paper.exam, keyPublished: true }, questions });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: data ? `${data.exam.name} — প্রশ্নপত্র` : null,
    description: data
      ? `${data.exam.name}${data.exam.subject ? ` (${data.exam.subject})` : ""}: ${toBanglaDigits(data.questions.length)}টি বহুনির্বাচনি প্রশ্ন, উত্তরমালাসহ প্রিন্টযোগ্য প্রশ্নপত্র।`
      : null,
    type: "article",
  });

export default function ExamQuestionPaper() {
  const { exam, questions } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <Breadcrumb items={[{ href: "/questionpaper", label: "Make Question" }, { label: exam.name }]} />
      <PrintHint />
      <article className="paper">
        <PaperHeader title={exam.name} subtitle={exam.subject} fullMarks={exam.fullMarks} minutes={exam.durationMinutes}>
          {exam.descriptionHtml ? <div className="paper-subtitle" dangerouslySetInnerHTML={{ __html: exam.descriptionHtml }} /> : null}
        </PaperHeader>
        {questions.length === 0 ? (
          <p className="empty">এই পরীক্ষায় এখনও কোনো প্রশ্ন যোগ করা হয়নি।</p>
        ) : (
          <>
            <p className="muted">
              [বিশেষ দ্রষ্টব্য: সরবরাহকৃত বহুনির্বাচনি অভীক্ষার উত্তরপত্রে প্রশ্নের ক্রমিক নম্বরের বিপরীতে সঠিক উত্তরের বৃত্তটি বল পয়েন্ট কলম দ্বারা
              সম্পূর্ণ ভরাট করো। প্রশ্নের সংখ্যা: {toBanglaDigits(questions.length)}টি]
            </p>
            <McqQuestions questions={questions} answers="none" columns />
            {exam.keyPublished ? (
              <AnswerKey questions={questions} title={exam.name} />
            ) : (
              <p className="muted no-print">উত্তরমালা এখনো প্রকাশ করা হয়নি।</p>
            )}
          </>
        )}
      </article>
      <p className="no-print">
        <a href={`/exampage/${exam.id}`}>অনলাইনে এই পরীক্ষা দিন →</a>
      </p>
    </div>
  );
}
