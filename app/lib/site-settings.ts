// The site's settings that /gradmin/settings edits: its texts and the social networks the footer
// links to. A plain module that the schema, the model and the screen all import: the screen hydrates,
// and a value it draws with must reach the browser. One from app/db/schema brought drizzle's runtime
// along, and one from a *.server module is left out of the browser bundle (undefined there): either
// way the screen fell into its error boundary once it hydrated.
export const SETTING_KEYS = ["site_name", "tagline", "default_description", "default_keywords"] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const socialPlatforms = [
  "facebook",
  "twitter",
  "googleplus",
  "instagram",
  "youtube",
  "linkedin",
  "tumblr",
  "pinterest",
] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];
