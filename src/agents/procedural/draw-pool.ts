import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { draw, type DrawTask } from "./draw-task.js";
import type { GeneratedImage, GeneratorProgress } from "./types.js";

/**
 * Drawing off the event loop: the procedural generators are CPU work (2–20 ms an image), so they
 * run in a small pool of worker threads (DRAW_THREADS; 0 draws on the event loop, as tests of the
 * generators themselves do). Progress and previews come back on a message port; the PNG is moved,
 * not copied. A canceled drawing's thread is stopped (piscina aborts the task).
 */
let pool: Piscina | undefined;
let size = 1;

/** Sets the pool's size before its first use (the catalog passes DRAW_THREADS). */
export function configureDrawPool(threads: number): void {
  size = threads;
}

function thePool(): Piscina {
  if (!pool) {
    const url = new URL(`./draw-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);
    pool = new Piscina({
      filename: url.href,
      minThreads: 0,
      maxThreads: size,
      idleTimeout: 30_000,
      // Sources run through tsx in development and tests; compiled JavaScript needs nothing.
      execArgv: import.meta.url.endsWith(".ts") ? ["--import", "tsx"] : [],
    });
  }
  return pool;
}

export async function drawOffThread(
  task: Omit<DrawTask, "port">,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal: AbortSignal,
): Promise<GeneratedImage> {
  if (size === 0) return draw(task, onProgress, signal);
  signal.throwIfAborted();
  const { port1, port2 } = new MessageChannel();
  let reporting = Promise.resolve();
  let allReported!: () => void;
  const reported = new Promise<void>((resolve) => (allReported = resolve));
  port1.on("message", (p: GeneratorProgress | { done: true }) => {
    if ("done" in p) return void reporting.then(allReported);
    const progress = p.preview ? { ...p, preview: { ...p.preview, png: Buffer.from(p.preview.png) } } : p;
    reporting = reporting.then(() => onProgress(progress)).catch(() => undefined);
  });
  try {
    const png = (await thePool().run({ ...task, port: port2 }, { transferList: [port2], signal })) as ArrayBuffer;
    await reported; // every progress report is in before the image is handed on
    return { png: Buffer.from(png), mimeType: "image/png", width: task.width, height: task.height };
  } finally {
    port1.close();
  }
}

/** Stops the pool's threads (shutdown). */
export async function closeDrawPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
