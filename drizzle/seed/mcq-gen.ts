// MCQ templates: each draws numbers from a seeded PRNG, computes the answer and plausible wrong
// options (typical mistakes). Text in natural Bangla with Bangla digits; math inside $...$ keeps
// ASCII digits for KaTeX.
import { bn, type Rng } from "./util";

export type McqQ = {
  intro?: string;
  body: string;
  /** options[answer] is correct; the builder shuffles them. */
  options: string[];
  answer: number;
  explanation?: string;
};
/** A template returns one question, or several sharing an intro (uddipak). */
export type Gen = (r: Rng) => McqQ | McqQ[];

const R = String.raw;

/** 1234.5 -> "১২৩৪.৫" (at most 2 decimals, trailing zeros dropped). */
export const num = (n: number) => bn(String(Math.round(n * 100) / 100));

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** Builds a numeric question: wrong candidates that collide (or are not finite/positive when needed) are replaced. */
function numeric(
  body: string,
  correct: number,
  wrong: number[],
  fmt: (n: number) => string = num,
  explanation?: string,
  allowNegative = false,
): McqQ {
  const seen = new Set([fmt(correct)]);
  const out: string[] = [];
  const step = Math.max(1, Math.round(Math.abs(correct) * 0.1));
  const candidates = [...wrong, correct + step, correct - step, correct + 2 * step, correct * 2, correct + 3 * step, correct - 2 * step];
  for (const w of candidates) {
    if (out.length === 3) break;
    if (!Number.isFinite(w) || (!allowNegative && w <= 0 && correct > 0)) continue;
    const s = fmt(w);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(s);
  }
  return { body, options: [fmt(correct), ...out], answer: 0, explanation };
}

/** Distinct string options (first is correct); falls back to extra candidates. */
function choices(body: string, correct: string, wrong: string[], explanation?: string): McqQ {
  const seen = new Set([correct]);
  const out: string[] = [];
  for (const w of wrong) {
    if (out.length === 3) break;
    if (!seen.has(w)) {
      seen.add(w);
      out.push(w);
    }
  }
  if (out.length < 3) throw new Error(`seed: not enough distinct options for "${body}"`);
  return { body, options: [correct, ...out], answer: 0, explanation };
}

const taka = (n: number) => `${num(n)} টাকা`;
const pct = (n: number) => `${num(n)}%`;
const m = (s: string | number) => `$${s}$`;
/** "x^2 - 5x + 6" from coefficients of x^2 + bx + c. */
function quad(b: number, c: number) {
  const t = (k: number, v: string) => (k === 0 ? "" : `${k < 0 ? " - " : " + "}${Math.abs(k) === 1 && v ? "" : Math.abs(k)}${v}`);
  return `x^2${t(b, "x")}${t(c, "")}`;
}

/* ------------------------------------------------------------------ arithmetic (BCS, NU, NTRCA, SSC) */

export const gLinear: Gen = (r) => {
  const a = r.int(2, 9), x = r.int(2, 12), b = r.int(1, 20), c = a * x + b;
  const slip = (c + b) / a; // sign slip: moved b with the wrong sign
  return numeric(`$${a}x + ${b} = ${c}$ হলে $x$ এর মান কত?`, x, [x + 1, Number.isInteger(slip) ? slip : x + 2, x - 1], num, `$${a}x = ${c} - ${b} = ${a * x}$, সুতরাং $x = ${x}$।`);
};

export const gPercent: Gen = (r) => {
  const base = r.pick([200, 400, 500, 800, 1200, 1500, 2000, 2500]), p = r.pick([5, 10, 12, 15, 20, 25, 30, 40]);
  const ans = (base * p) / 100;
  return numeric(`${num(base)} টাকার ${num(p)}% কত টাকা?`, ans, [(base * p) / 10, (base * (p + 5)) / 100, (base * (100 - p)) / 100], taka, R`$${base} \times \frac{${p}}{100} = ${ans}$, অর্থাৎ ${num(ans)} টাকা।`);
};

export const gProfit: Gen = (r) => {
  const cost = r.pick([200, 250, 400, 500, 800, 1000, 1200]), p = r.pick([5, 10, 15, 20, 25]);
  const sell = (cost * (100 + p)) / 100;
  const onSell = ((sell - cost) / sell) * 100;
  return numeric(
    `একটি পণ্য ${num(cost)} টাকায় কিনে ${num(sell)} টাকায় বিক্রি করলে শতকরা কত লাভ হয়?`,
    p,
    [onSell, p + 5, p / 2],
    pct,
    `লাভ ${num(sell - cost)} টাকা; শতকরা লাভ $\\frac{${sell - cost}}{${cost}} \\times 100 = ${p}\\%$ (লাভ সবসময় ক্রয়মূল্যের উপর হিসাব হয়)।`,
  );
};

export const gInterest: Gen = (r) => {
  const P = r.pick([2000, 5000, 8000, 10000, 12000]), rate = r.pick([5, 6, 8, 10, 12]), n = r.int(2, 5);
  const I = (P * rate * n) / 100;
  return numeric(
    `বার্ষিক ${num(rate)}% সরল মুনাফায় ${num(P)} টাকার ${num(n)} বছরের মুনাফা কত?`,
    I,
    [(P * rate) / 100, P + I, (P * rate * (n + 1)) / 100],
    taka,
    `মুনাফা $= \\frac{P \\times r \\times n}{100} = \\frac{${P} \\times ${rate} \\times ${n}}{100} = ${I}$ টাকা।`,
  );
};

