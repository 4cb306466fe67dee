// /gradmin/content/{resource}: a paged, searchable, sortable list with its count. ?slug= (info pages)
// opens that row; a single-row resource (the footer) opens its one row.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminErrorBoundary, Notice } from "~/components/admin";
import type { FieldDef, Option } from "~/lib/admin/fields";
import { BOARD_CODES } from "~/lib/board-year";
import { PAGE_SIZE } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { notFound } from "~/lib/http.server";
import { optionalIdText, readQuery, wholeText, z } from "~/lib/input";
import { requireResource } from "~/utils/admin-access.server";
import { choicesFor, findBy, listRows, plainText, readListQuery, refChoicesOf } from "~/models/admin/content.server";
import { bulkActionsOf, BULK_LABELS, type BulkAction } from "~/lib/admin/bulk";
import { BankFilterFields } from "~/components/bank-filter-fields";

/** ?slug= opens that row (its first 64 characters are looked up); ?deleted= is the notice after a delete. */
const OpenQuery = z.object({
  slug: z
    .string()
    .optional()
    .transform((s) => s?.slice(0, 64)),
  deleted: optionalIdText,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def } = await requireResource(request, params.resource);
  const url = new URL(request.url);
  if (def.singleton) throw redirect(`/gradmin/content/${def.key}/1`);
  const { slug, deleted } = readQuery(OpenQuery, url.searchParams);
  if (slug !== undefined && def.fields.some((f) => f.name === "slug")) {
    const id = await findBy(def, "slug", slug.trim());
    if (!id) throw notFound(`“${slug}” slug-এর কিছু নেই। (Nothing with this slug.)`);
    throw redirect(`/gradmin/content/${def.key}/${id}`);
  }
  const query = readListQuery(def, url);
  const [{ rows, total }, choices] = await Promise.all([listRows(def, query), choicesFor(def)]);
  const refLabels: Record<string, Record<string, string>> = {};
  for (const [ref, list] of Object.entries(choices)) refLabels[ref] = Object.fromEntries(list.map((o) => [o.value, o.label]));
  const fields = def.list.map((name) => def.fields.find((f) => f.name === name)!);
  const cell = (f: FieldDef, v: unknown): string => {
    if (v === null || v === undefined || v === "") return "—";
    if (f.kind === "ref") return refLabels[f.ref]?.[String(v)] ?? `#${v}`;
    if (f.kind === "html") return plainText(v, 90) || "—";
    if (f.kind === "datetime") return formatDhakaDateTime(new Date(v as string));
    if (f.kind === "select") return f.options.find((o) => o.value === v)?.label ?? String(v);
    return plainText(v, 90);
  };
  return json({
    key: def.key,
    one: def.one,
    many: def.many,
    searchable: def.search.length > 0,
    columns: fields.map((f) => ({ name: f.name, label: f.label, sortable: def.sorts.includes(f.name) })),
    rows: rows.map((r) => ({
      id: Number(r.id),
      updatedAt: formatDhakaDateTime(new Date(r.updatedAt as string)),
      // Scheduled: when it goes live (Bangladesh time) beside the state.
      cells: fields.map((f) => (f.name === "status" && r.status === "scheduled" && r.publishAt ? `${cell(f, r.status)} ${formatDhakaDateTime(new Date(r.publishAt as string))}` : cell(f, r[f.name]))),
    })),
    total,
    query,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters: Object.entries(query.filters).map(([name, id]) => {
      const f = def.fields.find((x) => x.name === name)!;
      const value = f.kind === "ref" ? refLabels[f.ref]?.[String(id)] ?? `#${id}` : f.kind === "select" ? f.options.find((o) => o.value === id)?.label ?? String(id) : String(id);
      return { name, label: f.label, value };
    }),
    controls: filterControls(def.filters ?? [], def.fields, choices, url.searchParams),
    bank: query.bank,
    boards: def.key === "questions" ? Object.entries(BOARD_CODES).map(([value, b]) => ({ value, label: `${b.name} (${value})` })) : [],
    deleted,
    bulkActions: bulkActionsOf(def.key),
    chapterTargets: bulkActionsOf(def.key).includes("move") ? listable(choices.chapters ?? []) : [],
    setTargets: bulkActionsOf(def.key).includes("add-to-set") ? listable(await refChoicesOf("question-sets")) : [],
    bulkDone: readQuery(BulkDone, url.searchParams),
  });
}

