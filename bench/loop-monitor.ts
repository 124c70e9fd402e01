/**
 * Diagnostics preload for a server child (`node --import ./bench/loop-monitor.ts …`): once a second,
 * one JSON line on stderr (or appended to BENCH_MONITOR_FILE) with the event-loop delay (p50/p99/max, ms: Node's intervals between
 * ticks of a 10 ms timer, so ≈ 10 when idle; the window's `late` subtracts the 10 ms) and memory (MB). On SIGUSR2
 * (with --expose-gc) it collects garbage first and prints the memory after, tagged "gc". On SIGWINCH
 * it prints the delay over the whole window since the previous SIGWINCH (or the start), tagged "window",
 * and starts a new window (`bench/embedded-loop.ts` brackets its load with two).
 * Not used by `npm run bench`; for investigating a measurement (see bench/README.md).
 */
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

// Worker threads that inherit the preload (execArgv) stay quiet: the event loop measured is the main one.
if (isMainThread) monitor();

function monitor() {
  const file = process.env.BENCH_MONITOR_FILE;
  const emit = (value: unknown) => (file ? appendFileSync(file, `${JSON.stringify(value)}\n`) : process.stderr.write(`${JSON.stringify(value)}\n`));

  // Node records the time between two ticks of a `resolution` ms timer: an idle loop reads ≈ 10 ms
  // (p50 10.1, p99 11.9 measured). `late` is the delay proper: each percentile minus the resolution.
  const resolution = 10;
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  /** A second monitor, reset only on SIGWINCH: the whole window's percentiles (not its seconds' p99s). */
  const window = monitorEventLoopDelay({ resolution });
  window.enable();
  const mb = (n: number) => Math.round(n / 2 ** 20);
  const memory = () => {
    const m = process.memoryUsage();
    return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
  };
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  const late = (ns: number) => Math.max(0, Math.round((ns / 1e6 - resolution) * 10) / 10);
  setInterval(() => {
    emit({ loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }, ...memory(), t: Date.now() });
    histogram.reset();
  }, 1_000).unref();
  process.on("SIGWINCH", () => {
    const late_ = { p50: late(window.percentile(50)), p99: late(window.percentile(99)), max: late(window.max) };
    emit({
      window: { p50: ms(window.percentile(50)), p99: ms(window.percentile(99)), max: ms(window.max), samples: window.count, late: late_ },
      ...memory(),
      t: Date.now(),
    });
    window.reset();
  });
  process.on("SIGUSR2", () => {
    (globalThis as { gc?: () => void }).gc?.();
    emit({ gc: true, ...memory(), t: Date.now() });
  });
}
