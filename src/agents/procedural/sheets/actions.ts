/**
 * Actions as single poses of the sheet rig ("leaping cat", "cleric praying", "diving eagle"): per
 * action, the direction the figure is best seen from and the pose, built from the same steps and
 * moves as the sheets' animations (poses.ts). Data, not a drawing per subject: any rigged figure
 * takes any action.
 */
import type { Direction } from "../../driver.js";
import { MORE_POSES } from "./more-actions.js";
import { type ActionPose, airborne, figureHeight, lean, legHeight, legs } from "./pose-kit.js";
import { type Offset, type Pose, poseFrames, stepsOf } from "./poses.js";
import type { View } from "./view.js";
import type { SpriteGrid } from "../sprites/index.js";

export const ACTION_POSES: Readonly<Record<string, ActionPose>> = {
  leaping: {
    facing: "side",
    pose: (view, s) => ({
      shift: [lean(view) * s.h, -airborne(view)],
      shear: 2 * lean(view) * s.h,
      legs: legs(view, (_l, p) => [(p === 0 ? 1 : -1) * lean(view) * 2 * s.h, -s.lift]),
      arms: [
        [lean(view) * s.h, -2 * s.v],
        [lean(view) * s.h, -2 * s.v],
      ],
    }),
  },
  jumping: { facing: "side", pose: (view) => frame(view, "jump", 2) },
  running: { facing: "side", pose: (view, s) => ({ ...frame(view, "run", 0), shear: lean(view) * s.h }) },
  walking: { facing: "side", pose: (view) => frame(view, "walk", 0) },
  attacking: { facing: "side", pose: (view) => frame(view, "attack", 2) },
  casting: { facing: "front", pose: (view) => frame(view, "cast", 3) },
  summoning: { facing: "front", pose: (view, s) => ({ ...frame(view, "cast", 2), squash: -s.v }) },
  sleeping: {
    facing: "front",
    pose: (view, s) =>
      view.character
        ? { upper: [0, Math.round(legHeight(view) * 0.7)], head: [0, s.v], eyesClosed: true, item: { dx: 0, dy: 2 * s.v, angle: 60 } }
        : { squash: Math.round(figureHeight(view) * 0.25), widen: 2 * s.h, eyesClosed: true },
  },
  praying: {
    facing: "front",
    pose: (view, s) => ({
      upper: [0, Math.round(legHeight(view) * 0.45)],
      head: [0, s.v],
      arms: [
        [s.h, -s.v],
        [-s.h, -s.v],
      ],
      eyesClosed: true,
      item: { dx: 0, dy: s.v, angle: -20 },
      ...(view.character ? {} : { squash: s.v, fall: -lean(view) * 15 }),
    }),
  },
  kneeling: {
    facing: "front",
    pose: (view, s) => ({ upper: [0, Math.round(legHeight(view) * 0.5)], item: { dx: 0, dy: s.v, angle: 20 }, ...(view.character ? {} : { squash: 2 * s.v }) }),
  },
  sitting: {
    facing: "front",
    pose: (view, s) =>
      view.character
        ? { upper: [0, Math.round(legHeight(view) * 0.7)], legs: legs(view, (_l, p) => [(p === 0 ? -1 : 1) * s.h, 0]) }
        : { fall: -lean(view) * 25, squash: 2 * s.v },
  },
  crouching: {
    facing: "side",
    pose: (view, s) => ({ squash: Math.max(2 * s.v, Math.round(figureHeight(view) * 0.15)), widen: s.h, upper: [lean(view) * s.h, s.v] }),
  },
  diving: { facing: "side", pose: (view) => ({ fall: lean(view) * 60, ...(view.legs > 0 ? { legs: legs(view, () => [0, -1]) } : {}) }) },
  swimming: {
    facing: "side",
    pose: (view, s) =>
      view.character
        ? { fall: lean(view) * 80, arms: [[lean(view) * 2 * s.h, -s.v] as Offset, [lean(view) * 2 * s.h, -s.v] as Offset] }
        : { shear: lean(view) * 2 * s.h, widen: s.h },
  },
  flying: {
    facing: "side",
    pose: (view, s) => ({
      shift: [0, -airborne(view)],
      legs: legs(view, () => [0, -s.lift]),
      arms: [
        [-s.h, -2 * s.v],
        [s.h, -2 * s.v],
      ],
      shear: lean(view),
    }),
  },
  climbing: {
    facing: "back",
    pose: (view, s) => ({
      arms: [
        [0, -3 * s.v],
        [0, s.v],
      ],
      legs: legs(view, (_l, p) => [0, p === 0 ? -2 * s.lift : 0]),
      shear: -1,
    }),
  },
  roaring: {
    facing: "side",
    pose: (view, s) =>
      view.character
        ? { head: [0, -2 * s.v], upper: [0, -s.v], arms: [[-s.h, -s.v] as Offset, [s.h, -s.v] as Offset], squash: -s.v }
        : { fall: -lean(view) * 20, squash: -s.v },
  },
  dancing: {
    facing: "front",
    pose: (view, s) => ({
      arms: [
        [-s.h, -3 * s.v],
        [s.h, s.v],
      ],
      legs: legs(view, (_l, p) => [0, p === 0 ? -s.lift : 0]),
      shear: 2 * s.h,
    }),
  },
  waving: {
    facing: "front",
    pose: (view, s) => ({
      arms: [
        [0, 0],
        [s.h, -3 * s.v],
      ],
      ...(view.character ? {} : { shear: s.h }),
    }),
  },
  defending: {
    facing: "front",
    pose: (view, s) => ({ upper: [0, s.v], item: { dx: 0, dy: -2 * s.v, angle: -45 }, squash: view.layers.length > 0 ? 0 : 2 * s.v }),
  },
  dying: { facing: "front", pose: (view) => frame(view, "death", 4) },
  ...MORE_POSES,
};

