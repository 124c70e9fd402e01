import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { ANIMATIONS, type SheetLayout } from "../../driver.js";
import { modelSprite } from "../sprites/index.js";
import { interpretPrompt } from "../words/prompt.js";
import { measureSheet } from "./quality.js";
import { drawSpriteSheet, SHEET_FRAMES, sheetLayout, sheetRefusal } from "./sprite-sheet.js";

const CHARACTERS = ["knight with a sword", "wizard", "dwarf blacksmith", "archer", "orc warrior"];
const CREATURES = ["green slime", "wolf", "horse", "bat", "ghost", "spider", "red dragon", "skeleton", "chicken", "fish"];
const all = [...ANIMATIONS];

async function sheetOf(prompt: string, size: number, directions: 1 | 4 | 8, seed = 7, transparent = true) {
  const spec = interpretPrompt({ prompt });
  const out = await drawSpriteSheet({ spec, width: size, height: size, transparent, seed, sheet: { animations: all, directions, fps: 10 } }, () => {});
  return { out, png: PNG.sync.read(out.png), spec };
}

const key = (d: Uint8Array, p: number): number => (((d[p] ?? 0) << 16) | ((d[p + 1] ?? 0) << 8) | (d[p + 2] ?? 0)) >>> 0;

/** The colours a sprite's look can paint (its ramps and outline), as 24-bit keys. */
function paletteOf(prompt: string, size: number): Set<number> {
  const { look } = modelSprite({ spec: interpretPrompt({ prompt }), width: size, height: size, transparent: true, seed: 7 });
  const out = new Set<number>();
  const byte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
  for (const ramp of [...look.ramps, ...look.ramps5]) for (const c of ramp ?? []) out.add(((byte(c.r) << 16) | (byte(c.g) << 8) | byte(c.b)) >>> 0);
  out.add(((byte(look.outline.r) << 16) | (byte(look.outline.g) << 8) | byte(look.outline.b)) >>> 0);
  return out;
}

describe("sheetLayout", () => {
  it("lays rows out animation-major, one column per frame of the longest animation", () => {
    const layout = sheetLayout({ animations: ["walk", "death"], directions: 4, fps: 12 }, 32, 32);
    expect(layout).toMatchObject({ kind: "sheet", frameWidth: 32, frameHeight: 32, columns: 6, rows: 8 });
    expect(layout.animations.map((r) => `${r.name}:${r.direction}:${r.row}`)).toEqual([
      "walk:south:0",
      "walk:east:1",
      "walk:north:2",
      "walk:west:3",
      "death:south:4",
      "death:east:5",
      "death:north:6",
      "death:west:7",
    ]);
    expect(layout.animations.every((r) => r.fps === 12 && r.loop === ["idle", "walk", "run"].includes(r.name) && r.frames === SHEET_FRAMES[r.name])).toBe(true);
    expect(sheetLayout({ animations: ["hurt"], directions: 1, fps: 8 }, 16, 16)).toMatchObject({ columns: 3, rows: 1 });
    expect(sheetLayout({ animations: ["idle"], directions: 8, fps: 8 }, 64, 64).animations.map((r) => r.direction)).toEqual([
      "south",
      "east",
      "north",
      "west",
      "south-east",
      "north-east",
      "north-west",
      "south-west",
    ]);
  });
});

describe("sheetRefusal", () => {
  it("refuses objects and accepts characters and creatures", () => {
    expect(sheetRefusal(interpretPrompt({ prompt: "chest" }))).toBe(
      '"chest" is an object; a sheet animates a character or a creature. Ask for an image instead, or name a character or creature.',
    );
    expect(sheetRefusal(interpretPrompt({ prompt: "a sword" }))).toMatch(/^"sword" is an object/);
    for (const p of ["knight with a sword", "wolf", "green slime"]) expect(sheetRefusal(interpretPrompt({ prompt: p }))).toBeUndefined();
  });

  it("drawSpriteSheet throws the refusal", async () => {
    await expect(sheetOf("chest", 32, 1)).rejects.toThrow(/is an object/);
  });
});