export const gRatio: Gen = (r) => {
  const [p, q] = r.pick([[2, 3], [3, 5], [4, 7], [5, 6], [3, 4], [2, 5]] as const), k = r.int(3, 12);
  const sum = (p + q) * k;
  return numeric(`দুটি সংখ্যার অনুপাত ${num(p)} : ${num(q)} এবং তাদের যোগফল ${num(sum)}। বড় সংখ্যাটি কত?`, q * k, [p * k, sum / 2, q * k + p], num, R`বড় সংখ্যা $= \frac{${q}}{${p} + ${q}} \times ${sum} = ${q * k}$।`);
};

export const gWork: Gen = (r) => {
  const [a, b] = r.pick([[10, 15], [12, 24], [20, 30], [6, 12], [15, 30], [12, 6], [20, 5], [30, 60]] as const);
  const t = (a * b) / (a + b);
  return numeric(
    `ক একটি কাজ ${num(a)} দিনে এবং খ ${num(b)} দিনে করতে পারে। তারা একত্রে কাজটি কত দিনে শেষ করবে?`,
    t,
    [(a + b) / 2, Math.abs(a - b), a + b],
    (n) => `${num(n)} দিনে`,
    `একত্রে ১ দিনে করে $\\frac{1}{${a}} + \\frac{1}{${b}} = \\frac{1}{${t}}$ অংশ।`,
  );
};

export const gSpeed: Gen = (r) => {
  const v = r.pick([30, 40, 45, 50, 60, 72, 80]), t = r.int(2, 6), d = v * t;
  return numeric(`একটি বাস ঘণ্টায় ${num(v)} কিলোমিটার বেগে চললে ${num(d)} কিলোমিটার পথ যেতে কত সময় লাগবে?`, t, [t + 1, t - 1, t + 2], (n) => `${num(n)} ঘণ্টা`, R`সময় = দূরত্ব ÷ বেগ $= \frac{${d}}{${v}} = ${t}$ ঘণ্টা।`);
};

export const gLcm: Gen = (r) => {
  for (;;) {
    const a = r.int(4, 30), b = r.int(4, 30), g = gcd(a, b), l = (a * b) / g;
    if (a === b || g === 1 || l > 300 || l === a || l === b) continue;
    return r.next() < 0.5
      ? numeric(`${num(a)} ও ${num(b)} এর ল.সা.গু. কত?`, l, [g, a * b, l * 2], num, R`গ.সা.গু. $${g}$, তাই ল.সা.গু. $= \frac{${a} \times ${b}}{${g}} = ${l}$।`)
      : numeric(`${num(a)} ও ${num(b)} এর গ.সা.গু. কত?`, g, [l, 1, g * 2], num, R`$${a} = ${g} \times ${a / g}$ এবং $${b} = ${g} \times ${b / g}$; $${a / g}$ ও $${b / g}$ এর কোনো সাধারণ উৎপাদক নেই, তাই গ.সা.গু. $${g}$।`);
  }
};

export const gAverage: Gen = (r) => {
  for (;;) {
    const k = r.int(4, 6), A = r.int(15, 40), B = A + r.pick([-4, -3, -2, 2, 3, 4]), x = k * A - (k - 1) * B;
    if (x <= 0) continue;
    return numeric(
      `${num(k)}টি সংখ্যার গড় ${num(A)}। এদের একটি সংখ্যা বাদ দিলে বাকি সংখ্যাগুলোর গড় ${num(B)} হয়। বাদ দেওয়া সংখ্যাটি কত?`,
      x,
      [A + B, x + k, Math.abs(A - B) * k],
      num,
      `মোট $${k} \\times ${A} = ${k * A}$, বাকিগুলোর মোট $${k - 1} \\times ${B} = ${(k - 1) * B}$, পার্থক্য $${x}$।`,
    );
  }
};

export const gSumN: Gen = (r) => {
  const n = r.pick([10, 20, 25, 30, 50, 100]);
  return numeric(`১ + ২ + ৩ + ... + ${num(n)} = কত?`, (n * (n + 1)) / 2, [n * n, (n * (n - 1)) / 2, n * (n + 1)], num, `$\\frac{n(n+1)}{2} = \\frac{${n} \\times ${n + 1}}{2}$।`);
};

export const gAP: Gen = (r) => {
  const a = r.int(1, 10), d = r.int(2, 7), n = r.int(11, 25);
  return numeric(`${num(a)}, ${num(a + d)}, ${num(a + 2 * d)}, ... ধারাটির ${num(n)}তম পদ কত?`, a + (n - 1) * d, [a + n * d, a + (n - 2) * d, n * d], num, `$n$তম পদ $= a + (n-1)d = ${a} + ${n - 1} \\times ${d}$।`);
};

export const gCircle: Gen = (r) => {
  const rad = r.pick([7, 14, 21, 28]), area = (22 * rad * rad) / 7, circ = (2 * 22 * rad) / 7;
  return r.next() < 0.6
    ? numeric(R`${num(rad)} সেমি ব্যাসার্ধবিশিষ্ট বৃত্তের ক্ষেত্রফল কত? ($\pi = \frac{22}{7}$)`, area, [circ, area * 2, area / 2], (n) => `${num(n)} বর্গসেমি`, R`ক্ষেত্রফল $= \pi r^2 = \frac{22}{7} \times ${rad}^2 = ${area}$ বর্গসেমি।`)
    : numeric(R`${num(rad)} সেমি ব্যাসার্ধবিশিষ্ট বৃত্তের পরিধি কত? ($\pi = \frac{22}{7}$)`, circ, [circ / 2, area, circ * 2], (n) => `${num(n)} সেমি`, R`পরিধি $= 2\pi r = 2 \times \frac{22}{7} \times ${rad} = ${circ}$ সেমি।`);
};

