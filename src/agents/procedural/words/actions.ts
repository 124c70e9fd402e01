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
  jumping: "jump jumps hopping hop hops bouncing bounce bounces midair vaulting",
  running:
    "run runs sprinting sprint sprints dashing fleeing galloping gallop racing rushing charging chasing chase chases pursuing scurrying scampering stampeding",
  walking: "walk walks strolling marching wandering waddling waddle waddles trudging limping hiking pacing patrolling tiptoeing stomping striding",
  sleeping: "sleep sleeps sleeping sleepy dozing doze dozes napping nap asleep slumbering snoozing hibernating",
  summoning: "summon summons raising conjuring conjure conjures invoking invoke channeling channelling",
  casting: "cast casts spellcasting",
  praying: "pray prays prayer prayers worshipping blessing meditating meditate",
  kneeling: "kneel kneels knelt kneeled bowing genuflecting",
  diving: "dive dives swooping swoop swoops plunging",
  climbing: "climb climbs scaling clambering",
  roaring:
    "roar roars howling howl howls growling growl snarling screaming shouting yelling screeching hissing bellowing barking cawing crowing shrieking squawking",
  sitting: "sit sits seated sat squatting resting lounging reclining relaxing",
  swimming: "swim swims paddling wading",
  flying: "flies soaring soar gliding glide airborne flapping fluttering circling",
  attacking:
    "attack attacks striking strike strikes slashing slash swinging stabbing fighting lashing chopping chop chops punching punch punches kicking kick kicks brawling battling hitting smashing mining hammering smithing forging",
  crouching: "crouch crouched crawling crawl crawls sneaking sneak sneaks prowling stalking hiding hides cowering creeping lurking peeking",
  dancing: "dance dances twirling spinning",
  waving: "waves cheering celebrating greeting saluting beckoning signaling signalling",
  defending: "defend defends blocking parrying guarding",
  dying: "dead dying fallen slain defeated collapsed collapsing fainted fainting unconscious sprawled lifeless",
  pulling: "pull pulls pulling hauling haul hauls dragging drag drags towing tugging heaving",
  pushing: "push pushes pushing shoving shove shoves",
  working:
    "work works working tending tend tends repairing repair repairs fixing fix fixes mending mend mends tinkering welding weld welds grinding grind grinds stirring stir stirs cooking brewing writing write writes scribbling sewing knitting measuring measures gardening planting weeding kneading polishing carving whittling sharpening",
  sweeping:
    "sweep sweeps sweeping swabbing swab swabs mopping mops scrubbing scrub scrubs raking shoveling shovelling digging dig digs hoeing plowing ploughing cleaning",
  aiming: "aims aiming shooting shoot shoots firing pointing sniping targeting drawing",
  throwing: "throw throws throwing tossing toss tosses hurling hurl hurls lassoing roping flinging fling slinging pitching juggling",
  playing: "playing strumming strum strums fiddling piping drumming singing sing sings serenading performing",
  reading: "read reads reading studying",
  eating:
    "eat eats eating grazing graze grazes pecking peck pecks rooting feeding foraging munching chewing gnawing nibbling drinking sipping lapping sniffing",
  rearing: "rears rearing bucking",
  coiled: "coiled coiling curled curling",
  falling: "fall falls falling tumbling tumble tumbles plummeting toppling",
  hanging: "hang hangs hanging dangling clinging",
  balancing: "balance balances balancing teetering",
  perched: "perched perching roosting",
  dodging: "dodge dodges dodging evading evade evades ducking sidestepping",
  spitting: "spit spits spitting squirting squirts spraying spewing spews breathing",
  caged: "caged imprisoned jailed captive",
});

/**
 * Actions a figure does at once ("monk kneeling in prayer", "rattlesnake coiled to strike", "outlaw
 * sitting behind bars"): the first named is the pose, a second joins it when the pair is here. Being
 * caged goes with any action.
 */
const TOGETHER: Readonly<Record<string, readonly string[]>> = {
  kneeling: ["praying", "working", "reading", "aiming", "eating", "sweeping"],
  sitting: ["working", "reading", "eating", "playing", "sleeping", "praying"],
  crouching: ["aiming", "attacking", "eating", "working"],
  coiled: ["attacking", "sleeping"],
  leaping: ["attacking"],
  flying: ["attacking", "aiming", "spitting"],
  walking: ["reading", "playing", "eating"],
  swimming: ["eating", "spitting"],
  hanging: ["sleeping"],
  perched: ["sleeping", "eating"],
};

/** Whether `second` joins `first` (or `first` joins `second`) as one pose. */
export function actionsTogether(first: string, second: string): boolean {
  if (first === second) return false;
  if (first === "caged" || second === "caged") return true;
  return (TOGETHER[first]?.includes(second) ?? false) || (TOGETHER[second]?.includes(first) ?? false);
}

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
