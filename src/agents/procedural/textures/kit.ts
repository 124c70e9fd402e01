/**
 * Building blocks shared by the texture renderers: scattering shapes over the tile with
 * wrap-around (pebbles, coins, bones, leaves, straw), a hexagonal grid and a few small helpers.
 * Every feature that crosses a tile edge is drawn on both sides, so the tile stays seamless.
 */
import { shadeFast, type Rgb } from "../kit/color.js";
import type { Random } from "../kit/random.js";
import type { MaterialContext, Surface } from "./surface.js";

/** A feature count scaled by "large"/"small". */
export const count = (base: number, ctx: MaterialContext): number => Math.max(1, Math.round(base * ctx.scale));

/** Per-block colour variation around c. */
export function vary(c: Rgb, h: number, amount: number): Rgb {
  return shadeFast(c, (h - 0.5) * amount);
}

/** One scattered item: centre and radius in pixels, rotation, a random id (0..1). */
export interface Stamp {
  x: number;
  y: number;
  r: number;
  angle: number;
  id: number;
}

/** What an item shape answers for a point in its own frame (radius 1): colour shade and height, or nothing outside. */
export interface ShapeHit {
  /** Lightness offset from the item colour (-1..1). */
  shade: number;
  /** Height above the item's base, 0..1. */
  h: number;
  /** Use the secondary colour instead of the item colour (rims, knots...). */
  alt?: boolean;
}

export type Shape = (x: number, y: number, stamp: Stamp) => ShapeHit | undefined;

/** Random stamps over the whole tile; radius given as a fraction of the tile. */
export function stamps(rng: Random, n: number, total: number, radius: number, spread = 0.35): Stamp[] {
  return Array.from({ length: total }, () => ({
    x: rng.next() * n,
    y: rng.next() * n,
    r: Math.max(1.2, radius * n * rng.range(1 - spread, 1 + spread)),
    angle: rng.next() * Math.PI,
    id: rng.next(),
  }));
}

/**
 * Paints shapes in order (later ones on top), each with a colour picked by `colorOf`, wrapping
 * around the tile edges. `extent` is how far a shape reaches in its own units (1 = a disc).
 */
export function scatter(
  s: Surface,
  items: readonly Stamp[],
  shape: Shape,
  colorOf: (stamp: Stamp, alt: boolean) => Rgb,
  options: { extent?: number; base?: number; lift?: number } = {},
): void {
  const n = s.size;
  const extent = options.extent ?? 1.1;
  const base = options.base ?? 0.35;
  const lift = options.lift ?? 0.55;
  for (const stamp of items) {
    const reach = Math.ceil(stamp.r * extent) + 1;
    const cos = Math.cos(stamp.angle);
    const sin = Math.sin(stamp.angle);
    const main = colorOf(stamp, false);
    const alt = colorOf(stamp, true);
    const cx = Math.floor(stamp.x);
    const cy = Math.floor(stamp.y);
    for (let py = cy - reach; py <= cy + reach; py++) {
      for (let px = cx - reach; px <= cx + reach; px++) {
        const dx = (px + 0.5 - stamp.x) / stamp.r;
        const dy = (py + 0.5 - stamp.y) / stamp.r;
        const hit = shape(dx * cos + dy * sin, -dx * sin + dy * cos, stamp);
        if (!hit) continue;
        const i = (((py % n) + n) % n) * n + (((px % n) + n) % n);
        s.set(i, shadeFast(hit.alt ? alt : main, hit.shade), base + hit.h * lift);
      }
    }
  }
}

/** Dome of a unit disc at distance d (0 outside). */
export const dome = (d: number): number => (d >= 1 ? 0 : Math.sqrt(1 - d * d));

