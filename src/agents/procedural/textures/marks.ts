/**
 * More surface features (issue 39): marks pressed or grown into a surface. Craters, ripples (and
 * raked lines), a railway across the tile, wheel ruts, bubbles, streaks running down, ivy, seedlings,
 * scrub, petals, and the prints of hooves, paws and birds. Each wraps around the tile edges: shapes
 * through textures/kit.ts' `scatter`, bands and waves with a whole number of periods per tile.
 */
import { mix, rgb, shadeFast, type Rgb } from "../kit/color.js";
import type { PeriodicNoise } from "../kit/noise.js";
import type { Random } from "../kit/random.js";
import { scatter, type Shape, shapes, type Stamp, stamps } from "./kit.js";
import { addRuts } from "./layers.js";
import { smoothstep, type Surface } from "./surface.js";

/** Features this file draws (canonical). */
export const MARKS: ReadonlySet<string> = new Set([
  "crater",
  "ripple",
  "rails",
  "ruts",
  "bubble",
  "streak",
  "vine",
  "sprout",
  "shrub",
  "petal",
  "hoofprint",
  "pawprint",
  "birdprint",
  "bootprint",
  "lilypad",
  "coin",
]);

/** A bowl with a raised rim, lit from the top left: the far inner wall bright, the near one dark. */
const crater: Shape = (x, y) => {
  const d = Math.hypot(x, y);
  if (d >= 1) return undefined;
  if (d < 0.72) return { shade: (x + y) * 0.22 - 0.12, h: 0.15 + d * 0.3 };
  return { shade: 0.14 - (x + y) * 0.16, h: 0.75 - (d - 0.72) };
};

const bubble: Shape = (x, y) => {
  const d = Math.hypot(x, y);
  if (d >= 1) return undefined;
  if (Math.hypot(x + 0.35, y + 0.35) < 0.22) return { shade: 0.5, h: 0.9, alt: true };
  return { shade: d > 0.8 ? 0.2 : -0.05 + d * 0.1, h: 0.6 + (1 - d) * 0.3 };
};

/** A hoof print: a U open at the heel, pressed in. */
const hoof: Shape = (x, y) => {
  const d = Math.hypot(x, y * 0.85);
  if (d >= 1 || d < 0.45 || (y > 0.25 && Math.abs(x) < 0.35)) return undefined;
  return { shade: -0.1 - (1 - Math.abs(d - 0.72) * 3) * 0.15, h: 0 };
};

/** A paw print: a pad and four toes. */
const paw: Shape = (x, y) => {
  const pad = Math.hypot(x * 0.9, (y - 0.3) * 1.1) / 0.45;
  const toes = [-0.55, -0.2, 0.2, 0.55].map((tx, k) => Math.hypot(x - tx, y + (k === 0 || k === 3 ? 0.2 : 0.45)) / 0.2);
  const d = Math.min(pad, ...toes);
  return d < 1 ? { shade: -0.08 - (1 - d) * 0.22, h: 0 } : undefined;
};

/** A bird's print: three toes forward, one back. */
const bird: Shape = (x, y) => {
  const line = (ax: number, ay: number): number => {
    const t = Math.max(0, Math.min(1, (x * ax + y * ay) / (ax * ax + ay * ay)));
    return Math.hypot(x - ax * t, y - ay * t);
  };
  const d = Math.min(line(0, -0.9), line(-0.6, -0.6), line(0.6, -0.6), line(0, 0.5));
  return d < 0.1 ? { shade: -0.25, h: 0 } : undefined;
};

/** Two small leaves on a stem, seen from above. */
const sprout: Shape = (x, y) => {
  const leaf = (lx: number, ly: number): number => Math.hypot((lx * 0.7 - ly * 0.7) * 1.8, lx * 0.7 + ly * 0.7);
  const a = leaf(x - 0.4, y + 0.3);
  const b = leaf(-x - 0.4, y + 0.3);
  const d = Math.min(a, b) / 0.5;
  if (d < 1) return { shade: 0.12 - d * 0.2 + (x < 0 ? -0.06 : 0.04), h: 0.7 };
  return Math.abs(x) < 0.08 && y > -0.1 && y < 0.6 ? { shade: -0.1, h: 0.5, alt: true } : undefined;
};

/** A scrubby bush: a ragged clump, speckled. */
const shrub: Shape = (x, y, st) => {
  const a = Math.atan2(y, x);
  const edge = 0.78 + 0.12 * Math.sin(a * 7 + st.id * 11) + 0.08 * Math.sin(a * 13 + st.id * 5);
  const d = Math.hypot(x, y) / edge;
  if (d >= 1) return undefined;
  const twig = Math.sin(x * 23 + st.id * 7) * Math.sin(y * 19) > 0.55;
  return { shade: 0.1 - d * 0.25 - (x + y) * 0.12 + (twig ? 0.15 : 0), h: 0.55 + (1 - d) * 0.4, alt: twig };
};