export const gCuboid: Gen = (r) => {
  const l = r.int(4, 12), w = r.int(2, 8), h = r.int(2, 6);
  return numeric(`একটি আয়তাকার ঘনবস্তুর দৈর্ঘ্য ${num(l)} মিটার, প্রস্থ ${num(w)} মিটার ও উচ্চতা ${num(h)} মিটার। এর আয়তন কত?`, l * w * h, [2 * (l * w + w * h + h * l), l + w + h, l * w * 2], (n) => `${num(n)} ঘনমিটার`, R`আয়তন = দৈর্ঘ্য × প্রস্থ × উচ্চতা $= ${l} \times ${w} \times ${h} = ${l * w * h}$ ঘনমিটার।`);
};

export const gRightTriangle: Gen = (r) => {
  const [a, b, c] = r.pick([[3, 4, 5], [6, 8, 10], [5, 12, 13], [8, 15, 17], [9, 12, 15], [7, 24, 25]] as const);
  return numeric(`একটি সমকোণী ত্রিভুজের সমকোণ সংলগ্ন বাহুদ্বয় ${num(a)} সেমি ও ${num(b)} সেমি। অতিভুজের দৈর্ঘ্য কত?`, c, [a + b, c + 1, b + 1], (n) => `${num(n)} সেমি`, `পিথাগোরাসের উপপাদ্য: $\\sqrt{${a}^2 + ${b}^2} = ${c}$।`);
};

/* ------------------------------------------------------------------ algebra, functions */

export const gSquares: Gen = (r) => {
  const a = r.int(1, 9), b = r.int(1, 9), s = a + b, p = a * b;
  return numeric(`$a + b = ${s}$ এবং $ab = ${p}$ হলে $a^2 + b^2$ এর মান কত?`, s * s - 2 * p, [s * s + 2 * p, s * s - p, s * s], num, R`$a^2 + b^2 = (a + b)^2 - 2ab$।`);
};

export const gReciprocal: Gen = (r) => {
  const k = r.int(3, 9);
  return numeric(R`$x + \frac{1}{x} = ${k}$ হলে $x^2 + \frac{1}{x^2}$ এর মান কত?`, k * k - 2, [k * k + 2, k * k, k * k - 1], num, R`$x^2 + \frac{1}{x^2} = \left(x + \frac{1}{x}\right)^2 - 2$।`);
};

export const gQuadRoots: Gen = (r) => {
  for (;;) {
    const p = r.int(-5, 8), q = r.int(-5, 8);
    if (p === 0 || q === 0 || p === q || p === -q) continue;
    const fmt = (x: number, y: number) => `$${Math.min(x, y)}, ${Math.max(x, y)}$`;
    const factor = (x: number) => `(x ${x < 0 ? "+" : "-"} ${Math.abs(x)})`;
    return choices(`$${quad(-(p + q), p * q)} = 0$ সমীকরণের মূলদ্বয় কোনটি?`, fmt(p, q), [fmt(-p, -q), fmt(p, -q), fmt(-p, q), fmt(1, p * q)], `$${quad(-(p + q), p * q)} = ${factor(p)}${factor(q)}$, তাই $x = ${p}$ অথবা $x = ${q}$।`);
  }
};

export const gFunctionValue: Gen = (r) => {
  const a = r.int(1, 4), b = r.int(-6, 6), c = r.int(-8, 8), k = r.pick([-2, -1, 2, 3]);
  const f = (x: number) => a * x * x + b * x + c;
  const poly = `${a === 1 ? "" : a}x^2${b === 0 ? "" : b < 0 ? ` - ${-b === 1 ? "" : -b}x` : ` + ${b === 1 ? "" : b}x`}${c === 0 ? "" : c < 0 ? ` - ${-c}` : ` + ${c}`}`;
  return numeric(`$f(x) = ${poly}$ হলে $f(${k})$ এর মান কত?`, f(k), [f(-k), a * k * k - b * k - c, f(k) + 2 * a], (n) => m(n), `$x = ${k}$ বসিয়ে: $f(${k}) = ${a}(${k})^2 + (${b})(${k}) + (${c}) = ${f(k)}$।`, true);
};

export const gInverse: Gen = (r) => {
  const a = r.int(2, 7), b = r.int(1, 9);
  return choices(`$f(x) = ${a}x + ${b}$ হলে $f^{-1}(x)$ কোনটি?`, R`$\frac{x - ${b}}{${a}}$`, [R`$\frac{x + ${b}}{${a}}$`, R`$\frac{x}{${a}} + ${b}$`, R`$${a}x - ${b}$`], R`$y = ${a}x + ${b} \Rightarrow x = \frac{y - ${b}}{${a}}$।`);
};

export const gSetUnion: Gen = (r) => {
  const a = r.int(10, 40), b = r.int(8, 30), c = r.int(2, Math.min(a, b) - 2);
  return numeric(R`$n(A) = ${a}$, $n(B) = ${b}$ এবং $n(A \cap B) = ${c}$ হলে $n(A \cup B)$ কত?`, a + b - c, [a + b, a + b + c, a + b - 2 * c], num, R`$n(A \cup B) = n(A) + n(B) - n(A \cap B)$।`);
};

