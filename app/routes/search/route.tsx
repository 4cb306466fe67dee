// /search?q=: results grouped by kind with counts, snippets with the match marked, filters as links that
// keep the query, paging within a kind. Never indexed by search engines (meta robots and X-Robots-Tag).
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { SearchForm } from "~/components/search-box";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { readQuery } from "~/lib/input";
import { seo } from "~/lib/meta";
import type { Segment } from "~/lib/search-query";
import { SEARCH_KIND_LABELS, SEARCH_QUERY_LISTS, SearchQuery } from "~/lib/search-url";
import searchStyles from "~/styles/search.css";
import { loadSearchPage, type FilterLink, type Group, type Hit, type SearchPageData } from "./search-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

const NOINDEX = "noindex";

export async function loader({ request }: LoaderFunctionArgs) {
  const state = readQuery(SearchQuery, new URL(request.url).searchParams, SEARCH_QUERY_LISTS);
  return json(await loadSearchPage(state), { headers: { "X-Robots-Tag": NOINDEX } });
}

export const headers: HeadersFunction = () => ({ "X-Robots-Tag": NOINDEX });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data?.query ? `“${data.query.slice(0, 60)}” — খুঁজুন` : "খুঁজুন",
    description: "বিষয়, অধ্যায়, পাঠ, বোর্ড প্রশ্ন, পরীক্ষা ও ভিডিও খুঁজুন — বাংলা বা ইংরেজিতে।",
  }),
  { name: "robots", content: NOINDEX },
];

const BODY_ID = "search-body";
/** A count, with "+" when not every match was read (a query of very common words). */
const amount = (n: number, approximate: boolean) => `${toBanglaDigits(n)}${approximate ? "+" : ""}`;
const SWAP = `#${BODY_ID}`;

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container search-page">
      <header className="search-head">
        <h1>{data.query ? `খোঁজ: “${data.query}”` : "খুঁজুন"}</h1>
        <SearchForm id="search-q" value={data.query} label="কী খুঁজছেন? বিষয়, অধ্যায়, প্রশ্ন, বোর্ড ও সাল" formLabel="খোঁজ" />
      </header>
      <div id={BODY_ID} className="search-body" tabIndex={-1}>
        <Body data={data} />
      </div>
    </div>
  );
}

