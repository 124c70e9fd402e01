/** A view of a rigged sprite from one direction: what the poses move and the frames composite. */
import type { Rig } from "./rig.js";
import { boundsOf } from "./rig.js";
import type { SpriteGrid } from "../sprites/index.js";

export interface ViewLayer {
  grid: SpriteGrid;
  grip: [number, number];
  /** Drawn over the body (else behind it). */
  front: boolean;
  /** Screen direction (x) a strike swings the item's top towards. */
  swing: -1 | 1;
  /** The arm that holds it (moves it). */
  arm: number;
}

export interface View {
  n: number;
  body: SpriteGrid;
  part: Uint8Array;
  eyes: Uint8Array;
  legs: number;
  box: [number, number, number, number];
  hip: number;
  headMaterial: number;
  layers: ViewLayer[];
  /** Screen direction the figure faces: -1 left, 1 right, 0 towards or away from the viewer. */
  facing: -1 | 0 | 1;
  /** The legs in the order they read as walking pairs: [pair A, pair B]. */
  pairs: [number[], number[]];
  character: boolean;
}

export function legPairs(legs: number): [number[], number[]] {
  if (legs >= 4)
    return [
      [0, 2],
      [1, 3],
    ];
  if (legs === 3) return [[0, 2], [1]];
  if (legs === 2) return [[0], [1]];
  return [[], []];
}

export function base(rig: Rig, body: SpriteGrid, part: Uint8Array, eyes: Uint8Array, layers: ViewLayer[], facing: -1 | 0 | 1): View {
  const box = boundsOf(body) ?? rig.box;
  return {
    n: rig.n,
    body,
    part,
    eyes,
    legs: rig.legs,
    box,
    hip: rig.hip,
    headMaterial: rig.headMaterial,
    layers,
    facing,
    pairs: legPairs(rig.legs),
    character: rig.character,
  };
}
