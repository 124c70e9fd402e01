import type { AssetQualityReport, DetectedGrid, SheetLayout, TilesetLayout } from "../driver.js";
import { fixAsset, type FixTask } from "../fixer/asset.js";
import { recolorAsset } from "./recolor.js";
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
  /** A palette swap of a stored asset instead of a model picture's post-processing (recolor.ts). */
  recolor?: { palette: string[]; surface: boolean; layout: SheetLayout | TilesetLayout | null; quality: AssetQualityReport | null };
  /** The caller's picture fixed or cut out (fixer/asset.ts) instead of a model picture's post-processing. */
  fix?: FixTask;
}

/** What comes back from a worker thread: the asset's PNG, its size and its quality report (plain data). */
export interface FinishResult {
  png: Uint8Array;
  width: number;
  height: number;
  quality?: AssetQualityReport;
  detected?: DetectedGrid;
}

/** The worker-thread side of the post-processing pool (finish-pool.ts): one model picture → the asset. */
export default async function finishInWorker(task: FinishTask): Promise<FinishResult> {
  const png = Buffer.from(task.png.buffer, task.png.byteOffset, task.png.byteLength);
  if (task.fix) return fixAsset(png, task.fix);
  if (task.recolor) {
    const { palette, surface, layout, quality } = task.recolor;
    return recolorAsset({ png, layout, quality }, palette, { surface });
  }
  return postProcess({ png, width: task.width, height: task.height }, task.options);
}
