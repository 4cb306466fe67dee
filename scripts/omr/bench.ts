// `npm run bench -- --omr [--flat 40] [--photo 120] [--seed 1] [--curl 2] [--hard] [--verbose]`: the OMR reader's accuracy
// and cost on synthetic sheets (scripts/omr/synth.ts): flat renders, then phone-like photos with
// perspective, turns, shadow, blur and JPEG. A bubble is right when read as the pupil meant it
// (erased and crossed-out marks mean "not marked"); a silent error is a wrong bubble whose row
// (question, roll digit, set) the reader did not flag. Budgets print PASS/FAIL, any FAIL exits 1.
// Writes bench-report-omr.md and .json at the project root (git-ignored like bench-report.*);
// --hard writes bench-report-omr-hard.*.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { omrLayout, qrPayload, type Layout } from "../../app/lib/omr/layout";
import { readSheet, type ReadResult } from "../../app/lib/omr/read.server";
import { fillSheetWithTruth, photograph, rng, type PhotoOptions, type Styles, type Truth } from "./synth";

const BUDGET = { flatAccuracy: 1, photoAccuracy: 0.999, silentRate: 0.0005, cpuSeconds: 0.5 };

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}
const verbose = process.argv.includes("--verbose");
/** The most a photographed page bends, mm (the photos take 0 … this at random). */
const curl = arg("curl", 2);
const hard = process.argv.includes("--hard");

export type Case = {
  layout: Layout;
  paperCode: string;
  headerSet: number | null;
  roll: string;
  set: number | null;
  answers: (number | number[] | null)[];
  styles: Styles;
  seed: number;
  photo: PhotoOptions | null;
};

/** One random sheet (and, if `photo`, how it is photographed) from a seed. */
export function makeCase(seed: number, photo: boolean): Case {
  const r = rng(seed);
  const questions = [25, 30, 40, 50, 60, 75, 100][Math.floor(r() * 7)];
  const options = r() < 0.3 ? 5 : 4;
  const sets = r() < 0.75 ? ["ক", "খ", "গ", "ঘ"] : [];
  const layout = omrLayout({ questions, options, sets });
  const headerSet = sets.length && r() < 0.3 ? Math.floor(r() * sets.length) : null;
  const set = sets.length && headerSet === null ? Math.floor(r() * sets.length) : null;
  const roll = Array.from({ length: 6 }, () => Math.floor(r() * 10)).join("");
  const answers = Array.from({ length: questions }, () => {
    const x = r();
    if (x < 0.08) return null;
    if (x < 0.13) {
      const a = Math.floor(r() * options);
      const b = (a + 1 + Math.floor(r() * (options - 1))) % options;
      return [a, b];
    }
    return Math.floor(r() * options);
  });
  const styles: Styles = { pen: r() < 0.6 ? "ballpen" : "pencil", partial: 0.04, erased: 0.04, crossedOut: 0.02, stray: 0.06 };
  const code = `P${Math.floor(r() * 1e8).toString(36).toUpperCase()}`;
  let p: PhotoOptions | null = null;
  if (photo) {
    // --hard: past what the reader is asked to handle, to see where it gives way.
    const widthPx = hard ? Math.round(1000 + r() * 1000) : Math.round(1200 + r() * 2800);
    p = {
      perspectiveDeg: r() * (hard ? 22 : 15),
      rotationDeg: Math.floor(r() * 4) * 90 + (r() - 0.5) * (hard ? 20 : 10),
      blur: (0.3 + r() * (hard ? 2.2 : 1.3)) * (widthPx / 1600),
      jpegQuality: Math.round(hard ? 45 + r() * 20 : 60 + r() * 25),
      light: { gradient: r() * (hard ? 0.55 : 0.4), shadow: r() * (hard ? 0.65 : 0.45) },
      widthPx,
      seed: seed * 7 + 3,
      curl: curl * r(),
    };
  }
  return { layout, paperCode: code, headerSet, roll, set, answers, styles, seed, photo: p };
}

export async function renderCase(c: Case): Promise<{ image: Buffer; truth: Truth }> {
  const { png, truth } = await fillSheetWithTruth({
    layout: c.layout,
    header: { paperCode: c.paperCode, title: "পদার্থবিজ্ঞান — মডেল টেস্ট", subtitle: "নবম-দশম শ্রেণি", set: c.headerSet, qrText: qrPayload({ paperCode: c.paperCode, set: c.headerSet, page: 1 }) },
    roll: c.roll,
    set: c.set,
    answers: c.answers,
    styles: c.styles,
    seed: c.seed,
  });
  return { image: c.photo ? await photograph(png, c.photo) : png, truth };
}

