// Which bulk actions a content list offers. Every list may move rows to the trash; questions and
// topics may move to another chapter; questions may be added to a question set; what has a publication
// state (topics, questions, sets, exams, videos, info pages) may be published or taken back to draft.
// (A scheduled time is set on a row's own screen.)
import { PUBLISHABLE } from "~/lib/admin/resources";

export type BulkAction = "delete" | "move" | "add-to-set" | "publish" | "unpublish";

export const BULK_LABELS: Record<BulkAction, string> = {
  delete: "ট্র্যাশে সরান (Move to trash)",
  move: "অন্য অধ্যায়ে সরান (Move to a chapter)",
  "add-to-set": "প্রশ্নসেটে যোগ করুন (Add to a question set)",
  publish: "প্রকাশ করুন (Publish)",
  unpublish: "খসড়া করুন (Make draft)",
};

export function bulkActionsOf(resource: string): BulkAction[] {
  const publication: BulkAction[] = (PUBLISHABLE as readonly string[]).includes(resource) ? ["publish", "unpublish"] : [];
  if (resource === "questions") return ["move", "add-to-set", ...publication, "delete"];
  if (resource === "topics") return ["move", ...publication, "delete"];
  return [...publication, "delete"];
}
