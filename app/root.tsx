import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/footer";
import { IconSprite } from "~/components/icons";
import { Navbar } from "~/components/navbar";
import { footerHtml, navbarHtml } from "~/components/shell-html.server";
import { enhanceScriptSrc } from "~/lib/assets.server";
import { dhakaYear } from "~/lib/dhaka-time";
import { seo } from "~/lib/meta";
import { activeNavItem, isAdminPath } from "~/lib/nav";
import { useRequestInfo } from "~/lib/request-context";
import { DatabaseDownPage } from "~/components/database-down";
import { siteOrigin } from "~/lib/site-origin.server";
import { currentStaff } from "~/utils/auth.server";
import { asksForPreview } from "~/utils/preview.server";
import { countOnlineForPages } from "~/models/presence.server";
import { getPageMeta, getShell, SITE_DEFAULTS } from "~/models/site.server";
import bengaliRegular from "~/styles/fonts/hind-siliguri-bengali-400-normal-fixed-one.woff2";
import appStyles from "~/styles/app.css";
import fontStyles from "~/styles/fonts.css";

export const links: LinksFunction = () => [
  // The body text's font, fetched with the stylesheets instead of after them (same hashed file as fonts.css's).
  { rel: "preload", href: bengaliRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: fontStyles },
  { rel: "stylesheet", href: appStyles },
  // The ICO for browsers without SVG icons (and all that ask for /favicon.ico anyway); the others take the SVG.
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [shell, online, pageMeta] = await Promise.all([getShell(), countOnlineForPages(), getPageMeta(url.pathname)]);
  const { site, footer, social } = shell;
  // The admin area has its own frame (routes/gradmin.tsx): no public navbar or footer to make.
  const frame = isAdminPath(url.pathname)
    ? null
    : { navbar: navbarHtml(shell, activeNavItem(url.pathname)), footer: footerHtml(shell, online, dhakaYear()) };
  // A staff preview of a draft (?preview=1) says so above the page; anyone else's ?preview=1 shows nothing.
  const preview = asksForPreview(url) && !isAdminPath(url.pathname) && (await currentStaff(request)) !== null;
  return json({ site, footer, social, online, pageMeta, frame, origin: siteOrigin(), path: url.pathname, enhanceSrc: enhanceScriptSrc(), preview });
}

export const meta: MetaFunction<typeof loader> = ({ matches, error }) => {
  if (!error) return seo(matches);
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? "404 - Page Not Found"
      : isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string"
        ? error.data.slice(0, 120)
        : "দুঃখিত — Sorry";
  return [...seo(matches, { title }), { name: "robots", content: "noindex" }];
};

/**
 * Routes that need React in the browser (the admin area) say so with `handle = { hydrate: true }`. A
 * page that follows something live without JavaScript reloads itself every `noscriptRefresh` seconds;
 * inside <noscript>, so in a hydrated page (which refreshes itself in place) no reload is left pending
 * after a client-side navigation away.
 */
export type RouteHandle = { hydrate?: boolean; noscriptRefresh?: number };

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { nonce, bot } = useRequestInfo();
  const location = useLocation();
  const matches = useMatches();
  const hydrate = matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate);
  const noscriptRefresh = matches.map((m) => (m.handle as RouteHandle | undefined)?.noscriptRefresh).find(Boolean);
  // The admin area has its own frame (routes/gradmin.tsx) and counts nobody as a reader online.
  const admin = isAdminPath(location.pathname);
  const site = data?.site ?? SITE_DEFAULTS;
  return (
    // Crawlers that run scripts must not count as readers online.
    <html lang="bn" data-presence={bot ? "off" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d4b" />
        <Meta />
        <Links />
        {noscriptRefresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(noscriptRefresh)} />
          </noscript>
        ) : null}
        {!hydrate && !admin && data?.enhanceSrc ? <script src={data.enhanceSrc} defer /> : null}
      </head>
      <body>
        <div id="top" tabIndex={-1} />
        <a className="skip-link" href="#main">
          মূল অংশে যান
        </a>
        <IconSprite />
        {admin ? null : <Navbar html={data?.frame?.navbar} site={site} nav={[]} active={activeNavItem(location.pathname)} />}
        {data?.preview ? (
          <p className="preview-banner" role="status">
            প্রিভিউ — প্রকাশিত নয় (Preview — not published)
          </p>
        ) : null}
        <main id="main" className={admin ? "main admin-main" : "main"} tabIndex={-1}>
          {children}
        </main>
        {admin ? null : (
          <>
            <Footer
              html={data?.frame?.footer}
              footer={data?.footer ?? { contactAddress: "", contactEmail: "", contactPhone: "", tweets: [], updates: [] }}
              social={data?.social ?? {}}
              online={data?.online ?? 0}
              year={dhakaYear()}
            />
          </>
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { databaseDown } = useRequestInfo();
  if (databaseDown) return <DatabaseDownPage />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage title="404 - Page Not Found">
        <p>আপনি যে পাতাটি খুঁজছেন সেটি পাওয়া যায়নি।</p>
        <p>
          <a className="btn" href="/home">
            Go back to Home
          </a>
        </p>
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message = typeof error.data === "string" && error.data.length < 300 ? error.data : "Bad request.";
    return (
      <ErrorPage title={message}>
        <p>
          <a className="btn" href="/home">
            Go back to Home
          </a>
        </p>
      </ErrorPage>
    );
  }
  return (
    <ErrorPage title="দুঃখিত, কিছু একটা ভুল হয়েছে — Something went wrong">
      <p>পাতাটি দেখাতে সমস্যা হয়েছে। একটু পরে আবার চেষ্টা করুন।</p>
      <p>
        <a className="btn" href="/home">
          Go back to Home
        </a>
      </p>
    </ErrorPage>
  );
}

function ErrorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="error-page container">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
