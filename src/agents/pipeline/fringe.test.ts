import { describe, expect, it } from "vitest";
import { matteFringe } from "./fringe.js";
import { createImage, pixelAt } from "./rgba.js";

const GREY = [228, 228, 228];
const RED = [212, 42, 42];

/** 32×8: columns 0–9 grey background, 10–12 the anti-aliased edge (25, 50, 75 % red), 13+ red. */
function edge(): { image: ReturnType<typeof createImage>; mask: Uint8Array } {
  const image = createImage(32, 8);
  const mask = new Uint8Array(32 * 8);
  const cover = (x: number): number => (x < 10 ? 0 : x > 12 ? 1 : (x - 9) * 0.25);
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 32; x++) {
      const a = cover(x);
      const i = (y * 32 + x) * 4;
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.round((RED[c] ?? 0) * a + (GREY[c] ?? 0) * (1 - a));
      image.data[i + 3] = 255;
      if (x < 10) mask[y * 32 + x] = 1;
    }
  }
  return { image, mask };
}

describe("matteFringe", () => {
  it("turns anti-aliased edge pixels into the subject colour with the coverage as alpha", () => {
    const { image, mask } = edge();
    const out = matteFringe(image, mask, { width: 3, tolerance: 32 });
    expect(pixelAt(out, 5, 4)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    for (const [x, alpha] of [
      [10, 64],
      [11, 128],
      [12, 191],
    ] as const) {
      const p = pixelAt(out, x, 4);
      expect(Math.abs(p.a - alpha), `alpha at ${x}: ${p.a}`).toBeLessThanOrEqual(2);
      // un-mixed: the old grey is gone from the colour (no halo)
      expect(Math.abs(p.r - (RED[0] ?? 0)) + Math.abs(p.g - (RED[1] ?? 0)) + Math.abs(p.b - (RED[2] ?? 0)), `colour at ${x}`).toBeLessThan(6);
    }
    expect(pixelAt(out, 13, 4)).toEqual({ r: 212, g: 42, b: 42, a: 255 });
    expect(pixelAt(out, 31, 4)).toEqual({ r: 212, g: 42, b: 42, a: 255 });
  });

  it("removes fringe pixels that are almost background and keeps solid ones opaque", () => {
    const { image, mask } = edge();
    // column 10 nearly background (5 % red), column 11 solid red right next to it
    for (let y = 0; y < 8; y++) {
      for (let c = 0; c < 3; c++) {
        image.data[(y * 32 + 10) * 4 + c] = Math.round((RED[c] ?? 0) * 0.05 + (GREY[c] ?? 0) * 0.95);
        image.data[(y * 32 + 11) * 4 + c] = RED[c] ?? 0;
      }
    }
    const out = matteFringe(image, mask, { width: 3, tolerance: 32 });
    expect(pixelAt(out, 10, 4).a).toBe(0);
    expect(pixelAt(out, 11, 4).a).toBe(255);
  });
});
