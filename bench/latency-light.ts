/**
 * `npx tsx bench/latency-light.ts [calls=300]`: POST /api/v1/generate on PostgreSQL, one call at a
 * time (5 ms apart, after 50 warm-up calls): the latency of one call on an idle service (p10, p50,
 * p90) and the transactions PostgreSQL committed per generation (pg_stat_database). For
 * before/after comparisons of one change, run it from each tree, alternating: it starts the service
 * of the tree it is in. LATENCY_ENV="DRAW_THREADS=0 …" adds settings to the service.
 */
import pg from "pg";
import { createDatabase, dropDatabases, postgresAvailable } from "./pg.js";
import { root, stopChild } from "./servers.js";
import { generateBody, generateHeaders, startService } from "./service.js";
import { percentile } from "./stats.js";

const calls = Number(process.argv[2] ?? 300);
const warmUp = 50;
const env = Object.fromEntries((process.env.LATENCY_ENV ?? "").split(/\s+/).filter(Boolean).map((kv) => kv.split("=", 2) as [string, string]));

if (!(await postgresAvailable())) throw new Error("PostgreSQL at 127.0.0.1:5432 is needed");
const url = await createDatabase("latency");
/** Transactions committed in the service's database so far (our own query adds one). */
async function commits(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ xact_commit: string }>("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()");
    return Number(rows[0]!.xact_commit);
  } finally {
    await client.end();
  }
}
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
    await pause(11_000); // idle backends report their statistics to pg_stat_database within 10 s
    const before = await commits();
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      times.push(await call());
      await pause(5);
    }
    await pause(11_000);
    const perGeneration = ((await commits()) - before - 1) / calls;
    times.sort((a, b) => a - b);
    const ms = (p: number) => percentile(times, p).toFixed(2);
    console.log(`${root} | ${calls} calls one at a time | p10 ${ms(10)} ms, p50 ${ms(50)} ms, p90 ${ms(90)} ms | ${perGeneration.toFixed(2)} transactions per generation`);
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
} finally {
  await dropDatabases();
}
