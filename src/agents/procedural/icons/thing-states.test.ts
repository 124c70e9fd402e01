import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { interpretPrompt } from "../words/prompt.js";
import { STATES } from "../words/states.js";
import { iconGenerator } from "./icon.js";
import { interpretIcon } from "./reading.js";
import { stateApplies } from "./thing-states.js";

const read = (prompt: string) => interpretIcon(interpretPrompt({ prompt }));
const draw = async (prompt: string, size = 64, seed = 1): Promise<Uint8Array> =>
  PNG.sync.read(
    (await iconGenerator.generate({ spec: interpretPrompt({ prompt }), width: size, height: size, transparent: true, seed, badge: "none" }, () => undefined))
      .png,
  ).data;
const changed = (a: Uint8Array, b: Uint8Array): number => {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) n++;
  return n / (a.length / 4);
};

/** Each state on a thing it applies to, and on one it does not (and, for fine marks, the least size that shows them). */
const STATE_CASES: [string, string, string, number?][] = [
  ["cooked", "fish", "sword"],
  ["raw", "meat", "candle"],
  ["burnt", "bread", "sword"],
  ["rotten", "apple", "shield"],
  ["bitten", "cookie", "key"],
  ["lit", "lantern", "apple"],
  ["unlit", "torch", "bread"],
  ["smoking", "cannon", ""],
  ["melting", "cheese", ""],
  ["wet", "fish", ""],
  ["empty", "potion", "sword"],
  ["full", "bucket", "apple"],
  ["open", "door", "apple"],
  ["closed", "book", "fish"],
  ["broken", "bow", ""],
  ["dented", "bucket", "apple"],
  ["bent", "sword", "apple"],
  ["torn", "flag", "sword"],
  ["leaking", "barrel", "sword"],
  ["dehydrated", "fish", "sword"],
  ["grimy", "boot", ""],
  ["chipped", "pot", "apple"],
  // thin scratches are lost in a 16 px icon's pixels
  ["scratched", "shield", "apple", 32],
  ["spilled", "mug", "sword"],
  ["sealed", "potion", "sword"],
  ["new", "sword", ""],
];

describe("states of things: drawn where they apply, ignored where they do not", () => {
  it("covers every state of the table", () => {
    expect(STATE_CASES.map(([s]) => s).sort()).toEqual([...STATES].sort());
  });

  it.each(STATE_CASES)("%s %s changes the drawing at 16, 32 and 64 px", async (state, thing, _other, least = 16) => {
    const i = read(`${state} ${thing}`);
    expect(i).toMatchObject({ subject: read(thing).subject, ignored: [], fallback: false });
    expect(i.modifiers).toContain(state);
    for (const size of [16, 32, 64].filter((s) => s >= least))
      expect(changed(await draw(thing, size), await draw(`${state} ${thing}`, size)), `${state} ${thing} at ${size} px`).toBeGreaterThan(0.01);
  });

  it.each(STATE_CASES.filter(([, , other]) => other !== ""))("%s on something it does not apply to (%s vs %s) is reported ignored", (state, _thing, other) => {
    expect(stateApplies(state, read(other).subject ?? "")).toBe(false);
    const i = read(`${state} ${other}`);
    expect(i.ignored).toContain(state);
    expect(i.modifiers).not.toContain(state);
  });

  it("reads synonyms as their state, and the later of two contradicting states", async () => {
    expect(read("charred bread").modifiers).toContain("charred");
    expect(read("moldy cheese").modifiers).toContain("moldy");
    const both = read("lit unlit candle");
    expect(both.modifiers).toContain("unlit");
    expect(both.ignored).toContain("lit");
  });

  it("keeps a thing's own reading of a state word: an open chest draws its own open chest", () => {
    expect(read("open chest").modifiers).toContain("open");
    expect(read("closed chest").modifiers).toContain("closed");
  });

  it("cuts a bite out of the silhouette: fewer opaque pixels", async () => {
    const opaque = (p: Uint8Array): number => p.filter((_, i) => i % 4 === 3 && (p[i] ?? 0) > 128).length;
    expect(opaque(await draw("bitten cookie"))).toBeLessThan(opaque(await draw("cookie")) - 40);
  });
});

describe("counts of things: one to five, grouped, heaped or stacked", () => {
  it.each(["two", "three", "four", "five"])("%s apples: a number changes the drawing and is understood", async (n) => {
    const i = read(`${n} apples`);
    expect(i).toMatchObject({ subject: "apple", ignored: [] });
    expect(i.modifiers).toContain(n);
    expect(changed(await draw("apple"), await draw(`${n} apples`))).toBeGreaterThan(0.05);
  });

  it("four and five differ from three, and a stack from a spread", async () => {
    expect(changed(await draw("three gems"), await draw("four gems"))).toBeGreaterThan(0.05);
    expect(changed(await draw("four gems"), await draw("five gems"))).toBeGreaterThan(0.05);
    expect(read("stack of books").modifiers).toContain("stack");
    expect(changed(await draw("three books"), await draw("stack of three books"))).toBeGreaterThan(0.05);
  });

  it("coins count themselves: a pile of five coins is five coins", async () => {
    const i = read("pile of five coins");
    expect(i.ignored).toEqual([]);
    expect(i.modifiers).toContain("five");
    expect(changed(await draw("pile of two coins"), await draw("pile of five coins"))).toBeGreaterThan(0.05);
  });
});

describe("the long tail of things, by recipes of parts", () => {
  const NOUNS = ["sundial", "wheelbarrow", "beehive", "totem", "harpoon", "periscope", "buoy", "birdhouse", "mask", "bale"];
  it.each(NOUNS)("%s draws its own design", (noun) => {
    expect(read(noun)).toMatchObject({ subject: noun, fallback: false, ignored: [] });
  });

  it("each differs from the thing it is a kind of", async () => {
    for (const [noun, broader] of <[string, string][]>[
      ["wheelbarrow", "cart"],
      ["beehive", "honey"],
      ["harpoon", "spear"],
      ["periscope", "spyglass"],
      ["totem", "statue"],
      ["sundial", "clock"],
    ])
      expect(changed(await draw(noun), await draw(broader)), noun).toBeGreaterThan(0.1);
  });
});
