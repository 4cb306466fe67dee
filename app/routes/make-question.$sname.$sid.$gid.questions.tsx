import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { katexLinks } from "~/styles/katex";
import { BankItem, StepBar } from "~/components/make-question";
import { Breadcrumb } from "~/components/papers";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { BOARD_CODES } from "~/lib/board-year";
import { readQuery } from "~/lib/input";
import {
  BANK_QUERY_LISTS,
  bankOrder,
  BankQuery,
  DIFFICULTY_LABEL,
  MAX_CREATIVE,
  MAX_MCQ,
  MAX_PER_CHAPTER,
  matchesFilters,
  onePerStem,
  PAGE_SIZE,
  randomPick,
  stepQuery,
  UNCHAPTERED,
  type Difficulty,
} from "~/lib/make-question";
import { seo } from "~/lib/meta";
import { bankScope, chaptersOf } from "~/models/make-question.server";
import { sealKeys } from "~/models/answer-keys.server";
import { getQuestions, listBankEntries } from "~/models/questions.server";
import { requireSubjectGrade } from "~/utils/subject-grade.server";
import papersStyles from "~/styles/papers.css";
import makeQuestionStyles from "~/styles/make-question.css";

export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: papersStyles },
  { rel: "stylesheet", href: makeQuestionStyles },
];

