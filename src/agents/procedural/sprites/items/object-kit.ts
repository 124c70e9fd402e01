/**
 * The parts sprite objects are made of (vehicles, machines, buildings, furniture): boxes, discs,
 * wheels, windows, pipes, roofs, lattices, as vector parts with colour roles (icons' Part), so one
 * recipe draws crisply at 16 px and with detail at 128. A recipe is a list of these parts; the
 * builder rasterises it into the sprite grid (bridge.ts), and the sprite renderer outlines and
 * shades it. Roles: primary (the body), secondary (trim, canvas), accent, metal, wood, dark, glass.
 */
import { circle, ellipse, PathBuilder, rect, type Contour, type Point } from "../../kit/geometry.js";
import type { Random } from "../../kit/random.js";
import type { Fill, Part } from "../../icons/index.js";
import { rasterParts } from "./bridge.js";
import type { SpriteBuilder } from "../grid.js";

export type { Part };
export { circle, ellipse, PathBuilder };

/** A contour from a flat list of coordinates. */
export function pts(...coords: number[]): Contour {
  const out: Point[] = [];
  for (let i = 0; i + 1 < coords.length; i += 2) out.push([coords[i] as number, coords[i + 1] as number]);
  return out;
}

/** A structural part (thickens the outline) and a detail on top (no outline). */
export const solid = (c: Contour, fill: Fill): Part => ({ path: [c], fill });
export const mark = (c: Contour, fill: Fill): Part => ({ path: [c], fill, outline: false });
/** A box by its corners. */
export const box = (x0: number, y0: number, x1: number, y1: number, fill: Fill): Part => solid(rect(x0, y0, x1 - x0, y1 - y0), fill);
export const boxMark = (x0: number, y0: number, x1: number, y1: number, fill: Fill): Part => mark(rect(x0, y0, x1 - x0, y1 - y0), fill);
export const disc = (cx: number, cy: number, r: number, fill: Fill): Part => solid(circle(cx, cy, r), fill);
export const oval = (cx: number, cy: number, rx: number, ry: number, fill: Fill, angle = 0): Part => solid(ellipse(cx, cy, rx, ry, angle), fill);
/** A stroked line that is part of the silhouette (a pole, a rope, a pipe) and one that is a detail. */
export const bar = (p: readonly Point[], fill: Fill, width: number): Part => ({ path: [p], fill, stroke: width });
export const line = (p: readonly Point[], fill: Fill, width: number): Part => ({ path: [p], fill, stroke: width, outline: false });
/** The shape again in a darker fill right of x (light from the left). */
export const shade = (c: Contour, fill: Fill, x: number): Part => ({ path: [c], fill, outline: false, clips: [[rect(x, -1, 3, 3)]] });

/** A spoked wheel (a cart's, a coach's) or a solid one (a rover's, a car's). */
export function wheel(cx: number, cy: number, r: number, spokes = 0): Part[] {
  const parts: Part[] = [disc(cx, cy, r, "dark"), mark(circle(cx, cy, r * 0.72), spokes ? "dark" : "metal")];
  if (spokes) {
    parts.push(mark(circle(cx, cy, r * 0.72), "wood"), mark(circle(cx, cy, r * 0.56), "dark"));
    for (let k = 0; k < spokes; k++) {
      const a = (k * Math.PI) / spokes;
      const [dx, dy] = [Math.cos(a) * r * 0.7, Math.sin(a) * r * 0.7];
      parts.push(line(pts(cx - dx, cy - dy, cx + dx, cy + dy), "wood", Math.max(0.025, r * 0.16)));
    }
  }
  parts.push(mark(circle(cx, cy, r * 0.22), "metal+"));
  return parts;
}

/** A window pane (glass, with a light corner) or a porthole. */
export const pane = (x0: number, y0: number, x1: number, y1: number): Part[] => [
  boxMark(x0, y0, x1, y1, "glass"),
  boxMark(x0, y0, x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.4, "glass+"),
];
export const porthole = (cx: number, cy: number, r: number): Part[] => [mark(circle(cx, cy, r), "metal"), mark(circle(cx, cy, r * 0.7), "glass")];

/** Horizontal boards or courses across a box (planks of a wagon, stone courses of a wall). */
export function courses(x0: number, y0: number, x1: number, y1: number, count: number, fill: Fill, width = 0.012): Part[] {
  const out: Part[] = [];
  for (let k = 1; k < count; k++) {
    const y = y0 + ((y1 - y0) * k) / count;
    out.push(line(pts(x0, y, x1, y), fill, width));
  }
  return out;
}

/** A lattice of crossed struts between two rails (a derrick, a wind pump's tower). */
export function lattice(bottomL: number, bottomR: number, topL: number, topR: number, y0: number, y1: number, rungs: number, fill: Fill, w: number): Part[] {
  const out: Part[] = [bar(pts(bottomL, y1, topL, y0), fill, w), bar(pts(bottomR, y1, topR, y0), fill, w)];
  const at = (t: number): [number, number, number] => [bottomL + (topL - bottomL) * t, bottomR + (topR - bottomR) * t, y1 + (y0 - y1) * t];
  for (let k = 0; k < rungs; k++) {
    const [l0, r0, ya] = at(k / rungs);
    const [l1, r1, yb] = at((k + 1) / rungs);
    out.push(line(pts(l0, ya, r1, yb), fill, w * 0.6), line(pts(r0, ya, l1, yb), fill, w * 0.6), line(pts(l1, yb, r1, yb), fill, w * 0.7));
  }
  return out;
}

/** A pitched roof over a box (eaves overhang by `eave`). */
export const gable = (x0: number, x1: number, y: number, peak: number, eave: number, fill: Fill): Part =>
  solid(pts(x0 - eave, y, (x0 + x1) / 2, peak, x1 + eave, y), fill);

/** A drawn object: its parts rasterised into the sprite grid, in its default colours. */
export function objectBuilder(primary: string, secondary: string, accent: string, parts: (rng: Random) => Part[]): SpriteBuilder {
  return {
    kind: "item",
    primary,
    secondary,
    accent,
    asymmetric: true,
    build(g, rng) {
      rasterParts(g, parts(rng), 1);
    },
  };
}
