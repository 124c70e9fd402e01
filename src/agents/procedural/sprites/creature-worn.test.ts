/**
 * An animal or a monster wears what the prompt puts on it ("shark wearing an eyepatch", "frog in a
 * top hat"), drawn at its eyes; one drawn without eyes (a spider) leaves the word ignored. A character
 * takes an eyepatch, goggles or a monocle as a detail at 64 px.
 */
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { pictureOf, readAs, wordInPicture } from "../reading-kit.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);

describe("worn things on creatures and characters", () => {
  it.each([
    ["shark wearing an eyepatch", "eyepatch", "shark"],
    ["seagull in goggles", "goggles", "seagull"],
    ["frog in a top hat", "hat", "frog"],
    ["pig in a straw hat", "hat", "pig"],
    ["owl with a monocle", "monocle", "owl"],
    ["turtle with a helmet", "helmet", "turtle"],
    ["frog wearing spectacles", "spectacles", "frog"],
    ["knight with an eyepatch", "eyepatch", "knight"],
    ["wizard with a monocle", "monocle", "wizard"],
  ])("%s: %s drawn", async (prompt, word, without) => {
    const { reading, vanished, changes } = await wordInPicture("pixel-sprite", prompt, without);
    expect(reading.modifiers).toContain(word);
    expect(reading.ignored).toEqual([]);
    expect(vanished).toEqual([]);
    expect(changes).toBe(true);
  });

  it("a top hat is taller than a plain hat, and a hat raises the figure's top", async () => {
    const top = async (prompt: string): Promise<number> => {
      const { data, width } = PNG.sync.read(await picture(prompt));
      for (let k = 3; k < data.length; k += 4) if ((data[k] as number) > 0) return Math.floor((k - 3) / 4 / width);
      return width;
    };
    const [plain, hat, tall] = [await top("frog"), await top("frog in a hat"), await top("frog in a top hat")];
    expect(hat).toBeLessThan(plain);
    expect(tall).toBeLessThan(hat);
  });

  it("a creature drawn without eyes leaves what it would wear ignored", () => {
    expect(read("spider with a monocle").ignored).toEqual(["monocle"]);
  });

  it("a hat named with a creature is worn, not set beside it", () => {
    const i = read("cat wearing a hat");
    expect(i.modifiers).toEqual(["hat"]);
    expect(i.ignored).toEqual([]);
  });
});
