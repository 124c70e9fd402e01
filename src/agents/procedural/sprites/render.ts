/**
 * Renders a sprite grid drawn at the output resolution (64 and 128 cells, one cell per pixel):
 * five-step shading lit from the top left (each part shaded as a volume of its own, blended with
 * the volume of the whole figure), ordered dithering between the steps, darker lines where two
 * parts meet, the builders' tone marks (seams, scales, bubbles), a one-pixel outline, and on an
 * opaque background a soft drop shadow and the glow halo.
 */
import { fromHsl, mix, shade, toHsl, type Rgb } from "../kit/color.js";
import { Canvas } from "../kit/raster.js";
import { M, type SpriteGrid } from "./grid.js";

/** Materials drawn in one flat colour (no shading, no inner lines). */
const FLAT_DETAILED = new Set<number>([M.EYE, M.DARK, M.SHINE, M.LINE]);

/** 4x4 ordered-dither thresholds, 0..15. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

export interface DetailedOptions {
  /** Five colours per material, darkest first. */
  ramps: Rgb[][];
  outline: Rgb;
  /** No shading ("flat"). */
  flat: boolean;
  /** Draw the one-pixel outline (false for "no outline"). */
  outlined: boolean;
  /** Opaque background: its colour, the drop shadow's, and the glow halo's when glowing. */
  background?: { bg: Rgb; shadow: Rgb; halo?: Rgb };
}

/** FLAT_DETAILED as a table by material id (cells hold ids below 256). */
const FLAT_TABLE = new Uint8Array(256);
for (const m of FLAT_DETAILED) FLAT_TABLE[m] = 1;

/**
 * Run lengths: for each cell, how many cells of the same class continue left/right/up/down of it.
 * Two neighbouring cells are of one class when both are filled and, `byPart`, of one material (a
 * flat detail joins any part). Returns [left, right, up, down] arrays.
 */
function runs(g: SpriteGrid, byPart: boolean): Int16Array[] {
  const { n, cells } = g;
  // joinsLeft[k]: cell k and the one left of it are of one class; joinsUp[k]: and the one above
  const joinsLeft = new Uint8Array(n * n);
  const joinsUp = new Uint8Array(n * n);
  for (let k = 0; k < n * n; k++) {
    const a = cells[k]!;
    if (a === M.EMPTY) continue;
    const flat = FLAT_TABLE[a] === 1;
    if (k % n > 0) {
      const b = cells[k - 1]!;
      if (b !== M.EMPTY && (!byPart || a === b || flat || FLAT_TABLE[b] === 1)) joinsLeft[k] = 1;
    }
    if (k >= n) {
      const b = cells[k - n]!;
      if (b !== M.EMPTY && (!byPart || a === b || flat || FLAT_TABLE[b] === 1)) joinsUp[k] = 1;
    }
  }
  const left = new Int16Array(n * n);
  const right = new Int16Array(n * n);
  const up = new Int16Array(n * n);
  const down = new Int16Array(n * n);
  for (let j = 0; j < n; j++) {
    const row = j * n;
    for (let k = row + 1; k < row + n; k++) if (joinsLeft[k]) left[k] = left[k - 1]! + 1;
    for (let k = row + n - 2; k >= row; k--) if (joinsLeft[k + 1]) right[k] = right[k + 1]! + 1;
  }
  for (let k = n; k < n * n; k++) if (joinsUp[k]) up[k] = up[k - n]! + 1;
  for (let k = n * n - n - 1; k >= 0; k--) if (joinsUp[k + n]) down[k] = down[k + n]! + 1;
  return [left, right, up, down];
}

/** -1 (in shadow) .. 1 (lit) from the distances to the region's edges, light from the top left. */
function light(k: number, r: Int16Array[]): number {
  const [left, right, up, down] = r as [Int16Array, Int16Array, Int16Array, Int16Array];
  const l = left[k] ?? 0;
  const rr = right[k] ?? 0;
  const u = up[k] ?? 0;
  const d = down[k] ?? 0;
  const lx = (rr - l) / (rr + l + 1);
  const ly = (d - u) / (d + u + 1);
  return 0.42 * lx + 0.58 * ly;
}

