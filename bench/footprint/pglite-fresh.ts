/**
 * A NEW PGlite data folder, five ways; what stays resident afterwards and how long it takes.
 *
 *   npx tsx bench/footprint/pglite-fresh.ts <mode> <dataDir> [tarball-or-template-folder]
 *
 * inproc   PGlite.create(dir) as the service does (initdb runs in this process)
 * inproc-gc  the same, then two full GCs (the initdb instance, its heap copy and the tarball are garbage)
 * worker   initdb in a worker thread (create + close there), then create on the existing folder here
 * child    the same in a child process
 * template cp -r of a pristine data folder made at build/install time, then create on it (a reopen)
 * tarball  create({ loadDataDir }) from a pristine data folder dumped earlier (no initdb at all)
 * make-tarball  write <tarball> from a fresh in-memory instance
 */
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
const mb = (n: number) => Math.round(n / 1048576);

/** The initdb step alone, as code another thread or process can run without TypeScript support. */
function initdbScript(dir: string): string {
  const url = import.meta.resolve("@electric-sql/pglite");
  return `import(${JSON.stringify(url)}).then(async ({ PGlite }) => { const db = await PGlite.create(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} }); await db.close(); });`;
}

if (process.argv[2] === undefined) {
  console.error("usage: pglite-fresh.ts <inproc|inproc-gc|worker|child|template|tarball|make-tarball> <dataDir> [tarball-or-template]");
  process.exit(2);
} else {
  const [mode, dir, tarball] = process.argv.slice(2) as [string, string, string?];
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const t0 = performance.now();
  let db: PGlite;
  if (mode === "make-tarball") {
    const fresh = await PGlite.create({ startParams });
    const blob = await fresh.dumpDataDir("gzip");
    writeFileSync(tarball!, Buffer.from(await blob.arrayBuffer()));
    await fresh.close();
    console.log(JSON.stringify({ mode, bytes: blob.size, ms: Math.round(performance.now() - t0) }));
    process.exit(0);
  }
  if (mode === "worker") {
    await new Promise<void>((resolve, reject) => {
      const w = new Worker(initdbScript(dir), { eval: true });
      w.once("error", reject);
      w.once("exit", () => resolve());
    });
  } else if (mode === "template") {
    cpSync(tarball!, dir, { recursive: true }); // here `tarball` is a pristine data FOLDER made at build time
  } else if (mode === "child") {
    execFileSync(process.execPath, ["-e", initdbScript(dir)], { stdio: "inherit" });
  }
  const initMs = performance.now() - t0;
  if (mode === "tarball") {
    db = await PGlite.create(dir, { startParams, loadDataDir: new Blob([readFileSync(tarball!)]) });
  } else {
    db = await PGlite.create(dir, { startParams });
  }
  await db.query("select 1");
  const readyMs = performance.now() - t0;
  if (mode === "inproc-gc") {
    gc();
    await new Promise((r) => setTimeout(r, 20));
    gc();
  }
  const atReady = mb(process.memoryUsage().rss);
  await new Promise((r) => setTimeout(r, 3000));
  const rest3s = mb(process.memoryUsage().rss);
  gc();
  await new Promise((r) => setTimeout(r, 20));
  gc();
  await new Promise((r) => setTimeout(r, 500));
  const afterGc = mb(process.memoryUsage().rss);
  const tables = (await db.query("select count(*)::int as n from pg_class")).rows[0];
  await db.close();
  console.log(
    JSON.stringify({
      mode,
      initMs: Math.round(initMs),
      readyMs: Math.round(readyMs),
      rssAtReady: atReady,
      rssRest3s: rest3s,
      rssAfterGc: afterGc,
      hwm: mb(Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) * 1024),
      tables,
    }),
  );
}
