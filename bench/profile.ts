/**
 * `npx tsx bench/profile.ts`: where the service's time goes in (c). Measures the in-process CPU cost
 * of the generator and of a bare PNG encode, then runs (c) on PostgreSQL against a service started
 * with `node --cpu-prof`, and summarises the profile (self and inclusive time by area: package,
 * src/ folder, Node internals, GC). Writes bench/results/profile-<date>.txt and the .cpuprofile.
 *
 *   BENCH_PROFILE_S (default 10), BENCH_PROFILE_PATH=/api/v1/generate | /graphql, BENCH_PROFILE_DB=postgres | pglite
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PNG } from "pngjs";
import { generators, interpretPrompt } from "../src/agents/procedural/index.js";
import { runLoad } from "./load.js";
import { createDatabase, databaseStats, dropDatabases } from "./pg.js";
import { killAllChildrenNow, root, stopAllChildren, stopChild } from "./servers.js";
import { generateBody, generateHeaders, startService } from "./service.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  /** µs of the monotonic clock (process.hrtime's), as are the samples' times. */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const seconds = Number(process.env.BENCH_PROFILE_S ?? 10);
const path = process.env.BENCH_PROFILE_PATH ?? "/api/v1/generate";
const out: string[] = [];
const say = (line = "") => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

async function timePerOp(fn: () => Promise<unknown> | unknown, ms = 1500): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await fn();
    n++;
  }
  return (performance.now() - start) / n;
}

function area(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native/builtin)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const src = /\/src\/(.+)\/[^/]+$/.exec(url) ?? /\/src\/([^/]+)$/.exec(url);
  if (src) return `src/${src[1]}`;
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  return url.replace(root, "");
}

