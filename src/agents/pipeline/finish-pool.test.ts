import { afterAll, describe, expect, it } from "vitest";
import { testImage } from "../../../test/doubles/images.js";
import { recolorAsset } from "./recolor.js";
import { closeFinishPool, configureFinishPool, postProcessOffThread, recolorOffThread } from "./finish-pool.js";
import { postProcess } from "./post-process.js";

const options = { width: 64, height: 64, transparent: true, nativeTransparency: false, style: "pixel-art" as const };

describe("post-processing off the event loop", () => {
  afterAll(() => closeFinishPool());

  it("answers the asset from the pool's thread", async () => {
    configureFinishPool(1);
    const png = await testImage({ width: 512, height: 512 });
    const asset = await postProcessOffThread({ png, width: 512, height: 512 }, options);
    expect([asset.width, asset.height]).toEqual([64, 64]);
    expect(asset.png.subarray(1, 4).toString()).toBe("PNG");
  });

  it("carries the palette there and the quality report back: the same asset as on this thread", async () => {
    configureFinishPool(1);
    const png = await testImage({ width: 512, height: 512 });
    const withPalette = { ...options, outline: true, palette: ["#0f380f", "#306230", "#8bac0f", "#9bbc0f"] };
    const there = await postProcessOffThread({ png, width: 512, height: 512 }, withPalette);
    const here = await postProcess({ png, width: 512, height: 512 }, withPalette);
    expect(there.png.equals(here.png)).toBe(true);
    expect(there.quality).toEqual(here.quality);
    expect(there.quality).toMatchObject({ paletteCompliance: 1 });
  });

  it("recolours a stored asset in the pool's thread: the same bytes and report as on this thread, the layout kept", async () => {
    configureFinishPool(1);
    const png = await postProcess({ png: await testImage({ width: 256, height: 256 }), width: 256, height: 256 }, options);
    const layout = { kind: "sheet" as const, frameWidth: 32, frameHeight: 64, columns: 2, rows: 1, animations: [] };
    const source = { png: png.png, layout, quality: { colors: 9, paletteCompliance: 1, baselineJitterPx: 0, bboxHeightRangePx: 1 } };
    const palette = ["#000000", "#ff004d", "#ffec27", "#29adff"];
    const there = await recolorOffThread(source, palette, { surface: false });
    const here = await recolorAsset(source, palette, { surface: false });
    expect(there.png.equals(here.png)).toBe(true);
    expect(there.quality).toEqual(here.quality);
    expect(there.quality).toMatchObject({ paletteCompliance: 1, baselineJitterPx: 0, bboxHeightRangePx: 1 });
    expect(there.layout).toEqual(layout);
    expect([there.width, there.height]).toEqual([64, 64]);
  });

  it("a canceled job rejects with the abort at once (its thread is stopped), and the pool goes on", async () => {
    configureFinishPool(1);
    const png = await testImage({ width: 2048, height: 2048 });
    const controller = new AbortController();
    const started = performance.now();
    const job = postProcessOffThread({ png, width: 2048, height: 2048 }, options, controller.signal);
    setTimeout(() => controller.abort(), 5);
    const error = await job.catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(2_000);
    // An already canceled job never starts.
    await expect(postProcessOffThread({ png, width: 2048, height: 2048 }, options, AbortSignal.abort())).rejects.toThrow();
    // The pool still serves the next one.
    const small = await testImage({ width: 128, height: 128 });
    expect((await postProcessOffThread({ png: small, width: 128, height: 128 }, options)).width).toBe(64);
  });
});
