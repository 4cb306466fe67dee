// /gradmin/content/{resource}/bulk: a bulk action on ticked rows, or on every row a list's filter
// matches. The list's form opens this page with GET (what, on which, where to), which names the count
// and asks; its form posts the same choices, and the action runs in one transaction, audited, moving
// the content version, then returns to the list with its filter. Works the same without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary, CsrfInput, Notice } from "~/components/admin";
import { bulkActionsOf, type BulkAction } from "~/lib/admin/bulk";
import type { ResourceDef } from "~/lib/admin/resources";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { badRequest, notFound } from "~/lib/http.server";
import { fieldsOf, flagText, idText, z } from "~/lib/input";
import { requireAdminForm } from "~/utils/auth.server";
import { requireResource } from "~/utils/admin-access.server";
import { BULK_MAX, bulkAddToSet, bulkMove, bulkPublication, bulkTrash, matchingIds, namesOf, readListQuery, refChoicesOf, type BulkOutcome, type ListQuery } from "~/models/admin/content.server";

const BulkChoice = z.object({
  action: z.enum(["delete", "move", "add-to-set", "publish", "unpublish"], {
    message: "কী করবেন বেছে নিন। (Choose an action.)",
  }),
  ids: z.array(z.string()).transform((list) => [...new Set(list.flatMap((v) => idText.safeParse(v).data ?? []))]),
  all: flagText,
  toChapter: z
    .string()
    .optional()
    .transform((v) => idText.safeParse(v ?? "").data),
  toSet: z
    .string()
    .optional()
    .transform((v) => idText.safeParse(v ?? "").data),
  count: z
    .string()
    .optional()
    .transform((v) => idText.safeParse(v ?? "").data),
});
type Choice = z.output<typeof BulkChoice>;

/** The list's own query (its filter, search and sort) as the list reads it, to go back to. */
function listHref(def: ResourceDef, query: ListQuery, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  for (const [k, v] of Object.entries(query.filters)) p.set(k, String(v));
  for (const [k, v] of Object.entries(query.bank ?? {})) if (v !== undefined && v !== null) p.set(k, String(v));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return `/gradmin/content/${def.key}${s ? `?${s}` : ""}`;
}

/** The choice read and checked: which rows, and the target the action needs. A 400 says what is missing. */
async function resolve(def: ResourceDef, params: URLSearchParams) {
  const parsed = BulkChoice.safeParse(fieldsOf(params, ["ids"]));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Bad Request");
  const choice = parsed.data;
  const allowed = bulkActionsOf(def.key);
  if (!allowed.includes(choice.action)) throw badRequest("এখানে এই কাজটি করা যায় না। (This action is not available here.)");
  if (choice.action === "move" && !choice.toChapter) throw badRequest("কোন অধ্যায়ে সরাবেন বেছে নিন। (Choose the chapter to move to.)");
  if (choice.action === "add-to-set" && !choice.toSet) throw badRequest("কোন প্রশ্নসেটে যোগ করবেন বেছে নিন। (Choose the question set to add to.)");
  const query = readListQuery(def, new URL(`http://list/?${params}`));
  let ids: number[];
  let total: number;
  if (choice.all) {
    ({ ids, total } = await matchingIds(def, query));
    if (total > BULK_MAX) throw badRequest(`একবারে সর্বোচ্চ ${BULK_MAX}টি; ফিল্টার ছোট করুন। (At most ${BULK_MAX} at once: narrow the filter.)`);
  } else {
    ids = (await namesOf(def, choice.ids.slice(0, BULK_MAX))).map((r) => r.id);
    total = ids.length;
  }
  if (!ids.length) throw badRequest("কোনো সারি বাছাই করা হয়নি। (No rows were chosen.)");
  return { choice, query, ids, total };
}

