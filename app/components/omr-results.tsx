// The results of a paper's scanned OMR sheets as a teacher reads and prints them: the roll list
// (rank, set, right, wrong, blank, net) and the item analysis per question. Drawn from
// models/omr.server.ts getResults; used by the private page and its printable result sheet.
import { toBanglaDigits } from "~/lib/bangla-digits";
import type { ItemStat, SheetScore } from "~/lib/omr-results";
import { SET_CODES } from "~/lib/paper-sets";
import { formatMarks } from "~/lib/paper-settings";

export type ScoreRow = SheetScore & { unchecked: number };

const percent = (share: number | null) => (share === null ? "—" : `${toBanglaDigits(Math.round(share * 100))}%`);
const signed = (n: number) => (n < 0 ? `−${formatMarks(-n)}` : formatMarks(n));

export function ScoreTable({ scores, negative }: { scores: ScoreRow[]; negative: number }) {
  if (!scores.length) return <p className="empty">এখনো কোনো উত্তরপত্র নেই।</p>;
  return (
    <div className="omr-table-wrap">
      <table className="omr-table" aria-label="রোল অনুযায়ী ফলাফল">
        <thead>
          <tr>
            <th scope="col">মেধাক্রম</th>
            <th scope="col">রোল</th>
            <th scope="col">সেট</th>
            <th scope="col">সঠিক</th>
            <th scope="col">ভুল</th>
            <th scope="col">খালি</th>
            <th scope="col">প্রাপ্ত নম্বর</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((s) => (
            <tr key={s.id} data-roll={s.roll}>
              <td>{s.rank === null ? "—" : toBanglaDigits(s.rank)}</td>
              <th scope="row">{toBanglaDigits(s.roll || "—")}</th>
              <td>{s.setIndex === null ? "পড়া যায়নি" : SET_CODES[s.setIndex]}</td>
              <td>{toBanglaDigits(s.right)}</td>
              <td>
                {toBanglaDigits(s.wrong)}
                {s.multiple ? <span className="muted"> ({toBanglaDigits(s.multiple)}টি একাধিক)</span> : null}
              </td>
              <td>{toBanglaDigits(s.blank)}</td>
              <td>
                <strong>{signed(s.net)}</strong>
                {s.unchecked ? <span className="omr-flag"> · {toBanglaDigits(s.unchecked)}টি যাচাই বাকি</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        প্রতিটি ভুল উত্তরে কাটা যায় {formatMarks(negative)} নম্বর; একাধিক বৃত্ত ভরাট করা উত্তর ভুল ধরা হয়। সমান নম্বরে একই মেধাক্রম।
      </p>
    </div>
  );
}

export function ItemTable({ items }: { items: ItemStat[] }) {
  if (!items.length) return null;
  return (
    <div className="omr-table-wrap">
      <table className="omr-table" aria-label="প্রশ্নভিত্তিক বিশ্লেষণ">
        <thead>
          <tr>
            <th scope="col">প্রশ্ন (সেট ক)</th>
            <th scope="col">সঠিক উত্তরদাতা</th>
            <th scope="col">পার্থক্য সূচক</th>
            <th scope="col">সবচেয়ে বেশি বাছাই করা ভুল বিকল্প</th>
          </tr>
        </thead>
        <tbody>
          {items.map((it) => (
            <tr key={it.number} data-question={it.number}>
              <th scope="row">{toBanglaDigits(it.number)}</th>
              <td>{percent(it.correctShare)}</td>
              <td>{it.discrimination === null ? "—" : toBanglaDigits(it.discrimination.toFixed(2))}</td>
              <td>{it.topWrong ? `${it.topWrong.letter} (${toBanglaDigits(it.topWrong.count)} জন)` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        পার্থক্য সূচক: সবচেয়ে বেশি নম্বর পাওয়া ২৭% ও সবচেয়ে কম নম্বর পাওয়া ২৭% শিক্ষার্থীর মধ্যে সঠিক উত্তরের হারের পার্থক্য (−১ থেকে ১; ০.৩-এর কম হলে প্রশ্নটি
        দুর্বল ও সবলকে ভালো আলাদা করে না)। বিকল্পের বর্ণ সেট ক-এর ছাপা ক্রমে।
      </p>
    </div>
  );
}
