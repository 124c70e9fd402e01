/** Small helpers for writing the icon recipes of things compactly (parts, shading, lines). */
import { ellipse, rect, type Contour, type Path, type Point } from "../../kit/geometry.js";
import { leftOf, rightOf, type Fill, type Part } from "../parts.js";

export const deg = (d: number): number => (d * Math.PI) / 180;

/** A contour from a flat list of coordinates: poly(x0, y0, x1, y1, ...). */
export function poly(...coords: number[]): Contour {
  const points: Point[] = [];
  for (let i = 0; i + 1 < coords.length; i += 2) points.push([coords[i] as number, coords[i + 1] as number]);
  return points;
}

type Extra = Omit<Partial<Part>, "path" | "fill">;
const asPath = (shape: Contour | Path): Path => (Array.isArray(shape[0]?.[0]) ? (shape as Path) : [shape as Contour]);

/** A structural part: thickens the silhouette outline. */
export const solid = (shape: Contour | Path, fill: Fill, extra: Extra = {}): Part => ({ path: asPath(shape), fill, ...extra });

/** A detail on top: no silhouette outline. */
export const detail = (shape: Contour | Path, fill: Fill, extra: Extra = {}): Part => ({ path: asPath(shape), fill, outline: false, ...extra });

/** A stroked polyline (open) as a detail. */
export const line = (points: readonly Point[], fill: Fill, width: number, extra: Extra = {}): Part => ({
  path: [points],
  fill,
  stroke: width,
  outline: false,
  ...extra,
});

/** A stroked polyline that is part of the silhouette (a handle, a rope). */
export const bar = (points: readonly Point[], fill: Fill, width: number, extra: Extra = {}): Part => ({ path: [points], fill, stroke: width, ...extra });

/** The shape again, darker, right of x (light from the left). */
export const shadeRight = (shape: Contour | Path, fill: Fill, x: number): Part => detail(shape, fill, { clips: [rightOf(x)] });
export const lightLeft = (shape: Contour | Path, fill: Fill, x: number): Part => detail(shape, fill, { clips: [leftOf(x)] });

/** The part of the shape outside `contour` (a rim shadow, a crescent of shade). */
export const outsideOf = (contour: Contour): Path => [rect(-1, -1, 3, 3), contour];
export const shifted = (contour: Contour, dx: number, dy: number): Contour => contour.map(([x, y]) => [x + dx, y + dy] as const);

/** Shade along the lower right rim of a shape: the shape minus itself shifted up-left. */
export const rimShade = (shape: Contour, fill: Fill, dx = -0.05, dy = -0.05): Part => detail(shape, fill, { clips: [outsideOf(shifted(shape, dx, dy))] });

/** A soft white highlight. */
export const shine = (x: number, y: number, rx: number, ry: number, angle = -40, opacity = 0.7): Part =>
  detail(ellipse(x, y, rx, ry, deg(angle)), "light", { opacity });

/** Evenly spaced values from a to b (n of them, ends included when n > 1). */
export function steps(a: number, b: number, n: number): number[] {
  if (n <= 1) return [(a + b) / 2];
  return Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));
}
