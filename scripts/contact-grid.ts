/**
 * The contact grids of scripts/small-art.ts and scripts/sprite-scales.ts: a dark canvas, each picture
 * magnified with nearest-neighbour and laid over it by its alpha, written as one PNG.
 */
import { writeFile } from "node:fs/promises";
import { PNG } from "pngjs";

export interface Canvas {
  width: number;
  height: number;
  pixels: Buffer;
}

export function darkCanvas(width: number, height: number): Canvas {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([44, 46, 56, 255], i);
  return { width, height, pixels };
}

/** Draws the `size`×`size` RGBA `src` at (x, y0), `zoom` times larger, blended over what is there. */
export function blitZoomed(canvas: Canvas, src: Uint8Array, size: number, zoom: number, x: number, y0: number): void {
  const { pixels, width } = canvas;
  for (let y = 0; y < size * zoom; y++) {
    for (let xx = 0; xx < size * zoom; xx++) {
      const s = (Math.floor(y / zoom) * size + Math.floor(xx / zoom)) * 4;
      const a = (src[s + 3] ?? 0) / 255;
      const d = ((y0 + y) * width + x + xx) * 4;
      for (let k = 0; k < 3; k++) pixels[d + k] = Math.round((src[s + k] ?? 0) * a + (pixels[d + k] ?? 0) * (1 - a));
    }
  }
}

export async function writeCanvas(canvas: Canvas, out: string): Promise<void> {
  const png = new PNG({ width: canvas.width, height: canvas.height });
  png.data = canvas.pixels;
  await writeFile(out, PNG.sync.write(png));
}