describe("measureSheet", () => {
  it("measures colours, the feet's row and the silhouette's height per row", () => {
    const layout: SheetLayout = sheetLayout({ animations: ["hurt", "death"], directions: 1, fps: 8 }, 4, 4);
    const w = layout.columns * 4;
    const rgba = new Uint8Array(w * 8 * 4);
    const put = (x: number, y: number, v: number): void => rgba.set([v, v, v, 255], (y * w + x) * 4);
    // hurt: bottoms 3, 2, 3 and heights 2, 1, 3; death: anything
    put(1, 2, 10), put(1, 3, 10);
    put(5, 2, 20);
    put(9, 1, 30), put(9, 3, 30);
    put(1, 4, 40), put(5, 7, 40);
    expect(measureSheet(rgba, w, layout)).toEqual({ colors: 4, paletteCompliance: 1, baselineJitterPx: 1, bboxHeightRangePx: 2 });
    // an opaque sheet measured against the figure's mask
    const figure = new Uint8Array(w * 8);
    figure[3 * w + 1] = 1;
    figure[3 * w + 5] = 1;
    figure[3 * w + 9] = 1;
    expect(measureSheet(rgba.fill(255), w, layout, figure)).toMatchObject({ colors: 1, baselineJitterPx: 0, bboxHeightRangePx: 0 });
  });
});

describe("run, jump and cast", () => {
  it("run loops, jump and cast play once, in the layout as in the exports' table", () => {
    const layout = sheetLayout({ animations: ["run", "jump", "cast"], directions: 1, fps: 8 }, 32, 32);
    expect(layout.animations.map((r) => [r.name, r.frames, r.loop])).toEqual([
      ["run", 6, true],
      ["jump", 5, false],
      ["cast", 5, false],
    ]);
  });

  it("a run is not a walk, a cast not an attack: the rows differ", async () => {
    const spec = interpretPrompt({ prompt: "wizard" });
    const out = await drawSpriteSheet(
      { spec, width: 32, height: 32, transparent: true, seed: 3, sheet: { animations: ["walk", "run", "attack", "cast"], directions: 1, fps: 8 } },
      () => {},
    );
    const png = PNG.sync.read(out.png);
    const row = (r: number) => png.data.subarray(r * 32 * png.width * 4, (r + 1) * 32 * png.width * 4).toString("hex");
    expect(row(0)).not.toBe(row(1));
    expect(row(2)).not.toBe(row(3));
  });
});

