/**
 * "Online now" presence: pings while the page is visible and refreshes the server-rendered
 * `[data-online-count]` badge. Purely informational, so every failure is silent.
 */
const KEY = "grbd_presence_key";
const PING = "/api/online/ping";
const COUNT = "/api/online/count?window=120";
const noop = (): void => {};

/** Random v4-style UUID; randomUUID only exists in secure contexts, so fall back. */
function newKey(): string {
  const c = window.crypto;
  try {
    if (typeof c.randomUUID == "function") return c.randomUUID();
  } catch {
    /* fall through */
  }
  const b = new Uint8Array(16);
  try {
    c.getRandomValues(b);
  } catch {
    for (let i = 0; i < 16; i++) b[i] = Math.random() * 256;
  }
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const h = Array.from(b, (x) => (x + 256).toString(16).slice(1)).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One key per browser; private mode / blocked storage throws, then it lives for this page only. */
function sessionKey(): string {
  let k: string | null = null;
  try {
    k = localStorage.getItem(KEY);
    if (!k) localStorage.setItem(KEY, (k = newKey()));
  } catch {
    /* storage unavailable */
  }
  return k || newKey();
}

export function initPresence(): void {
  if (document.documentElement.dataset.presence === "off" || !window.fetch) return;
  const key = sessionKey();
  const body = (): string => JSON.stringify({ sessionKey: key, page: location.pathname });
  const post = (keepalive?: boolean): void => {
    fetch(PING, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body(),
      credentials: "same-origin",
      keepalive,
    })
      // Read the (tiny) body: an unread response stays "in flight" for the browser's network idle.
      .then((r) => r.text())
      .catch(noop);
  };

  const count = (): void => {
    const badges = document.querySelectorAll("[data-online-count]");
    if (!badges.length) return; // no badge on this page (or swapped away): skip the request
    fetch(COUNT, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((j: { ok?: unknown; count?: unknown }) => {
        if (j && j.ok === true && typeof j.count == "number" && isFinite(j.count)) {
          const text = `Online: ${j.count}`;
          badges.forEach((b) => b.textContent !== text && (b.textContent = text));
        }
      })
      .catch(noop);
  };

  // Timers run only while visible; hidden tabs should not keep phones awake or inflate counts.
  let timers: number[] = [];
  let parked = true;
  const resume = (): void => {
    if (!parked || document.hidden) return;
    parked = false;
    post();
    count();
    timers = [window.setInterval(() => post(), 30000), window.setInterval(count, 15000)];
  };
  const park = (): void => {
    if (parked) return; // visibilitychange(hidden) and pagehide both fire when leaving
    parked = true;
    timers.forEach(clearInterval);
    // The page may be going away: a beacon survives unload where a normal fetch may not.
    try {
      if (navigator.sendBeacon(PING, new Blob([body()], { type: "application/json" }))) return;
    } catch {
      /* missing, or refused this Blob type */
    }
    post(true);
  };

  document.addEventListener("visibilitychange", () => (document.hidden ? park() : resume()));
  addEventListener("pagehide", park);
  addEventListener("pageshow", resume); // back/forward cache restore
  resume();
}
