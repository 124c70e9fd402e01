/**
 * The trace: one API process and one worker, generations one at a time, every PostgreSQL message
 * counted by a proxy in front of each process kind and every Redis command seen by MONITOR.
 */
import { cpus } from "node:os";
import { Redis } from "ioredis";
import type pg from "pg";
import { dropDatabases } from "../pg.js";
import { deleteRedisKeys, redisUrl } from "../redis.js";
import { cpuTimeMs, machineCpu, sleep } from "../servers.js";
import { generateBody } from "../service.js";
import { deploy } from "./deploy.js";
import { drain } from "./ledger.js";
import { perSecond, round } from "./numbers.js";
import { pgProxy, type ProxyStats } from "./pg-proxy.js";
import { commandStats, dbName, loadavg, pgSnap, tableSizes, walDiff, withDb } from "./probes.js";
import { connectionsPerProcess, socketsOf, type Kind } from "./processes.js";
import { traceGenerations, workerConcurrency, type Log } from "./settings.js";

interface RedisTally {
  /** Commands sent by each process kind (round trips; MULTI/EXEC blocks count each command), by name. */
  byKind: Record<Kind, Record<string, number>>;
  /** Commands run inside Lua scripts (EVALSHA of BullMQ, the rate limiter) touching this run's keys. */
  lua: Record<string, number>;
  publishBytes: number;
  publishes: number;
}

