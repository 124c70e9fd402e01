import { describe, expect, it } from "vitest";
import { countAlpha, run, silhouetteDifference, type Decoded } from "../../../test/support/drawing.js";
import { meanSeedDifference } from "../../../test/support/seed-range.js";
import { GEAR_ICONS } from "./icon-gear.js";
import { interpretIcon } from "./interpretation.js";
import { interpretPrompt } from "./prompt.js";

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

  it("draw each subject as its own drawing (silhouettes differ pairwise)", async () => {
    const images = new Map<string, Decoded>();
    for (const name of names) images.set(name, (await run("icon", `${name}, no badge`, { size: 64, transparent: true })).image);
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const [na, nb] = [names[a] as string, names[b] as string];
        expect(silhouetteDifference(images.get(na) as Decoded, images.get(nb) as Decoded), `${na} vs ${nb}`).toBeGreaterThan(0.03);
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
    ["bag", "pouch"],
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
    ["inventory", "backpack"],
    ["reticle", "crosshair"],
    ["shop", "cart"],
    ["claymore", "sword"],
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
