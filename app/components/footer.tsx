import { Icon } from "~/components/icons";
import type { SocialPlatform } from "~/db/schema";
import { toBanglaDigits } from "~/lib/bangla-digits";
import { DEFAULT_COPYRIGHT_OWNER } from "~/lib/site-texts";
import type { FooterContent, SocialMap } from "~/models/site.server";

// Shown when staff have not entered contact details yet (spec: fixed placeholder details).
const PLACEHOLDER = { address: "ঢাকা, বাংলাদেশ", email: "info@example.com", phone: "+880 1700-000000" };

const FOOTER_SOCIAL: { key: SocialPlatform; label: string }[] = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "Twitter" },
  { key: "googleplus", label: "Google Plus" },
  { key: "instagram", label: "Instagram" },
  { key: "youtube", label: "YouTube" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "tumblr", label: "Tumblr" },
  { key: "pinterest", label: "Pinterest" },
];

export type FooterProps = { footer: FooterContent; social: SocialMap; online: number; year: number };

export function Footer({ html, ...props }: FooterProps & { html?: string }) {
  // Like the navbar's, the inside is usually made once (app/components/shell-html.server.tsx).
  return html ? (
    <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <footer className="site-footer">
      <FooterBody {...props} />
    </footer>
  );
}

export function FooterBody({ footer, social, online, year }: FooterProps) {
  const hasContact = Boolean(footer.contactAddress || footer.contactEmail || footer.contactPhone);
  const contact = hasContact
    ? { address: footer.contactAddress, email: footer.contactEmail, phone: footer.contactPhone }
    : PLACEHOLDER;
  return (
    <>
      <div className="footer-grid">
        <section aria-labelledby="f-about">
          <h2 id="f-about">About Us</h2>
          <ul className="footer-links">
            <li><a href="/about/aboutus">About Us</a></li>
            <li><a href="/about/author">Author</a></li>
            <li><a href="/contact">Contact</a></li>
            <li><a href="/about/products">Products</a></li>
          </ul>
          <address className="footer-contact">
            {contact.address ? (
              <p><Icon name="map-pin" /> {contact.address}</p>
            ) : null}
            {contact.email ? (
              <p><Icon name="mail" /> <a href={`mailto:${contact.email}`}>{contact.email}</a></p>
            ) : null}
            {contact.phone ? (
              <p><Icon name="phone" /> <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a></p>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="f-tweets">
          <h2 id="f-tweets">Fresh Tweets</h2>
          {footer.tweets.length === 0 ? (
            <p className="muted">No tweets.</p>
          ) : (
            <ul className="tweets">
              {footer.tweets.map((t, i) => (
                <li key={i}>
                  <strong>{t.handle}</strong> {t.text} {t.time ? <small className="muted">{t.time}</small> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="f-updates">
          <h2 id="f-updates">Latest Updates</h2>
          {footer.updates.length === 0 ? (
            <p className="muted">No updates.</p>
          ) : (
            <ul className="updates">
              {footer.updates.map((u, i) => (
                <li key={i}>
                  <span className="date-badge">
                    <b>{toBanglaDigits(u.day)}</b>
                    <small>{u.month}</small>
                  </span>
                  <span>{u.text}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="f-connect">
          <h2 id="f-connect">Connect with us</h2>
          {/* The spec shows no behaviour for this box; it stays an inert form that posts nowhere. */}
          <form className="subscribe" method="get" action="/contact">
            <label className="visually-hidden" htmlFor="footer-email">Email</label>
            <input id="footer-email" type="email" name="email" placeholder="Email" autoComplete="email" />
            <button type="submit">Check</button>
          </form>
          <ul className="social-icons">
            {FOOTER_SOCIAL.map(({ key, label }) => (
              <li key={key}>
                {social[key] ? (
                  <a href={social[key]} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon name={key} />
                  </a>
                ) : (
                  <span className="social-placeholder" aria-hidden="true" title={label}>
                    <Icon name={key} />
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p>
            <span className="online-badge" data-online-count>
              Online: {online}
            </span>
          </p>
        </section>
      </div>
      <p className="copyright">
        © {year} {footer.copyrightOwner || DEFAULT_COPYRIGHT_OWNER}. All Rights Reserved.
      </p>
      {/* Without JS a link at the very end of the page, over nothing; with JS it floats and shows after
          300px (app/enhance/scroll.ts). Last in the page, so nothing moves when it leaves the flow. */}
      <a href="#top" className="to-top" data-to-top aria-label="উপরে যান (Back to top)">
        <Icon name="arrow-up" />
        <span className="to-top-text">উপরে যান</span>
      </a>
    </>
  );
}
