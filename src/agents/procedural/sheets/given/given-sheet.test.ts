import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { ANIMATIONS, type SheetRequest } from "../../../driver.js";
import { pixelSpriteGenerator } from "../posed.js";
import { interpretPrompt } from "../../words/prompt.js";
import { frameRuleViolations } from "../frame-rules.js";
import { SHEET_FRAMES } from "../sprite-sheet.js";
import { viewOf } from "./analyse.js";
import { drawGivenSheet, givenSheetRefusal, type GivenSprite } from "./given-sheet.js";
import { spriteArt } from "./sprite-art.js";

const all: SheetRequest = { animations: [...ANIMATIONS], directions: 1, fps: 10 };

async function drawn(prompt: string, size = 32): Promise<GivenSprite> {
  const image = await pixelSpriteGenerator.generate({ spec: interpretPrompt({ prompt }), width: size, height: size, transparent: true, seed: 7 }, () => {});
  const png = PNG.sync.read(image.png);
  return { rgba: new Uint8Array(png.data), width: png.width, height: png.height };
}

const rgbKey = (d: Uint8Array, p: number): number => (((d[p] ?? 0) << 16) | ((d[p + 1] ?? 0) << 8) | (d[p + 2] ?? 0)) >>> 0;
function coloursOf(rgba: Uint8Array): Set<number> {
  const out = new Set<number>();
  for (let p = 0; p < rgba.length; p += 4) if (rgba[p + 3]) out.add(rgbKey(rgba, p));
  return out;
}

/**
 * A hand-made profile: a dog facing left (a big head with an eye on the left, a tail up on the right), three
 * legs with gaps between them, in three colours, with a margin of transparency.
 */
function dog(facingRight = false): GivenSprite {
  const rows = [
    "....................",
    "....................",
    "..oooo..............",
    "..obbbo.............",
    "..obebbo............",
    "..obbbbbo.......o...",
    "..oobbbbooooooob....",
    "....obbbbbbbbbbo....",
    "....obbbbbbbbbbo....",
    "....obbbbbbbbbbo....",
    "....obo.obo.obo.....",
    "....obo.obo.obo.....",
    "....obo.obo.obo.....",
    "....oo..oo..oo......",
    "....................",
    "....................",
  ];
  const colour: Record<string, number[]> = { o: [40, 30, 30, 255], b: [170, 120, 70, 255], e: [250, 250, 250, 255], ".": [0, 0, 0, 0] };
  const width = 20;
  const rgba = new Uint8Array(width * rows.length * 4);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) rgba.set(colour[row[facingRight ? width - 1 - x : x] as string] as number[], (y * width + x) * 4);
  });
  return { rgba, width, height: rows.length };
}

/** The sprite upscaled `k` times (nearest) on an opaque background, as a model or an editor exports it. */
function upscaledOnBackground(s: GivenSprite, k: number, background: number[]): GivenSprite {
  const width = s.width * k;
  const height = s.height * k;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / k) * s.width + Math.floor(x / k)) * 4;
      rgba.set(s.rgba[from + 3] ? s.rgba.subarray(from, from + 4) : background, (y * width + x) * 4);
    }
  }
  return { rgba, width, height };
}

