/**
 * The drawing path as the service uses it, without HTTP or the database: `drawOffThread` (the
 * piscina pool, one thread) called for 64 px "red slime" sprites, `concurrency` at a time, with a
 * progress callback that reads nothing (as the runner does for a generation that ends within
 * 100 ms). Prints CPU ms per drawing for the main thread, the drawing thread (the busiest other)
 * and the rest (V8 GC helpers, libuv), from /proc/self/task/<tid>/stat. Copy it into another tree
 * to compare.
 *   npx tsx bench/draw-pool-micro.ts [drawings=3000] [concurrency=4]
 */
import { readdir, readFile } from "node:fs/promises";
import { closeDrawPool, drawOffThread } from "../src/agents/procedural/draw-pool.js";

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 4);

async function threads(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const tid of await readdir("/proc/self/task")) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return out;
}

async function batch(n: number, seed0: number): Promise<void> {
  let next = 0;
  const signal = new AbortController().signal;
  const task = (seed: number) => ({ generator: "pixel-sprite" as const, prompt: { prompt: "red slime" }, width: 64, height: 64, transparent: false, seed });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await drawOffThread(task(seed0 + next++), () => undefined, signal);
    }),
  );
}

await batch(500, 0); // warm-up: the thread started, the code optimised
const before = await threads();
const t0 = performance.now();
await batch(total, 1000);
const wall = performance.now() - t0;
const after = await threads();
const used = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
const main = used.find((t) => t.tid === process.pid)?.ms ?? 0;
const others = used.filter((t) => t.tid !== process.pid).sort((a, b) => b.ms - a.ms);
const drawing = others[0]?.ms ?? 0;
const rest = others.slice(1).reduce((s, t) => s + t.ms, 0);
const per = (ms: number) => (ms / total).toFixed(3);
console.log(
  `${new URL("..", import.meta.url).pathname} | ${(total / (wall / 1000)).toFixed(0)} drawings/s | CPU ms/drawing: main ${per(main)}, drawing thread ${per(drawing)}, rest ${per(rest)}, total ${per(main + drawing + rest)}`,
);
await closeDrawPool();
