/**
 * States of things (issue 39): words that say what condition a thing is in ("burnt toast",
 * "rotten apple", "unlit torch", "empty bottle", "open door"). The prompt reader leaves them among
 * the other words; the icon agent draws a state where it applies to the thing (icons/thing-states.ts)
 * and reports it ignored where it does not. Cracked ("cracked"), frozen ("icy") and glowing are
 * styles, and burning the fire effect: they are read with those tables. "Broken" is also the
 * cracked style's word: an icon draws its cracks and the break (BROKEN_WORDS).
 */
import { wordTable } from "./vocabulary.js";

export const STATE_WORDS = wordTable({
  cooked: "cook roasted roast grilled baked toasted",
  raw: "uncooked",
  burnt: "burned charred scorched singed",
  rotten: "rotting rotted moldy mouldy spoiled decayed decaying",
  bitten: "eaten nibbled bite bites",
  lit: "",
  unlit: "extinguished snuffed",
  smoking: "smoky smoldering smouldering smokey",
  melting: "melted",
  wet: "soaked dripping drenched damp soggy waterlogged sodden",
  empty: "emptied drained",
  full: "filled brimming",
  open: "opened",
  closed: "shut",
  broken: "shattered snapped smashed",
  // wear and damage (icons/thing-state-wear.ts)
  dented: "dent dents dinged battered",
  bent: "crooked twisted warped buckled",
  torn: "tattered frayed ripped ragged shredded tear",
  leaking: "leaky leak leaks seeping",
  // "dried" and "dirty" are read as the parched and dirt surfaces' words: icons/thing-states.ts maps them back
  dehydrated: "dried desiccated freezedried parched",
  grimy: "dirty filthy muddy dusty stained soiled grubby",
  chipped: "nicked",
  scratched: "scuffed scratches",
  spilled: "spilt spilling overturned tipped",
  sealed: "corked stoppered capped",
  new: "brandnew unused",
});

/** The canonical state a word names, if any. */
export const stateOf = (word: string): string | undefined => STATE_WORDS.get(word);

/** Every canonical state, in the table's order. */
export const STATES: readonly string[] = [...new Set(STATE_WORDS.values())];

/**
 * Surface features: what lies scattered over a texture, named after "with" ("grass with mushrooms",
 * "forest floor with fallen leaves"): feature → the raw words that name it (textures/features.ts draws them).
 */
export const FEATURE_WORDS: Readonly<Record<string, string>> = {
  mushroom: "mushroom mushrooms shroom shrooms toadstool toadstools fungus fungi",
  shell: "shell shells seashell seashells",
  starfish: "starfish starfishes",
  leaf: "leaf leaves foliage",
  twig: "twig twigs stick sticks branch branches",
  root: "root roots",
  clover: "clover clovers",
  seaweed: "seaweed seaweeds kelp algae",
  puddle: "puddle puddles pool pools",
  footprint: "footprint footprints footstep footsteps prints tracks",
  bootprint: "bootprint bootprints",
  stain: "stain stains spill spills",
  flower: "flower flowers daisy daisies blossom blossoms",
  weed: "weed weeds tuft tufts",
  // marks pressed or grown into a surface (textures/marks.ts)
  crater: "crater craters cratered pockmark pockmarks",
  ripple: "ripple ripples rippled raked combed",
  rails: "rail rails railroad railroads railway railways",
  ruts: "rut ruts rutted",
  bubble: "bubble bubbles bubbling",
  streak: "streak streaks streaked drip drips",
  vine: "ivy vine vines creeper creepers",
  sprout: "sprout sprouts seedling seedlings herb herbs",
  shrub: "shrub shrubs sagebrush scrub tumbleweed tumbleweeds",
  petal: "petal petals sakura",
  hoofprint: "hoofprint hoofprints",
  pawprint: "paw paws pawprint pawprints",
  birdprint: "birdprint birdprints",
  lilypad: "lilypad lilypads lily lilies",
  coin: "coin coins doubloon doubloons",
};

/** Words that make scattered leaves fallen ones, brown and orange ("fallen leaves"); without leaves they say nothing. */
export const FALLEN_WORDS: ReadonlySet<string> = new Set(["fallen", "dead", "dry", "dried", "withered"]);

/** Words of the cracked style that also break a thing in two (icons/thing-states.ts). */
export const BROKEN_WORDS: ReadonlySet<string> = new Set(["broken", "shattered", "snapped", "smashed"]);

/** A word that makes a bite a big one ("half eaten"): only with a bite named. */
export const HALF_WORDS: ReadonlySet<string> = new Set(["half"]);
