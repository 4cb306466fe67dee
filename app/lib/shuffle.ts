// An attempt's own order of an exam's questions and of each question's options, drawn from the
// attempt's id. Nothing is stored: every request (the attempt's pages, a save, the result and review)
// computes the same order again from the id, so the order is the same on every page and device.
// That makes these functions part of every kept attempt: a change here (or in the generator they use,
// lib/paper-sets' hashSeed and seededRandom) reorders the reviews of attempts already taken.
import { hashSeed, isPinnedOption, seededRandom, shuffled } from "~/lib/paper-sets";

export type Shuffling = { shuffleQuestions: boolean; shuffleOptions: boolean };

type Orderable = { id: number; type: string; introHtml: string | null };
type WithOptions = Orderable & { options: readonly { key: string; html: string }[] };

/** The attempt's two seeds: one hash of its id per request, whatever the number of questions. */
export function attemptSeeds(attemptId: string) {
  return { questions: hashSeed("attempt-questions", attemptId), options: hashSeed("attempt-options", attemptId) };
}

/**
 * A seed and a question id mixed into one well-spread 32-bit number (murmur3's finaliser): each
 * question gets its own independent-looking value from the one seed of the attempt.
 */
export function mixSeed(seed: number, questionId: number): number {
  let h = (seed ^ Math.imul(questionId, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Runs that must stay together, in the set's order: MCQs next to each other that share one passage
 * (the same উদ্দীপক) are one block, since their questions refer to it and to each other; every other
 * question is a block of its own.
 */
export function passageBlocks<Q extends Orderable>(questions: readonly Q[]): Q[][] {
  const blocks: Q[][] = [];
  for (const q of questions) {
    const block = blocks.at(-1);
    const last = block?.at(-1);
    if (block && last && q.type === "mcq" && last.type === "mcq" && q.introHtml && q.introHtml === last.introHtml) block.push(q);
    else blocks.push([q]);
  }
  return blocks;
}

/**
 * The blocks in the attempt's order. Each block is sorted by a random key drawn from the attempt's seed
 * and the block's first question (a uniform shuffle, like Fisher–Yates), rather than by one random
 * sequence over the list: a question that staff add to or remove from the set during a running exam
 * then moves only itself, and the student does not find every page reshuffled.
 */
export function shuffleBlocks<Q extends Orderable>(blocks: readonly Q[][], seed: number): Q[][] {
  const keyed = blocks.map((block, i) => ({ block, i, key: mixSeed(seed, block[0].id) }));
  keyed.sort((a, b) => a.key - b.key || a.i - b.i);
  return keyed.map((k) => k.block);
}

/**
 * The question's options in the attempt's order (Fisher–Yates, seeded by `seed`), with options that
 * speak about the others ("সবগুলো", "কোনোটিই নয়") left in their places. Each option keeps its key,
 * which is what a choice stores and scoring compares; its `label` is the key that stood at its new
 * position, so the student still reads ক, খ, গ, ঘ from the top.
 */
export function shuffleQuestionOptions<O extends { key: string; html: string }>(options: readonly O[], seed: number): (O & { label: string })[] {
  const free = movable(options);
  const moved = shuffled(free, seededRandom(seed));
  const order = options.map((_, at) => at);
  free.forEach((at, k) => (order[at] = moved[k]));
  // Object.assign: in V8 a spread followed by another property is several times slower, per option per request.
  return order.map((from, at) => Object.assign({}, options[from], { label: options[at].key }));
}

/**
 * The positions of the options that may move. Reading an option's text is most of the cost of a
 * shuffle, so it is done once per options list of the shared cached exam, not on every request.
 */
const movableOf = new WeakMap<readonly object[], number[]>();
function movable(options: readonly { html: string }[]): number[] {
  let free = movableOf.get(options);
  if (!free) movableOf.set(options, (free = options.flatMap((o, at) => (isPinnedOption(o.html) ? [] : [at]))));
  return free;
}

/** The attempt's questions: blocks shuffled when the exam shuffles questions, options when it shuffles options. */
export function attemptOrder<Q extends WithOptions>(questions: readonly Q[], attemptId: string, how: Shuffling): Q[] {
  const seeds = attemptSeeds(attemptId);
  const ordered = how.shuffleQuestions ? shuffleBlocks(passageBlocks(questions), seeds.questions).flat() : questions.slice();
  if (!how.shuffleOptions) return ordered;
  return ordered.map((q) => Object.assign({}, q, { options: shuffleQuestionOptions(q.options, mixSeed(seeds.options, q.id)) }));
}
