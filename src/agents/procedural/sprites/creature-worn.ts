/**
 * What an animal or a monster wears ("shark wearing an eyepatch", "gull in goggles", "frog in a top
 * hat", "owl with a monocle"): drawn where its eyes are, since a creature's plan has no head anchor.
 * The head is found on the grid: its eyes (the eye-white cells), and above them the top of the body.
 * A creature drawn without eyes (a slime's blank face, a jellyfish) wears nothing: the word stays
 * ignored (see `changesCreature` in words.ts's caller).
 */
import { bounds, scaleGrid } from "./creatures/kit.js";
import { M, type SpriteGrid } from "./grid.js";

export type CreatureWear = "hat" | "tophat" | "pointed" | "straw" | "chef" | "eyepatch" | "goggles" | "glasses" | "monocle" | "helmet";

/** Words naming what a creature can wear, and the hats' qualifiers. */
export const CREATURE_WORN: Readonly<Record<string, CreatureWear>> = {
  hat: "hat",
  hats: "hat",
  fedora: "hat",
  stetson: "hat",
  sombrero: "straw",
  tophat: "tophat",
  eyepatch: "eyepatch",
  goggles: "goggles",
  spectacles: "glasses",
  glasses: "glasses",
  eyeglasses: "glasses",
  monocle: "monocle",
  helmet: "helmet",
};

/** A plain hat is the one its qualifier names ("straw hat", "witch hat", "top hat"). */
export const CREATURE_HAT_QUALIFIERS: Readonly<Record<string, CreatureWear>> = {
  top: "tophat",
  hay: "straw",
  wizard: "pointed",
  witch: "pointed",
  chef: "chef",
  party: "pointed",
};

type Box = readonly [number, number, number, number];

interface Head {
  /** The eyes' boxes, image-left first: [i0, j0, i1, j1] in cells. */
  eyes: [Box, ...Box[]];
  /** The head's columns (around the eyes) and its top row. */
  left: number;
  right: number;
  top: number;
}

/** The eye-white cells' connected groups, and the body's top over them. */
function findHead(g: SpriteGrid): Head | undefined {
  const { n } = g;
  const seen = new Uint8Array(n * n);
  const eyes: [number, number, number, number][] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (seen[j * n + i] || g.get(i, j) !== M.EYE) continue;
      const box: [number, number, number, number] = [i, j, i, j];
      const stack = [[i, j] as const];
      seen[j * n + i] = 1;
      while (stack.length) {
        const [x, y] = stack.pop() as readonly [number, number];
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const a = x + dx;
          const b = y + dy;
          if (a < 0 || b < 0 || a >= n || b >= n || seen[b * n + a] || g.get(a, b) !== M.EYE) continue;
          seen[b * n + a] = 1;
          stack.push([a, b]);
        }
      }
      eyes.push(box);
    }
  }
  if (eyes.length === 0) return undefined;
  // the eyes: the topmost group and one beside it at its height (a grin's teeth are eye-white too, lower down)
  eyes.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const first = eyes[0] as Box;
  const rest = eyes.filter((e) => e !== first && e[1] <= first[1] + Math.max(1, g.px)).slice(0, 1);
  const kept: [Box, ...Box[]] = rest[0] && rest[0][0] < first[0] ? [rest[0], first] : [first, ...rest];
  const reach = Math.max(2, Math.round(n * 0.09));
  const left = Math.max(0, Math.min(...kept.map((e) => e[0])) - reach);
  const right = Math.min(n - 1, Math.max(...kept.map((e) => e[2])) + reach);
  let top = Math.min(...kept.map((e) => e[1]));
  for (let i = left; i <= right; i++) for (let j = 0; j < top; j++) if (g.get(i, j) !== M.EMPTY) top = j;
  return { eyes: kept, left, right, top };
}

const box = (g: SpriteGrid, i0: number, j0: number, i1: number, j1: number, m: number, paint = false): void => {
  for (let j = Math.max(0, j0); j <= Math.min(g.n - 1, j1); j++)
    for (let i = Math.max(0, i0); i <= Math.min(g.n - 1, i1); i++) if (!paint || g.get(i, j) !== M.EMPTY) g.setCell(i, j, m);
};

