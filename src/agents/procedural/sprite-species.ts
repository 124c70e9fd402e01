/**
 * Creature species as data: each names a body plan, its proportions and parts, and default
 * colours (primary, secondary, accent). `SPECIES_BUILDERS` turns them into sprite builders;
 * side-view plans face left or right per seed and are re-centred on the ground.
 */
import { drawBug, type Bug } from "./sprite-plan-bug.js";
import { drawElemental, drawMimic, drawMushroomFolk, drawPlantMonster, drawTreant } from "./sprite-plan-figures.js";
import { drawFloater, drawFrog, drawUprightBird, drawWinged, type Floater, type UprightBird, type Winged } from "./sprite-plan-front.js";
import { drawQuadruped, type Quadruped } from "./sprite-plan-quadruped.js";
import { drawFish, drawSerpent, drawSideBird, drawSnail, type Fish, type Serpent, type SideBird } from "./sprite-plan-side.js";
import { Random } from "./random.js";
import { bounds, flip, recenter } from "./sprite-creature-kit.js";
import { SpriteGrid, type SpriteBuilder, type SpriteTraits } from "./sprite-grid.js";

type Colors = readonly [string, string, string];

export type Species =
  | { plan: "quadruped"; colors: Colors; body: Quadruped }
  | { plan: "sidebird"; colors: Colors; body: SideBird }
  | { plan: "fish"; colors: Colors; body: Fish }
  | { plan: "serpent"; colors: Colors; body: Serpent }
  | { plan: "snail"; colors: Colors }
  | { plan: "bug"; colors: Colors; body: Bug }
  | { plan: "upright"; colors: Colors; body: UprightBird }
  | { plan: "frog"; colors: Colors }
  | { plan: "floater"; colors: Colors; body: Floater }
  | { plan: "winged"; colors: Colors; body: Winged }
  | { plan: "figure"; colors: Colors; draw: "mushroom" | "mimic" | "plant" | "treant" | "elemental" };

const beast = (colors: Colors, body: Quadruped): Species => ({ plan: "quadruped", colors, body });
const horse: Quadruped = { len: 0.44, height: 0.2, leg: 0.27, legW: 0.05, neck: 0.17, head: 0.07, snout: 0.08, ears: "point", tail: "tuft", mane: true, hooves: true };