export const shapes = {
  /** A smooth oval stone. */
  pebble: (x, y, st) => {
    const d = Math.hypot(x, y / (0.6 + st.id * 0.35));
    if (d >= 1) return undefined;
    const h = dome(d);
    return { shade: (h - 0.6) * 0.35 - (x + y) * 0.12 - (d > 0.85 ? 0.25 : 0), h };
  },
  /** An angular rock. */
  rock: (x, y, st) => {
    const a = Math.atan2(y, x);
    const edge = 0.8 + 0.14 * Math.sin(a * 3 + st.id * 9) + 0.08 * Math.sin(a * 5 + st.id * 20);
    const d = Math.hypot(x, y) / edge;
    if (d >= 1) return undefined;
    const facet = Math.floor((a + Math.PI) / (Math.PI / 3) + st.id * 6) % 3;
    return { shade: (facet - 1) * 0.12 - (x + y) * 0.15 - (d > 0.85 ? 0.3 : 0), h: dome(d) };
  },
  /** A coin lying at an angle: rim, face and a stamped centre. */
  coin: (x, y, st) => {
    const d = Math.hypot(x, y / (0.55 + st.id * 0.45));
    if (d >= 1) return undefined;
    if (d > 0.9) return { shade: -0.1, h: 0.6, alt: true };
    if (d > 0.76) return { shade: 0.25 - (x + y) * 0.25, h: 0.7 };
    if (d > 0.66) return { shade: -0.2, h: 0.45 };
    return { shade: 0.12 - d * 0.2 + (d < 0.3 ? 0.12 : 0), h: 0.55 + (d < 0.3 ? 0.1 : 0) };
  },
  /** A long bone: shaft with knobbed ends. */
  bone: (x, y) => {
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    const knob = Math.min(Math.hypot(ax - 0.82, y - 0.16), Math.hypot(ax - 0.82, y + 0.16));
    if (knob < 0.2) return { shade: knob > 0.16 ? -0.35 : 0.1 - knob, h: 0.9 - knob };
    if (ax < 0.85 && ay < 0.12) return { shade: ay > 0.09 ? -0.35 : 0.05 - ay, h: 0.75 - ay * 2 };
    return undefined;
  },
  /** A lens-shaped leaf with a midrib. */
  leaf: (x, y) => {
    const half = 0.48 * (1 - x * x);
    if (Math.abs(x) >= 1 || Math.abs(y) >= half) return undefined;
    if (Math.abs(y) < 0.05 && x > -0.9) return { shade: -0.2, h: 0.5, alt: true };
    return { shade: (y > 0 ? -0.08 : 0.06) + x * 0.06, h: 0.5 + (1 - Math.abs(y) / half) * 0.2 };
  },
  /** A straw or blade: a thin stick. */
  straw: (x, y) => {
    if (Math.abs(x) >= 1 || Math.abs(y) >= 0.07) return undefined;
    return { shade: 0.1 - Math.abs(y) * 3 + x * 0.05, h: 0.6 - Math.abs(y) * 3 };
  },
  /** A log seen end-on: bark rim and growth rings. */
  logEnd: (x, y, st) => {
    const d = Math.hypot(x, y);
    if (d >= 1) return undefined;
    if (d > 0.84) return { shade: -0.2 + (x + y) * -0.1, h: 0.8, alt: true };
    return { shade: Math.sin(d * (14 + st.id * 6)) * 0.07 - d * 0.12 + 0.08, h: 0.85 };
  },
  /** A cut gem: a hexagon with light and dark facets. */
  gem: (x, y) => {
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    if (ax * 0.87 + ay * 0.5 > 0.87 || ay > 0.87) return undefined;
    const inner = ax * 0.87 + ay * 0.5 < 0.45 && ay < 0.45;
    const facet = Math.atan2(y, x);
    const rim = ax * 0.87 + ay * 0.5 > 0.78 || ay > 0.78;
    const glint = Math.hypot(x + 0.2, y + 0.25) < 0.14;
    return { shade: rim ? -0.45 : glint ? 0.8 : inner ? 0.3 : Math.sin(facet * 3) * 0.3 - y * 0.2, h: inner ? 0.9 : 0.7 };
  },
  /** A small five-petal flower. */
  flower: (x, y) => {
    const d = Math.hypot(x, y);
    if (d < 0.3) return { shade: 0.1, h: 0.9, alt: true };
    const petal = 0.6 + 0.4 * Math.abs(Math.cos(Math.atan2(y, x) * 2.5));
    if (d >= petal) return undefined;
    return { shade: 0.1 - d * 0.2, h: 0.8 };
  },
} satisfies Record<string, Shape>;

/**
 * Hexagonal cell of an offset-row grid with `cols` columns over the tile (an even number of rows,
 * so the offset wraps): the wrapped cell indices and the distance to the cell edge in column
 * widths (0 at the edge, about 0.5 at the centre).
 */
export function hexCell(u: number, v: number, cols: number): { q: number; r: number; edge: number } {
  const rows = Math.max(2, Math.round(cols / 0.866 / 2) * 2);
  // cell centres on the tile edges, so grout never runs along them
  const ry = Math.floor(v * rows + 0.5);
  let d1 = Infinity;
  let d2 = Infinity;
  let bq = 0;
  let br = 0;
  for (let r = ry - 1; r <= ry + 1; r++) {
    const offset = (((r % 2) + 2) % 2) * 0.5;
    const qx = Math.floor(u * cols - offset + 0.5);
    for (let q = qx - 1; q <= qx + 1; q++) {
      const d = Math.hypot(u - (q + offset) / cols, v - r / rows);
      if (d < d1) {
        d2 = d1;
        d1 = d;
        bq = q;
        br = r;
      } else if (d < d2) d2 = d;
    }
  }
  return { q: ((bq % cols) + cols) % cols, r: ((br % rows) + rows) % rows, edge: ((d2 - d1) / 2) * cols };
}
