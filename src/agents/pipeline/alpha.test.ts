import { describe, expect, it } from "vitest";
import { clearFaintAlpha, flatten, snapAlpha } from "./alpha.js";
import { localGradient } from "./gradient.js";
import { createImage, pixelAt } from "./rgba.js";

function row(...pixels: number[][]): ReturnType<typeof createImage> {
  const image = createImage(pixels.length, 1);
  pixels.forEach((p, x) => {
    image.data.set(p, x * 4);
  });
  return image;
}

describe("alpha steps", () => {
  it("clearFaintAlpha zeroes faint pixels completely and leaves the rest", () => {
    const out = clearFaintAlpha(row([10, 20, 30, 7], [10, 20, 30, 8], [1, 2, 3, 255]));
    expect(pixelAt(out, 0, 0)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(pixelAt(out, 1, 0)).toEqual({ r: 10, g: 20, b: 30, a: 8 });
    expect(pixelAt(out, 2, 0)).toEqual({ r: 1, g: 2, b: 3, a: 255 });
  });

  it("snapAlpha makes alpha binary at the threshold", () => {
    const out = snapAlpha(row([10, 20, 30, 127], [10, 20, 30, 128], [1, 2, 3, 0]));
    expect(pixelAt(out, 0, 0)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(pixelAt(out, 1, 0)).toEqual({ r: 10, g: 20, b: 30, a: 255 });
    expect(pixelAt(out, 2, 0)).toEqual({ r: 0, g: 0, b: 0, a: 0 });
  });

  it("flatten composites onto the matte and makes everything opaque", () => {
    const out = flatten(row([200, 0, 0, 255], [200, 0, 0, 0], [200, 0, 0, 51]), { r: 0, g: 0, b: 250 });
    expect(pixelAt(out, 0, 0)).toEqual({ r: 200, g: 0, b: 0, a: 255 });
    expect(pixelAt(out, 1, 0)).toEqual({ r: 0, g: 0, b: 250, a: 255 });
    expect(pixelAt(out, 2, 0)).toEqual({ r: 40, g: 0, b: 200, a: 255 });
  });
});

describe("localGradient", () => {
  it("is small in smooth areas and large across an edge, even a shallow one", () => {
    const w = 40;
    const h = 20;
    const image = createImage(w, h);
    // left half: a gentle ramp (1 level per pixel); right half: an edge at a shallow angle
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inside = x >= 20 && y > (x - 20) / 10 + 8;
        const v = x < 20 ? 100 + x : inside ? 60 : 200;
        image.data.set([v, v, v, 255], (y * w + x) * 4);
      }
    }
    expect(localGradient(image.data, w, h, 10 * w + 10)).toBeLessThan(2);
    // just above the shallow edge: along the row the colour barely changes, across it jumps
    expect(localGradient(image.data, w, h, 9 * w + 30)).toBeGreaterThan(40);
  });
});