export type Score = {
  bubbles: number;
  wrong: number;
  silent: number;
  flaggedGroups: number;
  groups: number;
  sheetRight: boolean;
  failed: string | null;
  details: string[];
};

/** Compares a read with the truth, bubble by bubble. */
export function score(c: Case, truth: Truth, read: ReadResult): Score {
  const layout = c.layout;
  const bubbles = layout.answers.bubbles.length + layout.rollDigits * 10 + (layout.set && c.headerSet === null ? layout.set.bubbles.length : 0);
  if (!read.ok) return { bubbles, wrong: bubbles, silent: 0, flaggedGroups: 0, groups: 0, sheetRight: false, failed: read.reason, details: [read.reason] };
  let wrong = 0;
  let silent = 0;
  let flagged = 0;
  let groups = 0;
  let sheetRight = read.qr?.paperCode === c.paperCode;
  const details: string[] = [];
  const group = (label: string, size: number, truthOn: number[], readOn: number[], isFlagged: boolean) => {
    groups++;
    if (isFlagged) flagged++;
    let bad = 0;
    for (let i = 0; i < size; i++) if (truthOn.includes(i) !== readOn.includes(i)) bad++;
    wrong += bad;
    if (bad && !isFlagged) silent += bad;
    if (bad && !isFlagged) sheetRight = false;
    if (bad && verbose) details.push(`${label}: truth ${truthOn.join("+") || "-"} read ${readOn.join("+") || "-"}${isFlagged ? " (flagged)" : " SILENT"}`);
  };
  read.answers.forEach((a, i) => {
    const marks = truth.marks.get(i + 1);
    const kinds = marks ? [...marks.entries()].map(([o, k]) => `${o}${k[0]}`).join(",") : "";
    group(`q${a.q}[${kinds}] fill ${a.fill.map((f) => f.toFixed(2)).join(" ")}`, layout.options, truth.answers[i], a.marked, a.uncertain);
  });
  read.roll.columns.forEach((col, d) => group(`roll${d} fill ${read.roll.fill[d].map((f) => f.toFixed(2)).join(" ")}`, 10, [Number(c.roll[d])], col.marked, col.uncertain));
  if (layout.set && c.headerSet === null) group(`set fill ${read.set.fill.map((f) => f.toFixed(2)).join(" ")}`, layout.set.bubbles.length, c.set === null ? [] : [c.set], read.set.marked, read.set.uncertain);
  if (c.headerSet !== null && read.set.value !== c.headerSet) sheetRight = false;
  return { bubbles, wrong, silent, flaggedGroups: flagged, groups, sheetRight, failed: null, details };
}

type Tally = { sheets: number; bubbles: number; wrong: number; silent: number; sheetRight: number; failed: number; qrMissing: number; flaggedGroups: number; groups: number; cpu: number[] };

async function run(kind: "flat" | "photo", n: number, seed0: number): Promise<Tally> {
  const t: Tally = { sheets: 0, bubbles: 0, wrong: 0, silent: 0, sheetRight: 0, failed: 0, qrMissing: 0, flaggedGroups: 0, groups: 0, cpu: [] };
  for (let i = 0; i < n; i++) {
    const seed = seed0 + i * 101 + (kind === "photo" ? 50_000 : 0);
    const c = makeCase(seed, kind === "photo");
    const { image, truth } = await renderCase(c);
    const before = process.cpuUsage();
    const read = await readSheet(image, { layoutFor: (qr) => (qr && qr.paperCode === c.paperCode ? c.layout : null), expectedLayout: c.layout });
    const used = process.cpuUsage(before);
    t.cpu.push((used.user + used.system) / 1e6);
    const s = score(c, truth, read);
    t.sheets++;
    t.bubbles += s.bubbles;
    t.wrong += s.wrong;
    t.silent += s.silent;
    t.flaggedGroups += s.flaggedGroups;
    t.groups += s.groups;
    if (s.sheetRight) t.sheetRight++;
    if (s.failed) t.failed++;
    if (read.ok && !read.qr) t.qrMissing++;
    if ((s.wrong || s.failed || !s.sheetRight) && verbose) {
      console.log(`${kind} seed ${seed} ${c.styles.pen} ${c.photo ? JSON.stringify(c.photo) : ""} wrong ${s.wrong} silent ${s.silent}${read.ok ? "" : ` ${read.reason}`} qr ${read.ok ? JSON.stringify(read.qr) : "-"}`);
      for (const d of s.details) console.log(`   ${d}`);
    }
    if (!verbose && process.stdout.isTTY) process.stdout.write(`\r${kind} ${i + 1}/${n}`);
  }
  if (!verbose && process.stdout.isTTY) process.stdout.write("\r");
  return t;
}