export const gPowerSet: Gen = (r) => {
  const n = r.int(2, 6);
  return numeric(`কোনো সেটের উপাদান সংখ্যা ${num(n)} হলে এর শক্তি সেটের উপাদান সংখ্যা কত?`, 2 ** n, [2 * n, n * n, 2 ** n - 1], num, `শক্তি সেটের উপাদান সংখ্যা $2^n = 2^${n} = ${2 ** n}$।`);
};

/* ------------------------------------------------------------------ exponents and logarithms */

export const gLog: Gen = (r) => {
  const b = r.pick([2, 3, 5, 10]), e = b === 2 ? r.int(3, 8) : b === 3 ? r.int(2, 5) : r.int(2, 4);
  return numeric(`$\\log_{${b}} ${b ** e}$ এর মান কত?`, e, [e + 1, e - 1, b ** e / b], num, `$${b ** e} = ${b}^{${e}}$, তাই মান $${e}$।`);
};

export const gExpEquation: Gen = (r) => {
  const b = r.pick([2, 3, 5]), e = b === 2 ? r.int(3, 7) : r.int(2, 4);
  return numeric(`$${b}^{x+1} = ${b ** e}$ হলে $x$ এর মান কত?`, e - 1, [e, e + 1, e - 2], num, `$${b ** e} = ${b}^{${e}}$, তাই $x + 1 = ${e}$।`);
};

export const gExpSimplify: Gen = (r) => {
  const b = r.pick([2, 3, 5]), res = b === 2 ? r.int(1, 4) : b === 3 ? r.int(1, 3) : r.int(1, 2);
  const k = r.int(2, 5), mm = r.int(2, 5), n = res + k - mm;
  if (n < 1) return gExpSimplify(r);
  return numeric(R`$\frac{${b}^{${mm}} \times ${b}^{${n}}}{${b}^{${k}}}$ এর মান কত?`, b ** res, [b ** (res + 1), res * b, b ** (mm + n)], num, `সূচকের নিয়মে $${b}^{${mm} + ${n} - ${k}} = ${b}^{${res}}$।`);
};

/* ------------------------------------------------------------------ sequences, binomial, probability, calculus */

const C = (n: number, k: number): number => (k === 0 ? 1 : (C(n, k - 1) * (n - k + 1)) / k);

export const gBinomial: Gen = (r) => {
  const n = r.int(5, 10);
  if (r.next() < 0.3) {
    return numeric(`$(a + b)^{${n}}$ এর বিস্তৃতিতে পদসংখ্যা কত?`, n + 1, [n, n + 2, 2 * n], num, `$(a + b)^n$ এর বিস্তৃতিতে $n + 1$ টি পদ থাকে: $${n} + 1 = ${n + 1}$।`);
  }
  const k = r.int(2, 4);
  return numeric(`$(1 + x)^{${n}}$ এর বিস্তৃতিতে $x^{${k}}$ এর সহগ কত?`, C(n, k), [C(n, k - 1), C(n, k + 1), n * k], num, R`সহগ $\binom{${n}}{${k}} = ${C(n, k)}$।`);
};

const frac = (p: number, q: number) => {
  const g = gcd(p, q);
  return q / g === 1 ? `$${p / g}$` : R`$\frac{${p / g}}{${q / g}}$`;
};

export const gBalls: Gen = (r) => {
  const red = r.int(2, 9), black = r.int(2, 9);
  if (red === black) return gBalls(r);
  const t = red + black;
  return choices(
    `একটি থলিতে ${num(red)}টি লাল ও ${num(black)}টি কালো বল আছে। দৈবভাবে একটি বল তুললে সেটি লাল হওয়ার সম্ভাবনা কত?`,
    frac(red, t),
    [frac(black, t), frac(red, black), frac(1, t), frac(1, 2)],
    R`অনুকূল ফলাফল ${num(red)}, মোট ফলাফল ${num(t)}।`,
  );
};

const DICE_EVENTS: Array<[string, number]> = [
  ["একটি জোড় সংখ্যা", 3],
  ["৩ এর গুণিতক", 2],
  ["একটি মৌলিক সংখ্যা", 3],
  ["৪ এর চেয়ে বড় সংখ্যা", 2],
  ["৬", 1],
  ["৫ এর চেয়ে ছোট সংখ্যা", 4],
];

export const gDice: Gen = (r) => {
  const [ev, k] = r.pick(DICE_EVENTS);
  return choices(`একটি নিরপেক্ষ ছক্কা একবার নিক্ষেপ করলে ${ev} আসার সম্ভাবনা কত?`, frac(k, 6), [frac(1, 6), frac(1, 2), frac(1, 3), frac(2, 3), frac(5, 6)].filter((x) => x !== frac(k, 6)), `ছক্কার ${num(6)}টি সমসম্ভাব্য ফলের ${num(k)}টি অনুকূল, তাই সম্ভাবনা ${frac(k, 6)}।`);
};

export const gDerivative: Gen = (r) => {
  const a = r.int(1, 4), n = r.pick([2, 3]), b = r.pick([-5, -3, -2, 2, 3, 5]), k = r.int(1, 3);
  const d = a * n * k ** (n - 1) + b, f = a * k ** n + b * k;
  const coeff = a === 1 ? "" : String(a);
  return numeric(`$f(x) = ${coeff}x^{${n}} ${b < 0 ? "-" : "+"} ${Math.abs(b)}x$ হলে $f'(${k})$ এর মান কত?`, d, [f, a * n * k ** (n - 1), a * n * k ** n + b], (x) => m(x), `$f'(x) = ${a * n}${n === 2 ? "x" : "x^2"} ${b < 0 ? "-" : "+"} ${Math.abs(b)}$।`, true);
};

