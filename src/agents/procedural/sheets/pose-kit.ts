/** Small measures the single-pose actions share (actions.ts, more-actions.ts): legs, heights, lean, the air. */
import type { Offset, Pose, Steps } from "./poses.js";
import type { View } from "./view.js";
import type { SpriteGrid } from "../sprites/index.js";

/** How an action is seen: from the side ("side"), the front, or the back (climbing). */
export type Facing = "side" | "front" | "back";

export interface ActionPose {
  facing: Facing;
  pose: (view: View, s: Steps) => Pose;
  /** Drawn over the composed figure: the bars of a cage, a muzzle's flash. */
  effect?: (grid: SpriteGrid, view: View, s: Steps) => void;
}

/** Per leg, an offset by its walking pair. */
export const legs = (view: View, f: (leg: number, pair: 0 | 1) => Offset): Offset[] =>
  Array.from({ length: view.legs }, (_, leg) => f(leg, view.pairs[0].includes(leg) ? 0 : 1));
export const figureHeight = (view: View): number => view.box[3] - view.box[1] + 1;
export const legHeight = (view: View): number => (view.legs > 0 ? view.box[3] - view.hip + 1 : 0);
/** The screen direction the figure faces (right when it faces the viewer). */
export const lean = (view: View): number => (view.facing === 0 ? 1 : view.facing);
/** Up in the air: a sixth of the grid. */
export const airborne = (view: View): number => Math.max(3, Math.round(view.n / 6));
