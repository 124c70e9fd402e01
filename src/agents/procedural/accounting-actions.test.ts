/**
 * Issue 39's action gaps read off composition-blind-2 and generalised to the verbs game asset lists
 * give figures ("goat pulling a cart", "monk kneeling in prayer", "outlaw behind bars", "rearing
 * horse", "cowboy lassoing"): each word is reported drawn, nothing vanishes, and leaving it out
 * changes the picture. A second action joins the first only when the two go together.
 */
import { describe, expect, it } from "vitest";
import { pictureOf, readAs } from "./reading-kit.js";
import { vanishedWords } from "./words/accounting.js";
import { ACTION_WORDS } from "./words/actions.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);

/** [prompt, the word it draws, the prompt without it] */
const CASES: readonly (readonly [string, string, string])[] = [
  ["mouse scribe writing", "writing", "mouse scribe"],
  ["nun tending beehives", "tending", "nun beehives"],
  ["goat pulling a cart", "pulling", "goat cart"],
  ["monk kneeling in prayer", "prayer", "monk kneeling"],
  ["monk kneeling in prayer", "kneeling", "monk in prayer"],
  ["raven perched on a gravestone", "perched", "raven on a gravestone"],
  ["goblin deckhand swabbing", "swabbing", "goblin deckhand"],
  ["rearing horse", "rearing", "horse"],
  ["rattlesnake coiled to strike", "coiled", "rattlesnake to strike"],
  ["collapsed miner", "collapsed", "miner"],
  ["outlaw behind bars", "caged", "outlaw"],
  ["engineer welding", "welding", "engineer"],
  ["astronaut mining", "mining", "astronaut"],
  ["cowboy lassoing", "lassoing", "cowboy"],
  ["frog playing", "playing", "frog"],
  ["pig rooting", "rooting", "pig"],
  ["wolf chasing", "chasing", "wolf"],
  // the neighbours a game's list would name
  ["knight standing guard", "guarding", "knight"],
  ["archer aiming", "aiming", "archer"],
  ["dwarf digging", "digging", "dwarf"],
  ["farmer pushing a cart", "pushing", "farmer cart"],
  ["scholar reading a book", "reading", "scholar book"],
  ["goat grazing", "grazing", "goat"],
  ["bat hanging", "hanging", "bat"],
  ["knight falling", "falling", "knight"],
  ["cat balancing", "balancing", "cat"],
  ["ninja dodging", "dodging", "ninja"],
  ["caged wolf", "caged", "wolf"],
  ["thief hiding", "hiding", "thief"],
  ["cook stirring", "stirring", "cook"],
  ["hedgehog eating", "eating", "hedgehog"],
  ["sailor hauling", "hauling", "sailor"],
  ["juggling jester", "juggling", "jester"],
  ["squid squirting", "squirting", "squid"],
  ["dragon breathing fire", "breathing", "dragon fire"],
  ["cobra spitting", "spitting", "cobra"],
  // a thing's action: an effect over its drawing
  ["cannon firing", "firing", "cannon"],
  ["crate falling", "falling", "crate"],
  ["rolling barrel", "rolling", "barrel"],
];

describe("an action word filled from the measured list is drawn, and changes the picture", () => {
  it.each(CASES)("%s (%s)", async (prompt, word, without) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(word);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, read)).toEqual([]);
    expect((await picture(prompt)).equals(await picture(without))).toBe(false);
  });
});

describe("an action said as a phrase", () => {
  it.each([
    ["eagle in flight", "flying"],
    ["knight at rest", "resting"],
    ["blacksmith at work", "working"],
    ["thief on the run", "fleeing"],
    ["knight in battle", "fighting"],
    ["knight standing guard", "guarding"],
    ["outlaw behind iron bars", "caged"],
    ["eel coiled around an anchor", "coiled"],
  ])("%s: %s", (prompt, word) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(word);
    expect(i.ignored).toEqual([]);
  });
});

describe("actions done at once", () => {
  it("a second action joins the first only when the two go together", () => {
    expect(read("knight sleeping running").ignored).toEqual(["running"]);
    expect(read("goblin sleeping and charging").ignored).toContain("charging");
    expect(read("bandit sitting behind bars").modifiers).toEqual(expect.arrayContaining(["sitting", "caged"]));
  });

  it("reads the noun and past forms a list uses ('asleep', 'in prayer', 'perched on')", () => {
    for (const word of ["asleep", "prayer", "perched", "collapsed", "coiled", "caged"]) expect(ACTION_WORDS.has(word)).toBe(true);
  });

  it("a thing takes only the actions an effect shows: a sword neither fires nor runs", () => {
    expect(read("sword firing").ignored).toEqual(["firing"]);
    expect(read("running crate").ignored).toEqual(["running"]);
  });
});
