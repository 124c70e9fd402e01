/** One measured configuration: deploy, pre-warm, idle, warm up, measure under load with a sampler, drain, check the ledger. */
import { cpus } from "node:os";
import type { Redis } from "ioredis";
import type pg from "pg";
import { dropDatabases } from "../pg.js";
import { deleteRedisKeys } from "../redis.js";
import { cpuTimeMs, machineCpu, memoryOf, sleep } from "../servers.js";
import { deploy, prewarmAll } from "./deploy.js";
import { checkLedger, drain, stuckGenerations } from "./ledger.js";
import { load } from "./load.js";
import { round, stats } from "./numbers.js";
import { dbName, loadavg, parseInfo, pgSnap, redisSnap, walDiff, withDb } from "./probes.js";
import { connectionsPerProcess, socketsOf, type Kind } from "./processes.js";
import { connections, durationS, warmupS, type Config, type Log } from "./settings.js";

interface Sample {
  t: number;
  pgOurs: number;
  pgOursActive: number;
  pgOursIdleInTx: number;
  pgOursLockWait: number;
  pgByKind: Record<Kind | "other", number>;
  pgServerTotal: number;
  redisOps: number;
  redisMemory: number;
}

export async function measureConfig(cfg: Config, roundNo: number, log: Log, admin: pg.Client, redis: Redis) {
  const tag = `scale_${cfg.n}x${cfg.w}a${cfg.accounts}c${cfg.concurrency}_r${roundNo}`;
  log(
    `- ${cfg.n} API × ${cfg.w} worker${cfg.w === 1 ? "" : "s"} (WORKER_CONCURRENCY ${cfg.concurrency}), ${cfg.accounts} account${cfg.accounts === 1 ? "" : "s"} (round ${roundNo})`,
  );
  const d = await deploy({ ...cfg, tag }, log);
  try {
    const urls = d.apis.map((a) => a.url!);
    const db = dbName(d.dbUrl);
    // Pre-warm: every worker runs jobs (its drawing thread starts, loading the generators) and
    // every API process answers some, before anything is timed.
    const prewarm = await prewarmAll(d, cfg);
    // Idle: what the deployment costs with no load (BullMQ's polling, timers), and what else runs.
    const idleCpu0 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const idle0 = await redisSnap(redis);
    const idleT0 = performance.now();
    await sleep(3_000);
    const idle1 = await redisSnap(redis);
    const idleCpu1 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const idleMs = performance.now() - idleT0;
    const redisIdleOps = (idle1.commands - idle0.commands - 2) / (idleMs / 1000); // minus our 2 INFO
    const idleCores = (k: Kind) => round(d.procs.reduce((sum, p, i) => sum + (p.kind === k ? idleCpu1[i]! - idleCpu0[i]! : 0), 0) / idleMs, 3);

    const warm = await load(urls, d.keys, warmupS);
    // The warm-up's cut-off calls leave their generations queued: let them finish first, or the
    // measurement would start with a backlog it does not count.
    await drain(d.dbUrl);

    let sockets = await socketsOf(d.procs);
    const samples: Sample[] = [];
    let sampling = true;
    const sampler = (async () => {
      let remapped = 0;
      while (sampling) {
        const t = performance.now();
        const rows = (await admin.query("SELECT datname, state, client_port, wait_event_type FROM pg_stat_activity WHERE backend_type = 'client backend'"))
          .rows as {
          datname: string;
          state: string | null;
          client_port: number | null;
          wait_event_type: string | null;
        }[];
        const ours = rows.filter((r) => r.datname === db);
        if (ours.some((r) => r.client_port !== null && !sockets.has(r.client_port)) && t - remapped > 2_000) {
          sockets = await socketsOf(d.procs);
          remapped = t;
        }
        const byKind: Record<Kind | "other", number> = { api: 0, worker: 0, other: 0 };
        for (const r of ours) byKind[(r.client_port !== null && sockets.get(r.client_port)?.kind) || "other"]++;
        const info = parseInfo(await redis.info("all"));
        samples.push({
          t,
          pgOurs: ours.length,
          pgOursActive: ours.filter((r) => r.state === "active").length,
          pgOursIdleInTx: ours.filter((r) => r.state?.startsWith("idle in transaction")).length,
          pgOursLockWait: ours.filter((r) => r.state === "active" && r.wait_event_type === "Lock").length,
          pgByKind: byKind,
          pgServerTotal: rows.length - 1, // minus this sampler's own connection
          redisOps: Number(info.instantaneous_ops_per_sec),
          redisMemory: Number(info.used_memory),
        });
        await sleep(Math.max(0, 500 - (performance.now() - t)));
      }
    })();

    const la0 = await loadavg();
    const cpu0 = new Map<number, number>();
    for (const p of d.procs) cpu0.set(p.pid, await cpuTimeMs(p.pid));
    const [pg0, r0, m0, b0, t0, wall0] = [
      await pgSnap(admin, db),
      await redisSnap(redis),
      await machineCpu(),
      process.cpuUsage(),
      performance.now(),
      new Date(),
    ];
    const result = await load(urls, d.keys, durationS);
    const [t1, wall1, b1, m1, r1, pg1] = [
      performance.now(),
      new Date(),
      process.cpuUsage(b0),
      await machineCpu(),
      await redisSnap(redis),
      await pgSnap(admin, db),
    ];
    const cpu1 = new Map<number, number>();
    for (const p of d.procs) cpu1.set(p.pid, await cpuTimeMs(p.pid));
    const la1 = await loadavg();
    sampling = false;
    await sampler;
    const finalSockets = await socketsOf(d.procs);
    const rss = await Promise.all(d.procs.map(async (p) => ({ name: p.name, ...(await memoryOf(p.pid).catch(() => ({ rssKb: NaN, hwmKb: NaN }))) })));

    const seconds = (t1 - t0) / 1000;
    const ok = Math.max(1, result.ok);
    const perProc = d.procs.map((p) => {
      const ms = cpu1.get(p.pid)! - cpu0.get(p.pid)!;
      return { name: p.name, kind: p.kind, cpuMs: ms, cores: round(ms / (t1 - t0), 3) };
    });
    const kindMs = (k: Kind) => perProc.filter((p) => p.kind === k).reduce((s, p) => s + p.cpuMs, 0);
    let pgBackendMs = 0;
    for (const [pid, after] of pg1.backends) pgBackendMs += after - (pg0.backends.get(pid) ?? 0);
    const redisMs = r1.cpuMs - r0.cpuMs;
    const benchMs = (b1.user + b1.system) / 1000;
    const machineBusyCores = ((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * cpus().length;
    const oursCores = (kindMs("api") + kindMs("worker") + pgBackendMs + redisMs + benchMs) / (t1 - t0);
    const wal = await walDiff(admin, pg0.walLsn, pg1.walLsn);

    const drainedLeft = await drain(d.dbUrl);
    const ledger = await checkLedger(d.dbUrl, d.accountIds, prewarm.ok + warm.ok + result.ok, 2 * connections + prewarm.accepted + warm.non2xx + result.non2xx);
    if (drainedLeft) ledger.problems.push(`${drainedLeft} generations still queued or running 60 s after the load`);
    const stuck = drainedLeft ? await stuckGenerations(d, redis) : [];
    if (stuck.length) log(`  unfinished: ${JSON.stringify(stuck).slice(0, 3000)}`);
    // Where a generation's time goes (database timestamps of the generations completed during the
    // measurement): created → started is the queue (BullMQ, and the worker's retry when the job was
    // fetched before the reservation committed); started → completed is the run (drawing, statements).
    const phases = await withDb(d.dbUrl, async (c) => {
      const q = (
        await c.query(
          `SELECT count(*)::int AS n,
           percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - created_at) * 1000) AS queued,
           percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - started_at) * 1000) AS running,
           avg(CASE WHEN started_at - created_at > interval '190 milliseconds' THEN 1 ELSE 0 END)::float AS over190
         FROM generations WHERE status = 'succeeded' AND completed_at BETWEEN $1 AND $2`,
          [wall0, wall1],
        )
      ).rows[0];
      const pct = (a: number[] | null) => ({ p50: round(a?.[0] ?? NaN, 1), p90: round(a?.[1] ?? NaN, 1), p99: round(a?.[2] ?? NaN, 1) });
      // The account's active generations at submission (the queue's priority before fair turns),
      // rebuilt from the timestamps, against the time spent queued.
      const byPriority = (
        await c.query(
          `WITH p AS (
           SELECT g.id, extract(epoch FROM g.started_at - g.created_at) * 1000 AS queued,
             (SELECT count(*) FROM generations o WHERE o.account_id = g.account_id AND o.created_at <= g.created_at
                AND (o.completed_at IS NULL OR o.completed_at > g.created_at))::int AS priority
           FROM generations g WHERE g.status = 'succeeded' AND g.completed_at BETWEEN $1 AND $2
         )
         SELECT priority, count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY queued) AS p50, max(queued) AS max
         FROM p GROUP BY priority ORDER BY priority`,
          [wall0, wall1],
        )
      ).rows.map((r) => ({ priority: Number(r.priority), n: Number(r.n), queuedP50Ms: round(Number(r.p50), 1), queuedMaxMs: round(Number(r.max), 1) }));
      return {
        completed: Number(q.n),
        queuedMs: pct(q.queued),
        runningMs: pct(q.running),
        shareQueuedOver190ms: round(Number(q.over190), 3),
        queuedByPriority: byPriority,
      };
    });

    const s = (f: (x: Sample) => number) => stats(samples.map(f));
    const out = {
      config: { ...cfg, round: roundNo, connections, durationS, warmupS },
      warmup: { prewarmRequests: prewarm, ok: warm.ok, rps: round(warm.rps, 1), seconds: warmupS },
      /** Cores our processes use with no load (timers, BullMQ's polling): a fixed cost, included in the CPU per request. */
      idleCores: { api: idleCores("api"), worker: idleCores("worker") },
      rps: round(result.rps, 1),
      p50: result.p50,
      p90: result.p90,
      p99: result.p99,
      max: result.max,
      ok: result.ok,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: result.statusCodes,
      cpuMsPerRequest: {
        api: round(kindMs("api") / ok),
        worker: round(kindMs("worker") / ok),
        postgresBackends: round(pgBackendMs / ok),
        redis: round(redisMs / ok),
        loadGenerator: round(benchMs / ok),
        total: round((kindMs("api") + kindMs("worker") + pgBackendMs + redisMs + benchMs) / ok),
      },
      processes: perProc.map((p) => ({
        ...p,
        cpuMsPerRequestOfAll: round(p.cpuMs / ok),
        ...rss.find((r) => r.name === p.name),
        ...connectionsPerProcess(d.procs, finalSockets).find((c) => c.name === p.name),
      })),
      cores: {
        api: round(kindMs("api") / (t1 - t0)),
        worker: round(kindMs("worker") / (t1 - t0)),
        postgresBackends: round(pgBackendMs / (t1 - t0)),
        redis: round(redisMs / (t1 - t0)),
        loadGenerator: round(benchMs / (t1 - t0)),
        machineBusy: round(machineBusyCores),
        /** Busy cores not accounted for by our processes, PostgreSQL backends of our database, Redis and the load generator: other sessions' work (and PostgreSQL's shared background processes). */
        others: round(Math.max(0, machineBusyCores - oursCores)),
      },
      loadavg: { before: la0, after: la1 },
      postgres: {
        connectionsOurs: { mean: round(s((x) => x.pgOurs).mean, 1), max: s((x) => x.pgOurs).max },
        activeOurs: { mean: round(s((x) => x.pgOursActive).mean, 1), max: s((x) => x.pgOursActive).max },
        idleInTransactionOurs: { mean: round(s((x) => x.pgOursIdleInTx).mean, 1), max: s((x) => x.pgOursIdleInTx).max },
        /** Statements waiting for a row lock (the account's row: every reserve and completion of an account updates it). */
        waitingOnLockOurs: { mean: round(s((x) => x.pgOursLockWait).mean, 1), max: s((x) => x.pgOursLockWait).max },
        connectionsByKind: {
          api: s((x) => x.pgByKind.api).max,
          worker: s((x) => x.pgByKind.worker).max,
          unattributed: s((x) => x.pgByKind.other).max,
        },
        serverConnections: { mean: round(s((x) => x.pgServerTotal).mean, 1), max: s((x) => x.pgServerTotal).max },
        transactionsPerRequest: round((pg1.xactCommit - pg0.xactCommit) / ok),
        rollbacks: pg1.xactRollback - pg0.xactRollback,
        rowsInsertedPerRequest: round((pg1.tupInserted - pg0.tupInserted) / ok),
        rowsUpdatedPerRequest: round((pg1.tupUpdated - pg0.tupUpdated) / ok),
        /** Cluster-wide (other sessions' databases too): an upper bound. */
        walBytesPerRequestClusterWide: Math.round(wal / ok),
      },
      redis: {
        /** total_commands_processed over the run: Redis-wide (other sessions share this Redis). */
        opsPerSecond: Math.round((r1.commands - r0.commands) / seconds),
        opsPerRequest: round((r1.commands - r0.commands) / ok, 1),
        idleOpsPerSecondBefore: Math.round(redisIdleOps),
        instantaneousOps: { mean: Math.round(s((x) => x.redisOps).mean), max: s((x) => x.redisOps).max },
        usedMemoryMb: {
          before: round(r0.usedMemory / 2 ** 20, 1),
          after: round(r1.usedMemory / 2 ** 20, 1),
          max: round(s((x) => x.redisMemory).max / 2 ** 20, 1),
        },
        netInBytesPerRequest: Math.round((r1.netIn - r0.netIn) / ok),
        netOutBytesPerRequest: Math.round((r1.netOut - r0.netOut) / ok),
      },
      phases,
      /** Generations still queued or running after the drain, with their events and BullMQ job (a lost or stuck job). */
      stuck,
      ledger,
    };
    log(
      `  ${out.rps} req/s, p50 ${out.p50} ms, p99 ${out.p99} ms${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts` : ""}; ` +
        `CPU ms/req api ${out.cpuMsPerRequest.api}, worker ${out.cpuMsPerRequest.worker}, pg ${out.cpuMsPerRequest.postgresBackends}, redis ${out.cpuMsPerRequest.redis}, load gen ${out.cpuMsPerRequest.loadGenerator}; ` +
        `machine ${out.cores.machineBusy} of ${cpus().length} cores busy (others ${out.cores.others}), load ${la0} → ${la1}; ` +
        `PG conns ours max ${out.postgres.connectionsOurs.max} (api ${out.postgres.connectionsByKind.api}, workers ${out.postgres.connectionsByKind.worker}; server ${out.postgres.serverConnections.max}); ` +
        `Redis ${out.redis.opsPerSecond} ops/s (${out.redis.opsPerRequest}/req); queued p50/p99 ${phases.queuedMs.p50}/${phases.queuedMs.p99} ms (${Math.round(100 * phases.shareQueuedOver190ms)}% > 190 ms), running p50/p99 ${phases.runningMs.p50}/${phases.runningMs.p99} ms; ledger ${ledger.ok ? "exact" : `WRONG: ${ledger.problems.join("; ")}`} (${ledger.succeeded} succeeded, ${ledger.refunds} refunds)`,
    );
    return out;
  } finally {
    await d.stop();
    await dropDatabases().catch((error) => log(`  dropping databases failed: ${String(error)}`));
    const deleted = await deleteRedisKeys(redis, d.prefix).catch(() => 0);
    log(`  stopped; database dropped; ${deleted} Redis keys of ${d.prefix} deleted`);
  }
}

/** What one measured configuration gives (also what the JSON's `runs` hold). */
export type Run = Awaited<ReturnType<typeof measureConfig>>;
