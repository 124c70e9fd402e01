/**
 * Runs the footprint matrix: variants × scenarios (a fresh PGlite folder, b restart on it, c PostgreSQL,
 * w worker), `rounds` times, interleaved, each run after the machine has been quiet for a second.
 *   tsx matrix.ts <out.jsonl> <rounds> <variant[:abcw],...|all>
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, rmSync } from "node:fs";
import { measure, quiet } from "./measure.js";

/**
 * FOOTPRINT_ROOT holds the copies measured side by side (see FINDINGS.md, "How it was measured"):
 *   head/  `git archive HEAD` + src/generated + node_modules symlink       (today's code, run by tsx)
 *   dist/  head compiled by `tsc -p . --outDir dist --noEmit false`         (same code, precompiled)
 *   proto/ head + the prototyped fixes (FINDINGS.md §5; the diff is in git history), compiled to proto/dist
 *   tpl/   a pristine PGlite data folder (pglite-fresh.ts)                 (FP_FRESH=template)
 */
const root = process.env.FOOTPRINT_ROOT ?? "/tmp/footprint";
interface Variant {
  cwd: string;
  cmd: string[];
  worker: string[];
  env?: Record<string, string>;
}
const variants: Record<string, Variant> = {
  // today: npm start = tsx src/main.ts
  "npm-tsx": { cwd: `${root}/head`, cmd: ["npm", "start"], worker: ["npm", "run", "worker"] },
  // the same code, no npm / tsx CLI wrappers
  "node-tsx": { cwd: `${root}/head`, cmd: ["node", "--import", "tsx", "src/main.ts"], worker: ["node", "--import", "tsx", "src/worker.ts"] },
  // the same code precompiled by tsc
  "node-dist": { cwd: `${root}/dist`, cmd: ["node", "src/main.js"], worker: ["node", "src/worker.js"] },
  // prototype, compiled; everything loaded at start as today (+ phase marks)
  "proto-eager": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"], env: { FP_EAGER: "1" } },
  "proto-eager-tsx": {
    cwd: `${root}/proto`,
    cmd: ["node", "--import", "tsx", "src/main.ts"],
    worker: ["node", "--import", "tsx", "src/worker.ts"],
    env: { FP_EAGER: "1" },
  },
  "proto-eager-small": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"], env: { FP_EAGER: "1", FP_SMALL: "1" } },
  // prototype fixes, cumulative
  "proto-lazy": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"] },
  "proto-lazy-small": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"], env: { FP_SMALL: "1" } },
  "proto-lazy-small-gc": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"], env: { FP_SMALL: "1", FP_FRESH: "gc" } },
  "proto-lazy-small-child": {
    cwd: `${root}/proto`,
    cmd: ["node", "dist/main.js"],
    worker: ["node", "dist/worker.js"],
    env: { FP_SMALL: "1", FP_FRESH: "child" },
  },
  "proto-lazy-small-template": {
    cwd: `${root}/proto`,
    cmd: ["node", "dist/main.js"],
    worker: ["node", "dist/worker.js"],
    env: { FP_SMALL: "1", FP_FRESH: "template", FP_TEMPLATE: `${root}/tpl` },
  },
  // V8 / glibc knobs on top of the prototype
  "tune-semi8": {
    cwd: `${root}/proto`,
    cmd: ["node", "--max-semi-space-size=8", "dist/main.js"],
    worker: ["node", "--max-semi-space-size=8", "dist/worker.js"],
    env: { FP_SMALL: "1" },
  },
  "tune-semi4": {
    cwd: `${root}/proto`,
    cmd: ["node", "--max-semi-space-size=4", "dist/main.js"],
    worker: ["node", "--max-semi-space-size=4", "dist/worker.js"],
    env: { FP_SMALL: "1" },
  },
  "tune-arena2": { cwd: `${root}/proto`, cmd: ["node", "dist/main.js"], worker: ["node", "dist/worker.js"], env: { FP_SMALL: "1", MALLOC_ARENA_MAX: "2" } },
  "tune-semi8-arena2": {
    cwd: `${root}/proto`,
    cmd: ["node", "--max-semi-space-size=8", "dist/main.js"],
    worker: ["node", "--max-semi-space-size=8", "dist/worker.js"],
    env: { FP_SMALL: "1", MALLOC_ARENA_MAX: "2" },
  },
  "tune-notierup": {
    cwd: `${root}/proto`,
    cmd: ["node", "--no-wasm-tier-up", "dist/main.js"],
    worker: ["node", "--no-wasm-tier-up", "dist/worker.js"],
    env: { FP_SMALL: "1" },
  },
  // the recommended end state as a newcomer runs it: npm start -> node dist/main.js
  "proto-final-npm-template": {
    cwd: `${root}/proto`,
    cmd: ["npm", "start"],
    worker: ["npm", "run", "worker"],
    env: { FP_SMALL: "1", FP_FRESH: "template", FP_TEMPLATE: `${root}/tpl` },
  },
  "proto-final-npm": { cwd: `${root}/proto`, cmd: ["npm", "start"], worker: ["npm", "run", "worker"], env: { FP_SMALL: "1", FP_FRESH: "child" } },
};

