import sharp from "sharp";

/**
 * The same picture as an indexed (palette) PNG when its pixels use at most 256 colours (alpha included) and
 * that is smaller; undefined otherwise. Checked: the indexed PNG is decoded again and must give every pixel
 * exactly (else the original stands); a fully transparent pixel may come back with other colour channels.
 */
export async function indexedPng(png: Buffer): Promise<Buffer | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  const pixels = new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
  for (const pixel of pixels) {
    colours.add(pixel);
    if (colours.size > 256) return undefined;
  }
  const raw = { width: info.width, height: info.height, channels: 4 as const };
  const indexed = await sharp(data, { raw })
    .png({ palette: true, colours: Math.max(2, colours.size), dither: 0, effort: 10, compressionLevel: 9 })
    .toBuffer();
  if (indexed.byteLength >= png.byteLength) return undefined;
  const again = await sharp(indexed).ensureAlpha().raw().toBuffer();
  return samePixels(again, data) ? indexed : undefined;
}

/** Every pixel the same; fully transparent ones whatever their colour channels say (they show nothing). */
export function samePixels(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] !== b[i + 3]) return false;
    if (a[i + 3] !== 0 && (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2])) return false;
  }
  return true;
}
