/** The longest edge of an inline preview, in pixels. */
export const thumbnailEdge = 128;
/** Past this many bytes a preview is redone smaller: tool output limits (~25k tokens) count base64 too. */
const maxThumbnailBytes = 24_000;

export interface Thumbnail {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * A small PNG preview of an asset for a model to look at: at most 128×128 (aspect kept). Larger
 * images are shrunk; small pixel art is enlarged by a whole factor with nearest-neighbour
 * sampling so it stays crisp. Palette-encoded to stay a few kilobytes. sharp is loaded on the first
 * preview (a service that never serves one never loads it).
 */
export async function thumbnail(bytes: Uint8Array, edge = thumbnailEdge): Promise<Thumbnail> {
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (width <= 0 || height <= 0) throw new Error("not an image");
  let scale = edge / Math.max(width, height);
  if (scale >= 1) scale = Math.floor(scale);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const png = await sharp(bytes)
    .resize(w, h, { fit: "fill", kernel: scale >= 1 ? "nearest" : "lanczos3" })
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (png.byteLength > maxThumbnailBytes && edge > 64) return thumbnail(bytes, edge - 32);
  return { png, width: w, height: h };
}
