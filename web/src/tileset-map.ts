/**
 * A sample map painted with a tileset by its layout's own rule, for the result's preview.
 *
 * This mirrors src/agents/tileset-map.ts (paintRandomMap) and the blob mask reduction of
 * src/agents/tileset-layout.ts line for line: the web build only watches web/ for staleness, so the
 * client keeps its own copy, and src/agents/tileset-map.test.ts checks both paint the same maps.
 * Change one, change the other.
 */

/** The layout fields the painter reads (a tileset's `layout`, contract section 12). */
export interface PaintableLayout {
  layout: string;
  terrains: readonly string[];
  tiles: readonly {
    index: number;
    corners?: { nw: number | null; ne: number | null; se: number | null; sw: number | null } | null;
    edges?: { n: number | null; e: number | null; s: number | null; w: number | null } | null;
    mask?: number | null;
    terrain?: number | null;
  }[];
}

/** `cells[row][column]` is a tile's `index`, or -1 for no tile (a one-terrain set's background). */
export interface PaintedMap {
  columns: number;
  rows: number;
  cells: number[][];
}

/** N, NE, E, SE, S, SW, W, NW. */
const BLOB_BITS = { n: 1, ne: 2, e: 4, se: 8, s: 16, sw: 32, w: 64, nw: 128 } as const;

/** A raw 8-neighbour mask with each corner dropped unless both its edges are set. */
function reduceBlobMask(raw: number): number {
  const { n, ne, e, se, s, sw, w, nw } = BLOB_BITS;
  let mask = raw & (n | e | s | w);
  if (raw & ne && raw & n && raw & e) mask |= ne;
  if (raw & se && raw & s && raw & e) mask |= se;
  if (raw & sw && raw & s && raw & w) mask |= sw;
  if (raw & nw && raw & n && raw & w) mask |= nw;
  return mask;
}

/** mulberry32: a small deterministic generator (the same map for the same seed everywhere). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True where the foreground is, at (x, y) in cell units, on a field of about `scale` cells per feature. */
function field(seed: number, width: number, height: number, scale = 4): (x: number, y: number) => boolean {
  const next = random(seed);
  const gw = Math.ceil(width / scale) + 2;
  const gh = Math.ceil(height / scale) + 2;
  const grid = Array.from({ length: gw * gh }, () => next());
  const at = (i: number, j: number) => grid[Math.min(gh - 1, Math.max(0, j)) * gw + Math.min(gw - 1, Math.max(0, i))]!;
  return (x, y) => {
    const gx = x / scale;
    const gy = y / scale;
    const i = Math.floor(gx);
    const j = Math.floor(gy);
    const fx = gx - i;
    const fy = gy - j;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const top = at(i, j) * (1 - sx) + at(i + 1, j) * sx;
    const bottom = at(i, j + 1) * (1 - sx) + at(i + 1, j + 1) * sx;
    return top * (1 - sy) + bottom * sy > 0.5;
  };
}

export function paintRandomMap(layout: PaintableLayout, columns: number, rows: number, seed: number): PaintedMap {
  const fg = field(seed, columns + 1, rows + 1);
  const byKey = new Map<string, number>();
  for (const tile of layout.tiles) {
    const key = tile.corners
      ? `${tile.corners.nw},${tile.corners.ne},${tile.corners.se},${tile.corners.sw}`
      : tile.edges
        ? `${tile.edges.n},${tile.edges.e},${tile.edges.s},${tile.edges.w}`
        : `${tile.terrain},${tile.mask}`;
    byKey.set(key, tile.index);
  }
  const background = layout.terrains.length > 1 ? 1 : null;
  // String(): a join would write transparency (null) as "", and the tiles' keys above spell it "null"
  const terrain = (on: boolean) => String(on ? 0 : background);
  const find = (key: string) => byKey.get(key) ?? -1;
  const cells: number[][] = [];
  for (let j = 0; j < rows; j++) {
    const row: number[] = [];
    for (let i = 0; i < columns; i++) {
      if (layout.layout === "wang-corner-16") {
        row.push(find([fg(i, j), fg(i + 1, j), fg(i + 1, j + 1), fg(i, j + 1)].map(terrain).join(",")));
      } else if (layout.layout === "wang-edge-16") {
        // each edge's terrain from the field at its midpoint: neighbouring cells share it
        row.push(find([fg(i + 0.5, j), fg(i + 1, j + 0.5), fg(i + 0.5, j + 1), fg(i, j + 0.5)].map(terrain).join(",")));
      } else {
        const on = (x: number, y: number) => (x < 0 || y < 0 || x >= columns || y >= rows ? fg(i + 0.5, j + 0.5) : fg(x + 0.5, y + 0.5));
        if (!on(i, j)) {
          row.push(background === null ? -1 : find(`${background},255`));
          continue;
        }
        const { n, ne, e, se, s, sw, w, nw } = BLOB_BITS;
        const raw =
          (on(i, j - 1) ? n : 0) |
          (on(i + 1, j - 1) ? ne : 0) |
          (on(i + 1, j) ? e : 0) |
          (on(i + 1, j + 1) ? se : 0) |
          (on(i, j + 1) ? s : 0) |
          (on(i - 1, j + 1) ? sw : 0) |
          (on(i - 1, j) ? w : 0) |
          (on(i - 1, j - 1) ? nw : 0);
        row.push(find(`0,${reduceBlobMask(raw)}`));
      }
    }
    cells.push(row);
  }
  return { columns, rows, cells };
}
