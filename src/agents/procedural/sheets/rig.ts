/**
 * The rig of a sprite sheet: the sprite's material grid cut into parts a pose can move (head,
 * torso, arms, legs), found from the drawing itself and the character's anchors, plus the cells of
 * its face (to close the eyes, or hide them from behind). Parts are labels per cell; the grid
 * keeps its materials, so every posed frame is coloured with the same palette and outline.
 */
import { type HeldLayer, M, SpriteGrid, type SpriteModel } from "../sprites/index.js";

/** Part labels: legs are LEG, LEG + 1, ... (at most four). */
export const PART = { NONE: 0, TORSO: 1, HEAD: 2, ARM_L: 3, ARM_R: 4, LEG: 5 } as const;

const FACE_MATERIALS = new Set<number>([M.EYE, M.DARK, M.SHINE, M.GLOW]);

export interface Rig {
  n: number;
  /** The figure without held items, border cleared. */
  body: SpriteGrid;
  /** A PART label per cell (NONE where the body is empty). */
  part: Uint8Array;
  /** How many legs (0 for slimes, ghosts, robes). */
  legs: number;
  /** Bounding box of the body, in cells, inclusive. */
  box: [number, number, number, number];
  /** Top row of the legs (the row below the body when there are none). */
  hip: number;
  /** The rows of the head: [top, bottom]. */
  head: [number, number];
  /** Eye cells (their material), 0 elsewhere. */
  eyes: Uint8Array;
  /** Other face cells (mouth, nostrils), 0 elsewhere. */
  mouth: Uint8Array;
  /** The material most of the head is made of (skin, metal, the creature's body). */
  headMaterial: number;
  /** True when the head has hair cells. */
  hair: boolean;
  held: HeldLayer[];
  character: boolean;
  /** Drawn from the side (quadrupeds, fish): the image direction it faces, else 0. */
  facing: -1 | 0 | 1;
}

export function boundsOf(g: SpriteGrid): [number, number, number, number] | undefined {
  const { n, cells } = g;
  let x0 = n;
  let y0 = n;
  let x1 = -1;
  let y1 = -1;
  for (let k = 0; k < n * n; k++) {
    if (!cells[k]) continue;
    const i = k % n;
    const j = (k - i) / n;
    if (i < x0) x0 = i;
    if (i > x1) x1 = i;
    if (j < y0) y0 = j;
    y1 = j;
  }
  return x1 < 0 ? undefined : [x0, y0, x1, y1];
}

/** The runs of filled cells of row j: [first, last] column pairs. */
function runsOf(g: SpriteGrid, j: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < g.n; i++) {
    if (!g.get(i, j)) continue;
    const start = i;
    while (i + 1 < g.n && g.get(i + 1, j)) i++;
    out.push([start, i]);
  }
  return out;
}

/** Labels the legs: connected cells of the bottom band where each row splits into two or more runs. */
function labelLegs(g: SpriteGrid, part: Uint8Array, bottom: number, top: number): { legs: number; hip: number } {
  const { n } = g;
  let hip = bottom + 1;
  const minHeight = Math.max(1, Math.round(n / 32));
  while (hip - 1 >= top && runsOf(g, hip - 1).length >= 2) hip--;
  // a leg is at least as tall as a design pixel, and the band is at most half the figure
  if (bottom + 1 - hip < minHeight) return { legs: 0, hip: bottom + 1 };
  hip = Math.max(hip, Math.round(top + (bottom - top) * 0.5));
  const comp = new Int16Array(n * n).fill(-1);
  const sizes: number[] = [];
  const members: number[][] = [];
  for (let j = hip; j <= bottom; j++) {
    for (let i = 0; i < n; i++) {
      const k = j * n + i;
      if (!g.cells[k] || comp[k] !== -1) continue;
      const id = sizes.length;
      const stack = [k];
      const list: number[] = [];
      comp[k] = id;
      while (stack.length) {
        const c = stack.pop() as number;
        list.push(c);
        const ci = c % n;
        const cj = (c - ci) / n;
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const ni = ci + di;
          const nj = cj + dj;
          if (ni < 0 || ni >= n || nj < hip || nj > bottom) continue;
          const nk = nj * n + ni;
          if (g.cells[nk] && comp[nk] === -1) (comp[nk] = id), stack.push(nk);
        }
      }
      sizes.push(list.length);
      members.push(list);
    }
  }
  // the legs stand on the ground: components that reach the bottom row (up to four, by size)
  const grounded = members
    .map((list, id) => ({ id, list, ground: list.some((c) => Math.floor(c / n) >= bottom - minHeight + 1) }))
    .filter((c) => c.ground)
    .sort((a, b) => b.list.length - a.list.length)
    .slice(0, 4)
    .sort((a, b) => ((a.list[0] as number) % n) - ((b.list[0] as number) % n));
  if (grounded.length < 2) return { legs: 0, hip: bottom + 1 };
  grounded.forEach((c, index) => {
    for (const k of c.list) part[k] = PART.LEG + index;
  });
  return { legs: grounded.length, hip };
}

