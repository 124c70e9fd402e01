/** Small helpers shared by the gear icon shapes: point lists, hafts, grips, straps and shading. */
import { capsule, rect, type Contour, type Path } from "../../kit/geometry.js";
import type { Fill, Part } from "../parts.js";

export const deg = (d: number): number => (d * Math.PI) / 180;

/** A contour from a flat list of coordinates: pts(x0, y0, x1, y1, ...). */
export function pts(...xy: number[]): Contour {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < xy.length; i += 2) out.push([xy[i] as number, xy[i + 1] as number]);
  return out;
}

/** Everything but the contour (as a clip): paints only outside it. */
export const outsideOf = (contour: Contour): Path => [rect(-1, -1, 3, 3), contour];

export const shifted = (contour: Contour, dx: number, dy: number): Contour => contour.map(([x, y]) => [x + dx, y + dy] as const);

/** Mirror image about the vertical line x = axis. */
export const mirrored = (contour: Contour, axis = 0.5): Contour => contour.map(([x, y]) => [2 * axis - x, y] as const).reverse();

/** A filled part. */
export const fill = (contour: Contour, f: Fill, extra: Partial<Part> = {}): Part => ({ path: [contour], fill: f, ...extra });

/** A detail on top (no silhouette outline). */
export const detail = (contour: Contour, f: Fill, extra: Partial<Part> = {}): Part => ({ path: [contour], fill: f, outline: false, ...extra });

/** A stroked polyline (open unless it has more than two points: see isClosed in render.ts). */
export const line = (x0: number, y0: number, x1: number, y1: number, width: number, f: Fill, outline = false): Part => ({
  path: [pts(x0, y0, x1, y1)],
  fill: f,
  stroke: width,
  outline,
});

/** A stroked closed loop through the points (the renderer closes strokes of more than two points). */
export const polyline = (points: Contour, width: number, f: Fill, outline = true): Part => ({ path: [points], fill: f, stroke: width, outline });

/** A shaded shaft from (x0, y0) to (x1, y1): the body and a lighter stripe. */
export function haft(x0: number, y0: number, x1: number, y1: number, r: number, f: Fill = "wood"): Part[] {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * r * 0.45;
  const ny = (dx / len) * r * 0.45;
  return [fill(capsule(x0, y0, x1, y1, r), f), detail(capsule(x0 + nx, y0 + ny, x1 + nx, y1 + ny, r * 0.35), `${f}+` as Fill)];
}

/** Diagonal wrap lines across a vertical grip centred on x from y0 to y1. */
export function wraps(cx: number, halfWidth: number, y0: number, y1: number, count: number, f: Fill): Part[] {
  const parts: Part[] = [];
  for (let i = 1; i <= count; i++) {
    const y = y0 + ((y1 - y0) * i) / (count + 1);
    parts.push(line(cx - halfWidth, y + halfWidth * 0.4, cx + halfWidth, y - halfWidth * 0.4, halfWidth * 0.35, f));
  }
  return parts;
}

/** The contour's left part lighter (light from the upper left). */
export const lit = (contour: Contour, f: Fill, splitX: number): Part => ({
  path: [contour],
  fill: f,
  clips: [[rect(-1, -1, splitX + 1, 3)]],
  outline: false,
});

/** A highlight dash. */
export const glint = (x0: number, y0: number, x1: number, y1: number, width: number, opacity = 0.8): Part => ({
  ...line(x0, y0, x1, y1, width, "light"),
  opacity,
});

/** Linear interpolation. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** A filled band of width `w` along an open polyline (an open stroke the renderer would close). */
export function ribbon(points: Contour, w: number): Contour {
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let i = 0; i < points.length; i++) {
    const [px, py] = points[Math.max(0, i - 1)] as readonly [number, number];
    const [nx, ny] = points[Math.min(points.length - 1, i + 1)] as readonly [number, number];
    const [x, y] = points[i] as readonly [number, number];
    const len = Math.hypot(nx - px, ny - py) || 1;
    const ox = (-(ny - py) / len) * (w / 2);
    const oy = ((nx - px) / len) * (w / 2);
    left.push([x + ox, y + oy]);
    right.push([x - ox, y - oy]);
  }
  return [...left, ...right.reverse()];
}

/** Points along a quadratic curve from (x0, y0) through control (cx, cy) to (x1, y1). */
export function curve(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, steps = 16): Contour {
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1]);
  }
  return out;
}
