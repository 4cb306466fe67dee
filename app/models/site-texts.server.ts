// The site texts and the admission sections' categories (lib/site-texts.ts), kept in site_settings
// one row each: a blank value is the default (the spec's text; for a section, the name match of
// lib/admission-filters.ts), so an empty database and a restore both show what the spec shows. Saved
// from /gradmin/site-texts with the version of every row the form showed; a row changed since is a
// conflict and nothing is saved. Pages read them with the shell (models/site.server.ts), kept until
// the next staff save.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { primary } from "~/db/client.server";
import { mcqCategories, siteSettings } from "~/db/schema";
import { ADMISSION_SECTIONS, admissionItems, filterAdmission, type AdmissionSection } from "~/lib/admission-filters";
import { parseRule, ruleRowKey, SITE_TEXT_DEFAULTS, SITE_TEXTS, textOrDefault, textRowKey, type SiteTextValues } from "~/lib/site-texts";
import type { McqCategory } from "./mcq.server";
import { bumpContentVersion } from "./content-version.server";
import { recordAudit } from "./history.server";

export type AdmissionRules = Record<AdmissionSection, number[] | null>;
export type SiteTexts = { texts: SiteTextValues; rules: AdmissionRules };
/** Row key -> version (0: no row yet). */
export type TextStamp = Record<string, number>;

const ROW_KEYS = [...SITE_TEXTS.map((t) => textRowKey(t.key)), ...ADMISSION_SECTIONS.map((s) => ruleRowKey(s.key))];

/** The texts and rules from site_settings rows (other rows are ignored): what the shell keeps for pages (models/site.server.ts). */
export function siteTextsFrom(rows: { key: string; value: string }[]): SiteTexts {
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return {
    texts: Object.fromEntries(SITE_TEXTS.map((t) => [t.key, textOrDefault(t.key, stored.get(textRowKey(t.key)))])),
    rules: Object.fromEntries(ADMISSION_SECTIONS.map((s) => [s.key, parseRule(stored.get(ruleRowKey(s.key)))])) as AdmissionRules,
  };
}

type AdmissionSectionView<T> = { key: AdmissionSection; heading: string; blurb: string; empty: string; items: T[] };

// Both inputs are kept until the next staff change (the MCQ list and the shell's texts), so the sections
// drawn from them are too: the name match runs once per change, not on every uncached home page.
const sectionsKept = new WeakMap<object, WeakMap<SiteTexts, unknown>>();

/** The home page's admission sections: the (possibly edited) heading and blurb, the spec's empty message, the subjects. */
export function admissionSections<T extends { id: number; name: string }>(mcq: T[], siteTexts: SiteTexts): AdmissionSectionView<T>[] {
  let byTexts = sectionsKept.get(mcq);
  if (!byTexts) sectionsKept.set(mcq, (byTexts = new WeakMap()));
  const kept = byTexts.get(siteTexts) as AdmissionSectionView<T>[] | undefined;
  if (kept) return kept;
  const sections = drawAdmissionSections(mcq, siteTexts);
  byTexts.set(siteTexts, sections);
  return sections;
}

function drawAdmissionSections<T extends { id: number; name: string }>(mcq: T[], { texts, rules }: SiteTexts): AdmissionSectionView<T>[] {
  return ADMISSION_SECTIONS.map((s) => ({
    key: s.key,
    heading: texts[`admission_${s.key}_heading`],
    blurb: texts[`admission_${s.key}_blurb`],
    empty: s.empty,
    items: admissionItems(mcq, s.key, rules[s.key]),
  }));
}

/** The MCQ categories a section may show: the top-level ones, the list the home page draws its sections from. */
function topCategories(on: Pick<typeof primary, "select">) {
  return on
    .select({ id: mcqCategories.id, name: mcqCategories.name, image: mcqCategories.image })
    .from(mcqCategories)
    .where(isNull(mcqCategories.parentId))
    .orderBy(asc(mcqCategories.sort), asc(mcqCategories.id));
}

export type SiteTextsForm = {
  texts: SiteTextValues;
  /** Each section's categories as they show now (chosen, or the name match's). */
  chosen: Record<AdmissionSection, number[]>;
  /** What the name match gives each section (marked on the screen, and what a restore brings back). */
  matched: Record<AdmissionSection, number[]>;
  /** Whether staff have chosen a section's categories (false: the name match decides). */
  custom: Record<AdmissionSection, boolean>;
  categories: McqCategory[];
  stamp: TextStamp;
};

