// Where the site lives, for every absolute URL we print (canonical link, og:url, og:image, sitemap,
// robots). It comes from configuration, never from the request: Host and X-Forwarded-Host are
// whatever the client sent, and these responses are publicly cacheable.

/** SITE_ORIGIN (scheme, host, optional port), else the demo's own address. Throws when malformed. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SITE_ORIGIN?.trim();
  if (!raw) return `http://127.0.0.1:${Number(env.PORT) || 3000}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_ORIGIN must be an absolute http(s) URL such as https://example.com (got "${raw}")`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    throw new Error(`SITE_ORIGIN must be a bare origin such as https://example.com (got "${raw}")`);
  }
  return url.origin;
}
