import { describe, expect, it } from "vitest";
import { proceduralDrivers } from "./driver.js";

const env = { secret: () => undefined, fetch, log: { warn() {}, info() {} } };
const [sprite, icon, texture] = proceduralDrivers.map((k) => k.create({}, env));
const read = (d: typeof sprite, prompt: string) => d!.interpret!({ prompt });

describe("game-asset jargon is not content: it is neither used nor ignored", () => {
  it.each([
    [sprite, "top-down knight sprite, front view, game-ready, 2d rpg asset"],
    [sprite, "red potion pickup item for the inventory hud"],
    [sprite, "green slime, 32x32, 16 px, top down shooter"],
    [icon, "sword icon for the inventory, game ready, transparent background"],
    [icon, "gem collectible, centered, single object, png"],
    [texture, "tileable top-down grass texture for a platformer"],
    [texture, "sand texture for a desert level, 64 x 64 px"],
  ])("%#: %s", (d, prompt) => {
    const i = read(d, prompt);
    expect(i.fallback, prompt).toBe(false);
    expect(i.ignored, prompt).toEqual([]);
  });

  it("keeps descriptive words and views it does not draw visible as ignored", () => {
    expect(read(sprite, "bubbling red potion").ignored).toContain("bubbling");
    expect(read(sprite, "majestic knight").ignored).toContain("majestic");
    expect(read(sprite, "isometric knight, side view").ignored).toEqual(expect.arrayContaining(["isometric", "side"]));
    expect(read(icon, "fantasy sword").ignored).toContain("fantasy");
  });

  it("reads 'transparent background' as the transparent option's business: an icon gets no badge for it", () => {
    expect(read(icon, "sword, transparent background").modifiers).not.toContain("badge");
    expect(read(icon, "sword on a transparent bg").modifiers).not.toContain("badge");
    expect(read(icon, "sword with a background").modifiers).toContain("badge");
  });
});
