/**
 * `npm run bench`'s footprint section (issue 18): memory at rest and time to start, as a user starts
 * the service (`npm start`, `npm run worker`, the README's commands), plus a load check.
 *
 *   (a) embedded, a new DATA_DIR        (b) embedded, restarted on that folder
 *   (c) PostgreSQL, a fresh database    (w) `npm run worker` on that database + Redis (own REDIS_PREFIX)
 *   (load) on (c): RSS at rest, right after a short POST /api/v1/generate load, 10 s after it (the
 *          goal) and 40 s after it (past the drawing thread's idle timeout, DRAW_THREAD_IDLE_MS (5 s): what is left for good)
 *
 * Time: spawn → the first 200 of GET /healthz (the worker: → its `worker ready` line). Memory: VmRSS
 * of the service's own Node process (the pid it logs; npm is its parent) after `restMs` at rest, and
 * of the whole process tree. Each scenario first waits (≤ 30 s, BENCH_FOOTPRINT_QUIET_S) for the
 * machine to be ≤ 35 % busy over a second, and records how busy it was. The steps live in bench/footprint/measure.ts (also the study's tool).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, mappingsOf, quiet, sample, type Launched } from "./footprint/measure.js";
import { runLoad, type LoadResult } from "./load.js";
import { createDatabase } from "./pg.js";
import { deleteRedisKeys, redisUrl, withRedis } from "./redis.js";
import { freePort, root, sleep } from "./servers.js";
import { generateBody, generateHeaders, serviceEnv, signUpWithKey } from "./service.js";

export type ScenarioId = "a" | "b" | "c" | "w";

export interface ScenarioResult {
  scenario: ScenarioId;
  command: string;
  /** The environment given (PATH and HOME besides). */
  env: Record<string, string>;
  /** Share of the machine busy in the second before the spawn, and the load average. */
  busyBefore: number;
  loadavg: string;
  msToLogLine: number;
  msToFirstAnswer?: number;
  /** What the service logged at ready (`readyMs`: from its own process start; `migrationsApplied`; `rssMb`). */
  logged: Record<string, unknown>;
  /** (a): how the new folder was made (`template` copy or `initdb` in a child) and how long it took. */
  newFolder?: { from?: unknown; ms?: unknown };
  cpuMsAtReady: number;
  rest: ReturnType<typeof sample>;
  mappings: ReturnType<typeof mappingsOf>;
  stop: { stopMs: number; exitCode: number | null | undefined };
}

export interface LoadCheck {
  restMb: number;
  afterLoadMb: number;
  /** RSS `settleMs` after the load stopped (the goal's sample). */
  settledMb: number;
  settleMs: number;
  /** RSS `laterMs` after the load stopped. */
  laterMb: number;
  laterMs: number;
  hwmMb: number;
  /** Threads of the service process at rest, right after, settled, later (a drawing thread lives DRAW_THREAD_IDLE_MS (5 s) after its last task). */
  threads: [number, number, number, number];
  treeRestMb: number;
  treeSettledMb: number;
  load: LoadResult;
}

export interface FootprintResult {
  restMs: number;
  /** Whether the PGlite template folder existed before (a) (else (a) runs initdb in a child and makes it). */
  templateBefore: boolean;
  scenarios: (ScenarioResult | { scenario: ScenarioId; error: string })[];
  load?: LoadCheck | { error: string };
  skipped: string[];
}

export const footprintGoals = { embeddedMb: 300, postgresMb: 150, workerMb: 150, warmStartMs: 2_000, freshStartMs: 4_000, afterLoadRatio: 1.2 };

const live = new Set<Launched>();
/** Synchronous last resort (process "exit"): SIGKILL whatever this section left running. */
export function killFootprintChildrenNow(): void {
  for (const l of live) l.kill();
}

