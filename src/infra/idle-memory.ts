import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Gives memory back once a busy process goes quiet (issue 18: resident memory returns to within
 * 20 % of rest after a load). V8 grows its heap under load and, in a process that then idles, never
 * runs the major collection that would shrink it again: nothing allocates, so nothing triggers one.
 * This watches the process's CPU time (all threads) once a second; after a busy spell, when it has
 * used under 2 % of a core for `quietMs`, it runs one full collection (V8's own `gc`, made available
 * here rather than with a command-line flag), once per busy spell. Cost: one collection of a
 * ~30 MB heap (tens of ms, on an idle process), never while the process works.
 */
export function reduceMemoryWhenIdle(options: { quietMs?: number; checkMs?: number; onCollect?: (ms: number) => void } = {}): () => void {
  const quietMs = options.quietMs ?? 3_000;
  const checkMs = options.checkMs ?? 1_000;
  const gc = fullCollector();
  if (!gc) return () => undefined;
  let last = process.cpuUsage();
  let busySinceCollect = false;
  let quietFor = 0;
  const timer = setInterval(() => {
    const now = process.cpuUsage();
    const usedMs = (now.user - last.user + now.system - last.system) / 1000;
    last = now;
    if (usedMs > checkMs * 0.02) {
      if (usedMs > checkMs * 0.1) busySinceCollect = true;
      quietFor = 0;
      return;
    }
    quietFor += checkMs;
    if (busySinceCollect && quietFor >= quietMs) {
      busySinceCollect = false;
      const started = performance.now();
      gc();
      options.onCollect?.(performance.now() - started);
      last = process.cpuUsage(); // the collection's own CPU is not activity
    }
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * V8's full collection (`gc`), made available without a command-line flag; per isolate, so a
 * worker thread calls it for itself. Undefined if this V8 refuses.
 */
export function fullCollector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}
