import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { draw } from "../draw-task.js";
import { interpretPrompt, interpretSprite } from "../index.js";
import { ACTIONS } from "../words/actions.js";
import { probeKnowledge } from "../words/knows.js";
import { modelSprite } from "../sprites/index.js";
import { posedGrid } from "./posed.js";

const read = (prompt: string) => interpretSprite(interpretPrompt({ prompt }));
const picture = async (prompt: string, seed = 1, size = 64): Promise<Buffer> =>
  PNG.sync.read((await draw({ generator: "pixel-sprite", prompt: { prompt }, width: size, height: size, transparent: true, seed }, () => undefined)).png).data;
/** Share of pixels that differ between two images of one size. */
const difference = (a: Buffer, b: Buffer): number => {
  let differ = 0;
  for (let p = 0; p < a.length; p += 4) if (a.readUInt32BE(p) !== b.readUInt32BE(p)) differ++;
  return differ / (a.length / 4);
};
/** Opaque pixels of an image. */
const filled = (a: Buffer): number => {
  let count = 0;
  for (let p = 3; p < a.length; p += 4) if (a[p]) count++;
  return count;
};
/** The lowest opaque row (the ground line a standing figure keeps). */
const bottomRow = (a: Buffer, size = 64): number => {
  for (let y = size - 1; y >= 0; y--) for (let x = 0; x < size; x++) if (a[(y * size + x) * 4 + 3]) return y;
  return -1;
};

describe("an action poses the single sprite (the sheet rig, one frame)", () => {
  it.each(ACTIONS.map((a) => [a]))("%s: a knight and a cat take it, it is reported, the picture changes", async (action) => {
    for (const subject of ["knight", "cat"]) {
      const i = read(`${action} ${subject}`);
      expect(i.ignored, `${action} ${subject}`).toEqual([]);
      expect(i.modifiers).toContain(action);
      expect(difference(await picture(`${action} ${subject}`), await picture(subject)), `${action} ${subject}`).toBeGreaterThan(0.02);
    }
  });

  it("reads an action's other forms ('leaps', 'dozing', 'conjuring') and says the word it read", () => {
    expect(read("fox leaps").modifiers).toContain("leaps");
    expect(read("dozing bear").modifiers).toContain("dozing");
    expect(read("mage conjuring a spirit").modifiers).toContain("conjuring");
  });

  it("reports an action it has no pose for, never drops it", () => {
    expect(read("yodeling knight")).toMatchObject({ subject: "knight", ignored: ["yodeling"] });
  });

  it("an item takes no action: the word is reported ignored", () => {
    expect(read("running sword").ignored).toContain("running");
  });

  it("leaping leaves the ground; kneeling keeps it and is shorter", async () => {
    const knight = await picture("knight");
    expect(bottomRow(await picture("leaping cat"))).toBeLessThan(bottomRow(await picture("cat")) - 4);
    const kneeling = await picture("kneeling knight");
    expect(bottomRow(kneeling)).toBe(bottomRow(knight));
    expect(filled(kneeling)).toBeLessThan(filled(knight));
  });

  it("a sheet of a prompt with an action still draws its animations from the unposed rig", async () => {
    const sheet = (prompt: string) =>
      draw(
        {
          generator: "pixel-sprite",
          prompt: { prompt },
          width: 32,
          height: 32,
          transparent: true,
          seed: 1,
          sheet: { animations: ["idle"], directions: 1, fps: 8 },
        },
        () => undefined,
      );
    expect((await sheet("running knight")).png.length).toBeGreaterThan(0);
  });
});

describe("counted parts (one to five)", () => {
  it.each([
    ["three-headed dog", "dog"],
    ["two-headed ogre", "ogre"],
    ["five-headed hydra", "hydra"],
    ["four-armed skeleton warrior", "skeleton warrior"],
  ])("%s draws more of the figure than its %s alone", (prompt) => {
    const i = read(prompt);
    expect(i.ignored).toEqual([]);
    // the same model, posed with its counted parts and without
    const model = modelSprite({ spec: interpretPrompt({ prompt }), width: 64, height: 64, transparent: true, seed: 1 });
    const cells = (g: { cells: Uint8Array }) => g.cells.filter((m) => m !== 0).length;
    expect(cells(posedGrid(model, 1) as { cells: Uint8Array })).toBeGreaterThan(cells(model.grid) + 20);
  });

  it.each([
    ["one-eyed pirate", "pirate", "one-eyed"],
    ["three-eyed alien", "alien", "three-eyed"],
    ["one-armed pirate", "pirate", "one-armed"],
  ])("%s changes %s and is reported as %s", async (prompt, plain, name) => {
    expect(read(prompt).modifiers).toContain(name);
    expect(difference(await picture(prompt), await picture(plain))).toBeGreaterThan(0.003);
  });

  it("a cyclops has one eye of its own; a creature's count of arms is reported ignored", () => {
    expect(read("cyclops").ignored).toEqual([]);
    expect(read("four-armed demon").ignored).toContain("four");
  });
});

describe("creatures in roles", () => {
  it.each([
    ["snake merchant", "snake", "merchant"],
    ["slime knight", "slime", "knight"],
    ["fish wizard", "fish", "wizard"],
  ])("%s: the %s with the %s's item beside it as a prop", async (prompt, creature, role) => {
    const i = read(prompt);
    expect(i).toMatchObject({ subject: creature, ignored: [] });
    expect(i.modifiers).toContain(role);
    expect(difference(await picture(prompt), await picture(creature))).toBeGreaterThan(0.05);
  });

  it("a knight on a horse is a knight, not horse-headed: the mount is reported ignored", () => {
    for (const prompt of ["knight on a horse", "knight riding a horse", "goblin on a wolf"]) {
      const i = read(prompt);
      expect(["knight", "goblin"]).toContain(i.subject);
      expect(i.modifiers, prompt).not.toContain("horse");
      expect(i.modifiers, prompt).not.toContain("wolf");
      expect(
        [...i.ignored].some((w) => w === "horse" || w === "wolf"),
        prompt,
      ).toBe(true);
    }
  });
});

describe("knows and range", () => {
  it("knows lists the actions and counted parts", () => {
    const { modifiers } = probeKnowledge(interpretSprite);
    for (const word of ["leaping", "praying", "diving", "three-headed", "one-eyed", "four-armed"]) expect(modifiers).toContain(word);
  });

  it("posed figures still differ from seed to seed (mean ≥ 25 % of pixels, none under 12 %)", async () => {
    const prompts = ["leaping fox", "praying monk", "running wolf", "three-headed dog", "attacking orc warrior", "sleeping knight"];
    let total = 0;
    for (const prompt of prompts) {
      const images = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => picture(prompt, seed)));
      let sum = 0;
      let pairs = 0;
      for (let a = 0; a < images.length; a++)
        for (let b = a + 1; b < images.length; b++) (sum += difference(images[a] as Buffer, images[b] as Buffer)), pairs++;
      expect(sum / pairs, prompt).toBeGreaterThan(0.12);
      total += sum / pairs;
    }
    expect(total / prompts.length).toBeGreaterThan(0.25);
  });
});
