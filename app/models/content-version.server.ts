// The content version, and what each process keeps until it moves. Every staff save raises the
// version in its transaction; what pages show is read once and kept per process (keptUntilContentChange,
// keptPerKeyUntilContentChange, or a cache of its own that listens with onContentChange), and all of
// it is forgotten at once when the version moves: on the saving process as it saves, on the others
// when they next read the version (the shell does, at most once a second: models/site.server.ts).
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

/**
 * The content version: raised by every staff save (in the save's transaction). Caches of what pages
 * show are keyed by it, so a save shows on the next request, on every app instance.
 */
export const CONTENT_VERSION_KEY = "content_version";

export async function bumpContentVersion(tx: { execute: typeof db.execute }) {
  forgetKeptContent();
  await tx.execute(sql`
    insert into ${siteSettings} (${siteSettings.key}, ${siteSettings.value}) values (${CONTENT_VERSION_KEY}, '1')
    on duplicate key update ${siteSettings.value} = cast(${siteSettings.value} as unsigned) + 1`);
}

export async function contentVersion(): Promise<string> {
  const [row] = await db.select({ v: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, CONTENT_VERSION_KEY)).limit(1);
  return row?.v ?? "0";
}

/** Per-process caches of content (the shell, kept content, exam keys, the home's videos) empty themselves when the version moves. */
const contentListeners = new Set<() => void>();
export function onContentChange(listener: () => void) {
  contentListeners.add(listener);
}

/** Empties every per-process cache of content (as a new content version does). */
export function forgetKeptContent() {
  for (const listener of contentListeners) listener();
}

/**
 * `load()`'s result, kept per process until the content version moves (a staff save: at once on the
 * process that saved, within a second on the others). For what only staff saves change; a failed
 * load is not kept, so the next call asks the database again.
 */
export function keptUntilContentChange<T>(load: () => Promise<T>): () => Promise<T> {
  const kept = keptPerKeyUntilContentChange(() => load(), 1);
  return () => kept(null);
}

/**
 * `load(key)`'s result per key, kept like keptUntilContentChange; at most `maxKeys` keys are kept
 * (the least recently used is forgotten first), so a key taken from a URL cannot grow the process,
 * and what many visitors ask for stays while one-off keys come and go. `maxKeys` 0 keeps nothing.
 */
export function keptPerKeyUntilContentChange<K, T>(load: (key: K) => Promise<T>, maxKeys = 100): (key: K) => Promise<T> {
  const kept = new Map<K, Promise<T>>();
  onContentChange(() => kept.clear());
  return (key) => {
    if (maxKeys <= 0) return Promise.resolve(load(key));
    let value = kept.get(key);
    if (value) {
      // Used again: to the end of the map's order, the last to be forgotten.
      kept.delete(key);
      kept.set(key, value);
    } else {
      // A drizzle query is a thenable that runs again on every await: it is settled once, here.
      const loaded = Promise.resolve(load(key)).then(frozenOutsideProduction);
      value = loaded;
      if (kept.size >= maxKeys) kept.delete(kept.keys().next().value as K);
      kept.set(key, loaded);
      loaded.catch(() => {
        if (kept.get(key) === loaded) kept.delete(key);
      });
    }
    return value;
  };
}

/**
 * A kept value is shared by every request of the process: outside production it is frozen, so code
 * that changes it (instead of making its own copy) fails in the tests instead of showing one
 * visitor's changes to the next. Not in production: deep-freezing an exam's 100 questions took
 * 110-150 µs per load here, and reading a page of 25 from the frozen set took about 1.1 µs (a
 * quarter) longer on every request than from an unfrozen one (Node 20).
 */
function frozenOutsideProduction<T>(value: T): T {
  if (process.env.NODE_ENV !== "production") deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown) {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (value instanceof Map)
    for (const [k, v] of value) {
      deepFreeze(k);
      deepFreeze(v);
    }
  else if (value instanceof Set) for (const v of value) deepFreeze(v);
  else for (const v of Object.values(value)) deepFreeze(v);
}
