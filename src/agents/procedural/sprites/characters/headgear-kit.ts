/** The shape of a headgear part and what it covers. */
import type { Random } from "../../kit/random.js";
import type { SpriteGrid } from "../grid.js";
import type { Body } from "./body.js";

export type Part = (g: SpriteGrid, b: Body, rng: Random) => void;

/** Headgear; `hides` says what it covers (the hair, the eyes). */
export interface Headgear {
  draw: Part;
  hidesHair?: boolean;
  hidesEyes?: boolean;
  /** Top of the headgear above the head's top (normalised), for the held items to stay clear. */
  rise?: number;
  /** Drawn before the head (a hood frames the face). */
  behind?: boolean;
  /** A part behind the head drawn before it (the flaps of a pharaoh's headdress). */
  back?: Part;
}

export const brim = (g: SpriteGrid, b: Body, y: number, w: number, h: number, m: number): void => {
  g.rect(0.5 - b.hr - w, y, 0.5, y + h, m);
};
