// Site settings, SEO meta, info pages, footer, social links, videos and live classes.
import type * as schema from "../../app/db/schema";
import { h3, html, p, ul } from "./util";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export const SITE_NAME = "গণিত রিসোর্স বিডি";

export const SITE_SETTINGS: Insert<typeof schema.siteSettings>[] = [
  { key: "site_name", value: SITE_NAME },
  { key: "tagline", value: "learn mathematics and english" },
  {
    key: "default_description",
    value: "এসএসসি, এইচএসসি ও ভর্তি পরীক্ষার্থীদের জন্য বাংলায় গণিত, বিজ্ঞান ও ইংরেজির পাঠ, বিগত বছরের বোর্ড প্রশ্ন, এমসিকিউ অনুশীলন, মডেল টেস্ট, ভিডিও ক্লাস ও লাইভ ক্লাস — সম্পূর্ণ বিনামূল্যে।",
  },
  {
    key: "default_keywords",
    value: "গণিত, উচ্চতর গণিত, পদার্থবিজ্ঞান, রসায়ন, এসএসসি, এইচএসসি, বোর্ড প্রশ্ন, এমসিকিউ, মডেল টেস্ট, ভর্তি প্রস্তুতি, বিসিএস, ssc, hsc, math, admission",
  },
];

export const PAGE_META: Insert<typeof schema.pageMeta>[] = [
  {
    id: 1,
    path: "/home",
    title: `${SITE_NAME} — এসএসসি ও এইচএসসি গণিত, বিজ্ঞান ও ইংরেজি`,
    description: "অধ্যায়ভিত্তিক পাঠ, বোর্ড প্রশ্ন, এমসিকিউ অনুশীলন, মডেল টেস্ট ও ভিডিও ক্লাসের মাধ্যমে এসএসসি, এইচএসসি ও ভর্তি পরীক্ষার প্রস্তুতি নাও।",
    keywords: "এসএসসি গণিত, এইচএসসি উচ্চতর গণিত, বোর্ড প্রশ্ন, এমসিকিউ, মডেল টেস্ট, ভর্তি প্রস্তুতি",
  },
  {
    id: 2,
    path: "/about/aboutus",
    title: `আমাদের সম্পর্কে — ${SITE_NAME}`,
    description: `${SITE_NAME} বাংলাদেশের শিক্ষার্থীদের জন্য একটি বিনামূল্যের অনলাইন শিক্ষা প্ল্যাটফর্ম। আমাদের লক্ষ্য, শিক্ষক ও কার্যক্রম সম্পর্কে জানো।`,
    keywords: "আমাদের সম্পর্কে, অনলাইন শিক্ষা, বাংলা শিক্ষা ওয়েবসাইট",
  },
  {
    id: 3,
    path: "/contact",
    title: `যোগাযোগ — ${SITE_NAME}`,
    description: "প্রশ্ন, পরামর্শ বা ভুল তথ্যের বিষয়ে আমাদের জানাও। আমরা সাধারণত দুই কার্যদিবসের মধ্যে উত্তর দিই।",
    keywords: "যোগাযোগ, ফোন, ইমেইল, ঠিকানা",
  },
];