function frame(view: View, animation: "jump" | "run" | "walk" | "attack" | "cast" | "death", k: number): Pose {
  const frames = poseFrames(animation, view);
  return frames[Math.min(k, frames.length - 1)] ?? {};
}

/** The direction an action is seen from: a character turns to the side or its back; a side-view creature keeps its own side. */
export function actionDirection(action: string, character: boolean, facing: -1 | 0 | 1): Direction {
  const seen = ACTION_POSES[action]?.facing ?? "front";
  if (facing !== 0) return facing === 1 ? "east" : "west";
  if (!character) return "south";
  return seen === "side" ? "east" : seen === "back" ? "north" : "south";
}

/** The pose of an action for a view (none for an unknown action). */
export function actionPose(action: string, view: View): Pose {
  return ACTION_POSES[action]?.pose(view, stepsOf(view.n)) ?? {};
}

/** The larger of two numbers by size (either may be absent). */
const larger = (a: number | undefined, b: number | undefined): number | undefined => (Math.abs(b ?? 0) > Math.abs(a ?? 0) ? b : a);
const largerOffset = (a: Offset | undefined, b: Offset | undefined): Offset | undefined =>
  a || b ? [larger(a?.[0], b?.[0]) ?? 0, larger(a?.[1], b?.[1]) ?? 0] : undefined;

/** Two poses done at once ("kneeling in prayer"): each move the larger of the two, the second's held item. */
function together(a: Pose, b: Pose): Pose {
  const out: Pose = { ...a, ...b };
  for (const key of ["upper", "head", "shift"] as const) {
    const o = largerOffset(a[key], b[key]);
    if (o) out[key] = o;
  }
  if (a.arms || b.arms) out.arms = [largerOffset(a.arms?.[0], b.arms?.[0]) ?? [0, 0], largerOffset(a.arms?.[1], b.arms?.[1]) ?? [0, 0]];
  if (a.legs || b.legs) {
    const count = Math.max(a.legs?.length ?? 0, b.legs?.length ?? 0);
    out.legs = Array.from({ length: count }, (_, k) => largerOffset(a.legs?.[k], b.legs?.[k]) ?? [0, 0]);
  }
  for (const key of ["squash", "widen", "shear", "fall"] as const) {
    const v = larger(a[key], b[key]);
    if (v !== undefined) out[key] = v;
  }
  if (a.eyesClosed || b.eyesClosed) out.eyesClosed = true;
  return out;
}

/** The pose of actions done at once (the first named leads, the others join it). */
export function actionsPose(actions: readonly string[], view: View): Pose {
  return actions.map((a) => actionPose(a, view)).reduce(together, {});
}

/** The actions' effects drawn over the composed figure (the bars of a cage). */
export function drawActionEffects(actions: readonly string[], grid: SpriteGrid, view: View): void {
  for (const a of actions) ACTION_POSES[a]?.effect?.(grid, view, stepsOf(view.n));
}
