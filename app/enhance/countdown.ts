/**
 * A live exam's countdown to its start (`<time data-live-countdown data-seconds="N">`). It ticks from
 * the server's seconds left, never the phone's clock (which may be minutes wrong), and at zero reloads
 * the page into the running phase. Without this script the page still shows the time left when it was
 * made and reloads itself (`<meta http-equiv="refresh">`), the last time exactly at the start.
 */
const bn = (s: string): string => s.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[+d]);
const two = (n: number): string => String(n).padStart(2, "0");

/** "২ দিন ৩:০৫:০৯", "১:০৫:০৯", "৫:০৯". */
function clock(s: number): string {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const text = d || h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  return bn(d ? `${d} দিন ${text}` : text);
}

export function initCountdown(): void {
  const els = Array.from(document.querySelectorAll<HTMLElement>("[data-live-countdown]"));
  if (!els.length) return;
  // Elapsed time on this device, measured from now: only the difference matters, not the device's clock.
  const loaded = Date.now();
  let timer = 0;
  let done = false;
  const tick = (): void => {
    clearTimeout(timer);
    const elapsed = (Date.now() - loaded) / 1000;
    let left = 0;
    for (const el of els) {
      const s = Math.max(0, Math.ceil(Number(el.getAttribute("data-seconds")) - elapsed));
      el.textContent = clock(s);
      left = Math.max(left, s);
    }
    if (left > 0) {
      timer = window.setTimeout(tick, 1000 - ((Date.now() - loaded) % 1000) + 20);
      return;
    }
    if (done) return;
    done = true;
    // The page's own refresh lands on the start too: when it is there, this reload is only its
    // fallback, so thousands of students waiting together do not each ask twice at the start.
    const refresh = document.querySelector('meta[http-equiv="refresh"]');
    window.setTimeout(() => location.reload(), refresh ? 5000 : 0);
  };
  // A phone asleep or a tab in the background runs timers late: catch up when it is seen again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") tick();
  });
  tick();
}
