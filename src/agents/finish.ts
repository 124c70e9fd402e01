import type { AgentEntry } from "./catalog.js";
import { AgentError, type AgentImage, type AgentJob } from "./driver.js";

/**
 * Turns a model's native picture into the asset that was asked for: exact size, a transparent
 * background when asked (removed by the service unless the model made it), the entry's style
 * (pixel art, icon, texture). Drivers marked `exactAssets` (procedural) skip this.
 */
export async function finishAsset(image: AgentImage, job: AgentJob, entry: AgentEntry): Promise<AgentImage> {
  // Loaded on first use: sharp and the pipeline cost ~300 ms to load, and only model agents need them.
  const { postProcess } = await import("./pipeline/post-process.js");
  try {
    return await postProcess(image, {
      width: job.width,
      height: job.height,
      transparent: job.transparent,
      nativeTransparency: entry.nativeTransparency,
      style: entry.style,
      paletteSize: entry.paletteSize,
      outline: entry.outline,
    });
  } catch (error) {
    // The model's answer could not be decoded or processed: retrying may get a better one.
    throw new AgentError("unavailable", "The model's image could not be processed.", { cause: error });
  }
}
