/** The badges an icon may sit on: their shapes, colours (from the icon's main colour) and the painted disc. */
import { fromHsl, mix, toHsl, type Rgb } from "../kit/color.js";
import { Mask, paintMask } from "../kit/coverage.js";
import { circle, regularPolygon, roundRect, type Contour } from "../kit/geometry.js";
import type { Random } from "../kit/random.js";
import type { Canvas } from "../kit/raster.js";
import { toneOf, type PromptSpec } from "../words/prompt.js";

export function badgeContour(kind: "square" | "round" | "hex", size: number): Contour {
  if (kind === "round") return circle(size / 2, size / 2, size * 0.47, 96);
  if (kind === "hex") return regularPolygon(size / 2, size / 2, size * 0.49, 6);
  return roundRect(size * 0.04, size * 0.04, size * 0.92, size * 0.92, size * 0.2, 16);
}

export interface BadgeColors {
  top: Rgb;
  bottom: Rgb;
  rim: Rgb;
  backdrop: Rgb;
  outline: Rgb;
}

export function badgeColors(primary: Rgb, spec: PromptSpec, hueJitter: number): BadgeColors {
  const hsl = toHsl(primary);
  const grey = hsl.s < 0.18;
  // Yellows and golds turn olive when darkened: put them on a deep blue badge instead.
  const yellow = !grey && hsl.h > 35 && hsl.h < 80;
  // Browns (wood, bread, leather) vanish on a brown badge: put them on deep teal instead.
  const brown = !grey && !yellow && hsl.h >= 12 && hsl.h <= 45 && hsl.l < 0.72 && hsl.s < 0.7;
  const h = (grey ? 215 : yellow ? 232 : brown ? 192 : hsl.h) + hueJitter;
  const s = grey ? 0.22 : yellow ? 0.42 : brown ? 0.36 : Math.min(0.55, hsl.s * 0.7);
  const tone = toneOf(spec);
  const lift = tone === "dark" ? -0.08 : tone === "pastel" ? 0.3 : tone === "bright" ? 0.06 : 0;
  const top = fromHsl({ h, s, l: 0.34 + lift });
  const bottom = fromHsl({ h: h + 12, s: s * 0.9, l: 0.19 + lift * 0.8 });
  return {
    top,
    bottom,
    rim: fromHsl({ h, s: s * 0.8, l: 0.55 + lift * 0.5 }),
    backdrop: fromHsl({ h, s: s * 0.6, l: 0.1 + Math.max(0, lift) * 0.6 }),
    outline: fromHsl({ h, s: 0.35, l: 0.09 }),
  };
}

/** A faint seeded pattern inside the badge (rays, rings or dots), so seeds differ at a glance. */
function badgePattern(mask: Mask, size: number, rng: Random): void {
  const kind = rng.int(0, 3);
  const c = size / 2;
  if (kind === 0) {
    const rays = rng.int(8, 14);
    const offset = rng.range(0, Math.PI);
    for (let i = 0; i < rays; i++) {
      const a = offset + (i / rays) * Math.PI * 2;
      const w = Math.PI / rays / 2;
      mask.fill([
        [
          [c, c],
          [c + Math.cos(a - w) * size, c + Math.sin(a - w) * size],
          [c + Math.cos(a + w) * size, c + Math.sin(a + w) * size],
        ],
      ]);
    }
  } else if (kind === 1) {
    const rings = rng.int(2, 3);
    for (let i = 1; i <= rings; i++) mask.stroke(circle(c, c, (size * 0.48 * i) / (rings + 0.6), 96), size * 0.03);
  } else if (kind === 2) {
    const step = size / rng.int(7, 10);
    for (let y = step / 2; y < size; y += step) for (let x = step / 2; x < size; x += step) mask.fill([circle(x, y, step * 0.12, 12)]);
  }
}

export function drawBadge(canvas: Canvas, mask: Mask, contour: Contour, colors: BadgeColors, glossy: boolean, rng: Random): void {
  const size = canvas.width;
  const clip = new Mask(size, size).fill([contour]);
  mask.clear();
  mask.fill([contour]);
  paintMask(canvas, mask, (_x, y) => mix(colors.top, colors.bottom, y / size));
  mask.clear();
  badgePattern(mask, size, rng);
  mask.intersect(clip);
  paintMask(canvas, mask, colors.rim, 0.12);
  mask.clear();
  mask.stroke(
    contour.map(([x, y]) => [size / 2 + (x - size / 2) * 0.93, size / 2 + (y - size / 2) * 0.93] as const),
    size * 0.018,
  );
  paintMask(canvas, mask, colors.rim, 0.45);
  mask.clear();
  mask.fill([[...circle(size / 2, size * 0.28, size * 0.42, 72)]]);
  mask.intersect(clip);
  paintMask(canvas, mask, { r: 255, g: 255, b: 255 }, glossy ? 0.16 : 0.06);
}