export const SPECIES: Readonly<Record<string, Species>> = {
  wolf: beast(["grey", "white", "black"], { len: 0.44, height: 0.2, leg: 0.18, legW: 0.05, neck: 0.05, head: 0.085, snout: 0.08, ears: "point", tail: "bushy", belly: true }),
  dog: beast(["brown", "beige", "black"], { len: 0.4, height: 0.19, leg: 0.17, legW: 0.05, neck: 0.06, head: 0.09, snout: 0.06, ears: ["floppy", "point", "floppy"], tail: ["thin", "curl", "short"], belly: true, pattern: ["none", "patches"] }),
  cat: beast(["orange", "beige", "brown"], { len: 0.38, height: 0.16, leg: 0.13, legW: 0.04, neck: 0.03, head: 0.095, snout: 0.015, ears: "point", tail: "thin", belly: true, pattern: ["none", "stripes"] }),
  fox: beast(["orange", "white", "black"], { len: 0.42, height: 0.16, leg: 0.14, legW: 0.04, neck: 0.04, head: 0.085, snout: 0.09, ears: "point", tail: "bushy", belly: true }),
  bear: beast(["brown", "tan", "black"], { len: 0.52, height: 0.3, leg: 0.17, legW: 0.09, neck: 0.02, head: 0.11, snout: 0.06, ears: "round", tail: "short", belly: true }),
  boar: beast(["brown", "tan", "beige"], { len: 0.48, height: 0.27, leg: 0.13, legW: 0.06, neck: -0.06, head: 0.1, snout: 0.08, ears: "small", horns: "tusks", tail: "thin", ridge: true }),
  deer: beast(["tan", "beige", "brown"], { len: 0.4, height: 0.18, leg: 0.27, legW: 0.035, neck: 0.16, head: 0.07, snout: 0.06, ears: "point", horns: ["antlers", "antlers", "none"], tail: "short", hooves: true, belly: true, pattern: ["none", "spots"] }),
  horse: beast(["brown", "tan", "black"], horse),
  unicorn: beast(["white", "pink", "gold"], { ...horse, horns: "horn" }),
  cow: beast(["white", "pink", "black"], { len: 0.48, height: 0.24, leg: 0.2, legW: 0.06, neck: 0.04, head: 0.09, snout: 0.05, ears: "small", horns: "curved", tail: "tuft", hooves: true, pattern: "patches" }),
  pig: beast(["pink", "rose", "rose"], { len: 0.44, height: 0.27, leg: 0.11, legW: 0.06, neck: -0.02, head: 0.11, snout: 0.04, ears: ["floppy", "small"], tail: "curl" }),
  sheep: beast(["black", "white", "tan"], { len: 0.44, height: 0.24, leg: 0.16, legW: 0.04, neck: 0.04, head: 0.08, snout: 0.04, ears: "floppy", horns: ["none", "ram"], tail: "short", wool: true, hooves: true }),
  goat: beast(["white", "beige", "grey"], { len: 0.4, height: 0.2, leg: 0.2, legW: 0.045, neck: 0.1, head: 0.075, snout: 0.06, ears: "floppy", horns: ["curved", "ram"], tail: "short", hooves: true, pattern: ["none", "patches"] }),
  rabbit: beast(["white", "beige", "pink"], { len: 0.3, height: 0.22, leg: 0.07, legW: 0.06, neck: 0.12, head: 0.09, snout: 0.02, ears: "long", tail: "short", belly: true }),
  rat: beast(["grey", "pink", "pink"], { len: 0.36, height: 0.16, leg: 0.07, legW: 0.035, neck: 0, head: 0.07, snout: 0.07, ears: "round", tail: "thin", belly: true }),
  lion: beast(["gold", "beige", "brown"], { len: 0.46, height: 0.22, leg: 0.17, legW: 0.06, neck: 0.01, head: 0.09, snout: 0.04, ears: "round", tail: "tuft", mane: true, belly: true }),
  tiger: beast(["orange", "white", "black"], { len: 0.5, height: 0.2, leg: 0.15, legW: 0.06, neck: 0.02, head: 0.095, snout: 0.04, ears: "round", tail: "thin", belly: true, pattern: "stripes" }),
  crocodile: beast(["green", "lime", "olive"], { len: 0.5, height: 0.13, leg: 0.09, legW: 0.05, neck: -0.02, head: 0.065, snout: 0.2, ears: "none", tail: "taper", ridge: true, teeth: true }),
  lizard: beast(["green", "lime", "orange"], { len: 0.32, height: 0.11, leg: 0.09, legW: 0.03, neck: 0.02, head: 0.07, snout: 0.06, ears: "none", tail: "taper", pattern: ["none", "spots", "bands"] }),
  turtle: beast(["green", "tan", "brown"], { len: 0.4, height: 0.18, leg: 0.1, legW: 0.06, neck: 0.03, head: 0.07, snout: 0.03, ears: "none", tail: "short", shell: true }),
  chicken: { plan: "sidebird", colors: ["white", "beige", "orange"], body: { body: 0.2, upright: 0.5, head: 0.08, beak: "short", leg: 0.12, tail: "up", crest: "comb", wattle: true } },
  duck: { plan: "sidebird", colors: ["white", "beige", "orange"], body: { body: 0.22, upright: 0.1, head: 0.09, beak: "flat", leg: 0.06, tail: "short" } },
  crow: { plan: "sidebird", colors: ["black", "grey", "grey"], body: { body: 0.19, upright: 0.4, head: 0.085, beak: "cone", leg: 0.12, tail: "long", crest: ["none", "none", "tuft"] } },
  parrot: { plan: "sidebird", colors: ["red", "yellow", "beige"], body: { body: 0.18, upright: 0.85, head: 0.09, beak: "hook", leg: 0.08, tail: "long", crest: ["none", "tuft"] } },
  owl: { plan: "upright", colors: ["brown", "beige", "orange"], body: { kind: "owl" } },
  penguin: { plan: "upright", colors: ["black", "white", "orange"], body: { kind: "penguin" } },
  eagle: { plan: "winged", colors: ["brown", "white", "yellow"], body: { kind: "eagle" } },
  phoenix: { plan: "winged", colors: ["red", "orange", "yellow"], body: { kind: "phoenix" } },
  griffin: { plan: "winged", colors: ["brown", "gold", "orange"], body: { kind: "griffin" } },
  wyvern: { plan: "winged", colors: ["green", "lime", "beige"], body: { kind: "wyvern" } },
  fish: { plan: "fish", colors: ["orange", "white", "white"], body: { len: 0.56, height: 0.3, dorsal: 0.08, pattern: ["none", "stripes", "spots"] } },
  shark: { plan: "fish", colors: ["steel", "white", "white"], body: { len: 0.66, height: 0.24, dorsal: 0.14, shark: true } },
  snake: { plan: "serpent", colors: ["green", "lime", "yellow"], body: { thick: 0.05, waves: 2, snake: true, pattern: ["none", "bands", "spots"] } },
  worm: { plan: "serpent", colors: ["pink", "rose", "rose"], body: { thick: 0.06, waves: 1.5, snake: false } },
  snail: { plan: "snail", colors: ["tan", "beige", "brown"] },
  bee: { plan: "bug", colors: ["yellow", "black", "white"], body: { segments: [[0.08, 0.07], [0.1, 0.09], [0.15, 0.18]], legs: 6, antennae: "straight", wings: "clear", pattern: "bands" } },
  ant: { plan: "bug", colors: ["black", "black", "red"], body: { segments: [[0.09, 0.08], [0.06, 0.09], [0.13, 0.16]], legs: 6, antennae: "elbow" } },
  beetle: { plan: "bug", colors: ["emerald", "black", "yellow"], body: { segments: [[0.08, 0.06], [0.12, 0.07], [0.2, 0.23]], legs: 6, antennae: "club", wings: "shell", horn: true } },
  ladybug: { plan: "bug", colors: ["red", "black", "white"], body: { segments: [[0.08, 0.06], [0.11, 0.06], [0.22, 0.22]], legs: 6, antennae: "club", wings: "shell", pattern: "spots" } },
  scorpion: { plan: "bug", colors: ["black", "grey", "red"], body: { segments: [[0.09, 0.08], [0.12, 0.1], [0.11, 0.1]], legs: 8, pincers: true, stinger: true } },
  crab: { plan: "bug", colors: ["red", "orange", "white"], body: { segments: [[0.12, 0.05], [0.24, 0.16]], legs: 8, pincers: true, stalks: true } },
  butterfly: { plan: "bug", colors: ["blue", "black", "yellow"], body: { segments: [[0.05, 0.05], [0.04, 0.1], [0.035, 0.14]], legs: 0, antennae: "club", wings: "big" } },
  frog: { plan: "frog", colors: ["green", "lime", "red"] },
  jellyfish: { plan: "floater", colors: ["pink", "violet", "white"], body: { kind: "jellyfish" } },
  octopus: { plan: "floater", colors: ["purple", "pink", "white"], body: { kind: "octopus" } },
  beholder: { plan: "floater", colors: ["purple", "pink", "red"], body: { kind: "beholder" } },
  myconid: { plan: "figure", colors: ["red", "beige", "white"], draw: "mushroom" },
  mimic: { plan: "figure", colors: ["brown", "beige", "gold"], draw: "mimic" },
  flytrap: { plan: "figure", colors: ["green", "pink", "green"], draw: "plant" },
  treant: { plan: "figure", colors: ["green", "lime", "brown"], draw: "treant" },
  elemental: { plan: "figure", colors: ["orange", "yellow", "white"], draw: "elemental" },
};