function Body({ data }: { data: SearchPageData }) {
  if (data.status === "empty") {
    return (
      <>
        <p className="search-hint">
          বাংলা বা ইংরেজিতে লিখুন: একটি পাঠের নাম, প্রশ্নের কয়েকটি শব্দ, অথবা বোর্ড ও সাল। যেমন{" "}
          <Examples />
        </p>
        <Suggestions starters={data.starters} subjects={data.subjects} />
      </>
    );
  }
  return (
    <>
      <p className="result-count" role="status">
        {data.total
          ? data.approximate && !data.loose
            ? `${toBanglaDigits(data.total)}টির বেশি ফলাফল; সবচেয়ে কাছেরগুলো আগে`
            : `মোট ${toBanglaDigits(data.total)}টি ফলাফল`
          : "কিছু পাওয়া যায়নি"}
        {data.query ? ` — “${data.query}”` : ""}
      </p>
      {data.loose ? <p className="notice search-notice">সব শব্দ একসাথে কোথাও মেলেনি; যেকোনো শব্দ মেলে এমন ফলাফল দেখানো হচ্ছে।</p> : null}
      {data.active.length ? (
        <ul className="search-active" aria-label="চালু ছাঁকনি">
          {data.active.map((f) => (
            <li key={f.label}>
              <span>{f.label}</span>
              <a href={f.removeHref} data-swap={SWAP} aria-label={`${f.label} ছাঁকনি সরান`}>
                ✕
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Filters data={data} />
      {data.status === "none" ? (
        <NoResults data={data} />
      ) : (
        <>
          {data.groups.map((g) => (
            <ResultGroup key={g.kind} group={g} first={data.pager?.first ?? 1} approximate={data.approximate} />
          ))}
          {data.pager && data.pager.pageCount > 1 ? (
            <nav className="pager" aria-label="ফলাফলের পাতা">
              {data.pager.prev ? (
                <a rel="prev" href={data.pager.prev} data-swap={SWAP} data-swap-scroll>
                  ← আগের পাতা
                </a>
              ) : (
                <span />
              )}
              <span>
                পাতা {toBanglaDigits(data.pager.page)} / {toBanglaDigits(data.pager.pageCount)}
              </span>
              {data.pager.next ? (
                <a rel="next" href={data.pager.next} data-swap={SWAP} data-swap-scroll>
                  পরের পাতা →
                </a>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

function Filters({ data }: { data: Extract<SearchPageData, { filters: unknown }> }) {
  const { filters } = data;
  const more = filters.subjects.length > 0 || filters.boards.length > 0;
  const open = data.state.sg !== null || data.state.boards.length > 0 || data.state.year !== null;
  return (
    <nav className="search-filters" aria-label="ফলাফল ছাঁকুন">
      <h2 className="visually-hidden">ধরন</h2>
      <LinkList links={filters.kinds} className="pill-list search-kinds" approximate={data.approximate} />
      {more ? (
        <details className="search-more" open={open}>
          <summary>বিষয়, বোর্ড ও সাল দিয়ে ছাঁকুন</summary>
          {filters.subjects.length ? (
            <section>
              <h2>বিষয় ও শ্রেণি</h2>
              <LinkList links={filters.subjects} clear={filters.clearSubject} clearLabel="সব বিষয়" approximate={data.approximate} />
            </section>
          ) : null}
          {filters.boards.length ? (
            <section>
              <h2>বোর্ড</h2>
              <LinkList links={filters.boards} clear={filters.clearBoard} clearLabel="সব বোর্ড" />
            </section>
          ) : null}
          {filters.years.length ? (
            <section>
              <h2>সাল</h2>
              <LinkList links={filters.years} clear={filters.clearYear} clearLabel="সব সাল" />
            </section>
          ) : null}
        </details>
      ) : null}
    </nav>
  );
}

function LinkList({
  links,
  clear,
  clearLabel,
  className = "filter-list",
  approximate = false,
}: {
  links: FilterLink[];
  clear?: string | null;
  clearLabel?: string;
  className?: string;
  approximate?: boolean;
}) {
  return (
    <ul className={className}>
      {clear ? (
        <li>
          <a href={clear} data-swap={SWAP}>
            {clearLabel}
          </a>
        </li>
      ) : null}
      {links.map((l) => (
        <li key={l.href}>
          <a href={l.href} data-swap={SWAP} aria-current={l.current ? "true" : undefined}>
            {l.label}
            {l.count !== undefined ? <span className="count"> ({amount(l.count, approximate)})</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  );
}

function ResultGroup({ group, first, approximate }: { group: Group; first: number; approximate: boolean }) {
  const id = `results-${group.kind}`;
  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id}>
        {group.label} <span className="count">({amount(group.count, approximate)})</span>
      </h2>
      <ol className="search-hits" start={first}>
        {group.hits.map((h) => (
          <ResultItem key={h.id} hit={h} />
        ))}
      </ol>
      {group.more ? (
        <p className="search-more-link">
          <a href={group.more} data-swap={SWAP}>
            {approximate ? `আরও ${group.label} দেখুন →` : `সব ${toBanglaDigits(group.count)}টি ${group.label} দেখুন →`}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function ResultItem({ hit }: { hit: Hit }) {
  const meta = [hit.where, hit.meta].filter(Boolean).join(" · ");
  return (
    <li className={`search-hit hit-${hit.kind}`}>
      <h3 className="hit-title">
        {hit.url ? (
          <a href={hit.url}>
            <Marked segments={hit.title} />
          </a>
        ) : (
          <Marked segments={hit.title} />
        )}
      </h3>
      {meta ? <p className="hit-meta">{meta}</p> : null}
      {hit.snippet ? (
        <p className="hit-snippet">
          <Marked segments={hit.snippet} />
        </p>
      ) : null}
    </li>
  );
}

function NoResults({ data }: { data: Extract<SearchPageData, { status: "none" }> }) {
  const kind = data.state.kind;
  return (
    <section className="search-none" aria-labelledby="search-none-h">
      <h2 id="search-none-h">{kind && data.total ? `${SEARCH_KIND_LABELS[kind]} পাওয়া যায়নি` : "কিছু পাওয়া যায়নি"}</h2>
      <ul>
        <li>বানান দেখে নিন, অথবা কম শব্দে খুঁজুন (যেমন শুধু “ত্রিকোণমিতি”)।</li>
        {data.active.length ? <li>ওপরের ছাঁকনি সরিয়ে দেখুন।</li> : null}
        <li>
          আরও উদাহরণ: <Examples />
        </li>
      </ul>
      <Suggestions starters={data.starters} subjects={data.subjects} />
    </section>
  );
}

const EXAMPLES = ["ত্রিকোণমিতি", "ঢাকা বোর্ড ২০১৯", "নিউটনের গতিসূত্র", "সমীকরণ"];

function Examples() {
  return (
    <>
      {EXAMPLES.map((q, i) => (
        <Fragment key={q}>
          {i ? ", " : ""}
          <a href={`/search?${new URLSearchParams({ q })}`}>{q}</a>
        </Fragment>
      ))}
      ।
    </>
  );
}

function Suggestions({ starters, subjects }: { starters: { id: number; name: string; subject: string }[]; subjects: { label: string; href: string }[] }) {
  return (
    <div className="search-suggestions">
      {subjects.length ? (
        <section aria-labelledby="suggest-subjects">
          <h2 id="suggest-subjects">বিষয়গুলো</h2>
          <ul className="link-grid">
            {subjects.map((s) => (
              <li key={s.href}>
                <a href={s.href}>{s.label}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {starters.length ? (
        <section aria-labelledby="suggest-topics">
          <h2 id="suggest-topics">পড়া শুরু করুন</h2>
          <ul className="link-grid">
            {starters.map((t) => (
              <li key={t.id}>
                <a href={`/title/${t.id}`}>
                  {t.name} <small className="muted">{t.subject}</small>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!subjects.length && !starters.length ? <p className="empty">এখনও কোনো বিষয় যোগ করা হয়নি।</p> : null}
    </div>
  );
}
