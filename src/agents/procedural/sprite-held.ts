/**
 * Items a character holds: the secondary nouns of a prompt ("knight with a sword", "mage with a
 * staff", "warrior with a shield and an axe"). Each item is drawn upright beside the hand that
 * holds it, in a grid of its own, then laid over the character: where it covers the body a line
 * in the outline colour separates the two, and the fist is drawn again over the grip.
 *
 * Items are drawn in cells (not normalised units) so that a 16- or 32-cell sprite gets crisp
 * one-cell shafts and a 64- or 128-cell one proportionally wider ones with details.
 */
import { M, SpriteGrid, type Mode, type SpriteAnchors } from "./sprite-grid.js";
import { nearestKnown } from "./subjects.js";

/** Canonical subject words a character can hold, in the order they are listed to callers. */
export const HELD_ITEMS: readonly string[] = ["sword", "axe", "bow", "shield", "staff", "spear", "hammer", "flame", "potion"];

export type Hand = "main" | "off";

export interface HeldItem {
  item: string;
  /** "main": the image-left hand; "off": the image-right one. */
  hand: Hand;
}

/**
 * Puts the held items named in a prompt into hands, one item per hand: a shield goes to the off
 * hand, the others fill the main hand and then the off hand, in the prompt's order. Items that
 * find no free hand are left out (and reported as ignored).
 */
export function assignHands(items: readonly string[]): HeldItem[] {
  // an item without a drawing of its own is held as the nearest broader one ("dagger": a sword)
  const held = [...new Set(items.map((item) => nearestKnown(item, (s) => HELD_ITEMS.includes(s))).filter((s): s is string => s !== undefined))];
  const placed = new Map<string, Hand>();
  if (held.includes("shield")) placed.set("shield", "off");
  for (const item of held) {
    if (placed.has(item)) continue;
    const used = new Set(placed.values());
    if (!used.has("main")) placed.set(item, "main");
    else if (!used.has("off")) placed.set(item, "off");
  }
  return held.filter((item) => placed.has(item)).map((item) => ({ item, hand: placed.get(item) as Hand }));
}

/** Cell coordinates of the image-left hand and the column an upright item stands in. */
interface Layout {
  n: number;
  /** Cells per design pixel of a 32-cell sprite (0.5 on a 16-cell grid). */
  s: number;
  hires: boolean;
  /** First and last cell of the arm, first and last row of the hand. */
  armL: number;
  armR: number;
  handT: number;
  handB: number;
  /** The rightmost cell of an item's column (one design pixel outside the arm). */
  colR: number;
  anchors: SpriteAnchors;
}

/** A length of k design pixels in cells, at least one. */
const len = (l: Layout, k: number): number => Math.max(1, Math.round(k * l.s));

/** Applies `m` to the cells of an inclusive rectangle of cells. */
function box(g: SpriteGrid, i0: number, j0: number, i1: number, j1: number, m: number, mode: Mode = "set"): void {
  for (let j = Math.min(j0, j1); j <= Math.max(j0, j1); j++) {
    for (let i = Math.min(i0, i1); i <= Math.max(i0, i1); i++) if (i >= 0 && j >= 0 && i < g.n && j < g.n) g.apply(i, j, m, mode);
  }
}

interface Drawn {
  /** Columns [i0, i1] from the fist to the arm, drawn over the item on the hand's rows. */
  fist?: [number, number];
  /** Columns of the grip the fist closes over (the rest of `fist` is forearm). */
  grip?: [number, number];
}

interface ItemGrids {
  /** Parts that get a separating line where they cover the body. */
  item: SpriteGrid;
  /** Thin parts laid over without a line (a bowstring). */
  over: SpriteGrid;
}

type Drawer = (grids: ItemGrids, l: Layout, holder: string) => Drawn;

/** An upright column of `width` cells ending at `colR`: returns its first and last cell. */
function column(l: Layout, width: number): [number, number] {
  return [l.colR - width + 1, l.colR];
}

/** A fist that wraps the column [left, right] and a forearm that joins it to the arm. */
const fistOver = (l: Layout, left: number, right: number): Drawn => ({ fist: [left - (l.hires ? len(l, 0.5) : 0), l.armR], grip: [left, right] });

