/**
 * Pixel art at small sizes (16, 32 and 48 px): a drawing made at a multiple of the asked size is reduced to
 * clean clusters of a few colours (the most common colour of each block, never an average of edges), single
 * stray pixels are merged into their neighbours, and the sprites' rules are applied: a one-pixel dark outline
 * around the silhouette and shading lit from the top left (a lighter step on top and left edges, a darker
 * one on bottom and right edges). Also the measures the tests hold small art to.
 */
import { shade, type Rgb } from "./color.js";
import { Canvas } from "./raster.js";

const OPAQUE = 128;

function keyAt(d: Uint8Array, i: number): number {
  return ((d[i] ?? 0) << 16) | ((d[i + 1] ?? 0) << 8) | (d[i + 2] ?? 0);
}

function rgbOf(key: number): Rgb {
  return { r: (key >> 16) & 255, g: (key >> 8) & 255, b: key & 255 };
}

function put(d: Uint8Array, i: number, key: number, alpha = 255): void {
  d[i] = (key >> 16) & 255;
  d[i + 1] = (key >> 8) & 255;
  d[i + 2] = key & 255;
  d[i + 3] = alpha;
}

/** Perceptual-ish distance between two packed colours (weighted RGB). */
function distance(a: number, b: number): number {
  const dr = ((a >> 16) & 255) - ((b >> 16) & 255);
  const dg = ((a >> 8) & 255) - ((b >> 8) & 255);
  const db = (a & 255) - (b & 255);
  return Math.sqrt(2 * dr * dr + 4 * dg * dg + 3 * db * db);
}

/**
 * Downscale by an integer factor keeping hard edges: a block is opaque when at least half of its pixels are,
 * and takes the colour most of its opaque pixels have (the drawing's own fills, not blends of them).
 */
export function modeDownsample(source: Canvas, factor: number): Canvas {
  const width = Math.floor(source.width / factor);
  const height = Math.floor(source.height / factor);
  const out = new Canvas(width, height);
  const counts = new Map<number, number>();
  const d = source.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      counts.clear();
      let opaque = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * source.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          if ((d[i + 3] ?? 0) < OPAQUE) continue;
          opaque++;
          const k = keyAt(d, i);
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
      }
      if (opaque * 2 < factor * factor) continue;
      let best = 0;
      let bestCount = -1;
      for (const [k, c] of counts) if (c > bestCount) (best = k), (bestCount = c);
      put(out.data, (y * width + x) * 4, best);
    }
  }
  return out;
}

