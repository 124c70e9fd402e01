import { move } from "piscina";
import { draw, type DrawTask } from "./draw-task.js";

/**
 * The worker-thread side of the drawing pool (piscina): draws one task, posting progress on the
 * task's port, and moves the PNG back without copying it.
 */
export default async function drawInWorker(task: DrawTask) {
  const image = await draw(task, (p) => {
    task.port?.postMessage(p, p.preview ? [p.preview.png.buffer as ArrayBuffer] : []);
  });
  task.port?.postMessage({ done: true }); // after every progress message: the other side waits for it
  task.port?.close();
  // The drawing has the task's size; only the PNG's bytes travel back (moved, not copied).
  const png = image.png;
  return move(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
}
