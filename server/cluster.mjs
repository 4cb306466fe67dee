// The primary process of `npm start` when it runs more than one app process (WEB_CONCURRENCY, by
// default one per CPU): it forks the workers (each is server/server.mjs serving the app on the same
// port; node:cluster hands out the connections), passes a staff save's "content changed" from the
// worker that served it to the others, starts a new worker when one dies, and stops them all on
// SIGTERM/SIGINT. It loads neither the app nor the database.
//
// Nothing relies on a worker's memory for correctness: sessions, sign-in throttling, presence and
// attempts live in the database; what a worker keeps (the page cache, the shell, kept content) is a
// cache keyed by the content version, which every process reads once a second. The message only
// makes a save show on the other workers at once rather than within that second.
import cluster from "node:cluster";

export const CONTENT_CHANGED = "grbd:content-changed";
const STOP_GRACE_MS = 10_000;
const RESTART_DELAY_MS = 1000;

export function runPrimary({ workers: count, port }) {
  let stopping = false;
  let exitCode = 0;
  let started = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message?.type !== CONTENT_CHANGED) return;
      for (const other of Object.values(cluster.workers)) if (other && other !== worker && other.isConnected()) other.send(message);
    });
    worker.once("listening", () => {
      worker.listened = true;
      if (++started === count) console.log(`[server] http://localhost:${port} (${count} processes)`);
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers).length === 0) process.exit(exitCode);
      return;
    }
    if (!worker.listened) {
      // It could not start (no build, the port taken, bad settings): another would fail the same way.
      console.error(`[server] an app process stopped before it was ready (${signal ?? `exit code ${code}`}); stopping`);
      stop("SIGTERM", code || 1);
      return;
    }
    console.error(`[server] app process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS).unref();
  });

  function stop(signal, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of Object.values(cluster.workers)) worker?.process.kill(signal);
    if (Object.keys(cluster.workers).length === 0) process.exit(exitCode);
    // Each worker finishes its requests and exits; one that hangs is not waited for forever.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers)) worker?.process.kill("SIGKILL");
      process.exit(exitCode);
    }, STOP_GRACE_MS).unref();
  }
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));

  for (let i = 0; i < count; i++) fork();
}