const ABOUT = html(
  h3("আমাদের কথা"),
  p(`${SITE_NAME} বাংলাদেশের মাধ্যমিক ও উচ্চমাধ্যমিক স্তরের শিক্ষার্থীদের জন্য একটি বিনামূল্যের অনলাইন শিক্ষা প্ল্যাটফর্ম। ২০১৬ সালে কয়েকজন শিক্ষক ও প্রকৌশলী মিলে ছোট একটি ব্লগ হিসেবে এর যাত্রা শুরু হয়েছিল; আজ প্রতি মাসে দেশের সব জেলা থেকে লক্ষাধিক শিক্ষার্থী এখানে পড়াশোনা করে।`),
  p("আমরা বিশ্বাস করি, ভালো শিক্ষা শুধু শহরের বড় কোচিং সেন্টারের শিক্ষার্থীদের অধিকার নয়। তাই জাতীয় শিক্ষাক্রম ও পাঠ্যপুস্তক বোর্ডের সিলেবাস অনুযায়ী অধ্যায়ভিত্তিক পাঠ, সমাধানসহ উদাহরণ, বিগত বছরের বোর্ড প্রশ্ন এবং ভর্তি ও চাকরির প্রস্তুতির জন্য এমসিকিউ অনুশীলন এক জায়গায় সাজিয়ে রেখেছি।"),
  ul("অধ্যায়ভিত্তিক সহজ বাংলা ব্যাখ্যা", "সকল বোর্ডের বিগত বছরের প্রশ্ন", "সময় ধরে মডেল টেস্ট ও তাৎক্ষণিক ফলাফল", "ভিডিও ক্লাস ও সাপ্তাহিক লাইভ ক্লাস"),
  h3("About Us"),
  p(`${SITE_NAME} is a free learning platform for Bangla-speaking students preparing for the SSC, HSC and university admission examinations. Lessons follow the national curriculum and are written by experienced teachers; every topic comes with worked examples, past board questions and timed practice tests.`),
);

const AUTHOR = html(
  h3("মোহাম্মদ আরিফুল ইসলাম"),
  p("প্রতিষ্ঠাতা ও প্রধান সম্পাদক। ঢাকা বিশ্ববিদ্যালয়ের গণিত বিভাগ থেকে স্নাতক ও স্নাতকোত্তর সম্পন্ন করার পর তিনি পনেরো বছর ধরে ঢাকার একটি স্বনামধন্য কলেজে উচ্চতর গণিত পড়াচ্ছেন। এসএসসি ও এইচএসসি উচ্চতর গণিতের উপর তাঁর লেখা সহায়ক বই শিক্ষার্থীদের কাছে জনপ্রিয়।"),
  p("শ্রেণিকক্ষের বাইরেও যেন প্রত্যেক শিক্ষার্থী প্রশ্ন করার সুযোগ পায় — এই ভাবনা থেকেই তিনি এই ওয়েবসাইট শুরু করেন। এখানে প্রকাশিত অধিকাংশ গণিতের পাঠ ও উদাহরণ তাঁর নিজের লেখা এবং তিনি নিয়মিত লাইভ ক্লাস নেন।"),
  p("<em>Mohammad Ariful Islam is a mathematics teacher from Dhaka and the founder of this site.</em>"),
);

const PRODUCTS = html(
  p("আমাদের সকল সেবা শিক্ষার্থীদের জন্য বিনামূল্যে:"),
  ul(
    "<strong>অধ্যায়ভিত্তিক পাঠ:</strong> উচ্চতর গণিত, সাধারণ গণিত, পদার্থবিজ্ঞান, রসায়ন, জীববিজ্ঞান, আইসিটি ও ইংরেজি।",
    "<strong>বোর্ড প্রশ্ন:</strong> ২০১৯–২০২৪ সালের সকল বোর্ডের সৃজনশীল ও বহুনির্বাচনি প্রশ্ন।",
    "<strong>এমসিকিউ অনুশীলন:</strong> বিশ্ববিদ্যালয়, মেডিকেল, জাতীয় বিশ্ববিদ্যালয় ভর্তি, বিসিএস ও শিক্ষক নিবন্ধন প্রস্তুতি।",
    "<strong>মডেল টেস্ট:</strong> সময় ধরে পরীক্ষা, নেগেটিভ মার্কিংসহ তাৎক্ষণিক ফলাফল।",
    "<strong>ভিডিও ক্লাস:</strong> তত্ত্ব, উদাহরণ ও সংক্ষিপ্ত টিপস ভিডিও।",
    "<strong>লাইভ ক্লাস:</strong> প্রতি সপ্তাহে অভিজ্ঞ শিক্ষকদের সাথে সরাসরি প্রশ্নোত্তর।",
  ),
);