/** What the staff screen shows, read on the primary (staff see what they just saved). */
export async function loadSiteTextsForm(): Promise<SiteTextsForm> {
  const [rows, categories] = await Promise.all([
    primary.select().from(siteSettings).where(inArray(siteSettings.key, ROW_KEYS)),
    topCategories(primary),
  ]);
  const { texts, rules } = siteTextsFrom(rows);
  const stamp: TextStamp = Object.fromEntries(ROW_KEYS.map((k) => [k, rows.find((r) => r.key === k)?.version ?? 0]));
  const ids = (list: McqCategory[]) => list.map((c) => c.id);
  const per = <V,>(f: (s: AdmissionSection) => V) => Object.fromEntries(ADMISSION_SECTIONS.map((s) => [s.key, f(s.key)])) as Record<AdmissionSection, V>;
  return {
    texts,
    chosen: per((s) => ids(admissionItems(categories, s, rules[s]))),
    matched: per((s) => ids(filterAdmission(categories, s))),
    custom: per((s) => rules[s] !== null),
    categories,
    stamp,
  };
}

export type SiteTextsChange = { texts: SiteTextValues; chosen: Record<AdmissionSection, number[]> } | "defaults";

/**
 * Saves the texts and the sections' categories, or puts every one back to its default. A text equal
 * to its default and a choice equal to the name match are kept blank (the default), so they follow
 * the spec. Only rows that change are written; the audit names them. "conflict": a row changed since
 * the form was loaded (nothing saved); "unchanged": the form changed nothing.
 */
export async function saveSiteTexts(change: SiteTextsChange, stamp: TextStamp, staffId: number): Promise<"saved" | "conflict" | "unchanged"> {
  return primary.transaction(async (tx) => {
    const [rows, categories] = await Promise.all([
      tx.select({ key: siteSettings.key, value: siteSettings.value, version: siteSettings.version }).from(siteSettings).where(inArray(siteSettings.key, ROW_KEYS)).for("update"),
      topCategories(tx),
    ]);
    const now = new Map(rows.map((r) => [r.key, r]));
    if (ROW_KEYS.some((k) => (now.get(k)?.version ?? 0) !== (stamp[k] ?? -1))) return "conflict" as const;
    const next = new Map<string, string>();
    for (const t of SITE_TEXTS) {
      const typed = change === "defaults" ? "" : (change.texts[t.key] ?? "").trim();
      next.set(textRowKey(t.key), typed === SITE_TEXT_DEFAULTS[t.key] ? "" : typed);
    }
    for (const s of ADMISSION_SECTIONS) {
      let stored = "";
      if (change !== "defaults") {
        const known = new Set(categories.map((c) => c.id));
        const chosen = [...new Set(change.chosen[s.key])].filter((id) => known.has(id));
        const matched = filterAdmission(categories, s.key).map((c) => c.id);
        const same = chosen.length === matched.length && matched.every((id) => chosen.includes(id));
        stored = same ? "" : JSON.stringify(categories.map((c) => c.id).filter((id) => chosen.includes(id)));
      }
      next.set(ruleRowKey(s.key), stored);
    }
    const changed = ROW_KEYS.filter((k) => (now.get(k)?.value ?? "") !== next.get(k));
    if (changed.length === 0) return "unchanged" as const;
    for (const key of changed) {
      const row = now.get(key);
      const value = next.get(key)!;
      if (!row) await tx.insert(siteSettings).values({ key, value, updatedBy: staffId });
      else await tx.update(siteSettings).set({ value, version: row.version + 1, updatedBy: staffId }).where(and(eq(siteSettings.key, key), eq(siteSettings.version, row.version)));
    }
    const summary = change === "defaults" ? "site texts: all back to the defaults" : `site texts: ${changed.map((k) => k.replace(/^(text|admission):/, "")).join(", ")}`;
    await recordAudit(tx, { staffId, action: change === "defaults" ? "restore" : "update", entity: "settings", entityId: null, summary });
    await bumpContentVersion(tx);
    return "saved" as const;
  });
}