/** Plans drawn from the side: not mirror-symmetric. */
const SIDE_PLANS = new Set(["quadruped", "sidebird", "fish", "serpent", "snail"]);

/** The element an elemental is made of, chosen from the prompt's words (see sprite-modifiers). */
export type ElementChoice = Parameters<typeof drawElemental>[3];

function drawSpecies(g: SpriteGrid, rng: Random, traits: SpriteTraits, s: Species, element: ElementChoice): void {
  switch (s.plan) {
    case "quadruped":
      return drawQuadruped(g, rng, s.body);
    case "sidebird":
      return drawSideBird(g, rng, s.body);
    case "fish":
      return drawFish(g, rng, s.body);
    case "serpent":
      return drawSerpent(g, rng, s.body);
    case "snail":
      return drawSnail(g, rng);
    case "bug":
      return drawBug(g, rng, traits, s.body);
    case "upright":
      return drawUprightBird(g, rng, traits, s.body);
    case "frog":
      return drawFrog(g, rng, traits);
    case "floater":
      return drawFloater(g, rng, traits, s.body);
    case "winged":
      return drawWinged(g, rng, traits, s.body);
    case "figure":
      if (s.draw === "mushroom") return drawMushroomFolk(g, rng, traits);
      if (s.draw === "mimic") return drawMimic(g, rng, traits);
      if (s.draw === "plant") return drawPlantMonster(g, rng, traits);
      if (s.draw === "treant") return drawTreant(g, rng, traits);
      return drawElemental(g, rng, traits, element);
  }
}

/** A builder for a species (an elemental of the given element). */
export function speciesBuilder(name: string, element: ElementChoice = "fire"): SpriteBuilder | undefined {
  const s = SPECIES[name];
  if (!s) return undefined;
  const side = SIDE_PLANS.has(s.plan);
  const [primary, secondary, accent] = s.colors;
  return {
    kind: "creature",
    primary,
    secondary,
    accent,
    ...(side ? { asymmetric: true } : {}),
    build(g, rng, traits) {
      if (s.plan === "quadruped") {
        // drawn once to measure, then again at the zoom that fills the frame
        const probe = new SpriteGrid(g.n);
        drawQuadruped(probe, new Random(rng.seed), s.body);
        const box = bounds(probe);
        const zoom = box ? Math.min(1.4, Math.max(0.8, Math.min((0.84 * g.n) / (box[2] - box[0] + 1), (0.8 * g.n) / (box[3] - box[1] + 1)))) : 1;
        drawQuadruped(g, new Random(rng.seed), s.body, zoom);
      } else drawSpecies(g, rng, traits, s, element);
      if (!side) return;
      recenter(g);
      if (rng.fork("facing").chance(0.5)) flip(g);
    },
  };
}

export const SPECIES_BUILDERS: Readonly<Record<string, SpriteBuilder>> = Object.fromEntries(
  Object.keys(SPECIES).flatMap((name) => {
    const builder = speciesBuilder(name);
    return builder ? [[name, builder] as const] : [];
  }),
);