const sword: Drawer = ({ item: t }, l) => {
  const bw = l.n <= 16 ? 1 : len(l, 3);
  const [cl, cr] = column(l, bw);
  const gh = len(l, 1);
  const guardB = l.handT - 1;
  const guardT = guardB - gh + 1;
  const bladeB = guardT - 1;
  const bladeT = Math.max(2 + Math.ceil(bw / 2), bladeB - len(l, 12));
  box(t, cl, bladeT, cr, bladeB, M.METAL);
  for (let k = 1; k <= Math.ceil(bw / 2); k++) {
    const a = Math.min(cl + k, cl + Math.floor((bw - 1) / 2));
    const b = Math.max(cr - k, cr - Math.floor((bw - 1) / 2));
    box(t, a, bladeT - k, b, bladeT - k, M.METAL);
  }
  const ext = len(l, l.n <= 16 ? 2 : 2.5);
  box(t, cl - ext, guardT, cr + ext, guardB, M.ACCENT);
  const gw = l.n <= 16 ? 1 : Math.max(1, Math.round(l.s));
  const gl = cl + Math.floor((bw - gw) / 2);
  const gripB = l.handB + len(l, 1.5);
  box(t, gl, l.handT, gl + gw - 1, gripB, M.WOOD);
  const pe = l.hires ? len(l, 0.5) : 0;
  box(t, gl - pe, gripB + 1, gl + gw - 1 + pe, gripB + len(l, 1), M.ACCENT);
  if (l.hires) {
    // an edge highlight and a fuller down the blade, a gem in the guard
    box(t, cl, bladeT, cl + len(l, 0.5) - 1, bladeB, M.SHINE, "paint");
    box(t, gl, bladeT + len(l, 1), gl + gw - 1, bladeB - len(l, 1), M.METAL, "darken");
    box(t, gl, guardT, gl + gw - 1, guardB, M.GLOW, "paint");
    for (let j = l.handB + 1; j <= gripB; j += 2) box(t, gl, j, gl + gw - 1, j, M.WOOD, "darken");
  }
  return fistOver(l, gl, gl + gw - 1);
};

/** A wooden shaft from row `top` to row `bottom`, with darker rings on large grids. */
function shaft(t: SpriteGrid, l: Layout, width: number, top: number, bottom: number): [number, number] {
  const [cl, cr] = column(l, width);
  box(t, cl, top, cr, bottom, M.WOOD);
  if (l.hires) for (let j = top + len(l, 3); j < bottom - 1; j += len(l, 4)) box(t, cl, j, cr, j + Math.max(0, len(l, 0.5) - 1), M.WOOD, "darken");
  return [cl, cr];
}

const staff: Drawer = ({ item: t }, l, holder) => {
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 2);
  const top = Math.round(n * 0.17);
  const [cl, cr] = shaft(t, l, pw, top, Math.round(n * 0.93) - 1);
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(0.7 / n, 2.4 / 32);
  const cy = top / n - r * 0.85;
  // a claw of metal holding an orb (a glowing gem for a wizard, a knob of wood otherwise)
  box(t, cl - len(l, 1), top, cr + len(l, 1), top + len(l, 1) - 1, M.METAL);
  t.ellipse(cx, cy, r, r, holder === "wizard" ? M.GLOW : M.ACCENT);
  if (l.hires) {
    t.ellipse(cx - r * 0.35, cy - r * 0.35, r * 0.3, r * 0.3, M.SHINE, "paint");
    t.ellipse(cx, cy, r, r, M.EMPTY, "lighten");
    t.ellipse(cx + r * 0.25, cy + r * 0.25, r * 0.7, r * 0.7, M.EMPTY, "darken");
  }
  return fistOver(l, cl, cr);
};

