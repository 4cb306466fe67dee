// /gradmin/content/{resource}: a paged, searchable, sortable list with its count. ?slug= (info pages)
// opens that row; a single-row resource (the footer) opens its one row.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, Notice } from "~/components/admin";
import type { FieldDef } from "~/lib/admin/fields";
import { PAGE_SIZE } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { notFound } from "~/lib/http.server";
import { requireResource } from "~/utils/admin-access.server";
import { choicesFor, findBy, listRows, plainText, readListQuery } from "~/models/admin/content.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def } = await requireResource(request, params.resource);
  const url = new URL(request.url);
  if (def.singleton) throw redirect(`/gradmin/content/${def.key}/1`);
  const slug = url.searchParams.get("slug");
  if (slug !== null && def.fields.some((f) => f.name === "slug")) {
    const id = await findBy(def, "slug", slug.trim().slice(0, 64));
    if (!id) throw notFound(`“${slug.slice(0, 64)}” slug-এর কিছু নেই। (Nothing with this slug.)`);
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
    rows: rows.map((r) => ({ id: Number(r.id), updatedAt: formatDhakaDateTime(new Date(r.updatedAt as string)), cells: fields.map((f) => cell(f, r[f.name])) })),
    total,
    query,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters: Object.entries(query.filters).map(([name, id]) => {
      const f = def.fields.find((x) => x.name === name)!;
      return { name, label: f.label, value: f.kind === "ref" ? refLabels[f.ref]?.[String(id)] ?? `#${id}` : String(id) };
    }),
    deleted: url.searchParams.get("deleted"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.many ?? "কনটেন্ট"} — Admin` }];

export default function ResourceList() {
  const { key, one, many, searchable, columns, rows, total, query, pages, filters, deleted } = useLoaderData<typeof loader>();
  const link = (change: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    if (query.q) p.set("q", query.q);
    for (const [k, v] of Object.entries(query.filters)) p.set(k, String(v));
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
      {deleted ? <Notice kind="ok">মুছে ফেলা হয়েছে। (Deleted.)</Notice> : null}
      <div className="list-tools">
        <a className="btn-primary" href={`/gradmin/content/${key}/new`}>
          + নতুন {one}
        </a>
        {searchable ? (
          <Form method="get" className="search-form" role="search">
            {Object.entries(query.filters).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <label>
              <span className="sr-only">খুঁজুন (Search)</span>
              <input type="search" name="q" defaultValue={query.q} placeholder="খুঁজুন: নাম বা আইডি (Search: name or id)" />
            </label>
            <button type="submit" className="btn-secondary">
              খুঁজুন (Search)
            </button>
          </Form>
        ) : null}
      </div>
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
      {rows.length === 0 ? (
        <p className="empty">{query.q || filters.length ? "কিছু মেলেনি। (Nothing matches.)" : "এখনও কিছু নেই। (Nothing yet.)"}</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
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
