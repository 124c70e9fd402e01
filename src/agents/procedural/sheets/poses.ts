/**
 * Animations as data: per frame, how far each part of a view moves (in steps that scale with the
 * grid), how the held items turn about the hand, and what happens to the whole figure (squash,
 * lean, fall). `poseFrames` resolves an animation for one view into concrete poses; compose.ts
 * turns a pose into a material grid.
 */
import type { Animation } from "../../driver.js";
import type { View } from "./view.js";

export type Offset = [number, number];

/** One frame: offsets in cells, angles in degrees (positive swings an item forward). */
export interface Pose {
  /** Everything above the legs (torso, head, arms, items). */
  upper?: Offset;
  /** The head, on top of `upper`. */
  head?: Offset;
  /** Per arm (ARM_L, ARM_R), on top of `upper`. */
  arms?: [Offset, Offset];
  /** Per leg. */
  legs?: Offset[];
  /** The held items, on top of their arm: a move and a turn about the hand. */
  item?: { dx: number; dy: number; angle: number };
  /** Cells taken off the figure's height (negative: added), the bottom row fixed. */
  squash?: number;
  /** Cells added to the figure's width, about its centre. */
  widen?: number;
  /** The top row moved this many cells sideways, the bottom row fixed. */
  shear?: number;
  /** The whole figure moved. */
  shift?: Offset;
  /** The whole figure turned about its bottom centre (degrees, positive falls to the right), resting on the ground. */
  fall?: number;
  /** Every filled cell in a light colour (a hit flash). */
  flash?: boolean;
  eyesClosed?: boolean;
}

/** Steps of one view: h sideways, v up and down (1 px budgets at 32 px are one cell), lift of a leg. */
export interface Steps {
  h: number;
  v: number;
  lift: number;
}

export function stepsOf(n: number): Steps {
  return { h: Math.max(1, Math.round(n / 16)), v: n >= 64 ? 2 : 1, lift: Math.max(1, Math.round(n / 16)) };
}

const legOffsets = (view: View, f: (leg: number, pair: 0 | 1) => Offset): Offset[] =>
  Array.from({ length: view.legs }, (_, leg) => f(leg, view.pairs[0].includes(leg) ? 0 : 1));

function idle(view: View, s: Steps): Pose[] {
  const breathe: Pose = view.legs > 0 ? { upper: [0, s.v] } : { squash: s.v };
  return [
    {},
    { ...breathe },
    { ...breathe, head: [0, view.character ? -s.v : 0], eyesClosed: true },
    { item: { dx: 0, dy: s.v, angle: 0 }, shear: view.character ? 0 : view.facing === 0 ? 1 : view.facing },
  ];
}

function walk(view: View, s: Steps): Pose[] {
  const { v, h, lift } = s;
  const dir = view.facing;
  if (view.legs === 0) {
    // a hop or a glide: squash and stretch over a fixed bottom row, the top swaying
    const lean = dir === 0 ? 1 : dir;
    return [{}, { squash: v, widen: 2 * h }, { shear: lean }, { shear: lean, squash: v }, { shear: -lean }, { shear: -lean, squash: v, widen: 2 * h }];
  }
  if (dir === 0) {
    // seen from the front or back: the lifted legs shorten, the arms swing, the body bobs and sways
    const frames: Pose[] = [];
    for (const pair of [0, 1] as const) {
      const lifted = pair === 0 ? 1 : 0;
      const sway = pair === 0 ? 1 : -1;
      const armUp: [Offset, Offset] =
        pair === 0
          ? [
              [0, -v],
              [0, 0],
            ]
          : [
              [0, 0],
              [0, -v],
            ];
      frames.push({ upper: [sway, 0], arms: armUp });
      frames.push({ upper: [sway, v], arms: armUp, legs: legOffsets(view, (_l, p) => [0, p === lifted ? -Math.ceil(lift / 2) : 0]) });
      frames.push({ upper: [0, 0], legs: legOffsets(view, (_l, p) => [0, p === lifted ? -lift : 0]) });
    }
    return frames;
  }
  // a profile: the legs scissor, one lifted while passing; the near arm swings against the legs
  const stride = Math.max(1, h + Math.floor(h / 2));
  const frames: Pose[] = [];
  for (const pair of [0, 1] as const) {
    const ahead = (p: 0 | 1): number => (p === pair ? 1 : -1) * dir;
    frames.push({
      legs: legOffsets(view, (_l, p) => [ahead(p) * stride, 0]),
      arms: [
        [-ahead(pair) * h, 0],
        [ahead(pair) * h, 0],
      ],
      item: { dx: 0, dy: 0, angle: -8 },
    });
    frames.push({
      upper: [0, v],
      legs: legOffsets(view, (_l, p) => [ahead(p) * Math.ceil(stride / 2), 0]),
      arms: [
        [-ahead(pair) * Math.ceil(h / 2), 0],
        [0, 0],
      ],
    });
    frames.push({ legs: legOffsets(view, (_l, p) => [0, p === pair ? 0 : -lift]) });
  }
  return frames;
}