const spear: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.2);
  const [cl, cr] = shaft(t, l, pw, top, Math.round(n * 0.93) - 1);
  const cx = (cl + cr + 1) / 2 / n;
  const d = 1 / 32;
  t.poly(
    [
      [cx, 0.04],
      [cx - 2.6 * d, 0.15],
      [cx, top / n + 0.01],
      [cx + 2.6 * d, 0.15],
    ],
    M.METAL,
  );
  box(t, cl - (l.hires ? len(l, 0.5) : 0), top, cr + (l.hires ? len(l, 0.5) : 0), top + len(l, 1) - 1, M.ACCENT);
  if (l.hires) t.line(cx, 0.06, cx, top / n, M.METAL, Math.max(1, Math.round(l.s / 2)), "darken");
  return fistOver(l, cl, cr);
};

const axe: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.28);
  const [cl, cr] = shaft(t, l, pw, top, l.handB + len(l, 3));
  box(t, cl, top - len(l, 1), cr, top, M.WOOD);
  if (l.n <= 16) {
    // no room outside a 16-cell figure: the blade faces inward, a spike outward
    box(t, cr + 1, top - 1, cr + 2, top + 1, M.METAL);
    box(t, cl - 1, top, cl - 1, top, M.METAL);
    return fistOver(l, cl, cr);
  }
  const cx = (cl + cr + 1) / 2 / n;
  const d = 1 / 32;
  const y = top / n;
  const out = 4.5;
  t.poly(
    [
      [cx, y + 0.01],
      [cx - out * 0.8 * d, y - 0.035],
      [cx - out * d, y + 0.05],
      [cx - out * 0.8 * d, y + 0.14],
      [cx, y + 0.1],
    ],
    M.METAL,
  );
  t.poly(
    [
      [cx, y + 0.03],
      [cx + 2.2 * d, y + 0.055],
      [cx, y + 0.08],
    ],
    M.METAL,
  );
  if (l.hires) {
    const edge = Math.ceil((cx - out * d) * n);
    for (let j = Math.round((y - 0.02) * n); j <= Math.round((y + 0.12) * n); j++) {
      let i = edge - 2;
      while (i < n && t.get(i, j) !== M.METAL) i++;
      if (i < n) box(t, i, j, i + len(l, 0.7) - 1, j, M.SHINE, "paint");
    }
  }
  return fistOver(l, cl, cr);
};

const hammer: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.3);
  const [cl, cr] = shaft(t, l, pw, top, l.handB + len(l, 3));
  const hw = len(l, 3);
  const headT = top - len(l, 4);
  box(t, cl - hw, headT, cr + hw, top + len(l, 1), M.METAL);
  if (l.hires) {
    box(t, cl - hw, headT, cl - hw + len(l, 1) - 1, top + len(l, 1), M.METAL, "darken");
    box(t, cr + hw - len(l, 1) + 1, headT, cr + hw, top + len(l, 1), M.METAL, "darken");
    box(t, cl - hw + len(l, 1), headT, cr + hw - len(l, 1), headT + len(l, 0.5) - 1, M.SHINE, "paint");
  }
  return fistOver(l, cl, cr);
};

const bow: Drawer = ({ item: t, over }, l) => {
  const n = l.n;
  const thick = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, thick);
  const mid = (l.handT + l.handB + 1) / 2 / n;
  const x0 = (cl + 0.5) / n;
  const reach = l.n <= 16 ? 2.5 / 16 : 4 / 32;
  const half = 0.25;
  const steps = 24;
  let prev: [number, number] | undefined;
  for (let k = 0; k <= steps; k++) {
    const s = -1 + (2 * k) / steps;
    const p: [number, number] = [x0 + reach * s * s, mid + half * s];
    if (prev) t.line(prev[0], prev[1], p[0], p[1], M.WOOD, thick);
    prev = p;
  }
  // tips, and the string from tip to tip
  const sx = x0 + reach;
  for (const ty of [mid - half, mid + half]) t.dot(sx - (thick - 1) / n / 2, ty - (thick - 1) / n / 2, M.ACCENT, thick);
  const si = Math.min(n - 1, Math.floor(sx * n) + Math.floor(thick / 2));
  box(over, si, Math.floor((mid - half) * n) + thick, si, Math.floor((mid + half) * n) - 1, M.EYE);
  if (l.hires) box(t, cl, l.handT - len(l, 1.5), cl + thick - 1, l.handB + len(l, 1.5), M.ACCENT);
  return fistOver(l, cl, cr);
};

