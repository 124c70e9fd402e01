import { describe, expect, it } from "vitest";
import { fit } from "./fit.js";
import { featherWeights, makeSeamless } from "./texture.js";
import { seamScores, texturePicture } from "../../../test/support/pipeline-images.js";

describe("makeSeamless", () => {
  it("makes the wrap-around join look like any pair of neighbouring columns and rows", async () => {
    for (const size of [64, 256, 512]) {
      const tile = await fit(await texturePicture(1024), { width: size, height: size });
      const before = seamScores(tile);
      // the test picture really has seams: the wrap differs far more than neighbours inside
      expect(before.wrapX).toBeGreaterThan(before.insideX * 4);
      expect(before.wrapY).toBeGreaterThan(before.insideY * 4);
      const s = seamScores(makeSeamless(tile));
      expect(s.wrapX, JSON.stringify(s)).toBeLessThan(s.insideX * 1.5 + 2);
      expect(s.wrapY, JSON.stringify(s)).toBeLessThan(s.insideY * 1.5 + 2);
    }
  });

  it("keeps the middle of the tile untouched and works on non-square tiles", async () => {
    const tile = await fit(await texturePicture(1024), { width: 300, height: 200 });
    const out = makeSeamless(tile);
    expect([out.width, out.height]).toEqual([300, 200]);
    const centre = (100 * 300 + 150) * 4;
    expect(out.data.subarray(centre, centre + 4)).toEqual(tile.data.subarray(centre, centre + 4));
    const s = seamScores(out);
    expect(s.wrapX).toBeLessThan(s.insideX * 1.5 + 2);
    expect(s.wrapY).toBeLessThan(s.insideY * 1.5 + 2);
  });

  it("has a feathered mask: 0 at the edges, 1 in the middle, smooth in between", () => {
    const w = featherWeights(100, 25);
    expect(w[0]).toBe(0);
    expect(w[99]).toBe(0);
    expect(w[25]).toBe(1);
    expect(w[50]).toBe(1);
    for (let x = 1; x < 25; x++) expect(w[x] ?? 0).toBeGreaterThan(w[x - 1] ?? 0);
    expect(() => makeSeamless({ data: Buffer.alloc(64), width: 4, height: 4 }, { feather: 0 })).toThrow(RangeError);
  });
});