const pct = (v: number, d = 3) => `${(v * 100).toFixed(d)}%`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;

async function main() {
  const nFlat = arg("flat", 40);
  const nPhoto = arg("photo", 120);
  const seed = arg("seed", 1);
  const started = Date.now();
  const flat = await run("flat", nFlat, seed);
  const photo = await run("photo", nPhoto, seed);
  const all: Tally = {
    sheets: flat.sheets + photo.sheets,
    bubbles: flat.bubbles + photo.bubbles,
    wrong: flat.wrong + photo.wrong,
    silent: flat.silent + photo.silent,
    sheetRight: flat.sheetRight + photo.sheetRight,
    failed: flat.failed + photo.failed,
    qrMissing: flat.qrMissing + photo.qrMissing,
    flaggedGroups: flat.flaggedGroups + photo.flaggedGroups,
    groups: flat.groups + photo.groups,
    cpu: [...flat.cpu, ...photo.cpu],
  };
  const acc = (t: Tally) => (t.bubbles ? 1 - t.wrong / t.bubbles : 1);
  const rows = [
    { check: "bubble accuracy, flat", value: pct(acc(flat)), budget: "100%", pass: flat.sheets === 0 || acc(flat) >= BUDGET.flatAccuracy },
    { check: "bubble accuracy, photographed", value: pct(acc(photo)), budget: "≥ 99.9%", pass: photo.sheets === 0 || acc(photo) >= BUDGET.photoAccuracy },
    { check: "silent errors (wrong, not flagged)", value: `${all.silent} of ${all.bubbles} (${pct(all.silent / Math.max(1, all.bubbles))})`, budget: "≤ 0.05%", pass: all.silent / Math.max(1, all.bubbles) <= BUDGET.silentRate },
    { check: "CPU per sheet, mean", value: `${mean(all.cpu).toFixed(3)} s (p95 ${p95(all.cpu).toFixed(3)} s)`, budget: "≤ 0.5 s", pass: mean(all.cpu) <= BUDGET.cpuSeconds },
  ];
  const info = [
    ["sheets (flat + photographed)", `${flat.sheets} + ${photo.sheets}`],
    ["sheets right or flagged: flat", `${flat.sheetRight}/${flat.sheets}`],
    ["sheets right or flagged: photographed", `${photo.sheetRight}/${photo.sheets}`],
    ["sheets not read (reason given to the teacher)", `${all.failed}`],
    ["QR unread (read with the expected layout)", `${all.qrMissing}`],
    ["rows flagged for review", `${all.flaggedGroups} of ${all.groups} (${pct(all.flaggedGroups / Math.max(1, all.groups), 2)})`],
    ["bubbles judged", `${all.bubbles}`],
    ["wall time", `${((Date.now() - started) / 1000).toFixed(1)} s (generation included)`],
  ];
  const w = Math.max(...rows.map((r) => r.check.length), ...info.map((r) => r[0].length));
  console.log(`OMR reader benchmark${hard ? " (--hard: beyond the budgeted conditions)" : ""}, seed ${seed}`);
  for (const r of rows) console.log(`${r.pass ? "PASS" : "FAIL"}  ${r.check.padEnd(w)}  ${r.value.padEnd(28)} budget ${r.budget}`);
  for (const [k, v] of info) console.log(`      ${k.padEnd(w)}  ${v}`);
  const md = [
    `# OMR reader benchmark${hard ? " (--hard)" : ""}`,
    ``,
    `${new Date().toISOString()} · seed ${seed} · ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length} · node ${process.version}`,
    ``,
    `| | check | value | budget |`,
    `|---|---|---|---|`,
    ...rows.map((r) => `| ${r.pass ? "PASS" : "FAIL"} | ${r.check} | ${r.value} | ${r.budget} |`),
    ``,
    `| | |`,
    `|---|---|`,
    ...info.map(([k, v]) => `| ${k} | ${v} |`),
    ``,
  ].join("\n");
  const root = join(import.meta.dirname, "..", "..");
  const name = hard ? "bench-report-omr-hard" : "bench-report-omr";
  writeFileSync(join(root, `${name}.md`), md);
  writeFileSync(join(root, `${name}.json`), JSON.stringify({ seed, budgets: BUDGET, rows, info: Object.fromEntries(info), flat: { ...flat, cpu: undefined, cpuMean: mean(flat.cpu) }, photo: { ...photo, cpu: undefined, cpuMean: mean(photo.cpu) } }, null, 2));
  if (rows.some((r) => !r.pass)) process.exit(1);
}

if (process.argv[1] && /bench\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(2);
  });
}
