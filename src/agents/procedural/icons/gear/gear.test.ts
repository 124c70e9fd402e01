import { describe, expect, it } from "vitest";
import { countAlpha, run, silhouetteDifference, type Decoded } from "../../../../../test/support/drawing.js";
import { meanSeedDifference } from "../../../../../test/support/seed-range.js";
import { rgb } from "../../kit/color.js";
import { placeUnit } from "../../kit/geometry.js";
import { GEAR_ICONS } from "./gear.js";
import type { IconShape } from "../parts.js";
import { MaskPool, type PartColors, renderParts } from "../render.js";
import { Random } from "../../kit/random.js";
import { Canvas } from "../../kit/raster.js";
import { interpretIcon } from "../reading.js";
import { interpretSprite } from "../../sprites/index.js";
import { interpretPrompt } from "../../words/prompt.js";

/** The share of pixels that differ visibly (some channel, alpha included, by more than 48). */
function visibleDifference(a: Decoded, b: Decoded): number {
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let max = 0;
    for (let c = 0; c < 4; c++) max = Math.max(max, Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)));
    if (max > 48) differ++;
  }
  return differ / (a.width * a.height);
}

const PALETTE: PartColors = {
  roles: {
    primary: rgb(0xd83a34),
    secondary: rgb(0x2f6fdc),
    accent: rgb(0x3fae49),
    metal: rgb(0xc8d0da),
    wood: rgb(0x8a5a34),
    dark: rgb(0x1e1a26),
    light: rgb(0xfffffa),
    glass: rgb(0xd6eaf4),
  },
  outline: rgb(0x000000),
  flat: false,
};

/** A registry shape drawn at 64 px with a fixed seed and palette, reading its own name (as "mute" does). */
function drawShape(name: string): Decoded {
  const shape = GEAR_ICONS.get(name) as IconShape;
  const canvas = new Canvas(64, 64);
  renderParts(canvas, new MaskPool(64, 64), shape.build(new Random(7), false, new Set([name])), placeUnit(0, 0, 64), 64, PALETTE, { outlineWidth: 2 });
  return { width: 64, height: 64, data: Buffer.from(canvas.data) };
}

const read = (prompt: string) => interpretIcon(interpretPrompt({ prompt }));
const names = [...GEAR_ICONS.keys()];

