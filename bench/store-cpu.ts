/**
 * What the service's storage costs PostgreSQL per generation, with nothing else running: the
 * reservation and the completion of (b″) (`baselines/service-writes.ts`), one generation at a time
 * on one connection, and the CPU time of that database's backends (`/proc/<pid>/stat`, so
 * PostgreSQL must run on this machine) divided by the generations. The client's own CPU, the
 * drawing included, is printed beside it.
 *
 *   npx tsx bench/store-cpu.ts [generations=3000]
 *
 * Uses a fresh database on BENCH_PG_URL's server (dropped at the end), after 300 generations of
 * warm-up (prepared statements, caches).
 */
import pg from "pg";
import { openServiceWrites } from "./baselines/service-writes.js";
import { createDatabase, dropDatabases } from "./pg.js";
import { cpuTimeMs } from "./servers.js";

const generations = Number(process.argv[2] ?? 3_000);
const url = await createDatabase("store_cpu");

try {
  const writes = await openServiceWrites(url);
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    for (let i = 0; i < 300; i++) await writes.generate(64, 64, i);
    const { rows } = await probe.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    const pids = rows.map((r) => r.pid);
    const before = await Promise.all(pids.map(cpuTimeMs));
    const [t0, own0] = [performance.now(), process.cpuUsage()];
    for (let i = 0; i < generations; i++) await writes.generate(64, 64, 300 + i);
    const after = await Promise.all(pids.map(cpuTimeMs));
    const own = process.cpuUsage(own0);
    const postgres = after.reduce((sum, ms, i) => sum + ms - before[i]!, 0);
    console.log(
      JSON.stringify({
        generations,
        wallMsPerGeneration: +((performance.now() - t0) / generations).toFixed(3),
        postgresCpuMsPerGeneration: +(postgres / generations).toFixed(3),
        clientCpuMsPerGeneration: +((own.user + own.system) / 1000 / generations).toFixed(3),
        backends: pids.length,
      }),
    );
  } finally {
    await probe.end();
    await writes.close();
  }
} finally {
  await dropDatabases();
}
