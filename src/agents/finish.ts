import type { AgentEntry } from "./catalog.js";
import { AgentError, type AgentImage, type AgentJob } from "./driver.js";
import { postProcessOffThread } from "./pipeline/finish-pool.js";

/**
 * Turns a model's native picture into the asset that was asked for: exact size, a transparent
 * background when asked (removed by the service unless the model made it), the entry's style
 * (pixel art, icon, texture), on the asked palette (`job.palette`), with its quality report measured
 * on the final pixels, in a worker thread (pipeline/finish-pool.ts). Drivers marked
 * `exactAssets` (procedural) skip this. `signal` (the generation's cancel) stops it.
 */
export async function finishAsset(image: AgentImage, job: AgentJob, entry: AgentEntry, signal?: AbortSignal): Promise<AgentImage> {
  try {
    return await postProcessOffThread(
      image,
      {
        width: job.width,
        height: job.height,
        transparent: job.transparent,
        nativeTransparency: entry.nativeTransparency,
        style: entry.style,
        paletteSize: entry.paletteSize,
        outline: entry.outline,
        ...(job.palette ? { palette: job.palette.colors } : {}),
      },
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw error; // canceled or out of time: the runner knows which
    // The model's answer could not be decoded or processed: retrying may get a better one.
    throw new AgentError("unavailable", "The model's image could not be processed.", { cause: error });
  }
}
