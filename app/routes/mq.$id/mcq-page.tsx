import { PageBanner } from "~/components/page-banner";
import { QuizForm, QuizPager } from "~/components/quiz-form";
import { toBanglaDigits } from "~/lib/bangla-digits";
import type { McqPageData } from "./mcq-page.server";

const SWAP = "#mcq-practice";

/** The MCQ category page (mq/{id} and mq/sub/{subcat}): sub-categories, question sets, one set practised. */
export function McqPage({ data }: { data: McqPageData }) {
  const { category, subCategories, sets, set, state } = data;
  return (
    <div className="container mcq-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href="/home#grcontentmcq">Multiple Choice</a> ›{" "}
        {category.parent ? (
          <>
            <a href={`/mq/${category.parent.id}`}>{category.parent.name}</a> ›{" "}
          </>
        ) : null}
        <span aria-current="page">{category.name}</span>
      </nav>
      <PageBanner image={category.image} kicker="বহুনির্বাচনি প্রশ্ন অনুশীলন" title={category.name} />
      {subCategories.length ? (
        <section className="panel" aria-labelledby="subcats-h">
          <h2 id="subcats-h">অধ্যায়ভিত্তিক অনুশীলন</h2>
          <ul className="pill-list">
            {subCategories.map((c) => (
              <li key={c.id}>
                <a href={c.href}>{c.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section id="mcq-practice" className="panel mcq-practice" aria-labelledby="sets-h">
        <h2 id="sets-h">প্রশ্ন সেট</h2>
        {sets.length === 0 ? (
          <p className="empty">এই বিভাগে এখনো কোনো প্রশ্ন সেট নেই।</p>
        ) : (
          <ul className="pill-list">
            {sets.map((s) => (
              <li key={s.id}>
                <a href={s.href} data-swap={SWAP} data-swap-scroll aria-current={s.id === set?.id ? "true" : undefined}>
                  {`${s.name} (${toBanglaDigits(s.count)})`}
                </a>
              </li>
            ))}
          </ul>
        )}
        {set ? (
          <>
            <h3 className="set-name">{set.name}</h3>
            {set.count === 0 ? (
              <p className="empty">এই সেটে এখনো কোনো প্রশ্ন নেই।</p>
            ) : (
              <>
                {data.keyNote ? (
                  <p className="notice info key-sealed" role="note">
                    {data.keyNote}
                  </p>
                ) : null}
                <QuizForm
                  action={data.self}
                  swap={SWAP}
                  hidden={[
                    ["set", String(set.id)],
                    ["page", String(data.pager.page)],
                  ]}
                  questions={data.questions}
                  state={state}
                  restartHref={data.self}
                  check
                />
                <QuizPager swap={SWAP} pager={data.pager} />
              </>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
