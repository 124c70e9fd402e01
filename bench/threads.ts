/**
 * Row (c) on PostgreSQL with the server's CPU per answered request split by thread
 * (`/proc/<pid>/task/<tid>/stat`): the main thread (tid = pid), the drawing thread (the busiest
 * other one) and the rest (V8 GC helpers, libuv). For before/after comparisons of the same row,
 * alternating runs: copy this folder into the other tree and run it from there (it starts that
 * tree's service).
 *   npx tsx bench/threads.ts [seconds=8] [runs=1]
 */
import { readdir, readFile } from "node:fs/promises";
import { runLoad } from "./load.js";
import { createDatabase, dropDatabases, postgresAvailable } from "./pg.js";
import { root, stopChild } from "./servers.js";
import { generateBody, generateHeaders, startService } from "./service.js";

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

if (!(await postgresAvailable())) throw new Error("PostgreSQL at 127.0.0.1:5432 is needed");
try {
  const service = await startService({ name: "threads", db: { kind: "postgres", url: await createDatabase("threads") } });
  const spec = { url: `${service.url}/api/v1/generate`, method: "POST" as const, headers: generateHeaders(service.key), body: generateBody, connections: 32 };
  try {
    await runLoad({ ...spec, durationS: 2 }); // warm-up
    for (let r = 0; r < runs; r++) {
      const before = await threads(service.child.pid);
      const load = await runLoad({ ...spec, durationS: seconds });
      const after = await threads(service.child.pid);
      const used = [...after].map(([tid, t]) => ({ tid, name: t.name, ms: t.ms - (before.get(tid)?.ms ?? 0) })).sort((a, b) => b.ms - a.ms);
      const main = used.find((t) => t.tid === service.child.pid)?.ms ?? 0;
      const others = used.filter((t) => t.tid !== service.child.pid);
      const drawing = others[0]?.ms ?? 0;
      const rest = others.slice(1).reduce((s, t) => s + t.ms, 0);
      const per = (ms: number) => (ms / load.ok).toFixed(2);
      console.log(
        `${root} | ${load.rps.toFixed(1)} req/s, p99 ${load.p99} ms, non-2xx ${load.non2xx} | CPU ms/req: main ${per(main)}, drawing (${others[0]?.name}) ${per(drawing)}, rest ${per(rest)}, total ${per(main + drawing + rest)} | load ${(await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ")}`,
      );
    }
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
} finally {
  await dropDatabases();
}