/** The notice after a bulk action: which, and on how many. */
const BulkDone = z.object({
  bulk: z.enum(["delete", "move", "add-to-set", "publish", "unpublish"]).optional().catch(undefined),
  n: z
    .string()
    .optional()
    .transform((v) => wholeText().safeParse(v ?? "").data ?? 0),
});

/** A ref list longer than this gets a box that narrows it (typed text, sent with the filter). */
const SEARCHABLE_FROM = 30;
/**
 * At most this many choices go into a page: a large site has thousands of chapters and question sets,
 * and every one as an <option> (twice, with the data the page hydrates from) made the topic list 1.2 MB.
 * Past it the find box narrows on the server, and a bulk target is asked by id (its confirmation names it).
 */
const LISTED_UP_TO = 300;

/**
 * The list's filter dropdowns: one per filter field, its choices (a ref's rows, a select's options).
 * A long ref list is narrowed by ?{name}_q= (what was typed in its find box): the chosen value stays.
 */
function filterControls(names: readonly string[], fields: readonly FieldDef[], choices: Record<string, Option[]>, params: URLSearchParams) {
  return names.flatMap((name) => {
    const f = fields.find((x) => x.name === name);
    if (!f || (f.kind !== "ref" && f.kind !== "select")) return [];
    const all = f.kind === "ref" ? choices[f.ref] ?? [] : f.options;
    const chosen = params.get(name) ?? "";
    const needle = (params.get(`${name}_q`) ?? "").trim().slice(0, 60);
    const matches = needle ? all.filter((o) => o.value === chosen || o.label.toLowerCase().includes(needle.toLowerCase())) : all;
    const options = matches.length > LISTED_UP_TO ? [...matches.filter((o) => o.value === chosen), ...matches.filter((o) => o.value !== chosen).slice(0, LISTED_UP_TO)] : matches;
    return [{ name, label: f.label, options, more: matches.length - options.length, chosen, needle, searchable: f.kind === "ref" && all.length > SEARCHABLE_FROM }];
  });
}

/** A bulk action's targets as a dropdown, or null when there are too many to list (then asked by id). */
const listable = (targets: Option[]) => (targets.length > LISTED_UP_TO ? null : targets);

