import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { encodeRgbaPng } from "./png-encode.js";
import { Random } from "./random.js";

/** What pngjs writes for the same pixels (the encoder the service used before). */
function pngjs(pixels: Uint8Array, width: number, height: number, filterType?: number): Buffer {
  const png = new PNG({ width, height, colorType: 6 });
  png.data = Buffer.from(pixels);
  return PNG.sync.write(png, filterType === undefined ? { colorType: 6 } : { colorType: 6, filterType });
}

/** Pixels with the structure of sprites and textures: flat runs, gradients, noise, transparent areas. */
function image(width: number, height: number, seed: number, kind: "noise" | "blocks" | "gradient" | "sparse"): Uint8Array {
  const rng = new Random(seed);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (kind === "noise") for (let c = 0; c < 4; c++) data[i + c] = Math.floor(rng.next() * 256);
      else if (kind === "gradient") data.set([x * 4, y * 3, (x + y) * 2, 255 - x], i);
      else if (kind === "blocks") data.set([((x >> 3) * 37) & 255, ((y >> 2) * 91) & 255, 128, (x + y) % 7 === 0 ? 0 : 255], i);
      else if (rng.next() < 0.1) data.set([200, 30, 40, 255], i);
    }
  }
  return data;
}

describe("encodeRgbaPng", () => {
  const sizes: [number, number][] = [
    [1, 1],
    [3, 5],
    [16, 16],
    [32, 32],
    [64, 64],
    [128, 40],
  ];
  const kinds = ["noise", "blocks", "gradient", "sparse"] as const;

  it.each(sizes)("writes pngjs's bytes at %ix%i (adaptive filters and each fixed filter)", (width, height) => {
    for (const [k, kind] of kinds.entries()) {
      const pixels = image(width, height, width * 1000 + height * 10 + k, kind);
      expect(encodeRgbaPng(pixels, width, height).equals(pngjs(pixels, width, height))).toBe(true);
      for (const filter of [0, 1, 2, 3, 4] as const) {
        expect(encodeRgbaPng(pixels, width, height, filter).equals(pngjs(pixels, width, height, filter))).toBe(true);
      }
    }
  });

  it("round-trips through a decoder", () => {
    const pixels = image(64, 64, 7, "noise");
    const decoded = PNG.sync.read(encodeRgbaPng(pixels, 64, 64));
    expect(decoded.width).toBe(64);
    expect(Buffer.from(decoded.data).equals(Buffer.from(pixels))).toBe(true);
  });
});
