import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeRgbaPng } from "./png-encode.js";
import { encodeIndexedPng } from "./png-indexed.js";

/** `width`×`height` pixels drawn at random from `colours` RGBA values (seeded). */
function picture(width: number, height: number, colours: number, seed = 7, translucent = true) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) >>> 0), s >>> 8);
  const table = Array.from({ length: colours }, (_, i) => [next() & 255, next() & 255, i & 255, translucent && i % 5 === 1 ? (i * 37) & 127 : 255]);
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(table[next() % colours]!, i * 4);
  return data;
}

const decode = async (png: Buffer) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), info };
};

/** Equal pixels, a fully transparent one whatever its colour channels say. */
function expectSame(a: Uint8Array, b: Uint8Array) {
  expect(a.length).toBe(b.length);
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] !== b[i + 3]) differing++;
    else if (a[i + 3] !== 0 && (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2])) differing++;
  }
  expect(differing).toBe(0);
}

describe("encodeIndexedPng", () => {
  it.each([
    [1, 1, 1],
    [7, 3, 2],
    [13, 5, 3],
    [33, 9, 16],
    [17, 17, 17],
    [64, 64, 200],
    [31, 40, 256],
  ])("%i×%i with %i colours decodes to the same pixels, at the smallest bit depth", async (width, height, colours) => {
    const pixels = picture(width, height, colours);
    const png = encodeIndexedPng(pixels, width, height)!;
    expect(png).toBeDefined();
    expect(png[25]).toBe(3); // IHDR colour type: indexed
    const used = new Set(Array.from({ length: width * height }, (_, i) => Buffer.from(pixels.subarray(i * 4, i * 4 + 4)).readUInt32BE())).size;
    expect(png[24]).toBe(used <= 2 ? 1 : used <= 4 ? 2 : used <= 16 ? 4 : 8);
    const { data, info } = await decode(png);
    expect([info.width, info.height]).toEqual([width, height]);
    expectSame(data, pixels);
  });

  it("answers undefined past 256 colours (the caller encodes RGBA)", () => {
    const pixels = new Uint8Array(257 * 4);
    for (let i = 0; i < 257; i++) pixels.set([i & 255, i >> 8, 9, 255], i * 4);
    expect(encodeIndexedPng(pixels, 257, 1)).toBeUndefined();
    expect(encodeIndexedPng(pixels.subarray(0, 256 * 4), 256, 1)).toBeDefined();
  });

  it("counts every fully transparent pixel as one colour, and is smaller than the RGBA PNG", async () => {
    const pixels = picture(48, 48, 40, 3, false);
    for (let i = 0; i < 48 * 48; i += 3) pixels.set([i & 255, (i >> 8) & 255, 1, 0], i * 4); // 768 transparent pixels, each its own RGB
    const png = encodeIndexedPng(pixels, 48, 48)!;
    expect(png).toBeDefined();
    expect(png.byteLength).toBeLessThan(encodeRgbaPng(pixels, 48, 48).byteLength);
    expectSame((await decode(png)).data, pixels);
  });

  it("takes pixels at any byte offset", async () => {
    const pixels = picture(5, 5, 4);
    const shifted = new Uint8Array(pixels.length + 1);
    shifted.set(pixels, 1);
    expectSame((await decode(encodeIndexedPng(shifted.subarray(1), 5, 5)!)).data, pixels);
  });
});
