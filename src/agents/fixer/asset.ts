/**
 * The `pixel-fixer` and `cutout` agents' work on the caller's picture (its stored PNG) → the asset:
 * decoded, fixed or cut out, encoded, its quality measured (and, for the fixer, what it detected).
 * Plain data in and out, so it runs in the post-processing threads (pipeline/finish-worker.ts).
 */
import type { AgentImage } from "../driver.js";
import { parseHex } from "../palette/color.js";
import { measureQuality } from "../palette/quality.js";
import { decodeImage, encodePng } from "../pipeline/rgba.js";
import { cutout } from "./cutout.js";
import { fixPixelArt } from "./index.js";

export interface FixTask {
  agent: "pixel-fixer" | "cutout";
  /** The asked art size (pixel-fixer); detected when absent. */
  width?: number;
  height?: number;
  transparent: boolean;
  /** `#rrggbb` colours every opaque pixel is snapped to (pixel-fixer). */
  palette?: string[];
}

/** Largest side the fixer reads: a bigger picture is shrunk first (a grid of 2048 px cells is still found at 1024). */
const WORKING_SIDE = 2048;

export async function fixAsset(png: Buffer, task: FixTask): Promise<AgentImage> {
  const image = await decodeImage(png, WORKING_SIDE);
  const palette = task.palette?.map((hex) => parseHex(hex)).filter((c) => c !== undefined);
  if (task.agent === "cutout") {
    const { image: cut } = cutout(image);
    const quality = measureQuality(cut.data, cut.width, cut.height, {});
    return { png: await encodePng(cut), width: cut.width, height: cut.height, quality };
  }
  const { image: art, detected } = await fixPixelArt(image, {
    ...(task.width !== undefined && task.height !== undefined ? { width: task.width, height: task.height } : {}),
    transparent: task.transparent,
    ...(palette && palette.length > 0 ? { palette } : {}),
  });
  const quality = measureQuality(art.data, art.width, art.height, palette && palette.length > 0 ? { palette } : {});
  return { png: await encodePng(art), width: art.width, height: art.height, quality, detected };
}
