// Live exams on public pages: the list of those running and coming up (home, exam sub-page), and the
// exam page's panel for each phase. Server-rendered; without JavaScript the waiting page reloads
// itself (the route's <meta http-equiv="refresh">), with it app/enhance/countdown.ts ticks the clock.
import { toBanglaDigits } from "~/lib/bangla-digits";
import type { LiveExamState, LiveListItem } from "~/lib/live-exam";

/** The running and upcoming live exams; nothing at all when there are none. */
export function LiveExamList({ items, id, className = "panel" }: { items: readonly LiveListItem[]; id: string; className?: string }) {
  if (!items.length) return null;
  return (
    <section id={id} className={`live-exams ${className}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>লাইভ মডেল টেস্ট</h2>
      <ul className="live-exam-list">
        {items.map((i) => (
          <li key={i.id}>
            <a href={`/exampage/${i.id}`}>{i.name}</a>{" "}
            <strong className={i.running ? "live-badge live-now" : "live-badge"}>{i.running ? "চলছে" : "শুরু হবে"}</strong>{" "}
            <span className="live-when">
              <time dateTime={i.startIso}>{i.startBn}</time> – <time dateTime={i.closeIso}>{i.closeBn}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "২ দিন ৩ ঘণ্টা", "১ ঘণ্টা ৫ মিনিট", "৪৫ সেকেন্ড": how long until the start, as the page was made. */
export function waitBn(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${toBanglaDigits(days)} দিন${hours ? ` ${toBanglaDigits(hours)} ঘণ্টা` : ""}`;
  if (hours) return `${toBanglaDigits(hours)} ঘণ্টা${minutes ? ` ${toBanglaDigits(minutes)} মিনিট` : ""}`;
  if (minutes) return `${toBanglaDigits(minutes)} মিনিট`;
  return `${toBanglaDigits(Math.max(1, seconds))} সেকেন্ড`;
}

type Facts = { totalRows: number; fullMarksBn: string; durationBn: string; negativeMarkBn: string | null };

/**
 * The exam page of a live exam: before the start the rules and a countdown (the questions are not on
 * the page); while it runs, until when (the start form follows); after the close, the merit list and
 * practice.
 */
export function LiveExamPanel({ live, grtid, facts }: { live: LiveExamState; grtid: number; facts: Facts }) {
  if (live.phase === "waiting") {
    return (
      <section id="live" className="panel live-exam live-waiting" aria-labelledby="live-h">
        <h2 id="live-h">লাইভ মডেল টেস্ট: শুরু হবে {live.startBn}</h2>
        <p className="live-countdown">
          শুরু হতে বাকি:{" "}
          <time dateTime={live.startIso} data-live-countdown data-seconds={live.secondsLeft}>
            {waitBn(live.secondsLeft)}
          </time>
        </p>
        <ul className="exam-rules">
          <li>{`প্রশ্ন ${toBanglaDigits(facts.totalRows)}টি, পূর্ণমান ${facts.fullMarksBn}, সময় ${facts.durationBn} মিনিট।`}</li>
          <li>{facts.negativeMarkBn ? `প্রতিটি ভুল উত্তরে ${facts.negativeMarkBn} নম্বর কাটা যাবে।` : "কোনো নেগেটিভ মার্কিং নেই।"}</li>
          <li>
            সবাই একই সময়ে শুরু করবে। সময় ধরা হয় আমাদের সার্ভারের ঘড়িতে, তাই ফোন বা কম্পিউটারের ঘড়ি ভুল থাকলেও সমস্যা নেই।
          </li>
          <li>{`শুরু করার পর ${facts.durationBn} মিনিট সময় পাবেন। ${live.closeBn}-এর পর আর শুরু করা যাবে না।`}</li>
          <li>পরীক্ষা শেষ হওয়ার পর উত্তর, ব্যাখ্যা ও মেধাতালিকা প্রকাশ হবে; তার আগে নয়।</li>
        </ul>
        <p className="muted">এই পাতাটি নিজে থেকেই আবার লোড হবে; সময় হলে এখানেই «পরীক্ষা শুরু করুন» বোতাম আসবে।</p>
      </section>
    );
  }
  if (live.phase === "running") {
    return (
      <section id="live" className="panel live-exam live-running" aria-labelledby="live-h">
        <h2 id="live-h">লাইভ মডেল টেস্ট চলছে, শেষ হবে {live.closeBn}</h2>
        <p>{`শুরু করার পর ${facts.durationBn} মিনিট সময় পাবেন। ${live.closeBn}-এর পর আর শুরু করা যাবে না। উত্তর ও মেধাতালিকা পরীক্ষা শেষ হলে প্রকাশ হবে।`}</p>
      </section>
    );
  }
  return (
    <section id="live" className="panel live-exam live-closed" aria-labelledby="live-h">
      <h2 id="live-h">লাইভ মডেল টেস্ট শেষ হয়েছে ({live.closeBn})</h2>
      <ul className="live-links">
        <li>
          <a className="btn" href={`/exampage/${grtid}/merit`}>
            মেধাতালিকা দেখুন
          </a>
        </li>
        <li>
          <a href="#exam-practice">প্রশ্নগুলো অনুশীলন করুন</a>
        </li>
      </ul>
    </section>
  );
}

/** Where the practice part of a closed live exam's page begins (the closed panel links here). */
export function PracticeAnchor() {
  return (
    <h2 id="exam-practice" className="practice-h">
      অনুশীলন
    </h2>
  );
}
