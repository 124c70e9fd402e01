import { describe, expect, it } from "vitest";
import { parseHex, type Rgb } from "./color.js";
import { oklabLightness, toOklab } from "./oklab.js";

const hex = (h: string): Rgb => parseHex(h)!;

describe("OKLab", () => {
  it("puts black at L 0 and white at L 1, greys without hue", () => {
    expect(toOklab(hex("#000000")).L).toBeCloseTo(0, 6);
    const white = toOklab(hex("#ffffff"));
    expect(white.L).toBeCloseTo(1, 4);
    expect(white.a).toBeCloseTo(0, 4);
    expect(white.b).toBeCloseTo(0, 4);
    // A published reference value (Ottosson): sRGB red → L 0.62796, a 0.22486, b 0.12585.
    const red = toOklab(hex("#ff0000"));
    expect(red.L).toBeCloseTo(0.62796, 4);
    expect(red.a).toBeCloseTo(0.22486, 4);
    expect(red.b).toBeCloseTo(0.12585, 4);
  });
});

describe("oklabLightness", () => {
  it("matches toOklab's L within 1e-6 across the gamut", () => {
    let worst = 0;
    for (let r = 0; r < 256; r += 5) {
      for (let g = 0; g < 256; g += 5) {
        for (let b = 0; b < 256; b += 5) worst = Math.max(worst, Math.abs(oklabLightness(r, g, b) - toOklab({ r, g, b }).L));
      }
    }
    expect(worst).toBeLessThan(1e-6);
  });
});
