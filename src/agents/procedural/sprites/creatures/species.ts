/**
 * Creature species as data: each names a body plan, its proportions and parts, and default
 * colours (primary, secondary, accent). `SPECIES_BUILDERS` turns them into sprite builders;
 * side-view plans face left or right per seed and are re-centred on the ground.
 */
import { SPECIES, type Species } from "./species-data.js";
import { drawBug } from "./plan-bug.js";
import { drawElemental, drawMimic, drawMushroomFolk, drawPlantMonster, drawTreant } from "./plan-figures.js";
import { drawBiped, drawFloater, drawFrog, drawUprightBird } from "./plan-front.js";
import { drawWinged } from "./plan-winged.js";
import { drawHydra, drawSerpent, drawSnail } from "./plan-crawl.js";
import { drawQuadruped } from "./plan-quadruped.js";
import { drawRay, drawSeahorse, drawStarfish } from "./plan-sea.js";
import { drawFish, drawSideBird } from "./plan-side.js";
import { Random } from "../../kit/random.js";
import { bounds, flip, recenter, scaleGrid, shift } from "./kit.js";
import { SpriteGrid, type SpriteBuilder, type SpriteTraits } from "../grid.js";

/** Species whose faces do not take every expression style: the styles they do react to. */
const REACTS: Readonly<Record<string, readonly ("cute" | "scary")[]>> = { fish: ["scary"], crab: [], beholder: ["scary"], myconid: ["cute"] };

/** Plans drawn from the side: not mirror-symmetric. */
const SIDE_PLANS = new Set(["quadruped", "sidebird", "fish", "serpent", "snail"]);

/** The element an elemental is made of, chosen from the prompt's words (see sprites/modifiers.ts). */
export type ElementChoice = Parameters<typeof drawElemental>[3];

function drawSpecies(g: SpriteGrid, rng: Random, traits: SpriteTraits, s: Species, element: ElementChoice): void {
  if (s.plan === "quadruped") drawQuadruped(g, rng, s.body, 1, traits);
  else if (s.plan === "sidebird") drawSideBird(g, rng, s.body, traits);
  else if (s.plan === "fish") drawFish(g, rng, s.body, traits);
  else if (s.plan === "serpent") drawSerpent(g, rng, s.body, traits);
  else if (s.plan === "snail") drawSnail(g, rng, traits);
  else if (s.plan === "bug") drawBug(g, rng, traits, s.body);
  else if (s.plan === "upright") drawUprightBird(g, rng, traits, s.body);
  else if (s.plan === "frog") drawFrog(g, rng, traits);
  else if (s.plan === "biped") drawBiped(g, rng, traits, s.body);
  else if (s.plan === "floater") drawFloater(g, rng, traits, s.body);
  else if (s.plan === "winged") drawWinged(g, rng, traits, s.body);
  else if (s.draw === "mushroom") drawMushroomFolk(g, rng, traits);
  else if (s.draw === "mimic") drawMimic(g, rng, traits);
  else if (s.draw === "plant") drawPlantMonster(g, rng, traits);
  else if (s.draw === "treant") drawTreant(g, rng, traits);
  else if (s.draw === "hydra") drawHydra(g, rng, traits);
  else if (s.draw === "starfish") drawStarfish(g, rng, traits);
  else if (s.draw === "seahorse") drawSeahorse(g, rng, traits);
  else if (s.draw === "ray") drawRay(g, rng, traits);
  else drawElemental(g, rng, traits, element);
}

function drawZoomed(g: SpriteGrid, rng: Random, traits: SpriteTraits, s: Species, zoom: number): void {
  if (s.plan === "quadruped") drawQuadruped(g, rng, s.body, zoom, traits);
  else if (s.plan === "sidebird") drawSideBird(g, rng, s.body, traits, zoom);
  else if (s.plan === "fish") drawFish(g, rng, s.body, traits, zoom);
}

/** A group of the creature ("school of fish", "flock of crows"): the figure at half size, drawn `count` times, back ones behind. */
function drawGroup(g: SpriteGrid, count: number): void {
  const n = g.n;
  const one = new SpriteGrid(n);
  one.cells.set(g.cells);
  one.tone.set(g.tone);
  scaleGrid(one, 0.55);
  g.cells.fill(0);
  g.tone.fill(0);
  const spots = [
    [-0.05, 0],
    [0.22, -0.26],
    [-0.24, -0.4],
    [0.2, -0.55],
    [-0.2, -0.15],
  ].slice(0, Math.min(5, count));
  for (const [dx, dy] of spots as [number, number][]) {
    const copy = new SpriteGrid(n);
    copy.cells.set(one.cells);
    copy.tone.set(one.tone);
    shift(copy, Math.round(dx * n), Math.round(dy * n));
    for (let k = 0; k < n * n; k++) {
      if (g.cells[k] || !copy.cells[k]) continue;
      g.cells[k] = copy.cells[k] as number;
      g.tone[k] = copy.tone[k] as number;
    }
  }
}

/** A builder for a species (an elemental of the given element). */
export function speciesBuilder(name: string, element: ElementChoice = "fire"): SpriteBuilder | undefined {
  const s = SPECIES[name];
  if (!s) return undefined;
  const side = SIDE_PLANS.has(s.plan) || (s.plan === "figure" && s.draw === "seahorse");
  const [primary, secondary, accent] = s.colors;
  return {
    kind: "creature",
    primary,
    secondary,
    accent,
    ...(side ? { asymmetric: true } : {}),
    ...(REACTS[name] ? { reacts: REACTS[name] } : s.plan === "fish" && !s.body.whale && !s.body.shark ? { reacts: ["scary"] as const } : {}),
    build(g, rng, traits) {
      if (s.plan === "quadruped" || s.plan === "sidebird" || s.plan === "fish") {
        // drawn once to measure, then again at the zoom that fills the frame
        const probe = new SpriteGrid(g.n);
        drawZoomed(probe, new Random(rng.seed), traits, s, 1);
        const box = bounds(probe);
        const zoom = box ? Math.min(1.5, Math.max(0.8, Math.min((0.84 * g.n) / (box[2] - box[0] + 1), (0.8 * g.n) / (box[3] - box[1] + 1)))) : 1;
        drawZoomed(g, new Random(rng.seed), traits, s, zoom);
      } else drawSpecies(g, rng, traits, s, element);
      if (!side) return;
      recenter(g);
      if (rng.fork("facing").chance(0.5)) flip(g);
      if ((traits.group ?? 1) > 1) drawGroup(g, traits.group as number);
    },
  };
}

/** Parts a species' plan draws in a counted number ("three-legged dog", "two-tailed fox", "three-armed starfish", "winged lion"). */
export function countedPartsOf(design: string): readonly ("legs" | "tails" | "arms" | "wings")[] {
  const s = SPECIES[design];
  if (s?.plan === "quadruped") return ["legs", "tails", "wings"];
  if (s?.plan === "figure" && s.draw === "starfish") return ["arms"];
  return [];
}

export const SPECIES_BUILDERS: Readonly<Record<string, SpriteBuilder>> = Object.fromEntries(
  Object.keys(SPECIES).flatMap((name) => {
    const builder = speciesBuilder(name);
    return builder ? [[name, builder] as const] : [];
  }),
);

export { SPECIES };