const pgliteVersion = () => (JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;
const templateExists = () => existsSync(join(root, "node_modules/.cache/asset-generation-service/pglite-template", pgliteVersion(), "PG_VERSION"));

/** `npm start` would rebuild a stale dist/ first (in its own time): build now, so that no scenario measures a build. */
function buildIfStale(): void {
  execFileSync(process.execPath, ["--input-type=module", "-e", "const b = await import('./scripts/build.mjs'); if (b.isStale()) await b.buildService();"], {
    cwd: root,
    stdio: "inherit",
  });
}

interface RunOptions {
  log: (line: string) => void;
  pg: boolean;
  redis: boolean;
  quick: boolean;
  restMs?: number;
  loadS?: number;
  connections?: number;
}

export async function runFootprint(o: RunOptions): Promise<FootprintResult> {
  const restMs = o.restMs ?? Number(process.env.BENCH_FOOTPRINT_REST_MS ?? 6_000);
  const loadS = o.loadS ?? Number(process.env.BENCH_FOOTPRINT_LOAD_S ?? (o.quick ? 3 : 5));
  const quietS = Number(process.env.BENCH_FOOTPRINT_QUIET_S ?? 30);
  buildIfStale();
  const result: FootprintResult = { restMs, templateBefore: templateExists(), scenarios: [], skipped: [] };
  const dataParent = await mkdtemp(join(tmpdir(), "bench-footprint-"));
  const dataDir = join(dataParent, "data");

  /** Starts, rests, samples; `then` runs before the stop (the load check). */
  const run = async (
    scenario: ScenarioId,
    command: string[],
    env: Record<string, string>,
    ready: "listening" | "worker",
    then?: (l: Launched, rest: ReturnType<typeof sample>) => Promise<void>,
  ) => {
    const busyBefore = await quiet(0.35, quietS * 1000);
    const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    let l: Launched | undefined;
    try {
      l = await launch({ name: `footprint-${scenario}`, cwd: root, env, command, probe: false, ready, outDir: tmpdir() });
      live.add(l);
      await sleep(restMs);
      const rest = sample(l);
      const mappings = mappingsOf(l.servicePid);
      if (then) await then(l, rest);
      const stop = await l.stop();
      const folderLine = l
        .output()
        .split("\n")
        .map(parse)
        .find((r) => r?.msg === "new data folder");
      const r: ScenarioResult = {
        scenario,
        command: command.join(" "),
        env,
        busyBefore,
        loadavg,
        msToLogLine: l.msToLogLine,
        ...(l.msToFirstAnswer === undefined ? {} : { msToFirstAnswer: l.msToFirstAnswer }),
        logged: l.logged,
        ...(folderLine ? { newFolder: { from: folderLine.from, ms: folderLine.ms } } : {}),
        cpuMsAtReady: l.cpuMsAtReady,
        rest,
        mappings,
        stop,
      };
      result.scenarios.push(r);
      const time = r.msToFirstAnswer === undefined ? `ready line ${r.msToLogLine} ms` : `first 200 ${r.msToFirstAnswer} ms`;
      o.log(
        `  (${scenario}) ${time}, service RSS ${rest.service.rssMb} MB, tree ${rest.treeRssMb} MB (machine ${Math.round(busyBefore * 100)} % busy before, load ${loadavg})`,
      );
    } catch (error) {
      result.scenarios.push({ scenario, error: String(error).slice(0, 4000) });
      o.log(`  (${scenario}) failed: ${String(error).slice(0, 2000)}`);
      if (l && !l.exited()) await l.stop(5_000);
    } finally {
      if (l) live.delete(l);
    }
  };

  const port = () => freePort().then(String);
  try {
    o.log(
      `footprint: npm start / npm run worker, ${restMs / 1000} s at rest (PGlite template ${result.templateBefore ? "present" : "absent: (a) runs initdb"})`,
    );
    await run("a", ["npm", "start"], { PORT: await port(), DATA_DIR: dataDir }, "listening");
    await run("b", ["npm", "start"], { PORT: await port(), DATA_DIR: dataDir }, "listening");
    if (!o.pg) result.skipped.push("c", "w", "load: PostgreSQL does not answer");
    else {
      const url = await createDatabase("footprint");
      const p = await port();
      // The load check runs on this process: the benchmark's limits (rate, credits, per-account caps) are lifted; nothing else differs from the defaults.
      await run("c", ["npm", "start"], { ...serviceEnv(Number(p)), LOG_LEVEL: "info", DATABASE_URL: url }, "listening", async (l, rest) => {
        result.load = await loadCheck(l, rest, { loadS, connections: o.connections ?? 32, log: o.log }).catch((error: unknown) => ({ error: String(error) }));
      });
      if (!o.redis) result.skipped.push("w: Redis does not answer");
      else {
        const prefix = `benchfp${process.pid}${Date.now().toString(36)}`;
        try {
          await run("w", ["npm", "run", "worker"], { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, "worker");
        } finally {
          await withRedis((r) => deleteRedisKeys(r, prefix)).catch(() => 0);
        }
      }
    }
  } finally {
    await rm(dataParent, { recursive: true, force: true });
  }
  return result;
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** RSS at rest (given), right after `loadS` s of POST /api/v1/generate, 10 s and 40 s after the load stopped. */
async function loadCheck(
  l: Launched,
  rest: ReturnType<typeof sample>,
  o: { loadS: number; connections: number; log: (line: string) => void },
): Promise<LoadCheck> {
  const url = l.url!;
  const { key } = await signUpWithKey(url, `http://localhost:${new URL(url).port}`);
  const load = await runLoad({
    url: `${url}/api/v1/generate`,
    method: "POST",
    headers: generateHeaders(key),
    body: generateBody,
    connections: o.connections,
    durationS: o.loadS,
  });
  const after = sample(l);
  const settleMs = 10_000;
  await sleep(settleMs);
  const settled = sample(l);
  const laterMs = 40_000;
  await sleep(laterMs - settleMs);
  const later = sample(l);
  const r: LoadCheck = {
    restMb: rest.service.rssMb,
    afterLoadMb: after.service.rssMb,
    settledMb: settled.service.rssMb,
    settleMs,
    laterMb: later.service.rssMb,
    laterMs,
    hwmMb: later.service.hwmMb,
    threads: [rest.service.threads, after.service.threads, settled.service.threads, later.service.threads],
    treeRestMb: rest.treeRssMb,
    treeSettledMb: settled.treeRssMb,
    load,
  };
  o.log(
    `  (load) ${o.loadS} s, ${load.rps.toFixed(0)} req/s (${load.non2xx + load.errors} failed): RSS ${r.restMb} MB at rest → ${r.afterLoadMb} right after → ${r.settledMb} ${settleMs / 1000} s later → ${r.laterMb} ${laterMs / 1000} s later (peak ${r.hwmMb}; threads ${r.threads.join(" → ")})`,
  );
  return r;
}