const shield: Drawer = ({ item: t }, l) => {
  const d = 1 / 32;
  const cx = l.anchors.armOuter + 0.5 * d;
  const cy = l.handT / l.n - 2 * d;
  const w = 4.6 * d;
  const outline: [number, number][] = [
    [cx - w, cy - 5.5 * d],
    [cx + w, cy - 5.5 * d],
    [cx + w, cy + 1.5 * d],
    [cx, cy + 6.5 * d],
    [cx - w, cy + 1.5 * d],
  ];
  t.poly(outline, M.METAL);
  const inset = Math.max(1 / l.n, d);
  t.poly(
    [
      [cx - w + inset, cy - 5.5 * d + inset],
      [cx + w - inset, cy - 5.5 * d + inset],
      [cx + w - inset, cy + 1.5 * d],
      [cx, cy + 6.5 * d - inset * 1.6],
      [cx - w + inset, cy + 1.5 * d],
    ],
    M.ACCENT,
    "paint",
  );
  if (l.n > 16) {
    t.rect(cx - Math.max(0.5 / l.n, 0.75 * d), cy - 5.5 * d + inset, cx + Math.max(0.5 / l.n, 0.75 * d), cy + 6.5 * d - inset, M.BELLY, "paint");
    t.rect(cx - w + inset, cy - 2.6 * d, cx + w - inset, cy - 2.6 * d + Math.max(1 / l.n, 1.5 * d), M.BELLY, "paint");
  }
  if (l.hires) {
    t.ellipse(cx, cy - 1.85 * d, 1.3 * d, 1.3 * d, M.METAL, "paint");
    t.ellipse(cx - 0.4 * d, cy - 2.25 * d, 0.45 * d, 0.45 * d, M.SHINE, "paint");
    for (const [x, y] of [
      [cx - w + inset / 2, cy - 5 * d],
      [cx + w - inset / 2, cy - 5 * d],
      [cx - w + inset / 2, cy + d],
      [cx + w - inset / 2, cy + d],
    ] as const)
      t.ellipse(x, y, 0.3 * d, 0.3 * d, M.SHINE, "paint");
  }
  return {};
};

/** A teardrop flame: orange outside, yellow inside. */
function fire(t: SpriteGrid, l: Layout, cx: number, cy: number, r: number): void {
  t.ellipse(cx, cy, r, r, M.FIRE);
  t.poly(
    [
      [cx - r * 0.9, cy - r * 0.2],
      [cx + r * 0.15, cy - r * 2.6],
      [cx + r * 0.9, cy - r * 0.2],
    ],
    M.FIRE,
  );
  t.ellipse(cx, cy + r * 0.15, r * 0.55, r * 0.55, M.EMBER, "paint");
  t.poly(
    [
      [cx - r * 0.45, cy],
      [cx + r * 0.05, cy - r * 1.5],
      [cx + r * 0.45, cy],
    ],
    M.EMBER,
    "paint",
  );
  if (l.hires) t.ellipse(cx, cy + r * 0.25, r * 0.25, r * 0.25, M.SHINE, "paint");
}

const flame: Drawer = ({ item: t }, l, holder) => {
  const d = 1 / 32;
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2.3 * d);
  if (holder === "wizard") {
    // a fireball floating over the open hand
    fire(t, l, cx, l.handT / n - r - 1.5 * d, r * 1.1);
    return { fist: [cl, l.armR], grip: [cl, cr] };
  }
  const top = l.handT - len(l, 3);
  box(t, cl, top, cr, l.handB + len(l, 3), M.WOOD);
  box(t, cl - (l.hires ? len(l, 0.5) : 0), top, cr + (l.hires ? len(l, 0.5) : 0), top + len(l, 1) - 1, M.METAL);
  fire(t, l, cx, top / n - r * 0.8, r);
  return fistOver(l, cl, cr);
};