export const gIntegral: Gen = (r) => {
  if (r.next() < 0.5) {
    const a = r.int(1, 5);
    return numeric(R`$\int_0^{${a}} 3x^2\,dx$ এর মান কত?`, a ** 3, [3 * a ** 2, a ** 2, 3 * a ** 3], num, R`$\left[x^3\right]_0^{${a}} = ${a ** 3}$।`);
  }
  const a = r.int(2, 6);
  return numeric(R`$\int_1^{${a}} 2x\,dx$ এর মান কত?`, a * a - 1, [a * a, 2 * a, 2 * (a * a - 1)], num, R`$\left[x^2\right]_1^{${a}} = ${a * a} - 1$।`);
};

const RADIANS: Array<[string, number]> = [
  [R`\frac{\pi}{6}`, 30],
  [R`\frac{\pi}{4}`, 45],
  [R`\frac{\pi}{3}`, 60],
  [R`\frac{\pi}{2}`, 90],
  [R`\frac{2\pi}{3}`, 120],
  [R`\frac{3\pi}{4}`, 135],
  [R`\frac{5\pi}{6}`, 150],
  [R`\frac{3\pi}{2}`, 270],
];

export const gRadian: Gen = (r) => {
  const [rad, deg] = r.pick(RADIANS);
  return numeric(`$${rad}$ রেডিয়ান সমান কত ডিগ্রি?`, deg, [deg * 2, deg / 2, 180 - deg], (n) => `${num(n)}°`, R`$\pi^c = 180^\circ$।`);
};

/* ------------------------------------------------------------------ intro (uddipak) groups */

export const gQuadIntro: Gen = (r) => {
  for (;;) {
    const p = r.int(1, 6), q = r.int(1, 7);
    if (p === q) continue;
    const intro = `নিচের উদ্দীপকটি পড়ে প্রশ্নের উত্তর দাও: $f(x) = ${quad(-(p + q), p * q)}$`;
    const k = r.pick([0, -1, p + q]);
    const fk = k * k - (p + q) * k + p * q;
    return [
      { ...numeric(`$f(${k})$ এর মান কত?`, fk, [fk + p + q, -fk, fk + 2], (x) => m(x), `$x = ${k}$ বসিয়ে: $f(${k}) = (${k})^2 - ${p + q}(${k}) + ${p * q} = ${fk}$।`, true), intro },
      { ...numeric(`$f(x) = 0$ সমীকরণের মূলদ্বয়ের যোগফল কত?`, p + q, [p * q, -(p + q), p + q + 1], (x) => m(x), R`মূলদ্বয়ের যোগফল $= -\frac{b}{a}$।`, true), intro },
    ];
  }
};

export const gInterestIntro: Gen = (r) => {
  const P = r.pick([5000, 10000, 20000]), rate = r.pick([5, 8, 10]), n = r.int(2, 4);
  const I = (P * rate * n) / 100;
  const intro = `রহিম সাহেব বার্ষিক ${num(rate)}% সরল মুনাফায় ${num(P)} টাকা ব্যাংকে জমা রাখলেন। উদ্দীপকের আলোকে প্রশ্নের উত্তর দাও।`;
  return [
    { ...numeric(`${num(n)} বছর পর তিনি কত টাকা মুনাফা পাবেন?`, I, [(P * rate) / 100, P + I, I / 2], taka, R`মুনাফা $= \frac{P r n}{100} = \frac{${P} \times ${rate} \times ${n}}{100} = ${I}$ টাকা।`), intro },
    { ...numeric(`${num(n)} বছর পর তিনি মুনাফা-আসল কত টাকা পাবেন?`, P + I, [I, P + (P * rate) / 100, P * 2], taka, `মুনাফা-আসল = আসল + মুনাফা $= ${P} + ${I} = ${P + I}$ টাকা।`), intro },
  ];
};

export const gMotionIntro: Gen = (r) => {
  const a = r.pick([2, 4]), t = r.int(3, 8);
  const intro = `একটি গাড়ি স্থির অবস্থান থেকে ${num(a)} m s⁻² সুষম ত্বরণে চলতে শুরু করল। উদ্দীপকের আলোকে প্রশ্নের উত্তর দাও।`;
  return [
    { ...numeric(`${num(t)} s পরে গাড়িটির বেগ কত হবে?`, a * t, [a + t, (a * t * t) / 2, a * t * 2], (x) => `${num(x)} m s⁻¹`, `$v = u + at = 0 + ${a} \\times ${t} = ${a * t}$ m s⁻¹।`), intro },
    { ...numeric(`প্রথম ${num(t)} s এ গাড়িটি কত দূরত্ব অতিক্রম করবে?`, (a * t * t) / 2, [a * t, a * t * t, a * t * t * 2], (x) => `${num(x)} m`, R`$s = \frac{1}{2}at^2$।`), intro },
  ];
};

