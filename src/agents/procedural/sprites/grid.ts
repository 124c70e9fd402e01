/**
 * A logical grid (16 to 128 cells a side, one cell per output pixel) that sprite builders draw into with shapes in
 * normalised coordinates (0..1 across the grid). Each cell holds a material id; 0 is empty.
 * Builders draw the left half (or centred shapes), then `mirror()` makes the mask symmetric;
 * `paint*` calls only recolour filled cells, so details added after mirroring keep it symmetric.
 */
import type { Rgb } from "../kit/color.js";
import type { Point } from "../kit/geometry.js";
import type { Random } from "../kit/random.js";

/** Material ids; the sprite palette maps each to a colour ramp. */
export const M = {
  EMPTY: 0,
  BODY: 1,
  BELLY: 2,
  ACCENT: 3,
  EYE: 4,
  DARK: 5,
  METAL: 6,
  SKIN: 7,
  WOOD: 8,
  SHINE: 9,
  GLOW: 10,
  HAIR: 11,
  GLASS: 12,
  WING: 13,
  CLOTH: 14,
  /** Drawn in the outline colour: separates a held item from the body it overlaps. */
  LINE: 15,
  /** Flames (torches, fireballs): orange, with a yellow core. */
  FIRE: 16,
  EMBER: 17,
  /** The liquid of a held potion. */
  LIQUID: 18,
} as const;
export type Material = (typeof M)[keyof typeof M];
export const MATERIAL_COUNT = 19;

/**
 * "set" fills cells, "paint" recolours filled cells only, "erase" empties cells; "darken" and
 * "lighten" shift the shading level of filled cells (of material `m`, or of any material when
 * `m` is EMPTY) without recolouring them: seams, scales and bubbles on 64- and 128-cell grids.
 */
export type Mode = "set" | "paint" | "erase" | "darken" | "lighten";

export class SpriteGrid {
  readonly cells: Uint8Array;
  /** Per-cell shading offset (-2..2) added to the renderer's light level; reset when a cell is redrawn. */
  readonly tone: Int8Array;

  constructor(readonly n: number) {
    this.cells = new Uint8Array(n * n);
    this.tone = new Int8Array(n * n);
  }

  toneAt(i: number, j: number): number {
    if (i < 0 || j < 0 || i >= this.n || j >= this.n) return 0;
    return this.tone[j * this.n + i] ?? 0;
  }

  get(i: number, j: number): number {
    if (i < 0 || j < 0 || i >= this.n || j >= this.n) return M.EMPTY;
    return this.cells[j * this.n + i] ?? M.EMPTY;
  }

  setCell(i: number, j: number, m: number, tone = 0): void {
    if (i < 0 || j < 0 || i >= this.n || j >= this.n) return;
    this.cells[j * this.n + i] = m;
    this.tone[j * this.n + i] = tone;
  }

