import type { Offset, Pose } from "./poses.js";
import { PART } from "./rig.js";

/** Two offsets summed (either may be absent). */
export const addOffsets = (a: Offset | undefined, b: Offset | undefined): Offset => [(a?.[0] ?? 0) + (b?.[0] ?? 0), (a?.[1] ?? 0) + (b?.[1] ?? 0)];

/** An arm's offset in `pose`: the upper body's plus its own (ARM_L first). */
export const armOffset = (pose: Pose, arm: number): Offset => addOffsets(pose.upper, pose.arms?.[arm === PART.ARM_L ? 0 : 1]);

/** Where a pixel of part `p` moves in `pose`. */
export function partOffset(pose: Pose, p: number): Offset {
  if (p >= PART.LEG) return pose.legs?.[p - PART.LEG] ?? [0, 0];
  if (p === PART.ARM_L || p === PART.ARM_R) return armOffset(pose, p);
  return addOffsets(pose.upper, p === PART.HEAD ? pose.head : undefined);
}

/** The order a frame draws its parts, later over earlier: the back arm, the legs, the torso, the head, the front arm. */
export const PART_LAYERS: readonly ((p: number) => boolean)[] = [
  (p) => p === PART.ARM_R,
  (p) => p >= PART.LEG,
  (p) => p === PART.TORSO || p === PART.NONE,
  (p) => p === PART.HEAD,
  (p) => p === PART.ARM_L,
];

/** The row a pixel on `row` lands on when moved by `dy`: nothing is pushed below the feet (the ground row stays). */
export const movedRow = (row: number, dy: number, ground: number): number => (dy > 0 ? Math.min(row + dy, Math.max(row, ground)) : row + dy);
