/**
 * Issue 39's texture gaps read off the measured list (bench/prompts/composition-blind-2.tsv) and
 * their neighbours, filled by data and small recipes: marks pressed or grown into a surface (craters,
 * ripples, rails, ruts, hoof and paw prints, ivy, seedlings, scrub, bubbles, streaks), what covers it
 * ("straw-covered", "barnacle-crusted"), treatments and settings that colour it (scorched,
 * whitewashed, painted, sunken, patched, striped, a sunset, a saloon, a cloister) and new surfaces
 * (sky, a moon's ground, adobe, stucco, rubber matting). Each word now understood is reported drawn,
 * and leaving it out changes the picture.
 */
import { describe, expect, it } from "vitest";
import { seams, within } from "./tilesets/seam-measure.js";
import { pictureOf, readAs } from "./reading-kit.js";
import { vanishedWords } from "./words/accounting.js";

const read = (prompt: string) => readAs("texture", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("texture", prompt);

/** [prompt, what it draws (subject or modifier), the prompt without the word] */
const CASES: readonly (readonly [string, string, string])[] = [
  ["sandy seabed with ripples", "ripple", "sandy seabed"],
  ["raked gravel", "ripple", "gravel"],
  ["kelp forest floor", "seaweed", "forest floor"],
  ["barnacle-crusted rock", "covered", "barnacle rock"],
  ["sunken deck planks with algae", "sunken", "deck planks with algae"],
  ["dark abyss water", "deep", "dark water"],
  ["sand with scattered shells", "scattered", "sand with shells"],
  ["riveted steel panels with rust streaks", "streak", "riveted steel panels with rust"],
  ["volcanic vent rock with bubbles", "bubble", "volcanic vent rock"],
  ["volcanic vent rock", "fire", "rock"],
  ["cobblestone cloister path", "cloister", "cobblestone path"],
  ["herb garden soil rows", "sprout", "garden soil rows"],
  ["soil rows", "farmland", "soil"],
  ["whitewashed stone wall", "whitewashed", "stone wall"],
  ["straw-covered barn floor", "hay", "barn floor"],
  ["ivy-covered brick wall", "vine", "brick wall"],
  ["wet mud with hoof prints", "hoofprint", "wet mud with prints"],
  ["snow with wolf tracks", "pawprint", "snow with tracks"],
  ["sand with bird tracks", "birdprint", "sand with tracks"],
  ["patched canvas sail", "patched", "canvas sail"],
  ["fluffy cloud bank", "bank", "fluffy cloud"],
  ["fluffy clouds", "thick", "clouds"],
  ["sunset sky", "sunset", "sky"],
  ["floating island rock", "floating", "island rock"],
  ["floating island rock", "island", "floating rock"],
  ["painted hull planks", "painted", "hull planks"],
  ["dirt road with wagon tracks", "ruts", "dirt road with tracks"],
  ["railroad tracks on gravel", "rails", "gravel"],
  ["adobe wall", "adobe", "wall"],
  ["red canyon rock", "sandstone", "red rock"],
  ["sagebrush prairie grass", "shrub", "prairie grass"],
  ["saloon floorboards", "tavern", "floorboards"],
  ["grey lunar dust with boot prints", "bootprint", "grey lunar dust with prints"],
  ["crater-pocked moon surface", "crater", "moon surface"],
  ["hexagonal hull plating", "hex", "hull plating"],
  ["rubber grip floor mat", "rubber", "floor mat"],
  ["scorched launch pad", "scorched", "launch pad"],
  ["metal floor panels with bolts", "riveted", "metal floor panels"],
  ["striped tent canvas", "striped", "tent canvas"],
  ["gaslit brick wall", "lamplit", "brick wall"],
  // neighbours a game would also ask for
  ["soot-stained bricks", "scorched", "bricks"],
  ["oil stained concrete", "stained", "concrete"],
  ["ancient carved stone wall", "carved", "ancient stone wall"],
  ["permafrost ground", "frosted", "ground"],
  ["torn sail cloth", "torn", "sail cloth"],
  ["stormy sea waves", "stormy", "sea waves"],
  ["calm ocean water", "calm", "ocean water"],
  ["pond water with lily pads", "lilypad", "pond water"],
  ["sand with coins", "coin", "sand"],
  ["puddles on asphalt", "puddle", "asphalt"],
  ["barn floor with hay", "hay", "barn floor"],
  ["cherry blossom petals on stone path", "petal", "stone path"],
  ["striped circus tent canvas", "circus", "striped tent canvas"],
  ["cratered asteroid surface", "crater", "asteroid surface"],
  ["whitewashed plaster wall", "stucco", "whitewashed wall"],
  ["starry night sky", "starfield", "night sky"],
];

describe("a texture word filled from the measured list is drawn, and changes the picture", () => {
  it.each(CASES)("%s (%s)", async (prompt, word, without) => {
    const i = read(prompt);
    expect(i.fallback).toBe(false);
    expect([i.subject, ...i.modifiers]).toContain(word);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, read)).toEqual([]);
    expect((await picture(prompt)).equals(await picture(without))).toBe(false);
  });

  it("reads a sky as clouds in the sky's own colours, not sky-blue ones", () => {
    expect(read("sky")).toMatchObject({ subject: "clouds", ignored: [] });
    expect(read("sky").modifiers).not.toContain("sky");
  });

  it("bolts on a stone are still the lightning's, on metal they are rivets", () => {
    expect(read("stone with lightning bolts").modifiers).toContain("lightning");
    expect(read("steel plates with bolts").modifiers).not.toContain("lightning");
  });
});

describe("the new marks and treatments keep the tile seamless", () => {
  const PROMPTS = [
    "sandy seabed with ripples",
    "railroad tracks on gravel",
    "riveted steel panels with rust streaks",
    "ivy-covered brick wall",
    "crater-pocked moon surface",
    "patched canvas sail",
    "scorched launch pad",
    "sunken deck planks",
    "striped tent canvas",
    "wet mud with hoof prints",
    "adobe wall",
    "rubber grip floor mat",
  ];
  it.each(PROMPTS)("%s", async (prompt) => {
    const s = await seams(prompt, [64], [1, 2, 3]);
    expect(within(s, 1.6, 1.5), `${prompt}: ${JSON.stringify(s)}`).toBe(true);
  });
});
