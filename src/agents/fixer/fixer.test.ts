import { describe, expect, it } from "vitest";
import { degrade, readSheet, score } from "../../../test/support/pixel-degrade.js";
import type { RgbaImage } from "../pipeline/rgba.js";
import { detectGrid, fixPixelArt } from "./index.js";

const SHEET = "test/fixtures/pixel-art/crawl-sprites.png";

/** Nearest-neighbour upscale by an integer factor. */
function upscale(image: RgbaImage, k: number): RgbaImage {
  const w = image.width * k;
  const h = image.height * k;
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      image.data.copy(
        data,
        (y * w + x) * 4,
        (Math.floor(y / k) * image.width + Math.floor(x / k)) * 4,
        (Math.floor(y / k) * image.width + Math.floor(x / k)) * 4 + 4,
      );
  return { data, width: w, height: h };
}

/** A seeded picture with no grid: smooth colour blobs over a gradient, a little noise (a photo's statistics, roughly). */
function blobs(n: number, seed: number): RgbaImage {
  let s = seed;
  const rnd = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const centres = Array.from({ length: 12 }, () => [rnd() * n, rnd() * n, 20 + rnd() * 60, rnd() * 255, rnd() * 255, rnd() * 255] as const);
  const data = Buffer.alloc(n * n * 4);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const c = [40 + x * 0.3, 60 + y * 0.2, 90];
      for (const [cx, cy, r, R, G, B] of centres) {
        const w = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (r * r));
        c[0] = (c[0] ?? 0) * (1 - w) + R * w;
        c[1] = (c[1] ?? 0) * (1 - w) + G * w;
        c[2] = (c[2] ?? 0) * (1 - w) + B * w;
      }
      const i = (y * n + x) * 4;
      for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, Math.round((c[k] ?? 0) + (rnd() - 0.5) * 8)));
      data[i + 3] = 255;
    }
  }
  return { data, width: n, height: n };
}

describe("pixel fixer", () => {
  it("recovers the exact grid of ≥ 90 % of the degraded set, with ≥ 90 % of their pixels' colours right", async () => {
    const sprites = await readSheet(SHEET);
    expect(sprites.length).toBe(60);
    let exact = 0;
    let right = 0;
    for (const [k, sprite] of sprites.entries()) {
      const degraded = await degrade(sprite, 1000 + k);
      const fixed = await fixPixelArt(degraded.image);
      const s = score(fixed.image, degraded.truth);
      if (s.exact) {
        exact++;
        right += s.colours;
      }
    }
    expect(exact / sprites.length).toBeGreaterThanOrEqual(0.9);
    expect(right / exact).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it("gives back a clean integer upscale pixel for pixel, sure of it", async () => {
    const [sprite] = await readSheet(SHEET);
    const { degraded, truth } = { degraded: upscale(sprite!, 5), truth: sprite! };
    const fixed = await fixPixelArt(degraded, { maxColours: 256 });
    expect(fixed.detected).toMatchObject({ scale: 5, width: 32, height: 32 });
    expect(fixed.detected.confidence).toBeGreaterThan(0.8);
    const opaque = (d: Buffer, i: number): boolean => (d[i + 3] ?? 0) > 0;
    let same = 0;
    for (let i = 0; i < truth.data.length; i += 4) {
      const a = opaque(truth.data, i);
      if (a === opaque(fixed.image.data, i) && (!a || truth.data.readUInt32LE(i) === fixed.image.data.readUInt32LE(i))) same++;
    }
    expect(same).toBe(32 * 32);
  });

  it("is unsure of noise and of a smooth picture", () => {
    const n = 256;
    const noise = Buffer.alloc(n * n * 4);
    let s = 7;
    for (let i = 0; i < noise.length; i++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      noise[i] = i % 4 === 3 ? 255 : s >> 23;
    }
    expect(detectGrid({ data: noise, width: n, height: n })?.detected.confidence).toBeLessThan(0.15);
    expect(detectGrid(blobs(n, 3))?.detected.confidence).toBeLessThan(0.15);
  });

  it("snaps to an asked palette and removes the background on request", async () => {
    const sprites = await readSheet(SHEET);
    const degraded = await degrade(sprites[20]!, 1020);
    const palette = [
      { r: 0, g: 0, b: 0 },
      { r: 255, g: 255, b: 255 },
      { r: 200, g: 60, b: 40 },
      { r: 60, g: 160, b: 60 },
      { r: 60, g: 80, b: 200 },
      { r: 230, g: 200, b: 60 },
    ];
    const fixed = await fixPixelArt(degraded.image, { palette, transparent: true });
    expect([fixed.image.width, fixed.image.height]).toEqual([32, 32]);
    const keys = new Set(palette.map((c) => (c.r << 16) | (c.g << 8) | c.b));
    let clear = 0;
    const d = fixed.image.data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] === 0) {
        expect(d.readUInt32LE(i)).toBe(0);
        clear++;
        continue;
      }
      expect(d[i + 3]).toBe(255);
      expect(keys.has(((d[i] ?? 0) << 16) | ((d[i + 1] ?? 0) << 8) | (d[i + 2] ?? 0))).toBe(true);
    }
    // the sprite's own transparent pixels are the background that was removed
    let truthClear = 0;
    for (let i = 3; i < sprites[20]!.data.length; i += 4) if (sprites[20]!.data[i] === 0) truthClear++;
    expect(Math.abs(clear - truthClear)).toBeLessThan(truthClear * 0.1);
  });

  it("makes a plain picture pixel art of the asked size", async () => {
    const fixed = await fixPixelArt(blobs(200, 5), { width: 24, height: 16, maxColours: 16 });
    expect([fixed.image.width, fixed.image.height]).toEqual([24, 16]);
    expect(fixed.detected).toMatchObject({ width: 24, height: 16 });
    const colours = new Set<number>();
    for (let i = 0; i < fixed.image.data.length; i += 4) colours.add(fixed.image.data.readUInt32LE(i));
    expect(colours.size).toBeLessThanOrEqual(16);
  });

  it("reads the grid near an asked size", async () => {
    const sprites = await readSheet(SHEET);
    const degraded = await degrade(sprites[7]!, 1007);
    const fixed = await fixPixelArt(degraded.image, { width: 32, height: 32 });
    expect(fixed.detected.confidence).toBeGreaterThan(0.3);
    expect(score(fixed.image, degraded.truth).colours).toBeGreaterThan(0.85);
  });
});