/** Eyes and mouth: small clusters of face materials inside the head rows. */
function findFace(g: SpriteGrid, head: [number, number], box: [number, number, number, number], character: boolean): { eyes: Uint8Array; mouth: Uint8Array } {
  const { n } = g;
  const eyes = new Uint8Array(n * n);
  const mouth = new Uint8Array(n * n);
  const seen = new Uint8Array(n * n);
  // a character's face may be a visor; a creature's dark areas larger than an eye are its markings
  const limit = character ? Math.round((n / 4) ** 2) : Math.max(4, Math.round((n / 9) ** 2));
  const centre = (box[0] + box[2] + 1) / 2;
  for (let j = head[0]; j <= head[1]; j++) {
    for (let i = box[0]; i <= box[2]; i++) {
      const k = j * n + i;
      if (seen[k] || !FACE_MATERIALS.has(g.cells[k] as number)) continue;
      const list: number[] = [];
      const stack = [k];
      seen[k] = 1;
      let edge = false;
      while (stack.length) {
        const c = stack.pop() as number;
        list.push(c);
        const ci = c % n;
        const cj = (c - ci) / n;
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ] as const) {
          const ni = ci + di;
          const nj = cj + dj;
          if (ni < 0 || ni >= n || nj < head[0] || nj > head[1]) continue;
          const nk = nj * n + ni;
          if (Math.abs(di) + Math.abs(dj) === 1 && !g.cells[nk]) edge = true;
          if (!seen[nk] && FACE_MATERIALS.has(g.cells[nk] as number)) (seen[nk] = 1), stack.push(nk);
        }
      }
      // details on the outline (a hover shadow, dark boots) and big dark areas are no face
      if (list.length > limit || (edge && list.length > 2)) continue;
      let sx = 0;
      for (const c of list) sx += (c % n) + 0.5;
      const onAxis = Math.abs(sx / list.length - centre) < Math.max(1, n / 32);
      for (const c of list) (onAxis ? mouth : eyes)[c] = g.cells[c] as number;
    }
  }
  return { eyes, mouth };
}

/** Which way a side-view drawing faces: towards its eyes (else towards its taller half). */
function facingOf(g: SpriteGrid, eyes: Uint8Array, box: [number, number, number, number]): -1 | 1 {
  const { n } = g;
  const mid = (box[0] + box[2] + 1) / 2;
  let sum = 0;
  let count = 0;
  for (let k = 0; k < n * n; k++) if (eyes[k]) (sum += (k % n) + 0.5), count++;
  if (count > 0 && Math.abs(sum / count - mid) > 0.5) return sum / count > mid ? 1 : -1;
  let left = 0;
  let right = 0;
  const top = box[1] + Math.round((box[3] - box[1]) * 0.35);
  for (let j = box[1]; j <= top; j++) for (let i = box[0]; i <= box[2]; i++) if (g.get(i, j)) i < mid ? left++ : right++;
  return right > left ? 1 : -1;
}

export function rigSprite(model: SpriteModel): Rig {
  const { n, anchors } = model;
  const body = new SpriteGrid(n);
  body.cells.set(model.body.cells);
  body.tone.set(model.body.tone);
  body.clearBorder();
  const box = boundsOf(body) ?? [0, 0, n - 1, n - 1];
  const part = new Uint8Array(n * n);
  for (let k = 0; k < n * n; k++) if (body.cells[k]) part[k] = PART.TORSO;
  const character = model.plan.builder.kind === "character" && anchors !== undefined;
  const side = model.plan.builder.asymmetric === true;
  const { legs, hip } = labelLegs(body, part, box[3], box[1]);
  let head: [number, number];
  if (character && anchors) {
    const neck = Math.min(hip - 1, Math.round((anchors.neck ?? anchors.headTop + 0.3) * n));
    head = [box[1], Math.max(box[1], neck)];
    for (let j = head[0]; j <= head[1]; j++) for (let i = 0; i < n; i++) if (part[j * n + i] === PART.TORSO) part[j * n + i] = PART.HEAD;
    // the arms: outside the torso's columns, from the neck down to the hand
    const inner = Math.round(anchors.hand.x1 * n);
    const handBottom = Math.min(hip - 1, Math.round(anchors.hand.y1 * n) + 1);
    for (let j = head[1] + 1; j <= handBottom; j++) {
      for (let i = 0; i < n; i++) {
        const k = j * n + i;
        if (part[k] !== PART.TORSO) continue;
        if (i < inner) part[k] = PART.ARM_L;
        else if (i >= n - inner) part[k] = PART.ARM_R;
      }
    }
  } else {
    head = [box[1], side ? box[3] : box[1] + Math.round((box[3] - box[1]) * 0.6)];
  }
  const { eyes, mouth } = findFace(body, head, box, character);
  const counts = new Map<number, number>();
  let hair = false;
  for (let j = head[0]; j <= head[1]; j++) {
    for (let i = box[0]; i <= box[2]; i++) {
      const k = j * n + i;
      const m = body.cells[k] as number;
      if (!m || eyes[k] || mouth[k]) continue;
      if (m === M.HAIR) hair = true;
      if (m !== M.HAIR && m !== M.LINE) counts.set(m, (counts.get(m) ?? 0) + 1);
    }
  }
  let headMaterial: number = M.BODY;
  let best = -1;
  for (const [m, c] of counts) if (c > best) (best = c), (headMaterial = m);
  if (character && counts.has(M.SKIN)) headMaterial = M.SKIN;
  const facing = side ? facingOf(body, eyes, box) : 0;
  return { n, body, part, legs, box, hip, head, eyes, mouth, headMaterial, hair, held: model.held, character, facing };
}
