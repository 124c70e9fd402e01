import { describe, expect, it } from "vitest";
import { contentBox, icon, maskBox, squareAround, trimBorder } from "./icon.js";
import { backgroundMask } from "./remove-background.js";
import { createImage, isOpaque, pixelAt, rgbDistance } from "./rgba.js";
import type { RgbaImage } from "./rgba.js";
import { addNoise, alphaAt, renderSvg } from "../../../test/support/pipeline-images.js";

/** Bounding box of the pixels for which `inside` holds. */
function bbox(image: RgbaImage, inside: (x: number, y: number) => boolean): { left: number; top: number; right: number; bottom: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!inside(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { left, top, right, bottom };
}

/** A transparent 1536×1024 picture with a subject off-centre (top left). */
async function offCentre(shape: string): Promise<RgbaImage> {
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024">${shape}</svg>`);
}

describe("icon", () => {
  it("centres a small off-centre subject of a non-square picture in a square, with an 8 % margin", async () => {
    const image = await offCentre(`<circle cx="300" cy="260" r="120" fill="#d42a2a"/>`);
    const out = await icon(image, { width: 256, height: 256 });
    expect([out.width, out.height]).toEqual([256, 256]);
    const box = bbox(out, (x, y) => alphaAt(out, x, y) > 0);
    // 8 % of 256 = 20.5 px on every side
    for (const side of [box.left, box.top, 255 - box.right, 255 - box.bottom]) {
      expect(side).toBeGreaterThanOrEqual(18);
      expect(side).toBeLessThanOrEqual(23);
    }
    expect(alphaAt(out, 0, 0)).toBe(0);
    expect(alphaAt(out, 128, 128)).toBe(255);
  });

  it("pads a wide subject vertically: the long side spans the square minus the margins", async () => {
    const image = await offCentre(`<rect x="100" y="700" width="800" height="200" fill="#2a4fd4"/>`);
    const out = await icon(image, { width: 100, height: 100, margin: 0.1 });
    const box = bbox(out, (x, y) => alphaAt(out, x, y) >= 128);
    expect(box.left).toBe(10);
    expect(box.right).toBe(89);
    // 80 × 20 px, centred vertically: rows 40–59
    expect(box.top).toBeGreaterThanOrEqual(39);
    expect(box.bottom).toBeLessThanOrEqual(60);
    expect(Math.abs(box.top - (99 - box.bottom))).toBeLessThanOrEqual(1);
  });

  it("trims an opaque picture, keeps its own background in the margin, and stays opaque", async () => {
    const grey = { r: 228, g: 228, b: 228 };
    const image = addNoise(
      await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
      <rect width="1024" height="768" fill="#e4e4e4"/><rect x="600" y="100" width="300" height="300" fill="#1a8f2a"/></svg>`),
      5,
    );
    const out = await icon(image, { width: 128, height: 128, background: grey });
    expect(isOpaque(out)).toBe(true);
    expect(rgbDistance(pixelAt(out, 2, 2), grey)).toBeLessThan(4);
    expect(rgbDistance(pixelAt(out, 125, 125), grey)).toBeLessThan(4);
    const box = bbox(out, (x, y) => pixelAt(out, x, y).r < 120);
    for (const side of [box.left, box.top, 127 - box.right, 127 - box.bottom]) {
      expect(side).toBeGreaterThanOrEqual(8);
      expect(side).toBeLessThanOrEqual(12);
    }
    await expect(icon(image, { width: 64, height: 64 })).rejects.toThrow(/background/);
  });
  it("has no seam between the trimmed part and the margin on a gradient background", async () => {
    const image = addNoise(
      await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f4f4"/><stop offset="1" stop-color="#b0b0b0"/></linearGradient></defs>
      <rect width="1024" height="1024" fill="url(#g)"/><rect x="400" y="300" width="200" height="400" fill="#1a8f2a"/></svg>`),
      4,
    );
    // a trim against one colour cannot find the subject on a gradient; the background mask can
    const { mask } = backgroundMask(image);
    const box = maskBox(mask, image.width, image.height);
    expect(box).toEqual({ left: 400, top: 300, width: 200, height: 400 });
    const out = await icon(image, { width: 128, height: 128, background: { r: 210, g: 210, b: 210 }, box });
    expect(pixelAt(out, 64, 64).g).toBeGreaterThan(120); // the green subject in the middle
    // down the left margin (background only) the colour changes smoothly, without a jump
    let jump = 0;
    for (let y = 0; y + 1 < 128; y++) jump = Math.max(jump, Math.abs(pixelAt(out, 4, y + 1).g - pixelAt(out, 4, y).g));
    expect(jump).toBeLessThan(8);
  });
});

describe("contentBox, trimBorder and squareAround", () => {
  it("trim cuts the transparent border; an empty image comes back whole", async () => {
    const image = await offCentre(`<rect x="100" y="200" width="50" height="30" fill="#000"/>`);
    expect(await contentBox(image)).toEqual({ left: 100, top: 200, width: 50, height: 30 });
    const trimmed = await trimBorder(image);
    expect([trimmed.width, trimmed.height]).toEqual([50, 30]);
    const empty = await trimBorder(createImage(40, 20));
    expect([empty.width, empty.height]).toEqual([40, 20]);
  });

  it("cuts the square with the margin around the box, padding only beyond the picture", async () => {
    const image = createImage(200, 100);
    image.data.fill(255);
    // an 84×42 box in the middle: a 100×100 square, 8 px margin left and right
    const square = await squareAround(image, { left: 58, top: 29, width: 84, height: 42 }, { margin: 0.08 });
    expect([square.width, square.height]).toEqual([100, 100]);
    expect(alphaAt(square, 0, 0)).toBe(255); // inside the picture: the picture's own pixels
    // a box at the picture's top-left corner: the square reaches outside, padded transparent
    const corner = await squareAround(image, { left: 0, top: 0, width: 84, height: 42 }, { margin: 0.08 });
    expect([corner.width, corner.height]).toEqual([100, 100]);
    expect(alphaAt(corner, 7, 50)).toBe(0);
    expect(alphaAt(corner, 8, 50)).toBe(255);
    expect(alphaAt(corner, 50, 28)).toBe(0);
    expect(alphaAt(corner, 50, 29)).toBe(255);
    expect((await squareAround(image, { left: 58, top: 29, width: 84, height: 42 }, { margin: 0 })).width).toBe(84);
    await expect(squareAround(image, { left: 0, top: 0, width: 10, height: 10 }, { margin: 0.5 })).rejects.toThrow(RangeError);
  });
});
