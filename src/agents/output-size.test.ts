import { describe, expect, it } from "vitest";
import { jobPixels, outputSize } from "./output-size.js";

const sheets = { framesPerAnimation: { idle: 4, walk: 6, run: 6, jump: 5, attack: 5, cast: 5, hurt: 3, death: 5 } } as const;
const drawer = { sheets: { ...sheets, maxSidePx: 4096 } } as never;

describe("a job's output size", () => {
  it("is the picture, the whole tileset, or the whole sheet", () => {
    expect(outputSize({ width: 64, height: 64 }, {})).toEqual({ width: 64, height: 64 });
    expect(outputSize({ width: 512, height: 512, tileset: { layout: "blob-47", terrains: ["grass", "dirt"] } }, {})).toEqual({ width: 3584, height: 3584 });
    expect(outputSize({ width: 64, height: 64, sheet: { animations: ["idle", "walk"], directions: 4, fps: 8 } }, drawer)).toEqual({ width: 384, height: 512 });
  });
  it("counts a model's largest picture when it is more", () => {
    expect(jobPixels({ width: 64, height: 64 }, { maxImagePixels: 2048 * 2048 })).toBe(2048 * 2048);
    expect(jobPixels({ width: 512, height: 512, tileset: { layout: "blob-47", terrains: ["grass"] } }, { maxImagePixels: 100 })).toBe(3584 * 3584);
  });
});
