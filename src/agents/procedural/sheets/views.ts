/**
 * Directions of a sprite sheet: the rig seen from the front (the sprite as drawn), the back (the
 * face painted over, the items behind and in the other hands), a profile (the body narrowed, one
 * eye moved to the facing side, a nose; arms over the torso) and the three-quarter diagonals.
 * Side-view creatures are already a profile: their front and back views are a narrowed,
 * symmetric approximation.
 */
import type { Direction } from "../../driver.js";
import { boundsOf, PART, type Rig } from "./rig.js";
import { M, SpriteGrid } from "../sprites/index.js";
import { copyGrid, mirrorMap, narrowMap, remapColumns, shifted } from "./grid.js";
import { frontOfSide } from "./side.js";
import { base, type View, type ViewLayer } from "./view.js";

/** Paints the face over with the head's material (`back`: with hair when the head has some). */
function hideFace(g: SpriteGrid, eyes: Uint8Array, mouth: Uint8Array, fill: number): void {
  for (let k = 0; k < g.cells.length; k++) if (eyes[k] || mouth[k]) (g.cells[k] = fill), (g.tone[k] = 0);
}

function frontLayers(rig: Rig, mirrored: boolean, front: boolean): ViewLayer[] {
  const { n } = rig;
  return rig.held.map((h) => {
    const left = (h.side === "left") !== mirrored;
    const grid = mirrored ? remapColumns(h.grid, [], mirrorMap(n)).grid : h.grid;
    const grip: [number, number] = [mirrored ? n - h.grip[0] : h.grip[0], h.grip[1]];
    return { grid, grip, front, swing: left ? 1 : -1, arm: left ? PART.ARM_L : PART.ARM_R };
  });
}

/** The back of the head in hair, the face hidden. */
function backOf(rig: Rig): SpriteGrid {
  const g = copyGrid(rig.body);
  const fill = rig.hair ? M.HAIR : rig.headMaterial;
  hideFace(g, rig.eyes, rig.mouth, fill);
  if (rig.hair) for (let k = 0; k < g.cells.length; k++) if (rig.part[k] === PART.HEAD && g.cells[k] === M.SKIN) g.cells[k] = M.HAIR;
  return g;
}