function attack(view: View, s: Steps, armed: boolean): Pose[] {
  const { v, h } = s;
  const dir = view.facing;
  if (armed) {
    const lean: Offset = dir === 0 ? [0, v] : [dir * h, 0];
    const step = view.legs >= 2 && dir !== 0 ? legOffsets(view, (_l, p) => [p === 0 ? dir * h : 0, 0]) : [];
    return [
      { upper: [0, v], item: { dx: 0, dy: 0, angle: -15 } },
      { upper: [-dir * Math.ceil(h / 2), 0], item: { dx: 0, dy: -2 * v, angle: -45 } },
      { upper: lean, legs: step, item: { dx: dir * h, dy: 0, angle: 70 } },
      { upper: [lean[0], v], legs: step, item: { dx: dir * h, dy: v, angle: 95 } },
      { item: { dx: 0, dy: 0, angle: 20 } },
    ];
  }
  if (dir === 0) return [{ squash: v }, { squash: 2 * v, widen: 2 * h }, { squash: -2 * v, widen: -h }, { squash: -v }, { widen: h }];
  return [
    { shift: [-dir * h, 0], squash: v },
    { shift: [-dir * h, 0], squash: 2 * v, widen: h },
    { shift: [dir * 2 * h, 0], squash: -v, shear: dir * h },
    { shift: [dir * h, 0], shear: dir },
    { widen: h },
  ];
}

function hurt(view: View, s: Steps): Pose[] {
  const back = view.facing === 0 ? 1 : -view.facing;
  return [{ flash: true }, { shift: [back * s.h, 0], shear: back * s.h, eyesClosed: true, squash: s.v }, {}];
}

function death(view: View, s: Steps): Pose[] {
  const side = view.facing === 0 ? 1 : -view.facing;
  return [
    { squash: 2 * s.v, eyesClosed: true },
    { squash: 2 * s.v, fall: side * 30, eyesClosed: true },
    { fall: side * 70, eyesClosed: true },
    { fall: side * 90, eyesClosed: true },
    { fall: side * 90, eyesClosed: true, squash: s.v, widen: -s.h },
  ];
}

/** A run: longer strides than a walk, the body leaning into it and bobbing; without legs, quicker hops. */
function run(view: View, s: Steps): Pose[] {
  const { v, h, lift } = s;
  const dir = view.facing;
  if (view.legs === 0) {
    const lean = dir === 0 ? 1 : 2 * dir;
    return [
      { shear: lean, widen: h },
      { shear: 2 * lean, widen: 2 * h },
      { shear: lean, widen: -h },
      { shear: -lean, widen: h },
      { shear: -2 * lean, widen: 2 * h },
      { shear: -lean, widen: -h },
    ];
  }
  const frames: Pose[] = [];
  const stride = 2 * h;
  for (const pair of [0, 1] as const) {
    const ahead = (p: 0 | 1): number => (p === pair ? 1 : -1) * dir;
    // a figure leans into its run; a creature's profile stays upright
    const lean = dir === 0 || !view.character ? 0 : dir;
    const swing: [Offset, Offset] = view.character
      ? [
          [-ahead(pair) * h, 0],
          [ahead(pair) * h, 0],
        ]
      : [
          [0, 0],
          [0, 0],
        ];
    // contact: legs wide apart; passing: the body low, the back leg lifted high; flight: legs gathered
    frames.push({ shear: lean, legs: legOffsets(view, (_l, p) => [ahead(p) * stride, 0]), arms: swing });
    frames.push({
      shear: lean,
      // a figure dips; a creature's head bobs forward and down
      ...(view.character ? { upper: [0, Math.ceil(v / 2)] as Offset } : { head: [dir * h, v] as Offset }),
      legs: legOffsets(view, (_l, p) => [0, p === pair ? 0 : -lift]),
      arms: swing,
    });
    frames.push({ shear: lean, head: [dir * h, 0], legs: legOffsets(view, (_l, p) => [-ahead(p) * h, p === pair ? 0 : -lift]), arms: [swing[1], swing[0]] });
  }
  return frames;
}

