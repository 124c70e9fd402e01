/**
 * Counted parts on a rig ("three-headed dog", "four-armed demon", "one-eyed giant", "three-eyed
 * crow"): the rig's own head, arms and eyes copied, moved or merged, so any figure takes any count.
 * A copy is drawn behind the figure (into empty cells only) and labelled like the part it copies,
 * so a pose moves it with its original.
 */
import type { PartCount } from "../words/actions.js";
import { boundsOf, PART, type Rig } from "./rig.js";
import { M } from "../sprites/index.js";

type Box = [number, number, number, number];

function boxOf(cells: number[], n: number): Box | undefined {
  if (cells.length === 0) return undefined;
  let x0 = n;
  let y0 = n;
  let x1 = -1;
  let y1 = -1;
  for (const c of cells) {
    const i = c % n;
    const j = (c - i) / n;
    x0 = Math.min(x0, i);
    x1 = Math.max(x1, i);
    y0 = Math.min(y0, j);
    y1 = Math.max(y1, j);
  }
  return [x0, y0, x1, y1];
}

/** Copies cells of the rig by (dx, dy), into empty cells only; eyes and mouth go with them. */
function copyBehind(rig: Rig, cells: number[], dx: number, dy: number, label?: number): void {
  const { n, body, part, eyes, mouth } = rig;
  for (const c of cells) {
    const i = (c % n) + dx;
    const j = Math.floor(c / n) + dy;
    if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) continue;
    const t = j * n + i;
    if (body.cells[t]) continue;
    body.cells[t] = body.cells[c] as number;
    body.tone[t] = body.tone[c] as number;
    part[t] = label ?? (part[c] as number);
    if (eyes[c]) eyes[t] = eyes[c] as number;
    if (mouth[c]) mouth[t] = mouth[c] as number;
  }
}

/** The head's cells: a character's head part; a creature's cells around its eyes (the front of a side view). */
function headCells(rig: Rig): number[] {
  const { n, body, part, eyes } = rig;
  const cells: number[] = [];
  if (rig.character) {
    for (let k = 0; k < n * n; k++) if (body.cells[k] && part[k] === PART.HEAD) cells.push(k);
    return cells;
  }
  const eyeCells: number[] = [];
  for (let k = 0; k < n * n; k++) if (eyes[k]) eyeCells.push(k);
  const box = rig.box;
  let ex: number;
  let ey: number;
  if (eyeCells.length > 0) {
    ex = eyeCells.reduce((a, c) => a + (c % n), 0) / eyeCells.length;
    ey = eyeCells.reduce((a, c) => a + Math.floor(c / n), 0) / eyeCells.length;
  } else {
    ex = rig.facing === 0 ? (box[0] + box[2]) / 2 : rig.facing === 1 ? box[2] - (box[2] - box[0]) * 0.15 : box[0] + (box[2] - box[0]) * 0.15;
    ey = box[1] + (box[3] - box[1]) * 0.25;
  }
  const r = Math.max(2, Math.round(Math.min(box[2] - box[0], box[3] - box[1]) * 0.3));
  for (let k = 0; k < n * n; k++) {
    if (!body.cells[k] || (part[k] as number) >= PART.LEG) continue;
    const i = k % n;
    const j = (k - i) / n;
    if (Math.abs(i - ex) <= r && Math.abs(j - ey) <= r) cells.push(k);
  }
  return cells;
}

/** Extra heads beside the first: fanned out sideways for a figure seen from the front, up and back for a side view. */
function addHeads(rig: Rig, count: number): boolean {
  const cells = headCells(rig);
  const box = boxOf(cells, rig.n);
  if (!box || count < 2) return false;
  const w = box[2] - box[0] + 1;
  const h = box[3] - box[1] + 1;
  const f = rig.facing;
  const offsets: [number, number][] =
    f === 0
      ? [
          [Math.round(w * (count === 2 ? 0.55 : 0.7)), -Math.round(h * 0.15)],
          [-Math.round(w * 0.7), -Math.round(h * 0.15)],
          [Math.round(w * 1.3), Math.round(h * 0.15)],
          [-Math.round(w * 1.3), Math.round(h * 0.15)],
        ]
      : [
          [-f * Math.round(w * 0.45), -Math.round(h * 0.5)],
          [f * Math.round(w * 0.35), Math.round(h * 0.45)],
          [-f * Math.round(w * 0.9), -Math.round(h * 0.7)],
          [f * Math.round(w * 0.7), -Math.round(h * 0.2)],
        ];
  for (const [dx, dy] of offsets.slice(0, count - 1)) copyBehind(rig, cells, dx, dy);
  return true;
}