const CONTACT = p("তোমার কোনো প্রশ্ন, পরামর্শ বা কোনো পাঠে ভুল চোখে পড়লে নিচের ফর্মটি পূরণ করে আমাদের জানাও। আমরা সাধারণত দুই কার্যদিবসের মধ্যে উত্তর দিই। জরুরি প্রয়োজনে শনি থেকে বৃহস্পতিবার সকাল ১০টা থেকে সন্ধ্যা ৬টার মধ্যে ফোন করতে পারো।");

export const INFO_PAGES: Insert<typeof schema.infoPages>[] = [
  { id: 1, slug: "aboutus", title: "About Us", content: ABOUT, image: "/images/about.svg" },
  { id: 2, slug: "author", title: "Author", content: AUTHOR, image: null },
  { id: 3, slug: "products", title: "Products", content: PRODUCTS, image: null },
  { id: 4, slug: "contact", title: "Contact", content: CONTACT, image: null },
];

/** One initial revision per page (its version 1), attributed to the seeded super admin (staff id 1). */
export const INFO_PAGE_REVISIONS: Insert<typeof schema.revisions>[] = INFO_PAGES.map((pg) => ({
  id: pg.id,
  entity: "info_page",
  entityId: pg.id!,
  version: 1,
  snapshot: { title: pg.title, content: pg.content, image: pg.image },
  staffId: 1,
  createdAt: new Date("2026-01-01T00:00:00Z"),
}));

export const FOOTER_SETTINGS: Insert<typeof schema.footerSettings>[] = [
  {
    id: 1,
    contactAddress: "বাড়ি ১২, সড়ক ৭, ধানমন্ডি, ঢাকা ১২০৫, বাংলাদেশ",
    contactEmail: "info@gonitresourcebd.com",
    contactPhone: "+880 1712-345678",
  },
];

export const FOOTER_TWEETS: Insert<typeof schema.footerTweets>[] = [
  { id: 1, handle: "@gonitresourcebd", text: "এসএসসি ২০২৭ উচ্চতর গণিত মডেল টেস্ট — ১ প্রকাশিত হয়েছে। আজই অংশ নাও!", time: "২ ঘণ্টা আগে", sort: 1 },
  { id: 2, handle: "@gonitresourcebd", text: "শুক্রবার সন্ধ্যা ৬টায় ভেক্টর অধ্যায়ের লাইভ ক্লাস। প্রশ্ন আগেই কমেন্টে লিখে রাখো।", time: "১ দিন আগে", sort: 2 },
  { id: 3, handle: "@gonitresourcebd", text: "ঢাকা বোর্ড ২০২৪ সাধারণ গণিতের সৃজনশীল প্রশ্ন যুক্ত করা হয়েছে।", time: "৩ দিন আগে", sort: 3 },
];

export const FOOTER_UPDATES: Insert<typeof schema.footerUpdates>[] = [
  { id: 1, day: "12", month: "নভে", text: "বিসিএস প্রিলিমিনারি মডেল টেস্ট — ১ চালু হয়েছে।", sort: 1 },
  { id: 2, day: "05", month: "নভে", text: "জাতীয় বিশ্ববিদ্যালয় ভর্তি প্রস্তুতির নতুন এমসিকিউ সেট যুক্ত হয়েছে।", sort: 2 },
  { id: 3, day: "28", month: "অক্টো", text: "এইচএসসি পদার্থবিজ্ঞান ভেক্টর অধ্যায়ের ভিডিও ক্লাস প্রকাশিত।", sort: 3 },
];

/** The five platforms of the Follow Us card; instagram, tumblr and pinterest stay unset. */
export const SOCIAL_LINKS: Insert<typeof schema.socialLinks>[] = [
  { platform: "facebook", url: "https://www.facebook.com/gonitresourcebd" },
  { platform: "twitter", url: "https://twitter.com/gonitresourcebd" },
  { platform: "youtube", url: "https://www.youtube.com/@gonitresourcebd" },
  { platform: "linkedin", url: "https://www.linkedin.com/company/gonitresourcebd" },
  { platform: "googleplus", url: "https://plus.google.com/+GonitResourceBD" },
];

