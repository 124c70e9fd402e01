/**
 * Icons at 16, 32 and 48 px as pixel art: the icon drawn at a multiple of its size (without outline or
 * shadow) is reduced to clean clusters of a few colours, shaded and outlined by the sprites' rules
 * (kit/pixelize.ts), and set on a flat pixel badge when it has one.
 */
import { Mask, paintMask } from "../kit/coverage.js";
import { despeckle, modeDownsample, outline, overlay, reduceColors, shadeEdges } from "../kit/pixelize.js";
import { Canvas } from "../kit/raster.js";
import { badgeContour, type BadgeColors } from "./badge.js";

export interface SmallIconOptions {
  /** The asked side in pixels (16, 32 or 48). */
  size: number;
  badge: "square" | "round" | "hex" | undefined;
  colors: BadgeColors;
  transparent: boolean;
  /** The one-pixel dark outline ("no outline" and line-art turn it off). */
  outlined: boolean;
  /** No shading steps ("flat", line-art). */
  flat: boolean;
}

/** How many colours the subject keeps before shading (each may gain a lighter and a darker step). */
function colorsFor(size: number): number {
  return size <= 16 ? 4 : size <= 32 ? 5 : 6;
}

/** The subject's margin as a share of the side: room for the outline, or for the badge's rim. */
export function smallMargin(size: number, badged: boolean): number {
  return badged ? (size <= 16 ? 3 : size * 0.16) / size : 1.25 / size;
}

/** The badge at the icon's size: one flat colour, a lit and a shaded edge, a one-pixel outline inside the tile. */
function badgeTile(kind: "square" | "round" | "hex", size: number, factor: number, colors: BadgeColors): Canvas {
  const big = size * factor;
  // scaled about the centre to reach one pixel short of the tile's edges: room for the outline
  const drawnContour = badgeContour(kind, big);
  const reach = Math.max(...drawnContour.map(([x, y]) => Math.max(Math.abs(x - big / 2), Math.abs(y - big / 2))));
  const k = ((size / 2 - 1) * factor) / reach;
  const contour = drawnContour.map(([x, y]) => [big / 2 + (x - big / 2) * k, big / 2 + (y - big / 2) * k] as const);
  const mask = new Mask(big, big).fill([contour]);
  const drawn = new Canvas(big, big);
  paintMask(drawn, mask, colors.top);
  const tile = modeDownsample(drawn, factor);
  shadeEdges(tile, -0.16, 0.18);
  outline(tile, colors.outline);
  return tile;
}

export function pixelIcon(drawn: Canvas, options: SmallIconOptions): Canvas {
  const { size } = options;
  const factor = Math.round(drawn.width / size);
  const subject = modeDownsample(drawn, factor);
  reduceColors(subject, colorsFor(size));
  despeckle(subject, false);
  if (!options.flat) {
    shadeEdges(subject);
    // a lit or shaded step that stands alone is noise, not a highlight: back to its neighbours' colour
    despeckle(subject, false, 1);
  }
  if (options.outlined) outline(subject, options.colors.outline);
  const out = new Canvas(size, size);
  if (!options.transparent) out.fill(options.colors.backdrop);
  if (options.badge) overlay(out, badgeTile(options.badge, size, factor, options.colors));
  overlay(out, subject);
  return out;
}
