/** Wear on sprite creatures and items ("mossy boulder", "rusty anchor", "old barrel"): drawn, and it changes the picture. */
import { describe, expect, it } from "vitest";
import { pictureOf, readAs, wordInPicture } from "../reading-kit.js";

const _read = (prompt: string) => readAs("pixel-sprite", prompt);
const _picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);

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
    const { reading, vanished, changes } = await wordInPicture("pixel-sprite", prompt, without);
    expect(reading.modifiers).toContain(style);
    expect(reading.ignored).toEqual([]);
    expect(vanished).toEqual([]);
    expect(changes).toBe(true);
  });
});