export const gMoleIntro: Gen = (r) => {
  const n = r.pick([0.5, 1, 2, 3]);
  const mass = n * 44;
  const intro = `একটি বদ্ধ পাত্রে ${num(mass)} g কার্বন ডাইঅক্সাইড (CO₂) গ্যাস আছে (C = 12, O = 16)। উদ্দীপকের আলোকে প্রশ্নের উত্তর দাও।`;
  return [
    { ...numeric("পাত্রে কত মোল CO₂ আছে?", n, [n * 2, n + 1, mass / 28], (x) => `${num(x)} মোল`, R`CO₂ এর আণবিক ভর $12 + 2 \times 16 = 44$, তাই মোল সংখ্যা $= \frac{${mass}}{44} = ${n}$।`), intro },
    { ...numeric("STP তে গ্যাসটির আয়তন কত?", n * 22.4, [22.4, n * 11.2, n * 44.8], (x) => `${num(x)} লিটার`, R`STP তে ১ মোল গ্যাসের আয়তন ২২.৪ লিটার, তাই $${n} \times 22.4 = ${Math.round(n * 22.4 * 10) / 10}$ লিটার।`), intro },
  ];
};

/* ------------------------------------------------------------------ physics */

const ms = (x: number) => `${num(x)} m s⁻¹`;

export const gVelocity: Gen = (r) => {
  const u = r.pick([0, 0, 2, 5, 10]), a = r.int(2, 5), t = r.int(2, 10), v = u + a * t;
  const body = u === 0
    ? `একটি বস্তু স্থির অবস্থান থেকে ${num(a)} m s⁻² সুষম ত্বরণে চলতে শুরু করল। ${num(t)} s পরে এর বেগ কত হবে?`
    : `${num(u)} m s⁻¹ আদিবেগে চলমান একটি বস্তুর সুষম ত্বরণ ${num(a)} m s⁻²। ${num(t)} s পরে এর বেগ কত হবে?`;
  return numeric(body, v, [u + a, (a * t * t) / 2, u * t + a], ms, `$v = u + at = ${u} + ${a} \\times ${t} = ${v}$ m s⁻¹।`);
};

export const gDistance: Gen = (r) => {
  const u = r.pick([0, 2, 4, 5]), a = r.pick([2, 4, 6]), t = r.int(2, 6), s = u * t + (a * t * t) / 2;
  return numeric(`${num(u)} m s⁻¹ আদিবেগ ও ${num(a)} m s⁻² ত্বরণে চলমান একটি বস্তু ${num(t)} s এ কত দূরত্ব অতিক্রম করবে?`, s, [u * t + a * t * t, (u + a * t) * t, (a * t * t) / 2 + u], (x) => `${num(x)} m`, R`$s = ut + \frac{1}{2}at^2$।`);
};

export const gForce: Gen = (r) => {
  const mass = r.int(2, 20), a = r.int(2, 10);
  return numeric(`${num(mass)} kg ভরের একটি বস্তুতে ${num(a)} m s⁻² ত্বরণ সৃষ্টি করতে কত বল প্রয়োজন?`, mass * a, [mass + a, mass / a, 2 * mass * a], (x) => `${num(x)} N`, "$F = ma$।");
};

export const gKinetic: Gen = (r) => {
  const mass = r.pick([2, 4, 5, 10]), v = r.int(2, 10);
  return numeric(`${num(mass)} kg ভরের একটি বস্তু ${num(v)} m s⁻¹ বেগে চলছে। এর গতিশক্তি কত?`, (mass * v * v) / 2, [mass * v * v, (mass * v) / 2, mass * v], (x) => `${num(x)} J`, R`$E_k = \frac{1}{2}mv^2$।`);
};

export const gPotential: Gen = (r) => {
  const mass = r.int(1, 10), h = r.int(2, 10);
  return numeric(`${num(mass)} kg ভরের একটি বস্তুকে ভূমি থেকে ${num(h)} m উচ্চতায় তোলা হলো। এর বিভবশক্তি কত? ($g = 9.8$ m s⁻²)`, mass * 9.8 * h, [mass * h, mass * 9.8, (mass * 9.8 * h) / 2], (x) => `${num(x)} J`, "$E_p = mgh$।");
};

export const gWorkPower: Gen = (r) => {
  if (r.next() < 0.5) {
    const F = r.int(5, 50), s = r.int(2, 10);
    return numeric(`${num(F)} N বল প্রয়োগে একটি বস্তু বলের দিকে ${num(s)} m সরে গেল। কৃতকাজ কত?`, F * s, [F + s, F / s, 2 * F * s], (x) => `${num(x)} J`, "$W = Fs$।");
  }
  const P = r.pick([50, 100, 200, 500]), t = r.int(2, 10);
  return numeric(`একটি মোটর ${num(t)} s এ ${num(P * t)} J কাজ করে। এর ক্ষমতা কত?`, P, [P * t * t, P * 2, P / 2], (x) => `${num(x)} W`, R`$P = \frac{W}{t}$।`);
};

export const gOhm: Gen = (r) => {
  const R0 = r.pick([2, 4, 5, 10, 20]), I = r.pick([1, 2, 3, 0.5]), V = R0 * I;
  return numeric(`${num(R0)} Ω রোধের একটি পরিবাহীর দুই প্রান্তে ${num(V)} V বিভব পার্থক্য প্রয়োগ করা হলো। তড়িৎ প্রবাহ কত?`, I, [V * R0, R0 / V, V + R0], (x) => `${num(x)} A`, R`$I = \frac{V}{R}$।`);
};

export const gMomentum: Gen = (r) => {
  const mass = r.int(2, 12), v = r.int(3, 15);
  return numeric(`${num(mass)} kg ভরের একটি বস্তু ${num(v)} m s⁻¹ বেগে চলছে। এর ভরবেগ কত?`, mass * v, [(mass * v * v) / 2, mass / v, mass + v], (x) => `${num(x)} kg m s⁻¹`, "$p = mv$।");
};