const BULK_DONE: Record<BulkAction, (n: string) => string> = {
  delete: (n) => `${toBanglaDigits(n)}টি ট্র্যাশে সরানো হয়েছে। (${n} moved to the trash.)`,
  move: (n) => `${toBanglaDigits(n)}টি অন্য অধ্যায়ে সরানো হয়েছে। (${n} moved to the chapter.)`,
  "add-to-set": (n) => `${toBanglaDigits(n)}টি প্রশ্ন সেটে যোগ হয়েছে। (${n} added to the set.)`,
  publish: (n) => `${toBanglaDigits(n)}টি প্রকাশিত হয়েছে। (${n} published.)`,
  unpublish: (n) => `${toBanglaDigits(n)}টি খসড়া হয়েছে। (${n} made drafts.)`,
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.many ?? "কনটেন্ট"} — Admin` }];

export default function ResourceList() {
  const { key, one, many, searchable, columns, rows, total, query, pages, filters, deleted, controls, bank, boards, bulkActions, chapterTargets, setTargets, bulkDone } =
    useLoaderData<typeof loader>();
  const [needles, setNeedles] = useState<Record<string, string>>(() => Object.fromEntries(controls.map((c) => [c.name, c.needle])));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const bankEntries = bank ? Object.entries(bank).filter(([, v]) => v !== undefined && v !== null) : [];
  const link = (change: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    if (query.q) p.set("q", query.q);
    for (const [k, v] of Object.entries(query.filters)) p.set(k, String(v));
    for (const [k, v] of bankEntries) p.set(k, String(v));
    p.set("sort", query.sort);
    p.set("dir", query.dir);
    p.set("page", String(query.page));
    for (const [k, v] of Object.entries(change)) (v === null ? p.delete(k) : p.set(k, String(v)));
    if (p.get("page") === "1") p.delete("page");
    return `?${p}`;
  };
  const sortLink = (name: string) => link({ sort: name, dir: query.sort === name && query.dir === "asc" ? "desc" : "asc", page: 1 });
  const ariaSort = (name: string) => (query.sort === name ? (query.dir === "asc" ? "ascending" : "descending") : undefined);
  return (
    <>
      <p>
        <a href="/gradmin/content">← কনটেন্ট (Content)</a>
      </p>
      <h1>
        {many} <span className="muted">({toBanglaDigits(total)})</span>
      </h1>
      {deleted ? (
        <>
          <Notice kind="ok">মুছে ফেলা হয়েছে। (Deleted.)</Notice>
          <p>
            ৩০ দিন পর্যন্ত <a href="/gradmin/trash">ট্র্যাশ (Trash)</a> থেকে ফিরিয়ে আনা যাবে। (It can be restored from the Trash for 30 days.)
          </p>
        </>
      ) : null}
      <div className="list-tools">
        <a className="btn-primary" href={`/gradmin/content/${key}/new`}>
          + নতুন {one}
        </a>
      </div>
      {searchable || controls.length || bank ? (
        <Form method="get" className="admin-form list-filter" role="search" aria-label="ছাঁকুন ও খুঁজুন (Filter and search)">
          <div className="filter-grid">
            {searchable ? (
              <label>
                <span>খুঁজুন: লেখা বা আইডি, যেমন #5 (Search: text or id, e.g. #5)</span>
                <input type="search" name="q" defaultValue={query.q} />
              </label>
            ) : null}
            {controls.map((c) => (
              <div key={c.name} className="filter-control">
                {c.searchable ? (
                  <label>
                    <span>{c.label}: খুঁজুন (find)</span>
                    <input
                      type="search"
                      name={`${c.name}_q`}
                      value={needles[c.name] ?? ""}
                      onChange={(e) => setNeedles((n) => ({ ...n, [c.name]: e.target.value }))}
                      aria-describedby={hydrated && !c.more ? undefined : `${c.name}-find-hint`}
                    />
                    {c.more ? (
                      <span id={`${c.name}-find-hint`} className="muted">
                        আরও {toBanglaDigits(c.more)}টি তালিকায় নেই: লিখে "ছাঁকুন" চাপুন। ({c.more} more not listed: type and press Filter.)
                      </span>
                    ) : hydrated ? null : (
                      <span id={`${c.name}-find-hint`} className="muted">
                        লিখে "ছাঁকুন" চাপলে নিচের তালিকা ছোট হবে। (Type and press Filter to narrow the list below.)
                      </span>
                    )}
                  </label>
                ) : null}
                <label>
                  <span>{c.label}</span>
                  <select name={c.name} defaultValue={c.chosen}>
                    <option value="">সব (Any)</option>
                    {c.options.map((o) => {
                      const needle = (needles[c.name] ?? "").toLowerCase();
                      const hidden = hydrated && !!needle && o.value !== c.chosen && !o.label.toLowerCase().includes(needle);
                      return (
                        <option key={o.value} value={o.value} hidden={hidden}>
                          {o.label}
                        </option>
                      );
                    })}
                  </select>
                </label>
              </div>
            ))}
            {bank ? <BankFilterFields values={bank} boards={boards} /> : null}
          </div>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <div className="form-actions">
            <button type="submit" className="btn-secondary">
              ছাঁকুন (Filter)
            </button>
            {query.q || filters.length || bankEntries.length ? <a href={`/gradmin/content/${key}`}>সব ফিল্টার বাদ (Clear filters)</a> : null}
          </div>
        </Form>
      ) : null}
      {filters.length ? (
        <p>
          ছাঁকা (Filtered):{" "}
          {filters.map((f) => (
            <span key={f.name} className="chip">
              {f.label}: {f.value} <a href={link({ [f.name]: null, page: 1 })} aria-label={`ফিল্টার বাদ দিন (Remove filter) ${f.label}`}>✕</a>
            </span>
          ))}
        </p>
      ) : null}
      {bulkDone.bulk ? <Notice kind="ok">{BULK_DONE[bulkDone.bulk](String(bulkDone.n))}</Notice> : null}
      {rows.length === 0 ? (
        <p className="empty">{query.q || filters.length || bankEntries.length ? "কিছু মেলেনি। (Nothing matches.)" : "এখনও কিছু নেই। (Nothing yet.)"}</p>
      ) : (
        <form method="get" action={`/gradmin/content/${key}/bulk`} className="bulk-form" aria-label="একসাথে অনেকগুলো (Bulk action)">
          {/* The list's filter goes along, for "all matching". */}
          {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
          {Object.entries(query.filters).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {bankEntries.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={String(v)} />
          ))}
          <fieldset className="bulk-tools">
            <legend>টিক দেওয়া সারি নিয়ে (With the ticked rows)</legend>
            <label className="check">
              <input type="checkbox" name="all" value="1" />
              <span>
                এই ফিল্টারে মেলা সব {toBanglaDigits(total)}টি (All {total} matching this filter)
              </span>
            </label>
            <label>
              <span>কী করবেন (Action)</span>
              <select name="action" defaultValue={bulkActions[0]}>
                {bulkActions.map((a) => (
                  <option key={a} value={a}>
                    {BULK_LABELS[a as BulkAction]}
                  </option>
                ))}
              </select>
            </label>
            {chapterTargets === null ? (
              <TargetById name="toChapter" label="যে অধ্যায়ে সরাবেন: আইডি (Chapter to move to: id)" list="chapters" />
            ) : chapterTargets.length ? (
              <label>
                <span>যে অধ্যায়ে সরাবেন (Chapter to move to)</span>
                <select name="toChapter" defaultValue="">
                  <option value="">—</option>
                  {chapterTargets.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {setTargets === null ? (
              <TargetById name="toSet" label="যে সেটে যোগ করবেন: আইডি (Set to add to: id)" list="question-sets" />
            ) : setTargets.length ? (
              <label>
                <span>যে সেটে যোগ করবেন (Set to add to)</span>
                <select name="toSet" defaultValue="">
                  <option value="">—</option>
                  {setTargets.map((o) => (
                    <option key={o.value} value={o.value}>
                      #{o.value} {o.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <button type="submit" className="btn-secondary">
              এগিয়ে যান (Continue)
            </button>
          </fieldset>
          <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>
                  <span className="sr-only">বাছাই (Pick)</span>
                </th>
                <th aria-sort={ariaSort("id")}>
                  <a href={sortLink("id")}>আইডি (Id)</a>
                </th>
                {columns.map((c) => (
                  <th key={c.name} aria-sort={ariaSort(c.name)}>
                    {c.sortable ? <a href={sortLink(c.name)}>{c.label}</a> : c.label}
                  </th>
                ))}
                <th aria-sort={ariaSort("updatedAt")}>
                  <a href={sortLink("updatedAt")}>শেষ পরিবর্তন (Changed)</a>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input type="checkbox" name="ids" value={r.id} aria-label={`#${r.id} বাছাই (Pick #${r.id})`} />
                  </td>
                  <td>
                    <a href={`/gradmin/content/${key}/${r.id}`}>#{r.id}</a>
                  </td>
                  {r.cells.map((c, i) => (
                    <td key={columns[i].name}>{i === 0 ? <a href={`/gradmin/content/${key}/${r.id}`}>{c}</a> : c}</td>
                  ))}
                  <td>{r.updatedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </form>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="পাতা (Pages)">
          {query.page > 1 ? <a href={link({ page: query.page - 1 })}>← আগের (Previous)</a> : null}
          <span>
            পাতা {toBanglaDigits(query.page)} / {toBanglaDigits(pages)}
          </span>
          {query.page < pages ? <a href={link({ page: query.page + 1 })}>পরের (Next) →</a> : null}
        </nav>
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

/** A bulk target too many to list: its id, found in that list; the confirmation names what it is. */
function TargetById({ name, label, list }: { name: string; label: string; list: string }) {
  return (
    <label>
      <span>{label}</span>
      <input type="number" name={name} min={1} inputMode="numeric" aria-describedby={`${name}-hint`} />
      <span id={`${name}-hint`} className="muted">
        আইডি <a href={`/gradmin/content/${list}`}>তালিকায়</a> খুঁজে নিন; নিশ্চিত করার পাতায় নামটি দেখাবে। (Find the id in{" "}
        <a href={`/gradmin/content/${list}`}>the list</a>; the confirmation shows its name.)
      </span>
    </label>
  );
}
