import sharp from "sharp";
import type { AgentImageInput, MapLayout, SheetLayout, TilesetLayout } from "./driver.js";

/** The most pixels a caller's picture may have when decoded for a driver (a 4096 × 4096 upload). */
export const MAX_IMAGE_INPUT_PIXELS = 4096 * 4096;

/**
 * The caller's picture as a driver takes it (`AgentJob.image`, contract section 14): the stored PNG decoded ONCE
 * (sharp, on libuv's threads) to 8-bit sRGB RGBA, straight alpha, bounded in pixels. The PNG is kept as stored,
 * for a model driver to send as it is.
 */
export async function decodeImageInput(
  assetId: string,
  png: Buffer,
  layout?: SheetLayout | TilesetLayout | MapLayout | null,
  maxPixels = MAX_IMAGE_INPUT_PIXELS,
): Promise<AgentImageInput> {
  const { data, info } = await sharp(png, { limitInputPixels: maxPixels, failOn: "error" })
    .toColourspace("srgb")
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`decoded ${info.channels} channels, expected 4`);
  return {
    assetId,
    width: info.width,
    height: info.height,
    rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    png,
    ...(layout ? { layout } : {}),
  };
}
