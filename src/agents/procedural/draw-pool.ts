import type { Piscina } from "piscina";
import { threadPool } from "../threads.js";
import { draw, type Drawn, type DrawResult, type DrawTask, type ProgressMessage, type StreamedMessage } from "./draw-task.js";
import { abortError } from "./kit/progress.js";
import { LazyPreview } from "./kit/raster.js";
import type { GeneratorProgress } from "./kit/types.js";

/**
 * Drawing off the event loop: the procedural generators are CPU work (1–20 ms an image), so they
 * run in a small pool of worker threads (DRAW_THREADS; 0 draws on the event loop, as tests of the
 * generators themselves do). A fast drawing answers its progress with its PNG, in one message; a
 * longer one (past `holdProgressMs`) streams it on its thread's own port, which piscina re-emits
 * as the pool's "message" event (no channel per task). Previews cross as pixels and are encoded only if the service reads them.
 * A canceled drawing's thread is stopped (piscina aborts the task).
 */
let pool: Piscina | undefined;
let size = 1;
let idleMs = 5_000;
/** The drawings running in the pool, by task id: where their streamed progress goes. */
const streams = new Map<number, (m: StreamedMessage) => void>();
let nextId = 1;

/**
 * Sets the pool's size (DRAW_THREADS) and how long an idle thread lives (DRAW_THREAD_IDLE_MS)
 * before its first use. A thread holds ~40–50 MB; a drawing that has to start one waits ~60 ms.
 */
export function configureDrawPool(threads: number, idleTimeoutMs = 5_000): void {
  size = threads;
  idleMs = idleTimeoutMs;
}

function thePool(): Piscina {
  if (!pool) {
    pool = threadPool(import.meta.url, "draw-worker", size, idleMs);
    pool.on("message", (m: StreamedMessage) => streams.get(m.id)?.(m));
  }
  return pool;
}

function progressOf(m: ProgressMessage): GeneratorProgress {
  if (!m.preview) return { percent: m.percent, stage: m.stage };
  const { rgba, png, width, height } = m.preview;
  const preview = rgba ? new LazyPreview(rgba, width, height) : { png: Buffer.from(png!.buffer, png!.byteOffset, png!.byteLength), width, height };
  return { percent: m.percent, stage: m.stage, preview };
}

export async function drawOffThread(
  task: Omit<DrawTask, "id">,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal: AbortSignal,
): Promise<Drawn> {
  if (size === 0) return draw(task, onProgress, signal);
  signal.throwIfAborted();
  const id = nextId++;
  // Progress is handed on in order, one report at a time, and none once the drawing is canceled.
  let reporting = Promise.resolve();
  const hand = (m: ProgressMessage) => {
    reporting = reporting.then(() => (signal.aborted ? undefined : onProgress(progressOf(m)))).catch(() => undefined);
  };
  let allStreamed!: () => void;
  const streamed = new Promise<void>((resolve) => (allStreamed = resolve));
  streams.set(id, (m) => (m.done ? void reporting.then(allStreamed) : hand(m.progress)));
  try {
    const result = (await thePool().run({ ...task, id }, { signal })) as DrawResult;
    if (result.streamed)
      await streamed; // every progress report is in before the image is handed on
    else for (const m of result.progress) hand(m);
    await reporting;
    if (signal.aborted) throw abortError();
    const png = Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength);
    const { layout, quality } = result;
    if (!layout) return { png, mimeType: "image/png", width: task.width, height: task.height, ...(quality ? { quality } : {}) };
    return {
      png,
      mimeType: "image/png",
      width: layout.columns * (layout.kind === "sheet" ? layout.frameWidth : layout.tileWidth),
      height: layout.rows * (layout.kind === "sheet" ? layout.frameHeight : layout.tileHeight),
      layout,
      ...(quality ? { quality } : {}),
    };
  } finally {
    streams.delete(id);
  }
}

/** Stops the pool's threads (shutdown). */
export async function closeDrawPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