  /**
   * Applies `m` to every cell whose centre satisfies `inside`; returns how many cells matched.
   * Only the cells of the box [x0, x1] × [y0, y1] (normalised, widened by a cell each side) are
   * tested: the shapes lie inside their box, and each cell's outcome depends on that cell alone.
   */
  private region(inside: (x: number, y: number) => boolean, m: number, mode: Mode, fallback: Point, x0: number, x1: number, y0: number, y1: number): number {
    const { n } = this;
    let hits = 0;
    const i0 = Math.max(0, Math.floor(x0 * n) - 1);
    const i1 = Math.min(n - 1, Math.ceil(x1 * n) + 1);
    const j0 = Math.max(0, Math.floor(y0 * n) - 1);
    const j1 = Math.min(n - 1, Math.ceil(y1 * n) + 1);
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        if (!inside((i + 0.5) / n, (j + 0.5) / n)) continue;
        hits++;
        this.apply(i, j, m, mode);
      }
    }
    if (hits === 0) this.apply(Math.floor(fallback[0] * n), Math.floor(fallback[1] * n), m, mode);
    return hits;
  }

  /** Applies `m` to one cell with the given mode (see Mode). */
  apply(i: number, j: number, m: number, mode: Mode): void {
    if (mode === "darken" || mode === "lighten") {
      const cell = this.get(i, j);
      if (cell === M.EMPTY || (m !== M.EMPTY && cell !== m)) return;
      const k = j * this.n + i;
      this.tone[k] = Math.max(-2, Math.min(2, (this.tone[k] ?? 0) + (mode === "darken" ? -1 : 1)));
      return;
    }
    if (mode === "paint" && this.get(i, j) === M.EMPTY) return;
    this.setCell(i, j, mode === "erase" ? M.EMPTY : m);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, m: number, mode: Mode = "set"): this {
    const ax = Math.abs(rx);
    const ay = Math.abs(ry);
    this.region((x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1, m, mode, [cx, cy], cx - ax, cx + ax, cy - ay, cy + ay);
    return this;
  }

  rect(x0: number, y0: number, x1: number, y1: number, m: number, mode: Mode = "set"): this {
    this.region((x, y) => x >= x0 && x < x1 && y >= y0 && y < y1, m, mode, [(x0 + x1) / 2, (y0 + y1) / 2], x0, x1, y0, y1);
    return this;
  }

  poly(points: readonly Point[], m: number, mode: Mode = "set"): this {
    const inside = (x: number, y: number): boolean => {
      let odd = false;
      for (let a = 0, b = points.length - 1; a < points.length; b = a++) {
        const [xa, ya] = points[a] as Point;
        const [xb, yb] = points[b] as Point;
        if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) odd = !odd;
      }
      return odd;
    };
    const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
    const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.region(inside, m, mode, [cx, cy], Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys));
    return this;
  }

  /** A line of cells (Bresenham) with the given thickness in cells. */
  line(x0: number, y0: number, x1: number, y1: number, m: number, thickness = 1, mode: Mode = "set"): this {
    const { n } = this;
    let i = Math.floor(x0 * n);
    let j = Math.floor(y0 * n);
    const i1 = Math.floor(x1 * n);
    const j1 = Math.floor(y1 * n);
    const di = Math.abs(i1 - i);
    const dj = -Math.abs(j1 - j);
    const si = i < i1 ? 1 : -1;
    const sj = j < j1 ? 1 : -1;
    let err = di + dj;
    for (;;) {
      for (let a = 0; a < thickness; a++) for (let b = 0; b < thickness; b++) this.apply(i + a, j + b, m, mode);
      if (i === i1 && j === j1) break;
      const e2 = 2 * err;
      if (e2 >= dj) {
        err += dj;
        i += si;
      }
      if (e2 <= di) {
        err += di;
        j += sj;
      }
    }
    return this;
  }

  /** One cell (or a size x size block) at a normalised position. */
  dot(x: number, y: number, m: number, size = 1, mode: Mode = "set"): this {
    const i = Math.floor(x * this.n);
    const j = Math.floor(y * this.n);
    for (let a = 0; a < size; a++) for (let b = 0; b < size; b++) this.apply(i + a, j + b, m, mode);
    return this;
  }

  /** Copies the left half onto the right half, making the mask mirror-symmetric. */
  mirror(): this {
    const { n } = this;
    for (let j = 0; j < n; j++) for (let i = 0; i < n / 2; i++) this.setCell(n - 1 - i, j, this.get(i, j), this.toneAt(i, j));
    return this;
  }

  /** Empties the outermost ring of cells so the outline always fits. */
  clearBorder(): this {
    const { n } = this;
    for (let k = 0; k < n; k++) {
      this.setCell(k, 0, M.EMPTY);
      this.setCell(k, n - 1, M.EMPTY);
      this.setCell(0, k, M.EMPTY);
      this.setCell(n - 1, k, M.EMPTY);
    }
    return this;
  }

  /** Size of one cell in normalised units. */
  get cell(): number {
    return 1 / this.n;
  }

  /**
   * True on grids drawn at the output resolution (64 and 128 cells): builders add the details a
   * 32-cell design has no room for (pupils, rivets, buckles, seams).
   */
  get hires(): boolean {
    return this.n >= 64;
  }

  /** Cells per design pixel (a cell of the 32x32 design): 1 on 16, 32 and 48 grids, 2 on 64, 4 on 128. */
  get px(): number {
    return this.n >= 64 ? Math.round(this.n / 32) : 1;
  }

  /** One design pixel in normalised units: the cell on 16 and 32 grids, 1/32 on larger ones. */
  get u(): number {
    return Math.max(this.cell, 1 / 32);
  }

  /** Paints a disc of radius r (normalised, at least half a cell) at (x, y) and at its mirror image. */
  mirroredDisc(x: number, y: number, r: number, m: number, mode: Mode = "paint"): this {
    const radius = Math.max(r, this.cell * 0.5);
    this.ellipse(x, y, radius, radius, m, mode);
    this.ellipse(1 - x, y, radius, radius, m, mode);
    return this;
  }
}

