/** Paints icon parts onto a canvas: silhouette outline, drop shadow, fills, clips and strokes. */
import { shade, type Rgb } from "../kit/color.js";
import { Mask, paintMask } from "../kit/coverage.js";
import { transformPath, type Affine, type Path } from "../kit/geometry.js";
import type { Fill, Part, Role } from "./parts.js";
import type { Canvas } from "../kit/raster.js";

export interface PartColors {
  roles: Readonly<Record<Role, Rgb>>;
  outline: Rgb;
  /** "flat" style: ignore the lighter/darker variants of a role. */
  flat: boolean;
}

export interface RenderOptions {
  /** Silhouette outline width in pixels (0 = none). */
  outlineWidth: number;
  /** Draw the parts as strokes of this width in pixels instead of filling them (line-art). */
  lineArt?: { width: number; color: Rgb };
  /** Soft shadow below the subject, in pixels. */
  shadow?: { dx: number; dy: number; color: Rgb; opacity: number };
}

const SHADE_STEPS: Readonly<Record<string, number>> = { "+": 0.16, "++": 0.34, "-": -0.18, "--": -0.36 };

export function fillColor(colors: PartColors, fill: Fill): Rgb {
  const match = /^([a-z]+)([+-]*)$/.exec(fill);
  const role = (match?.[1] ?? "primary") as Role;
  const base = colors.roles[role];
  const step = SHADE_STEPS[match?.[2] ?? ""];
  if (step === undefined || (colors.flat && role !== "light" && role !== "dark")) return base;
  return shade(base, step);
}

/** Scratch masks shared by the render calls of one generation. */
export class MaskPool {
  readonly shape: Mask;
  readonly clip: Mask;
  readonly silhouette: Mask;

  constructor(width: number, height: number) {
    this.shape = new Mask(width, height);
    this.clip = new Mask(width, height);
    this.silhouette = new Mask(width, height);
  }
}

function isClosed(contour: Path[number]): boolean {
  return contour.length > 2;
}

function addSilhouette(mask: Mask, parts: readonly Part[], m: Affine, scale: number, grow: number): void {
  for (const part of parts) {
    if (part.outline === false || part.clips) continue;
    const path = transformPath(part.path, m);
    if (part.stroke !== undefined) {
      for (const contour of path) mask.stroke(contour, part.stroke * scale + grow * 2, isClosed(contour));
      continue;
    }
    mask.fill(path, part.rule ?? "nonzero");
    if (grow > 0) for (const contour of path) mask.stroke(contour, grow * 2, true);
  }
}

/** Paints parts given in unit coordinates, mapped to pixels by `m` (uniform scale `scale`). */
export function renderParts(
  canvas: Canvas,
  pool: MaskPool,
  parts: readonly Part[],
  m: Affine,
  scale: number,
  colors: PartColors,
  options: RenderOptions,
): void {
  const { shape, clip, silhouette } = pool;
  if (options.shadow) {
    const { dx, dy, color, opacity } = options.shadow;
    silhouette.clear();
    addSilhouette(silhouette, parts, { ...m, e: m.e + dx, f: m.f + dy }, scale, options.outlineWidth);
    paintMask(canvas, silhouette, color, opacity);
  }
  if (options.lineArt) {
    const { width, color } = options.lineArt;
    shape.clear();
    for (const part of parts) {
      if (part.outline === false && part.stroke === undefined) continue;
      if (part.clips) continue;
      for (const contour of transformPath(part.path, m)) {
        shape.stroke(contour, part.stroke !== undefined ? Math.max(width * 0.6, part.stroke * scale) : width, isClosed(contour));
      }
    }
    paintMask(canvas, shape, color);
    return;
  }
  if (options.outlineWidth > 0) {
    silhouette.clear();
    addSilhouette(silhouette, parts, m, scale, options.outlineWidth);
    paintMask(canvas, silhouette, colors.outline);
  }
  for (const part of parts) {
    shape.clear();
    const path = transformPath(part.path, m);
    if (part.stroke !== undefined) {
      for (const contour of path) shape.stroke(contour, part.stroke * scale, isClosed(contour));
    } else {
      shape.fill(path, part.rule ?? "nonzero");
    }
    for (const clipPath of part.clips ?? []) {
      clip.clear();
      clip.fill(transformPath(clipPath, m), "evenodd");
      shape.intersect(clip);
    }
    paintMask(canvas, shape, fillColor(colors, part.fill), part.opacity ?? 1);
  }
}