export function renderDetailed(g: SpriteGrid, options: DetailedOptions): Canvas {
  const { n } = g;
  const canvas = new Canvas(n, n);
  const { ramps, outline } = options;
  const px = g.px;

  let bottom = 0;
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) if (g.get(i, j)) bottom = j;

  if (options.background) {
    const { bg, shadow, halo } = options.background;
    canvas.fill(bg);
    // a flat elliptical shadow on the ground
    const rows = Math.max(2, Math.round(px * 1.5));
    const half = n * 0.3;
    for (let dj = 0; dj < rows; dj++) {
      const y = (dj + 0.5) / rows - 0.5;
      const w = half * Math.sqrt(Math.max(0, 1 - 4 * y * y));
      for (let i = Math.round(n / 2 - w); i < Math.round(n / 2 + w); i++) canvas.set(i, Math.min(n - 1, bottom + 1 + dj - Math.floor(rows / 3)), shadow);
    }
    if (halo) {
      // distance (in cells, 4-connected) from the sprite: two rings of halo
      const reach = 3 * px;
      const dist = new Int16Array(n * n).fill(32767);
      const queue: number[] = [];
      for (let k = 0; k < n * n; k++) if (g.cells[k]) (dist[k] = 0), queue.push(k);
      for (let q = 0; q < queue.length; q++) {
        const k = queue[q] as number;
        const dk = dist[k] as number;
        if (dk >= reach) continue;
        const i = k % n;
        for (const nk of [i > 0 ? k - 1 : -1, i < n - 1 ? k + 1 : -1, k - n, k + n]) {
          if (nk < 0 || nk >= n * n || (dist[nk] as number) <= dk + 1) continue;
          dist[nk] = dk + 1;
          queue.push(nk);
        }
      }
      const near = mix(bg, halo, 0.45);
      const far = mix(bg, halo, 0.22);
      for (let k = 0; k < n * n; k++) {
        const dk = dist[k] as number;
        if (dk > 0 && dk <= reach) canvas.set(k % n, Math.floor(k / n), dk <= reach * 0.55 ? near : far);
      }
    }
  }

  // details (eyes, mouths, glints) do not interrupt the volume of the part they sit on
  const part = runs(g, true);
  const figure = runs(g, false);
  const body = (m: number): boolean => m !== M.EMPTY && FLAT_TABLE[m] !== 1;

  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const m = g.get(i, j);
      const k = j * n + i;
      if (m === M.EMPTY) {
        if (options.outlined && (g.get(i - 1, j) || g.get(i + 1, j) || g.get(i, j - 1) || g.get(i, j + 1))) canvas.set(i, j, outline);
        continue;
      }
      const ramp = ramps[m];
      if (!ramp) continue;
      if (FLAT_TABLE[m] === 1) {
        canvas.set(i, j, ramp[2] ?? outline);
        continue;
      }
      let level = 2;
      if (!options.flat) {
        const v = 0.62 * light(k, part) + 0.38 * light(k, figure);
        const dither = ((BAYER[(j % 4) * 4 + (i % 4)] ?? 0) / 15 - 0.5) * 0.12;
        const t = v + dither;
        level = t < -0.55 ? 0 : t < -0.18 ? 1 : t < 0.26 ? 2 : t < 0.62 ? 3 : 4;
        // the rim: shadowed along the bottom and right edges, lit along the top and left
        if (g.get(i, j + 1) === M.EMPTY || g.get(i + 1, j) === M.EMPTY) level = Math.min(level, 1);
        else if (g.get(i, j - 1) === M.EMPTY || g.get(i - 1, j) === M.EMPTY) level = Math.max(level, 3);
        // a darker line where this part meets another one below or to the right
        const below = g.get(i, j + 1);
        const after = g.get(i + 1, j);
        if ((body(below) && below !== m) || (body(after) && after !== m)) level = Math.min(level, 0);
      }
      level = Math.max(0, Math.min(4, level + g.toneAt(i, j)));
      canvas.set(i, j, ramp[level] ?? outline);
    }
  }
  return canvas;
}