/* ------------------------------------------------------------------ videos */

type VideoKind = (typeof schema.videoKinds)[number];

/** Made-up but valid-looking 11-character YouTube ids (fixed, so the seed is deterministic). */
const IDS = [
  "aX3kP9qLm2T", "B7rN4vW1zQe", "c9Hs2Lp8KdY", "D4mQ7tR2wXa", "e8Vb1Nc5JhU", "F2jK6sD9pLo", "g5Tz8Yw3RqE", "H1nM4bV7cXs",
  "i6Lp9Ok2JuY", "J3hG8fD5sAq", "k7Wq2Ee4RtZ", "L9pO1iU6yTr", "m4Nb7Vc2XzA", "N8sD3fG6hJk", "o2Lk5Jh9GfD", "P6yT1rE4wQa",
  "q3Zx8Cv5BnM", "R7mN2bV9cXz", "s1Qw6Er3TyU", "T5uI8oP2aSd", "u9Fg4Hj7KlZ", "V2xC6vB1nMq", "w8Ty3Ui5OpA", "X4sD9fG2hJk",
  "y7Lk1Jh6GfD", "Z3qW8eR4tYu", "a6Sd2Fg9HjK", "B9lK4jH1gFd", "c2Vb7Nm3QwE", "D8rT5yU6iOp", "e4As9Df1GhJ", "F7kL2zX8cVb",
  "g1Nm6Qw3ErT", "H5yU9iO2pAs", "i8Df4Gh7JkL", "J2zX5cV9bNm", "k6Qw1Er8TyU", "L3iO7pA4sDf", "m9Gh2Jk5LzX", "N4cV8bN1mQw",
  "o7Er3Ty6UiO", "P1pA9sD4fGh",
];

const TITLES: Record<VideoKind, Array<string | null>> = {
  theory: [
    "সেট ও ফাংশন: মৌলিক ধারণা", "ফাংশনের ডোমেন ও রেঞ্জ নির্ণয়", "বহুপদী ও ভাগশেষ উপপাদ্য", "উৎপাদক উপপাদ্য ও উৎপাদকে বিশ্লেষণ",
    "আংশিক ভগ্নাংশ", "রেডিয়ান ও ডিগ্রি পরিমাপ", "ত্রিকোণমিতিক অনুপাত ও অভেদ", null, "সূচক ও লগারিদমের নিয়ম",
    "দ্বিপদী উপপাদ্য", "সম্ভাবনার মৌলিক ধারণা", "অন্তরীকরণ: মূল নিয়ম", "যোগজীকরণ ও ক্ষেত্রফল", "ভেক্টরের যোগ ও গুণন",
  ],
  example: ["উৎপাদকে বিশ্লেষণ: বোর্ড প্রশ্ন সমাধান", "ত্রিকোণমিতিক অভেদ প্রমাণ", null, "দ্বিপদী বিস্তৃতির মধ্যপদ নির্ণয়", "গতির সমীকরণের অঙ্ক"],
  short: ["১ মিনিটে sin-cos এর মান মনে রাখার কৌশল", "লগারিদমের ৩টি সূত্র", "ল.সা.গু. ও গ.সা.গু. এর শর্টকাট", "মোল সংখ্যা বের করার সহজ উপায়"],
  b2: ["সৃজনশীল প্রশ্ন: সেট ও ফাংশন", "সৃজনশীল প্রশ্ন: বীজগাণিতিক রাশি", "সৃজনশীল প্রশ্ন: ত্রিকোণমিতি", null],
  b3: ["ঢাকা বোর্ড ২০২৩: উচ্চতর গণিত সমাধান", "রাজশাহী বোর্ড ২০২৩: উচ্চতর গণিত সমাধান", "কুমিল্লা বোর্ড ২০২২: সমাধান", "চট্টগ্রাম বোর্ড ২০১৯: সমাধান"],
  b4: ["ভর্তি প্রস্তুতি: ভেক্টর", "ভর্তি প্রস্তুতি: অন্তরীকরণ", "ভর্তি প্রস্তুতি: জটিল সংখ্যা"],
  c5: ["বিসিএস গণিত: শতকরা ও লাভ-ক্ষতি", "বিসিএস গণিত: সুদকষা", null],
  a6: ["English Grammar: Tense", "English Grammar: Voice", "English Grammar: Narration"],
};

