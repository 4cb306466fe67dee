// `npm run build`, first step: what `remix build` does (classic compiler, production), and then the
// compiler disposed. `remix build` never disposes it, so its esbuild service outlives the build with
// live contexts; if the process then exits while one of the service's once-a-second pings is
// unanswered (a busy machine, CI, a run without a terminal), the service deadlocks and prints
// "fatal error: all goroutines are asleep - deadlock!" into the demo's output. Disposed, the
// service has nothing left to wait for and ends when this process does.
// Uses @remix-run/dev's compiler modules (what its `build` command calls, 2.17.x).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dev = (path) => require(`@remix-run/dev/dist/${path}`);
const { readConfig } = dev("config.js");
const { create } = dev("compiler/compiler.js");
const { createFileWatchCache } = dev("compiler/fileWatchCache.js");
const { logger } = dev("tux/logger.js");
const { logThrown } = dev("compiler/utils/log.js");
const fse = createRequire(require.resolve("@remix-run/dev"))("fs-extra");

const mode = process.env.NODE_ENV ?? "production";
process.env.NODE_ENV = mode;
const started = Date.now();
logger.info(`building... (NODE_ENV=${mode})`);
const config = await readConfig(root);
fse.emptyDirSync(config.assetsBuildDirectory);
const compiler = await create({ config, options: { mode, sourcemap: false }, fileWatchCache: createFileWatchCache(), logger });
try {
  await compiler.compile();
} catch (thrown) {
  logThrown(thrown);
  process.exitCode = 1;
} finally {
  await compiler.dispose();
}
if (!process.exitCode) logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