export const gResultant: Gen = (r) => {
  const k = r.int(1, 5);
  const [a, b, c] = r.pick([[3, 4, 5], [6, 8, 10], [5, 12, 13]] as const);
  return numeric(`${num(a * k)} N ও ${num(b * k)} N মানের দুটি বল একটি বিন্দুতে পরস্পর লম্বভাবে ক্রিয়া করে। লব্ধির মান কত?`, c * k, [(a + b) * k, (b - a) * k, ((a + b) * k) / 2], (x) => `${num(x)} N`, R`$R = \sqrt{P^2 + Q^2}$।`);
};

export const gVectorMag: Gen = (r) => {
  const [a, b, c, mag] = r.pick([[1, 2, 2, 3], [2, 3, 6, 7], [1, 4, 8, 9], [2, 6, 9, 11], [4, 4, 7, 9], [3, 4, 12, 13]] as const);
  return numeric(R`$\vec{A} = ${a}\hat{i} + ${b}\hat{j} + ${c}\hat{k}$ হলে $|\vec{A}|$ এর মান কত?`, mag, [a + b + c, mag + 1, mag * mag], (x) => m(x), R`$|\vec{A}| = \sqrt{${a}^2 + ${b}^2 + ${c}^2} = ${mag}$।`);
};

export const gDot: Gen = (r) => {
  const a = [r.int(1, 5), r.int(-3, 4), r.int(1, 4)], b = [r.int(1, 4), r.int(1, 5), r.int(-3, 3)];
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const v = (x: number[]) => `${x[0]}\\hat{i} ${x[1] < 0 ? "-" : "+"} ${Math.abs(x[1])}\\hat{j} ${x[2] < 0 ? "-" : "+"} ${Math.abs(x[2])}\\hat{k}`;
  return numeric(R`$\vec{A} = ${v(a)}$ এবং $\vec{B} = ${v(b)}$ হলে $\vec{A} \cdot \vec{B}$ কত?`, d, [a[0] * b[0] + a[1] * b[1] - a[2] * b[2], a[0] + a[1] + a[2] + b[0] + b[1] + b[2], d + 2], (x) => m(x), R`$\vec{A} \cdot \vec{B} = (${a[0]})(${b[0]}) + (${a[1]})(${b[1]}) + (${a[2]})(${b[2]}) = ${d}$।`, true);
};

/* ------------------------------------------------------------------ chemistry */

const COMPOUNDS: Array<[string, number]> = [
  ["H₂O", 18], ["CO₂", 44], ["NaCl", 58.5], ["H₂SO₄", 98], ["CaCO₃", 100], ["NH₃", 17], ["CH₄", 16],
  ["C₆H₁₂O₆", 180], ["HCl", 36.5], ["NaOH", 40], ["HNO₃", 63], ["Na₂CO₃", 106], ["KMnO₄", 158], ["C₂H₅OH", 46],
];

export const gMolarMass: Gen = (r) => {
  const [f, M] = r.pick(COMPOUNDS);
  const others = r.shuffle(COMPOUNDS.filter(([, x]) => x !== M)).map(([, x]) => x);
  return numeric(`${f} এর আণবিক ভর কত? (H = 1, C = 12, N = 14, O = 16, Na = 23, S = 32, Cl = 35.5, K = 39, Ca = 40, Mn = 55)`, M, others.slice(0, 3), (x) => `${num(x)} g mol⁻¹`, `অণুর প্রতিটি পরমাণুর পারমাণবিক ভর (পরমাণুর সংখ্যা দিয়ে গুণ করে) যোগ করলে ${f} এর আণবিক ভর ${num(M)} g mol⁻¹।`);
};

export const gMoles: Gen = (r) => {
  const [f, M] = r.pick(COMPOUNDS.filter(([, x]) => Number.isInteger(x)));
  const n = r.pick([0.5, 2, 3, 4, 5]);
  return numeric(`${num(n * M)} g ${f} এ কত মোল ${f} আছে? (আণবিক ভর ${num(M)})`, n, [n * 2, n / 2, n + 1], (x) => `${num(x)} মোল`, R`মোল সংখ্যা $= \frac{\text{ভর}}{\text{আণবিক ভর}}$।`);
};

export const gMolecules: Gen = (r) => {
  const n = r.pick([0.5, 2, 3, 5]);
  const sci = (x: number) => {
    const e = Math.floor(Math.log10(x));
    return `$${(Math.round((x / 10 ** e) * 1000) / 1000).toString()} \\times 10^{${e}}$`;
  };
  const N = 6.022e23;
  return choices(`${num(n)} মোল পানিতে কতগুলো পানির অণু আছে?`, sci(n * N), [sci(N), sci((n * N) / 10), sci(n * N * 10), sci(N / n)], R`অণুর সংখ্যা = মোল সংখ্যা × অ্যাভোগেড্রো সংখ্যা $= ${n} \times 6.022 \times 10^{23}$ = ${sci(n * N)}।`);
};

const ELEMENTS: Array<[string, number, number]> = [
  ["সোডিয়াম (Na)", 11, 1], ["ম্যাগনেসিয়াম (Mg)", 12, 2], ["অ্যালুমিনিয়াম (Al)", 13, 3], ["ফসফরাস (P)", 15, 5],
  ["সালফার (S)", 16, 6], ["ক্লোরিন (Cl)", 17, 7], ["পটাশিয়াম (K)", 19, 1], ["ক্যালসিয়াম (Ca)", 20, 2],
];

