/** Wear on sprite creatures and items ("mossy boulder", "rusty anchor", "old barrel"): drawn, and it changes the picture. */
import { describe, expect, it } from "vitest";
import { pictureOf, readAs } from "../reading-kit.js";
import { vanishedWords } from "../words/accounting.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);

describe("wear on sprites", () => {
  it.each([
    ["mossy boulder", "mossy", "boulder"],
    ["rusty anchor", "rusty", "anchor"],
    ["weathered crate", "weathered", "crate"],
    ["old barrel", "weathered", "barrel"],
    ["mossy turtle", "mossy", "turtle"],
    ["rusty cannon", "rusty", "cannon"],
    ["barnacle-covered treasure chest", "barnacled", "treasure chest"],
    ["sunken anchor", "sunken", "anchor"],
  ])("%s: %s drawn", async (prompt, style, without) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(style);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, read)).toEqual([]);
    expect((await picture(prompt)).equals(await picture(without))).toBe(false);
  });
});
