// Study chapters: তথ্য ও যোগাযোগ প্রযুক্তি and English.
import { html, img, ol, p, table, ul } from "./util";
import type { StudyCategory } from "./study-types";

const R = String.raw;
const code = (s: string) => `<pre><code>${s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</code></pre>`;

export const OTHER_CATEGORIES: StudyCategory[] = [
  /* ------------------------------------------------------------ আইসিটি, এসএসসি */
  {
    subject: "ict",
    grade: 1,
    name: "তথ্য ও যোগাযোগ প্রযুক্তি ও আমাদের বাংলাদেশ",
    titles: [
      {
        name: "তথ্য ও যোগাযোগ প্রযুক্তি কী",
        content: p("তথ্য সংগ্রহ, সংরক্ষণ, প্রক্রিয়াকরণ ও বিনিময়ের জন্য ব্যবহৃত প্রযুক্তিকে একত্রে তথ্য ও যোগাযোগ প্রযুক্তি বলে। কম্পিউটার, মোবাইল ফোন, ইন্টারনেট, স্যাটেলাইট — সবই এর অংশ।"),
      },
      {
        name: "ডিজিটাল বাংলাদেশ",
        content: html(
          p("সরকারি সেবা অনলাইনে পৌঁছে দেওয়ার লক্ষ্যে দেশের প্রতিটি ইউনিয়নে ডিজিটাল সেন্টার চালু হয়েছে। জন্মনিবন্ধন, জমির পর্চা, পরীক্ষার ফল, বিদ্যুৎ বিল — অনেক সেবাই এখন ঘরে বসে পাওয়া যায়।"),
          ul("ই-গভর্ন্যান্স", "মোবাইল ব্যাংকিং", "অনলাইনে ভর্তি ও ফল প্রকাশ", "টেলিমেডিসিন"),
        ),
      },
      {
        name: "ই-লার্নিং",
        content: p("ইলেকট্রনিক মাধ্যম ব্যবহার করে শিক্ষাগ্রহণকে ই-লার্নিং বলে। ভিডিও ক্লাস, অনলাইন কুইজ, ডিজিটাল কনটেন্ট ও লাইভ ক্লাসের মাধ্যমে গ্রামের শিক্ষার্থীরাও এখন দেশের সেরা শিক্ষকদের ক্লাস করতে পারে।"),
      },
    ],
  },
  {
    subject: "ict",
    grade: 1,
    name: "কম্পিউটার নিরাপত্তা ও ইন্টারনেট",
    titles: [
      {
        name: "পাসওয়ার্ড ও সাইবার নিরাপত্তা",
        content: html(
          p("শক্তিশালী পাসওয়ার্ড অন্তত ১২ অক্ষরের হয় এবং এতে বড় ও ছোট হাতের অক্ষর, সংখ্যা ও চিহ্ন মিশ্রিত থাকে। একই পাসওয়ার্ড একাধিক সাইটে ব্যবহার করা উচিত নয়।"),
          ul("দুই ধাপের যাচাই (2FA) চালু রাখো।", "অপরিচিত লিংকে ক্লিক করবে না।", "নিয়মিত সফটওয়্যার হালনাগাদ করো।"),
        ),
      },
      {
        name: "ম্যালওয়্যার",
        content: p("ক্ষতিকর উদ্দেশ্যে তৈরি সফটওয়্যারকে ম্যালওয়্যার বলে। ভাইরাস, ওয়ার্ম, ট্রোজান হর্স, স্পাইওয়্যার ও র‍্যানসমওয়্যার এর উদাহরণ। অ্যান্টিভাইরাস সফটওয়্যার ও সচেতন ব্যবহার ম্যালওয়্যার থেকে রক্ষা করে।"),
      },
      {
        name: "ইন্টারনেট ব্যবহারের শিষ্টাচার",
        content: ol("অন্যের ব্যক্তিগত তথ্য বা ছবি অনুমতি ছাড়া প্রকাশ করবে না।", "সামাজিক মাধ্যমে গুজব ছড়াবে না; তথ্য যাচাই করে শেয়ার করো।", "অন্যের লেখা বা ছবি ব্যবহার করলে সূত্র উল্লেখ করো।"),
      },
    ],
  },
  /* ------------------------------------------------------------ আইসিটি, এইচএসসি */
  {
    subject: "ict",
    grade: 2,
    name: "সংখ্যা পদ্ধতি ও ডিজিটাল ডিভাইস",
    titles: [
      {
        name: "সংখ্যা পদ্ধতি",
        content: table(["পদ্ধতি", "ভিত্তি", "অঙ্কসমূহ"], [["বাইনারি", "২", "0, 1"], ["অক্টাল", "৮", "0–7"], ["ডেসিমাল", "১০", "0–9"], ["হেক্সাডেসিমাল", "১৬", "0–9, A–F"]]),
      },
      {
        name: "বাইনারি-দশমিক রূপান্তর",
        content: html(
          p("বাইনারি থেকে দশমিকে রূপান্তরে প্রতিটি অঙ্ককে তার স্থানীয় মান (২ এর ঘাত) দিয়ে গুণ করে যোগ করতে হয়:"),
          R`$$(1011)_2 = 1 \times 2^3 + 0 \times 2^2 + 1 \times 2^1 + 1 \times 2^0 = (11)_{10}$$`,
          p("দশমিক থেকে বাইনারিতে রূপান্তরে সংখ্যাটিকে বারবার ২ দিয়ে ভাগ করে ভাগশেষগুলো নিচ থেকে উপরে লিখতে হয়। যেমন $(25)_{10} = (11001)_2$।"),
        ),
      },
      {
        name: "লজিক গেট",
        content: html(
          img("logic-gate.svg", "AND গেটের প্রতীক"),
          table(["A", "B", "A AND B", "A OR B", "A NAND B"], [["0", "0", "0", "0", "1"], ["0", "1", "0", "1", "1"], ["1", "0", "0", "1", "1"], ["1", "1", "1", "1", "0"]]),
          p("NAND ও NOR গেটকে সার্বজনীন গেট বলে, কারণ শুধু এদের দিয়েই যেকোনো লজিক সার্কিট তৈরি করা যায়।"),
        ),
      },
    ],
  },
  {
    subject: "ict",
    grade: 2,
    name: "ওয়েব ডিজাইন পরিচিতি ও HTML",
    titles: [
      {
        name: "ওয়েবসাইটের কাঠামো",
        content: p("ওয়েবসাইটের পেজগুলো কীভাবে সংযুক্ত থাকবে তা নির্ধারণ করে এর কাঠামো। প্রধান কাঠামোগুলো: সিকুয়েন্সিয়াল, হায়ারার্কিক্যাল (ট্রি), লিনিয়ার ও ওয়েব (নেটওয়ার্ক) কাঠামো। শিক্ষা প্রতিষ্ঠানের ওয়েবসাইটে সাধারণত হায়ারার্কিক্যাল কাঠামো ব্যবহৃত হয়।"),
      },
      {
        name: "HTML এর মৌলিক ট্যাগ",
        content: html(
          p("HTML (HyperText Markup Language) দিয়ে ওয়েবপেজ তৈরি করা হয়। প্রতিটি পেজের মৌলিক কাঠামো:"),
          code(`<!DOCTYPE html>
<html>
  <head><title>আমার পেজ</title></head>
  <body>
    <h1>স্বাগতম</h1>
    <p>এটি একটি অনুচ্ছেদ।</p>
  </body>
</html>`),
          p("&lt;br&gt; ও &lt;img&gt; এর মতো কিছু ট্যাগের শেষ ট্যাগ নেই; এদের খালি (empty) ট্যাগ বলে।"),
        ),
      },
      {
        name: "হাইপারলিংক ও ছবি",
        content: html(
          p("এক পেজ থেকে অন্য পেজে যাওয়ার জন্য &lt;a&gt; ট্যাগ এবং ছবি যুক্ত করতে &lt;img&gt; ট্যাগ ব্যবহৃত হয়:"),
          code(`<a href="https://www.example.com">ভিজিট করো</a>
<img src="images/placeholder.svg" alt="ছবি" width="200">`),
        ),
      },
    ],
  },
  /* ------------------------------------------------------------ English, SSC */
  {
    subject: "english",
    grade: 1,
    name: "Tense",
    titles: [
      {
        name: "Present Tense",
        content: html(
          p("Present tense বর্তমান কালের কাজ বোঝায়। এর চারটি রূপ আছে:"),
          table(["Form", "Structure", "Example"], [["Present Indefinite", "Subject + V1 (s/es)", "He <em>reads</em> every day."], ["Present Continuous", "Subject + am/is/are + V-ing", "She <em>is writing</em> a letter."], ["Present Perfect", "Subject + has/have + V3", "I <em>have finished</em> my homework."], ["Present Perfect Continuous", "Subject + has/have been + V-ing", "They <em>have been playing</em> since morning."]]),
          p("চিরন্তন সত্য বোঝাতে Present Indefinite ব্যবহৃত হয়: <em>The sun rises in the east.</em>"),
        ),
      },
      {
        name: "Past Tense",
        content: html(
          p("অতীতে সম্পন্ন কাজ বোঝাতে Past Indefinite (V2) ব্যবহৃত হয়: <em>I met him yesterday.</em>"),
          p("অতীতে দুটি কাজের মধ্যে যেটি আগে ঘটেছিল তা Past Perfect এবং পরেরটি Past Indefinite হয়: <em>The train had left before we reached the station.</em>"),
        ),
      },
      {
        name: "Future Tense",
        content: html(
          p("ভবিষ্যতের কাজ বোঝাতে shall/will + V1 ব্যবহৃত হয়: <em>We will visit Cox's Bazar next month.</em>"),
          ul("Future Continuous: <em>I will be waiting for you.</em>", "Future Perfect: <em>They will have finished the work by Friday.</em>"),
        ),
      },
    ],
  },
  {
    subject: "english",
    grade: 1,
    name: "Voice",
    titles: [
      {
        name: "Active and Passive Voice",
        content: html(
          p("Active voice এ subject কাজটি করে; passive voice এ কাজটি subject এর উপর করা হয়। Passive করার নিয়ম: object কে subject করো, be verb + V3 বসাও, তারপর by + agent।"),
          ul("Active: <em>Rahim writes a letter.</em>", "Passive: <em>A letter is written by Rahim.</em>"),
        ),
      },
      {
        name: "Passive of Interrogative Sentences",
        content: ul("<em>Did he help you?</em> → <em>Were you helped by him?</em>", "<em>Who broke the glass?</em> → <em>By whom was the glass broken?</em>", "<em>What are you doing?</em> → <em>What is being done by you?</em>"),
      },
      {
        name: "Passive of Imperative Sentences",
        content: html(
          p("Imperative sentence এর passive করতে Let + object + be + V3 ব্যবহৃত হয়।"),
          ul("<em>Open the door.</em> → <em>Let the door be opened.</em>", "<em>Help the poor.</em> → <em>Let the poor be helped.</em>"),
        ),
      },
    ],
  },
  /* ------------------------------------------------------------ English, HSC */
  {
    subject: "english",
    grade: 2,
    name: "Narration",
    titles: [
      {
        name: "Direct and Indirect Speech",
        content: html(
          p("বক্তার কথা হুবহু উদ্ধৃত করলে direct speech, আর নিজের ভাষায় বললে indirect speech। Reporting verb past tense এ থাকলে reported speech এর tense পরিবর্তিত হয়।"),
          table(["Direct", "Indirect"], [["am/is", "was"], ["have/has", "had"], ["will", "would"], ["now", "then"], ["today", "that day"], ["tomorrow", "the next day"]]),
          p("<em>He said, \"I am busy now.\"</em> → <em>He said that he was busy then.</em>"),
        ),
      },
      {
        name: "Narration of Interrogative Sentences",
        content: ul("Yes/no question: <em>He said to me, \"Are you ill?\"</em> → <em>He asked me if I was ill.</em>", "Wh-question: <em>She said to him, \"Where do you live?\"</em> → <em>She asked him where he lived.</em>"),
      },
      {
        name: "Narration of Imperative and Exclamatory Sentences",
        content: ul("<em>The teacher said to us, \"Do not make a noise.\"</em> → <em>The teacher forbade us to make a noise.</em>", "<em>He said, \"Alas! I am undone.\"</em> → <em>He exclaimed with sorrow that he was undone.</em>"),
      },
    ],
  },
  {
    subject: "english",
    grade: 2,
    name: "Transformation of Sentences",
    titles: [
      {
        name: "Simple, Complex and Compound",
        content: ul("Simple: <em>In spite of being poor, he is honest.</em>", "Complex: <em>Though he is poor, he is honest.</em>", "Compound: <em>He is poor but honest.</em>"),
      },
      {
        name: "Affirmative and Negative",
        content: ul("<em>Only Allah can help us.</em> → <em>None but Allah can help us.</em>", "<em>He is always punctual.</em> → <em>He is never late.</em>", "<em>Everybody loves flowers.</em> → <em>There is nobody who does not love flowers.</em>"),
      },
      {
        name: "Degree of Comparison",
        content: html(
          ul("Superlative: <em>Dhaka is the largest city in Bangladesh.</em>", "Comparative: <em>Dhaka is larger than any other city in Bangladesh.</em>", "Positive: <em>No other city in Bangladesh is as large as Dhaka.</em>"),
        ),
      },
    ],
  },
  /* ------------------------------------------------------------ English, JSC */
  {
    subject: "english",
    grade: 3,
    name: "Parts of Speech",
    titles: [
      { name: "Noun", content: p("যে word দিয়ে কোনো ব্যক্তি, বস্তু, স্থান, প্রাণী বা গুণের নাম বোঝায় তাকে noun বলে। যেমন: <em>Karim, Dhaka, book, honesty</em>। Noun পাঁচ প্রকার: proper, common, collective, material ও abstract।") },
      { name: "Pronoun", content: p("Noun এর পরিবর্তে যে word ব্যবহৃত হয় তাকে pronoun বলে। যেমন: <em>he, she, it, they, we</em>। <em>Rina is a good girl. She studies regularly.</em> — এখানে <em>She</em> pronoun।") },
      { name: "Verb", content: p("যে word দিয়ে কোনো কাজ করা বা হওয়া বোঝায় তাকে verb বলে। যেমন: <em>go, eat, write, is</em>। <em>The birds fly in the sky.</em>") },
      { name: "Adjective", content: p("যে word noun বা pronoun এর দোষ, গুণ, সংখ্যা বা অবস্থা প্রকাশ করে তাকে adjective বলে। যেমন: <em>a red rose, five boys, a brave soldier</em>।") },
    ],
  },
];
