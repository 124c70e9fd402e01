import { describe, expect, it } from "vitest";
import { type AtlasPiece, composeAtlas, type Rgba, trimRegion } from "./compose.js";

/** A picture whose every pixel differs from the others (so a misplaced copy shows). */
function noisy(width: number, height: number, seed: number): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = (i * 7 + seed) & 255;
    data[i * 4 + 1] = (i >> 8) + seed;
    data[i * 4 + 2] = (i * 13) & 255;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

const pixel = (img: Rgba, x: number, y: number) => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

describe("composeAtlas", () => {
  it("copies each frame's pixels exactly and extrudes tiles' edges", () => {
    const sheet = noisy(96, 32, 1);
    const tiles = noisy(64, 32, 2);
    const pieces: AtlasPiece[] = [
      ...[0, 1, 2].map((i) => ({ image: sheet, x: i * 32, y: 0, w: 32, h: 32 })),
      ...[0, 1].map((i) => ({ image: tiles, x: i * 32, y: 0, w: 32, h: 32, tile: true })),
    ];
    const atlas = composeAtlas(pieces, { maxSize: 512, padding: 2, extrude: 2, trim: false, powerOfTwo: true });
    for (const [i, piece] of pieces.entries()) {
      const f = atlas.frames[i]!;
      const page = atlas.pages[f.page]!;
      for (let y = 0; y < piece.h; y++) {
        for (let x = 0; x < piece.w; x++) expect(pixel(page, f.frame.x + x, f.frame.y + y)).toEqual(pixel(piece.image, piece.x + x, piece.y + y));
      }
      if (piece.tile) {
        // Two pixels out on every side, and the corner, repeat the edge.
        expect(pixel(page, f.frame.x - 2, f.frame.y + 5)).toEqual(pixel(piece.image, piece.x, piece.y + 5));
        expect(pixel(page, f.frame.x + 31 + 2, f.frame.y + 5)).toEqual(pixel(piece.image, piece.x + 31, piece.y + 5));
        expect(pixel(page, f.frame.x + 7, f.frame.y - 1)).toEqual(pixel(piece.image, piece.x + 7, piece.y));
        expect(pixel(page, f.frame.x + 7, f.frame.y + 33)).toEqual(pixel(piece.image, piece.x + 7, piece.y + 31));
        expect(pixel(page, f.frame.x - 2, f.frame.y - 2)).toEqual(pixel(piece.image, piece.x, piece.y));
      } else {
        expect(pixel(page, f.frame.x - 1, f.frame.y)[3]).toBe(0);
      }
    }
  });

  it("trims transparent borders and says where the rest sat", () => {
    const img: Rgba = { data: new Uint8Array(16 * 16 * 4), width: 16, height: 16 };
    for (const [x, y] of [
      [3, 4],
      [10, 12],
    ])
      img.data.set([200, 100, 50, 255], (y! * 16 + x!) * 4);
    const piece = { image: img, x: 0, y: 0, w: 16, h: 16 };
    expect(trimRegion(piece)).toEqual({ x: 3, y: 4, w: 8, h: 9 });
    const atlas = composeAtlas([piece], { maxSize: 64, padding: 1, extrude: 0, trim: true, powerOfTwo: false });
    const f = atlas.frames[0]!;
    expect(f).toMatchObject({ trimmed: true, spriteSourceSize: { x: 3, y: 4, w: 8, h: 9 }, sourceSize: { w: 16, h: 16 } });
    expect(pixel(atlas.pages[0]!, f.frame.x, f.frame.y)).toEqual([200, 100, 50, 255]);
    expect(pixel(atlas.pages[0]!, f.frame.x + 7, f.frame.y + 8)).toEqual([200, 100, 50, 255]);
    expect(atlas.pages[0]!.width).toBe(10);
  });

  it("keeps an empty frame as one transparent pixel when trimming", () => {
    const img: Rgba = { data: new Uint8Array(8 * 8 * 4), width: 8, height: 8 };
    const atlas = composeAtlas([{ image: img, x: 0, y: 0, w: 8, h: 8 }], { maxSize: 64, padding: 0, extrude: 0, trim: true, powerOfTwo: false });
    expect(atlas.frames[0]!.frame).toMatchObject({ w: 1, h: 1 });
  });
});
