import { describe, expect, it } from "vitest";
import { planSprite } from "../plan.js";
import { Random } from "../../kit/random.js";
import { SpriteGrid, type SpriteAnchors } from "../grid.js";
import { drawHeldItem, type HeldItem } from "../items/held.js";
import { interpretPrompt } from "../../words/prompt.js";
import { alphaAt, luminanceAt, run, type Decoded } from "../../../../../test/support/drawing.js";

/** Pixels that differ between two images inside a region given in fractions of the size. */
function differingIn(a: Decoded, b: Decoded, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = Math.floor(y0 * a.height); y < Math.ceil(y1 * a.height); y++) {
    for (let x = Math.floor(x0 * a.width); x < Math.ceil(x1 * a.width); x++) {
      const i = (y * a.width + x) * 4;
      if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) count++;
    }
  }
  return count;
}

function opaqueIn(img: Decoded, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = Math.floor(y0 * img.height); y < Math.ceil(y1 * img.height); y++) {
    for (let x = Math.floor(x0 * img.width); x < Math.ceil(x1 * img.width); x++) if (alphaAt(img, x, y) === 255) count++;
  }
  return count;
}

function distinctColors(img: Decoded): number {
  const seen = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4) if ((img.data[i + 3] ?? 0) === 255) seen.add(img.data.readUInt32BE(i));
  return seen.size;
}

/** Share of aligned 2x2 blocks, among those with an opaque pixel, whose four pixels are not all equal. */
function nonUniformBlocks(img: Decoded): number {
  let blocks = 0;
  let mixed = 0;
  for (let y = 0; y < img.height; y += 2) {
    for (let x = 0; x < img.width; x += 2) {
      const at = (dx: number, dy: number): number => img.data.readUInt32BE(((y + dy) * img.width + x + dx) * 4);
      if (alphaAt(img, x, y) === 0 && alphaAt(img, x + 1, y + 1) === 0) continue;
      blocks++;
      if (at(1, 0) !== at(0, 0) || at(0, 1) !== at(0, 0) || at(1, 1) !== at(0, 0)) mixed++;
    }
  }
  return mixed / blocks;
}

describe("pixel-sprite: secondary nouns", () => {
  it("lets a character noun beat an item noun and puts the items in its hands", () => {
    const plan = (prompt: string) => {
      const p = planSprite(interpretPrompt({ prompt }));
      return { design: p.design, items: p.items.map((h) => `${h.item}:${h.hand}`) };
    };
    expect(plan("knight with a sword")).toEqual({ design: "knight", items: ["sword:main"] });
    expect(plan("sword-wielding knight")).toEqual({ design: "knight", items: ["sword:main"] });
    expect(plan("mage with a staff")).toEqual({ design: "wizard", items: ["staff:main"] });
    expect(plan("fire mage")).toEqual({ design: "wizard", items: ["flame:main"] });
    expect(plan("warrior with a shield and an axe")).toEqual({ design: "warrior", items: ["shield:off", "axe:main"] });
    expect(plan("archer with a bow")).toEqual({ design: "archer", items: ["bow:main"] });
    expect(plan("archer")).toEqual({ design: "archer", items: ["bow:main"] });
    expect(plan("knight with a sword, a shield and a bow")).toEqual({ design: "knight", items: ["sword:main", "shield:off"] });
    // creatures hold nothing; items alone are still drawn as items
    expect(plan("red dragon with a sword")).toEqual({ design: "dragon", items: [] });
    expect(plan("a sword")).toEqual({ design: "sword", items: [] });
    // a role implies its equipment when the prompt names none
    expect(plan("knight")).toEqual({ design: "knight", items: ["sword:main", "shield:off"] });
    expect(plan("miner")).toEqual({ design: "miner", items: ["pickaxe:main"] });
    expect(plan("dwarf blacksmith")).toEqual({ design: "blacksmith", items: ["hammer:main"] });
    expect(plan("king")).toEqual({ design: "king", items: [] });
  });

  it.each([16, 32, 64, 128])("draws the sword of a knight with a sword beside him at %i px", async (size) => {
    const plain = (await run("pixel-sprite", "hero", { size, transparent: true, seed: 3 })).image;
    const armed = (await run("pixel-sprite", "knight with a sword", { size, transparent: true, seed: 3 })).image;
    // the sword stands in one side strip (either hand), where the unarmed hero has at most an arm
    const sides: [number, number, number, number][] = [
      [0, 0.08, 0.27, 0.8],
      [0.73, 0.08, 1, 0.8],
    ];
    const gained = Math.max(...sides.map((r) => opaqueIn(armed, ...r) - opaqueIn(plain, ...r)));
    expect(gained).toBeGreaterThan(size * size * 0.03);
    expect(Math.max(...sides.map((r) => differingIn(armed, plain, ...r)))).toBeGreaterThan(size * size * 0.04);
  });

  it.each([
    ["mage with a staff", "king", [0, 0.02, 0.27, 0.95]],
    ["warrior with a shield", "hero", [0.55, 0.4, 0.95, 0.8]],
    ["warrior with an axe", "hero", [0, 0.15, 0.27, 0.8]],
    ["archer with a bow", "hero", [0, 0.3, 0.3, 0.95]],
    ["knight with a spear", "hero", [0, 0.02, 0.27, 0.95]],
    ["hero with a hammer", "hero", [0, 0.15, 0.3, 0.8]],
    ["knight with a torch", "hero", [0, 0.3, 0.27, 0.8]],
    ["fire mage", "king", [0, 0.3, 0.3, 0.7]],
    ["girl with a potion", "girl", [0, 0.5, 0.3, 0.9]],
    ["miner", "villager", [0, 0.2, 0.3, 0.8]],
    ["bard", "villager", [0, 0.3, 0.3, 0.95]],
  ] as const)("draws the item of %s where the hand holds it", async (prompt, without, region) => {
    for (const size of [32, 128]) {
      const plain = (await run("pixel-sprite", without, { size, transparent: true, seed: 5 })).image;
      const armed = (await run("pixel-sprite", prompt, { size, transparent: true, seed: 5 })).image;
      const [x0, y0, x1, y1] = region;
      // either hand: the seed's pose may put the item in the other one
      const differ = Math.max(differingIn(armed, plain, x0, y0, x1, y1), differingIn(armed, plain, 1 - x1, y0, 1 - x0, y1));
      expect(differ, `${prompt} at ${size}`).toBeGreaterThan(size * size * 0.03);
    }
  });

  it("is deterministic with held items", async () => {
    const a = await run("pixel-sprite", "warrior with a shield and an axe", { size: 128, seed: 9 });
    const b = await run("pixel-sprite", "warrior with a shield and an axe", { size: 128, seed: 9 });
    expect(a.png.equals(b.png)).toBe(true);
  });
});

