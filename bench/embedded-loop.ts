/**
 * Embedded mode under mixed traffic: the event-loop delay of the service (issue 16, target 3: p99 ≤ 35 ms
 * at 300 req/s). Not part of `npm run bench`:
 *
 *   npx tsx bench/embedded-loop.ts [rate=300] [seconds=10]
 *
 * Starts the service as `npm start` does (`node scripts/start.mjs service`) on a fresh PGlite folder with
 * `bench/loop-monitor.ts` preloaded, signs up and makes a key, warms up for 3 s at a tenth of the rate,
 * then sends `rate` requests per second, open loop (evenly spaced, whatever the answers do), for
 * `seconds`: 25 % `POST /api/v1/generate` (pixel-sprite 16/32/64 px, `Prefer: respond-async`;
 * BENCH_GENERATE_PERCENT to change it), 30 % `GET /api/v1/generations/:id` (ids created so far), 20 %
 * `GET /api/ai/agents`, 25 % `POST /graphql` `{ viewer { account { balance } } }` (API key). The window is bracketed by two SIGWINCH, so the monitor
 * reports the delay over exactly the load: `loopDelayMs` is the delay proper (the monitor's 10 ms tick
 * subtracted), `loopIntervalMs` the raw intervals between ticks (what runs before 2026-11-24 20:10 reported as the delay). Prints one JSON object (also written to
 * `bench/results/embedded-loop-<date>.json` with BENCH_SAVE=1).
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "./service.js";
import { machineCpu, memoryOf, root, sleep, stopChild } from "./servers.js";
import { percentile } from "./stats.js";

const rate = Number(process.argv[2] ?? 300);
const seconds = Number(process.argv[3] ?? 10);
const monitorFile = join(tmpdir(), `embedded-loop-${process.pid}.jsonl`);

type Kind = "generate" | "generation" | "agents" | "graphql";
interface Sample {
  kind: Kind;
  ms: number;
  status: number;
}

/** Waits (at most `maxMs`) until the whole machine was at most `share` busy over one second: other sessions share the 2 cores. */
async function quiet(share = 0.35, maxMs = 120_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let busy = 1;
  while (Date.now() < deadline) {
    const a = await machineCpu();
    await sleep(1_000);
    const b = await machineCpu();
    busy = (b.busy - a.busy) / (b.total - a.total);
    if (busy <= share) break;
  }
  return Math.round(busy * 100) / 100;
}

/** CPU time (ms) of each thread of `pid` (Node names them all "node": the main thread is the one whose id is the pid). */
async function threadCpu(pid: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime + stime, in clock ticks of 10 ms
  }
  return out;
}

const service = await startService({
  name: "service-pglite-loop",
  db: { kind: "pglite" },
  // The service runs compiled JavaScript (scripts/start.mjs); the monitor is TypeScript: tsx loads it.
  // BENCH_NODE_ARGS: more (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the main thread's time goes).
  nodeArgs: ["--import", "tsx", "--import", "./bench/loop-monitor.ts", ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
  env: { BENCH_MONITOR_FILE: monitorFile },
});
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const ids: string[] = [];
const auth = { authorization: `Bearer ${service.key}` };
const graphqlBody = JSON.stringify({ query: "{ viewer { account { balance } } }" });

function call(kind: Kind, i: number): Promise<Sample & { body?: string }> {
  const started = performance.now();
  let method = "GET";
  let path = "/api/ai/agents";
  let headers: Record<string, string> = {};
  let body: string | undefined;
  if (kind === "generate") {
    const size = [16, 32, 64][i % 3]!;
    method = "POST";
    path = "/api/v1/generate";
    headers = { ...auth, "content-type": "application/json", prefer: "respond-async" };
    body = JSON.stringify({
      prompt: ["red slime", "knight with a sword", "blue potion", "green tree"][i % 4],
      agentId: "pixel-sprite",
      width: size,
      height: size,
      seed: i,
    });
  } else if (kind === "generation") {
    path = `/api/v1/generations/${ids[(i * 7919) % ids.length]}`;
    headers = auth;
  } else if (kind === "graphql") {
    method = "POST";
    path = "/graphql";
    headers = { ...auth, "content-type": "application/json" };
    body = graphqlBody;
  }
  return new Promise((resolve) => {
    const req = request(`${service.url}${path}`, { method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ kind, ms: performance.now() - started, status: res.statusCode ?? 0, body: kind === "generate" ? text : undefined }));
    });
    req.on("error", () => resolve({ kind, ms: performance.now() - started, status: 0 }));
    req.end(body);
  });
}

/** BENCH_GENERATE_PERCENT (default 25): the share of generations; the rest keeps the proportions 30:20:25. */
const generatePercent = Number(process.env.BENCH_GENERATE_PERCENT ?? 25);
function pick(i: number): Kind {
  const r = (i * 37) % 100; // a fixed, well-mixed sequence
  if (r < generatePercent || ids.length === 0) return "generate";
  const rest = ((r - generatePercent) / (100 - generatePercent)) * 75; // 0–75 over the reads
  if (rest < 30) return "generation";
  if (rest < 50) return "agents";
  return "graphql";
}

