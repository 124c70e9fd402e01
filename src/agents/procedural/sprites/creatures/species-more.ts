/**
 * More species as data on the known plans: fish and the whale's kin, sea creatures with shapes of
 * their own (plan-sea.ts), birds of garden, shore and savannah, and insects.
 */
import type { Bug } from "./plan-bug.js";
import type { SideBird } from "./plan-side.js";
import type { Species } from "./species-types.js";

const songbird: SideBird = { body: 0.15, upright: 0.5, head: 0.08, beak: "cone", leg: 0.08, tail: "long", crest: "none" };
const wader: SideBird = { body: 0.17, upright: 0.6, head: 0.065, beak: "long", leg: 0.3, tail: "short", crest: "none" };
const fly: Bug = {
  segments: [
    [0.08, 0.08],
    [0.1, 0.1],
    [0.13, 0.15],
  ],
  legs: 6,
  antennae: "none",
  wings: "clear",
};

export const MORE_SPECIES: Readonly<Record<string, Species>> = {
  // fish and sea creatures
  pufferfish: {
    plan: "fish",
    colors: ["yellow|tan|orange", "white", "brown"],
    body: { len: 0.46, height: 0.3, dorsal: 0.04, pattern: "spots", extras: { spines: true } },
  },
  anglerfish: { plan: "fish", colors: ["navy|black|maroon", "grey", "yellow"], body: { len: 0.52, height: 0.36, dorsal: 0.06, extras: { lure: true } } },
  swordfish: { plan: "fish", colors: ["navy|blue|steel", "silver", "white"], body: { len: 0.58, height: 0.22, dorsal: 0.14, extras: { bill: true } } },
  seal: { plan: "fish", colors: ["grey|steel|brown", "white", "black"], body: { len: 0.62, height: 0.26, dorsal: 0, whale: true, extras: { seal: true } } },
  walrus: {
    plan: "fish",
    colors: ["brown|tan", "beige", "white"],
    body: { len: 0.66, height: 0.32, dorsal: 0, whale: true, extras: { seal: true, tusks: true } },
  },
  manatee: { plan: "fish", colors: ["grey|steel", "grey", "black"], body: { len: 0.68, height: 0.3, dorsal: 0, whale: true, extras: { seal: true } } },
  clownfish: { plan: "fish", colors: ["orange", "white", "white"], body: { len: 0.5, height: 0.3, dorsal: 0.08, pattern: "bands" } },
  stingray: { plan: "figure", colors: ["grey|steel|navy|tan", "white", "black"], draw: "ray" },
  starfish: { plan: "figure", colors: ["orange|red|pink|purple", "beige", "yellow"], draw: "starfish" },
  seahorse: { plan: "figure", colors: ["orange|yellow|teal|pink", "beige", "red"], draw: "seahorse" },
  // birds
  sparrow: { plan: "sidebird", colors: ["brown|tan|red|blue|yellow", "beige", "orange"], body: songbird },
  pigeon: { plan: "sidebird", colors: ["grey|white|grey", "silver", "pink"], body: { ...songbird, body: 0.19, beak: "short", tail: "short" } },
  flamingo: { plan: "sidebird", colors: ["pink", "rose", "black"], body: { ...wader, beak: "hook" } },
  heron: { plan: "sidebird", colors: ["grey|white|steel", "white", "yellow"], body: wader },
  ostrich: {
    plan: "sidebird",
    colors: ["black|brown|grey", "white", "pink"],
    body: { ...wader, body: 0.22, upright: 0.9, head: 0.055, beak: "short", leg: 0.32, tail: "up" },
  },
  turkey: {
    plan: "sidebird",
    colors: ["brown", "tan", "red"],
    body: { body: 0.22, upright: 0.5, head: 0.065, beak: "short", leg: 0.12, tail: "fan", wattle: true },
  },
  peacock: {
    plan: "sidebird",
    colors: ["blue|teal", "emerald", "green"],
    body: { body: 0.18, upright: 0.6, head: 0.065, beak: "short", leg: 0.12, tail: "fan", crest: "tuft" },
  },
  toucan: { plan: "sidebird", colors: ["black", "white", "orange"], body: { ...songbird, body: 0.18, head: 0.09, beak: "long" } },
  pelican: {
    plan: "sidebird",
    colors: ["white|grey", "beige", "yellow"],
    body: { body: 0.22, upright: 0.3, head: 0.075, beak: "long", leg: 0.08, tail: "short" },
  },
  roadrunner: {
    plan: "sidebird",
    colors: ["brown|tan", "beige", "blue"],
    body: { ...songbird, body: 0.16, upright: 0.2, head: 0.07, beak: "long", leg: 0.14, crest: "tuft" },
  },
  puffin: { plan: "sidebird", colors: ["black", "white", "orange"], body: { body: 0.18, upright: 0.75, head: 0.085, beak: "hook", leg: 0.06, tail: "short" } },
  // insects
  fly: { plan: "bug", colors: ["black|grey|emerald", "grey", "red"], body: fly },
  mosquito: {
    plan: "bug",
    colors: ["grey|black|brown", "white", "red"],
    body: {
      ...fly,
      segments: [
        [0.06, 0.06],
        [0.07, 0.08],
        [0.05, 0.2],
      ],
      antennae: "straight",
    },
  },
  dragonfly: {
    plan: "bug",
    colors: ["blue|teal|emerald|red", "sky", "white"],
    body: {
      ...fly,
      segments: [
        [0.07, 0.07],
        [0.07, 0.08],
        [0.045, 0.3],
      ],
      pattern: "bands",
    },
  },
  grasshopper: {
    plan: "bug",
    colors: ["green|lime|olive|brown", "lime", "yellow"],
    body: {
      segments: [
        [0.07, 0.08],
        [0.08, 0.1],
        [0.08, 0.22],
      ],
      legs: 6,
      antennae: "straight",
      wings: "none",
    },
  },
  firefly: {
    plan: "bug",
    colors: ["yellow", "black", "red"],
    body: {
      segments: [
        [0.07, 0.06],
        [0.1, 0.08],
        [0.13, 0.17],
      ],
      legs: 6,
      antennae: "straight",
      wings: "clear",
    },
  },
  cockroach: {
    plan: "bug",
    colors: ["brown|maroon|black", "tan", "tan"],
    body: {
      segments: [
        [0.08, 0.06],
        [0.13, 0.08],
        [0.17, 0.24],
      ],
      legs: 6,
      antennae: "straight",
      wings: "shell",
    },
  },
};
