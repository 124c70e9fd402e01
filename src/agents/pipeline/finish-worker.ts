import { lowerThreadPriority } from "../threads.js";
import { postProcess, type PostProcessOptions } from "./post-process.js";

// Background work: on a busy machine the event loop's thread (every other request) goes first.
lowerThreadPriority();

/** One post-processing job as it crosses to a worker thread (plain data). */
export interface FinishTask {
  png: Uint8Array;
  width: number;
  height: number;
  options: PostProcessOptions;
}

/** The worker-thread side of the post-processing pool (finish-pool.ts): one model picture → the asset. */
export default async function finishInWorker(task: FinishTask): Promise<{ png: Uint8Array; width: number; height: number }> {
  const png = Buffer.from(task.png.buffer, task.png.byteOffset, task.png.byteLength);
  return postProcess({ png, width: task.width, height: task.height }, task.options);
}
