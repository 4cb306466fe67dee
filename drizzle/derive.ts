// `npm run db:render`: parses old board-year notes into source rows, renders every row whose stored
// HTML is stale (made by another KaTeX or rule version) and brings the search index up to date.
// `--all` re-renders everything.
// `npm run db:migrate` runs it after the SQL migrations; the seed runs it after inserting.
//   DATABASE_URL=mysql://root@127.0.0.1:33061/grbd npx tsx drizzle/derive.ts [--all]
import { deriveAll, rerenderAll } from "../app/models/rendering.server";
import { withScriptDb } from "./script-db";

try {
  await withScriptDb("drizzle/derive.ts", async (db) => {
    const started = Date.now();
    const report = process.argv.includes("--all") ? await rerenderAll(db) : await deriveAll(db);
    const rendered = Object.entries(report.rendered).filter(([, n]) => n > 0);
    if (!process.env.SEED_QUIET || rendered.length || report.sources || report.indexed) {
      const what = rendered.length ? rendered.map(([t, n]) => `${t} ${n}`).join(", ") : "nothing stale";
      console.log(
        `[db] rendered: ${what}; source notes parsed: ${report.sources}; search index: ${report.indexed} rows (${Date.now() - started} ms)`,
      );
    }
  });
} catch (err) {
  console.error("[db] rendering failed:", err);
  process.exitCode = 1;
}