/** A wavy strand (an ivy stem). */
const stem: Shape = (x, y, st) => {
  const yy = y - Math.sin(x * 4 + st.id * 6) * 0.15;
  if (Math.abs(x) >= 1 || Math.abs(yy) >= 0.06) return undefined;
  return { shade: -0.05, h: 0.55 };
};

/** A lily pad: a disc with a notch cut to its centre, veined. */
const lilypad: Shape = (x, y, st) => {
  const d = Math.hypot(x, y);
  const a = Math.atan2(y, x) + st.id * 6;
  const notch = Math.abs(Math.atan2(Math.sin(a), Math.cos(a))) < 0.3;
  if (d >= 1 || notch) return undefined;
  const vein = Math.abs(Math.sin(a * 5)) < 0.12 && d > 0.15;
  return { shade: 0.06 - d * 0.15 - (d > 0.9 ? 0.2 : 0) + (vein ? 0.1 : 0), h: 0.6, alt: vein };
};

/** A boot's print: sole and heel, crossed by the bars of its tread. */
const boot: Shape = (x, y) => {
  const heel = Math.hypot(x * 1.6, (y - 0.55) * 1.2) / 0.5;
  const sole = Math.hypot(x * 1.4, (y + 0.2) * 0.9) / 0.62;
  const d = Math.min(heel, sole);
  if (d >= 1) return undefined;
  return { shade: Math.sin(y * 22) > 0.3 ? -0.25 : 0.05, h: 0 };
};

const PRINTS: Readonly<Record<string, Shape>> = { hoofprint: hoof, pawprint: paw, birdprint: bird, bootprint: boot };
const PETALS: readonly Rgb[] = [rgb(0xf6c8d8), rgb(0xfff2f4), rgb(0xf08ab0), rgb(0xe8a8c8)];
const IVY: readonly Rgb[] = [rgb(0x2e6a2a), rgb(0x3e7e30), rgb(0x24582a), rgb(0x4c8a34)];
const pick = (list: readonly Rgb[], id: number): Rgb => list[Math.floor(id * list.length) % list.length] ?? (list[0] as Rgb);

/** A print pressed into the ground: darker inside, the pushed-up ground a lighter rim around it. */
export const pressed =
  (shape: Shape): Shape =>
  (x, y, st) => {
    const inside = shape(x, y, st);
    if (inside) return { shade: -0.32 + inside.shade * 0.5, h: 0.05 };
    return shape(x * 0.8, y * 0.8, st) ? { shade: 0.14, h: 0.7 } : undefined;
  };

/** A trail of prints walking across the tile (a whole number of steps per tile, so it wraps). */
export function trail(s: Surface, rng: Random, ground: Rgb, shape: Shape, steps: number): void {
  const n = s.size;
  const [x0, y0] = [rng.next() * n, n * rng.range(0.3, 0.7)];
  const items: Stamp[] = Array.from({ length: steps }, (_, k) => ({
    x: x0 + (k * n) / steps,
    y: y0 + (k % 2 ? n * 0.06 : -n * 0.06),
    r: n * 0.05,
    angle: Math.PI / 2,
    id: rng.next(),
  }));
  scatter(s, items, pressed(shape), () => ground, { extent: 1.5, base: 0.3, lift: 0.3 });
}

/** Waves in bands across the tile, bent by noise: sand ripples, or sharp grooves of raked gravel. */
function ripples(s: Surface, noise: PeriodicNoise, rng: Random, raked: boolean): void {
  const bands = raked ? rng.pick([12, 14, 16]) : rng.pick([7, 8, 10]);
  s.forEach((i, u, v) => {
    const wave = Math.sin((v * bands + noise.fbm(u, v, 2, 2, 2) * (raked ? 0.6 : 1.4)) * Math.PI * 2);
    const crest = raked ? Math.sign(wave) * Math.abs(wave) ** 0.5 : wave;
    const c = s.get(i);
    s.set(i, shadeFast(c, crest * 0.1), (s.height[i] ?? 0) * 0.6 + 0.2 + crest * 0.12);
  });
}

/** A railway across the tile: wooden sleepers and two steel rails. */
function rails(s: Surface, rng: Random): void {
  const centre = rng.range(0.35, 0.65);
  const sleepers = rng.pick([7, 8, 9]);
  const gauge = 0.2;
  const tie: Rgb = rgb(0x5a3c26);
  const steel: Rgb = rgb(0x8a9098);
  s.forEach((i, u, v) => {
    const dv = Math.abs(v - centre);
    const across = Math.min(dv, 1 - dv);
    const along = Math.abs(((u * sleepers) % 1) - 0.5);
    if (across < gauge * 0.8 && along > 0.25) s.set(i, shadeFast(tie, (along - 0.35) * 0.6 - across), 0.55);
    for (const side of [-1, 1]) {
      const d = Math.abs(v - (centre + (side * gauge) / 2));
      const r = Math.min(d, 1 - d);
      if (r < 0.014) s.set(i, mix(steel, rgb(0xe8ecf0), r < 0.005 ? 0.6 : 0), 0.85);
    }
  });
}

