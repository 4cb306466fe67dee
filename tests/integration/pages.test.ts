import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as aboutLoader } from "~/routes/about.$page";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { action as pingAction } from "~/routes/api.online.ping";
import { loader as countLoader } from "~/routes/api.online.count";
import { loader as healthLoader } from "~/routes/healthz";
import { loader as notFoundLoader } from "~/routes/$";
import { loader as legacyExamLoader } from "~/routes/exampage[.]php";
import { clearShellCache } from "~/models/site.server";
import { call, closeDb, db, renderFixtures, resetTables, schema } from "./db";

beforeAll(resetTables);
afterAll(closeDb);

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("the shell (root loader)", () => {
  it("falls back to the site defaults and empty footer lists when nothing is configured", async () => {
    const data = await (await call(rootLoader, "/home")).json();
    expect(data.site.tagline).toBe("learn mathematics and english");
    expect(data.footer).toMatchObject({ contactAddress: "", tweets: [], updates: [] });
    expect(data.social).toEqual({});
    // The navbar's and footer's markup comes made (app/components/shell-html.server.tsx).
    expect(data.frame.navbar).toContain("কোনো বিষয় পাওয়া যায়নি");
    expect(data.frame.navbar).toContain("learn mathematics and english");
    expect(data.frame.footer).toContain("No tweets.");
    expect(data.frame.footer).toContain("info@example.com");
  });

  it("makes no navbar or footer for the admin area, which has its own frame", async () => {
    const data = await (await call(rootLoader, "/gradmin/login")).json();
    expect(data.frame).toBeNull();
  });

  it("reads settings, footer, social links (http(s) only) and the page's meta row", async () => {
    await db.insert(schema.siteSettings).values({ key: "site_name", value: "পরীক্ষা সাইট" });
    await db.insert(schema.footerSettings).values({ id: 1, contactEmail: "a@b.co" });
    await db.insert(schema.footerTweets).values({ handle: "@x", text: "hello" });
    await db.insert(schema.socialLinks).values([
      { platform: "facebook", url: "https://facebook.com/x" },
      { platform: "twitter", url: "javascript:alert(1)" },
    ]);
    await db.insert(schema.pageMeta).values({ path: "/contact", title: "যোগাযোগ", description: "d", keywords: "k" });
    clearShellCache();
    const data = await (await call(rootLoader, "/contact")).json();
    expect(data.site.name).toBe("পরীক্ষা সাইট");
    expect(data.footer.contactEmail).toBe("a@b.co");
    expect(data.footer.tweets).toEqual([{ handle: "@x", text: "hello", time: "" }]);
    expect(data.social).toEqual({ facebook: "https://facebook.com/x" });
    expect(data.frame.navbar).toContain("পরীক্ষা সাইট");
    expect(data.frame.footer).toContain("@x");
    expect(data.frame.footer).toContain('href="mailto:a@b.co"');
    expect(data.frame.footer).not.toContain("javascript:");
    expect(data.pageMeta).toEqual({ title: "যোগাযোগ", description: "d", keywords: "k" });
  });
});

describe("about pages", () => {
  it("uses the default titles and the spec's empty texts when there is no content", async () => {
    const author = await (await call(aboutLoader, "/about/author", { page: "author" })).json();
    expect(author).toMatchObject({ title: "Author", content: "", empty: "No author content found." });
    const products = await (await call(aboutLoader, "/about/products", { page: "products" })).json();
    expect(products).toMatchObject({ title: "Products", empty: "No products content found." });
    const about = await (await call(aboutLoader, "/about/aboutus", { page: "aboutus" })).json();
    expect(about).toMatchObject({ title: "About Us", empty: "" });
  });

  it("shows stored content, with relative images under the admin asset base", async () => {
    await db.insert(schema.infoPages).values({ slug: "author", title: "লেখক", content: '<p>শিক্ষক $a^2$</p><img src="uploads/me.jpg">', image: "uploads/author.jpg" });
    await renderFixtures();
    const data = await (await call(aboutLoader, "/about/author", { page: "author" })).json();
    expect(data.title).toBe("লেখক");
    expect(data.image).toBe("/api/gradmin/uploads/author.jpg");
    expect(data.content).toContain('src="/api/gradmin/uploads/me.jpg"');
    expect(data.content).toContain('class="katex"');
  });

  it("404s any other child", async () => {
    expect((await call(aboutLoader, "/about/constructor", { page: "constructor" })).status).toBe(404);
  });
});