describe("a sheet from a given sprite", () => {
  it.each([
    ["knight with a sword", "south"],
    ["wizard", "south"],
    ["green slime", "south"],
    ["orc warrior", "south"],
    ["wolf", "east"],
    ["horse", "east"],
    ["chicken", "east"],
  ])("%s (drawn by the service, decoded) keeps section 12's frame rules in every animation, seen %s", async (prompt, direction) => {
    const sprite = await drawn(prompt);
    const out = await drawGivenSheet({ image: sprite, width: 64, height: 64, sheet: all }, () => {});
    const png = PNG.sync.read(out.png);
    expect([png.width, png.height]).toEqual([out.width, out.height]);
    expect(out.layout).toMatchObject({ kind: "sheet", frameWidth: 64, frameHeight: 64, columns: 6, rows: 8 });
    expect(out.layout.animations.map((r) => [r.name, r.direction, r.frames, r.fps, r.loop])).toEqual(
      ANIMATIONS.map((a) => [a, direction, SHEET_FRAMES[a], 10, ["idle", "walk", "run"].includes(a)]),
    );
    // the sprite's own colours, and the hit flash (its lightest colour, or white)
    const own = coloursOf(sprite.rgba);
    const extra = [...coloursOf(png.data)].filter((c) => !own.has(c));
    expect(extra.length).toBeLessThanOrEqual(1);
    expect(frameRuleViolations(png, out.layout, new Set([...own, ...extra]))).toEqual([]);
    expect(out.quality).toMatchObject({ baselineJitterPx: 0, paletteCompliance: 1 });
    expect(out.quality.bboxHeightRangePx).toBeLessThanOrEqual(2);
  });

  it("animates a hand-made profile: facing left it shows west, its mirror image east, frame for frame mirrored", async () => {
    const left = await drawGivenSheet({ image: dog(), width: 32, height: 32, sheet: all }, () => {});
    const right = await drawGivenSheet({ image: dog(true), width: 32, height: 32, sheet: all }, () => {});
    expect(new Set(left.layout.animations.map((r) => r.direction))).toEqual(new Set(["west"]));
    expect(new Set(right.layout.animations.map((r) => r.direction))).toEqual(new Set(["east"]));
    const a = PNG.sync.read(left.png);
    const b = PNG.sync.read(right.png);
    expect(frameRuleViolations(a, left.layout, coloursOf(dog().rgba).add(0xffffff))).toEqual([]);
    // the dog sits at 2× in a 32 px frame (15 px wide: an integer scale, never a fraction); every frame mirrored
    for (const row of left.layout.animations) {
      for (let c = 0; c < row.frames; c++) {
        const x0 = c * 32;
        const y0 = row.row * 32;
        expect(figureOf(b, x0, y0, false), `${row.name} frame ${c} mirrored`).toEqual(figureOf(a, x0, y0, true));
      }
    }
  });

  it("reads an upscaled sprite on an opaque background as the same pixel art: the same sheet", async () => {
    const art = spriteArt(upscaledOnBackground(dog(), 3, [90, 160, 220, 255]).rgba, 60, 48);
    expect(art).toMatchObject({ scale: 3, backgroundRemoved: true, figure: { w: 15, h: 12 } });
    const plain = await drawGivenSheet({ image: dog(), width: 32, height: 32, sheet: all }, () => {});
    const big = await drawGivenSheet({ image: upscaledOnBackground(dog(), 3, [90, 160, 220, 255]), width: 32, height: 32, sheet: all }, () => {});
    expect(Buffer.compare(plain.png, big.png)).toBe(0);
  });

  it("is read as a front view when left-right symmetric, as a profile otherwise", async () => {
    expect(viewOf(spriteArt(dog().rgba, 20, 16)!.figure).facing).toBe(-1);
    expect(viewOf(spriteArt(dog(true).rgba, 20, 16)!.figure).facing).toBe(1);
    for (const prompt of ["knight with a sword", "wizard", "skeleton", "ghost"])
      expect(viewOf(spriteArt(...rgbaOf(await drawn(prompt)))!.figure).facing, prompt).toBe(0);
    for (const prompt of ["wolf", "horse", "cat", "pig"]) expect(viewOf(spriteArt(...rgbaOf(await drawn(prompt)))!.figure).facing, prompt).not.toBe(0);
  });
});

/** The figure of a 32 px frame cropped to its box, as rows of packed pixels (mirrored when asked). */
function figureOf(p: PNG, x0: number, y0: number, mirror: boolean): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < 32; y++) {
    const row: number[] = [];
    for (let x = 0; x < 32; x++) row.push(p.data.readUInt32BE(((y0 + y) * p.width + x0 + (mirror ? 31 - x : x)) * 4));
    rows.push(row);
  }
  const filled = (v: number[]): boolean => v.some((px) => (px & 255) > 0);
  const top = rows.findIndex(filled);
  const bottom = rows.findLastIndex(filled);
  const columns = rows[0]!.map((_, x) => rows.map((r) => r[x]!));
  const left = columns.findIndex(filled);
  const right = columns.findLastIndex(filled);
  return rows.slice(top, bottom + 1).map((r) => r.slice(left, right + 1));
}

const rgbaOf = (s: GivenSprite): [Uint8Array, number, number] => [s.rgba, s.width, s.height];

describe("givenSheetRefusal", () => {
  it("refuses the directions a sprite cannot show, naming those it can make", async () => {
    const knight = await drawn("knight with a sword");
    expect(givenSheetRefusal(knight, 32, 32, { ...all, directions: 4 })).toBe(
      "sheet.directions: This sprite faces the viewer (it is left–right symmetric): it can make south only; its back (north) and its sides cannot be seen in it. Asked east, north, west: ask sheet.directions 1 (its own view, south).",
    );
    expect(givenSheetRefusal(dog(), 32, 32, { ...all, directions: 8 })).toMatch(
      /^sheet\.directions: This sprite is a profile facing west: it can make west and east \(mirrored\); its front \(south\) and back \(north\) cannot be seen in it\. Asked south, north, south-east/,
    );
    expect(givenSheetRefusal(knight, 32, 32, all)).toBeUndefined();
    await expect(drawGivenSheet({ image: knight, width: 32, height: 32, sheet: { ...all, directions: 4 } }, () => {})).rejects.toThrow(/can make south only/);
  });

  it("refuses a sprite larger than the frame, and a picture with no figure", () => {
    expect(givenSheetRefusal(dog(), 8, 8, all)).toBe(
      "image: the sprite's figure is 15×12 pixels at its own resolution and does not fit a 8×8 frame. Ask a frame size of at least 15×12 (width and height), or shrink the sprite with the pixel-fixer agent first.",
    );
    expect(givenSheetRefusal({ rgba: new Uint8Array(16 * 16 * 4), width: 16, height: 16 }, 32, 32, all)).toMatch(/^image: the picture shows no figure/);
  });
});
