// Scoring of one page of MCQ answers (exam page and MCQ practice). Pure: the server calls it with the
// correct keys it loaded itself; nothing the browser sends is trusted except the chosen option keys.

export type KeyedOption = { key: string; isCorrect?: boolean };

/**
 * The old site's rule: a question-level correct key if present, otherwise the option flagged isCorrect.
 * A question-level key that names none of the options is a data error and counts as absent, so the
 * flag still wins; with several flagged options the first (in display order) wins.
 */
export function resolveCorrectKey(correctKey: string | null | undefined, options: readonly KeyedOption[]): string | null {
  const key = (correctKey ?? "").trim();
  if (key && options.some((o) => o.key === key)) return key;
  return options.find((o) => o.isCorrect)?.key ?? null;
}

export type QuestionKeys = { id: number; options: readonly { key: string }[] };

/**
 * The answers of a submitted form for the given questions only: field `q{id}` holding exactly one
 * value that is one of that question's option keys. Anything else (other pages' questions, unknown
 * ids, a field sent twice, values that are no option key) is ignored, i.e. counts as not answered.
 */
export function collectAnswers(fields: Iterable<[string, string]>, questions: readonly QuestionKeys[]): Map<number, string> {
  const wanted = new Map<string, QuestionKeys>(questions.map((q) => [`q${q.id}`, q]));
  const seen = new Map<number, string | null>();
  for (const [name, value] of fields) {
    const q = wanted.get(name);
    if (!q) continue;
    if (seen.has(q.id)) {
      seen.set(q.id, null); // two values for one question: ambiguous, ignored
      continue;
    }
    seen.set(q.id, q.options.some((o) => o.key === value) ? value : null);
  }
  const answers = new Map<number, string>();
  for (const [id, v] of seen) if (v !== null) answers.set(id, v);
  return answers;
}

export type ScoredQuestion = { id: number; correct: string | null };

export type Score = {
  /** Questions on the page. */
  count: number;
  right: number;
  wrong: number;
  /** Not answered, or a question whose correct key is unknown (nobody loses marks for our data error). */
  skipped: number;
  /** 'You got {score} / {count}': the answered-correct questions. */
  score: number;
  /** score minus negativeMark per wrong answer, rounded to two decimals. */
  net: number;
  negativeMark: number;
};

/** A negative mark from the database (decimal string) or a form: finite and >= 0, else 0. */
export function parseNegativeMark(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim() || "0");
  return Number.isFinite(n) && n > 0 ? n : 0;
}

const round2 = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
};

export function scorePage(
  questions: readonly ScoredQuestion[],
  answers: ReadonlyMap<number, string>,
  negativeMark: number | string = 0,
): Score {
  const neg = parseNegativeMark(negativeMark);
  let right = 0;
  let wrong = 0;
  let skipped = 0;
  const counted = new Set<number>();
  for (const q of questions) {
    if (counted.has(q.id)) continue; // the same question listed twice counts once
    counted.add(q.id);
    const chosen = answers.get(q.id);
    if (chosen === undefined || q.correct === null || q.correct === "") skipped++;
    else if (chosen === q.correct) right++;
    else wrong++;
  }
  return { count: counted.size, right, wrong, skipped, score: right, net: round2(right - wrong * neg), negativeMark: neg };
}
