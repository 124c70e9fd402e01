import { describe, expect, it } from "vitest";
import { estimateBorderBackground } from "./border-colours.js";
import { backgroundMask, removeBackground } from "./remove-background.js";
import { pixelAt, rgbDistance } from "./rgba.js";
import type { RgbaImage } from "./rgba.js";
import { addNoise, alphaAt, countAlpha, prng, renderSvg, ringPicture, subjectPicture } from "../../../test/support/pipeline-images.js";

/** Distance (px) outside the test subject of `subjectPicture` (circle r = 0.3·s + square), ≤ 0 inside. */
function outside(x: number, y: number, w: number, h: number): number {
  const s = Math.min(w, h);
  const circle = Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) - s * 0.3;
  const x0 = w / 2 + s * 0.08;
  const y0 = h / 2 + s * 0.08;
  const dx = Math.max(x0 - x - 0.5, 0, x + 0.5 - (x0 + s * 0.24));
  const dy = Math.max(y0 - y - 0.5, 0, y + 0.5 - (y0 + s * 0.24));
  const square = dx === 0 && dy === 0 ? -1 : Math.hypot(dx, dy);
  return Math.min(circle, square);
}

/** Every pixel more than `margin` px outside the subject has alpha 0; every pixel `margin` px inside has alpha 255. */
function expectCleanCut(out: RgbaImage, margin: number): void {
  let badOutside = 0;
  let badInside = 0;
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const d = outside(x, y, out.width, out.height);
      if (d > margin && alphaAt(out, x, y) !== 0) badOutside++;
      if (d < -margin && alphaAt(out, x, y) !== 255) badInside++;
    }
  }
  expect({ badOutside, badInside }).toEqual({ badOutside: 0, badInside: 0 });
}

const GREY = { r: 228, g: 228, b: 228 };

