import type { AgentDriver, AgentJob } from "./driver.js";
import { sheetLayout } from "./sheet-layout.js";
import { tilesetLayout } from "./tileset-layout.js";

/** The size of the PNG a job makes: one picture, a whole sheet (its rows and columns of frames) or a whole tileset. */
export function outputSize(
  job: Pick<AgentJob, "width" | "height" | "sheet" | "tileset">,
  driver: Pick<AgentDriver, "sheets">,
): { width: number; height: number } {
  if (job.tileset) {
    const layout = tilesetLayout(job.tileset, job.width, job.height);
    return { width: layout.columns * job.width, height: layout.rows * job.height };
  }
  if (job.sheet && driver.sheets) {
    const layout = sheetLayout(job.sheet, job.width, job.height, driver.sheets.framesPerAnimation);
    return { width: layout.columns * job.width, height: layout.rows * job.height };
  }
  return { width: job.width, height: job.height };
}

/**
 * The pixels one job holds in memory at once, for the pixel budget: its output, or the largest picture its driver
 * may hand over before post-processing (a model's, decoded), whichever is more.
 */
export function jobPixels(job: Pick<AgentJob, "width" | "height" | "sheet" | "tileset">, driver: Pick<AgentDriver, "sheets" | "maxImagePixels">): number {
  const { width, height } = outputSize(job, driver);
  return Math.max(width * height, driver.maxImagePixels ?? 0);
}
