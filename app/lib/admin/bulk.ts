// Which bulk actions a content list offers. Every list may move rows to the trash; questions and
// topics may move to another chapter; questions may be added to a question set. (A row's publication
// state, draft or scheduled, is set on its own screen: there is no bulk publish.)
export type BulkAction = "delete" | "move" | "add-to-set";

export const BULK_LABELS: Record<BulkAction, string> = {
  delete: "ট্র্যাশে সরান (Move to trash)",
  move: "অন্য অধ্যায়ে সরান (Move to a chapter)",
  "add-to-set": "প্রশ্নসেটে যোগ করুন (Add to a question set)",
};

export function bulkActionsOf(resource: string): BulkAction[] {
  if (resource === "questions") return ["move", "add-to-set", "delete"];
  if (resource === "topics") return ["move", "delete"];
  return ["delete"];
}
