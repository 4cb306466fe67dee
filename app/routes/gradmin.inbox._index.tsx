// /gradmin/inbox: messages from the contact form, newest first; unread, read or all; searchable.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { formatDhakaDateTime } from "~/lib/dhaka-time";
import { optionalIdText, pageNumber, readQuery, z } from "~/lib/input";
import { requireStaff } from "~/utils/auth.server";
import { INBOX_PAGE_SIZE, listMessages, type InboxFilter } from "~/models/inbox.server";
import { Pager } from "~/components/admin-pager";

/** The inbox's URL: which messages, a search (its first 100 characters), the page; anything else reads as the default. */
const InboxQuery = z.object({
  show: z.enum(["all", "unread", "read"] as const satisfies readonly InboxFilter[]).catch("all"),
  q: z
    .string()
    .catch("")
    .default("")
    .transform((s) => s.trim().slice(0, 100)),
  page: pageNumber.pipe(z.number().max(10_000)).catch(10_000),
  deleted: optionalIdText,
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "inbox");
  const { show: filter, q, page, deleted } = readQuery(InboxQuery, new URL(request.url).searchParams);
  const { rows, total, unread } = await listMessages({ filter, q, page });
  return json({
    filter,
    q,
    page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    total,
    unread,
    deleted,
    rows: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, excerpt: r.message.slice(0, 120), read: r.handled, at: formatDhakaDateTime(new Date(r.createdAt)) })),
  });
}

export const meta: MetaFunction = () => [{ title: "বার্তা (Inbox) — Admin" }];

const FILTERS: [InboxFilter, string][] = [
  ["all", "সব (All)"],
  ["unread", "না-পড়া (Unread)"],
  ["read", "পড়া (Read)"],
];

export default function Inbox() {
  const d = useLoaderData<typeof loader>();
  const link = (change: Record<string, string | number>) => {
    const p = new URLSearchParams({ show: d.filter, q: d.q, page: String(d.page) });
    for (const [k, v] of Object.entries(change)) p.set(k, String(v));
    for (const [k, v] of [...p.entries()]) if (!v || (k === "page" && v === "1") || (k === "show" && v === "all")) p.delete(k);
    return `?${p}`;
  };
  return (
    <>
      <h1>
        বার্তা (Inbox) <span className="muted">({toBanglaDigits(d.unread)} না-পড়া · unread)</span>
      </h1>
      {d.deleted ? <Notice kind="ok">বার্তাটি মুছে ফেলা হয়েছে। (Message deleted.)</Notice> : null}
      <div className="list-tools">
        <nav aria-label="ছাঁকুন (Filter)" className="tabs">
          {FILTERS.map(([f, label]) => (
            <a key={f} href={link({ show: f, page: 1 })} aria-current={d.filter === f ? "page" : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <Form method="get" className="search-form" role="search">
          {d.filter !== "all" ? <input type="hidden" name="show" value={d.filter} /> : null}
          <label>
            <span className="sr-only">খুঁজুন (Search)</span>
            <input type="search" name="q" defaultValue={d.q} placeholder="নাম, ইমেইল বা লেখা (name, email or text)" />
          </label>
          <button type="submit" className="btn-secondary">
            খুঁজুন (Search)
          </button>
        </Form>
      </div>
      {d.rows.length === 0 ? (
        <p className="empty">{d.q || d.filter !== "all" ? "কিছু মেলেনি। (Nothing matches.)" : "এখনও কোনো বার্তা আসেনি। (No messages yet.)"}</p>
      ) : (
        <ul className="inbox-list">
          {d.rows.map((r) => (
            <li key={r.id} className={r.read ? "read" : "unread"}>
              <a href={`/gradmin/inbox/${r.id}`}>
                <strong>{r.name}</strong> &lt;{r.email}&gt; {r.read ? null : <span className="chip">নতুন (new)</span>}
                <span className="muted"> · {r.at}</span>
                <br />
                <span>{r.excerpt}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pager page={d.page} pages={d.pages} q={{ show: d.filter === "all" ? undefined : d.filter, q: d.q }} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