/** Streaks running down from their source: rust (on rusty metal) or grime. */
function streaks(s: Surface, rng: Random, rusty: boolean): void {
  const n = s.size;
  const colour = rusty ? rgb(0x8a3c18) : rgb(0x3a3228);
  const all = Array.from({ length: rng.int(7, 12) }, () => ({
    x: rng.next() * n,
    y: rng.next() * n,
    len: n * rng.range(0.2, 0.5),
    w: n * rng.range(0.008, 0.02),
  }));
  s.forEach((i, _u, _v, x, y) => {
    let k = 0;
    for (const st of all) {
      const dy = (((y - st.y) % n) + n) % n;
      if (dy > st.len) continue;
      const dxr = Math.abs(x + 0.5 - st.x);
      const dx = Math.min(dxr, n - dxr);
      const t = dy / st.len;
      const w = st.w * (1 - t * 0.6);
      k = Math.max(k, (1 - smoothstep(w * 0.5, w, dx)) * (1 - t) * 0.8);
    }
    if (k > 0) s.blend(i, colour, k);
  });
}

/** Ivy: stems and dense leaves over the patches the noise picks. */
function ivy(s: Surface, noise: PeriodicNoise, rng: Random, many: (k: number) => number): void {
  const n = s.size;
  const cover = (st: Stamp): boolean => noise.fbm(st.x / n + 0.21, st.y / n + 0.63, 3, 3, 3) > -0.05;
  scatter(s, stamps(rng, n, many(8), 0.2).filter(cover), stem, () => rgb(0x3a3018), { extent: 1.2 });
  scatter(s, stamps(rng, n, many(90), 0.045).filter(cover), shapes.leaf, (st, alt) => (alt ? rgb(0x1a3a18) : pick(IVY, st.id)), { base: 0.5, lift: 0.4 });
}

/** Draws the marks among `features` over a rendered surface; `ground` is its main colour, `sparse` thins scattered ones. */
export function addMarks(
  s: Surface,
  features: readonly string[],
  noise: PeriodicNoise,
  rng: Random,
  ground: Rgb,
  options: { rusty: boolean; sparse: boolean; raked: boolean; dense: boolean },
): void {
  const n = s.size;
  // "scattered": half as many; "ivy-covered", "crater-pocked": nearly twice as many
  const many = (k: number): number => Math.max(1, Math.round(k * (options.sparse ? 0.5 : options.dense ? 1.8 : 1)));
  for (const feature of features) {
    const r = rng.fork(`mark-${feature}`);
    const print = PRINTS[feature];
    if (print) trail(s, r, ground, print, feature === "birdprint" ? 8 : 6);
    else if (feature === "crater") scatter(s, stamps(r, n, many(6), 0.1, 0.6), crater, () => ground, { extent: 1.05, base: 0.3, lift: 0.5 });
    else if (feature === "ripple") ripples(s, noise, r, options.raked);
    else if (feature === "rails") rails(s, r);
    else if (feature === "ruts") addRuts(s, { noise, salt: 7 }, r);
    else if (feature === "bubble")
      scatter(s, stamps(r, n, many(14), 0.035, 0.6), bubble, (_st, alt) => (alt ? rgb(0xffffff) : mix(ground, rgb(0xd8f0f8), 0.45)), { base: 0.5, lift: 0.4 });
    else if (feature === "streak") streaks(s, r, options.rusty);
    else if (feature === "vine") ivy(s, noise, r, many);
    else if (feature === "sprout")
      scatter(s, stamps(r, n, many(16), 0.04), sprout, (_st, alt) => (alt ? rgb(0x4a6a2a) : rgb(0x7ac84a)), { base: 0.45, lift: 0.4 });
    else if (feature === "shrub")
      scatter(s, stamps(r, n, many(9), 0.07, 0.5), shrub, (st, alt) => (alt ? rgb(0xb8c0a0) : mix(rgb(0x7a8a68), rgb(0x5a6a4a), st.id)), {
        base: 0.45,
        lift: 0.5,
      });
    else if (feature === "lilypad")
      scatter(s, stamps(r, n, many(7), 0.075, 0.5), lilypad, (st, alt) => (alt ? rgb(0x8ac860) : mix(rgb(0x3e8a34), rgb(0x5aa040), st.id)), {
        base: 0.5,
        lift: 0.2,
      });
    else if (feature === "coin")
      scatter(s, stamps(r, n, many(10), 0.035, 0.3), shapes.coin, (st, alt) => (alt ? rgb(0x8a5a10) : mix(rgb(0xf2c040), rgb(0xd8a020), st.id)), {
        base: 0.5,
        lift: 0.4,
      });
    else if (feature === "petal")
      scatter(s, stamps(r, n, many(30), 0.03), shapes.leaf, (st, alt) => (alt ? pick(PETALS, st.id) : pick(PETALS, st.id)), { base: 0.5, lift: 0.2 });
  }
}