/** The colours and styles a sprite's grids are painted with (the same for every frame of a sheet). */
export interface SpriteLook {
  /** Cells per side. */
  n: number;
  /** 64 and 128 px: five-tone dithered shading; else (16, 32, 48 px and retro) the three-tone path. */
  detailed: boolean;
  /** [dark, base, light] per material. */
  ramps: Rgb[][];
  /** Five steps per material, darkest first. */
  ramps5: Rgb[][];
  outline: Rgb;
  flat: boolean;
  outlined: boolean;
  glowing: boolean;
}

export function backgroundColors(primary: Rgb): { bg: Rgb; shadow: Rgb } {
  const hsl = toHsl(primary);
  const bg = fromHsl({ h: hsl.h + 180, s: 0.18, l: 0.24 });
  return { bg, shadow: shade(bg, -0.35) };
}

/** Empty cells next to the sprite (4-neighbourhood): the 1-cell outline. */
function outlineCells(g: SpriteGrid): Uint8Array {
  const { n } = g;
  const out = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (g.get(i, j) !== M.EMPTY) continue;
      if (g.get(i - 1, j) || g.get(i + 1, j) || g.get(i, j - 1) || g.get(i, j + 1)) out[j * n + i] = 1;
    }
  }
  return out;
}

/** Colours one grid (border already clear) into an n×n canvas: either render path, with the opaque background unless `transparent`. */
export function paintSprite(grid: SpriteGrid, look: SpriteLook, transparent: boolean): Canvas {
  const { n, ramps, outline } = look;
  if (look.detailed) {
    const background = transparent ? undefined : backgroundColors(ramps[M.BODY]?.[1] ?? outline);
    return renderDetailed(grid, {
      ramps: look.ramps5,
      outline,
      flat: look.flat,
      outlined: look.outlined,
      ...(background ? { background: { ...background, ...(look.glowing ? { halo: ramps[M.BODY]?.[2] ?? background.bg } : {}) } } : {}),
    });
  }
  const edges = look.outlined ? outlineCells(grid) : new Uint8Array(n * n);
  const small = new Canvas(n, n);
  if (!transparent) {
    const { bg, shadow } = backgroundColors(ramps[M.BODY]?.[1] ?? outline);
    small.fill(bg);
    let bottom = 0;
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) if (grid.get(i, j)) bottom = j;
    for (let i = Math.round(n * 0.2); i < Math.round(n * 0.8); i++) small.set(i, Math.min(n - 1, bottom + 1), shadow);
    if (look.glowing) {
      const halo = mix(bg, ramps[M.BODY]?.[2] ?? bg, 0.45);
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          let near = false;
          for (let dj = -2; dj <= 2 && !near; dj++) {
            for (let di = -2; di <= 2 && !near; di++) near = Math.abs(di) + Math.abs(dj) <= 3 && grid.get(i + di, j + dj) !== M.EMPTY;
          }
          if (near) small.set(i, j, halo);
        }
      }
    }
  }
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const m = grid.get(i, j);
      if (m === M.EMPTY) {
        if (edges[j * n + i]) small.set(i, j, outline);
        continue;
      }
      let level = 1;
      if (!look.flat) {
        if (grid.get(i, j + 1) === M.EMPTY || grid.get(i + 1, j) === M.EMPTY) level = 0;
        else if (grid.get(i, j - 1) === M.EMPTY || grid.get(i - 1, j) === M.EMPTY) level = 2;
      }
      small.set(i, j, ramps[m]?.[level] ?? outline);
    }
  }
  return small;
}
