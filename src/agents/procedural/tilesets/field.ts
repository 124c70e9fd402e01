/**
 * Where the foreground lies inside each tile of an autotile set: a per-pixel field F whose level
 * `threshold` is the boundary (F > threshold: foreground).
 *
 * Every tile has nine nodes on a half-tile grid (its corners, edge midpoints and centre), each 0
 * (background), 1 (foreground) or 0.5 (undecided). F interpolates the nodes bilinearly within each quarter
 * of the tile, so on a tile edge F depends only on the three nodes of that
 * edge. Neighbouring tiles share those nodes, so F is the same on both sides of every shared edge
 * and the boundary crosses it at the same point from both sides. The noise added to F is periodic
 * over the tile (the same for every tile), so it agrees across shared edges as well.
 *
 * - wang-corner-16: corners from the tile's corners, midpoints their mean, the centre their mean
 *   (a diagonal pair joins through the centre: the foreground connects).
 * - wang-edge-16: midpoints from the tile's edges; corners are shared by four tiles of which a tile
 *   knows two edges, so they stay undecided (0.5) and the noise fades out near them.
 * - blob-47: the usual sub-tile reading: centre = the tile's own terrain, midpoints = the edge bits,
 *   corners = the (reduced) corner bits.
 */
import type { TerrainRef, TileEntry, TilesetLayoutName } from "../../driver.js";
import type { PeriodicNoise } from "../kit/noise.js";
import { BLOB_BITS } from "../../tileset-layout.js";

/** Node values, row-major over the 3×3 half-tile grid (nw, n, ne, w, centre, e, sw, s, se). */
export type Nodes = readonly number[];

/** Per layout: where F crosses from background to foreground, and how strongly noise moves the boundary. */
export const FIELD_SETTINGS: Readonly<Record<TilesetLayoutName, { threshold: number; amplitude: number }>> = {
  "wang-corner-16": { threshold: 0.5, amplitude: 0.42 },
  "wang-edge-16": { threshold: 0.5, amplitude: 0.4 },
  "blob-47": { threshold: 0.42, amplitude: 0.5 },
};

const fg = (terrain: number | null | undefined): number => (terrain === 0 ? 1 : 0);

export function tileNodes(layout: TilesetLayoutName, tile: TileEntry): Nodes {
  if (layout === "wang-corner-16" && tile.corners) {
    const { nw, ne, se, sw } = tile.corners;
    const [a, b, c, d] = [fg(nw), fg(ne), fg(se), fg(sw)];
    const diagonal = a === c && b === d && a !== b;
    const centre = diagonal ? 0.62 : (a + b + c + d) / 4;
    return [a, (a + b) / 2, b, (a + d) / 2, centre, (b + c) / 2, d, (c + d) / 2, c];
  }
  if (layout === "wang-edge-16" && tile.edges) {
    const { n, e, s, w } = tile.edges;
    const [en, ee, es, ew] = [fg(n), fg(e), fg(s), fg(w)];
    const count = en + ee + es + ew;
    const centre = count >= 2 ? 1 : count === 1 ? 0.55 : 0;
    return [0.5, en, 0.5, ew, centre, ee, 0.5, es, 0.5];
  }
  const mask = tile.mask ?? 0;
  if (tile.terrain !== 0) return [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const bit = (b: number): number => (mask & b ? 1 : 0);
  const { n, ne, e, se, s, sw, w, nw } = BLOB_BITS;
  return [bit(nw), bit(n), bit(ne), bit(w), 1, bit(e), bit(sw), bit(s), bit(se)];
}

/**
 * The interpolation weights of the nine nodes at every pixel centre of a size×size tile:
 * weights[p * 9 + k], bilinear within each quarter of the tile (the four nodes around it). The same
 * for every tile, so computed once.
 */
export function nodeWeights(size: number): Float32Array {
  const weights = new Float32Array(size * size * 9);
  for (let y = 0; y < size; y++) {
    const gy = ((y + 0.5) / size) * 2;
    const j = Math.min(1, Math.floor(gy));
    const fy = gy - j;
    for (let x = 0; x < size; x++) {
      const gx = ((x + 0.5) / size) * 2;
      const i = Math.min(1, Math.floor(gx));
      const fx = gx - i;
      const p = (y * size + x) * 9;
      weights[p + j * 3 + i] = (1 - fx) * (1 - fy);
      weights[p + j * 3 + i + 1] = fx * (1 - fy);
      weights[p + (j + 1) * 3 + i] = (1 - fx) * fy;
      weights[p + (j + 1) * 3 + i + 1] = fx * fy;
    }
  }
  return weights;
}

/**
 * The noise added to F at every pixel: periodic over the tile (so it matches across every shared
 * edge), a broad wander plus finer ripples, faded to zero near the tile corners where a node is
 * undecided (edge sets) so the boundary passes between the pixels there and leaves no speck.
 */
export function boundaryNoise(size: number, noise: PeriodicNoise, amplitude: number, fadeAtCorners: boolean): Float32Array {
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5) / size;
    const dv = Math.min(v, 1 - v);
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const du = Math.min(u, 1 - u);
      // no finer than three waves a tile: finer noise pinches off thin spits and specks
      const broad = noise.fbm(u, v, 2, 2, 1);
      const fine = noise.fbm(u + 0.31, v + 0.57, 3, 3, 1);
      let value = (broad * 0.8 + fine * 0.35) * amplitude;
      if (fadeAtCorners) value *= Math.min(1, Math.hypot(du, dv) / 0.3) ** 2;
      out[y * size + x] = value;
    }
  }
  return out;
}

