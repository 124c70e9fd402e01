/**
 * Tools and trade goods a character holds (a miner's pickaxe, a farmer's pitchfork, a bard's
 * lute, a chef's pan...): each drawn upright beside the hand in cells (see held-kit.ts),
 * crisp one-cell shafts on 16- and 32-cell grids, wider ones with highlights on 64 and 128.
 */
import { M } from "../grid.js";
import { HELD_GEAR } from "./held-gear.js";
import { box, column, type Drawer, fistOver, len, shaft } from "./held-kit.js";

const D = 1 / 32;

const pickaxe: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.3);
  const [cl, cr] = shaft(t, l, pw, top, l.handB + len(l, 3));
  const cx = (cl + cr + 1) / 2 / n;
  const y = top / n;
  if (n <= 16) {
    box(t, cl - 2, top - 1, cr + 2, top - 1, M.METAL);
    box(t, cl - 2, top, cl - 2, top, M.METAL);
    box(t, cr + 2, top, cr + 2, top, M.METAL);
    return fistOver(l, cl, cr);
  }
  t.poly(
    [
      [cx - 6 * D, y + 0.05],
      [cx - 3 * D, y - 0.03],
      [cx + 3 * D, y - 0.03],
      [cx + 6 * D, y + 0.05],
      [cx + 2.5 * D, y + 0.005],
      [cx - 2.5 * D, y + 0.005],
    ],
    M.METAL,
  );
  if (l.hires) t.line(cx - 4 * D, y - 0.015, cx + 3 * D, y - 0.02, M.SHINE, 1, "paint");
  return fistOver(l, cl, cr);
};

const pitchfork: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.24);
  const [cl, cr] = shaft(t, l, pw, top, Math.round(n * 0.93) - 1);
  const spread = len(l, 2.5);
  box(t, cl - spread, top - len(l, 1) + 1, cr + spread, top, M.METAL);
  const tine = len(l, 5);
  for (const x of [cl - spread, cl, cr + spread - (cr - cl)]) box(t, x, top - tine, x + Math.max(0, Math.round(l.s) - 1), top, M.METAL);
  return fistOver(l, cl, cr);
};

const shovel: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.22);
  const bottom = Math.round(n * 0.8);
  const [cl, cr] = shaft(t, l, pw, top, bottom);
  box(t, cl - len(l, 1.5), top - len(l, 1.5), cr + len(l, 1.5), top - 1, M.WOOD);
  const cx = (cl + cr + 1) / 2 / n;
  t.poly(
    [
      [cx - 3 * D, bottom / n],
      [cx + 3 * D, bottom / n],
      [cx + 3 * D, bottom / n + 0.08],
      [cx, bottom / n + 0.11],
      [cx - 3 * D, bottom / n + 0.08],
    ],
    M.METAL,
  );
  return fistOver(l, cl, cr);
};

const scythe: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const top = Math.round(n * 0.16);
  const [cl, cr] = shaft(t, l, pw, top, Math.round(n * 0.93) - 1);
  const x = cl / n;
  const y = top / n;
  t.poly(
    [
      [x + pw / n, y - 0.02],
      [x - 0.16, y + 0.02],
      [x - 0.22, y + 0.1],
      [x - 0.12, y + 0.04],
      [x + pw / n, y + 0.03],
    ],
    M.METAL,
  );
  return fistOver(l, cl, cr);
};

const lute: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const nw = n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, nw);
  const cx = (cl + cr + 1) / 2 / n;
  box(t, cl, l.handT - len(l, 8), cr, l.handB, M.WOOD);
  box(t, cl - (l.hires ? len(l, 0.5) : 0), l.handT - len(l, 10), cr + (l.hires ? len(l, 0.5) : 0), l.handT - len(l, 8) - 1, M.ACCENT);
  const r = Math.max(1.4 / n, 4 * D);
  const cy = l.handB / n + r * 0.9;
  t.ellipse(cx, cy, r, r * 1.1, M.WOOD);
  t.ellipse(cx, cy - r * 0.15, Math.max(0.5 / n, r * 0.3), Math.max(0.5 / n, r * 0.3), M.DARK, "paint");
  if (l.hires) {
    t.ellipse(cx, cy, r, r * 1.1, M.EMPTY, "lighten");
    box(t, Math.floor(cx * n), l.handT - len(l, 8), Math.floor(cx * n), Math.round((cy + r * 0.6) * n), M.EYE, "paint");
  }
  return fistOver(l, cl, cr);
};

