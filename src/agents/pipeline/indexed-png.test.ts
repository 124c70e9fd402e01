import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { indexedPng, samePixels } from "./indexed-png.js";

const picture = async (width: number, height: number, colour: (i: number) => [number, number, number, number]) => {
  const raw = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) raw.set(colour(i), i * 4);
  return {
    raw,
    png: await sharp(raw, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  };
};
const decode = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe("indexed PNG", () => {
  it("a picture of 16 colours (transparent ones too) becomes a smaller palette PNG with every pixel the same", async () => {
    const { raw, png } = await picture(128, 128, (i) => {
      const c = (i * 7 + Math.floor(i / 128)) % 16;
      return [c * 16, 255 - c * 10, c * 3, c % 3 === 0 ? 0 : 255];
    });
    const indexed = await indexedPng(png);
    expect(indexed).toBeDefined();
    expect(indexed!.byteLength).toBeLessThan(png.byteLength);
    expect(indexed![25]).toBe(3); // IHDR colour type 3: indexed colour
    const [a, b] = [await decode(png), await decode(indexed!)];
    expect([b.info.width, b.info.height]).toEqual([128, 128]);
    expect(samePixels(b.data, a.data)).toBe(true);
    expect(samePixels(b.data, raw)).toBe(true);
    let transparent = 0;
    for (let i = 3; i < raw.length; i += 4) if (raw[i] === 0) transparent++;
    expect(transparent).toBeGreaterThan(1000);
    const changed = Buffer.from(b.data);
    expect(raw[4 * 1 + 3]).toBe(255);
    changed[4 * 1]! ^= 1; // a visible pixel's red: no longer the same
    expect(samePixels(changed, raw)).toBe(false);
  });

  it("exactly 256 colours is indexed; 257 is left as it is", async () => {
    const of = (n: number) => picture(64, 64, (i) => [i % n, (i % n) >> 1, 255 - (i % n), 255]);
    const ok = await of(256);
    const indexed = await indexedPng(ok.png);
    expect(indexed && (await decode(indexed)).data.equals(ok.raw)).toBe(true);
    expect(await indexedPng((await of(257)).png)).toBeUndefined();
  });
});
