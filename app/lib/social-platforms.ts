// The social networks the footer links to. A plain module that the schema and the settings screen
// both import: the screen hydrates, and a value imported from app/db/schema brings the schema and
// drizzle's runtime into the browser bundle, where they break the page once it hydrates.
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
