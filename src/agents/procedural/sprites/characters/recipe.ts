/**
 * The shape of a character recipe: each is a recipe of parts (see body.ts and
 * parts.ts). Lists are options a seed picks among; probabilities are per seed.
 * Colours are COLOR_VALUES names: `colors` are the default [primary, secondary, accent] (the
 * prompt's colours replace them), `alt` other primaries a seed may pick when the prompt names none.
 */
import type { BodyPlan, Legs } from "./body.js";

export interface Recipe {
  colors: readonly [string, string, string];
  alt?: readonly string[];
  /** Skin colour (else a human skin tone per seed). */
  skin?: string;
  body?: BodyPlan;
  torso: readonly string[];
  legs?: Legs;
  boots?: "leather" | "metal" | "cloth" | "none";
  /** Sleeves: the garment, bare skin, trousers' cloth or metal. */
  arms?: "sleeve" | "bare" | "cloth" | "metal";
  head?: readonly string[];
  hair?: readonly string[];
  face?: readonly string[];
  ears?: "short" | "long";
  cape?: number;
  capeLong?: boolean;
  pauldrons?: number;
  belt?: number;
  /** Colour of hats and capes (WING), of white linen and horns (GLASS), of hair. */
  hat?: readonly string[];
  glass?: string;
  hairColor?: readonly string[];
  /** "glow": glowing eyes; "skull": dark sockets; "none": no eyes (a closed helm draws its own). */
  eyes?: "glow" | "skull" | "normal";
  /** The skin is the body's material (a golem of stone, a robot). */
  skinIsBody?: boolean;
  /** Feathered wings behind the figure (in the hat colour), a halo behind the head. */
  wings?: boolean;
  halo?: boolean;
  /** Details at 64 and 128 px (see details.ts). */
  details?: readonly string[];
}

export const HUMAN: Pick<Recipe, "legs" | "boots" | "hair"> = { legs: "pants", boots: "leather", hair: ["short", "fringe", "spiky", "long"] };
