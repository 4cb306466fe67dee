// The admin area's frame: who is signed in, the sections they may use, sign out. The one part of the
// site that hydrates React (handle.hydrate); every screen is still a plain form that works without it.
// This loader's check does not protect the child routes (they load in parallel): each calls
// requireStaff itself.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/admin";
import { can, type Permission } from "~/lib/permissions";
import { requireStaff } from "~/utils/auth.server";
import type { RouteHandle } from "~/root";
import { katexLinks } from "~/styles/katex";
import adminStyles from "~/styles/admin.css";

export const handle: RouteHandle = { hydrate: true };

// KaTeX's stylesheet: the math previews show what the public page shows.
export const links: LinksFunction = () => [
  ...katexLinks,
  { rel: "stylesheet", href: adminStyles },
];

/** The admin sections and who may open them; content sections join as they are built. */
const SECTIONS: { href: string; label: string; permission: Permission; end?: boolean }[] = [
  { href: "/gradmin", label: "ড্যাশবোর্ড (Dashboard)", permission: "dashboard", end: true },
  { href: "/gradmin/content", label: "কনটেন্ট (Content)", permission: "media" },
  { href: "/gradmin/media", label: "মিডিয়া (Media library)", permission: "media" },
  { href: "/gradmin/live", label: "লাইভ পরীক্ষা (Live exams)", permission: "content" },
  { href: "/gradmin/attempts", label: "পরীক্ষার চেষ্টা (Exam attempts)", permission: "content" },
  { href: "/gradmin/papers", label: "শিক্ষকদের প্রশ্নপত্র (Teachers' papers)", permission: "content" },
  { href: "/gradmin/settings", label: "সাইট সেটিংস (Settings)", permission: "content" },
  { href: "/gradmin/inbox", label: "বার্তা (Inbox)", permission: "inbox" },
  { href: "/gradmin/staff", label: "স্টাফ (Staff)", permission: "staff" },
  { href: "/gradmin/account", label: "আমার অ্যাকাউন্ট (My account)", permission: "account" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, csrf } = await requireStaff(request, "account");
  return json({
    staff: { name: staff.name, roleLabel: staff.isSuperAdmin ? "Super Admin" : staff.roleLabel },
    sections: SECTIONS.filter((s) => can(staff, s.permission)).map(({ permission: _p, ...s }) => s),
    csrf,
  });
}

export const meta: MetaFunction = () => [{ title: "অ্যাডমিন — Admin" }, { name: "robots", content: "noindex" }];

export default function AdminLayout() {
  const { staff, sections, csrf } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="admin-bar">
        <div className="container">
          <a className="admin-brand" href="/gradmin">
            অ্যাডমিন (Admin)
          </a>
          <nav aria-label="অ্যাডমিন বিভাগ (Admin sections)">
            <ul className="admin-nav">
              {sections.map((s) => (
                <li key={s.href}>
                  <NavLink to={s.href} end={s.end} prefetch="none">
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <span>
            {staff.name}
            {staff.roleLabel ? ` · ${staff.roleLabel}` : ""}
          </span>
          <Form method="post" action="/gradmin/logout" reloadDocument>
            <CsrfInput token={csrf} />
            <button type="submit" className="btn-link">
              লগআউট (Sign out)
            </button>
          </Form>
        </div>
      </header>
      <div className="container admin-page">
        <Outlet />
      </div>
    </>
  );
}
