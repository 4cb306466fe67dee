// Site settings (name, tagline, default description and keywords) and the social links (the
// footer's eight, the Follow Us card's five), saved together from /gradmin/settings. The form
// carries the version of every row it showed; a row changed since is a conflict, nothing is saved.
import { eq, inArray } from "drizzle-orm";
// Read on the primary, never a replica: the settings screen shows what staff just saved (and checks its stamp against it).
import { primary as db } from "~/db/client.server";
import { siteSettings, socialLinks } from "~/db/schema";
import { SETTING_KEYS, socialPlatforms, type SettingKey, type SocialPlatform } from "~/lib/site-settings";
import { recordAudit } from "./history.server";
import { bumpContentVersion } from "./content-version.server";

export type SettingsValues = Record<SettingKey, string> & Record<SocialPlatform, string>;
/** "setting:site_name" / "social:facebook" -> version (0: no row yet). */
export type Stamp = Record<string, number>;

export async function loadSettings(): Promise<{ values: SettingsValues; stamp: Stamp }> {
  const [settings, social] = await Promise.all([
    db.select().from(siteSettings).where(inArray(siteSettings.key, [...SETTING_KEYS])),
    db.select().from(socialLinks),
  ]);
  const values = {} as SettingsValues;
  const stamp: Stamp = {};
  for (const k of SETTING_KEYS) {
    const r = settings.find((x) => x.key === k);
    values[k] = r?.value ?? "";
    stamp[`setting:${k}`] = r?.version ?? 0;
  }
  for (const p of socialPlatforms) {
    const r = social.find((x) => x.platform === p);
    values[p] = r?.url ?? "";
    stamp[`social:${p}`] = r?.version ?? 0;
  }
  return { values, stamp };
}

export async function saveSettings(values: SettingsValues, stamp: Stamp, staffId: number): Promise<"saved" | "conflict"> {
  return db.transaction(async (tx) => {
    const [settings, social] = await Promise.all([
      tx.select({ key: siteSettings.key, version: siteSettings.version }).from(siteSettings).where(inArray(siteSettings.key, [...SETTING_KEYS])).for("update"),
      tx.select({ platform: socialLinks.platform, version: socialLinks.version }).from(socialLinks).for("update"),
    ]);
    const now: Stamp = {};
    for (const k of SETTING_KEYS) now[`setting:${k}`] = settings.find((x) => x.key === k)?.version ?? 0;
    for (const p of socialPlatforms) now[`social:${p}`] = social.find((x) => x.platform === p)?.version ?? 0;
    if (Object.keys(now).some((k) => now[k] !== (stamp[k] ?? -1))) return "conflict" as const;
    for (const k of SETTING_KEYS) {
      const v = now[`setting:${k}`];
      if (v === 0) await tx.insert(siteSettings).values({ key: k, value: values[k], updatedBy: staffId });
      else await tx.update(siteSettings).set({ value: values[k], version: v + 1, updatedBy: staffId }).where(eq(siteSettings.key, k));
    }
    for (const p of socialPlatforms) {
      const v = now[`social:${p}`];
      const url = values[p];
      if (!url) await tx.delete(socialLinks).where(eq(socialLinks.platform, p));
      else if (v === 0) await tx.insert(socialLinks).values({ platform: p, url, updatedBy: staffId });
      else await tx.update(socialLinks).set({ url, version: v + 1, updatedBy: staffId }).where(eq(socialLinks.platform, p));
    }
    await recordAudit(tx, { staffId, action: "update", entity: "settings", entityId: null, summary: "site settings and social links" });
    await bumpContentVersion(tx);
    return "saved" as const;
  });
}
