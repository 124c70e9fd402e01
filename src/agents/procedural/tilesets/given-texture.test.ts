import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { textureGenerator } from "../textures/index.js";
import { interpretPrompt } from "../words/prompt.js";
import { type GivenTexture, resampledSquare, seamlessTerrain, textureSeamScore } from "./given-texture.js";
import { drawTileset, tilesetRefusal } from "./tileset.js";

/** A texture as a caller might bring one: the service's own, cut off-grid so that it no longer wraps (`w` × `h`). */
async function cutTexture(prompt: string, w: number, h: number): Promise<GivenTexture> {
  const drawn = await textureGenerator.generate({ spec: interpretPrompt({ prompt }), width: 128, height: 128, transparent: false, seed: 3 }, () => {});
  const png = PNG.sync.read(drawn.png);
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) rgba.set(png.data.subarray(((y + 9) * 128 + 21) * 4, ((y + 9) * 128 + 21 + w) * 4), y * w * 4);
  return { rgba, width: w, height: h };
}

const GRASS = "ast_grassTexture01";
const DIRT = "ast_dirtTexture002";

describe("a tileset from the caller's textures", () => {
  it("makes each texture seamless first: its seam score falls to about 1", async () => {
    const texture = await cutTexture("cobblestone", 80, 80);
    const square = resampledSquare(texture, 64);
    const before = textureSeamScore(square, 64);
    const { seamBefore, seamAfter, canvas } = seamlessTerrain(texture, 64);
    expect(seamBefore).toBeCloseTo(before, 6);
    expect(seamBefore).toBeGreaterThan(1.3);
    expect(seamAfter).toBeLessThan(1.15);
    expect([canvas.width, canvas.height]).toEqual([64, 64]);
  });

  it("uses two given textures as its terrains, and reports its seamScore", async () => {
    const grass = await cutTexture("grass", 70, 60);
    const dirt = await cutTexture("dirt", 50, 50);
    const out = await drawTileset(
      {
        spec: interpretPrompt({ prompt: "" }),
        width: 64,
        height: 64,
        transparent: false,
        seed: 5,
        tileset: { layout: "wang-corner-16", terrains: [GRASS, DIRT] },
        terrainImages: { [GRASS]: grass, [DIRT]: dirt },
      },
      () => {},
    );
    expect(out.layout).toMatchObject({ kind: "tileset", tileWidth: 64, columns: 4, terrains: [GRASS, DIRT] });
    expect(out.quality.seamScore).toBeLessThan(1.3);
    // the all-grass and all-dirt tiles are the seamless textures themselves: their colours are the textures'
    const png = PNG.sync.read(out.png);
    const meanOf = (index: number): number[] => {
      const tile = out.layout.tiles.find((t) => t.index === index)!;
      const sum = [0, 0, 0];
      for (let y = 0; y < 64; y++)
        for (let x = 0; x < 64; x++) for (let c = 0; c < 3; c++) (sum[c] as number) += png.data[((tile.y + y) * png.width + tile.x + x) * 4 + c] as number;
      return sum.map((v) => Math.round(v / 4096));
    };
    const meanOfTexture = (t: GivenTexture): number[] => {
      const sum = [0, 0, 0];
      for (let p = 0; p < t.rgba.length; p += 4) for (let c = 0; c < 3; c++) (sum[c] as number) += t.rgba[p + c] as number;
      return sum.map((v) => Math.round(v / (t.rgba.length / 4)));
    };
    const near = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number))));
    expect(near(meanOf(15), meanOfTexture(grass))).toBeLessThan(16); // all four corners grass
    expect(near(meanOf(0), meanOfTexture(dirt))).toBeLessThan(16); // none
    expect(near(meanOf(15), meanOf(0))).toBeGreaterThan(16);
  });

  it("does not refuse an asset id as a terrain (its owner is checked at submit), and still refuses an unknown surface", () => {
    expect(tilesetRefusal({ layout: "blob-47", terrains: [GRASS, "water"] })).toBeUndefined();
    expect(tilesetRefusal({ layout: "blob-47", terrains: [GRASS, "qwzx"] })?.terrain).toBe("qwzx");
  });
});
