// Small helpers shared by the seed content files (no database access here).

const BN = "০১২৩৪৫৬৭৮৯";

/** 2024 -> "২০২৪"; also converts the digits inside a string. */
export function bn(v: number | string): string {
  return String(v).replace(/[0-9]/g, (d) => BN[Number(d)]);
}

/** Deterministic PRNG (mulberry32): the seed must produce the same rows on every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
export type Rng = ReturnType<typeof rng>;

export const OPTION_KEYS = ["ক", "খ", "গ", "ঘ"] as const;

export const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join("\n");
export const h3 = (t: string) => `<h3>${t}</h3>`;
export const ul = (...items: string[]) => `<ul>\n${items.map((i) => `  <li>${i}</li>`).join("\n")}\n</ul>`;
export const ol = (...items: string[]) => `<ol>\n${items.map((i) => `  <li>${i}</li>`).join("\n")}\n</ol>`;
export const table = (head: string[], rows: string[][]) =>
  `<table>\n  <thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead>\n  <tbody>\n${rows
    .map((r) => `    <tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("\n")}\n  </tbody>\n</table>`;
/** A content image: the path is relative on purpose (the renderer makes it absolute). */
export const img = (file: string, alt: string) => `<p><img src="images/content/${file}" alt="${alt}" width="360"></p>`;
export const html = (...blocks: string[]) => blocks.join("\n");
