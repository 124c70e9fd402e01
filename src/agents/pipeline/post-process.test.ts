import { beforeAll, describe, expect, it } from "vitest";
import { postProcess } from "./post-process.js";
import type { PostProcessOptions } from "./post-process.js";
import { decodeImage, encodePng, isOpaque, pixelAt } from "./rgba.js";
import type { RgbaImage } from "./rgba.js";
import { alphaAt, countAlpha, opaqueColours, renderSvg, subjectPicture, texturePicture } from "../../../test/support/pipeline-images.js";

type Model = { png: Buffer; width: number; height: number };

async function asModelImage(image: RgbaImage): Promise<Model> {
  return { png: await encodePng(image), width: image.width, height: image.height };
}

/** Distance (native px) outside the subject of `subjectPicture` at 1024×1024; ≤ 0 inside. */
function outside(x: number, y: number): number {
  const circle = Math.hypot(x - 512, y - 512) - 307.2;
  const dx = Math.max(593.92 - x, 0, x - 839.68);
  const dy = Math.max(593.92 - y, 0, y - 839.68);
  return Math.min(circle, dx === 0 && dy === 0 ? -1 : Math.hypot(dx, dy));
}

const base = { width: 64, height: 64, transparent: true, nativeTransparency: false, style: "pixel-art" } as const;
let picture: Model;

beforeAll(async () => {
  // what an OpenAI-compatible model returns: 1024×1024, opaque, slightly noisy light-grey background
  picture = await asModelImage(await subjectPicture());
});

describe("postProcess: 64×64 transparent pixel art from a 1024×1024 opaque picture", () => {
  it.each([
    [8, false],
    [32, false],
    [8, true],
    [32, true],
  ])("palette %i, outline %s: transparent background, opaque subject, ≤ palette colours", async (paletteSize, outline) => {
    const result = await postProcess(picture, { ...base, paletteSize, outline });
    expect([result.width, result.height]).toEqual([64, 64]);
    const out = await decodeImage(result.png);
    expect([out.width, out.height]).toEqual([64, 64]);
    for (const [x, y] of [
      [0, 0],
      [63, 0],
      [0, 63],
      [63, 63],
    ] as const)
      expect(pixelAt(out, x, y), `corner ${x},${y}`).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(alphaAt(out, 32, 32)).toBe(255); // the subject's centre
    expect(countAlpha(out, (a) => a > 0 && a < 255)).toBe(0); // no semi-transparent pixel at all
    // a ring around the subject (beyond the outline, if any) is fully transparent; the inside opaque
    const ring = outline ? 2.5 : 1.5;
    let ringPixels = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const d = outside(x * 16 + 8, y * 16 + 8) / 16;
        if (d > ring && d < ring + 4) {
          ringPixels++;
          expect(alphaAt(out, x, y), `ring ${x},${y}`).toBe(0);
        }
        if (d < -1.5) expect(alphaAt(out, x, y), `inside ${x},${y}`).toBe(255);
      }
    }
    expect(ringPixels).toBeGreaterThan(500);
    expect(opaqueColours(out).size).toBeLessThanOrEqual(paletteSize);
  });

  it("works the same on a soft gradient background, and with the default palette of 32", async () => {
    const gradient = await asModelImage(await subjectPicture({ top: "#f2f2f2", bottom: "#bcbcbc", noise: 8 }));
    const out = await decodeImage((await postProcess(gradient, base)).png);
    expect(alphaAt(out, 0, 0)).toBe(0);
    expect(alphaAt(out, 63, 63)).toBe(0);
    expect(alphaAt(out, 32, 32)).toBe(255);
    expect(countAlpha(out, (a) => a > 0 && a < 255)).toBe(0);
    expect(opaqueColours(out).size).toBeLessThanOrEqual(32);
  });
});

