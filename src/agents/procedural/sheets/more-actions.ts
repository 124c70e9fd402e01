/**
 * More actions as single poses of the sheet rig (issue 39): the verbs game asset lists give figures
 * at work and at rest ("goat pulling a cart", "nun tending beehives", "cowboy lassoing a steer",
 * "frog playing a banjo", "rearing horse", "rattlesnake coiled", "outlaw behind bars"). Each is a
 * pose of the same parts the sheets move (a lean, the arms, the head, the held item's angle), a
 * character's and a creature's, and at most a small effect over the figure (the bars of a cage).
 */
import { bars, lifted, spat } from "./action-effects.js";
import { type ActionPose, airborne, figureHeight, lean, legHeight, legs } from "./pose-kit.js";
import type { Offset, Pose, Steps } from "./poses.js";
import type { View } from "./view.js";

/** The legs apart: one pair a step ahead, the other behind (a braced stance). */
const braced = (view: View, s: Steps): Offset[] => legs(view, (_l, p) => [(p === 0 ? 1 : -1) * lean(view) * s.h, 0]);
const both = (a: Offset): [Offset, Offset] => [a, [...a] as Offset];

const creatureOr = (view: View, character: Pose, creature: Pose): Pose => (view.character ? character : creature);

export const MORE_POSES: Readonly<Record<string, ActionPose>> = {
  pulling: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        { shear: 2 * L * s.h, arms: both([-L * s.h, s.v]), legs: braced(view, s), item: { dx: -L * s.h, dy: s.v, angle: -40 } },
        { shear: 2 * L * s.h, squash: s.v, legs: braced(view, s) },
      );
    },
  },
  pushing: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        { shear: 2 * L * s.h, upper: [L * s.h, s.v], arms: both([2 * L * s.h, -s.v]), legs: braced(view, s), item: { dx: L * s.h, dy: 0, angle: 80 } },
        { shear: 2 * L * s.h, squash: 2 * s.v, widen: s.h, legs: braced(view, s) },
      );
    },
  },
  working: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        {
          shear: L * s.h,
          upper: [L * s.h, 2 * s.v],
          head: [L * Math.ceil(s.h / 2), s.v],
          arms: both([2 * L * s.h, s.v]),
          item: { dx: L * s.h, dy: s.v, angle: 60 },
        },
        { fall: L * 15, squash: s.v },
      );
    },
  },
  sweeping: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        {
          shear: L * s.h,
          upper: [L * s.h, s.v],
          arms: [
            [2 * L * s.h, 2 * s.v],
            [L * s.h, s.v],
          ],
          legs: braced(view, s),
          item: { dx: L * 2 * s.h, dy: 2 * s.v, angle: 115 },
        },
        { fall: L * 10, widen: s.h, legs: braced(view, s) },
      );
    },
  },
  aiming: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        { arms: both([2 * L * s.h, -s.v]), legs: braced(view, s), item: { dx: L * s.h, dy: -s.v, angle: 90 } },
        { squash: s.v, shear: L * s.h, widen: s.h },
      );
    },
  },
  throwing: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        {
          shear: -L * s.h,
          arms: [
            [-L * s.h, -3 * s.v],
            [L * s.h, -s.v],
          ],
          legs: braced(view, s),
          item: { dx: -L * s.h, dy: -2 * s.v, angle: -70 },
        },
        { fall: -L * 15, shear: -L * s.h },
      );
    },
  },
  playing: {
    facing: "front",
    pose: (view, s) =>
      creatureOr(
        view,
        {
          arms: [
            [s.h, -s.v],
            [-s.h, s.v],
          ],
          head: [0, s.v],
          item: { dx: 0, dy: 0, angle: 70 },
        },
        { fall: -lean(view) * 35, squash: s.v, widen: s.h },
      ),
  },
  reading: {
    facing: "front",
    pose: (view, s) =>
      creatureOr(
        view,
        {
          arms: [
            [s.h, -s.v],
            [-s.h, -s.v],
          ],
          head: [0, s.v],
          item: { dx: 0, dy: -s.v, angle: 0 },
        },
        { fall: lean(view) * 10, squash: s.v },
      ),
  },
  eating: {
    facing: "front",
    pose: (view, s) =>
      creatureOr(
        view,
        {
          arms: [
            [0, 0],
            [-s.h, -3 * s.v],
          ],
          head: [0, s.v],
          item: { dx: 0, dy: -2 * s.v, angle: -30 },
        },
        { fall: lean(view) * 25 },
      ),
  },
  rearing: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(
        view,
        {
          shear: -L * s.h,
          head: [0, -s.v],
          arms: [
            [-s.h, -3 * s.v],
            [s.h, -3 * s.v],
          ],
          legs: legs(view, (_l, p) => [0, p === 0 ? -s.lift : 0]),
        },
        { fall: -L * 40, legs: legs(view, (_l, p) => [L * s.h, p === 0 ? -s.lift : 0]) },
      );
    },
  },
  coiled: {
    facing: "front",
    pose: (view, s) => {
      if (view.character)
        return {
          squash: Math.round(figureHeight(view) * 0.3),
          upper: [0, s.v],
          head: [0, s.v],
          arms: [
            [s.h, s.v],
            [-s.h, s.v],
          ],
        };
      // a long body drawn in on itself: half as wide, taller, its head up
      const width = view.box[2] - view.box[0] + 1;
      return view.legs === 0
        ? { widen: -Math.round(width * 0.5), squash: -Math.round(figureHeight(view) * 0.8), head: [0, -2 * s.v] }
        : { squash: Math.round(figureHeight(view) * 0.25), widen: -2 * s.h, head: [0, -2 * s.v] };
    },
  },
  perched: {
    facing: "side",
    pose: (view, s) =>
      view.character
        ? { upper: [0, Math.round(legHeight(view) * 0.6)], legs: legs(view, (_l, p) => [(p === 0 ? 1 : -1) * lean(view) * s.h, 0]) }
        : { legs: legs(view, () => [0, -s.lift]), squash: s.v, widen: s.h, head: [0, -s.v] },
  },
  falling: {
    facing: "front",
    pose: (view, s) => ({
      shift: [0, -airborne(view)],
      fall: lean(view) * 30,
      arms: [
        [-s.h, -3 * s.v],
        [s.h, -3 * s.v],
      ],
      legs: legs(view, (_l, p) => [0, p === 0 ? -s.lift : 0]),
    }),
  },
  hanging: {
    facing: "front",
    pose: (view, s) => creatureOr(view, { shift: [0, -airborne(view)], arms: both([0, -Math.round(figureHeight(view) * 0.3)]) }, { fall: 180, widen: -s.h }),
    effect: (g, view) => {
      if (!view.character) lifted(g, airborne(view));
    },
  },
  balancing: {
    facing: "front",
    pose: (view, s) => ({
      arms: [
        [-2 * s.h, -s.v],
        [2 * s.h, -s.v],
      ],
      legs: legs(view, (_l, p) => [0, p === 0 ? -s.lift : 0]),
      shear: view.character ? s.h : lean(view) * s.h,
      ...(view.character ? {} : { widen: -s.h }),
    }),
  },
  dodging: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return { shear: -2 * L * s.h, upper: [-L * s.h, s.v], squash: s.v, legs: legs(view, (_l, p) => [p === 0 ? -L * s.h : 0, 0]) };
    },
  },
  spitting: {
    facing: "side",
    pose: (view, s) => {
      const L = lean(view);
      return creatureOr(view, { shear: -L * s.h, head: [L * Math.ceil(s.h / 2), -s.v] }, { fall: -L * 10, shift: [-L * 3 * s.h, 0] });
    },
    effect: (g, view) => spat(g, view),
  },
  caged: { facing: "front", pose: (_view, s) => ({ head: [0, s.v] }), effect: (g) => bars(g) },
};