// <out.jsonl> <rounds> <variant[:abcw],...>   (scenarios per variant; default abcw)
const [out = `${root}/out/matrix.jsonl`, roundsArg = "3", which = "all"] = process.argv.slice(2);
const specs = (which === "all" ? Object.keys(variants) : which.split(",")).map((s) => {
  const [n, sc = "abcw"] = s.split(":");
  return { name: n!, scenarios: sc.split("") };
});
const restMs = Number(process.env.REST_MS ?? 10_000);
for (let round = 1; round <= Number(roundsArg); round++) {
  for (const { name, scenarios } of specs) {
    const v = variants[name];
    if (!v) throw new Error(`unknown variant ${name}`);
    const tag = `${process.pid}_${round}_${name.replace(/-/g, "_")}`;
    const dataDir = `/tmp/fp-data-${tag}`;
    const db = `fp_${tag}`.slice(0, 60);
    const base = { PORT: "0", LOG_LEVEL: "info", ...v.env };
    const run = async (scenario: string, env: Record<string, string>, command: string[], ready: "listening" | "worker" = "listening") => {
      const busyBefore = await quiet(Number(process.env.QUIET_MAX_BUSY ?? 0.25), Number(process.env.QUIET_MAX_WAIT_MS ?? 120_000));
      try {
        const r = await measure({
          name: `${name}/${scenario}`,
          cwd: v.cwd,
          env: { ...base, ...env },
          command,
          restMs,
          probe: true,
          snapshot: false,
          ready,
          outDir: `${root}/out/probes`,
        });
        appendFileSync(out, `${JSON.stringify({ variant: name, scenario, round, busyBefore, ...r })}\n`);
        console.error(
          `${name}/${scenario} #${round}: ${r.msToFirstAnswer ?? r.msToLogLine} ms, service ${r.service.rssMb} MB, tree ${r.treeRssMb} MB (busy ${busyBefore}, load ${r.loadavg})`,
        );
      } catch (error) {
        console.error(`${name}/${scenario} #${round} FAILED: ${(error as Error).message.slice(0, 2000)}`);
      }
    };
    if (scenarios.includes("a")) await run("a", { DATA_DIR: dataDir }, v.cmd);
    else if (scenarios.includes("b")) {
      // (b) needs an existing folder: one unmeasured first start creates it
      await measure({
        name: `${name}/prepare`,
        cwd: v.cwd,
        env: { ...base, DATA_DIR: dataDir },
        command: v.cmd,
        restMs: 0,
        probe: false,
        snapshot: false,
        ready: "listening",
        outDir: `${root}/out/probes`,
      });
    }
    if (scenarios.includes("b")) await run("b", { DATA_DIR: dataDir }, v.cmd);
    rmSync(dataDir, { recursive: true, force: true });
    if (scenarios.includes("c") || scenarios.includes("w")) {
      execFileSync("createdb", ["-h", "127.0.0.1", "-U", "postgres", db]);
      const url = `postgresql://postgres@127.0.0.1:5432/${db}`;
      if (scenarios.includes("c")) await run("c", { DATABASE_URL: url }, v.cmd);
      if (scenarios.includes("w"))
        await run("w", { DATABASE_URL: url, REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: `fp${round}${Date.now() % 100000}` }, v.worker, "worker");
      execFileSync("dropdb", ["-h", "127.0.0.1", "-U", "postgres", "--if-exists", db]);
    }
  }
}
