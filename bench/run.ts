/**
 * `npm run bench`: the whole benchmark in one run (see bench/README.md). Every number is a ratio to
 * a baseline measured in this same run, on this machine.
 *
 *   BENCH_QUICK=1            small N, 3 s measurements (a smoke run)
 *   BENCH_STREAMS=1000,5000  stream counts for (e)
 *   BENCH_SSE_BUSES=memory   (e) on these event buses only (default memory,redis; redis needs BENCH_REDIS_URL's Redis)
 *   BENCH_DURATION_S, BENCH_CONNECTIONS, BENCH_ONLY=a,b,c,d,e,half,footprint
 *   BENCH_ONLY=sheet         a sprite sheet's frame against one sprite, in process (bench/sheet.ts)
 *   BENCH_ONLY=tileset       a blob-47 tileset's tile against one texture, in process (bench/tileset.ts)
 *   BENCH_ONLY=large         the largest tileset (3584²) through the service: time, peak memory, another account's p99 (bench/large.ts)
 *   BENCH_ONLY=kit           a 7-item kit against its items one by one, through the service (bench/kit.ts)
 *   BENCH_ONLY=atlas         packing a 500-frame kit into atlas pages, in process (bench/atlas.ts)
 *   BENCH_ONLY=quality       an asset's quality report against its drawing, in process (bench/quality.ts)
 *   BENCH_ONLY=fixer         the pixel fixer on a 1024-pixel degraded sprite, CPU time, in process (bench/fixer.ts)
 *   BENCH_ONLY=footprint     memory at rest and time to start (bench/footprint.ts); BENCH_FOOTPRINT_REST_MS,
 *                            BENCH_FOOTPRINT_LOAD_S, BENCH_FOOTPRINT_QUIET_S
 *   BENCH_D_ROUNDS=3         (d) measured in 3 alternated rounds (default 1)
 *   BENCH_TAG=x              results go to <date>.x.json (several runs on one day)
 *   BENCH_ONLY=scale         the scale-out benchmark (bench/scale.ts, its own JSON and plot; not in the default set)
 */
import { execSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { killFootprintChildrenNow, runFootprint, type FootprintResult } from "./footprint.js";
import { type AtlasBench, atlasRow, runAtlasBench } from "./atlas.js";
import { type FixerBench, fixerRow, runFixerBench } from "./fixer.js";
import { type KitBench, kitRow, runKitBench } from "./kit.js";
import { measure, type LoadResult, type LoadSpec, type Measured } from "./load.js";
import { runPaced, type PacedResult } from "./paced.js";
import { createDatabase, dropDatabases, postgresAvailable } from "./pg.js";
import { deleteRedisKeys, redisAvailable, redisUrl, withRedis } from "./redis.js";
import { formatTable, writeResults } from "./report.js";
import { childCpuTimeMs, freePort, killAllChildrenNow, machineCpu, root, sleep, startChild, stopAllChildren, stopChild, type Child } from "./servers.js";
import { type LargeBench, largeRow, runLargeBench } from "./large.js";
import { type QualityBench, qualityRow, runQualityBench } from "./quality.js";
import { startLocalS3 } from "../test/support/s3rver.js";
import { generateBody, generateHeaders, startService, type Service } from "./service.js";
import { runSheetBench, sheetRow, type SheetBench } from "./sheet.js";
import { runStreams, type StreamsBus, type StreamsResult } from "./sse.js";
import { footprintRows, roundKey, tableRows } from "./table.js";
import { runTilesetBench, tilesetRow, type TilesetBench } from "./tileset.js";

const quick = process.env.BENCH_QUICK === "1";
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 3 : 10));
const warmupS = quick ? 1 : 2;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const streamCounts = (process.env.BENCH_STREAMS ?? (quick ? "200,500" : "1000,5000,10000"))
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
/** (d): rounds of (bare Yoga, service, bare Yoga on Node's fetch), alternated. */
const graphqlRounds = Math.max(1, Number(process.env.BENCH_D_ROUNDS ?? 1));
const only = new Set((process.env.BENCH_ONLY ?? "a,b,c,s3,d,e,half,footprint,sheet,tileset,atlas,kit,quality,fixer,large").split(","));
const log = (line: string) => process.stdout.write(`${line}\n`);

