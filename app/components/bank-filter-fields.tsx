// The question bank's filter fields (type, difficulty, board, year, explanation), the same in the
// question list and the set/exam picker: plain GET form fields, so a filter is a URL.
import { DIFFICULTY_CHOICES, QUESTION_TYPE_CHOICES } from "~/lib/admin/bank-filter";

type Choice = { value: string; label: string };
type Values = { type?: string | null; difficulty?: string | null; board?: string | null; year?: number | string | null; explained?: string | null };

/** A select whose first choice, "Any", sends nothing. */
function AnySelect({ name, label, value, options }: { name: string; label: string; value: string | null | undefined; options: readonly Choice[] }) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">সব (Any)</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const EXPLAINED: readonly Choice[] = [
  { value: "1", label: "আছে (Has one)" },
  { value: "0", label: "নেই (Has none)" },
];

export function BankFilterFields({ values, boards }: { values: Values; boards: readonly Choice[] }) {
  return (
    <>
      <AnySelect name="type" label="ধরন (Type)" value={values.type} options={QUESTION_TYPE_CHOICES} />
      <AnySelect name="difficulty" label="কাঠিন্য (Difficulty)" value={values.difficulty} options={DIFFICULTY_CHOICES} />
      <AnySelect name="board" label="বোর্ড (Board)" value={values.board} options={boards} />
      <label>
        <span>সাল (Year)</span>
        <input type="number" name="year" min={1950} max={2100} defaultValue={values.year ?? ""} />
      </label>
      <AnySelect name="explained" label="ব্যাখ্যা (Explanation)" value={values.explained == null ? null : String(values.explained)} options={EXPLAINED} />
    </>
  );
}
