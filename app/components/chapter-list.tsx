import { Pager } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";

/** `titles` may be the first few of the chapter's `count`; the chapter's page lists them all. */
type Chapter = { id: number; name: string; count: number; titles: { id: number; name: string }[] };

/**
 * A subject's chapters with their titles: what a student needs to start studying. `from`: the number
 * of the first chapter shown (a later page of chapters starts past 1, and has no "start" button).
 */
export function ChapterList({ chapters, from = 1 }: { chapters: Chapter[]; from?: number }) {
  if (chapters.length === 0) return <p className="empty">এই বিষয়ে এখনও কোনো অধ্যায় যোগ করা হয়নি।</p>;
  const first = from === 1 ? chapters.find((c) => c.titles.length > 0)?.titles[0] : undefined;
  return (
    <>
      {first ? (
        <p>
          <a className="btn" href={`/title/${first.id}`}>
            প্রথম পাঠ থেকে শুরু করুন: {first.name}
          </a>
        </p>
      ) : null}
      <ol className="chapter-cards" start={from}>
        {chapters.map((c, i) => (
          <li key={c.id} className="panel">
            <h2>
              <span className="chapter-no">অধ্যায় {toBanglaDigits(from + i)}</span>
              <a href={`/category/${c.id}`}>{c.name}</a>
            </h2>
            {c.titles.length === 0 ? (
              <p className="coming-soon">Coming Soon !</p>
            ) : (
              <>
                <p className="muted">{toBanglaDigits(c.count)}টি পাঠ</p>
                <ul>
                  {c.titles.map((t) => (
                    <li key={t.id}>
                      <a href={`/title/${t.id}`}>{t.name}</a>
                    </li>
                  ))}
                </ul>
                {c.count > c.titles.length ? (
                  <p>
                    <a href={`/category/${c.id}`}>সব {toBanglaDigits(c.count)}টি পাঠ দেখুন</a>
                  </p>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

/** One page of a subject's chapters (what chaptersWithTitles gives) and the pager to the others. */
export function ChapterPages({
  path,
  list,
}: {
  path: string;
  list: { chapters: Chapter[]; first: number; page: number; pageCount: number; search: string };
}) {
  return (
    <>
      <ChapterList chapters={list.chapters} from={list.first} />
      <Pager path={path} page={list.page} pageCount={list.pageCount} search={list.search} />
    </>
  );
}

/** " — পাতা ২" for the title of a later page of chapters. */
export const pageSuffix = (page: number) => (page > 1 ? ` — পাতা ${toBanglaDigits(page)}` : "");