describe("drawSpriteSheet", () => {
  it("is deterministic, and a seed changes it", async () => {
    const a = await sheetOf("knight with a sword", 32, 4, 11);
    const b = await sheetOf("knight with a sword", 32, 4, 11);
    const c = await sheetOf("knight with a sword", 32, 4, 12);
    expect(Buffer.compare(a.out.png, b.out.png)).toBe(0);
    expect(Buffer.compare(a.out.png, c.out.png)).not.toBe(0);
  });

  it("reports progress with a preview, and the layout's cells lie inside the PNG", async () => {
    const reports: { percent: number; preview: boolean }[] = [];
    const spec = interpretPrompt({ prompt: "wolf" });
    const out = await drawSpriteSheet(
      { spec, width: 32, height: 32, transparent: true, seed: 3, sheet: { animations: ["walk", "hurt"], directions: 8, fps: 8 } },
      (p) => {
        reports.push({ percent: p.percent, preview: p.preview !== undefined });
      },
    );
    const png = PNG.sync.read(out.png);
    expect([png.width, png.height]).toEqual([out.width, out.height]);
    expect(out.layout.columns * 32).toBe(png.width);
    for (const row of out.layout.animations) {
      expect((row.row + 1) * out.layout.frameHeight).toBeLessThanOrEqual(png.height);
      expect(row.frames * out.layout.frameWidth).toBeLessThanOrEqual(png.width);
    }
    expect(reports.at(-1)?.percent).toBe(100);
    expect(reports.some((r) => r.preview)).toBe(true);
    expect(reports.map((r) => r.percent)).toEqual([...reports.map((r) => r.percent)].sort((x, y) => x - y));
  });

  it("fills used cells with the sprite's background when opaque, and leaves unused cells transparent", async () => {
    const { out, png } = await sheetOf("green slime", 32, 1, 5, false);
    for (const row of out.layout.animations) {
      for (let c = 0; c < out.layout.columns; c++) {
        const alpha = png.data[((row.row * 32 + 1) * png.width + c * 32 + 1) * 4 + 3];
        expect(alpha).toBe(c < row.frames ? 255 : 0);
      }
    }
    expect(out.quality.baselineJitterPx).toBeLessThanOrEqual(1);
  });

  it("a sheet in 4 directions is the 8-direction sheet's south, east, north and west rows, pixel for pixel", async () => {
    for (const prompt of ["knight with a sword", "wolf"]) {
      const four = await sheetOf(prompt, 16, 4);
      const eight = await sheetOf(prompt, 16, 8);
      expect(four.png.width).toBe(eight.png.width);
      const rowBytes = (s: typeof four, r: number) => Buffer.from(s.png.data.subarray(r * 16 * s.png.width * 4, (r + 1) * 16 * s.png.width * 4));
      for (const row of four.out.layout.animations) {
        const twin = eight.out.layout.animations.find((r) => r.name === row.name && r.direction === row.direction);
        expect(twin, `${prompt} ${row.name} ${row.direction}`).toBeDefined();
        expect(rowBytes(four, row.row).equals(rowBytes(eight, twin!.row)), `${prompt} ${row.name} ${row.direction}`).toBe(true);
      }
    }
  });

  // Every prompt at 48 and 128 px in 4 directions, and at 16, 32 and 64 px in 8. The 4-direction sheets at 16, 32 and
  // 64 px are not drawn here: their rows are the 8-direction sheet's south, east, north and west rows pixel for pixel
  // (checked for every prompt and size when they were dropped, and kept true by the test above), so the rules checked
  // on every row of the 8-direction sheet cover them.
  const cases = [...CHARACTERS, ...CREATURES].flatMap((p) =>
    ([16, 32, 48, 64, 128] as const).map((size) => [p, size, size === 128 || size === 48 ? 4 : 8] as const),
  );
  it.each(cases)("%s at %i px in %i directions keeps the rules on every row", async (prompt, size, directions) => {
    const { out, png } = await sheetOf(prompt, size, directions);
    const palette = paletteOf(prompt, size);
    const w = png.width;
    for (const row of out.layout.animations) {
      const frames: string[] = [];
      const bottoms: number[] = [];
      const heights: number[] = [];
      for (let c = 0; c < out.layout.columns; c++) {
        let top = -1;
        let bottom = -1;
        // the cell's colours, transparent pixels as -1 (whatever their RGB), compared as bytes
        const pixels = new Int32Array(size * size);
        for (let y = 0; y < size; y++) {
          for (let x = 0; x < size; x++) {
            const p = ((row.row * size + y) * w + c * size + x) * 4;
            const a = png.data[p + 3] as number;
            pixels[y * size + x] = a ? key(png.data, p) : -1;
            if (!a) continue;
            if (c >= row.frames) throw new Error(`${row.name} ${row.direction}: cell ${c} beyond the frames is not empty`);
            if (!palette.has(key(png.data, p))) throw new Error(`${row.name} ${row.direction} frame ${c}: a colour outside the palette`);
            if (top < 0) top = y;
            bottom = y;
          }
        }
        if (c >= row.frames) continue;
        expect(bottom, `${row.name} ${row.direction} frame ${c} is empty`).toBeGreaterThanOrEqual(0);
        frames.push(Buffer.from(pixels.buffer).toString("latin1"));
        bottoms.push(bottom);
        heights.push(bottom - top + 1);
      }
      expect(new Set(frames).size, `${row.name} ${row.direction}: frames pairwise distinct`).toBe(row.frames);
      if (row.name === "jump") {
        // on the ground to take off and land, above it in the air
        const ground = Math.max(bottoms[0] as number, bottoms[4] as number);
        expect(Math.abs((bottoms[0] as number) - (bottoms[4] as number)), `jump ${row.direction}: lands where it took off`).toBeLessThanOrEqual(1);
        expect(ground - (bottoms[2] as number), `jump ${row.direction}: airborne at the top`).toBeGreaterThanOrEqual(2);
      } else if (row.name !== "death") expect(Math.max(...bottoms) - Math.min(...bottoms), `${row.name} ${row.direction}: baseline`).toBeLessThanOrEqual(1);
      if (!["death", "attack", "jump", "cast"].includes(row.name))
        expect(Math.max(...heights) - Math.min(...heights), `${row.name} ${row.direction}: height`).toBeLessThanOrEqual(2);
    }
    expect(out.quality.baselineJitterPx).toBeLessThanOrEqual(1);
    expect(out.quality.bboxHeightRangePx).toBeLessThanOrEqual(2);
  });
});
