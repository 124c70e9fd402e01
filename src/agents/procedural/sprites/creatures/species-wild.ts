/**
 * More four-legged species as data, on the bodies of the known ones (see plan-quadruped.ts):
 * small mammals of rivers, woods and deserts, big game, cats and dogs of the wild, dinosaurs and
 * winged or many-headed beasts of myth.
 */
import type { Species } from "./species-types.js";
import type { Quadruped } from "./plan-quadruped.js";
import { beast, cattle, fox, horse } from "./species-farm.js";

const wolf: Quadruped = { len: 0.44, height: 0.2, leg: 0.18, legW: 0.05, neck: 0.04, head: 0.085, snout: 0.08, ears: "point", tail: "bushy", belly: true };
const cat: Quadruped = { len: 0.46, height: 0.2, leg: 0.16, legW: 0.055, neck: 0.01, head: 0.09, snout: 0.04, ears: "round", tail: "thin", belly: true };
const lion: Quadruped = { ...cat, len: 0.46, height: 0.22, leg: 0.17, legW: 0.06, tail: "tuft", mane: true };
const dog: Quadruped = {
  len: 0.4,
  height: 0.19,
  leg: 0.14,
  legW: 0.05,
  neck: 0.03,
  head: 0.09,
  snout: 0.06,
  ears: ["floppy", "point"],
  tail: "thin",
  belly: true,
};
const low: Quadruped = { len: 0.44, height: 0.14, leg: 0.08, legW: 0.04, neck: 0.03, head: 0.075, snout: 0.04, ears: "small", tail: "taper", belly: true };
const elephant: Quadruped = {
  len: 0.5,
  height: 0.32,
  leg: 0.2,
  legW: 0.1,
  neck: 0,
  head: 0.12,
  snout: 0,
  ears: "floppy",
  horns: "tusks",
  tail: "thin",
  trunk: true,
};
const saurian: Quadruped = { len: 0.46, height: 0.24, leg: 0.18, legW: 0.08, neck: 0.02, head: 0.07, snout: 0.06, ears: "none", tail: "taper" };

export const WILD_BEASTS: Readonly<Record<string, Species>> = {
  // rivers, woods and burrows
  otter: beast(["brown|tan|brown", "beige", "black"], low),
  badger: beast(["grey|black|grey", "white", "black"], {
    ...low,
    len: 0.42,
    height: 0.2,
    legW: 0.06,
    neck: -0.02,
    head: 0.085,
    snout: 0.06,
    tail: "short",
    mask: "stripe",
  }),
  raccoon: beast(["grey", "white", "black"], { ...dog, len: 0.38, height: 0.18, leg: 0.1, ears: "round", tail: "bushy", pattern: "none", mask: "band" }),
  skunk: beast(["black", "white", "white"], { ...low, len: 0.36, height: 0.18, tail: "bushy", mask: "stripe" }),
  beaver: beast(["brown", "tan", "brown"], { ...low, len: 0.4, height: 0.22, neck: 0, head: 0.085, snout: 0.03, tail: "paddle", teeth: true }),
  mole: beast(["grey|black", "pink", "pink"], { ...low, len: 0.32, height: 0.18, leg: 0.05, head: 0.07, snout: 0.06, ears: "none", tail: "short" }),
  hamster: beast(["tan|orange|white", "white", "pink"], {
    ...low,
    len: 0.3,
    height: 0.22,
    leg: 0.05,
    neck: 0,
    head: 0.1,
    snout: 0.02,
    ears: "round",
    tail: "none",
  }),
  capybara: beast(["brown|tan", "tan", "black"], {
    ...low,
    len: 0.46,
    height: 0.26,
    leg: 0.1,
    legW: 0.06,
    neck: 0,
    head: 0.1,
    snout: 0.05,
    tail: "none",
    belly: false,
  }),
  armadillo: beast(["tan|grey", "beige", "brown"], { ...low, len: 0.36, height: 0.16, leg: 0.07, head: 0.06, snout: 0.06, shell: true, belly: false }),
  anteater: beast(["grey|brown", "white", "black"], { ...dog, len: 0.46, neck: -0.02, head: 0.07, snout: 0.2, ears: "small", tail: "bushy" }),
  koala: beast(["grey", "white", "black"], { ...dog, len: 0.34, height: 0.24, leg: 0.1, legW: 0.07, head: 0.11, snout: 0.02, ears: "round", tail: "none" }),
  kangaroo: beast(["tan|brown|orange", "beige", "brown"], {
    ...dog,
    len: 0.34,
    height: 0.24,
    leg: 0.12,
    legW: 0.06,
    neck: 0.1,
    head: 0.07,
    ears: "long",
    tail: "taper",
  }),
  // wild dogs and cats
  coyote: beast(["tan|grey|beige", "beige", "brown"], wolf),
  hyena: beast(["tan|beige", "beige", "black"], { ...wolf, neck: 0.06, tail: "short", ridge: true, pattern: "spots" }),
  puma: beast(["tan|gold|beige", "white", "brown"], cat),
  sabertooth: beast(["tan|gold|orange", "white", "brown"], { ...cat, height: 0.24, legW: 0.07, tail: "short", horns: "tusks" }),
  // big game and cattle
  bison: beast(["brown|black|brown", "tan", "beige"], { ...cattle, height: 0.27, mane: true, ears: "small" }),
  yak: beast(["black|brown|white", "grey", "beige"], { ...cattle, wool: true }),
  elephant: beast(["grey|steel|grey", "grey", "white"], elephant),
  mammoth: beast(["brown|maroon|brown", "tan", "white"], { ...elephant, ears: "small", ridge: true }),
  // dinosaurs
  dinosaur: beast(["green|olive|teal|brown", "lime", "beige"], { ...saurian, neck: 0.28, head: 0.055, len: 0.44 }),
  triceratops: beast(["green|olive|brown", "lime", "beige"], { ...saurian, head: 0.1, horns: "horn", ridge: false, pattern: ["none", "bands"] }),
  stegosaurus: beast(["green|olive|teal", "lime", "orange"], { ...saurian, neck: -0.03, head: 0.06, ridge: true }),
  // beasts of myth
  pegasus: beast(["white", "sky", "gold"], { ...horse, wings: true }),
  manticore: beast(["gold|red|orange", "beige", "black"], { ...lion, wings: true, tail: "taper", teeth: true }),
  chimera: beast(["gold|brown", "beige", "red"], { ...lion, wings: true, horns: "curved" }),
  jackalope: beast(["tan|brown|grey", "beige", "beige"], {
    len: 0.3,
    height: 0.24,
    leg: 0.07,
    legW: 0.07,
    neck: 0.03,
    head: 0.09,
    snout: 0.02,
    ears: "long",
    horns: "antlers",
    tail: "short",
    belly: true,
  }),
  hellhound: beast(["black|maroon|black", "red", "orange"], { ...wolf, ridge: true, teeth: true }),
  cerberus: beast(["black|brown|maroon", "grey", "red"], { ...wolf, teeth: true }),
  werewolf: beast(["grey|brown|black", "grey", "yellow"], { ...wolf, height: 0.24, leg: 0.2, legW: 0.06, head: 0.1, ridge: true, teeth: true }),
  kitsune: beast(["white|orange|gold", "white", "red"], fox),
};