/**
 * Corners of an edge-set tile whose two edges agree (both foreground: +1, both background: -1).
 * A tile corner is undecided (0.5) for every tile; where a tile's own edges agree, F is pushed
 * toward their side near the corner, so a run of all-foreground (or all-background) tiles shows no
 * speck or rim at each corner. On the tile edges the push leaves F on the same side as the
 * neighbour's F (the edge's own value), so the terrains still agree there.
 */
export function quietCorners(layout: TilesetLayoutName, tile: TileEntry): Array<{ u: number; v: number; side: number }> {
  if (layout !== "wang-edge-16" || !tile.edges) return [];
  const { n, e, s, w } = tile.edges;
  const corners: Array<{ u: number; v: number; a: TerrainRef; b: TerrainRef }> = [
    { u: 0, v: 0, a: n, b: w },
    { u: 1, v: 0, a: n, b: e },
    { u: 1, v: 1, a: s, b: e },
    { u: 0, v: 1, a: s, b: w },
  ];
  return corners.filter((c) => c.a === c.b).map((c) => ({ u: c.u, v: c.v, side: c.a === 0 ? 1 : -1 }));
}

const QUIET_RADIUS = 0.35;
const QUIET_PUSH = 0.8;

/** F for one tile: the nodes interpolated, plus the noise (and the push near quiet corners). */
export function tileField(
  nodes: Nodes,
  weights: Float32Array,
  noise: Float32Array,
  quiet: ReadonlyArray<{ u: number; v: number; side: number }> = [],
): Float32Array {
  const count = noise.length;
  const size = Math.round(Math.sqrt(count));
  const field = new Float32Array(count);
  for (let p = 0; p < count; p++) {
    const q = p * 9;
    let m = 0;
    for (let k = 0; k < 9; k++) m += (weights[q + k] ?? 0) * (nodes[k] ?? 0);
    for (const c of quiet) {
      const r = Math.hypot(((p % size) + 0.5) / size - c.u, (Math.floor(p / size) + 0.5) / size - c.v) / QUIET_RADIUS;
      if (r < 1) m += c.side * QUIET_PUSH * (1 - r) * (1 - r);
    }
    field[p] = m + (noise[p] ?? 0);
  }
  return field;
}

/**
 * The signed distance to the boundary in pixels (positive inside the foreground), from F and its
 * gradient, and the gradient's direction (pointing into the foreground): dist[p], nx[p], ny[p].
 */
export function boundaryDistance(
  field: Float32Array,
  size: number,
  threshold: number,
  into?: { dist: Float32Array; nx: Float32Array; ny: Float32Array },
): { dist: Float32Array; nx: Float32Array; ny: Float32Array } {
  const n = size * size;
  const fits = into !== undefined && into.dist.length === n;
  const dist = fits ? into.dist : new Float32Array(n);
  const nx = fits ? into.nx : new Float32Array(n);
  const ny = fits ? into.ny : new Float32Array(n);
  for (let y = 0; y < size; y++) {
    const row = y * size;
    const up = (y > 0 ? y - 1 : y) * size;
    const down = (y < size - 1 ? y + 1 : y) * size;
    const dy = y > 0 && y < size - 1 ? 2 : 1;
    for (let x = 0; x < size; x++) {
      const x0 = x > 0 ? x - 1 : x;
      const x1 = x < size - 1 ? x + 1 : x;
      const gx = (field[row + x1]! - field[row + x0]!) / (x1 - x0);
      const gy = (field[down + x]! - field[up + x]!) / dy;
      const g = Math.hypot(gx, gy);
      const p = row + x;
      const f = field[p]! - threshold;
      // flat field (deep inside a terrain): far from any boundary
      if (g < 1e-6) {
        dist[p] = Math.sign(f) * 1e3;
        nx[p] = 0;
        ny[p] = 0;
      } else {
        dist[p] = f / g;
        nx[p] = gx / g;
        ny[p] = gy / g;
      }
    }
  }
  return { dist, nx, ny };
}