/** A character's arms: one taken away ("one-armed"), or pairs added below the first ("four-armed"). */
function setArms(rig: Rig, count: number): boolean {
  const { n, body, part } = rig;
  if (!rig.character) return false;
  const arm = (label: number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < n * n; k++) if (body.cells[k] && part[k] === label) out.push(k);
    return out;
  };
  const left = arm(PART.ARM_L);
  const right = arm(PART.ARM_R);
  if (left.length === 0 && right.length === 0) return false;
  if (count === 1) {
    for (const k of right) (body.cells[k] = M.EMPTY), (part[k] = PART.NONE), (body.tone[k] = 0);
    return right.length > 0;
  }
  // each extra arm beside the one it copies, outward and a little lower
  const lb = boxOf(left, n);
  const rb = boxOf(right, n);
  for (let extra = 0; extra < count - 2; extra++) {
    const row = Math.floor(extra / 2) + 1;
    const b = extra % 2 === 0 ? lb : rb;
    if (!b) continue;
    const dx = (b[2] - b[0] + 2) * row;
    const dy = Math.round((b[3] - b[1] + 1) * 0.4 * row);
    if (extra % 2 === 0) copyBehind(rig, left, -dx, dy);
    else copyBehind(rig, right, dx, dy);
  }
  return count > 2;
}

/** One eye in the middle of the face ("one-eyed"), or eyes added above the others ("three-eyed"). */
function setEyes(rig: Rig, count: number): boolean {
  const { n, body, eyes } = rig;
  const cells: number[] = [];
  for (let k = 0; k < n * n; k++) if (eyes[k]) cells.push(k);
  const box = boxOf(cells, n);
  if (!box) return false;
  const ew = box[2] - box[0] + 1;
  const eh = box[3] - box[1] + 1;
  if (count === 1) {
    for (const k of cells) (body.cells[k] = rig.headMaterial), (body.tone[k] = 0), (eyes[k] = 0);
    // one big eye where the eyes' middle was: white with a dark pupil
    const size = Math.max(2, Math.min(Math.round(n / 8), Math.max(eh, Math.round(ew / 2)) + 1));
    const cx = Math.round((box[0] + box[2] + 1) / 2 - size / 2);
    const cy = Math.round((box[1] + box[3] + 1) / 2 - size / 2);
    for (let j = cy; j < cy + size; j++) {
      for (let i = cx; i < cx + size; i++) {
        const k = j * n + i;
        if (!body.cells[k]) continue;
        const centre = Math.abs(i + 0.5 - (cx + size / 2)) < size / 4 + 0.01 && Math.abs(j + 0.5 - (cy + size / 2)) < size / 4 + 0.01;
        body.cells[k] = centre || size < 3 ? (centre ? M.DARK : M.EYE) : M.EYE;
        body.tone[k] = 0;
        eyes[k] = body.cells[k] as number;
      }
    }
    return true;
  }
  if (count <= 2) return false;
  // the first eye (the left one), copied above the middle: a third eye, then a fourth and fifth beside it
  const first = cells.filter((c) => c % n <= box[0] + Math.max(0, Math.floor(ew / 2) - 1));
  const fb = boxOf(first, n) as Box;
  const fw = fb[2] - fb[0] + 1;
  const mid = Math.round((box[0] + box[2] + 1) / 2 - fw / 2);
  const up = eh + Math.max(1, Math.round(n / 32));
  const spots = [mid, mid - fw - 1, mid + fw + 1].slice(0, count - 2);
  for (const x of spots) {
    for (const c of first) {
      const i = (c % n) - fb[0] + x;
      const j = Math.floor(c / n) - up;
      const t = j * n + i;
      if (j < 0 || !body.cells[t] || body.cells[t] === M.LINE) continue;
      body.cells[t] = body.cells[c] as number;
      body.tone[t] = 0;
      eyes[t] = eyes[c] as number;
    }
  }
  return true;
}

/** Applies the counts to the rig in place (box recomputed); true when any changed it. */
export function countParts(rig: Rig, parts: readonly PartCount[]): boolean {
  let changed = false;
  for (const p of parts) {
    if (p.part === "heads") changed = addHeads(rig, p.count) || changed;
    else if (p.part === "arms") changed = setArms(rig, p.count) || changed;
    else if (p.part === "eyes") changed = setEyes(rig, p.count) || changed;
  }
  if (changed) rig.box = boundsOf(rig.body) ?? rig.box;
  return changed;
}
