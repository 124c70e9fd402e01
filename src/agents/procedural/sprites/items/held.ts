/**
 * Items a character holds: the secondary nouns of a prompt ("knight with a sword", "mage with a
 * staff", "warrior with a shield and an axe"). Each item is drawn upright beside the hand that
 * holds it, in a grid of its own, then laid over the character: where it covers the body a line
 * in the outline colour separates the two, and the fist is drawn again over the grip.
 *
 * Items are drawn in cells (not normalised units) so that a 16- or 32-cell sprite gets crisp
 * one-cell shafts and a 64- or 128-cell one proportionally wider ones with details.
 */
import { M, SpriteGrid, type SpriteAnchors } from "../grid.js";
import type { Drawer, ItemGrids, Layout } from "./held-kit.js";
import { column, fistOver, len } from "./held-kit.js";
import { HELD_TOOLS } from "./held-tools.js";
import { HELD_WEAPONS } from "./held-weapons.js";
import { hashString, Random } from "../../kit/random.js";
import { rasterParts } from "./bridge.js";
import { nearestKnown } from "../../words/subjects/subjects.js";
import { GEAR_SUBJECTS } from "../../words/subjects/gear.js";
import { THING_SUBJECTS } from "../../words/subjects/things.js";
import { ICON_SHAPES } from "../../icons/index.js";

/** Canonical subject words a character can hold, in the order they are listed to callers. */
export const HELD_ITEMS: readonly string[] = ["sword", "axe", "bow", "shield", "staff", "spear", "hammer", "flame", "potion", ...Object.keys(HELD_TOOLS)];

/**
 * The item a character holds for a subject: the nearest one with a drawer of its own ("dagger":
 * a sword), else the thing itself, carried at the hand's side when the icon registry draws it
 * ("a witch with a broom", "a merchant with a backpack").
 */
export function holdAs(subject: string): string | undefined {
  return nearestKnown(subject, (s) => HELD_ITEMS.includes(s)) ?? (carriedDrawer(subject) ? subject : undefined);
}

export type Hand = "main" | "off";

export interface HeldItem {
  item: string;
  /** "main": the image-left hand; "off": the image-right one. */
  hand: Hand;
  /** An energy weapon ("plasma rifle", "laser sword"): its metal glows. */
  energy?: boolean;
}

/**
 * Puts the held items named in a prompt into hands, one item per hand: a shield goes to the off
 * hand, the others fill the main hand and then the off hand, in the prompt's order. Items that
 * find no free hand are left out (and reported as ignored).
 */
export function assignHands(items: readonly string[]): HeldItem[] {
  // an item without a drawing of its own is held as the nearest broader one ("dagger": a sword)
  const held = [...new Set(items.map(holdAs).filter((s): s is string => s !== undefined))];
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

const DRAWERS: Readonly<Record<string, Drawer>> = { ...HELD_WEAPONS, ...HELD_TOOLS };

/** The first and last cell whose centre lies in [a, b) (the grid's rule, with its one-cell fallback). */
function cellsOf(n: number, a: number, b: number): [number, number] {
  const first = Math.ceil(a * n - 0.5);
  const last = Math.ceil(b * n - 0.5) - 1;
  if (last >= first) return [first, last];
  const mid = Math.floor(((a + b) / 2) * n);
  return [mid, mid];
}

/** Long items that lean with the pose; shields, bows, potions and lanterns hang or face front. */
const TILTING = new Set(["sword", "axe", "spear", "staff", "hammer", "pickaxe", "pitchfork", "shovel", "scythe", "flame"]);

/** The grid turned by `angle` about (px, py) in cells (nearest cell; positive leans the top to the left). */
function tilted(src: SpriteGrid, angle: number, px: number, py: number): SpriteGrid {
  const n = src.n;
  const out = new SpriteGrid(n);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const dx = i + 0.5 - px;
      const dy = j + 0.5 - py;
      const si = Math.floor(px + cos * dx - sin * dy);
      const sj = Math.floor(py + sin * dx + cos * dy);
      const m = src.get(si, sj);
      if (m !== M.EMPTY) out.setCell(i, j, m, src.toneAt(si, sj));
    }
  }
  return out;
}

/** Draws `item` in the `hand` of a character whose builder returned `anchors`. */
const carried = new Map<string, Drawer | undefined>();

/**
 * A thing without a drawer of its own (gear and things only: no figure, no surface), drawn from
 * its icon shape at a third of the sprite's size and held by its top at the hand's side.
 */
function carriedDrawer(subject: string): Drawer | undefined {
  if (carried.has(subject)) return carried.get(subject);
  const shape = GEAR_SUBJECTS[subject] || THING_SUBJECTS[subject] ? ICON_SHAPES.get(subject) : undefined;
  const drawer: Drawer | undefined = shape
    ? ({ item: t }, l) => {
        const n = l.n;
        const k = Math.max(6, Math.round(n * 0.36));
        const thing = new SpriteGrid(k);
        rasterParts(thing, shape.build(new Random(hashString(`held ${subject}`)), false), 1);
        const [cl, cr] = column(l, Math.max(1, len(l, 1)));
        const left = Math.round((cl + cr + 1) / 2 - k / 2);
        const top = l.handT - Math.round(k * 0.25);
        for (let j = 0; j < k; j++)
          for (let i = 0; i < k; i++) if (thing.get(i, j) !== M.EMPTY) t.setCell(left + i, top + j, thing.get(i, j), thing.toneAt(i, j));
        return fistOver(l, cl, cr);
      }
    : undefined;
  carried.set(subject, drawer);
  return drawer;
}

/** Whether an item has a drawing a hand (or a prop) can show. */
export function hasDrawer(item: string): boolean {
  return DRAWERS[item] !== undefined || carriedDrawer(item) !== undefined;
}

export function drawHeldItem(g: SpriteGrid, anchors: SpriteAnchors, held: HeldItem, holder: string): void {
  const drawer = DRAWERS[held.item] ?? carriedDrawer(held.item);
  if (!drawer) return;
  const n = g.n;
  const [armL, armR] = cellsOf(n, anchors.hand.x0, anchors.hand.x1);
  const [handT, handB] = cellsOf(n, anchors.hand.y0, anchors.hand.y1);
  const s = n / 32;
  const layout: Layout = { n, s, hires: g.hires, armL, armR, handT, handB, colR: armL - Math.max(1, Math.round(s)) - 1, anchors };
  const grids: ItemGrids = { item: new SpriteGrid(n), over: new SpriteGrid(n) };
  let drawn = drawer(grids, layout, holder);
  if (g.hires && anchors.tilt && TILTING.has(held.item)) {
    // the pose: the item leans about the fist (top outward for a positive tilt)
    const grip = drawn.grip ?? [layout.colR, layout.colR];
    const px = (grip[0] + grip[1] + 1) / 2;
    const py = (handT + handB + 1) / 2;
    grids.item = tilted(grids.item, anchors.tilt, px, py);
    grids.over = tilted(grids.over, anchors.tilt, px, py);
    drawn = { ...drawn, fist: drawn.fist ?? [armL, armR] };
  }
  // the seed's pose may swap hands (a left-handed figure)
  const flip = (held.hand === "off") !== (anchors.swapHands === true);
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
      if (m !== M.EMPTY) g.setCell(i, j, held.energy && m === M.METAL ? M.GLOW : m, grids.item.toneAt(src(i), j));
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
