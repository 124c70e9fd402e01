import { describe, expect, it } from "vitest";
import { ProgressReporter } from "../kit/progress.js";
import { interpretPrompt } from "../words/prompt.js";
import { FEATURE_WORDS } from "../words/states.js";
import { seams, within } from "../tilesets/seam-measure.js";
import { readFeatures } from "./features.js";
import { interpretTexture } from "./reading.js";
import { drawTexture } from "./texture.js";

const read = (prompt: string) => interpretTexture(interpretPrompt({ prompt }));
const pixels = async (prompt: string, size: number, seed = 1): Promise<Uint8Array> =>
  (
    await drawTexture(
      { spec: interpretPrompt({ prompt }), width: size, height: size, transparent: false, seed },
      new ProgressReporter(() => undefined, undefined),
    )
  ).data;
/** The share of pixels that differ between two pictures of one size. */
const changed = (a: Uint8Array, b: Uint8Array): number => {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  return n / (a.length / 4);
};

/** One prompt per feature, over the surface it is most asked on. */
const CASES: [string, string, string][] = [
  ["mushroom", "grass", "grass with mushrooms"],
  ["shell", "sand", "sand with seashells"],
  ["starfish", "sand", "sand with starfish"],
  ["leaf", "forest floor", "forest floor with fallen leaves"],
  ["twig", "forest floor", "forest floor with twigs"],
  ["root", "dirt", "dirt with roots"],
  ["clover", "grass", "grass with clover"],
  ["seaweed", "sand", "sand with seaweed"],
  ["puddle", "dirt", "dirt with puddles"],
  ["footprint", "snow", "snow with footprints"],
  ["stain", "wooden planks", "wooden planks with stains"],
  ["flower", "grass", "grass with flowers"],
  ["weed", "dirt", "dirt with weeds"],
  ["crater", "moon surface", "moon surface with craters"],
  ["ripple", "sand", "sand with ripples"],
  ["rails", "gravel", "gravel with rails"],
  ["ruts", "dirt", "dirt with ruts"],
  ["bubble", "rock", "rock with bubbles"],
  ["streak", "metal panels", "metal panels with streaks"],
  ["vine", "brick wall", "brick wall with ivy"],
  ["sprout", "farmland", "farmland with seedlings"],
  ["shrub", "sand", "sand with sagebrush"],
  ["petal", "cobblestone", "cobblestone with petals"],
  ["hoofprint", "mud", "mud with hoofprints"],
  ["pawprint", "snow", "snow with pawprints"],
  ["birdprint", "sand", "sand with birdprints"],
  ["lilypad", "pond water", "pond water with lily pads"],
  ["coin", "sand", "sand with coins"],
  ["bootprint", "mud", "mud with bootprints"],
];

describe("surface features: scattered over a base surface, named after 'with'", () => {
  it("covers every feature of the table", () => {
    expect(CASES.map(([f]) => f).sort()).toEqual(Object.keys(FEATURE_WORDS).sort());
  });

  it.each(CASES)("%s: read as a feature of %s, drawn, the tile still seamless", async (feature, base, prompt) => {
    const i = read(prompt);
    expect(i).toMatchObject({ subject: read(base).subject, fallback: false, ignored: [] });
    expect(i.modifiers).toContain(feature);
    // the picture changes at every size, pixel art included
    for (const size of [16, 32, 48, 64]) expect(changed(await pixels(base, size), await pixels(prompt, size)), `${prompt} at ${size} px`).toBeGreaterThan(0.01);
    // and wraps as well as the bare surface does
    const [bare, strewn] = [await seams(base, [64], [1, 2, 3]), await seams(prompt, [64], [1, 2, 3])];
    expect(within(strewn, 1.6, 1.5), `${prompt}: ${JSON.stringify(strewn)}`).toBe(true);
    expect(strewn.edge, `${prompt}: ${JSON.stringify({ bare, strewn })}`).toBeLessThanOrEqual(Math.max(1, strewn.half) * 1.25);
  });

  it("reads features only after 'with', and only over a surface: alone, the word is the subject", () => {
    expect(readFeatures("mushrooms on grass").features).toEqual([]);
    expect(readFeatures("grass with mushrooms and fallen leaves")).toEqual({
      features: ["mushroom", "leaf", "fallen"],
      words: ["mushrooms", "leaves", "fallen"],
    });
    // "fallen" says what the leaves are like: without leaves it is no feature
    expect(readFeatures("grass with fallen mushrooms").features).toEqual(["mushroom"]);
    expect(read("mushrooms").modifiers).not.toContain("mushroom");
    expect(read("with mushrooms").modifiers).not.toContain("mushroom");
  });

  it("fallen leaves are brown and orange, leaves green: both words change the picture", async () => {
    expect(read("forest floor with fallen leaves").modifiers).toEqual(expect.arrayContaining(["leaf", "fallen"]));
    const [fallen, leaves, bare] = [
      await pixels("forest floor with fallen leaves", 64),
      await pixels("forest floor with leaves", 64),
      await pixels("forest floor with fallen", 64),
    ];
    expect(changed(fallen, leaves)).toBeGreaterThan(0.02);
    expect(changed(fallen, bare)).toBeGreaterThan(0.02);
    expect(read("forest floor with fallen").ignored).toContain("fallen");
  });
});