const lantern: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const w = n <= 16 ? 1 : len(l, 4);
  const [cl, cr] = column(l, Math.max(1, len(l, 1)));
  const mid = Math.round((cl + cr) / 2);
  const half = Math.floor(w / 2);
  const top = l.handB + 1;
  const bottom = top + (n <= 16 ? 2 : len(l, 6));
  box(t, mid - half, top, mid + half, bottom, M.METAL);
  if (n > 16) box(t, mid - half + 1, top + 1, mid + half - 1, bottom - 1, M.GLOW);
  else box(t, mid, top + 1, mid, top + 1, M.GLOW);
  return fistOver(l, cl, cr);
};

const book: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const [cl, cr] = column(l, n <= 16 ? 1 : len(l, 1));
  const left = cl - (n <= 16 ? 1 : len(l, 2));
  const right = cr + (n <= 16 ? 1 : len(l, 2));
  box(t, left, l.handT - len(l, 3), right, l.handB + len(l, 2), M.ACCENT);
  box(t, right, l.handT - len(l, 2.5), right, l.handB + len(l, 1.5), M.EYE);
  if (l.hires) box(t, left, l.handT - len(l, 3), left + len(l, 0.5), l.handB + len(l, 2), M.ACCENT, "darken");
  return fistOver(l, cl, cr);
};

const pan: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  box(t, cl, l.handT - len(l, 4), cr, l.handB + len(l, 1), M.WOOD);
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1.2 / n, 3.5 * D);
  const cy = (l.handT - len(l, 4)) / n - r * 0.9;
  t.ellipse(cx, cy, r, r, M.METAL);
  t.ellipse(cx, cy, r * 0.7, r * 0.7, M.DARK, "paint");
  return fistOver(l, cl, cr);
};

const orb: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const [cl, cr] = column(l, n <= 16 ? 1 : len(l, 1.5));
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2.8 * D);
  const cy = l.handT / n - r - 0.5 * D;
  t.ellipse(cx, cy, r, r, M.GLOW);
  if (l.hires) t.ellipse(cx - r * 0.35, cy - r * 0.35, r * 0.3, r * 0.3, M.SHINE, "paint");
  return { fist: [cl, l.armR], grip: [cl, cr] };
};

/** A rolled parchment held upright, its ends wound on wooden rods. */
const scroll: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const [cl, cr] = column(l, n <= 16 ? 1 : len(l, 2));
  const top = l.handT - len(l, 5);
  const bottom = l.handB + len(l, 4);
  box(t, cl, top, cr, bottom, M.GLASS);
  box(t, cl - len(l, 0.5), top - len(l, 1), cr + len(l, 0.5), top, M.WOOD);
  box(t, cl - len(l, 0.5), bottom, cr + len(l, 0.5), bottom + len(l, 1), M.WOOD);
  if (l.hires) for (let j = top + len(l, 2); j < bottom - 1; j += len(l, 2)) box(t, cl + 1, j, cr - 1, j, M.GLASS, "darken");
  return fistOver(l, cl, cr);
};

/** A golden key held up by its bow. */
const key: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1);
  const [cl, cr] = column(l, pw);
  const cx = (cl + cr + 1) / 2 / n;
  const r = Math.max(1 / n, 2 * D);
  const bowY = l.handT / n - r * 0.2;
  box(t, cl, l.handT - len(l, 6), cr, l.handT, M.EMBER);
  for (const k of [1, 3])
    box(t, cr + 1, l.handT - len(l, 6) + len(l, k), cr + len(l, 1.5), l.handT - len(l, 6) + len(l, k) + Math.max(0, len(l, 0.5) - 1), M.EMBER);
  t.ellipse(cx, bowY + r, r, r, M.EMBER);
  if (n > 16) t.ellipse(cx, bowY + r, r * 0.45, r * 0.45, M.EMPTY, "erase");
  return fistOver(l, cl, cr);
};

/** Drawers of the tools, keyed by their canonical subject word (words/subjects/gear.ts). */
export const HELD_TOOLS: Readonly<Record<string, Drawer>> = { pickaxe, pitchfork, shovel, scythe, lute, lantern, book, pan, orb, scroll, key, ...HELD_GEAR };
