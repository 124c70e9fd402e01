import { parentPort } from "node:worker_threads";
import { draw, holdProgressMs, type DrawResult, type DrawTask, type ProgressMessage, type StreamedMessage } from "./draw-task.js";
import type { GeneratorProgress } from "./kit/types.js";

function message(p: GeneratorProgress): ProgressMessage {
  if (!p.preview) return { percent: p.percent, stage: p.stage };
  const { width, height } = p.preview;
  const preview = p.preview.rgba ? { rgba: p.preview.rgba, width, height } : { png: p.preview.png, width, height };
  return { percent: p.percent, stage: p.stage, preview };
}

/**
 * The worker-thread side of the drawing pool (piscina): draws one task. Its progress is held back
 * for `holdProgressMs` and answered with the PNG; a longer drawing then posts what it held, and
 * every later report, on the thread's own port (`parentPort`, which the pool re-emits as its
 * "message" event), tagged with the task's id and ending with `done`. No channel is made per
 * drawing: Node 20 kept ~9 KB of native memory for each one (bench/footprint/load-probe.ts).
 */
export default async function drawInWorker(task: DrawTask): Promise<DrawResult> {
  const start = performance.now();
  let held: ProgressMessage[] | undefined = [];
  const post = (m: StreamedMessage) => parentPort!.postMessage(m);
  const image = await draw(task, (p) => {
    if (held && performance.now() - start < holdProgressMs) return void held.push(message(p));
    for (const m of held ?? []) post({ id: task.id!, progress: m });
    held = undefined;
    post({ id: task.id!, progress: message(p) });
  });
  if (!held) post({ id: task.id!, done: true });
  return {
    png: image.png,
    ...(image.layout ? { layout: image.layout } : {}),
    ...(image.quality ? { quality: image.quality } : {}),
    progress: held ?? [],
    streamed: !held,
  };
}