/** A jump: a crouch, the take-off, up in the air (legs tucked), coming down, the landing. Airborne frames leave the baseline. */
function jump(view: View, s: Steps): Pose[] {
  const { v, h, lift } = s;
  const dir = view.facing;
  const up = Math.max(3, Math.round(view.n / 6));
  const tuck = view.legs > 0 ? legOffsets(view, () => [0, -lift]) : [];
  const arms: [Offset, Offset] = [
    [0, -2 * v],
    [0, -2 * v],
  ];
  return [
    { squash: 2 * v, widen: h, item: { dx: 0, dy: v, angle: 10 } },
    { shift: [dir * h, -Math.round(up / 2)], squash: -v, arms, item: { dx: 0, dy: -v, angle: -20 } },
    { shift: [dir * 2 * h, -up], legs: tuck, arms, item: { dx: 0, dy: -2 * v, angle: -30 } },
    {
      shift: [dir * 3 * h, -Math.round(up / 2)],
      arms: [
        [-h, -v],
        [h, -v],
      ],
    },
    { shift: [dir * 3 * h, 0], squash: 2 * v, widen: h, eyesClosed: true },
  ];
}

/** A spell cast: hands raised, the held item lifted and thrust out, a pulse, then back. Feet stay on the baseline. */
function cast(view: View, s: Steps): Pose[] {
  const { v, h } = s;
  const dir = view.facing;
  const raised: [Offset, Offset] = [
    [-h, -2 * v],
    [h, -2 * v],
  ];
  if (view.legs === 0 && view.layers.length === 0) {
    // a creature without hands gathers itself and swells
    return [
      { squash: v },
      { squash: 2 * v, widen: 2 * h },
      { squash: -2 * v, widen: -h, eyesClosed: true },
      { squash: -v, widen: h },
      { shear: dir === 0 ? 1 : dir },
    ];
  }
  return [
    {
      upper: [0, v],
      arms: [
        [0, -v],
        [0, -v],
      ],
      item: { dx: 0, dy: 0, angle: -10 },
    },
    { head: [0, -v], arms: raised, item: { dx: 0, dy: -2 * v, angle: -35 }, eyesClosed: true },
    { head: [0, -v], arms: raised, item: { dx: 0, dy: -3 * v, angle: -50 }, squash: -v },
    {
      upper: [dir * h, 0],
      arms: [
        [dir * h, -v],
        [dir * 2 * h, -v],
      ],
      item: { dx: dir * 2 * h, dy: -v, angle: 60 },
    },
    { upper: [0, v], item: { dx: 0, dy: 0, angle: 10 } },
  ];
}

/** The poses of an animation seen in one view. */
export function poseFrames(animation: Animation, view: View): Pose[] {
  const s = stepsOf(view.n);
  if (animation === "idle") return idle(view, s);
  if (animation === "walk") return walk(view, s);
  if (animation === "attack") return attack(view, s, view.layers.length > 0);
  if (animation === "run") return run(view, s);
  if (animation === "jump") return jump(view, s);
  if (animation === "cast") return cast(view, s);
  if (animation === "hurt") return hurt(view, s);
  return death(view, s);
}