const measurements: Record<string, Measured | { error: string }> = {};
const paced: Record<string, PacedResult | { error: string }> = {};
const streams: (StreamsResult | { n: number; bus: StreamsBus; error: string })[] = [];
const streamBuses = (process.env.BENCH_SSE_BUSES ?? "memory,redis")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is StreamsBus => s === "memory" || s === "redis");
let footprint: FootprintResult | { error: string } | undefined;
let sheet: SheetBench | { error: string } | undefined;
let tileset: TilesetBench | { error: string } | undefined;
let atlas: AtlasBench | { error: string } | undefined;
let kit: KitBench | { error: string } | undefined;
let quality: QualityBench | { error: string } | undefined;
let fixer: FixerBench | { error: string } | undefined;
let large: LargeBench | { error: string } | undefined;
const tempDirs: string[] = [];

/** Runs one autocannon measurement against `child`, recording it (or its error) under `key`. */
async function bench(key: string, server: Child, spec: Omit<LoadSpec, "connections" | "durationS"> & Partial<LoadSpec>): Promise<LoadResult | undefined> {
  log(`- ${key}: ${spec.method ?? "GET"} ${spec.url}${spec.overallRate ? ` at ${spec.overallRate} req/s` : ""}`);
  try {
    const full = { connections, durationS, ...spec };
    if (!spec.overallRate) await measure(full, warmupS);
    const loadavg = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
    const [cpu0, machine0, bench0, t0] = [await childCpuTimeMs(server), await machineCpu(), process.cpuUsage(), performance.now()];
    const load = await measure(full, 0);
    const [cpu1, machine1, bench1, t1] = [await childCpuTimeMs(server), await machineCpu(), process.cpuUsage(bench0), performance.now()];
    const result: Measured = {
      ...load,
      serverCpuMsPerRequest: (cpu1 - cpu0) / Math.max(1, load.ok),
      serverCores: (cpu1 - cpu0) / (t1 - t0),
      benchCores: (bench1.user + bench1.system) / 1000 / (t1 - t0),
      machineBusy: (machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total),
      loadavg,
    };
    measurements[key] = result;
    const bad = result.non2xx + result.errors + result.timeouts;
    log(
      `  ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server ${result.serverCpuMsPerRequest.toFixed(2)} CPU ms/request ` +
        `(${result.serverCores.toFixed(2)} cores; load generator ${result.benchCores.toFixed(2)}; machine ${(100 * result.machineBusy).toFixed(0)}% busy)` +
        `${bad ? `, ${bad} failed ${JSON.stringify(result.statusCodes)}` : ""}`,
    );
    return result;
  } catch (error) {
    measurements[key] = { error: String(error) };
    log(`  failed: ${String(error)}`);
    return undefined;
  }
}

async function withChild<T>(start: () => Promise<Child>, fn: (c: Child) => Promise<T>): Promise<T | undefined> {
  let child: Child | undefined;
  try {
    child = await start();
    return await fn(child);
  } catch (error) {
    log(`  failed: ${String(error).slice(0, 2000)}`);
    return undefined;
  } finally {
    if (child) await stopChild(child);
  }
}

async function withService<T>(
  name: string,
  db: Parameters<typeof startService>[0]["db"],
  fn: (s: Service) => Promise<T>,
  env?: Record<string, string>,
): Promise<T | undefined> {
  let service: Service | undefined;
  try {
    service = await startService({ name, db, ...(env ? { env } : {}) });
    return await fn(service);
  } catch (error) {
    log(`  ${name} failed: ${String(error).slice(0, 2000)}`);
    return undefined;
  } finally {
    if (service) {
      await stopChild(service.child);
      await service.cleanup();
    }
  }
}

const baseline = async (name: string, script: string, env: Record<string, string> = {}) => {
  const port = await freePort();
  return startChild({ name, script, port, env: { PORT: String(port), HOST: "127.0.0.1", ...env } });
};