/** Open loop: request i starts at t0 + i / perSecond; latency counts from that due instant. */
async function drive(perSecond: number, durationS: number, record: boolean): Promise<{ samples: Sample[]; maxSendDelay: number }> {
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.round(perSecond * durationS);
  const t0 = performance.now() + 20;
  let maxSendDelay = 0;
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    maxSendDelay = Math.max(maxSendDelay, performance.now() - due);
    const kind = pick(i);
    pending.push(
      call(kind, i).then((s) => {
        if (s.kind === "generate" && s.status === 202 && s.body) ids.push((JSON.parse(s.body) as { id: string }).id);
        if (record) samples.push({ kind: s.kind, ms: performance.now() - due, status: s.status });
      }),
    );
  }
  await Promise.all(pending);
  return { samples, maxSendDelay };
}

let result: Record<string, unknown>;
try {
  await drive(Math.max(10, rate / 10), 3, false); // warm-up: Prisma, caches, the drawing threads, some ids
  const rssBefore = await memoryOf(service.child.pid);
  const machineBusyBefore = await quiet(0.5);
  const cpuBefore = await machineCpu();
  const threadsBefore = await threadCpu(service.child.pid);
  service.child.child.kill("SIGWINCH"); // the window starts
  const started = performance.now();
  const { samples, maxSendDelay } = await drive(rate, seconds, true);
  const elapsed = (performance.now() - started) / 1000;
  service.child.child.kill("SIGWINCH"); // … and ends
  const cpuAfter = await machineCpu();
  const threadsAfter = await threadCpu(service.child.pid);
  const threadMs = [...threadsAfter].map(([tid, ms]) => ({ tid, main: tid === service.child.pid, cpuMs: Math.round(ms - (threadsBefore.get(tid) ?? 0)) }));
  threadMs.sort((a, b) => b.cpuMs - a.cpuMs);
  await sleep(300);
  const rssAfter = await memoryOf(service.child.pid);
  const lines = (await readFile(monitorFile, "utf8"))
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const windows = lines.filter((l) => "window" in l);
  const raw = windows.at(-1)?.window as { p50: number; p99: number; max: number; samples: number; late: { p50: number; p99: number; max: number } } | undefined;
  // The delay proper (each percentile minus the monitor's 10 ms tick); the raw tick intervals beside it.
  const loop = raw && { ...raw.late, samples: raw.samples };
  const loopIntervals = raw && { p50: raw.p50, p99: raw.p99, max: raw.max };
  const perSecond = lines.filter((l) => "loop" in l && (l.t as number) >= Date.now() - elapsed * 1000 - 600).map((l) => (l.loop as { p99: number }).p99);
  const byKind: Record<string, unknown> = {};
  for (const kind of ["generate", "generation", "agents", "graphql"] as Kind[]) {
    const s = samples.filter((x) => x.kind === kind);
    const sorted = s.map((x) => x.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const x of s) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
    byKind[kind] = { n: s.length, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), statuses };
  }
  const failed = samples.filter((s) => s.status < 200 || s.status >= 300).length;
  result = {
    rate,
    seconds,
    generatePercent,
    sent: samples.length,
    achievedRate: Math.round(samples.length / elapsed),
    failed,
    maxSendDelayMs: Math.round(maxSendDelay),
    loopDelayMs: loop,
    loopIntervalMs: loopIntervals,
    perSecondP99Ms: perSecond,
    requests: byKind,
    // the service's CPU over the window: the main thread, and the busiest other threads (the database's, the drawing's, V8's)
    serviceCpuMs: {
      total: threadMs.reduce((a, t) => a + t.cpuMs, 0),
      main: threadMs.find((t) => t.main)?.cpuMs,
      others: threadMs
        .filter((t) => !t.main)
        .slice(0, 4)
        .map((t) => t.cpuMs),
    },
    machineBusyBefore,
    machineBusyDuring: Math.round(((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * 100) / 100,
    loadavg: (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" "),
    rssMb: { before: Math.round(rssBefore.rssKb / 1024), after: Math.round(rssAfter.rssKb / 1024), hwm: Math.round(rssAfter.hwmKb / 1024) },
  };
} finally {
  agent.destroy();
  // BENCH_SERVICE_LOG=<file>: the service's output (e.g. with BENCH_NODE_ARGS=--trace-gc)
  if (process.env.BENCH_SERVICE_LOG) await writeFile(process.env.BENCH_SERVICE_LOG, service.child.output());
  await stopChild(service.child);
  await service.cleanup();
  await rm(monitorFile, { force: true });
}
console.log(JSON.stringify(result, null, 1));
if (process.env.BENCH_SAVE === "1") {
  await mkdir(join(root, "bench/results"), { recursive: true });
  const file = join(
    root,
    `bench/results/embedded-loop-${new Date().toISOString().slice(0, 10)}${process.env.BENCH_TAG ? `.${process.env.BENCH_TAG}` : ""}.json`,
  );
  await writeFile(file, `${JSON.stringify(result, null, 1)}\n`);
}
