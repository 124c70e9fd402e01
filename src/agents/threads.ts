import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { Piscina } from "piscina";

/**
 * A pool of worker threads running the module `name` beside `importMetaUrl` (the caller's
 * `import.meta.url`): its `.ts` source under tsx (development and tests), its compiled `.js`
 * otherwise. Threads start on demand (none at rest) and stop after `idleTimeoutMs` idle.
 */
export function threadPool(importMetaUrl: string, name: string, maxThreads: number, idleTimeoutMs: number): Piscina {
  const source = importMetaUrl.endsWith(".ts");
  return new Piscina({
    filename: new URL(`./${name}${source ? ".ts" : ".js"}`, importMetaUrl).href,
    minThreads: 0,
    maxThreads,
    idleTimeout: idleTimeoutMs,
    execArgv: source ? ["--import", "tsx"] : [],
  });
}

/**
 * Lowers the calling worker thread's CPU priority (Linux nice is per thread: the thread's id is in
 * /proc/thread-self), so that on a busy machine the event loop's thread, which answers every
 * other request, goes first. The threads libvips starts from this one inherit it. Best effort:
 * elsewhere, or without /proc, nothing changes.
 */
export function lowerThreadPriority(nice = 10): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}