function summarise(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const node = byId.get(id)!;
    const a = area(node.callFrame.url, node.callFrame.functionName);
    self.set(a, (self.get(a) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(root, "").replace(/^file:\/\//, "")}:${node.callFrame.lineNumber + 1}`;
    selfFn.set(fn, (selfFn.get(fn) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      seen.add(area(f.url, f.functionName));
    }
    for (const s of seen) inclusive.set(s, (inclusive.get(s) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `profile: ${(total / 1e6).toFixed(1)} s sampled`,
    "self time by area:",
    ...top(self, 20),
    "inclusive time by area (a sample counts once per area on its stack):",
    ...top(inclusive, 25),
    "self time by function:",
    ...top(selfFn, 30),
  ];
}

/**
 * The hot path's parts (issue 43), matched on the frames of a sample's stack ("function url"). Each sample
 * counts once, toward the innermost of the service's own parts on its stack (`own`: validation … the
 * answer's JSON), else toward the innermost layer under them (database driver, HTTP, GC): so a statement's
 * driver time counts toward the reservation or the completion that runs it, and the parts add up.
 */
const PARTS: [name: string, pattern: RegExp, own: boolean][] = [
  ["validation (zod, the request's schema)", /contract\/validation|parseInput|node_modules\/zod\//, true],
  ["key (auth step, key cache)", /domain\/(auth|keys)\/|auth-step|viewer\.js/, true],
  ["limits (rate limit, quota)", /infra\/ratelimit|domain\/limits/, true],
  ["idempotency", /domain\/idempotency\//, true],
  [
    "plan (agent, size, sheet/tileset/palette, the prompt's reading)",
    /^plan |sheet-plan|tileset-plan|palette-plan|chooseSize|procedural\/(readers|words)|reading\.js|^(interpret|read|refusal) .*procedural\/driver|domain\/agents\//,
    true,
  ],
  ["reservation (its statement)", /reserveMany|store-reservation|reserve-and-enqueue/, true],
  ["drawing and encoding (a drawing thread; on the main thread: previews)", /procedural\/(?!driver|readers|words|draw-pool)|png-encode/, true],
  ["quality report", /quality/, true],
  ["completion (runner, its statement)", /generation\/(runner|store-lifecycle|completion|progress)/, true],
  ["events (bus, one-shot wait)", /infra\/events\/|generation\/(events|event-stream|heal|wait)/, true],
  ["answer (view, JSON, base64)", /generation\/view|JSON\.stringify|base64Slice|toString .*buffer/, true],
  ["queue hand-off (queue, drawing pool, the driver's side)", /infra\/queue\/|draw-pool|piscina|procedural\/driver/, false],
  ["database driver (pg, Prisma) outside the above", /node_modules\/(pg|pg-protocol|pg-pool|@prisma)\/|wasm:/, false],
  ["HTTP and framework (node:http, h3, the edge)", /node:_http|node:net|transports\/|node_modules\/(h3|srvx)\//, false],
  ["garbage collection", /^\(garbage collector\)/, false],
];

/**
 * Microseconds per answered request of each part, over the profiles of every thread (main and drawing),
 * counting only the samples taken within `window` (µs of the monotonic clock: the measurement itself).
 */
function partsTable(profiles: CpuProfile[], answered: number, window: [number, number]): string[] {
  const totals = PARTS.map(() => 0);
  let busy = 0;
  let other = 0;
  const innermost = (stack: string[], own: boolean) => {
    for (const frame of stack) {
      const k = PARTS.findIndex(([, re, o]) => o === own && re.test(frame));
      if (k >= 0) return k;
    }
    return -1;
  };
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      if (at < window[0] || at > window[1]) return;
      const node = byId.get(id)!;
      if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") return;
      busy += dt;
      const stack: string[] = []; // leaf first
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        stack.push(`${f.functionName} ${f.url}`);
      }
      let k = innermost(stack, true);
      if (k < 0) k = innermost(stack, false);
      if (k >= 0) totals[k]! += dt;
      else other += dt;
    });
  }
  const us = (t: number) => (t / Math.max(1, answered)).toFixed(0).padStart(6);
  return [
    `the hot path's parts, µs of CPU per answered request (${profiles.length} thread profile(s); each sample counted once):`,
    ...PARTS.map(([name], k) => `  ${us(totals[k]!)} µs  ${name}`),
    `  ${us(other)} µs  other (Node's internals, timers, matched by no part)`,
    `  ${us(busy)} µs  all sampled CPU (idle and (program) excluded)`,
  ];
}

process.on("exit", killAllChildrenNow);
const date = new Date().toISOString().slice(0, 10);
const dir = join(root, "bench", "results", `profile-${date}`);
await mkdir(dir, { recursive: true });

// 1. In-process costs, single thread, no server.
const sprite = generators.get("pixel-sprite")!;
const spec = interpretPrompt({ prompt: "red slime" });
let seed = 1;
const generatorMs = await timePerOp(() => sprite.generate({ spec, width: 64, height: 64, transparent: false, seed: seed++ }, () => undefined));
const rgba = Buffer.alloc(64 * 64 * 4, 0x7f);
const pngMs = await timePerOp(() => {
  const png = new PNG({ width: 64, height: 64, colorType: 6 });
  png.data = rgba;
  return PNG.sync.write(png, { colorType: 6 });
});
say(`pixel-sprite 64×64 generator (incl. its 32×32 preview and final PNG encodes): ${generatorMs.toFixed(2)} ms/op`);
say(`PNG.sync.write 64×64 RGBA: ${pngMs.toFixed(3)} ms/op`);

// 2. The service under (c) load, profiled (BENCH_PROFILE_DB=pglite: on PGlite).
const cleanups: (() => Promise<void>)[] = [];
try {
  const pglite = process.env.BENCH_PROFILE_DB === "pglite";
  const url = pglite ? undefined : await createDatabase("profile");
  const service = await startService({
    name: "service-profile",
    db: url ? { kind: "postgres", url } : { kind: "pglite" },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  cleanups.push(() => service.cleanup());
  const request =
    path === "/graphql"
      ? { method: "POST" as const, headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) }
      : { method: "POST" as const, headers: generateHeaders(service.key), body: generateBody };
  await runLoad({ url: `${service.url}${path}`, ...request, connections: 32, durationS: 2 });
  const before = url ? await databaseStats(url) : undefined;
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await runLoad({ url: `${service.url}${path}`, ...request, connections: 32, durationS: seconds });
  const to = Number(process.hrtime.bigint() / 1000n);
  await new Promise((r) => setTimeout(r, 2_000)); // cut-off requests finish; statistics are flushed
  const after = url ? await databaseStats(url) : undefined;
  say(
    `${path} on ${pglite ? "PGlite" : "PostgreSQL"} under load: ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx + result.errors} failed`,
  );
  if (before && after) {
    const per = (k: keyof typeof before) => ((after[k] - before[k]) / Math.max(1, result.ok)).toFixed(1);
    say(
      `per answered request, in the database: ${per("xact_commit")} transactions committed, ${per("tup_inserted")} rows inserted, ` +
        `${per("tup_updated")} updated, ${per("tup_fetched")} fetched (pg_stat_database; includes the cut-off requests' work)`,
    );
  }
  await stopChild(service.child);
  // One profile per thread (tsx's loader hooks run in a worker thread): the main thread's is the largest.
  const files = await Promise.all(
    (await readdir(dir)).filter((f) => f.startsWith("CPU.") && f.endsWith(".cpuprofile")).map(async (f) => ({ f, size: (await stat(join(dir, f))).size })),
  );
  files.sort((a, b) => b.size - a.size);
  if (!files[0]) throw new Error("no .cpuprofile written (did the service exit cleanly on SIGTERM?)");
  // every thread's profile (main, drawing threads) for the parts table; the main thread's is kept
  const profiles = await Promise.all(files.map(async ({ f }) => JSON.parse(await readFile(join(dir, f), "utf8")) as CpuProfile));
  const target = join(dir, `service${pglite ? "-pglite" : ""}${path.replaceAll("/", "-")}.cpuprofile`);
  await rename(join(dir, files[0].f), target);
  for (const { f } of files.slice(1)) await rm(join(dir, f));
  for (const line of summarise(profiles[0]!)) say(line);
  for (const line of partsTable(profiles, result.ok, [from, to])) say(line);
  say(`profile file: ${target} (open in Chrome DevTools → Performance, or speedscope)`);
} finally {
  await stopAllChildren();
  await dropDatabases();
  for (const cleanup of cleanups) await cleanup();
  await writeFile(join(dir, `summary${process.env.BENCH_PROFILE_DB === "pglite" ? "-pglite" : ""}${path.replaceAll("/", "-")}.txt`), `${out.join("\n")}\n`);
}