/** Opaque colours by how many pixels have them, most first. */
function histogram(canvas: Canvas): [number, number][] {
  const counts = new Map<number, number>();
  const d = canvas.data;
  for (let i = 0; i < d.length; i += 4) {
    if ((d[i + 3] ?? 0) < OPAQUE) continue;
    const k = keyAt(d, i);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

function remap(canvas: Canvas, map: Map<number, number>): void {
  const d = canvas.data;
  for (let i = 0; i < d.length; i += 4) {
    if ((d[i + 3] ?? 0) < OPAQUE) continue;
    const to = map.get(keyAt(d, i));
    if (to !== undefined) put(d, i, to);
  }
}

/** At most `max` colours: near colours join the more common one, the rarest join their nearest kept colour. */
export function reduceColors(canvas: Canvas, max: number, near = 40): void {
  const kept: number[] = [];
  const map = new Map<number, number>();
  for (const [k] of histogram(canvas)) {
    let nearest = -1;
    let best = Infinity;
    for (const c of kept) {
      const dist = distance(k, c);
      if (dist < best) (best = dist), (nearest = c);
    }
    if (nearest >= 0 && (best < near || kept.length >= max)) map.set(k, nearest);
    else kept.push(k);
  }
  remap(canvas, map);
}

/** `k` colours by k-means over the opaque pixels (seeded by lightness quantiles: deterministic). */
export function quantize(canvas: Canvas, k: number): void {
  const d = canvas.data;
  const px: number[] = [];
  for (let i = 0; i < d.length; i += 4) if ((d[i + 3] ?? 0) >= OPAQUE) px.push(i);
  if (px.length === 0) return;
  const lum = (i: number): number => 0.3 * (d[i] ?? 0) + 0.59 * (d[i + 1] ?? 0) + 0.11 * (d[i + 2] ?? 0);
  const sorted = [...px].sort((a, b) => lum(a) - lum(b));
  let centres = Array.from({ length: k }, (_, j) => {
    const i = sorted[Math.min(sorted.length - 1, Math.floor(((j + 0.5) / k) * sorted.length))] ?? 0;
    return [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0];
  });
  const label = new Int32Array(px.length);
  for (let round = 0; round < 8; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    px.forEach((i, n) => {
      let best = 0;
      let bestD = Infinity;
      centres.forEach((c, j) => {
        const dr = (d[i] ?? 0) - (c[0] ?? 0);
        const dg = (d[i + 1] ?? 0) - (c[1] ?? 0);
        const db = (d[i + 2] ?? 0) - (c[2] ?? 0);
        const dist = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (dist < bestD) (bestD = dist), (best = j);
      });
      label[n] = best;
      const s = sums[best]!;
      s[0]! += d[i] ?? 0;
      s[1]! += d[i + 1] ?? 0;
      s[2]! += d[i + 2] ?? 0;
      s[3]! += 1;
    });
    centres = centres.map((c, j) => {
      const s = sums[j]!;
      return s[3]! > 0 ? [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] : c;
    });
  }
  const keys = centres.map((c) => (Math.round(c[0]!) << 16) | (Math.round(c[1]!) << 8) | Math.round(c[2]!));
  for (const [n, i] of px.entries()) put(d, i, keys[label[n]!]!, 255);
}

/** The 8 neighbours' offsets (dx, dy); the first four are the 4-neighbours. */
const AROUND = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
] as const;

/** The index of (x+dx, y+dy), wrapping around the edges when `wrap`, -1 outside. */
function at(canvas: Canvas, x: number, y: number, dx: number, dy: number, wrap: boolean): number {
  let nx = x + dx;
  let ny = y + dy;
  if (wrap) {
    nx = (nx + canvas.width) % canvas.width;
    ny = (ny + canvas.height) % canvas.height;
  } else if (nx < 0 || ny < 0 || nx >= canvas.width || ny >= canvas.height) return -1;
  return (ny * canvas.width + nx) * 4;
}

/** An opaque pixel none of whose 8 neighbours has its colour. */
function isolated(canvas: Canvas, x: number, y: number, wrap: boolean): boolean {
  const d = canvas.data;
  const i = (y * canvas.width + x) * 4;
  if ((d[i + 3] ?? 0) < OPAQUE) return false;
  const k = keyAt(d, i);
  for (const [dx, dy] of AROUND) {
    const j = at(canvas, x, y, dx, dy, wrap);
    if (j >= 0 && (d[j + 3] ?? 0) >= OPAQUE && keyAt(d, j) === k) return false;
  }
  return true;
}

/** Stray single pixels take the colour most of their opaque 4-neighbours have (`wrap`: a seamless tile). */
export function despeckle(canvas: Canvas, wrap: boolean, passes = 2): void {
  const d = canvas.data;
  for (let pass = 0; pass < passes; pass++) {
    const changes: [number, number][] = [];
    for (let y = 0; y < canvas.height; y++) {
      for (let x = 0; x < canvas.width; x++) {
        if (!isolated(canvas, x, y, wrap)) continue;
        const counts = new Map<number, number>();
        for (const [dx, dy] of AROUND.slice(0, 4)) {
          const j = at(canvas, x, y, dx, dy, wrap);
          if (j >= 0 && (d[j + 3] ?? 0) >= OPAQUE) counts.set(keyAt(d, j), (counts.get(keyAt(d, j)) ?? 0) + 1);
        }
        let best = -1;
        let bestCount = 1;
        for (const [k, c] of counts) if (c > bestCount || (c === bestCount && best >= 0 && k < best)) (best = k), (bestCount = c);
        if (best >= 0) changes.push([(y * canvas.width + x) * 4, best]);
      }
    }
    if (changes.length === 0) return;
    for (const [i, k] of changes) put(d, i, k);
  }
}

/**
 * The sprites' shading on flat clusters, light from the top left: a pixel whose right or lower neighbour is
 * outside the silhouette turns one step darker, else one whose upper or left neighbour is outside one step
 * lighter (only where the shape is at least three pixels across, so that thin parts keep their colour).
 */
export function shadeEdges(canvas: Canvas, dark = -0.2, light = 0.14): void {
  const d = canvas.data;
  const w = canvas.width;
  const h = canvas.height;
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && (d[(y * w + x) * 4 + 3] ?? 0) >= OPAQUE;
  const cache = new Map<string, number>();
  const step = (k: number, amount: number): number => {
    const id = `${k}:${amount}`;
    let v = cache.get(id);
    if (v === undefined) {
      const c = shade(rgbOf(k), amount);
      v = (Math.round(c.r) << 16) | (Math.round(c.g) << 8) | Math.round(c.b);
      cache.set(id, v);
    }
    return v;
  };
  const changes: [number, number][] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inside(x, y)) continue;
      const i = (y * w + x) * 4;
      const wide = inside(x - 1, y) || inside(x + 1, y);
      const tall = inside(x, y - 1) || inside(x, y + 1);
      if (!wide || !tall) continue;
      if ((!inside(x + 1, y) && inside(x - 2, y)) || (!inside(x, y + 1) && inside(x, y - 2))) changes.push([i, step(keyAt(d, i), dark)]);
      else if ((!inside(x - 1, y) && inside(x + 2, y)) || (!inside(x, y - 1) && inside(x, y + 2))) changes.push([i, step(keyAt(d, i), light)]);
    }
  }
  for (const [i, k] of changes) put(d, i, k);
}

