import { describe, expect, it } from "vitest";
import { footerHtml, navbarHtml } from "~/components/shell-html.server";
import type { Shell } from "~/models/site.server";
import { byRole } from "../support/dom";

function shell(name = "শিক্ষা <বাতায়ন>"): Shell {
  return {
    site: { name, tagline: "ট্যাগলাইন", description: "", keywords: "" },
    nav: [{ sid: 1, gid: 2, sname: "গণিত", gname: "নবম", slug: "math" }],
    footer: { contactAddress: "ঢাকা", contactEmail: "", contactPhone: "", tweets: [], updates: [{ day: "12", month: "Jan", text: "নতুন" }] },
    social: { facebook: "https://facebook.com/x" },
  };
}

describe("navbar and footer markup made once", () => {
  it("renders the navbar's inside with the site's name escaped and the highlighted item", () => {
    const s = shell();
    const html = navbarHtml(s, "live");
    expect(html).toContain("শিক্ষা &lt;বাতায়ন&gt;");
    expect(html).toContain('href="/subject/math/1/2"');
    expect(byRole(html, "link").filter((l) => l.attrs["aria-current"] === "page").map((l) => l.attrs.href)).toEqual(["/live/room"]);
    // Only the inside of the header is made here (the document draws the element): markup is the point.
    expect(html).not.toContain("<header");
    expect(navbarHtml(s, null)).not.toContain('aria-current="page"');
  });

  it("gives the same string again for the same shell and item, and new markup for a new shell", () => {
    const s = shell();
    expect(navbarHtml(s, "home")).toBe(navbarHtml(s, "home"));
    const saved = shell("নতুন নাম"); // a staff save makes getShell() return a new object
    expect(navbarHtml(saved, "home")).toContain("নতুন নাম");
    expect(navbarHtml(s, "home")).not.toContain("নতুন নাম");
  });

  it("renders the footer with the online count, the year and Bangla update days", () => {
    const s = shell();
    const a = footerHtml(s, 3, 2026);
    expect(a).toContain("Online: 3");
    expect(a).toContain("© 2026 Your Company.");
    expect(a).toContain("১২");
    expect(a).toContain('href="https://facebook.com/x"');
    expect(footerHtml(s, 4, 2026)).toContain("Online: 4");
    expect(footerHtml(s, 3, 2027)).toContain("© 2027");
    expect(footerHtml(s, 3, 2026)).toBe(a);
  });

  it("keeps making correct footers past its bound of remembered counts", () => {
    const s = shell();
    for (let n = 0; n < 200; n++) expect(footerHtml(s, n, 2026)).toContain(`Online: ${n}<`);
  });
});
