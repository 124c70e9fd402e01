/**
 * Guns and tools of the sea and the workshop a character holds: a pistol (a sheriff's, a bounty
 * hunter's), a rifle held upright (a sniper's), a fishing rod with its line and float, a wrench.
 * Drawn in cells beside the hand like the other tools (see held-kit.ts).
 */
import { M } from "../grid.js";
import { box, column, type Drawer, fistOver, len } from "./held-kit.js";

const gun: Drawer = ({ item: t }, l) => {
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  // the grip in the fist, the barrel pointing outward
  box(t, cl, l.handT - len(l, 1), cr, l.handB + len(l, 2), M.DARK);
  box(t, cl - len(l, 6), l.handT - len(l, 3), cr, l.handT - len(l, 1), M.METAL);
  if (l.hires) box(t, cl - len(l, 6), l.handT - len(l, 3), cr, l.handT - len(l, 2.5), M.SHINE, "paint");
  return fistOver(l, cl, cr);
};

const rifle: Drawer = ({ item: t }, l) => {
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  // held upright: a long barrel, a wooden stock below the hand, a scope on large grids
  box(t, cl, l.handT - len(l, 14), cl + Math.max(0, len(l, 1) - 1), l.handT - 1, M.METAL);
  box(t, cl, l.handT, cr, l.handB + len(l, 4), M.WOOD);
  box(t, cl - len(l, 1), l.handB + len(l, 3), cr, l.handB + len(l, 7), M.WOOD);
  if (l.n > 16) box(t, cl - len(l, 2), l.handT - len(l, 7), cl - 1, l.handT - len(l, 4), M.DARK);
  return fistOver(l, cl, cr);
};

const rod: Drawer = ({ item: t }, l) => {
  const n = l.n;
  const pw = n <= 16 ? 1 : len(l, 1);
  const [cl, cr] = column(l, pw);
  const top = Math.round(n * 0.1);
  box(t, cl, top, cr, l.handB + len(l, 3), M.WOOD);
  // the line from the tip, hanging outward, and its red float
  const x = cl - len(l, 5);
  box(t, x, top, cl - 1, top, M.GLASS);
  box(t, x, top, x, top + len(l, 10), M.GLASS);
  box(t, x - len(l, 0.5), top + len(l, 10), x + len(l, 0.5), top + len(l, 11.5), M.LIQUID);
  return fistOver(l, cl, cr);
};

const wrench: Drawer = ({ item: t }, l) => {
  const pw = l.n <= 16 ? 1 : len(l, 1.5);
  const [cl, cr] = column(l, pw);
  box(t, cl, l.handT - len(l, 5), cr, l.handB + len(l, 1), M.METAL);
  // the open jaw
  box(t, cl - len(l, 1.5), l.handT - len(l, 9), cr + len(l, 1.5), l.handT - len(l, 5), M.METAL);
  box(t, cl, l.handT - len(l, 9), cr, l.handT - len(l, 7.5), M.EMPTY, "erase");
  return fistOver(l, cl, cr);
};

export const HELD_GEAR: Readonly<Record<string, Drawer>> = { gun, rifle, rod, wrench };