/** A character or front-facing creature in profile, facing right. */
function profile(rig: Rig): View {
  const { n, box } = rig;
  const cx = (box[0] + box[2] + 1) / 2;
  const faceless = copyGrid(rig.body);
  hideFace(faceless, rig.eyes, rig.mouth, rig.headMaterial);
  const k = 0.65;
  const narrow = remapColumns(faceless, [rig.part, rig.eyes], narrowMap(k, cx));
  const body = new SpriteGrid(n);
  const part = new Uint8Array(n * n);
  const put = (g: SpriteGrid, labels: Uint8Array, keep: (p: number) => boolean, dx: number): void => {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const s = j * n + i;
        const p = labels[s] as number;
        const x = i + dx;
        if (!g.cells[s] || !keep(p) || x < 0 || x >= n) continue;
        body.cells[j * n + x] = g.cells[s] as number;
        body.tone[j * n + x] = g.tone[s] as number;
        part[j * n + x] = p;
      }
    }
  };
  const labels = narrow.labels[0] as Uint8Array;
  // the far arm peeks out behind the back, the legs close together, the near arm over the torso
  // (arms and legs keep their width: only the torso and head are narrowed)
  const centreOf = (p: number): number => {
    let sum = 0;
    let count = 0;
    for (let c = 0; c < n * n; c++) if (rig.part[c] === p) (sum += (c % n) + 0.5), count++;
    return count ? sum / count : cx;
  };
  const unit = Math.max(1, Math.round(n / 32));
  put(faceless, rig.part, (p) => p === PART.ARM_R, Math.round(cx - centreOf(PART.ARM_R)) - unit);
  for (let leg = 0; leg < rig.legs; leg++) put(faceless, rig.part, (p) => p === PART.LEG + leg, Math.round((cx - centreOf(PART.LEG + leg)) * 0.7));
  put(narrow.grid, labels, (p) => p === PART.TORSO || p === PART.HEAD, 0);
  put(faceless, rig.part, (p) => p === PART.ARM_L, Math.round(cx - centreOf(PART.ARM_L)));
  // one eye near the facing edge of the head, and a nose beyond it
  const eyes = new Uint8Array(n * n);
  const right: number[] = [];
  for (let c = 0; c < n * n; c++) if ((rig.eyes[c] || rig.mouth[c]) && (c % n) + 0.5 > cx) right.push(c);
  if (right.length > 0) {
    const eyeRows = right.filter((c) => rig.eyes[c]);
    const rows = (eyeRows.length > 0 ? eyeRows : right).map((c) => Math.floor(c / n));
    const top = Math.min(...rows);
    const bottom = Math.max(...rows);
    const eyeRight = Math.max(...right.map((c) => c % n));
    const eyeMaterial = (c: number): number => (rig.eyes[c] || rig.mouth[c]) as number;
    let edge = -1;
    for (let i = n - 1; i >= 0 && edge < 0; i--)
      for (let j = top; j <= bottom; j++) if (part[j * n + i] === PART.HEAD || (!rig.character && body.get(i, j))) edge = i;
    const dx = edge - unit - eyeRight;
    for (const c of right) {
      const t = c + dx;
      if (!body.cells[t]) continue;
      body.cells[t] = eyeMaterial(c);
      body.tone[t] = 0;
      if (rig.eyes[c]) eyes[t] = rig.eyes[c] as number;
    }
    if (rig.character && edge >= 0) {
      const nose = bottom + 1;
      const material = body.get(edge, nose) || rig.headMaterial;
      for (let a = 0; a < unit; a++)
        for (let b = 0; b < unit; b++)
          if (nose + b <= rig.head[1]) body.setCell(edge + 1 + a, nose + b, material), (part[(nose + b) * n + edge + 1 + a] = PART.HEAD);
    }
    // the back of the head is hair
    if (rig.hair && edge >= 0) {
      for (let j = rig.head[0]; j <= rig.head[1]; j++) {
        for (let i = 0; i < n; i++) if (part[j * n + i] === PART.HEAD && body.get(i, j) === M.SKIN && i < edge - (edge - cx) * 1.2) body.setCell(i, j, M.HAIR);
      }
    }
  }
  const layers = frontLayers(rig, false, true).map((l) => {
    const near = l.arm === PART.ARM_L;
    const target = cx + (near ? unit : -unit);
    const dx = Math.round(target - l.grip[0]);
    return { ...l, grid: shifted(l.grid, dx, 0), grip: [l.grip[0] + dx, l.grip[1]] as [number, number], front: near, swing: 1 as const };
  });
  return base(rig, body, part, eyes, layers, 1);
}

function mirrored(view: View): View {
  const { n } = view;
  const m = remapColumns(view.body, [view.part, view.eyes], mirrorMap(n));
  const layers = view.layers.map((l) => ({
    ...l,
    grid: remapColumns(l.grid, [], mirrorMap(n)).grid,
    grip: [n - l.grip[0], l.grip[1]] as [number, number],
    front: !l.front,
    swing: (l.swing === 1 ? -1 : 1) as -1 | 1,
  }));
  const box = boundsOf(m.grid) ?? view.box;
  const legs = view.pairs;
  return {
    ...view,
    body: m.grid,
    part: m.labels[0] as Uint8Array,
    eyes: m.labels[1] as Uint8Array,
    box,
    layers,
    facing: (-view.facing || 0) as -1 | 0 | 1,
    pairs: legs,
  };
}

/**
 * The torso and head narrowed by k about column cx (nearest column); arms and legs keep their
 * width and move closer with it, so a one-cell leg is never dropped.
 */
