/**
 * What materials and effects paint onto a drawn creature or item: stone speckles and cracks, wood
 * grain, crystal facets, ribs of bone, rivets of metal; flames, drips and bubbles, halos, sparks; a
 * crown for a king; rotting patches for a zombie.
 */
import type { Random } from "../kit/random.js";
import { bounds } from "./creatures/kit.js";
import { M, type SpriteGrid } from "./grid.js";

/** Cells of the body materials (what a material texture or a tint applies to). */
const SKIN = new Set<number>([M.BODY, M.BELLY, M.WING, M.HAIR]);

export function texture(g: SpriteGrid, rng: Random, material: string): void {
  const { n } = g;
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  const step = Math.max(2, Math.round(n / 16));
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const m = g.get(i, j);
      if (!SKIN.has(m)) continue;
      const r = rng.next();
      if (material === "stone" && r < 0.12) g.apply(i, j, M.EMPTY, r < 0.06 ? "darken" : "lighten");
      else if (material === "wood" && j % (step * 2) === 0 && r < 0.8) g.apply(i, j, M.EMPTY, "darken");
      else if (material === "crystal" && (i + j) % (step * 3) === 0) g.apply(i, j, M.EMPTY, "lighten");
      else if (material === "crystal" && (i - j + n) % (step * 4) === 0) g.apply(i, j, M.EMPTY, "darken");
      else if (material === "ice" && r < 0.05) g.setCell(i, j, M.SHINE);
      else if (material === "bone" && j % (step * 2) === 0 && j > j0 + (j1 - j0) * 0.3 && j < j0 + (j1 - j0) * 0.8 && i % step !== 0) g.setCell(i, j, M.DARK);
      else if (material === "leather" && j % (step * 3) === 0 && i % 2 === 0) g.apply(i, j, M.EMPTY, "darken");
      else if (["iron", "gold", "silver", "bronze", "copper"].includes(material) && j % (step * 3) === 0 && i % (step * 2) === 0 && n > 16)
        g.setCell(i, j, M.SHINE);
    }
  }
  if (material === "stone" && n > 16) {
    // a few cracks
    for (let k = 0; k < 3; k++) {
      let i = rng.int(i0, i1);
      let j = rng.int(j0, j1);
      for (let s = 0; s < n / 8; s++) {
        if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.DARK);
        i += rng.int(-1, 1);
        j += 1;
      }
    }
  }
}

export function patches(g: SpriteGrid, rng: Random): void {
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  for (let k = 0; k < 4; k++) {
    const ci = rng.int(i0, i1);
    const cj = rng.int(j0, j1);
    const r = Math.max(1, Math.round(g.n / 20));
    for (let j = cj - r; j <= cj + r; j++) for (let i = ci - r; i <= ci + r; i++) if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.BELLY, -1);
  }
}

/** The topmost filled cell's column and row (the head of most figures). */
function top(g: SpriteGrid): [number, number] | undefined {
  for (let j = 0; j < g.n; j++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < g.n; i++) if (g.get(i, j) !== M.EMPTY) (sum += i), count++;
    if (count) return [Math.round(sum / count), j];
  }
  return undefined;
}

export function drawCrown(g: SpriteGrid): void {
  const t = top(g);
  if (!t) return;
  const { n } = g;
  const w = Math.max(2, Math.round(n * 0.12));
  const h = Math.max(2, Math.round(n * 0.1));
  const [ci, tj] = t;
  const base = Math.max(h + 1, tj + Math.round(h * 0.4));
  for (let j = base - h; j <= base; j++) {
    for (let i = ci - w; i <= ci + w; i++) {
      const spike = (i - (ci - w)) % Math.max(2, Math.round(w * 0.66));
      if (j < base - Math.round(h * 0.45) && spike !== 0) continue;
      g.setCell(i, j, M.EMBER);
    }
  }
  if (n > 16) g.setCell(ci, base - Math.round(h * 0.2), M.LIQUID);
}

