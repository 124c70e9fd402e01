import type { Piscina } from "piscina";
import type { AgentImage } from "../driver.js";
import { recolorAsset, type RecolorSource } from "./recolor.js";
import { threadPool } from "../threads.js";
import type { FixTask } from "../fixer/asset.js";
import type { FinishResult, FinishTask } from "./finish-worker.js";
import type { PostProcessOptions } from "./post-process.js";

/**
 * Post-processing off the event loop: turning a model's picture into the asset is per-pixel
 * JavaScript (background removal, trims, quantisation: 100 ms to seconds for a large picture), so
 * it runs in worker threads, where it cannot hold up any other request. Sized like the drawing
 * pool (DRAW_THREADS; 0 runs it on the event loop, for tests of the steps themselves).
 */
let pool: Piscina | undefined;
let size = 1;
let idleMs = 5_000;

export function configureFinishPool(threads: number, idleTimeoutMs = 5_000): void {
  size = threads;
  idleMs = idleTimeoutMs;
}

/** `postProcess` in a worker thread (or here when the pool has no threads); a canceled job's thread is stopped. */
export async function postProcessOffThread(image: AgentImage, options: PostProcessOptions, signal?: AbortSignal): Promise<AgentImage> {
  if (size === 0) {
    const { postProcess } = await import("./post-process.js");
    return postProcess(image, options);
  }
  signal?.throwIfAborted();
  // sharp is loaded by this thread before any worker loads it: on glibc its libraries must outlive the workers.
  await import("sharp");
  pool ??= threadPool(import.meta.url, "finish-worker", size, idleMs);
  const task: FinishTask = { png: image.png, width: image.width, height: image.height, options };
  const done = (await pool.run(task, signal ? { signal } : {})) as FinishResult;
  const png = Buffer.from(done.png.buffer, done.png.byteOffset, done.png.byteLength);
  return { png, width: done.width, height: done.height, ...(done.quality ? { quality: done.quality } : {}) };
}

/**
 * A palette swap (recolor.ts) in a worker thread: mapping a large sheet is per-pixel work
 * (a 768×5120 sheet is 4 million pixels), which must not hold up the event loop either.
 */
export async function recolorOffThread(source: RecolorSource, palette: string[], options: { surface: boolean }, signal?: AbortSignal): Promise<AgentImage> {
  if (size === 0) return recolorAsset(source, palette, options);
  signal?.throwIfAborted();
  await import("sharp");
  pool ??= threadPool(import.meta.url, "finish-worker", size, idleMs);
  const task: FinishTask = {
    png: source.png,
    width: 0,
    height: 0,
    options: { width: 1, height: 1, transparent: false, nativeTransparency: false, style: "none" },
    recolor: { palette, surface: options.surface, layout: source.layout, quality: source.quality },
  };
  const done = (await pool.run(task, signal ? { signal } : {})) as FinishResult;
  const png = Buffer.from(done.png.buffer, done.png.byteOffset, done.png.byteLength);
  return {
    png,
    width: done.width,
    height: done.height,
    ...(source.layout ? { layout: source.layout } : {}),
    ...(done.quality ? { quality: done.quality } : {}),
  };
}

/** The pixel fixer or the cutout (fixer/asset.ts) on the caller's picture, in a worker thread (or here without threads). */
export async function fixOffThread(png: Buffer, fix: FixTask, signal?: AbortSignal): Promise<AgentImage> {
  if (size === 0) {
    const { fixAsset } = await import("../fixer/asset.js");
    return fixAsset(png, fix);
  }
  signal?.throwIfAborted();
  await import("sharp");
  pool ??= threadPool(import.meta.url, "finish-worker", size, idleMs);
  const task: FinishTask = { png, width: 0, height: 0, options: { width: 1, height: 1, transparent: false, nativeTransparency: false, style: "none" }, fix };
  const done = (await pool.run(task, signal ? { signal } : {})) as FinishResult;
  return {
    png: Buffer.from(done.png.buffer, done.png.byteOffset, done.png.byteLength),
    width: done.width,
    height: done.height,
    ...(done.quality ? { quality: done.quality } : {}),
    ...(done.detected ? { detected: done.detected } : {}),
  };
}

/** Stops the pool's threads (shutdown). */
export async function closeFinishPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
