/**
 * `npx tsx bench/latency-light.ts [calls=300]`: POST /api/v1/generate on PostgreSQL, one call at a
 * time (5 ms apart, after 50 warm-up calls): the latency of one call on an idle service (p10, p50,
 * p90) and the transactions PostgreSQL committed per generation (pg_stat_database). For
 * before/after comparisons of one change, run it from each tree, alternating: it starts the service
 * of the tree it is in. LATENCY_ENV="DRAW_THREADS=0 …" adds settings to the service.
 */
import { createDatabase, databaseStats, dropDatabases, postgresAvailable, statsSettleMs } from "./pg.js";
import { root, stopChild } from "./servers.js";
import { generateBody, generateHeaders, settingsFrom, startService } from "./service.js";
import { percentile } from "./stats.js";

const calls = Number(process.argv[2] ?? 300);
const warmUp = 50;
const env = settingsFrom(process.env.LATENCY_ENV);

if (!(await postgresAvailable())) throw new Error("PostgreSQL at 127.0.0.1:5432 is needed");
const url = await createDatabase("latency");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const service = await startService({ name: "latency", db: { kind: "postgres", url }, env });
  try {
    const call = async () => {
      const started = performance.now();
      const response = await fetch(`${service.url}/api/v1/generate`, { method: "POST", headers: generateHeaders(service.key), body: generateBody });
      await response.text();
      if (response.status !== 200) throw new Error(`generate answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < warmUp; i++) await call();
    await pause(statsSettleMs); // the warm-up's statistics reach pg_stat_database
    const before = (await databaseStats(url)).xact_commit;
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      times.push(await call());
      await pause(5);
    }
    await pause(statsSettleMs);
    const perGeneration = ((await databaseStats(url)).xact_commit - before - 1) / calls;
    times.sort((a, b) => a - b);
    const ms = (p: number) => percentile(times, p).toFixed(2);
    console.log(
      `${root} | ${calls} calls one at a time | p10 ${ms(10)} ms, p50 ${ms(50)} ms, p90 ${ms(90)} ms | ${perGeneration.toFixed(2)} transactions per generation`,
    );
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
} finally {
  await dropDatabases();
}