async function targetName(choice: Choice) {
  if (choice.action === "move") return (await refChoicesOf("chapters")).find((c) => c.value === String(choice.toChapter))?.label ?? null;
  if (choice.action === "add-to-set") return (await refChoicesOf("question-sets")).find((c) => c.value === String(choice.toSet))?.label ?? null;
  return "";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { def, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  const url = new URL(request.url);
  const { choice, query, ids, total } = await resolve(def, url.searchParams);
  const target = await targetName(choice);
  if (target === null) throw badRequest("এই লক্ষ্যটি আর নেই। (That target no longer exists.)");
  return json({
    key: def.key,
    many: def.many,
    csrf,
    choice,
    total,
    sample: await namesOf(def, ids.slice(0, 20)),
    target,
    back: listHref(def, query),
    // What the confirmation posts: the same choice (and, for "all matching", the same filter).
    hidden: [...url.searchParams.entries()].filter(([k]) => k !== "count"),
  });
}

/** Nothing was done (409): why, and the rows that hold it up, each linked. */
const refusal = (error: string, blockers: { href: string; label: string }[] = []) => json({ error, blockers }, { status: 409 });

export async function action({ request, params }: ActionFunctionArgs) {
  const { def, staff, csrf } = await requireResource(request, params.resource);
  if (def.singleton) throw notFound();
  const form = await requireAdminForm(request, csrf);
  form.delete("csrf");
  const { choice, query, ids, total } = await resolve(def, form);
  // "All matching" is what matches now: if that is not the count that was confirmed, ask again.
  if (choice.all && choice.count !== total) {
    return refusal(`এর মধ্যে মিলে যাওয়া সারির সংখ্যা বদলেছে: এখন ${total}টি। আবার দেখে নিশ্চিত করুন। (The matching rows changed meanwhile: now ${total}. Check and confirm again.)`);
  }
  const outcome: BulkOutcome =
    choice.action === "move"
      ? await bulkMove(def, ids, choice.toChapter!, staff.id)
      : choice.action === "add-to-set"
      ? await bulkAddToSet(ids, choice.toSet!, staff.id)
      : choice.action === "publish" || choice.action === "unpublish"
      ? await bulkPublication(def, ids, choice.action === "publish" ? "published" : "draft", staff.id)
      : await bulkTrash(def, ids, staff.id);
  if (outcome.status === "refused") return refusal(outcome.message, outcome.blockers);
  return redirect(listHref(def, query, { bulk: choice.action, n: String(outcome.count) }));
}

export const meta: MetaFunction = () => [{ title: "একসাথে অনেকগুলো (Bulk action) — Admin" }];

const QUESTION: Record<BulkAction, (n: string, many: string, target: string) => string> = {
  delete: (n, many) => `${many}: ${toBanglaDigits(n)}টি ট্র্যাশে সরাবেন? (Move ${n} to the trash?)`,
  move: (n, many, target) => `${many}: ${toBanglaDigits(n)}টি "${target}" অধ্যায়ে সরাবেন? (Move ${n} to the chapter "${target}"?)`,
  "add-to-set": (n, many, target) => `${many}: ${toBanglaDigits(n)}টি "${target}" সেটে যোগ করবেন? (Add ${n} to the set "${target}"?)`,
  publish: (n, many) => `${many}: ${toBanglaDigits(n)}টি এখনই প্রকাশ করবেন? (Publish ${n} now?)`,
  unpublish: (n, many) => `${many}: ${toBanglaDigits(n)}টি খসড়া করবেন? সাইট থেকে সরে যাবে। (Make ${n} drafts? They leave the public site.)`,
};

export default function BulkConfirm() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const n = String(d.total);
  return (
    <>
      <p>
        <a href={d.back}>← তালিকা (List)</a>
      </p>
      <h1>{QUESTION[d.choice.action as BulkAction](n, d.many, d.target)}</h1>
      {refused?.error ? <Notice kind="error">{refused.error}</Notice> : null}
      {refused?.blockers.length ? (
        <ul className="bulk-blockers">
          {refused.blockers.map((b) => (
            <li key={b.href}>
              <a href={b.href}>{b.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {d.choice.all ? "এই ফিল্টারে মেলা সবগুলো। (Every row matching the list's filter.)" : "টিক দেওয়া সারিগুলো। (The ticked rows.)"}{" "}
        {d.choice.action === "delete" ? "৩০ দিন পর্যন্ত ট্র্যাশ থেকে ফিরিয়ে আনা যাবে। (They can be restored from the Trash for 30 days.)" : null}
      </p>
      <ul>
        {d.sample.map((r) => (
          <li key={r.id}>
            #{r.id} {r.name}
          </li>
        ))}
        {d.total > d.sample.length ? <li>… ({toBanglaDigits(d.total - d.sample.length)}টি আরও / more)</li> : null}
      </ul>
      <Form method="post" className="form-actions">
        <CsrfInput token={d.csrf} />
        {d.hidden.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="count" value={d.total} />
        <button type="submit" className={d.choice.action === "delete" ? "btn-danger" : "btn-primary"}>
          হ্যাঁ, {toBanglaDigits(n)}টির জন্য করুন (Yes, do it for {n})
        </button>
        <a href={d.back}>না, ফিরে যান (No, go back)</a>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