describe("contact form", () => {
  it("re-shows the input with an error per invalid field and a 400", async () => {
    const res = await call(contactAction, "/contact", {}, form({ name: "", email: "not-an-email", phone: "abc", message: "short" }));
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(Object.keys(data.errors).sort()).toEqual(["email", "message", "name", "phone"]);
    expect(data.values).toMatchObject({ email: "not-an-email", message: "short" });
    expect(await db.select().from(schema.contactMessages)).toEqual([]);
  });

  it("stores a valid message and redirects to the thank-you state", async () => {
    const res = await call(
      contactAction,
      "/contact",
      {},
      form({ name: "রহিম", email: "rahim@example.com", phone: "+8801711000000", message: "সেট অধ্যায়ে একটি ভুল আছে।" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/contact?sent=1");
    const rows = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, "rahim@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe("রহিম");
    const page = await (await call(contactLoader, "/contact?sent=1")).json();
    expect(page.sent).toBe(true);
  });

  it("drops what a bot sends in the hidden field without storing it", async () => {
    const res = await call(contactAction, "/contact", {}, form({ name: "b", email: "b@b.co", message: "buy now buy now", website: "x" }));
    expect(res.status).toBe(303);
    expect(await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, "b@b.co"))).toEqual([]);
  });
});

describe("online presence", () => {
  const ping = (body: string) =>
    call(pingAction, "/api/online/ping", {}, { method: "POST", body, headers: { "Content-Type": "application/json" } });

  it("counts distinct browsers seen in the window; repeated pings do not add rows", async () => {
    for (const key of ["aaaaaaaa-1", "bbbbbbbb-2", "aaaaaaaa-1"]) {
      expect((await ping(JSON.stringify({ sessionKey: key, page: "/home" }))).status).toBe(200);
    }
    await db.insert(schema.onlinePresence).values({ sessionKey: "old-browser-3", page: "/", lastSeen: new Date(Date.now() - 10 * 60_000) });
    const count = await (await call(countLoader, "/api/online/count?window=120")).json();
    expect(count).toEqual({ ok: true, count: 2 });
    const wide = await (await call(countLoader, "/api/online/count?window=900")).json();
    expect(wide.count).toBe(3);
  });

  it.each(["not json", "{}", JSON.stringify({ sessionKey: "x" }), JSON.stringify({ sessionKey: "'; DROP TABLE x; --" }), "x".repeat(5000)])(
    "refuses a malformed body without writing (%#)",
    async (body) => {
      const before = (await db.select().from(schema.onlinePresence)).length;
      const res = await ping(body);
      expect([400, 413]).toContain(res.status);
      expect((await db.select().from(schema.onlinePresence)).length).toBe(before);
    },
  );
});

describe("small routes", () => {
  it("healthz checks the database", async () => {
    const res = await call(healthLoader, "/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: "up" });
  });

  it("unknown paths are a 404", async () => {
    expect((await call(notFoundLoader, "/nope", { "*": "nope" })).status).toBe(404);
  });

  it("exampage.php?grtid= redirects to /exampage/{grtid} keeping other parameters", async () => {
    const res = await call(legacyExamLoader, "/exampage.php?grtid=7&page=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/exampage/7?page=2");
    expect((await call(legacyExamLoader, "/exampage.php")).status).toBe(400);
    expect(await (await call(legacyExamLoader, "/exampage.php?grtid=abc")).text()).toBe("Missing grtid");
  });

  it("/exampage without a grtid says 'Missing grtid'; with ?grtid= it goes to the exam", async () => {
    const { loader } = await import("~/routes/exampage._index");
    const missing = await call(loader, "/exampage");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe("Missing grtid");
    expect((await call(loader, "/exampage?grtid=3")).headers.get("Location")).toBe("/exampage/3");
  });
});
