import { describe, expect, it } from "vitest";
import { chooseFitMode, fit } from "./fit.js";
import { createImage, pixelAt } from "./rgba.js";
import type { RgbaImage } from "./rgba.js";
import { alphaAt, opaqueColours, renderSvg } from "../../../test/support/pipeline-images.js";

/** Opaque picture: left third red, middle third green, right third blue (makes crops visible). */
async function stripes(width: number, height: number): Promise<RgbaImage> {
  const third = width / 3;
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${third}" height="${height}" fill="#f00"/><rect x="${third}" width="${third}" height="${height}" fill="#0f0"/>
    <rect x="${2 * third}" width="${third}" height="${height}" fill="#00f"/></svg>`);
}

describe("fit", () => {
  it.each([
    [1024, 1024, 64, 64],
    [1024, 1024, 256, 128],
    [1536, 1024, 512, 512],
    [1024, 1536, 100, 300],
    [64, 64, 256, 256],
  ])("gives exactly the asked size (%i×%i → %i×%i) in both modes", async (w, h, tw, th) => {
    const image = await stripes(w, h);
    for (const mode of ["cover", "contain"] as const) {
      const out = await fit(image, { width: tw, height: th, mode });
      expect([out.width, out.height, out.data.length]).toEqual([tw, th, tw * th * 4]);
    }
  });

  it("cover crops the overflow, centred, without padding", async () => {
    // 1536×1024 → 512×512: scale to 768×512, crop 128 px each side; red and blue stay visible, narrower
    const out = await fit(await stripes(1536, 1024), { width: 512, height: 512, mode: "cover" });
    expect(alphaAt(out, 0, 0)).toBe(255);
    expect(alphaAt(out, 511, 511)).toBe(255);
    expect(pixelAt(out, 10, 256)).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(pixelAt(out, 256, 256)).toMatchObject({ r: 0, g: 255, b: 0 });
    expect(pixelAt(out, 501, 256)).toMatchObject({ r: 0, g: 0, b: 255 });
    // the green stripe is 256 px wide in the output (centred): 128…383
    expect(pixelAt(out, 134, 256).g).toBeGreaterThan(245);
    expect(pixelAt(out, 121, 256).r).toBeGreaterThan(245);
  });

  it("contain pads with transparency (or a given colour), centred", async () => {
    const image = await stripes(1536, 1024);
    const out = await fit(image, { width: 300, height: 300, mode: "contain" });
    // 300×200 content, 50 px of padding above and below
    expect(alphaAt(out, 150, 10)).toBe(0);
    expect(alphaAt(out, 150, 290)).toBe(0);
    expect(alphaAt(out, 150, 150)).toBe(255);
    expect(alphaAt(out, 0, 150)).toBe(255);
    const padded = await fit(image, { width: 300, height: 300, mode: "contain", padding: { r: 9, g: 8, b: 7 } });
    expect(pixelAt(padded, 150, 10)).toEqual({ r: 9, g: 8, b: 7, a: 255 });
  });

  it("does not bleed the colour of transparent pixels into the subject (premultiplied resize)", async () => {
    // a white opaque square on transparent *green* (alpha 0): no green may appear after the resize
    const image = createImage(256, 256);
    for (let y = 0; y < 256; y++) {
      for (let x = 0; x < 256; x++) {
        const inside = x >= 64 && x < 192 && y >= 64 && y < 192;
        image.data.set(inside ? [255, 255, 255, 255] : [0, 255, 0, 0], (y * 256 + x) * 4);
      }
    }
    const out = await fit(image, { width: 37, height: 37 });
    for (let i = 0; i < out.data.length; i += 4) {
      if ((out.data[i + 3] ?? 0) > 16) expect(out.data[i] ?? 0, `pixel ${i / 4}`).toBeGreaterThan(235);
    }
  });

  it("nearest keeps the exact colours (no blends), lanczos3 blends", async () => {
    const image = await stripes(999, 999);
    const nearest = await fit(image, { width: 64, height: 64, kernel: "nearest" });
    expect(opaqueColours(nearest).size).toBe(3);
    const smooth = await fit(image, { width: 64, height: 64, kernel: "lanczos3" });
    expect(opaqueColours(smooth).size).toBeGreaterThan(3);
  });

  it("returns a copy when the size already matches, and refuses bad sizes", async () => {
    const image = await stripes(64, 64);
    const out = await fit(image, { width: 64, height: 64 });
    expect(out.data.equals(image.data)).toBe(true);
    expect(out.data).not.toBe(image.data);
    await expect(fit(image, { width: 0, height: 64 })).rejects.toThrow(RangeError);
    await expect(fit(image, { width: 10.5, height: 64 })).rejects.toThrow(RangeError);
  });

  it("chooses contain for transparent assets and cover for opaque ones and textures", () => {
    expect(chooseFitMode({ transparent: true, style: "none" })).toBe("contain");
    expect(chooseFitMode({ transparent: true, style: "pixel-art" })).toBe("contain");
    expect(chooseFitMode({ transparent: true, style: "texture" })).toBe("cover");
    expect(chooseFitMode({ transparent: false, style: "none" })).toBe("cover");
  });
});