export interface SpriteTraits {
  cute: boolean;
  scary: boolean;
  /** Eyes closed ("sleeping"). */
  asleep?: boolean;
  /** Counted parts a creature's plan draws itself ("three-legged", "two-tailed", "winged", "three-armed"). */
  parts?: Partial<Record<"legs" | "tails" | "wings" | "arms", number>>;
  /** A body's form its plan draws: a serpent coiled, a fish puffed up. */
  form?: "coiled" | "inflated";
  /** How many of the creature stand together ("school of fish", "flock of crows"). */
  group?: number;
  /** A saddle on its back ("saddled horse", "saddled wyvern"). */
  saddled?: boolean;
}

/** A rectangle in normalised coordinates. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where a character can hold things: its image-left hand (the image-right one mirrors it). */
export interface SpriteAnchors {
  hand: Box;
  /** The outer edge of the image-left arm (normalised x). */
  armOuter: number;
  /** Top of the head (normalised y): held items stay clear of it. */
  headTop: number;
  /** Bottom of the head (normalised y): where the neck meets the shoulders. */
  neck?: number;
  /** The seed's pose: the items change hands (a left-handed figure). */
  swapHands?: boolean;
  /** The seed's pose: long items lean this far (radians, top outward) on 64- and 128-cell grids. */
  tilt?: number;
}

/**
 * Draws one kind of sprite. Colour names refer to COLOR_VALUES ("random" = pick per seed).
 * Characters return their anchors so the items named with them can be put in their hands.
 */
export interface SpriteBuilder {
  /** "character": a humanoid that holds items; "creature": an animal, monster or vehicle; "item": an object. */
  kind: "character" | "creature" | "item";
  primary: string;
  secondary: string;
  accent: string;
  /** Colour of SKIN cells when not the default skin tones. */
  skin?: string;
  /** The expression styles ("cute", "scary") that change this design; default: both for figures, none for items. */
  reacts?: readonly ("cute" | "scary")[];
  /** Items this character carries when the prompt names none (an archer's bow). */
  defaultItems?: readonly string[];
  /** Drawn from the side: the generator does not mirror it. */
  asymmetric?: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: most builders return nothing; those with a held item return its anchors
  build(g: SpriteGrid, rng: Random, traits: SpriteTraits): SpriteAnchors | void;
  /** Adjusts the base colour of each material (indexed by material id) before the ramps are made. */
  tint?(base: Rgb[], rng: Random): void;
}

/** Paints a w x h block of cells at column i (and its mirror image), filled cells only. */
function mirroredBlock(g: SpriteGrid, i: number, j: number, w: number, h: number, m: number): void {
  for (let b = 0; b < h; b++) {
    for (let a = 0; a < w; a++) {
      for (const x of [i + a, g.n - 1 - (i + a)]) if (g.get(x, j + b) !== M.EMPTY) g.setCell(x, j + b, m);
    }
  }
}