export async function runTrace(log: Log, admin: pg.Client): Promise<Record<string, unknown>> {
  log(`- trace: 1 API × 1 worker, ${traceGenerations} generations one at a time (PostgreSQL messages through a counting proxy, Redis MONITOR)`);
  const apiProxy = await pgProxy();
  const workerProxy = await pgProxy();
  const d = await deploy(
    {
      n: 1,
      w: 1,
      accounts: 1,
      concurrency: Number(workerConcurrency),
      tag: "scale_trace",
      apiDbUrl: (db) => `postgresql://postgres@127.0.0.1:${apiProxy.port}/${db}`,
      workerDbUrl: (db) => `postgresql://postgres@127.0.0.1:${workerProxy.port}/${db}`,
    },
    log,
  );
  const monitorClient = new Redis(redisUrl, { lazyConnect: true });
  const statsRedis = new Redis(redisUrl);
  try {
    const api = d.apis[0]!;
    const one = async () => {
      const r = await fetch(`${api.url}/api/v1/generate`, {
        method: "POST",
        headers: { authorization: `Bearer ${d.keys[0]}`, "content-type": "application/json" },
        body: generateBody,
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`generate answered ${r.status}`);
      return r;
    };
    for (let i = 0; i < 20; i++) await one(); // warm-up: connections opened, statements prepared
    await drain(d.dbUrl);

    // MONITOR; our processes' sockets identify their commands.
    let sockets = await socketsOf(d.procs);
    const tally: RedisTally = { byKind: { api: {}, worker: {} }, lua: {}, publishBytes: 0, publishes: 0 };
    let counting = false;
    let windowTally: RedisTally | undefined;
    const monitor = await monitorClient.monitor();
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      if (!counting) return;
      const name = String(args[0] ?? "").toUpperCase();
      if (source === "lua") {
        if (args.some((a) => String(a).includes(d.prefix))) tally.lua[name] = (tally.lua[name] ?? 0) + 1;
        return;
      }
      const port = Number(source.split(":").pop());
      const kind = sockets.get(port)?.kind;
      if (!kind) return;
      tally.byKind[kind][name] = (tally.byKind[kind][name] ?? 0) + 1;
      if (name === "PUBLISH") {
        tally.publishes++;
        tally.publishBytes += Buffer.byteLength(String(args[2] ?? ""));
      }
    });
    const resetTally = () => {
      const old = JSON.parse(JSON.stringify(tally)) as RedisTally;
      tally.byKind = { api: {}, worker: {} };
      tally.lua = {};
      tally.publishBytes = 0;
      tally.publishes = 0;
      return old;
    };

    // 1. Idle: background traffic per second (BullMQ's blocking fetch and stalled checks, …).
    sockets = await socketsOf(d.procs);
    apiProxy.reset();
    workerProxy.reset();
    counting = true;
    const idleS = 5;
    await sleep(idleS * 1000);
    const idleRedis = resetTally();
    const idleApi = apiProxy.reset();
    const idleWorker = workerProxy.reset();

    // 2. The traced generations.
    const sizes0 = await tableSizes(d.dbUrl);
    const pg0 = await pgSnap(admin, dbName(d.dbUrl));
    const cmd0 = await commandStats(statsRedis);
    const cpu0 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const la0 = await loadavg();
    const m0 = await machineCpu();
    const t0 = performance.now();
    for (let i = 0; i < traceGenerations; i++) await one();
    await drain(d.dbUrl);
    await sleep(300); // the worker's last statements after the answer (job completion in Redis)
    const seconds = (performance.now() - t0) / 1000;
    counting = false;
    windowTally = resetTally();
    const apiStats = apiProxy.reset();
    const workerStats = workerProxy.reset();
    const cpu1 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const m1 = await machineCpu();
    const cmd1 = await commandStats(statsRedis);
    const pg1 = await pgSnap(admin, dbName(d.dbUrl));
    let pgBackendMs = 0;
    for (const [pid, after] of pg1.backends) pgBackendMs += after - (pg0.backends.get(pid) ?? 0);
    const sizes1 = await tableSizes(d.dbUrl);
    const wal = await walDiff(admin, pg0.walLsn, pg1.walLsn);
    const content = await withDb(d.dbUrl, async (c) => ({
      asset: (await c.query("SELECT avg(byte_length)::float AS png, avg(pg_column_size(bytes))::float AS stored FROM assets")).rows[0],
      events: (
        await c.query(
          "SELECT type, count(*)::int AS n, avg(pg_column_size(data))::float AS stored, avg(length(data::text))::float AS text FROM generation_events GROUP BY type ORDER BY type",
        )
      ).rows,
    }));

    const G = traceGenerations;
    const net = (window: Record<string, number>, idle: Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const k of new Set([...Object.keys(window), ...Object.keys(idle)])) {
        const v = ((window[k] ?? 0) - ((idle[k] ?? 0) * seconds) / idleS) / G;
        if (Math.abs(v) >= 0.005) out[k] = round(v);
      }
      return out;
    };
    const perGen = (r: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(r)
          .map(([k, v]) => [k, round(v / G)])
          .sort((a, b) => Number(b[1]) - Number(a[1])),
      );
    const pgSide = (s: ProxyStats, idle: ProxyStats) => ({
      executed: round(((s.messages.E ?? 0) + (s.messages.Q ?? 0)) / G),
      roundTrips: round(((s.messages.S ?? 0) + (s.messages.Q ?? 0)) / G),
      parses: round((s.messages.P ?? 0) / G),
      bytesToServer: Math.round(s.bytesToServer / G),
      bytesToClient: Math.round(s.bytesToClient / G),
      idleMessagesPerSecond: round(Object.values(idle.messages).reduce((a, b) => a + b, 0) / idleS),
      statements: perGen(s.statements),
    });
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    const kindCpu = (k: Kind) => d.procs.reduce((sum, p, i) => sum + (p.kind === k ? cpu1[i]! - cpu0[i]! : 0), 0);
    // Redis time per generation: our command counts (MONITOR) × Redis' own microseconds per call of
    // that command (INFO commandstats over the window; Redis-wide, so other sessions' calls of the
    // same command blend in). EVALSHA's microseconds include the script's inner commands.
    const ourCalls: Record<string, number> = {};
    for (const k of ["api", "worker"] as const)
      for (const [name, v] of Object.entries(windowTally.byKind[k])) ourCalls[name.toLowerCase()] = (ourCalls[name.toLowerCase()] ?? 0) + v;
    let redisUsec = 0;
    const redisUsecByCommand: Record<string, number> = {};
    for (const [name, calls] of Object.entries(ourCalls)) {
      const a = cmd0[name] ?? { calls: 0, usec: 0 };
      const b = cmd1[name] ?? { calls: 0, usec: 0 };
      const per = b.calls > a.calls ? (b.usec - a.usec) / (b.calls - a.calls) : 0;
      redisUsecByCommand[name] = round(per, 1);
      if (name !== "bzpopmin") redisUsec += calls * per; // a blocking pop's time is mostly waiting
    }
    const trace = {
      generations: G,
      secondsSequential: round(seconds, 2),
      loadavgBefore: la0,
      machineBusyCores: round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * cpus().length),
      /** CPU per generation at one request at a time (no queueing; the least contended number here). */
      cpuMsPerGeneration: {
        api: round(kindCpu("api") / G),
        worker: round(kindCpu("worker") / G),
        postgresBackends: round(pgBackendMs / G),
        redisEstimate: round(redisUsec / 1000 / G, 3),
      },
      redisUsecPerCall: redisUsecByCommand,
      postgres: {
        api: pgSide(apiStats, idleApi),
        worker: pgSide(workerStats, idleWorker),
        transactionsPerGeneration: round((pg1.xactCommit - pg0.xactCommit) / G),
        rowsInsertedPerGeneration: round((pg1.tupInserted - pg0.tupInserted) / G),
        rowsUpdatedPerGeneration: round((pg1.tupUpdated - pg0.tupUpdated) / G),
        /** Cluster-wide WAL (other sessions write too): an upper bound, and noisy. */
        walBytesPerGenerationClusterWide: Math.round(wal / G),
        tableGrowthBytesPerGeneration: Object.fromEntries(Object.keys(sizes1).map((k) => [k, Math.round(((sizes1[k] ?? 0) - (sizes0[k] ?? 0)) / G)])),
        assetPngBytes: Math.round(content.asset.png),
        assetStoredBytes: Math.round(content.asset.stored),
        events: content.events.map((e: { type: string; n: number; stored: number; text: number }) => ({
          type: e.type,
          perGeneration: round(e.n / (G + 20)),
          storedBytes: Math.round(e.stored),
          jsonBytes: Math.round(e.text),
        })),
      },
      redis: {
        api: { commandsPerGeneration: net(windowTally.byKind.api, idleRedis.byKind.api), total: round(sum(net(windowTally.byKind.api, idleRedis.byKind.api))) },
        worker: {
          commandsPerGeneration: net(windowTally.byKind.worker, idleRedis.byKind.worker),
          total: round(sum(net(windowTally.byKind.worker, idleRedis.byKind.worker))),
        },
        insideLuaPerGeneration: net(windowTally.lua, idleRedis.lua),
        idleCommandsPerSecond: {
          api: round(sum(idleRedis.byKind.api) / idleS, 1),
          worker: round(sum(idleRedis.byKind.worker) / idleS, 1),
          byName: { api: perSecond(idleRedis.byKind.api, idleS), worker: perSecond(idleRedis.byKind.worker, idleS) },
        },
        publishesPerGeneration: round(windowTally.publishes / G),
        publishBytesPerGeneration: Math.round(windowTally.publishBytes / G),
      },
      connections: connectionsPerProcess(d.procs, await socketsOf(d.procs)),
    };
    log(
      `  per generation: PostgreSQL ${trace.postgres.api.executed} statements from the API (${trace.postgres.api.roundTrips} round trips), ` +
        `${trace.postgres.worker.executed} from the worker (${trace.postgres.worker.roundTrips}); ${trace.postgres.transactionsPerGeneration} transactions; ` +
        `Redis ${trace.redis.api.total} commands from the API, ${trace.redis.worker.total} from the worker, ${trace.redis.publishesPerGeneration} publishes ` +
        `(${trace.redis.publishBytesPerGeneration} bytes); asset ${trace.postgres.assetPngBytes} B PNG; WAL ≤ ${trace.postgres.walBytesPerGenerationClusterWide} B; ` +
        `CPU ms/generation api ${trace.cpuMsPerGeneration.api}, worker ${trace.cpuMsPerGeneration.worker}, pg ${trace.cpuMsPerGeneration.postgresBackends}, redis ≈ ${trace.cpuMsPerGeneration.redisEstimate} ` +
        `(machine ${trace.machineBusyCores} cores busy, load ${trace.loadavgBefore})`,
    );
    return trace;
  } finally {
    monitorClient.disconnect();
    statsRedis.disconnect();
    await d.stop();
    await apiProxy.close();
    await workerProxy.close();
    await dropDatabases().catch(() => undefined);
    const redis = new Redis(redisUrl);
    await deleteRedisKeys(redis, d.prefix).catch(() => 0);
    redis.disconnect();
  }
}
