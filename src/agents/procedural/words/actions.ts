/**
 * Actions and body counts a figure's prompt can name (issue 39): "leaping cat", "cleric praying",
 * "mage summoning a spirit", "three-headed dog", "four-armed demon", "one-eyed giant". Words only:
 * the sprites read them into a plan, the sheets pose the rig (sheets/posed.ts). An action is named
 * by its canonical word (the `-ing` form), a count of parts as "three-headed".
 */
import { wordTable } from "./vocabulary.js";

/** Canonical action → the words that name it (words a subject already takes, "fly" or "wave", stay subjects). */
export const ACTION_WORDS = wordTable({
  leaping: "leap leaps leapt pouncing pounce pounces springing lunging lunge lunges bounding",
  jumping: "jump jumps hopping hop hops bouncing bounce bounces midair",
  running: "run runs sprinting sprint sprints dashing fleeing galloping gallop racing rushing charging",
  walking: "walk walks strolling marching wandering waddling waddle waddles",
  sleeping: "sleep sleeps sleeping sleepy dozing doze dozes napping nap asleep slumbering",
  summoning: "summon summons raising conjuring conjure conjures invoking invoke channeling channelling",
  casting: "cast casts spellcasting",
  praying: "pray prays worshipping blessing meditating meditate",
  kneeling: "kneel kneels knelt bowing",
  diving: "dive dives swooping swoop swoops plunging",
  climbing: "climb climbs scaling",
  roaring: "roar roars howling howl howls growling growl snarling screaming shouting yelling",
  sitting: "sit sits seated sat squatting resting",
  swimming: "swim swims paddling",
  flying: "flies soaring soar gliding glide airborne flapping",
  attacking: "attack attacks striking slashing slash swinging stabbing fighting lashing chopping chop chops aiming drawing",
  crouching: "crouch crouched crawling crawl crawls sneaking sneak sneaks prowling stalking",
  dancing: "dance dances",
  waving: "waves cheering celebrating",
  defending: "defend defends blocking parrying guarding",
  dying: "dead dying fallen slain defeated",
});

/** Canonical action names, in the table's order. */
export const ACTIONS: readonly string[] = [...new Set(ACTION_WORDS.values())];

/** Parts a count can name, by the word that follows the number ("three-headed"). */
export const PART_WORDS: ReadonlyMap<string, BodyPart> = new Map<string, BodyPart>([
  ["headed", "heads"],
  ["heads", "heads"],
  ["armed", "arms"],
  ["arms", "arms"],
  ["eyed", "eyes"],
  ["eyes", "eyes"],
  ["legged", "legs"],
  ["legs", "legs"],
  ["tailed", "tails"],
  ["tails", "tails"],
]);

/** Numbers one to five (and the words that mean them). */
export const COUNT_WORDS: ReadonlyMap<string, number> = new Map([
  ["one", 1],
  ["single", 1],
  ["two", 2],
  ["twin", 2],
  ["double", 2],
  ["three", 3],
  ["triple", 3],
  ["four", 4],
  ["five", 5],
  ["1", 1],
  ["2", 2],
  ["3", 3],
  ["4", 4],
  ["5", 5],
]);

/** Heads, eyes and a character's arms are counted on the rig (sheets/parts.ts); legs, tails and a creature's arms by its plan. */
export type BodyPart = "heads" | "arms" | "eyes" | "legs" | "tails";

/** A count of parts read from the prompt: "three-headed" is { part: "heads", count: 3, words: ["three", "headed"] }. */
export interface PartCount {
  part: BodyPart;
  count: number;
  /** The prompt's tokens that named it (none when its subject implies it: a cyclops's one eye). */
  words: string[];
  /** Canonical name, as reported ("three-headed"). */
  name: string;
}

const PART_NAMES: Readonly<Record<BodyPart, string>> = { heads: "headed", arms: "armed", eyes: "eyed", legs: "legged", tails: "tailed" };
const NUMBER_NAMES = ["", "one", "two", "three", "four", "five"];

/** The part counts named in a prompt's tokens: a number word followed by a part word ("four-armed", "three heads"). */
export function partCounts(tokens: readonly string[]): PartCount[] {
  const out: PartCount[] = [];
  for (let k = 0; k + 1 < tokens.length; k++) {
    const count = COUNT_WORDS.get(tokens[k] as string);
    const part = PART_WORDS.get(tokens[k + 1] as string);
    if (count === undefined || part === undefined || out.some((p) => p.part === part)) continue;
    out.push({ part, count, words: [tokens[k] as string, tokens[k + 1] as string], name: `${NUMBER_NAMES[count]}-${PART_NAMES[part]}` });
  }
  return out;
}

/** Subjects whose body has a count of its own: a cyclops has one eye. */
export const IMPLIED_PARTS: Readonly<Record<string, { part: BodyPart; count: number }>> = {
  cyclops: { part: "eyes", count: 1 },
  cerberus: { part: "heads", count: 3 },
  kitsune: { part: "tails", count: 9 },
};

/** The canonical part-count names `knows` lists ("two-headed" ... "five-headed", "one-eyed" ...). */
export const PART_COUNT_NAMES: readonly string[] = [
  "two-headed",
  "three-headed",
  "one-eyed",
  "three-eyed",
  "four-armed",
  "one-armed",
  "three-legged",
  "two-tailed",
];
