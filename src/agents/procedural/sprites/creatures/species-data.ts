/** Creature species as data: a body plan, its proportions and parts, default colours (primary, secondary, accent). */
import { BEASTS } from "./species-beasts.js";
import { MORE_SPECIES } from "./species-more.js";
import { WILD_BEASTS } from "./species-wild.js";
import type { Species } from "./species-types.js";

export type { Colors, Species } from "./species-types.js";

export const SPECIES: Readonly<Record<string, Species>> = {
  ...BEASTS,
  ...WILD_BEASTS,
  ...MORE_SPECIES,
  chicken: {
    plan: "sidebird",
    colors: ["white|brown|tan|black", "beige", "orange"],
    body: { body: 0.2, upright: 0.5, head: 0.08, beak: "short", leg: 0.12, tail: "up", crest: "comb", wattle: true },
  },
  duck: {
    plan: "sidebird",
    colors: ["white|brown|white", "beige", "orange"],
    body: { body: 0.22, upright: 0.1, head: 0.09, beak: "flat", leg: 0.06, tail: "short" },
  },
  crow: {
    plan: "sidebird",
    colors: ["black", "grey", "grey"],
    body: { body: 0.19, upright: 0.4, head: 0.085, beak: "cone", leg: 0.12, tail: "long", crest: ["none", "none", "tuft"] },
  },
  seagull: {
    plan: "sidebird",
    colors: ["white", "grey", "yellow"],
    body: { body: 0.2, upright: 0.25, head: 0.085, beak: "long", leg: 0.1, tail: "short", crest: "none" },
  },
  parrot: {
    plan: "sidebird",
    colors: ["red|blue|green", "yellow", "beige"],
    body: { body: 0.18, upright: 0.85, head: 0.09, beak: "hook", leg: 0.08, tail: "long", crest: ["none", "tuft"] },
  },
  owl: { plan: "upright", colors: ["brown", "beige", "orange"], body: { kind: "owl" } },
  penguin: { plan: "upright", colors: ["black", "white", "orange"], body: { kind: "penguin" } },
  eagle: { plan: "winged", colors: ["brown", "white", "yellow"], body: { kind: "eagle" } },
  phoenix: { plan: "winged", colors: ["red", "orange", "yellow"], body: { kind: "phoenix" } },
  griffin: { plan: "winged", colors: ["brown", "gold", "orange"], body: { kind: "griffin" } },
  wyvern: { plan: "winged", colors: ["green", "lime", "beige"], body: { kind: "wyvern" } },
  fish: {
    plan: "fish",
    colors: ["orange|gold|red|sky|silver", "white", "white"],
    body: { len: 0.56, height: 0.3, dorsal: 0.08, pattern: ["none", "stripes", "spots"] },
  },
  shark: { plan: "fish", colors: ["steel", "white", "white"], body: { len: 0.66, height: 0.24, dorsal: 0.14, shark: true } },
  snake: {
    plan: "serpent",
    colors: ["green|olive|brown|black|lime", "lime", "yellow"],
    body: { thick: 0.05, waves: 2, snake: true, pattern: ["none", "bands", "spots"] },
  },
  rattlesnake: {
    plan: "serpent",
    colors: ["tan|brown|beige", "brown", "beige"],
    body: { thick: 0.055, waves: 2.5, snake: true, pattern: ["bands", "spots"] },
  },
  worm: { plan: "serpent", colors: ["pink", "rose", "rose"], body: { thick: 0.06, waves: 1.5, snake: false } },
  snail: { plan: "snail", colors: ["tan", "beige", "brown"] },
  bee: {
    plan: "bug",
    colors: ["yellow", "black", "white"],
    body: {
      segments: [
        [0.08, 0.07],
        [0.1, 0.09],
        [0.15, 0.18],
      ],
      legs: 6,
      antennae: "straight",
      wings: "clear",
      pattern: "bands",
    },
  },
  ant: {
    plan: "bug",
    colors: ["black", "black", "red"],
    body: {
      segments: [
        [0.09, 0.08],
        [0.06, 0.09],
        [0.13, 0.16],
      ],
      legs: 6,
      antennae: "elbow",
    },
  },
  beetle: {
    plan: "bug",
    colors: ["emerald|blue|purple|brown", "black", "yellow"],
    body: {
      segments: [
        [0.08, 0.06],
        [0.12, 0.07],
        [0.2, 0.23],
      ],
      legs: 6,
      antennae: "club",
      wings: "shell",
      horn: true,
    },
  },
  ladybug: {
    plan: "bug",
    colors: ["red", "black", "white"],
    body: {
      segments: [
        [0.08, 0.06],
        [0.11, 0.06],
        [0.22, 0.22],
      ],
      legs: 6,
      antennae: "club",
      wings: "shell",
      pattern: "spots",
    },
  },
  scorpion: {
    plan: "bug",
    colors: ["black", "grey", "red"],
    body: {
      segments: [
        [0.09, 0.08],
        [0.12, 0.1],
        [0.11, 0.1],
      ],
      legs: 8,
      pincers: true,
      stinger: true,
    },
  },
  crab: {
    plan: "bug",
    colors: ["red", "orange", "white"],
    body: {
      segments: [
        [0.12, 0.05],
        [0.24, 0.16],
      ],
      legs: 8,
      pincers: true,
      stalks: true,
    },
  },
  butterfly: {
    plan: "bug",
    colors: ["blue|orange|purple|yellow", "black", "yellow"],
    body: {
      segments: [
        [0.05, 0.05],
        [0.04, 0.1],
        [0.035, 0.14],
      ],
      legs: 0,
      antennae: "club",
      wings: "big",
    },
  },
  frog: { plan: "frog", colors: ["green", "lime", "red"] },
  gorilla: { plan: "biped", colors: ["black|grey|black", "grey", "grey"], body: { head: 0.1, ears: 0.3 } },
  yeti: { plan: "biped", colors: ["white|sky|white", "sky", "beige"], body: { head: 0.1, ears: 0, horns: true } },
  demon: { plan: "biped", colors: ["red|crimson|maroon|purple", "maroon", "beige|black"], body: { head: 0.1, ears: 0.25, horns: true, wings: true } },
  /** A crouching stone demon: horns, bat wings, a snout, big ears. */
  gargoyle: { plan: "biped", colors: ["grey|steel|grey", "steel", "beige"], body: { head: 0.12, ears: 0.45, horns: true, wings: true, muzzle: true } },
  sloth: { plan: "biped", colors: ["tan|brown|beige", "beige", "brown"], body: { head: 0.12, ears: 0, muzzle: true } },
  monkey: { plan: "biped", colors: ["brown|tan|orange", "beige", "brown"], body: { head: 0.12, ears: 0.7, muzzle: true } },
  whale: { plan: "fish", colors: ["navy|blue|grey|steel", "white", "white"], body: { len: 0.7, height: 0.3, dorsal: 0, whale: true } },
  centipede: {
    plan: "bug",
    colors: ["maroon|brown|red|olive", "black", "yellow"],
    body: {
      segments: [
        [0.09, 0.055],
        [0.1, 0.05],
        [0.105, 0.05],
        [0.105, 0.05],
        [0.1, 0.05],
        [0.095, 0.05],
        [0.085, 0.05],
        [0.07, 0.05],
      ],
      legs: 0,
      antennae: "straight",
      segmentLegs: true,
    },
  },
  wisp: { plan: "floater", colors: ["cyan|sky|turquoise|violet", "white", "white"], body: { kind: "wisp" } },
  hydra: { plan: "figure", colors: ["green|emerald|teal|purple", "lime", "beige"], draw: "hydra" },
  jellyfish: { plan: "floater", colors: ["pink", "violet", "white"], body: { kind: "jellyfish" } },
  octopus: { plan: "floater", colors: ["purple", "pink", "white"], body: { kind: "octopus" } },
  beholder: { plan: "floater", colors: ["purple", "pink", "red"], body: { kind: "beholder" } },
  myconid: { plan: "figure", colors: ["red", "beige", "white"], draw: "mushroom" },
  mimic: { plan: "figure", colors: ["brown|tan|maroon|brown", "beige", "gold|silver|bronze"], draw: "mimic" },
  flytrap: { plan: "figure", colors: ["green", "pink", "green"], draw: "plant" },
  treant: { plan: "figure", colors: ["green", "lime", "brown"], draw: "treant" },
  elemental: { plan: "figure", colors: ["orange", "yellow", "white"], draw: "elemental" },
};