/**
 * A symmetric pair of eyes centred on x = 0.5, `spread` apart (normalised), at height cy.
 * Scales with the grid: single dark cells on 16x16, white eyes with pupils on 32x32.
 */
export function drawEyes(g: SpriteGrid, cy: number, spread: number, traits: SpriteTraits, big = false): void {
  const n = g.n;
  const j = Math.floor(cy * n);
  const i = Math.min(n / 2 - 1, Math.floor((0.5 - spread / 2) * n));
  const iris = traits.scary ? M.GLOW : M.DARK;
  if (traits.asleep) {
    // closed lids: a short dark line, wider than an open eye
    const p = g.hires ? g.px : 1;
    const w = n <= 16 ? 2 : (big || traits.cute ? 3 : 2) * p;
    mirroredBlock(g, Math.min(i, n / 2 - w - 1), j + (n <= 16 ? 0 : p), w, Math.max(1, Math.round(p / 2)), M.DARK);
    return;
  }
  if (n <= 16) {
    mirroredBlock(g, i, j, 1, 1, iris);
    if (big || traits.cute) mirroredBlock(g, i, j - 1, 1, 1, M.EYE);
    return;
  }
  const size = big || traits.cute ? 3 : 2;
  if (g.hires) {
    drawDetailedEyes(g, i, j, size, traits);
    return;
  }
  const left = Math.min(i, n / 2 - size - 1);
  mirroredBlock(g, left, j - 1, size, size, traits.scary ? M.GLOW : M.EYE);
  mirroredBlock(g, left + size - 1, j - 1 + size - (size === 3 ? 2 : 1), 1, size === 3 ? 2 : 1, traits.scary ? M.DARK : iris);
  if (size === 3) mirroredBlock(g, left, j - 1, 1, 1, M.SHINE);
  if (traits.scary) mirroredBlock(g, left - 1, j - 2, size, 1, M.DARK);
}

/**
 * Eyes at the output resolution (64 and 128 cells): a rounded white, a pupil looking inward with
 * a catchlight, a lid line (or, when scary, a slanted brow and a glowing white).
 */
function drawDetailedEyes(g: SpriteGrid, i: number, j: number, size: number, traits: SpriteTraits): void {
  const p = g.px;
  const s = size * p;
  const left = Math.min(i, g.n / 2 - s - p);
  const top = j - p;
  for (let b = 0; b < s; b++) {
    for (let a = 0; a < s; a++) {
      const corner = (a === 0 || a === s - 1) && (b === 0 || b === s - 1);
      if (!corner) mirroredBlock(g, left + a, top + b, 1, 1, traits.scary ? M.GLOW : M.EYE);
    }
  }
  const pw = Math.max(1, Math.round(s * 0.5));
  const ph = Math.max(1, Math.round(s * 0.62));
  const px0 = left + s - pw - (p >= 4 ? 1 : 0);
  const py0 = top + s - ph;
  mirroredBlock(g, px0, py0, pw, ph, traits.scary ? M.GLOW : M.DARK);
  if (traits.scary) mirroredBlock(g, px0 + Math.floor(pw / 3), py0, Math.max(1, Math.round(pw / 3)), ph, M.DARK);
  const shine = Math.max(1, Math.round(p / 2));
  if (!traits.scary) mirroredBlock(g, px0, py0, shine, shine, M.SHINE);
  if (traits.scary) {
    const t = Math.max(1, Math.round(p / 2));
    for (let a = -1; a <= s; a++) mirroredBlock(g, left + a, top - t - Math.round(((s - a) / s) * p * 0.9), 1, t, M.DARK);
  } else if (!traits.cute) {
    mirroredBlock(g, left + 1, top, s - 2, Math.max(1, Math.round(p / 2)), M.DARK);
  }
}
