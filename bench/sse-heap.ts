/**
 * Diagnostics for (e), not part of `npm run bench`: what one open event stream retains.
 *
 *   npx tsx bench/sse-heap.ts                      # 2,000 streams, in-process bus
 *   SSE_HEAP_N=3000 SSE_HEAP_REDIS=1 npx tsx bench/sse-heap.ts   # on Redis (REDIS_URL + RUN_JOBS=true)
 *
 * Starts the service (PostgreSQL, `--heapsnapshot-signal=SIGUSR2`), holds its workers at the gate
 * (bench/sse.ts), queues N generations, writes a heap snapshot, opens the N streams, writes a
 * second one, and prints the difference by constructor (count and self size per stream), the
 * largest first; then every client goes away and a third snapshot shows what is left of them. The snapshots stay in `bench/results/heap-<date>/` (ignored by git).
 */
import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { createDatabase, dropDatabases } from "./pg.js";
import { deleteRedisKeys, redisUrl, withRedis } from "./redis.js";
import { memoryOf, root, sleep, stopChild } from "./servers.js";
import { startService } from "./service.js";
import { closeGate, createMany, startClient } from "./sse.js";

const n = Number(process.env.SSE_HEAP_N ?? 2000);
const onRedis = process.env.SSE_HEAP_REDIS === "1";
const out = join(root, "bench", "results", `heap-${new Date().toISOString().slice(0, 10)}`);
await mkdir(out, { recursive: true });

/** Signals the child and waits for the snapshot file it writes into its working directory (the repository root). */
async function snapshot(pid: number, signal: () => void, name: string): Promise<string> {
  const before = new Set((await readdir(root)).filter((f) => f.endsWith(".heapsnapshot")));
  signal();
  for (let i = 0; i < 600; i++) {
    await sleep(500);
    const fresh = (await readdir(root)).filter((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (fresh.length > 0) {
      // Written in one go by the time its size stops changing.
      let last = -1;
      for (;;) {
        const size = (await readFile(join(root, fresh[0]!))).byteLength;
        if (size === last && size > 0) break;
        last = size;
        await sleep(1_000);
      }
      const target = join(out, `${name}-${pid}.heapsnapshot`);
      await rename(join(root, fresh[0]!), target);
      return target;
    }
  }
  throw new Error("no heap snapshot appeared");
}

interface Summary {
  count: Map<string, number>;
  size: Map<string, number>;
}

/** Self size and count per "type:name" of a V8 heap snapshot. */
export async function summarize(file: string): Promise<Summary> {
  const snap = JSON.parse(await readFile(file, "utf8")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const count = new Map<string, number>();
  const size = new Map<string, number>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]!]!;
    let name = snap.strings[snap.nodes[i + nameAt]!]!;
    if (type === "string" || type === "concatenated string" || type === "sliced string") name = "(string)";
    else if (type === "number") name = "(number)";
    else if (type === "code") name = "(code)";
    else if (type === "array") name = name.startsWith("(") ? name : "(array)";
    const key = `${type}:${name.slice(0, 60)}`;
    count.set(key, (count.get(key) ?? 0) + 1);
    size.set(key, (size.get(key) ?? 0) + snap.nodes[i + sizeAt]!);
  }
  return { count, size };
}

export function difference(a: Summary, b: Summary, per: number): string {
  const rows = [...new Set([...a.size.keys(), ...b.size.keys()])]
    .map((key) => ({
      key,
      count: ((b.count.get(key) ?? 0) - (a.count.get(key) ?? 0)) / per,
      bytes: ((b.size.get(key) ?? 0) - (a.size.get(key) ?? 0)) / per,
    }))
    .filter((r) => Math.abs(r.bytes) >= 16)
    .sort((x, y) => y.bytes - x.bytes);
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  const lines = rows.slice(0, 60).map((r) => `${r.bytes.toFixed(0).padStart(7)} B ${r.count.toFixed(2).padStart(7)} × ${r.key}`);
  return [`heap self size per stream: ${(total / 1024).toFixed(1)} KB (rows ≥ 16 B)`, ...lines].join("\n");
}

const prefix = `sseheap${process.pid}`;
const dbUrl = await createDatabase("sse_heap");
const service = await startService({
  name: "service-sse-heap",
  db: { kind: "postgres", url: dbUrl },
  nofile: 65536,
  nodeArgs: ["--heapsnapshot-signal=SIGUSR2"],
  ...(onRedis ? { env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, RUN_JOBS: "true" } } : {}),
});
const pid = service.child.pid;
const signal = () => service.child.child.kill("SIGUSR2");
let release: (() => Promise<void>) | undefined;
let client: ReturnType<typeof startClient> | undefined;
try {
  release = await closeGate(service, dbUrl);
  const ids = await createMany(service, n, 32);
  await sleep(1_000);
  const rssBefore = (await memoryOf(pid)).rssKb;
  const before = await snapshot(pid, signal, "before");
  client = startClient({ url: service.url, key: service.key, ids, openConcurrency: 256 });
  const opened = await client.opened;
  await sleep(1_000);
  const rssOpen = (await memoryOf(pid)).rssKb;
  const open = await snapshot(pid, signal, "open");
  console.log(
    `${opened.ok} streams open (${opened.failed} failed); RSS ${(rssBefore / 1024).toFixed(0)} → ${(rssOpen / 1024).toFixed(0)} MB, ${((rssOpen - rssBefore) / n).toFixed(1)} KB per stream`,
  );
  const beforeSummary = await summarize(before);
  console.log(difference(beforeSummary, await summarize(open), n));
  // Every client goes away at once: what the streams held must be gone with them.
  client.kill();
  client = undefined;
  await sleep(2_000);
  const closed = await snapshot(pid, signal, "closed");
  console.log(`\nafter every client went away (2 s), compared with before the streams:`);
  console.log(
    difference(beforeSummary, await summarize(closed), n)
      .split("\n")
      .slice(0, 12)
      .join("\n"),
  );
  console.log(`snapshots: ${before}, ${open}, ${closed}`);
} finally {
  if (release) await release();
  client?.kill();
  await stopChild(service.child);
  await service.cleanup();
  await dropDatabases();
  if (onRedis) await withRedis((redis) => deleteRedisKeys(redis, prefix)).catch(() => undefined);
}