/** A hat on the head's top: its crown's height and brim by kind. */
function hat(g: SpriteGrid, head: Head, kind: CreatureWear): void {
  const p = g.px;
  const [a, b] = head.eyes;
  const mid = Math.round((a[0] + (b ?? a)[2]) / 2);
  const base = head.top + p;
  const crown = kind === "tophat" ? 5 * p : kind === "pointed" ? 6 * p : kind === "chef" ? 4 * p : 3 * p;
  const half = (kind === "straw" ? 5 : kind === "pointed" ? 4 : 4) * p;
  const color = kind === "straw" ? M.WOOD : kind === "chef" ? M.EYE : M.DARK;
  box(g, mid - half, base - p + 1, mid + half, base, color);
  if (kind === "pointed") {
    for (let k = 0; k < crown; k++) {
      const w = Math.max(0, Math.round(((crown - k) / crown) * 2.5 * p));
      box(g, mid - w, base - p - k, mid + w, base - p - k, color);
    }
    return;
  }
  const w = (kind === "chef" ? 3 : 2) * p;
  box(g, mid - w, base - p - crown + 1, mid + w, base - p, color);
  if (kind !== "chef") box(g, mid - w, base - 2 * p + 1, mid + w, base - p, kind === "straw" ? M.DARK : M.CLOTH);
}

/** What of `worn` fits the creature drawn on `g`: nothing without eyes, a helmet only over a brow. */
export function wearable(g: SpriteGrid, worn: readonly CreatureWear[]): CreatureWear[] {
  const head = findHead(g);
  if (!head) return [];
  const brow = Math.min(...head.eyes.map((e) => e[1])) - head.top;
  return worn.filter((w) => w !== "helmet" || brow >= 2 * g.px);
}

/** Draws what a creature wears (the pieces `wearable` keeps); false when it has no eyes to place them by. */
export function wearOnCreature(g: SpriteGrid, worn: readonly CreatureWear[]): boolean {
  let head = findHead(g);
  if (!head) return false;
  const p = g.px;
  const hats = worn.filter((w) => ["hat", "tophat", "pointed", "straw", "chef"].includes(w));
  const room = hats.includes("tophat") || hats.includes("pointed") ? 7 * p : 5 * p;
  if (hats.length > 0 && head.top < room) {
    scaleGrid(g, Math.max(0.6, (g.n - (room - head.top)) / g.n));
    const all = bounds(g);
    head = findHead(g);
    if (!head || !all) return false;
  }
  const eyes = head.eyes;
  for (const w of worn) {
    if (w === "eyepatch") {
      const e = eyes[0];
      box(g, e[0] - 1, e[1] - 1, e[2] + 1, e[3] + 1, M.DARK);
      // the strap, from the patch up across the head to its far side
      const far = e[0] - head.left > head.right - e[2] ? head.left : head.right;
      const thick = Math.max(1, Math.round(p / 2));
      g.line((e[0] + e[2] + 1) / 2 / g.n, (e[1] - 1) / g.n, (far + 0.5) / g.n, (head.top + p + 0.5) / g.n, M.DARK, thick, "paint");
    } else if (w === "goggles" || w === "glasses" || w === "monocle") {
      const frame = w === "goggles" ? M.METAL : M.DARK;
      const lenses = w === "monocle" ? eyes.slice(-1) : eyes;
      for (const e of lenses) {
        box(g, e[0] - p, e[1] - p, e[2] + p, e[3] + p, frame);
        box(g, e[0], e[1], e[2], e[3], M.GLASS);
      }
      // goggles' strap round the head, at the eyes' height
      if (w === "goggles") {
        const e = eyes[0];
        box(g, head.left, e[1], head.right, Math.min(e[3], e[1] + Math.max(0, p - 1)), M.DARK, true);
        for (const l of lenses) box(g, l[0] - p, l[1] - p, l[2] + p, l[3] + p, frame);
        for (const l of lenses) box(g, l[0], l[1], l[2], l[3], M.GLASS);
      }
    } else if (w === "helmet") {
      const e = eyes[0];
      box(g, head.left, head.top, head.right, e[1] - 1, M.METAL, true);
      box(g, head.left, e[1] - p, head.right, e[1] - 1, M.DARK, true);
    } else hat(g, head, w);
  }
  return true;
}