/** A one-pixel outline of `color` around the silhouette (transparent pixels beside an opaque 4-neighbour). */
export function outline(canvas: Canvas, color: Rgb): void {
  const d = canvas.data;
  const w = canvas.width;
  const h = canvas.height;
  const key = (Math.round(color.r) << 16) | (Math.round(color.g) << 8) | Math.round(color.b);
  const opaque = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && (d[(y * w + x) * 4 + 3] ?? 0) >= OPAQUE;
  const ring: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (opaque(x, y)) continue;
      if (opaque(x - 1, y) || opaque(x + 1, y) || opaque(x, y - 1) || opaque(x, y + 1)) ring.push((y * w + x) * 4);
    }
  }
  for (const i of ring) put(d, i, key);
}

/** Pixels below half opacity become fully transparent, the rest fully opaque (binary alpha). */
export function hardAlpha(canvas: Canvas): void {
  const d = canvas.data;
  for (let i = 3; i < d.length; i += 4) d[i] = (d[i] ?? 0) >= OPAQUE ? 255 : 0;
}

/** Draws `top` over `bottom` where `top` is opaque (same size). */
export function overlay(bottom: Canvas, top: Canvas): void {
  const t = top.data;
  for (let i = 0; i < t.length; i += 4) if ((t[i + 3] ?? 0) >= OPAQUE) bottom.data.set(t.subarray(i, i + 4), i);
}

/** How many distinct colours the opaque pixels have. */
export function colorCount(rgba: Uint8Array): number {
  const seen = new Set<number>();
  for (let i = 0; i < rgba.length; i += 4) if ((rgba[i + 3] ?? 0) >= OPAQUE) seen.add(keyAt(rgba, i));
  return seen.size;
}

/** The share of opaque pixels none of whose 8 neighbours has their colour (`wrap`: neighbours across the edges). */
export function isolatedShare(rgba: Uint8Array, width: number, height: number, wrap = false): number {
  const canvas = new Canvas(width, height);
  canvas.data.set(rgba);
  let opaque = 0;
  let alone = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) < OPAQUE) continue;
      opaque++;
      if (isolated(canvas, x, y, wrap)) alone++;
    }
  }
  return opaque === 0 ? 0 : alone / opaque;
}
