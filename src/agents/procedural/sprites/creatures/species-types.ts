/** The shape of a creature species record: a body plan with its proportions, and default colours (primary, secondary, accent). */
import type { Bug } from "./plan-bug.js";
import type { Biped, Floater, UprightBird } from "./plan-front.js";
import type { Winged } from "./plan-winged.js";
import type { Serpent } from "./plan-crawl.js";
import type { Fish, SideBird } from "./plan-side.js";
import type { Quadruped } from "./plan-quadruped.js";

export type Colors = readonly [string, string, string];

export type Species =
  | { plan: "quadruped"; colors: Colors; body: Quadruped }
  | { plan: "sidebird"; colors: Colors; body: SideBird }
  | { plan: "fish"; colors: Colors; body: Fish }
  | { plan: "serpent"; colors: Colors; body: Serpent }
  | { plan: "snail"; colors: Colors }
  | { plan: "bug"; colors: Colors; body: Bug }
  | { plan: "upright"; colors: Colors; body: UprightBird }
  | { plan: "frog"; colors: Colors }
  | { plan: "biped"; colors: Colors; body: Biped }
  | { plan: "floater"; colors: Colors; body: Floater }
  | { plan: "winged"; colors: Colors; body: Winged }
  | { plan: "figure"; colors: Colors; draw: "mushroom" | "mimic" | "plant" | "treant" | "elemental" | "hydra" | "starfish" | "seahorse" | "ray" };