/** URL forms rotate so every accepted YouTube form appears. */
function videoUrl(kind: VideoKind, id: string, n: number): string {
  if (kind === "short") return `https://www.youtube.com/shorts/${id}`;
  switch (n % 3) {
    case 0:
      return `https://www.youtube.com/watch?v=${id}`;
    case 1:
      return `https://youtu.be/${id}`;
    default:
      return `https://www.youtube.com/embed/${id}`;
  }
}

export const VIDEOS: Insert<typeof schema.videos>[] = [];
{
  let next = 0;
  for (const kind of Object.keys(TITLES) as VideoKind[]) {
    TITLES[kind].forEach((title, i) => {
      const id = IDS[next];
      VIDEOS.push({ id: ++next, url: videoUrl(kind, id, next), title, kind, sort: i + 1 });
    });
  }
  // The same YouTube video listed under a second kind (the pages de-duplicate by video id).
  VIDEOS.push({ id: ++next, url: `https://www.youtube.com/watch?v=${IDS[0]}`, title: "সেট ও ফাংশন: মৌলিক ধারণা", kind: "example", sort: TITLES.example.length + 1 });
  if (next > IDS.length + 1) throw new Error("seed: add more video ids");
}

/* ------------------------------------------------------------------ live classes (fixed dates, UTC) */

export const LIVE_CLASSES: Insert<typeof schema.liveClasses>[] = [
  {
    id: 1,
    title: "এসএসসি উচ্চতর গণিত: দ্বিপদী বিস্তৃতি — লাইভ ক্লাস",
    description: "দ্বিপদী উপপাদ্য, সাধারণ পদ ও মধ্যপদ নির্ণয় এবং বিগত বছরের বোর্ড প্রশ্নের সমাধান।",
    startsAt: new Date("2026-11-20T14:00:00Z"),
    durationMinutes: 90,
    streamUrl: "https://www.youtube.com/watch?v=Lv1aB2cD3eF",
    recordingUrl: "https://www.youtube.com/watch?v=Rc1aB2cD3eF",
  },
  {
    id: 2,
    title: "এইচএসসি পদার্থবিজ্ঞান: ভেক্টর — প্রশ্নোত্তর পর্ব",
    description: "ভেক্টরের যোগ, ডট ও ক্রস গুণন; ভর্তি পরীক্ষার গুরুত্বপূর্ণ এমসিকিউ সমাধান।",
    startsAt: new Date("2026-12-05T18:00:00Z"),
    durationMinutes: 60,
    streamUrl: "https://www.youtube.com/watch?v=Lv2gH3iJ4kL",
    recordingUrl: null,
  },
  {
    id: 3,
    title: "বিসিএস প্রিলিমিনারি: গাণিতিক যুক্তি",
    description: "শতকরা, লাভ-ক্ষতি, সুদকষা ও অনুপাতের শর্টকাট কৌশল।",
    startsAt: new Date("2026-12-12T14:00:00Z"),
    durationMinutes: 90,
    streamUrl: "https://www.youtube.com/watch?v=Lv3mN4oP5qR",
    recordingUrl: null,
  },
  {
    id: 4,
    title: "এসএসসি ২০২৭ চূড়ান্ত প্রস্তুতি: সাধারণ গণিত",
    description: "পরীক্ষার আগে শেষ মুহূর্তের রিভিশন: গুরুত্বপূর্ণ সূত্র ও সৃজনশীল প্রশ্নের কৌশল।",
    startsAt: new Date("2027-01-10T15:00:00Z"),
    durationMinutes: 120,
    streamUrl: "https://www.youtube.com/watch?v=Lv4sT5uV6wX",
    recordingUrl: null,
  },
];