export const gValence: Gen = (r) => {
  const [name, z, v] = r.pick(ELEMENTS);
  return numeric(`${name} এর পারমাণবিক সংখ্যা ${num(z)}। এর সর্ববহিঃস্থ শক্তিস্তরে কয়টি ইলেকট্রন আছে?`, v, [8 - v, v + 1, z - 10], num, `${num(z)}টি ইলেকট্রনকে শক্তিস্তরে সাজালে (২, ৮, ৮ ...) সর্ববহিঃস্থ স্তরে থাকে ${num(v)}টি।`);
};

const ISOTOPES: Array<[string, number, number]> = [
  ["C-14", 14, 6], ["O-16", 16, 8], ["Na-23", 23, 11], ["Cl-35", 35, 17], ["Cl-37", 37, 17], ["U-235", 235, 92], ["U-238", 238, 92], ["Fe-56", 56, 26], ["K-39", 39, 19],
];

export const gNeutrons: Gen = (r) => {
  const [iso, A, Z] = r.pick(ISOTOPES);
  return numeric(`${iso} পরমাণুতে নিউট্রন সংখ্যা কত? (পারমাণবিক সংখ্যা ${num(Z)})`, A - Z, [A, Z, A + Z], num, "নিউট্রন সংখ্যা = ভরসংখ্যা − পারমাণবিক সংখ্যা।");
};

/* ------------------------------------------------------------------ ICT: number systems */

export const gNumberSystem: Gen = (r) => {
  const kind = r.int(0, 3);
  if (kind === 0) {
    const n = r.int(9, 63), b = n.toString(2);
    return choices(`$(${n})_{10}$ এর বাইনারি রূপ কোনটি?`, `$(${b})_2$`, [`$(${(n + 1).toString(2)})_2$`, `$(${[...b].reverse().join("")})_2$`, `$(${(n - 1).toString(2)})_2$`, `$(${(n ^ 2).toString(2)})_2$`], `$${n}$ কে বারবার ২ দিয়ে ভাগ করে ভাগশেষগুলো শেষ থেকে প্রথমে সাজালে $(${b})_2$।`);
  }
  if (kind === 1) {
    const n = r.int(9, 63), b = n.toString(2);
    const terms = [...b].flatMap((d, i) => (d === "1" ? [`2^{${b.length - 1 - i}}`] : [])).join(" + ");
    return numeric(`$(${b})_2$ এর দশমিক মান কত?`, n, [n + 1, n - 1, parseInt([...b].reverse().join(""), 2), n * 2], (x) => `$(${x})_{10}$`, `স্থানীয় মান যোগ করে: $${terms} = ${n}$।`);
  }
  if (kind === 2) {
    const n = r.int(26, 255), h = n.toString(16).toUpperCase();
    return choices(`$(${n})_{10}$ এর হেক্সাডেসিমাল রূপ কোনটি?`, `$(${h})_{16}$`, [`$(${(n + 1).toString(16).toUpperCase()})_{16}$`, `$(${n.toString(8)})_{16}$`, `$(${[...h].reverse().join("")})_{16}$`, `$(${(n - 16).toString(16).toUpperCase()})_{16}$`], R`$${n} = ${Math.floor(n / 16)} \times 16 + ${n % 16}$, তাই $(${h})_{16}$।`);
  }
  const n = r.int(9, 120), o = n.toString(8);
  return choices(`$(${n})_{10}$ এর অক্টাল রূপ কোনটি?`, `$(${o})_8$`, [`$(${(n + 1).toString(8)})_8$`, `$(${(n - 1).toString(8)})_8$`, `$(${[...o].reverse().join("")})_8$`, `$(${(n + 8).toString(8)})_8$`], `$${n}$ কে বারবার ৮ দিয়ে ভাগ করে ভাগশেষগুলো শেষ থেকে প্রথমে সাজালে $(${o})_8$।`);
};

/* ------------------------------------------------------------------ template families */

export const BASIC_MATH: Gen[] = [gPercent, gProfit, gInterest, gRatio, gWork, gSpeed, gLcm, gAverage, gLinear, gSumN, gCircle, gCuboid, gRightTriangle];
export const ALGEBRA: Gen[] = [gLinear, gSquares, gReciprocal, gQuadRoots, gFunctionValue, gLog, gExpEquation, gExpSimplify, gAP, gSetUnion];
export const HIGHER_MATH: Gen[] = [gSetUnion, gPowerSet, gInverse, gFunctionValue, gRadian, gLog, gExpSimplify, gBinomial, gQuadRoots, gReciprocal, gBalls, gDice];
export const ADVANCED_MATH: Gen[] = [gDerivative, gIntegral, gBinomial, gQuadRoots, gLog, gBalls, gDice, gRadian, gVectorMag];
export const PHYSICS: Gen[] = [gVelocity, gDistance, gForce, gKinetic, gPotential, gWorkPower, gOhm, gMomentum, gResultant];
export const VECTORS: Gen[] = [gResultant, gVectorMag, gDot];
export const KINEMATICS: Gen[] = [gVelocity, gDistance, gMomentum, gForce];
export const CHEMISTRY: Gen[] = [gMolarMass, gMoles, gMolecules, gValence, gNeutrons];
export const SETS_FUNCTIONS: Gen[] = [gSetUnion, gPowerSet, gInverse, gFunctionValue];
export const EXP_LOG: Gen[] = [gLog, gExpEquation, gExpSimplify];
export const ICT: Gen[] = [gNumberSystem];