/** Paints an effect around the figure; an item (small = true) gets fewer, smaller flames. */
export function adorn(g: SpriteGrid, rng: Random, effect: string, small = false): void {
  const { n } = g;
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  const s = Math.max(1, Math.round(n / 16));
  if (effect === "fire") {
    // flames rising from the top edge of the figure
    for (let k = 0; k < (small ? 2 : 5); k++) {
      const i = rng.int(i0 + s, i1 - s);
      let j = 0;
      while (j < n && g.get(i, j) === M.EMPTY) j++;
      const h = Math.round(n * rng.range(0.06, 0.12) * (small ? 0.6 : 1));
      for (let d = 0; d < h; d++) {
        const half = Math.max(0, Math.round(((h - d) / h) * s * 1.5));
        for (let a = -half; a <= half; a++)
          if (g.get(i + a, j - d) === M.EMPTY || d === 0) g.setCell(i + a, j - d, Math.abs(a) < half * 0.5 && d < h * 0.6 ? M.EMBER : M.FIRE);
      }
    }
  } else if (effect === "poison") {
    for (let k = 0; k < 5; k++) {
      const i = rng.int(i0, i1);
      let j = n - 1;
      while (j > 0 && g.get(i, j) === M.EMPTY) j--;
      if (j <= 0 || j >= n - 3) continue;
      for (let d = 1; d <= 2 * s; d++) g.setCell(i, j + d, M.ACCENT);
    }
    for (let k = 0; k < 6; k++) {
      const i = rng.int(i0, i1);
      const j = rng.int(j0, j1);
      if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.ACCENT, 1);
    }
    // toxic bubbles rising beside the figure
    for (let k = 0; k < 3; k++) {
      const r = Math.max(1, Math.round(s * (1 + k * 0.4)));
      const ci = k % 2 === 0 ? Math.max(r + 1, i0 - r - s - rng.int(0, s)) : Math.min(n - r - 2, i1 + r + s + rng.int(0, s));
      const cj = Math.max(r + 1, j0 + Math.round((j1 - j0) * (0.15 + k * 0.25)));
      for (let j = cj - r; j <= cj + r; j++) {
        for (let i = ci - r; i <= ci + r; i++) if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r + 0.5 && g.get(i, j) === M.EMPTY) g.setCell(i, j, M.ACCENT);
      }
    }
  } else if (effect === "holy") {
    // a halo: a flat ring above the head
    const t = top(g);
    if (!t) return;
    const [ci, tj] = t;
    const rx = Math.max(2, Math.round(n * 0.13));
    const ry = Math.max(1, Math.round(rx * 0.35));
    const cy = Math.max(ry + 1, tj - ry - s);
    for (let j = cy - ry - s; j <= cy + ry + s; j++) {
      for (let i = ci - rx - s; i <= ci + rx + s; i++) {
        const d = ((i - ci) / rx) ** 2 + ((j - cy) / ry) ** 2;
        const inner = ((i - ci) / Math.max(1, rx - s)) ** 2 + ((j - cy) / Math.max(0.5, ry - s)) ** 2;
        if (d <= 1.15 && (inner >= 1 || n <= 16) && g.get(i, j) === M.EMPTY) g.setCell(i, j, M.EMBER);
      }
    }
  } else if (effect === "lightning" || effect === "mana" || effect === "stamina" || effect === "healing") {
    // sparks (bolts for lightning, crosses for healing, stars otherwise) beside the figure
    for (let k = 0; k < 3; k++) {
      const left = k % 2 === 0;
      const i = left ? Math.max(s * 2, i0 - rng.int(0, 2 * s)) : Math.min(n - 1 - s * 2, i1 + rng.int(0, 2 * s));
      const j = rng.int(Math.max(s * 2, j0), Math.max(s * 2, j1 - s * 3));
      const m = effect === "lightning" ? M.EMBER : M.ACCENT;
      if (effect === "lightning") {
        for (let d = 0; d < 4 * s; d++) g.setCell(i + (Math.floor(d / s) % 2 === 0 ? 0 : s), j + d, m);
      } else {
        for (let d = -s; d <= s; d++) {
          g.setCell(i + d, j, m);
          g.setCell(i, j + d, m);
        }
      }
    }
  } else if (effect === "shadow") {
    for (let j = j0 + Math.round((j1 - j0) * 0.6); j <= j1; j++) for (let i = i0; i <= i1; i++) if (SKIN.has(g.get(i, j))) g.apply(i, j, M.EMPTY, "darken");
  }
}
