import { describe, expect, it } from "vitest";
import type { RgbaImage } from "../pipeline/rgba.js";
import { cutout, fringeShare } from "./cutout.js";

const BLUE = { r: 40, g: 90, b: 220 };

/** A red disc with an anti-aliased edge (4×4 supersampled) on a blue background, a little noise. */
function disc(n: number): RgbaImage {
  const data = Buffer.alloc(n * n * 4);
  let s = 11;
  const noise = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648 - 0.5) * 6;
  };
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let cover = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (Math.hypot(x + (sx + 0.5) / 4 - n / 2, y + (sy + 0.5) / 4 - n / 2) < n * 0.3) cover++;
      const a = cover / 16;
      const i = (y * n + x) * 4;
      data[i] = Math.round(220 * a + BLUE.r * (1 - a) + noise());
      data[i + 1] = Math.round(50 * a + BLUE.g * (1 - a) + noise());
      data[i + 2] = Math.round(40 * a + BLUE.b * (1 - a) + noise());
      data[i + 3] = 255;
    }
  }
  return { data, width: n, height: n };
}

describe("cutout", () => {
  it("keeps the size, clears the background to alpha 0 and leaves no fringe of its colour", () => {
    const image = disc(160);
    const { image: cut, fringe, background } = cutout(image);
    expect([cut.width, cut.height]).toEqual([160, 160]);
    expect(background.length).toBeGreaterThan(0);
    expect(cut.data.readUInt32LE(0)).toBe(0);
    expect(cut.data[(80 * 160 + 80) * 4 + 3]).toBe(255);
    expect(fringe).toBe(0);
    expect(fringeShare(cut, [BLUE])).toBe(0);
  });

  it("measures a fringe where there is one (a hard threshold keeps the blended edge)", () => {
    const image = disc(160);
    const hard = Buffer.from(image.data);
    for (let i = 0; i < hard.length; i += 4) {
      const d = Math.hypot((hard[i] ?? 0) - BLUE.r, (hard[i + 1] ?? 0) - BLUE.g, (hard[i + 2] ?? 0) - BLUE.b);
      if (d < 20) hard.writeUInt32LE(0, i);
    }
    expect(fringeShare({ data: hard, width: 160, height: 160 }, [BLUE])).toBeGreaterThan(0.3);
  });

  it("keeps the transparency a picture already has", () => {
    const image = disc(64);
    for (let i = 3; i < 64 * 4; i += 4) image.data[i] = 0;
    const { image: cut } = cutout(image);
    expect(cut.data.readUInt32LE(0)).toBe(0);
    expect(cut.data[(32 * 64 + 32) * 4 + 3]).toBe(255);
  });
});