describe("gear icons", () => {
  it("draw every subject of the registry, understood and not the fallback, at every icon size", async () => {
    for (const name of names) {
      const prompt = `${name}, no badge`;
      expect(read(prompt), name).toMatchObject({ fallback: false, ignored: [] });
      for (const size of [64, 128, 256]) {
        const { image } = await run("icon", prompt, { size, transparent: true });
        const covered = countAlpha(image, (a) => a > 127) / (size * size);
        expect(covered, `${name} at ${size} px`).toBeGreaterThan(0.05);
      }
    }
  });

  it("draw each subject as its own drawing: with the same seed and the same colours, no two look alike", () => {
    // drawn straight from the shapes (no pose, no badge, one palette), so only the geometry differs
    const images = new Map(names.map((name) => [name, drawShape(name)]));
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const [na, nb] = [names[a] as string, names[b] as string];
        const d = visibleDifference(images.get(na) as Decoded, images.get(nb) as Decoded);
        expect(d, `${na} vs ${nb}`).toBeGreaterThan(0.06);
      }
    }
  });

  it.each([
    ["steel knife", "dagger"],
    ["kunai", "dagger"],
    ["morningstar", "mace"],
    ["pickaxe", "pickaxe"],
    ["sickle", "scythe"],
    ["revolver", "gun"],
    ["shotgun", "rifle"],
    ["dynamite", "bomb"],
    ["shurikens", "shuriken"],
    ["breastplate", "armor"],
    ["armour", "armor"],
    ["gloves", "gauntlet"],
    ["leather boots", "boot"],
    ["cape", "cloak"],
    ["necklace", "amulet"],
    ["vambraces", "bracer"],
    ["leggings", "greaves"],
    ["fishing rod", "rod"],
    ["spellbook", "book"],
    ["treasure map", "map"],
    ["coin purse", "coin"],
    ["purse", "pouch"],
    ["gold bullion", "ingot"],
    ["settings", "gear"],
    ["cog", "gear"],
    ["close button", "cross"],
    ["tick", "checkmark"],
    ["magnifying glass", "search"],
    ["volume", "speaker"],
    ["padlock", "lock"],
    ["floppy disk", "save"],
    ["question mark", "help"],
    ["alert", "warning"],
    ["notification", "bell"],
    ["envelope", "mail"],
    ["speech bubble", "chat"],
    ["profile", "user"],
    ["reload", "refresh"],
    ["signal", "wifi"],
    ["cursor", "hand"],
    ["waypoint", "pin"],
    ["rucksack", "backpack"],
    ["reticle", "crosshair"],
    ["shop", "cart"],
    ["claymore", "sword"],
    ["logout", "exit"],
    ["podium", "leaderboard"],
    ["gold medal", "medal"],
    ["game controller", "gamepad"],
    ["watering can", "wateringcan"],
    ["edit icon", "pencil"],
    ["mic", "microphone"],
  ])("read %s as %s", (prompt, subject) => {
    expect(read(prompt).subject).toBe(subject);
  });

  it("reads direction words on an arrow (a UI arrow), and a lone arrow stays the weapon", async () => {
    expect(read("arrow up")).toMatchObject({ subject: "arrow", modifiers: ["up"], ignored: [] });
    expect(read("left arrow")).toMatchObject({ subject: "arrow", modifiers: ["left"], ignored: [] });
    expect(read("back arrow")).toMatchObject({ subject: "arrow", ignored: [] });
    expect(read("next")).toMatchObject({ subject: "arrow", fallback: false });
    // a direction word the drawing does not read stays ignored
    expect(read("sword up").ignored).toContain("up");
    const draw = async (prompt: string) => (await run("icon", `${prompt}, no badge`, { size: 64, transparent: true, seed: 3 })).image;
    const [weapon, up, down, left, back] = await Promise.all(["arrow", "arrow up", "arrow down", "arrow left", "back"].map(draw));
    expect(silhouetteDifference(weapon as Decoded, up as Decoded)).toBeGreaterThan(0.05);
    expect(silhouetteDifference(up as Decoded, down as Decoded)).toBeGreaterThan(0.05);
    expect(silhouetteDifference(up as Decoded, left as Decoded)).toBeGreaterThan(0.05);
    expect(silhouetteDifference(left as Decoded, back as Decoded)).toBeLessThan(0.05);
  });

  it("draws the variant a word names: mute, unlock, upload, war hammer, stack of coins, stone block", async () => {
    const pairs = [
      ["speaker", "mute"],
      ["lock", "unlock"],
      ["download", "upload"],
    ];
    for (const [plain, variant] of pairs) {
      const a = (await run("icon", `${plain}, no badge`, { seed: 2, transparent: true })).png;
      const b = (await run("icon", `${variant}, no badge`, { seed: 2, transparent: true })).png;
      expect(a.equals(b), `${plain} vs ${variant}`).toBe(false);
    }
    expect(read("war hammer")).toMatchObject({ subject: "hammer", modifiers: ["war"], ignored: [] });
    expect(read("stack of coins")).toMatchObject({ subject: "coins", modifiers: ["stack"], ignored: [] });
    expect(read("stone block")).toMatchObject({ subject: "stone", modifiers: ["block"], ignored: [] });
    expect(read("bundle of arrows")).toMatchObject({ subject: "arrow", modifiers: ["bundle"], ignored: [] });
    expect(read("gold coin pile")).toMatchObject({ subject: "coin", modifiers: ["gold", "hoard"], ignored: [] });
    for (const prompt of ["sound off", "volume up", "lock open", "battery low", "eye hidden"]) expect(read(prompt).ignored, prompt).toEqual([]);
    const eye = (await run("icon", "eye, no badge", { seed: 2, transparent: true })).png;
    const hidden = (await run("icon", "hidden eye, no badge", { seed: 2, transparent: true })).png;
    expect(eye.equals(hidden)).toBe(false);
  });

  it("varies with the seed: eight seeds differ in a good share of their pixels", async () => {
    for (const prompt of ["dagger, no badge", "helmet, no badge", "pouch, no badge", "gear icon"]) {
      expect(await meanSeedDifference("icon", prompt), prompt).toBeGreaterThan(0.1);
    }
  });
});

describe("gear subjects in the sprite agent", () => {
  it.each([
    // items with an icon drawing of their own are drawn as that, as a pixel sprite
    ["poison dagger", { subject: "dagger", ignored: [] }],
    ["katana", { subject: "katana", ignored: [] }],
    ["iron armor", { subject: "armor" }],
    ["elixir", { subject: "elixir", ignored: [] }],
    ["knight with a dagger", { subject: "knight", modifiers: ["sword"], ignored: [] }],
    ["wizard with a wand", { subject: "wizard", modifiers: ["staff"], ignored: [] }],
    ["archer with a crossbow", { subject: "archer", modifiers: ["bow"], ignored: [] }],
  ])("draw %s as their own item or the nearest broader one they hold", (prompt, expected) => {
    expect(interpretSprite(interpretPrompt({ prompt }))).toMatchObject({ fallback: false, ...expected });
  });
});
