// An exam whose set still holds draft or scheduled questions: how many, what students see meanwhile,
// and a link that publishes them (the questions' bulk publish, which names them and asks first).
// Shown on the exam's edit screen and its question picker; plain links, no JavaScript needed.
import { Notice } from "~/components/admin";
import { toBanglaDigits } from "~/lib/bangla-digits";

/** Past this many ids the link would be too long an address: it opens the list of draft questions instead. */
const LINK_MAX = 300;

export type ExamDrafts = { ids: number[]; total: number; text: string; examPublished: boolean };

export function ExamDraftsNotice({ drafts }: { drafts: ExamDrafts | null }) {
  if (!drafts || !drafts.ids.length) return null;
  const n = drafts.ids.length;
  const href =
    n <= LINK_MAX
      ? `/gradmin/content/questions/bulk?${new URLSearchParams([["action", "publish"], ...drafts.ids.map((id) => ["ids", String(id)])]).toString()}`
      : "/gradmin/content/questions?status=draft";
  return (
    <Notice kind="warn">
      {drafts.text}.{" "}
      {drafts.examPublished ? null : "ততক্ষণ পরীক্ষাটি প্রকাশ করা যাবে না। (Until then the exam cannot be published.) "}
      <a href={href}>
        {n <= LINK_MAX ? `এই ${toBanglaDigits(n)}টি প্রশ্ন প্রকাশ করুন (Publish ${n === 1 ? "this question" : `these ${n} questions`})` : "খসড়া প্রশ্নের তালিকা (Draft questions)"}
      </a>
    </Notice>
  );
}
