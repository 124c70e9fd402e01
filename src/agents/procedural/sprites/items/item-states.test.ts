/**
 * A sprite item in the state the prompt names ("open treasure chest", "unlit torch", "burnt crate"):
 * the icon family's states on the item drawn from its icon shape. Each state word is drawn, nothing
 * vanishes, and leaving it out changes the picture; a state that does not apply stays ignored.
 */
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { pictureOf, readAs, wordInPicture } from "../../reading-kit.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);
const filled = (png: Buffer): number => {
  const { data } = PNG.sync.read(png);
  let n = 0;
  for (let k = 3; k < data.length; k += 4) if ((data[k] as number) > 0) n++;
  return n;
};

describe("states of sprite items", () => {
  it.each([
    ["open treasure chest", "open", "treasure chest"],
    ["unlit torch", "unlit", "torch"],
    ["burnt crate", "burnt", "crate"],
    ["empty bucket", "empty", "bucket"],
    ["dripping barrel", "dripping", "barrel"],
    ["smoking cannon", "smoking", "cannon"],
    ["rotten apple", "rotten", "apple"],
    ["lit candle", "lit", "candle"],
    ["open door", "open", "door"],
  ])("%s: %s drawn", async (prompt, word, without) => {
    const { reading, vanished, changes } = await wordInPicture("pixel-sprite", prompt, without);
    expect(reading.modifiers).toContain(word);
    expect(reading.ignored).toEqual([]);
    expect(vanished).toEqual([]);
    expect(changes).toBe(true);
  });

  it("a bite is cut out of the item", async () => {
    expect(filled(await picture("half eaten pie"))).toBeLessThan(filled(await picture("pie")));
  });

  it("a state that does not apply stays ignored", () => {
    expect(read("unlit barrel").ignored).toEqual(["unlit"]);
  });
});
