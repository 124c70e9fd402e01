/**
 * The weapons (and the torch and the potion) a character holds, drawn upright beside the hand in
 * cells (see held-kit.ts). Some change with the holder: a samurai's katana, a thief's
 * dagger, a caster's glowing orb and fireball, a troll's club, a cleric's mace.
 */
import { M } from "../grid.js";
import { box, column, type Drawer, fire, fistOver, len, shaft } from "./held-kit.js";
import { broaderSubjects } from "../../words/subjects/subjects.js";

/** Spell-casters hold a glowing orb on their staff and a fireball rather than a torch. */
const isCaster = (holder: string): boolean => broaderSubjects(holder).includes("wizard");

/** Blades by holder (in design pixels): a samurai's long thin katana, a thief's dagger, a pirate's cutlass. */
const BLADES: Readonly<Record<string, { length: number; width: number; guard: number }>> = {
  samurai: { length: 14, width: 2, guard: 1 },
  ninja: { length: 9, width: 2, guard: 1 },
  pirate: { length: 10, width: 3, guard: 1.5 },
  musketeer: { length: 13, width: 2, guard: 2 },
  thief: { length: 6, width: 2, guard: 1.5 },
  assassin: { length: 6, width: 2, guard: 1.5 },
  bandit: { length: 7, width: 2, guard: 1.5 },
  goblin: { length: 6, width: 2, guard: 1.5 },
  imp: { length: 6, width: 2, guard: 1.5 },
};

const sword: Drawer = ({ item: t }, l, holder) => {
  const style = BLADES[holder] ?? { length: 12, width: 3, guard: 2.5 };
  const bw = l.n <= 16 ? 1 : len(l, style.width);
  const [cl, cr] = column(l, bw);
  const gh = len(l, 1);
  const guardB = l.handT - 1;
  const guardT = guardB - gh + 1;
  const bladeB = guardT - 1;
  const bladeT = Math.max(2 + Math.ceil(bw / 2), bladeB - len(l, style.length));
  box(t, cl, bladeT, cr, bladeB, M.METAL);
  for (let k = 1; k <= Math.ceil(bw / 2); k++) {
    const a = Math.min(cl + k, cl + Math.floor((bw - 1) / 2));
    const b = Math.max(cr - k, cr - Math.floor((bw - 1) / 2));
    box(t, a, bladeT - k, b, bladeT - k, M.METAL);
  }
  const ext = len(l, l.n <= 16 ? Math.min(2, style.guard) : style.guard);
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
  t.ellipse(cx, cy, r, r, isCaster(holder) ? M.GLOW : M.ACCENT);
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

/** Who swings a club (a knobbly log) and who a mace (a flanged ball) rather than a hammer. */
const CLUBBERS = new Set(["troll", "orc", "goblin", "barbarian", "skeleton", "zombie", "imp", "caveman"]);
const MACE_BEARERS = new Set(["cleric", "paladin", "healer", "monk"]);

const club: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.3);
  const [cl, cr] = shaft(t, l, pw, top, l.handB + len(l, 2));
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2.6 / 32);
  t.poly(
    [
      [cx - r * 0.6, top / n + 0.02],
      [cx - r, top / n - r * 1.6],
      [cx, top / n - r * 2.3],
      [cx + r, top / n - r * 1.6],
      [cx + r * 0.6, top / n + 0.02],
    ],
    M.WOOD,
  );
  if (l.hires) for (const dy of [0.4, 1.2]) t.ellipse(cx - r * 0.3, top / n - r * dy, r * 0.22, r * 0.22, M.WOOD, "darken");
  return fistOver(l, cl, cr);
};

const mace: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.33);
  const [cl, cr] = shaft(t, l, pw, top, l.handB + len(l, 2));
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2.4 / 32);
  const cy = top / n - r * 0.8;
  t.ellipse(cx, cy, r, r, M.METAL);
  const d = Math.max(1 / n, r * 0.45);
  for (const [dx, dy] of [
    [0, -1],
    [-1, 0],
    [1, 0],
  ] as const)
    t.rect(cx + dx * (r + d * 0.5) - d * 0.5, cy + dy * (r + d * 0.5) - d * 0.5, cx + dx * (r + d * 0.5) + d * 0.5, cy + dy * (r + d * 0.5) + d * 0.5, M.METAL);
  if (l.hires) t.ellipse(cx - r * 0.35, cy - r * 0.35, r * 0.3, r * 0.3, M.SHINE, "paint");
  return fistOver(l, cl, cr);
};

const hammer: Drawer = (grids, l, holder) => {
  if (CLUBBERS.has(holder)) return club(grids, l, holder);
  if (MACE_BEARERS.has(holder)) return mace(grids, l, holder);
  const t = grids.item;
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

const flame: Drawer = ({ item: t }, l, holder) => {
  const d = 1 / 32;
  const n = l.n;
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2.3 * d);
  if (isCaster(holder)) {
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

/** Weapon drawers by canonical subject word. */
export const HELD_WEAPONS: Readonly<Record<string, Drawer>> = { sword, axe, bow, shield, staff, spear, hammer, flame, potion };