function narrowBody(
  src: SpriteGrid,
  labels: Uint8Array,
  eyeCells: Uint8Array,
  k: number,
  cx: number,
): { body: SpriteGrid; part: Uint8Array; eyes: Uint8Array } {
  const { n } = src;
  const m = remapColumns(src, [labels, eyeCells], narrowMap(k, cx));
  const narrowed = m.labels[0] as Uint8Array;
  const body = new SpriteGrid(n);
  const part = new Uint8Array(n * n);
  const eyes = new Uint8Array(n * n);
  const limb = (p: number): boolean => p === PART.ARM_L || p === PART.ARM_R || p >= PART.LEG;
  for (let c = 0; c < n * n; c++) {
    const p = narrowed[c] as number;
    if (!m.grid.cells[c] || limb(p)) continue;
    body.cells[c] = m.grid.cells[c] as number;
    body.tone[c] = m.grid.tone[c] as number;
    part[c] = p;
    eyes[c] = (m.labels[1] as Uint8Array)[c] as number;
  }
  const sums = new Map<number, [number, number]>();
  for (let c = 0; c < n * n; c++) {
    const p = labels[c] as number;
    if (!src.cells[c] || !limb(p)) continue;
    const s = sums.get(p) ?? [0, 0];
    sums.set(p, [s[0] + (c % n) + 0.5, s[1] + 1]);
  }
  for (let c = 0; c < n * n; c++) {
    const p = labels[c] as number;
    if (!src.cells[c] || !limb(p)) continue;
    const [sx, count] = sums.get(p) as [number, number];
    const centre = sx / count;
    const i = (c % n) + Math.round(cx + (centre - cx) * k - centre);
    if (i < 0 || i >= n) continue;
    const t = c - (c % n) + i;
    body.cells[t] = src.cells[c] as number;
    body.tone[t] = src.tone[c] as number;
    part[t] = p;
  }
  return { body, part, eyes };
}

/** A view narrowed by k about its centre, its face (or the back of its head) turned `turn` cells. */
function threeQuarter(view: View, k: number, turn: number, facing: -1 | 1): View {
  const { n, box } = view;
  const cx = (box[0] + box[2] + 1) / 2;
  const { body, part, eyes } = narrowBody(view.body, view.part, view.eyes, k, cx);
  const moved = new Uint8Array(n * n);
  for (let c = 0; c < n * n; c++) {
    if (!eyes[c]) continue;
    body.cells[c] = view.headMaterial;
    const t = c + turn;
    if ((t % n) - (c % n) === turn && body.cells[t]) moved[t] = eyes[c] as number;
  }
  for (let c = 0; c < n * n; c++) if (moved[c]) (body.cells[c] = moved[c] as number), (body.tone[c] = 0);
  const layers = view.layers.map((l) => {
    const gx = cx + (l.grip[0] - cx) * k;
    const dx = Math.round(gx - l.grip[0]);
    return { ...l, grid: shifted(l.grid, dx, 0), grip: [l.grip[0] + dx, l.grip[1]] as [number, number] };
  });
  return { ...view, body, part, eyes: moved, box: boundsOf(body) ?? box, layers, facing };
}

/** The views of one rig, by direction (built on demand, each once). */
export function viewsOf(rig: Rig): (d: Direction) => View {
  const cache = new Map<Direction, View>();
  const { n } = rig;
  const turn = Math.max(1, Math.round(n / 24));
  const make = (d: Direction): View => {
    if (rig.facing !== 0) {
      // a side-view creature: east is the drawing facing right
      const east0 = base(rig, rig.body, rig.part, rig.eyes, [], 1);
      const east = rig.facing === 1 ? east0 : { ...mirrored(east0), facing: 1 as const };
      if (d === "east") return east;
      if (d === "west") return mirrored(east);
      if (d === "south" || d === "north") return frontOfSide(rig, get("east"), d === "north");
      const side = d.endsWith("east") ? get("east") : get("west");
      return threeQuarter(side, 0.8, 0, side.facing as -1 | 1);
    }
    if (d === "south") return base(rig, rig.body, rig.part, rig.eyes, frontLayers(rig, false, true), 0);
    if (d === "north") return base(rig, backOf(rig), rig.part, new Uint8Array(n * n), frontLayers(rig, true, false), 0);
    if (d === "east") return profile(rig);
    if (d === "west") return mirrored(get("east"));
    const facing = d.endsWith("east") ? 1 : -1;
    return threeQuarter(get(d.startsWith("south") ? "south" : "north"), 0.85, facing * turn, facing);
  };
  const get = (d: Direction): View => {
    let v = cache.get(d);
    if (!v) cache.set(d, (v = make(d)));
    return v;
  };
  return get;
}