describe("removeBackground", () => {
  it("clears a slightly noisy plain background and keeps the subject opaque", async () => {
    const picture = await subjectPicture();
    const out = removeBackground(picture);
    for (const [x, y] of [
      [0, 0],
      [1023, 0],
      [0, 1023],
      [1023, 1023],
      [512, 5],
      [100, 512],
    ] as const) {
      expect(pixelAt(out, x, y), `${x},${y}`).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    }
    expect(alphaAt(out, 512, 512)).toBe(255); // circle centre
    expect(alphaAt(out, 717, 717)).toBe(255); // square centre
    expectCleanCut(out, 3);
    // the soft part is only the anti-aliased rim: a few pixels per unit of perimeter
    expect(countAlpha(out, (a) => a > 0 && a < 255)).toBeLessThan(6000);
  });

  it("leaves no halo: every visible pixel carries the subject's colour, not the old background", async () => {
    const out = removeBackground(await subjectPicture());
    let visible = 0;
    let closest = Infinity;
    for (let i = 0; i < out.data.length; i += 4) {
      if ((out.data[i + 3] ?? 0) === 0) continue;
      visible++;
      closest = Math.min(closest, rgbDistance({ r: out.data[i] ?? 0, g: out.data[i + 1] ?? 0, b: out.data[i + 2] ?? 0 }, GREY));
    }
    expect(visible).toBeGreaterThan(300_000);
    // red (212, 42, 42) and blue (42, 79, 212) are both > 200 away from the grey; a halo pixel
    // (a grey–red mix left at full colour) would be much closer
    expect(closest).toBeGreaterThan(120);
  });

  it("follows a soft vertical gradient background", async () => {
    const picture = await subjectPicture({ width: 512, height: 512, top: "#f4f4f4", bottom: "#b4b4b4" });
    const out = removeBackground(picture);
    expectCleanCut(out, 3);
  });

  it("follows a vignette whose centre is lighter than any border pixel", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
      <defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#a8a8a8"/></radialGradient></defs>
      <rect width="512" height="512" fill="url(#v)"/><circle cx="256" cy="256" r="153.6" fill="#d42a2a"/>
      <rect x="296.96" y="296.96" width="122.88" height="122.88" fill="#2a4fd4"/></svg>`;
    const picture = addNoise(await renderSvg(svg), 4);
    expect(rgbDistance(pixelAt(picture, 256, 90), estimateBorderBackground(picture).colours[0] ?? GREY)).toBeGreaterThan(32);
    expectCleanCut(removeBackground(picture), 3);
  });

  it("removes a soft drop shadow under the subject (a smooth drift away from the border colour)", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><defs><filter id="b"><feGaussianBlur stdDeviation="8"/></filter></defs>
      <rect width="512" height="512" fill="#e4e4e4"/><ellipse cx="256" cy="420" rx="130" ry="24" fill="#707070" opacity="0.6" filter="url(#b)"/>
      <rect x="186" y="150" width="140" height="260" fill="#2a4fd4"/></svg>`;
    const picture = addNoise(await renderSvg(svg), 4);
    expect(rgbDistance(pixelAt(picture, 256, 422), GREY)).toBeGreaterThan(60); // the shadow's core is dark
    const out = removeBackground(picture);
    for (const [x, y] of [
      [256, 422],
      [180, 420],
      [330, 425],
      [256, 440],
    ] as const)
      expect(alphaAt(out, x, y), `${x},${y}`).toBe(0);
    expect(alphaAt(out, 256, 300)).toBe(255);
  });

  it("keeps a pale subject with crisp edges on a white background (the drift stops at edges)", async () => {
    // parchment-coloured disc and square: 55 and 80 from white, within the drift range, but with real edges
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#ffffff"/>
      <circle cx="256" cy="256" r="153.6" fill="#e6e4d6"/><rect x="296.96" y="296.96" width="122.88" height="122.88" fill="#dcd8c0"/></svg>`;
    const out = removeBackground(addNoise(await renderSvg(svg), 4));
    expectCleanCut(out, 3);
  });

  it("handles a fake-transparency checkerboard (two background colours)", async () => {
    const squares: string[] = [];
    for (let y = 0; y < 512; y += 32)
      for (let x = (y / 32) % 2 === 0 ? 0 : 32; x < 512; x += 64) squares.push(`<rect x="${x}" y="${y}" width="32" height="32" fill="#cccccc"/>`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#ffffff"/>${squares.join("")}
      <circle cx="256" cy="256" r="153.6" fill="#d42a2a"/><rect x="296.96" y="296.96" width="122.88" height="122.88" fill="#2a4fd4"/></svg>`;
    const picture = addNoise(await renderSvg(svg), 3);
    expect(estimateBorderBackground(picture).colours).toHaveLength(2);
    expectCleanCut(removeBackground(picture), 3);
  });

  it("raises the tolerance for a noisy background", async () => {
    const picture = await subjectPicture({ width: 512, height: 512, noise: 24 });
    const { tolerance } = backgroundMask(picture);
    expect(tolerance).toBeGreaterThan(40);
    expectCleanCut(removeBackground(picture), 3);
  });

  it("keeps interior holes of background colour that the subject encloses (documented)", async () => {
    const out = removeBackground(await ringPicture(512));
    expect(alphaAt(out, 0, 0)).toBe(0);
    expect(alphaAt(out, 256, 256)).toBe(255); // inside the ring: not reachable from the border
    expect(rgbDistance(pixelAt(out, 256, 256), GREY)).toBeLessThan(15);
    expect(alphaAt(out, 256, 256 - 154)).toBe(255); // on the ring
  });

  it("removes small specks surrounded by background, keeps detached parts of a real size", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#e4e4e4"/>
      <rect x="40" y="40" width="2" height="2" fill="#222"/><rect x="470" y="90" width="3" height="2" fill="#222"/>
      <rect x="60" y="400" width="40" height="40" fill="#1a8f2a"/><circle cx="300" cy="260" r="120" fill="#d42a2a"/></svg>`;
    const out = removeBackground(await renderSvg(svg));
    expect(alphaAt(out, 40, 40)).toBe(0);
    expect(alphaAt(out, 471, 90)).toBe(0);
    expect(alphaAt(out, 80, 420)).toBe(255);
    expect(alphaAt(out, 300, 260)).toBe(255);
  });

  it("treats an already transparent border as background", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="80" fill="#d42a2a"/></svg>`;
    const out = removeBackground(await renderSvg(svg));
    expect(alphaAt(out, 0, 0)).toBe(0);
    expect(alphaAt(out, 128, 128)).toBe(255);
  });

  it("leaves a picture without a plain background alone (a busy full-bleed scene)", async () => {
    // a mosaic of 24-px tiles in many colours: no colour holds 5 % of the border
    const random = prng(11);
    const tiles: string[] = [];
    for (let y = 0; y < 240; y += 24) {
      for (let x = 0; x < 240; x += 24) {
        const c = [0, 0, 0].map(() => Math.round(random() * 255)).join(",");
        tiles.push(`<rect x="${x}" y="${y}" width="24" height="24" fill="rgb(${c})"/>`);
      }
    }
    const picture = await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">${tiles.join("")}</svg>`);
    const { mask, colours } = backgroundMask(picture);
    expect(colours).toEqual([]);
    expect(mask.every((v) => v === 0)).toBe(true);
    expect(removeBackground(picture).data.equals(picture.data)).toBe(true);
  });

  it("is deterministic", async () => {
    const picture = await subjectPicture({ width: 400, height: 300 });
    expect(removeBackground(picture).data.equals(removeBackground(picture).data)).toBe(true);
  });
});

describe("estimateBorderBackground", () => {
  it("finds one colour and the noise level of a plain noisy background", async () => {
    const border = estimateBorderBackground(await subjectPicture({ width: 256, height: 256, noise: 6 }));
    expect(border.colours).toHaveLength(1);
    expect(rgbDistance(border.colours[0] ?? { r: 0, g: 0, b: 0 }, GREY)).toBeLessThan(3);
    expect(border.noise).toBeGreaterThan(2);
    expect(border.noise).toBeLessThan(15);
  });
});