async function measureAll(pg: boolean): Promise<void> {
  const irreducibleRequest = { method: "POST" as const, headers: { "content-type": "application/json" }, body: generateBody };
  const gqlBody = JSON.stringify({ query: "{ __typename }" });
  const gqlRequest = { method: "POST" as const, headers: { "content-type": "application/json" }, body: gqlBody };

  if (only.has("a")) {
    log("(a) bare node:http hello world");
    await withChild(
      () => baseline("hello", "bench/baselines/hello.ts"),
      (c) => bench("a.hello", c, { url: `${c.url}/` }),
    );
  }
  if (only.has("b") || only.has("c")) {
    log("(b) bare node:http, one SQL statement + one 64×64 PNG encode");
    if (pg) {
      const url = await createDatabase("irreducible");
      await withChild(
        () => baseline("irreducible-pg", "bench/baselines/irreducible.ts", { DATABASE_URL: url }),
        (c) => bench("b.irreducible.postgres", c, { url: `${c.url}/generate`, ...irreducibleRequest }),
      );
      // (b′): the same with the service's own drawing, the ceiling of anything that draws what the service draws.
      const drawingUrl = await createDatabase("irreducible-drawing");
      await withChild(
        () => baseline("irreducible-drawing-pg", "bench/baselines/irreducible.ts", { DATABASE_URL: drawingUrl, IRREDUCIBLE_DRAWING: "service" }),
        (c) => bench("b.drawing.postgres", c, { url: `${c.url}/generate`, ...irreducibleRequest }),
      );
      // (b″): (b′) writing what the service writes, with its own two statements: the ceiling of anything over its storage.
      const writesUrl = await createDatabase("irreducible-writes");
      await withChild(
        () => baseline("irreducible-writes-pg", "bench/baselines/irreducible.ts", { DATABASE_URL: writesUrl, IRREDUCIBLE_WRITES: "service" }),
        (c) => bench("b.writes.postgres", c, { url: `${c.url}/generate`, ...irreducibleRequest }),
      );
    }
    const dir = await mkdtemp(join(tmpdir(), "bench-irreducible-"));
    tempDirs.push(dir);
    await withChild(
      () => baseline("irreducible-pglite", "bench/baselines/irreducible.ts", { DATA_DIR: dir }),
      (c) => bench("b.irreducible.pglite", c, { url: `${c.url}/generate`, ...irreducibleRequest }),
    );
  }
  const generate = (s: Service) => ({ url: `${s.url}/api/v1/generate`, method: "POST" as const, headers: generateHeaders(s.key), body: generateBody });
  /** (c) on one database, then (half) its two half-rate rows: autocannon's overallRate and evenly paced. */
  const maxThenHalf = async (s: Service, db: "postgres" | "pglite") => {
    const max = await bench(`c.service.${db}`, s.child, generate(s));
    if (!only.has("half") || !max || max.rps <= 0) return;
    await sleep(2_000); // let the generations of cut-off requests finish
    const rate = Math.max(1, Math.floor(max.rps / 2));
    await bench(`c.service.${db}.half`, s.child, { ...generate(s), overallRate: rate });
    await sleep(2_000);
    const key = `c.service.${db}.paced`;
    log(`- ${key}: evenly paced (open loop) at ${rate} req/s for ${durationS} s`);
    try {
      const r = await runPaced({ ...generate(s), rate, durationS });
      paced[key] = r;
      log(`  ${r.ok} ok, ${r.failed} failed, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (client late by ≤ ${r.maxSendDelay.toFixed(1)} ms)`);
    } catch (error) {
      paced[key] = { error: String(error) };
      log(`  failed: ${String(error)}`);
    }
  };
  if (only.has("c") || only.has("half")) {
    log("(c) service POST /api/v1/generate (synchronous, 64×64 pixel-sprite), PGlite; then half-rate latency");
    await withService("service-pglite", { kind: "pglite" }, (s) => maxThenHalf(s, "pglite"));
  }
  if (pg && (only.has("c") || only.has("half"))) {
    log("(c) service POST /api/v1/generate, PostgreSQL; then half-rate latency");
    const url = await createDatabase("service");
    await withService("service-postgres", { kind: "postgres", url }, (s) => maxThenHalf(s, "postgres"));
  }
  if (only.has("s3")) {
    // (c) with BLOB_STORE=s3: every asset's PNG goes to a real S3-protocol server (s3rver, in this
    // runner's process, so it shares the load generator's core) instead of DATA_DIR/blobs.
    const db = pg ? ({ kind: "postgres", url: await createDatabase("service_s3") } as const) : ({ kind: "pglite" } as const);
    log(`(c.s3) service POST /api/v1/generate with BLOB_STORE=s3 on a local s3rver, ${db.kind === "postgres" ? "PostgreSQL" : "PGlite"}`);
    const s3 = await startLocalS3("bench");
    try {
      const env = { ...s3.env, BLOB_STORE: "s3", S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" };
      await withService(`service-s3-${db.kind}`, db, (s) => bench(`c.service.s3.${db.kind}`, s.child, generate(s)), env);
    } finally {
      await s3.close();
    }
  }
  if (only.has("d")) {
    log(`(d) POST /graphql { __typename }: the service and bare Yoga (both fetch APIs), alternated, ${graphqlRounds} round(s)`);
    // All three run at once (idle while another is measured): each round measures them back to back,
    // the bare Yoga and the service next to each other, in an order that alternates between rounds.
    const db = pg ? ({ kind: "postgres", url: await createDatabase("graphql") } as const) : ({ kind: "pglite" } as const);
    await withService(`service-${db.kind}`, db, async (s) => {
      let yoga: Child | undefined;
      let native: Child | undefined;
      try {
        yoga = await baseline("yoga", "bench/baselines/yoga.ts");
        native = await baseline("yoga-native", "bench/baselines/yoga.ts", { YOGA_FETCH: "native" });
        const servers: [string, Child][] = [
          ["d.yoga", yoga],
          ["d.service.graphql", s.child],
          ["d.yoga.native", native],
        ];
        for (let round = 1; round <= graphqlRounds; round++) {
          for (const [key, child] of round % 2 === 1 ? servers : [...servers].reverse()) {
            await bench(roundKey(key, round), child, { url: `${child.url}/graphql`, ...gqlRequest });
          }
        }
      } finally {
        if (native) await stopChild(native);
        if (yoga) await stopChild(yoga);
      }
    });
  }
  if (pg && only.has("e")) {
    const redis = streamBuses.includes("redis") && (await redisAvailable());
    if (streamBuses.includes("redis") && !redis) log(`(e) on Redis skipped: no Redis at ${redisUrl}`);
    for (const kind of streamBuses) {
      if (kind === "redis" && !redis) continue;
      const url = await createDatabase(`sse_${kind}`);
      for (const n of streamCounts) {
        const where = kind === "redis" ? "Redis bus and BullMQ, RUN_JOBS=true" : "in-process bus";
        log(`(e) ${n} concurrent SSE streams in one service process (PostgreSQL, ${where})`);
        const prefix = `benchsse${process.pid}${n}`;
        try {
          const timeoutS = Number(process.env.BENCH_SSE_TIMEOUT_S ?? Math.max(60, Math.ceil(n / 20)));
          const bus = kind === "redis" ? { kind, url: redisUrl, prefix } : { kind };
          const result = await runStreams({ n, dbUrl: url, timeoutS, log, bus });
          streams.push(result);
          log(
            `  RSS/stream ${result.perStreamKb.toFixed(1)} KB, lag p50 ${result.lag.p50.toFixed(1)} ms p99 ${result.lag.p99.toFixed(1)} ms, lost ${result.lost}, ` +
              `${result.generationsPerSecond.toFixed(0)} generations/s${result.errors.length ? `; ${result.errors.join("; ")}` : ""}`,
          );
        } catch (error) {
          streams.push({ n, bus: kind, error: String(error) });
          log(`  failed: ${String(error).slice(0, 2000)}`);
        } finally {
          if (kind === "redis") await withRedis((r) => deleteRedisKeys(r, prefix)).catch(() => undefined);
        }
      }
    }
  }
}

function gitState(): { commit: string; dirty: string[] } {
  try {
    const commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
    const dirty = execSync("git status --porcelain", { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
    return { commit, dirty };
  } catch {
    return { commit: "unknown", dirty: [] };
  }
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren().catch((error) => log(`stopping children failed: ${String(error)}`));
    const dropped = await dropDatabases().catch((error) => (log(`dropping databases failed: ${String(error)}`), []));
    if (dropped.length) log(`dropped databases: ${dropped.join(", ")}`);
    for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

process.on("SIGINT", () => {
  log("\ninterrupted: stopping children and dropping databases");
  void cleanup().finally(() => process.exit(130));
});
process.on("exit", () => {
  killAllChildrenNow();
  killFootprintChildrenNow();
});

const startedAt = new Date();
const gitAtStart = gitState(); // the service's code may change while the run goes on (shared working tree)
log(`Benchmark ${quick ? "(quick) " : ""}on ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}.`);
log(`autocannon runs in this process: the load generator and the server share the ${cpus().length} cores.`);
log(`${connections} connections, ${durationS} s per measurement after a ${warmupS} s warm-up; streams: ${streamCounts.join(", ")}.\n`);
if (only.has("scale")) {
  const { runScale } = await import("./scale.js");
  await runScale(log).catch((error: unknown) => log(`scale-out failed: ${String(error)}`));
  only.delete("scale");
  if (only.size === 0) process.exit(0);
}
const pg = await postgresAvailable();
if (!pg) log("PostgreSQL at 127.0.0.1:5432 does not answer: the PostgreSQL measurements are skipped.");
try {
  if (only.has("footprint")) {
    footprint = await runFootprint({ log, pg, redis: await redisAvailable(), quick, connections }).catch((error: unknown) => {
      log(`footprint failed: ${String(error).slice(0, 2000)}`);
      return { error: String(error) };
    });
  }
  if (only.has("sheet")) {
    log("- (sheet): a 64×64 sheet's frame against one 64×64 sprite, in process");
    sheet = await runSheetBench(quick ? 2 : 5).catch((error: unknown) => ({ error: String(error) }));
    log(`  ${sheetRow(sheet).note}`);
  }
  if (only.has("tileset")) {
    log("- (tileset): a blob-47 tileset's 64×64 tile against one 64×64 texture, in process");
    tileset = await runTilesetBench(quick ? 2 : 5).catch((error: unknown) => ({ error: String(error) }));
    log(`  ${tilesetRow(tileset).note}`);
  }
  if (only.has("atlas")) {
    log("- (atlas): packing a 500-frame kit into atlas pages, in process");
    try {
      atlas = runAtlasBench(quick ? 3 : 7);
    } catch (error) {
      atlas = { error: String(error) };
    }
    log(`  ${atlasRow(atlas).note}`);
  }
  if (only.has("kit")) {
    log("- (kit): a 7-item kit at scale 32 against the same items one by one, through the service (PGlite)");
    kit = await runKitBench(quick ? 2 : 5).catch((error: unknown) => ({ error: String(error) }));
    log(`  ${kitRow(kit).note}`);
  }
  if (only.has("quality")) {
    log("- (quality): the quality report of a sprite, an icon and a texture at default sizes against their drawing, in process");
    quality = await runQualityBench(quick ? 2 : 5).catch((error: unknown) => ({ error: String(error) }));
    log(`  ${qualityRow(quality).note}`);
  }
  if (only.has("fixer")) {
    log("- (fixer): the pixel fixer on a 1024-pixel degraded sprite (×32, uneven, blurred, JPEG), CPU time, in process");
    fixer = await runFixerBench(quick ? 4 : 8).catch((error: unknown) => ({ error: String(error) }));
    log(`  ${fixerRow(fixer).note}`);
  }
  if (only.has("large")) {
    log("- (large): a 3584² blob-47 tileset through the service while another account reads its balance");
    large = await runLargeBench().catch((error: unknown) => ({ error: String(error) }));
    log(`  ${largeRow(large).note}`);
  }
  await measureAll(pg);
} finally {
  await cleanup();
}
const loadRan = ["a", "b", "c", "d", "e", "half"].some((k) => only.has(k));
const table = [
  ...(loadRan ? tableRows(measurements, paced, streams, durationS) : []),
  ...(footprint && !("error" in footprint) ? footprintRows(footprint) : footprint ? [{ name: "footprint", note: footprint.error.slice(0, 80) }] : []),
  ...(sheet ? [sheetRow(sheet)] : []),
  ...(tileset ? [tilesetRow(tileset)] : []),
  ...(atlas ? [atlasRow(atlas)] : []),
  ...(kit ? [kitRow(kit)] : []),
  ...(quality ? [qualityRow(quality)] : []),
  ...(fixer ? [fixerRow(fixer)] : []),
  ...(large ? [largeRow(large)] : []),
];
log(`\n${formatTable(table)}\n`);
log("Ratios: req/s over req/s of the named baseline. (e) lag: event arrival at the client − the event's created_at in the database.");
log(`Load generator and servers share ${cpus().length} cores, so absolute numbers are lower than on a dedicated client.`);
const path = await writeResults(
  {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick,
    machine: { cpus: cpus().length, model: cpus()[0]?.model, totalMemMb: Math.round(totalmem() / 2 ** 20), node: process.version },
    git: { atStart: gitAtStart, atEnd: gitState() },
    settings: { connections, durationS, warmupS, streamCounts, loadGenerator: "autocannon 8 in the orchestrating process (shares the cores)" },
    table,
    measurements,
    paced,
    streams,
    ...(footprint ? { footprint } : {}),
    ...(sheet ? { sheet } : {}),
    ...(tileset ? { tileset } : {}),
    ...(atlas ? { atlas } : {}),
    ...(kit ? { kit } : {}),
    ...(quality ? { quality } : {}),
    ...(fixer ? { fixer } : {}),
    ...(large ? { large } : {}),
  },
  quick,
  process.env.BENCH_TAG,
);
const gitAtEnd = gitState();
if (gitAtEnd.commit !== gitAtStart.commit || gitAtEnd.dirty.join() !== gitAtStart.dirty.join()) {
  log(`note: the working tree changed during the run (${gitAtStart.commit} → ${gitAtEnd.commit}); see "git" in the JSON.`);
}
log(`results: ${path}`);
process.exit(0);