const potion: Drawer = ({ item: t }, l) => {
  const d = 1 / 32;
  const n = l.n;
  const nw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, nw);
  const cx = (cl + cr + 1) / 2 / n;
  box(t, cl, l.handT - len(l, 1.5), cr, l.handB + len(l, 1), M.GLASS);
  box(t, cl, l.handT - len(l, 3), cr, l.handT - len(l, 1.5) - 1, M.WOOD);
  const r = Math.max(1.2 / n, 2.8 * d);
  const cy = (l.handB + len(l, 1)) / n + r * 0.8;
  t.ellipse(cx, cy, r, r, M.GLASS);
  t.ellipse(cx, cy + Math.max(0, 1 / n - d * 0.2), r - Math.max(1 / n, d), r - Math.max(1 / n, d), M.LIQUID, "paint");
  t.rect(0, 0, 1, cy - r * 0.2, M.GLASS, "paint");
  if (l.hires) t.ellipse(cx - r * 0.4, cy - r * 0.35, r * 0.2, r * 0.25, M.SHINE, "paint");
  return fistOver(l, cl, cr);
};

const DRAWERS: Readonly<Record<string, Drawer>> = { sword, axe, bow, shield, staff, spear, hammer, flame, potion };

/** The first and last cell whose centre lies in [a, b) (the grid's rule, with its one-cell fallback). */
function cellsOf(n: number, a: number, b: number): [number, number] {
  const first = Math.ceil(a * n - 0.5);
  const last = Math.ceil(b * n - 0.5) - 1;
  if (last >= first) return [first, last];
  const mid = Math.floor(((a + b) / 2) * n);
  return [mid, mid];
}

/** Draws `item` in the `hand` of a character whose builder returned `anchors`. */
export function drawHeldItem(g: SpriteGrid, anchors: SpriteAnchors, held: HeldItem, holder: string): void {
  const drawer = DRAWERS[held.item];
  if (!drawer) return;
  const n = g.n;
  const [armL, armR] = cellsOf(n, anchors.hand.x0, anchors.hand.x1);
  const [handT, handB] = cellsOf(n, anchors.hand.y0, anchors.hand.y1);
  const s = n / 32;
  const layout: Layout = { n, s, hires: g.hires, armL, armR, handT, handB, colR: armL - Math.max(1, Math.round(s)) - 1, anchors };
  const grids: ItemGrids = { item: new SpriteGrid(n), over: new SpriteGrid(n) };
  const drawn = drawer(grids, layout, holder);
  const flip = held.hand === "off";
  const src = (i: number): number => (flip ? n - 1 - i : i);
  const isItem = (i: number, j: number): boolean => i >= 0 && i < n && grids.item.get(src(i), j) !== M.EMPTY;

  // the arm's own material (its sleeve), read above the hand before the item covers anything
  const sleeve = g.get(flip ? n - 1 - armL : armL, Math.max(0, handT - len(layout, 4))) || M.SKIN;
  const ring: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (isItem(i, j) || g.get(i, j) === M.EMPTY) continue;
      if (isItem(i - 1, j) || isItem(i + 1, j) || isItem(i, j - 1) || isItem(i, j + 1)) ring.push(j * n + i);
    }
  }
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const m = grids.item.get(src(i), j);
      if (m !== M.EMPTY) g.setCell(i, j, m, grids.item.toneAt(src(i), j));
    }
  }
  for (const k of ring) g.setCell(k % n, Math.floor(k / n), M.LINE);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const m = grids.over.get(src(i), j);
      if (m !== M.EMPTY) g.setCell(i, j, m);
    }
  }
  if (drawn.fist) {
    // the forearm reaches out from the arm (in its sleeve) and the fist closes over the grip
    const [f0, f1] = drawn.fist;
    const ext = layout.hires ? len(layout, 0.5) : 0;
    const grip = drawn.grip ?? [f0, f0];
    for (let j = handT; j <= handB; j++) {
      for (let i = f0; i <= f1; i++) {
        const x = flip ? n - 1 - i : i;
        const onGrip = i >= grip[0] - ext && i <= grip[1] + ext;
        const tone = layout.hires && j === handB ? -1 : layout.hires && j === handT ? 1 : 0;
        g.setCell(x, j, onGrip ? M.SKIN : sleeve, tone);
      }
    }
  }
}