describe("postProcess: transparency", () => {
  it("uses native transparency as it is, clearing faint alpha noise in the background", async () => {
    const native = await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
      <rect width="512" height="512" fill="#fff" fill-opacity="0.012"/><circle cx="256" cy="256" r="150" fill="#d42a2a"/></svg>`);
    expect(alphaAt(native, 0, 0)).toBeGreaterThan(0);
    const model = await asModelImage(native);
    for (const style of ["none", "icon", "pixel-art"] as const) {
      const out = await decodeImage((await postProcess(model, { width: 128, height: 128, transparent: true, nativeTransparency: true, style })).png);
      expect(alphaAt(out, 0, 0), style).toBe(0);
      expect(alphaAt(out, 5, 64), style).toBe(0);
      expect(alphaAt(out, 64, 64), style).toBe(255);
    }
  });

  it("removes the background when a 'native transparency' model sent an opaque picture anyway", async () => {
    const out = await decodeImage((await postProcess(picture, { ...base, nativeTransparency: true })).png);
    expect(alphaAt(out, 0, 0)).toBe(0);
    expect(alphaAt(out, 32, 32)).toBe(255);
  });

  it("gives fully opaque output when transparency is not asked, and for textures", async () => {
    const withAlpha = await asModelImage(
      await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="60" fill="#d42a2a"/></svg>`),
    );
    for (const style of ["none", "pixel-art", "icon", "texture"] as const) {
      for (const model of [picture, withAlpha]) {
        const out = await decodeImage(
          (await postProcess(model, { width: 64, height: 64, transparent: style === "texture", nativeTransparency: false, style })).png,
        );
        expect(isOpaque(out), style).toBe(true);
      }
    }
    // alpha that was not asked for is flattened onto white; an opaque picture keeps its own background
    const flat = await decodeImage((await postProcess(withAlpha, { width: 64, height: 64, transparent: false, nativeTransparency: false, style: "none" })).png);
    expect(pixelAt(flat, 0, 0)).toEqual({ r: 255, g: 255, b: 255, a: 255 });
    const kept = await decodeImage((await postProcess(picture, { width: 64, height: 64, transparent: false, nativeTransparency: false, style: "none" })).png);
    expect(Math.abs(pixelAt(kept, 0, 0).r - 228)).toBeLessThan(6);
  });
});

describe("postProcess: sizes, determinism, options", () => {
  const styles = ["none", "pixel-art", "icon", "texture"] as const;

  it.each(styles)("%s: the output is a PNG of exactly the asked size (square, non-square, upscale)", async (style) => {
    const small = await asModelImage(await subjectPicture({ width: 256, height: 256 }));
    for (const [model, width, height] of [
      [picture, 64, 64],
      [picture, 128, 64],
      [picture, 48, 96],
      [small, 512, 512],
    ] as const) {
      for (const transparent of [true, false]) {
        const result = await postProcess(model, { width, height, transparent, nativeTransparency: false, style });
        expect(result.png.subarray(1, 4).toString()).toBe("PNG");
        const out = await decodeImage(result.png);
        expect([result.width, result.height, out.width, out.height]).toEqual([width, height, width, height]);
      }
    }
  });

  it.each(styles)("%s: same bytes and options give the same output bytes", async (style) => {
    const options: PostProcessOptions = { width: 96, height: 96, transparent: true, nativeTransparency: false, style, outline: true, paletteSize: 12 };
    const a = await postProcess(picture, options);
    const b = await postProcess({ ...picture, png: Buffer.from(picture.png) }, { ...options });
    expect(a.png.equals(b.png)).toBe(true);
  });

  it("refuses invalid options", async () => {
    await expect(postProcess(picture, { ...base, paletteSize: 1 })).rejects.toThrow(RangeError);
    await expect(postProcess(picture, { ...base, paletteSize: 300 })).rejects.toThrow(RangeError);
    await expect(postProcess(picture, { ...base, paletteSize: 8.5 })).rejects.toThrow(RangeError);
    await expect(postProcess(picture, { ...base, width: 0 })).rejects.toThrow(RangeError);
    await expect(postProcess(picture, { ...base, style: "watercolour" as "none" })).rejects.toThrow(RangeError);
    await expect(postProcess({ png: Buffer.from("not a png"), width: 1, height: 1 }, base)).rejects.toThrow();
  });

  // Each case runs once in the suite (it must not throw); TIMINGS=1 prints three timed runs after a warm-up (nothing asserts them).
  it("is fast enough (timings printed, not asserted)", async () => {
    const timing = Boolean(process.env.TIMINGS);
    const texture = await asModelImage(await texturePicture());
    const cases: [string, Model, PostProcessOptions][] = [
      ["1024→64 pixel-art (transparent, removal)", picture, base],
      ["1024→256 icon (transparent, removal)", picture, { ...base, width: 256, height: 256, style: "icon" }],
      ["1024→512 texture", texture, { ...base, width: 512, height: 512, style: "texture", transparent: false }],
    ];
    for (const [name, model, options] of cases) {
      if (timing) await postProcess(model, options); // warm-up
      const times: number[] = [];
      for (let k = 0; k < (timing ? 3 : 1); k++) {
        const start = performance.now();
        await postProcess(model, options);
        times.push(performance.now() - start);
      }
      console.log(`${name}: ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
    }
  });
});
