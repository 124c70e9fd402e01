/** Building blocks for icon shapes: parts in unit coordinates with colour roles. */
import type { FillRule } from "../kit/coverage.js";
import { rect, rotationAbout, transformPath, type Affine, type Contour, type Path } from "../kit/geometry.js";
import type { Random } from "../kit/random.js";

/** Colour roles resolved by the icon palette. */
export type Role = "primary" | "secondary" | "accent" | "metal" | "wood" | "dark" | "light" | "glass";
/** A role, optionally lighter ("+", "++") or darker ("-", "--"). */
export type Fill = Role | `${Role}+` | `${Role}++` | `${Role}-` | `${Role}--`;

export interface Part {
  /** Unit coordinates (0..1), y pointing down. */
  path: Path;
  fill: Fill;
  rule?: FillRule;
  /** Only the area inside every one of these paths (even-odd rule) is painted. */
  clips?: Path[];
  /** Stroke the contours with this width (unit coordinates) instead of filling them. */
  stroke?: number;
  /** false for highlights and details that should not thicken the silhouette outline. */
  outline?: boolean;
  opacity?: number;
}

/** Where a second subject may be drawn on top of a shape (unit coordinates). */
export interface EmblemSlot {
  cx: number;
  cy: number;
  r: number;
}

export interface IconShape {
  /** Default colour names (see COLOR_VALUES) when the prompt names none. */
  primary: string;
  secondary: string;
  accent: string;
  emblem?: EmblemSlot;
  /** When the prompt names a colour but no second one, derive the secondary from the primary. */
  derivedSecondary?: boolean;
  /**
   * Prompt words beyond the subject that change this drawing ("up" turns an arrow into a UI arrow):
   * the interpretation counts them as understood. `build` finds them, and the subjects, in `words`.
   */
  reads?: readonly string[];
  /**
   * A container or a carrier of a picture ("basket of eggs", "turnip seed packet", "skull flag"):
   * drawn first when named with another subject, which it shows in its emblem slot.
   */
  container?: boolean;
  /** The primary colour (a COLOR_VALUES name) the prompt's words ask for when it names none ("rum": amber). */
  primaryFor?(words: ReadonlySet<string>): string | undefined;
  build(rng: Random, hasEmblem: boolean, words?: ReadonlySet<string>): Part[];
}

/** Rotates every part (path and clip) about the centre of the unit square. */
export function rotateParts(parts: Part[], degrees: number): Part[] {
  const m: Affine = rotationAbout((degrees * Math.PI) / 180, 0.5, 0.5);
  return parts.map((part) => ({
    ...part,
    path: transformPath(part.path, m),
    ...(part.clips ? { clips: part.clips.map((clip) => transformPath(clip, m)) } : {}),
  }));
}

/** Scales a contour about a point. */
export function scaleAbout(contour: Contour, s: number, cx: number, cy: number): Contour {
  return contour.map(([x, y]) => [cx + (x - cx) * s, cy + (y - cy) * s] as const);
}

/** Degrees to radians. */
export const deg = (d: number): number => (d * Math.PI) / 180;
/** A clip that keeps what lies outside the contour: the whole square with the contour cut out. */
export const outsideOf = (contour: Contour): Contour[] => [rect(-1, -1, 3, 3), contour];
/** A contour moved by (dx, dy). */
export const shifted = (contour: Contour, dx: number, dy: number): Contour => contour.map(([x, y]) => [x + dx, y + dy] as const);

/** Half-planes as clip paths, for "lighter left half" style shading. */
export const leftOf = (x: number): Path => [rect(-1, -1, x + 1, 3)];
export const rightOf = (x: number): Path => [rect(x, -1, 2, 3)];
export const below = (y: number): Path => [rect(-1, y, 3, 2)];

/** A horizontal wavy line closed downward: the surface of a liquid. */
export function liquidClip(level: number, amplitude: number, phase: number): Path {
  const points: [number, number][] = [];
  for (let i = 0; i <= 24; i++) {
    const x = -0.1 + (i / 24) * 1.2;
    points.push([x, level + Math.sin(x * 14 + phase) * amplitude]);
  }
  points.push([1.1, 1.2], [-0.1, 1.2]);
  return [points];
}