/**
 * Step 2, /make-question/{sname}/{sid}/{gid}/questions?ch=1&ch=2&type=&board=&year=&difficulty=&q=..:
 * the bank of the chosen chapters (all when none), filtered by type, board and year (the source rows)
 * and difficulty; the teacher ticks questions (q), or asks for N random ones per chapter
 * (random=1&nm=5&nc=1&seed=1: the same URL picks the same ones). One GET form: filtering keeps the
 * ticks, and its last button goes on to step 3 with them. 7 round trips whatever the bank's size.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { subject, sid, gid, base } = await requireSubjectGrade({ params, request }, "make-question", "/questions");
  const query = readQuery(BankQuery, new URL(request.url).searchParams, BANK_QUERY_LISTS);
  const chapters = await chaptersOf(sid, gid);
  const chosen = query.filters.chapters.filter((id) => id === UNCHAPTERED || chapters.some((c) => c.id === id));
  const filters = { ...query.filters, chapters: chosen };
  const order = chapters.map((c) => c.id);
  const entries = await listBankEntries(bankScope(sid, gid, chapters, chosen));
  // A question entered more than once is listed (and picked at random) once, with its count.
  const { kept: matching, copies } = onePerStem(bankOrder(entries.filter((e) => matchesFilters(e, filters)), order));

  const inScope = new Set(entries.map((e) => e.id));
  const selected = query.random
    ? randomPick(matching, query.perChapter, query.seed, order)
    : query.selected.filter((id) => inScope.has(id));

  const lists = (["mcq", "creative"] as const).map((type) => {
    const all = matching.filter((e) => e.type === type);
    const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
    const page = Math.min(type === "mcq" ? query.page : query.cpage, pages);
    return { type, total: all.length, page, pages, from: (page - 1) * PAGE_SIZE, ids: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((e) => e.id) };
  });
  const shownIds = lists.flatMap((l) => l.ids);
  // The bank marks each MCQ's key for the teacher, except a key an exam still seals (this page is public).
  const shown = await sealKeys(await getQuestions({ ids: shownIds, within: bankScope(sid, gid, chapters, chosen) }));
  const byId = new Map(shown.map((q) => [q.id, q]));
  const difficultyOf = new Map(entries.map((e) => [e.id, e.difficulty]));
  const typeOf = new Map(entries.map((e) => [e.id, e.type]));
  const shownSet = new Set(shownIds);

  // What the filters can offer: the boards, years and difficulties the chosen chapters' questions have.
  const boardCounts = new Map<string, number>();
  const years = new Set<number>();
  const difficulties = new Set<Difficulty>();
  for (const e of entries) {
    for (const b of new Set(e.sources.map((s) => s.board))) boardCounts.set(b, (boardCounts.get(b) ?? 0) + 1);
    for (const s of e.sources) years.add(s.year);
    if (e.difficulty) difficulties.add(e.difficulty);
  }
  const boardCodes = Object.keys(BOARD_CODES);
  const boards = [...boardCounts]
    .filter(([code]) => code !== "all" && Object.hasOwn(BOARD_CODES, code))
    .sort(([a], [b]) => boardCodes.indexOf(a) - boardCodes.indexOf(b))
    .map(([code, n]) => ({ code, name: BOARD_CODES[code].name, n }));
  if (filters.board && !boards.some((b) => b.code === filters.board)) boards.push({ code: filters.board, name: BOARD_CODES[filters.board]?.name ?? filters.board, n: 0 });

  return json({
    subject,
    base,
    chapters: chapters.filter((c) => chosen.includes(c.id)).concat(chosen.includes(UNCHAPTERED) ? [{ id: UNCHAPTERED, name: "অধ্যায়হীন প্রশ্ন" }] : []),
    chapterNames: Object.fromEntries(chapters.map((c) => [c.id, c.name])),
    filters,
    options: { boards, years: [...years].sort((a, b) => b - a), difficulties: (["easy", "medium", "hard"] as const).filter((d) => difficulties.has(d)) },
    lists: lists.map((l) => ({
      ...l,
      questions: l.ids.flatMap((id) => {
        const q = byId.get(id);
        return q ? [{ ...withoutExplanation(q), difficulty: difficultyOf.get(id) ?? null, copies: copies.get(id) ?? 1 }] : [];
      }),
    })),
    selected: {
      ids: selected,
      hidden: selected.filter((id) => !shownSet.has(id)),
      mcq: selected.filter((id) => typeOf.get(id) === "mcq").length,
      creative: selected.filter((id) => typeOf.get(id) === "creative").length,
    },
    random: { on: query.random, perChapter: query.perChapter, seed: query.seed },
    bankSize: entries.length,
  });
}

function withoutExplanation<T extends { explanationHtml: string | null }>({ explanationHtml: _e, ...q }: T) {
  return q;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...seo(matches, {
    title: data ? `প্রশ্ন বাছাই — ${data.subject.sname} (${data.subject.gname})` : null,
    description: data ? `${data.subject.sname} (${data.subject.gname}): বোর্ড, সাল ও কঠিনতা অনুযায়ী প্রশ্ন ছেঁকে প্রশ্নপত্রের জন্য বাছাই করুন।` : null,
  }),
  // Every combination of filters is a URL: keep them out of search indexes.
  { name: "robots", content: "noindex" },
];

export default function MakeQuestionBank() {
  const { subject, base, chapters, chapterNames, filters, options, lists, selected, random, bankSize } = useLoaderData<typeof loader>();
  const step1 = `${base}${stepQuery(filters.chapters.map((c) => ["ch", c]))}`;
  const manyChapters = filters.chapters.length !== 1;
  const [mcq, creative] = lists;
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { href: "/questionpaper", label: "Make Question" },
          { href: base, label: `${subject.sname} (${subject.gname})` },
          { label: "প্রশ্ন বাছাই" },
        ]}
      />
      <StepBar current={2} hrefs={[step1, null, null, null]} />
      <h1 className="mq-title">ধাপ ২: প্রশ্ন বাছাই — {subject.sname} ({subject.gname})</h1>
      <p className="mq-chosen">
        অধ্যায়: {chapters.length ? chapters.map((c) => c.name).join(", ") : "পুরো সিলেবাস"} · <a href={step1}>অধ্যায় বদলান</a>
      </p>

      <form method="get" action={`${base}/questions`} className="mq-form" aria-label="প্রশ্ন ছাঁকুন ও বাছাই করুন">
        {filters.chapters.map((c) => (
          <input key={c} type="hidden" name="ch" value={c} />
        ))}
        <section className="panel mq-section" aria-labelledby="filter-h">
          <h2 id="filter-h">ছাঁকুন</h2>
          <div className="mq-row">
            <label>
              <span>প্রশ্নের ধরন</span>
              <select name="type" defaultValue={filters.type ?? ""}>
                <option value="">সব ধরন</option>
                <option value="mcq">বহুনির্বাচনি</option>
                <option value="creative">সৃজনশীল</option>
              </select>
            </label>
            <label>
              <span>বোর্ড</span>
              <select name="board" defaultValue={filters.board ?? ""}>
                <option value="">সকল বোর্ড</option>
                {options.boards.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name} ({toBanglaDigits(b.n)})
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>সাল</span>
              <select name="year" defaultValue={filters.year ?? ""}>
                <option value="">সব সাল</option>
                {options.years.map((y) => (
                  <option key={y} value={y}>
                    {toBanglaDigits(y)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>কঠিনতা</span>
              <select name="difficulty" defaultValue={filters.difficulty ?? ""}>
                <option value="">যেকোনো</option>
                {options.difficulties.map((d) => (
                  <option key={d} value={d}>
                    {DIFFICULTY_LABEL[d]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn">
              ছাঁকুন
            </button>
          </div>
          <p className="muted">বোর্ড বা সাল বাছলে সেই বোর্ডের (বা সকল বোর্ডের) সেই সালের প্রশ্ন দেখাবে; কঠিনতা বাছলে শুধু যেসব প্রশ্নে কঠিনতা দেওয়া আছে।</p>
        </section>

        <section className="panel mq-section" aria-labelledby="random-h">
          <h2 id="random-h">এলোমেলো বাছাই</h2>
          <div className="mq-row">
            <label>
              <span>প্রতি অধ্যায় থেকে বহুনির্বাচনি</span>
              <input type="number" name="nm" min={0} max={MAX_PER_CHAPTER} step={1} inputMode="numeric" defaultValue={random.perChapter.mcq} />
            </label>
            <label>
              <span>প্রতি অধ্যায় থেকে সৃজনশীল</span>
              <input type="number" name="nc" min={0} max={MAX_PER_CHAPTER} step={1} inputMode="numeric" defaultValue={random.perChapter.creative} />
            </label>
            <label>
              <span>এলোমেলো নম্বর</span>
              <input type="number" name="seed" min={1} max={999999} step={1} inputMode="numeric" defaultValue={random.seed} />
            </label>
            <button type="submit" name="random" value="1" className="btn btn-secondary">
              এলোমেলো বাছাই করুন
            </button>
          </div>
          <p className="muted">
            ছাঁকা প্রশ্ন থেকে প্রতি অধ্যায়ের জন্য এতগুলো প্রশ্ন বাছাই হবে (আগের টিকগুলোর বদলে)। একই নম্বরে একই প্রশ্ন আসে; অন্য প্রশ্ন পেতে নম্বরটি বদলান।
          </p>
          {random.on ? (
            <p className="mq-note" role="status">
              এলোমেলোভাবে {toBanglaDigits(selected.ids.length)}টি প্রশ্ন বাছাই করা হয়েছে। দরকার হলে টিক বদলান।
            </p>
          ) : null}
        </section>

        {selected.hidden.map((id) => (
          <input key={id} type="hidden" name="q" value={id} />
        ))}

        <p className="mq-summary" role="status">
          {bankSize === 0
            ? "এই অধ্যায়গুলোতে এখনও কোনো প্রশ্ন নেই।"
            : `বাছাই করা: ${toBanglaDigits(selected.mcq)}টি বহুনির্বাচনি, ${toBanglaDigits(selected.creative)}টি সৃজনশীল` +
              (selected.hidden.length ? ` (এর ${toBanglaDigits(selected.hidden.length)}টি এই তালিকায় দেখানো হচ্ছে না, তবুও রাখা আছে)` : "")}
        </p>

        {lists.map((l) =>
          filters.type && filters.type !== l.type ? null : (
            <section key={l.type} className="panel mq-section" aria-labelledby={`${l.type}-h`}>
              <h2 id={`${l.type}-h`}>
                {l.type === "mcq" ? "বহুনির্বাচনি প্রশ্ন" : "সৃজনশীল প্রশ্ন"}{" "}
                <span className="muted">({toBanglaDigits(l.total)}টি মিলেছে)</span>
              </h2>
              {l.total === 0 ? (
                <p className="empty">এই ছাঁকনিতে কোনো {l.type === "mcq" ? "বহুনির্বাচনি" : "সৃজনশীল"} প্রশ্ন পাওয়া যায়নি।</p>
              ) : (
                <ol className="mq-bank">
                  {l.questions.map((q, i) => (
                    <BankItem
                      key={q.id}
                      question={q}
                      number={toBanglaDigits(l.from + i + 1)}
                      chapter={manyChapters && q.chapterId !== null ? chapterNames[q.chapterId] : null}
                      checked={selected.ids.includes(q.id)}
                      copies={q.copies}
                    />
                  ))}
                </ol>
              )}
              {l.pages > 1 ? (
                <nav className="mq-pager" aria-label={l.type === "mcq" ? "বহুনির্বাচনি প্রশ্নের পাতা" : "সৃজনশীল প্রশ্নের পাতা"}>
                  <input type="hidden" name={l.type === "mcq" ? "cpage" : "page"} value={(l.type === "mcq" ? creative : mcq).page} />
                  {l.page > 1 ? (
                    <button type="submit" className="btn btn-secondary" name={l.type === "mcq" ? "page" : "cpage"} value={l.page - 1}>
                      ← আগের পাতা
                    </button>
                  ) : (
                    <span />
                  )}
                  <span>
                    পাতা {toBanglaDigits(l.page)} / {toBanglaDigits(l.pages)}
                  </span>
                  {l.page < l.pages ? (
                    <button type="submit" className="btn btn-secondary" name={l.type === "mcq" ? "page" : "cpage"} value={l.page + 1}>
                      পরের পাতা →
                    </button>
                  ) : (
                    <span />
                  )}
                </nav>
              ) : null}
            </section>
          ),
        )}

        <div className="panel mq-next">
          <p className="muted">
            সর্বোচ্চ {toBanglaDigits(MAX_MCQ)}টি বহুনির্বাচনি ও {toBanglaDigits(MAX_CREATIVE)}টি সৃজনশীল প্রশ্ন নেওয়া যায়। পরের ধাপে শিরোনাম, সময়, পূর্ণমান ও সেটের সংখ্যা দেবেন।
          </p>
          <button type="submit" className="btn" formAction={`${base}/settings`}>
            পরবর্তী ধাপ: সেটিংস →
          </button>
        </div>
      </form>
    </div>
  );
}