describe("pixel-sprite: 32, 48, 64 and 128 px are drawn at their own resolution", () => {
  const PROMPTS = ["red dragon", "knight with a sword", "treasure chest", "green slime", "blue potion", "mage with a staff"];

  it.each(PROMPTS)("%s has more colours and finer detail than an upscaled 16-cell design", async (prompt) => {
    const small = (await run("pixel-sprite", `retro ${prompt}`, { size: 32, seed: 2 })).image;
    expect(nonUniformBlocks(small)).toBe(0);
    // 32 px: one cell per pixel, in the 16-cell design's three-tone style
    expect(nonUniformBlocks((await run("pixel-sprite", prompt, { size: 32, seed: 2 })).image), `${prompt} 32`).toBeGreaterThan(0.08);
    for (const size of [64, 128]) {
      const { image } = await run("pixel-sprite", prompt, { size, seed: 2 });
      // not a nearest-neighbour upscale: many 2x2 blocks hold more than one colour
      expect(nonUniformBlocks(image), `${prompt} ${size}`).toBeGreaterThan(0.08);
      // five-step shading and details: clearly more colours than the 16-cell design
      expect(distinctColors(image), `${prompt} ${size}`).toBeGreaterThan(distinctColors(small) * 1.5);
    }
  });

  /** Share of outline-coloured pixels with no transparent neighbour: near 0 for a one-pixel outline (gaps between parts aside). */
  function innerOutline(image: Decoded): number {
    const size = image.width;
    let y = 0;
    while (alphaAt(image, size >> 1, y) === 0) y++;
    const outline = image.data.readUInt32BE((y * size + (size >> 1)) * 4);
    expect(luminanceAt(image, size >> 1, y)).toBeLessThan(0.2);
    let total = 0;
    let inner = 0;
    for (let j = 1; j < size - 1; j++) {
      for (let i = 1; i < size - 1; i++) {
        if (image.data.readUInt32BE((j * size + i) * 4) !== outline) continue;
        total++;
        if (alphaAt(image, i - 1, j) && alphaAt(image, i + 1, j) && alphaAt(image, i, j - 1) && alphaAt(image, i, j + 1)) inner++;
      }
    }
    return inner / total;
  }

  it("keeps the outline one pixel wide at 32, 48, 64 and 128 px (two at 32 when retro, a scaled 16-cell design)", async () => {
    for (const prompt of ["red dragon", "green slime", "treasure chest", "ghost"]) {
      const scaled = (await run("pixel-sprite", `retro ${prompt}`, { size: 32, transparent: true, seed: 2 })).image;
      expect(innerOutline(scaled), prompt).toBeGreaterThan(0.3);
      for (const size of [32, 48, 64, 128]) {
        const { image } = await run("pixel-sprite", prompt, { size, transparent: true, seed: 2 });
        expect(innerOutline(image), `${prompt} ${size}`).toBeLessThan(0.12);
      }
    }
  });

  it("draws larger sizes with finer detail, not only bigger", async () => {
    const at64 = (await run("pixel-sprite", "knight with a sword", { size: 64, seed: 4 })).image;
    const at128 = (await run("pixel-sprite", "knight with a sword", { size: 128, seed: 4 })).image;
    expect(nonUniformBlocks(at128)).toBeGreaterThan(0.08);
    expect(distinctColors(at128)).toBeGreaterThanOrEqual(distinctColors(at64));
  });
});

describe("pixel-sprite: things carried", () => {
  it.each(["merchant with a backpack", "farmer with a bucket", "chef with a pie", "knight with a lantern", "wizard with a cauldron"])(
    "%s: the thing is held (its own drawer, or its icon shape at the hand's side) and reported",
    (prompt) => {
      const item = prompt.split(" ").at(-1) as string;
      const plan = planSprite(interpretPrompt({ prompt }));
      expect(plan.items.map((held) => held.item)).toEqual([item]);
      for (const n of [16, 64]) {
        const grid = new SpriteGrid(n);
        const anchors = plan.builder.build(grid, new Random(7), { cute: false, scary: false });
        expect(anchors).toBeDefined();
        const before = Uint8Array.from(grid.cells);
        drawHeldItem(grid, anchors as SpriteAnchors, plan.items[0] as HeldItem, plan.design);
        let changed = 0;
        for (let k = 0; k < before.length; k++) if (grid.cells[k] !== before[k]) changed++;
        // a thing of some size, not a stray cell
        expect(changed, `${prompt} on a ${n}-cell grid`).toBeGreaterThan(n * n * 0.015);
      }
    },
  );
});
