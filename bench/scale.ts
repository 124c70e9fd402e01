/**
 * Scale-out (issue 16, item 5): `POST /api/v1/generate` (one-shot, pixel-sprite 64×64) against N API
 * processes (`src/main.ts`, RUN_JOBS=false) and W worker processes (`src/worker.ts`) on ONE PostgreSQL
 * database and ONE Redis, for N = 1, 2, 4 (W = N by default). See bench/README.md, "Scale-out".
 *
 *   npx tsx bench/scale.ts                 (or BENCH_ONLY=scale npm run bench)
 *   SCALE_CONFIGS=1x1,2x2,4x4              configurations N×W; suffixes aS set the accounts, cK the workers'
 *                                          WORKER_CONCURRENCY (4x4a1, 1x1c8)
 *   SCALE_ACCOUNTS=8                       accounts the load is spread over (round-robin per request)
 *   SCALE_ROUNDS=2                         every configuration this many times (order reversed each round)
 *   SCALE_WORKER_CONCURRENCY=2             WORKER_CONCURRENCY of the workers (bench/service.ts' value)
 *   SCALE_CONNECTIONS=32                   autocannon connections in all, split round-robin over the API ports
 *   BENCH_DURATION_S=10, SCALE_WARMUP_S=5  measurement and warm-up (after a pre-warm: 3 × 2·W·concurrency calls)
 *   SCALE_TRACE=1, SCALE_TRACE_GENERATIONS=100   the per-generation trace (statements, Redis commands, bytes)
 *   BENCH_QUICK=1                          3 s, 1 s warm-up, one round, 30 traced generations
 *   SCALE_OUT=extra                        written as scale-<date>.extra.json / .png instead
 *   SCALE_TSX=1                            src/*.ts through tsx instead of dist/ (what npm start / npm run worker run)
 *   SCALE_SOURCE=HEAD                      the service of a commit (git archive to a temporary folder), not the working tree
 *
 * Output: bench/results/scale-<date>.json (quick: scale-<date>.quick.json) and scale-<date>.png (W = N runs).
 *
 * The parts are in bench/scale/: settings.ts (the variables above), deploy.ts and processes.ts (starting
 * the processes), load.ts (autocannon), measure.ts (one configuration), probes.ts (PostgreSQL, Redis
 * and /proc snapshots), ledger.ts (the money check after a run), trace.ts and pg-proxy.ts (the
 * per-generation trace), plot.ts (the PNG). This file runs them in order and writes the report.
 */
import { execSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { dropDatabases, postgresAvailable } from "./pg.js";
import { redisUrl } from "./redis.js";
import { killAllChildrenNow, root, stopAllChildren } from "./servers.js";
import { generateBody, serviceEnv } from "./service.js";
import { prepareSource } from "./scale/deploy.js";
import { measureConfig, type Run } from "./scale/measure.js";
import { median, round } from "./scale/numbers.js";
import { isMain, plotSubtitle, plotSvg, plotTitle } from "./scale/plot.js";
import { parseInfo } from "./scale/probes.js";
import { stopWorkersNow, workers } from "./scale/processes.js";
import {
  connections,
  defaultLog,
  durationS,
  fromSources,
  parseConfigs,
  pgServer,
  quick,
  rounds,
  service,
  traceOn,
  warmupS,
  workerConcurrency,
  type Log,
} from "./scale/settings.js";
import { runTrace } from "./scale/trace.js";

function gitState(): { commit: string; dirty: string[] } {
  try {
    return {
      commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(),
      dirty: execSync("git status --porcelain", { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean),
    };
  } catch {
    return { commit: "unknown", dirty: [] };
  }
}

export async function cleanupScale(): Promise<void> {
  await stopWorkersNow().catch(() => undefined);
  await stopAllChildren().catch(() => undefined);
  await dropDatabases().catch(() => undefined);
}

/** The whole scale-out benchmark; returns the paths written. */
export async function runScale(log: Log = defaultLog): Promise<{ json: string; png?: string }> {
  const configs = parseConfigs();
  if (!(await postgresAvailable())) throw new Error(`PostgreSQL at ${pgServer} does not answer`);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  await redis.ping();
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  const startedAt = new Date();
  const gitAtStart = gitState();
  await prepareSource(log);
  const maxConnections = Number((await admin.query("SHOW max_connections")).rows[0].max_connections);
  const pgVersion = String((await admin.query("SHOW server_version")).rows[0].server_version);
  const redisVersion = parseInfo(await redis.info("server")).redis_version;
  log(
    `Scale-out on ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}, PostgreSQL ${pgVersion} (max_connections ${maxConnections}), Redis ${redisVersion}.`,
  );
  log(
    `${connections} connections round-robin over the API ports, ${durationS} s after a ${warmupS} s warm-up; WORKER_CONCURRENCY=${workerConcurrency}; configurations ${configs.map((c) => c.label).join(", ")}, ${rounds} round(s).`,
  );
  log(`With ${cpus().length} cores, more than ${cpus().length} busy processes measure contention for the same cores, not added capacity.\n`);
  const runs: Run[] = [];
  const failures: { config: string; round: number; error: string }[] = [];
  let trace: Record<string, unknown> | { error: string } | undefined;
  try {
    for (let r = 1; r <= rounds; r++) {
      const order = r % 2 === 1 ? configs : [...configs].reverse(); // drift of the machine's load hits every N alike
      for (const cfg of order) {
        try {
          runs.push(await measureConfig(cfg, r, log, admin, redis));
        } catch (error) {
          failures.push({ config: cfg.label, round: r, error: String(error).slice(0, 4000) });
          log(`  failed: ${String(error).slice(0, 2000)}`);
          await cleanupScale();
        }
      }
    }
    if (traceOn) {
      try {
        trace = await runTrace(log, admin);
      } catch (error) {
        trace = { error: String(error).slice(0, 4000) };
        log(`  trace failed: ${String(error).slice(0, 2000)}`);
        await cleanupScale();
      }
    }
  } finally {
    await cleanupScale();
    await admin.end().catch(() => undefined);
    redis.disconnect();
  }

  const date = startedAt.toISOString().slice(0, 10);
  const dir = join(root, "bench", "results");
  await mkdir(dir, { recursive: true });
  const summary = configs.map((cfg) => {
    const these = runs.filter((x) => x.config.label === cfg.label);
    const avg = (f: (x: Run) => number) => round(these.reduce((s, x) => s + f(x), 0) / Math.max(1, these.length), 2);
    return {
      config: cfg.label,
      n: cfg.n,
      w: cfg.w,
      accounts: cfg.accounts,
      rounds: these.length,
      rps: avg((x) => x.rps),
      rpsMedian: round(median(these.map((x) => x.rps)), 1),
      rpsEach: these.map((x) => x.rps),
      p50: avg((x) => x.p50),
      p99: avg((x) => x.p99),
      p50Median: median(these.map((x) => x.p50)),
      p99Median: median(these.map((x) => x.p99)),
      cpuMsPerRequest: {
        api: avg((x) => x.cpuMsPerRequest.api),
        worker: avg((x) => x.cpuMsPerRequest.worker),
        postgres: avg((x) => x.cpuMsPerRequest.postgresBackends),
        redis: avg((x) => x.cpuMsPerRequest.redis),
        loadGenerator: avg((x) => x.cpuMsPerRequest.loadGenerator),
      },
      pgConnectionsMax: Math.max(0, ...these.map((x) => x.postgres.connectionsOurs.max)),
      redisOpsPerSecond: avg((x) => x.redis.opsPerSecond),
      othersCores: avg((x) => x.cores.others),
      ledgerExact: these.every((x) => x.ledger.ok),
      failedRequests: these.reduce((s, x) => s + x.non2xx + x.errors + x.timeouts, 0),
    };
  });
  const gitAtEnd = gitState();
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      totalMemMb: Math.round(totalmem() / 2 ** 20),
      node: process.version,
      postgres: pgVersion,
      maxConnections,
      redis: redisVersion,
    },
    git: {
      atStart: gitAtStart,
      atEnd: gitAtEnd,
      serviceFrom: service.commit ?? (fromSources ? "working tree, src/*.ts through tsx" : "working tree, dist/ built from it"),
    },
    settings: {
      connections,
      durationS,
      warmupS,
      rounds,
      workerConcurrency: Number(workerConcurrency),
      request: { path: "/api/v1/generate", body: JSON.parse(generateBody) as unknown },
      serviceEnv: { ...serviceEnv(0), PORT: undefined, RUN_JOBS: "false", REDIS_PREFIX: "unique per configuration", WORKER_CONCURRENCY: workerConcurrency },
      loadGenerator: "autocannon 8 in this process (shares the cores), connection i to API port i mod N, each connection cycling through the accounts",
    },
    summary,
    runs,
    failures,
    trace,
  };
  const suffix = `${process.env.SCALE_OUT ? `.${process.env.SCALE_OUT.replace(/[^A-Za-z0-9_-]/g, "")}` : ""}${quick ? ".quick" : ""}`;
  const json = join(dir, `scale-${date}${suffix}.json`);
  await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  log("");
  log(
    "| N × W | req/s median (each round) | p50 / p99 ms (means) | CPU ms/req api · worker · pg · redis (means) | PG conns max | Redis ops/s | others' cores | ledger |",
  );
  log("|---|---|---|---|---|---|---|---|");
  for (const s of summary) {
    log(
      `| ${s.config} | ${s.rpsMedian} (${s.rpsEach.join(", ")}) | ${s.p50} / ${s.p99} | ${s.cpuMsPerRequest.api} · ${s.cpuMsPerRequest.worker} · ${s.cpuMsPerRequest.postgres} · ${s.cpuMsPerRequest.redis} | ${s.pgConnectionsMax} | ${s.redisOpsPerSecond} | ${s.othersCores} | ${s.rounds ? (s.ledgerExact ? "exact" : "WRONG") : "—"} |`,
    );
  }
  let png: string | undefined;
  if (runs.some(isMain)) {
    png = join(dir, `scale-${date}${suffix}.png`);
    const svg = plotSvg(runs, plotTitle, plotSubtitle(date, connections, durationS));
    await sharp(Buffer.from(svg)).png().toFile(png);
  }
  if (gitAtEnd.commit !== gitAtStart.commit || gitAtEnd.dirty.join() !== gitAtStart.dirty.join())
    log('note: the working tree changed during the run; see "git" in the JSON.');
  log(`results: ${json}${png ? `, ${png}` : ""}`);
  return { json, ...(png ? { png } : {}) };
}

/** Renders the PNG of a written JSON again (SCALE_REPLOT=bench/results/scale-<date>.json). */
async function replot(path: string): Promise<string> {
  const data = JSON.parse(await readFile(path, "utf8")) as { runs: Run[]; startedAt: string; settings: { connections: number; durationS: number } };
  const png = path.replace(/\.json$/, ".png");
  await sharp(Buffer.from(plotSvg(data.runs, plotTitle, plotSubtitle(data.startedAt.slice(0, 10), data.settings.connections, data.settings.durationS))))
    .png()
    .toFile(png);
  return png;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.env.SCALE_REPLOT) {
  defaultLog(`plot: ${await replot(process.env.SCALE_REPLOT)}`);
  process.exit(0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.on("SIGINT", () => {
    defaultLog("\ninterrupted: stopping children and dropping databases");
    void cleanupScale().finally(() => process.exit(130));
  });
  process.on("exit", () => {
    killAllChildrenNow();
    for (const w of workers) w.child.kill("SIGKILL");
  });
  try {
    await runScale();
    process.exit(0);
  } catch (error) {
    defaultLog(`scale benchmark failed: ${String(error)}`);
    await cleanupScale();
    process.exit(1);
  }
}
