/**
 * Row (c) on PostgreSQL with the server's CPU per answered request split by thread
 * (`/proc/<pid>/task/<tid>/stat`): the main thread (tid = pid), the drawing thread (the busiest
 * other one) and the rest (V8 GC helpers, libuv). For before/after comparisons of the same row,
 * alternating runs: copy this folder into the other tree and run it from there (it starts that
 * tree's service). It also reports the CPU of every PostgreSQL process and of this process (the
 * load generator) per request.
 *   npx tsx bench/threads.ts [seconds=8] [runs=1]
 *   THREADS_TARGET=irreducible   baseline (b) instead of the service
 *   THREADS_ENV="K=V …"          extra settings for the service (e.g. DRAW_THREADS=0, WORKER_CONCURRENCY=8)
 *   THREADS_PG_SET="k=v"         a setting of the run's database (e.g. synchronous_commit=off)
 */
import { readdir, readFile } from "node:fs/promises";
import pg from "pg";
import { runLoad } from "./load.js";
import { createDatabase, dropDatabases, postgresAvailable } from "./pg.js";
import { freePort, root, startChild, stopChild } from "./servers.js";
import { generateBody, generateHeaders, settingsFrom, startService } from "./service.js";

const seconds = Number(process.argv[2] ?? 8);
const runs = Number(process.argv[3] ?? 1);
const tick = 1000 / 100; // ms per clock tick (USER_HZ = 100)

async function threads(pid: number): Promise<Map<number, { name: string; ms: number }>> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
    const close = stat.lastIndexOf(")");
    if (close < 0) continue;
    const fields = stat.slice(close + 2).split(" ");
    out.set(Number(tid), { name: stat.slice(stat.indexOf("(") + 1, close), ms: (Number(fields[11]) + Number(fields[12])) * tick });
  }
  return out;
}

/** CPU ms of every postgres process (the server's backends serve the service's pool). */
async function postgresMs(): Promise<number> {
  let ms = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    if (!stat.includes("(postgres)")) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ms += (Number(fields[11]) + Number(fields[12])) * tick;
  }
  return ms;
}

/** Baseline (b) on PostgreSQL, shaped like a started service for the loop below. */
async function startIrreducible(url: string) {
  const port = await freePort();
  const child = await startChild({
    name: "irreducible",
    script: "bench/baselines/irreducible.ts",
    port,
    env: { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url },
  });
  return { child, url: child.url, cleanup: async () => undefined };
}

if (!(await postgresAvailable())) throw new Error("PostgreSQL at 127.0.0.1:5432 is needed");
try {
  const url = await createDatabase("threads");
  // THREADS_PG_SET="synchronous_commit=off": a database setting for this run only (to find what PostgreSQL's CPU goes to).
  if (process.env.THREADS_PG_SET) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET ${process.env.THREADS_PG_SET}`);
    await client.end();
  }
  // THREADS_ENV="DRAW_THREADS=0 …": extra settings for the service (diagnostics).
  const env = settingsFrom(process.env.THREADS_ENV);
  // THREADS_TARGET=irreducible: baseline (b) instead of the service, for the same split (its PostgreSQL CPU above all).
  const irreducible = process.env.THREADS_TARGET === "irreducible";
  const service = irreducible ? await startIrreducible(url) : await startService({ name: "threads", db: { kind: "postgres", url }, env });
  const spec = irreducible
    ? { url: `${service.url}/generate`, method: "POST" as const, headers: { "content-type": "application/json" }, body: generateBody, connections: 32 }
    : {
        url: `${service.url}/api/v1/generate`,
        method: "POST" as const,
        headers: generateHeaders("key" in service ? service.key : ""),
        body: generateBody,
        connections: 32,
      };
  try {
    await runLoad({ ...spec, durationS: 2 }); // warm-up
    for (let r = 0; r < runs; r++) {
      const before = await threads(service.child.pid);
      const [pgBefore, selfBefore] = [await postgresMs(), process.cpuUsage()];
      const load = await runLoad({ ...spec, durationS: seconds });
      const after = await threads(service.child.pid);
      const [pgMs, selfMs] = [
        (await postgresMs()) - pgBefore,
        (() => {
          const u = process.cpuUsage(selfBefore);
          return (u.user + u.system) / 1000;
        })(),
      ];
      const used = [...after].map(([tid, t]) => ({ tid, name: t.name, ms: t.ms - (before.get(tid)?.ms ?? 0) })).sort((a, b) => b.ms - a.ms);
      const main = used.find((t) => t.tid === service.child.pid)?.ms ?? 0;
      const others = used.filter((t) => t.tid !== service.child.pid);
      const drawing = others[0]?.ms ?? 0;
      const rest = others.slice(1).reduce((s, t) => s + t.ms, 0);
      const per = (ms: number) => (ms / load.ok).toFixed(2);
      if (process.env.THREADS_EACH)
        console.log(
          `  each other thread, busiest first: ${others
            .filter((t) => t.ms > 0)
            .map((t) => `${t.tid} ${per(t.ms)}`)
            .join(", ")}`,
        );
      console.log(
        `${root} | ${load.rps.toFixed(1)} req/s, p99 ${load.p99} ms, non-2xx ${load.non2xx} | CPU ms/req: main ${per(main)}, drawing (${others[0]?.name}) ${per(drawing)}, rest ${per(rest)}, total ${per(main + drawing + rest)} | postgres ${per(pgMs)}, load generator ${per(selfMs)} | load ${(await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ")}`,
      );
    }
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
} finally {
  await dropDatabases();
}
