/**
 * One frame of a sheet as a material grid: the parts of a view moved by a pose and drawn in a fixed
 * order (items behind, far arm, legs, torso, head, near arm, items in front), then the whole
 * figure squashed, sheared, moved or turned about its bottom centre, nearest-neighbour.
 */
import type { Pose } from "./poses.js";
import { armOffset, movedRow, PART_LAYERS, partOffset } from "./part-offsets.js";
import { boundsOf } from "./rig.js";
import type { View, ViewLayer } from "./view.js";
import { M, SpriteGrid } from "../sprites/index.js";

/** The view's body with its eyes shut: each eye painted over, a dark lid along its bottom. */
function closedEyes(view: View): SpriteGrid {
  const { n, eyes, body } = view;
  const g = new SpriteGrid(n);
  g.cells.set(body.cells);
  g.tone.set(body.tone);
  const cx = (view.box[0] + view.box[2] + 1) / 2;
  for (let c = 0; c < n * n; c++) if (eyes[c]) (g.cells[c] = view.headMaterial), (g.tone[c] = 0);
  for (let c = 0; c < n * n; c++) {
    if (!eyes[c] || (c + n < n * n && eyes[c + n])) continue;
    g.cells[c] = M.DARK;
    const i = c % n;
    // a one-cell eye closes as a two-cell lid, towards the middle of the face
    if (!eyes[c - 1] && !eyes[c + 1]) {
      const t = i + 0.5 < cx ? c + 1 : c - 1;
      if (g.cells[t]) g.cells[t] = M.DARK;
    }
  }
  return g;
}

/** A held item turned about its grip and moved; behind the body its separating line is left out (the body covers it). */
function drawLayer(out: SpriteGrid, layer: ViewLayer, angle: number, dx: number, dy: number, behind: boolean, ground: number): void {
  const { n } = out;
  const src = layer.grid;
  const a = (angle * layer.swing * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const [px, py] = layer.grip;
  // an item lowered with the body does not sink into the ground
  const last = ground;
  for (let j = 0; j <= last; j++) {
    for (let i = 0; i < n; i++) {
      // the destination cell's centre turned back about the grip, then read from the source
      const x = i + 0.5 - dx - px;
      const y = j + 0.5 - dy - py;
      const si = Math.floor(px + cos * x + sin * y);
      const sj = Math.floor(py - sin * x + cos * y);
      const m = src.get(si, sj);
      if (m === M.EMPTY || (behind && m === M.LINE)) continue;
      out.setCell(i, j, m, src.toneAt(si, sj));
    }
  }
}

/** Squash, widen and shear about the figure's bottom centre (nearest-neighbour). */
function reshape(g: SpriteGrid, squash: number, widen: number, shear: number): SpriteGrid {
  const box = boundsOf(g);
  if (!box || (squash === 0 && widen === 0 && shear === 0)) return g;
  const { n } = g;
  const [x0, y0, x1, y1] = box;
  const h = y1 - y0 + 1;
  const w = x1 - x0 + 1;
  const nh = Math.max(1, h - squash);
  const nw = Math.max(1, w + widen);
  const cx = (x0 + x1 + 1) / 2;
  const out = new SpriteGrid(n);
  for (let j = 0; j < n; j++) {
    const up = y1 - j;
    if (up < 0 || up >= nh) continue;
    const sj = y1 - Math.floor(((up + 0.5) * h) / nh);
    const lean = nh > 1 ? Math.round((shear * up) / (nh - 1)) : 0;
    for (let i = 0; i < n; i++) {
      const si = Math.floor(cx + ((i - lean + 0.5 - cx) * w) / nw);
      const m = g.get(si, sj);
      if (m !== M.EMPTY) out.setCell(i, j, m, g.toneAt(si, sj));
    }
  }
  return out;
}

/** The figure turned by `degrees` about its bottom centre, then set back on the ground, centred. */
function fallen(g: SpriteGrid, degrees: number): SpriteGrid {
  const box = boundsOf(g);
  if (!box || degrees === 0) return g;
  const { n } = g;
  const cx = (box[0] + box[2] + 1) / 2;
  const by = box[3] + 1;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const turned = new SpriteGrid(2 * n);
  // drawn on a grid twice as large (offset by n/2) so nothing is clipped before it is re-seated
  const o = n / 2;
  for (let j = 0; j < 2 * n; j++) {
    for (let i = 0; i < 2 * n; i++) {
      const x = i - o + 0.5 - cx;
      const y = j - o + 0.5 - by;
      const si = Math.floor(cx + cos * x + sin * y);
      const sj = Math.floor(by - sin * x + cos * y);
      const m = g.get(si, sj);
      if (m !== M.EMPTY) turned.setCell(i, j, m, g.toneAt(si, sj));
    }
  }
  const t = boundsOf(turned);
  if (!t) return g;
  const dx = Math.round(cx - (t[0] + t[2] + 1) / 2);
  const dy = box[3] - t[3];
  const out = new SpriteGrid(n);
  for (let j = t[1]; j <= t[3]; j++) {
    for (let i = t[0]; i <= t[2]; i++) {
      const m = turned.get(i, j);
      if (m !== M.EMPTY) out.setCell(i + dx, j + dy, m, turned.toneAt(i, j));
    }
  }
  return out;
}

export function composeFrame(view: View, pose: Pose, closed?: SpriteGrid): SpriteGrid {
  const { n, part } = view;
  const body = pose.eyesClosed ? (closed ?? closedEyes(view)) : view.body;
  let out = new SpriteGrid(n);
  const upper = pose.upper;
  const itemAt = (l: ViewLayer): [number, number] => {
    const [ax] = armOffset(pose, l.arm);
    return [ax + (pose.item?.dx ?? 0), (upper?.[1] ?? 0) + (pose.item?.dy ?? 0)];
  };
  const angle = pose.item?.angle ?? 0;
  // nothing is pushed below the feet: the ground row stays where it was
  const ground = view.box[3];
  for (const l of view.layers) if (!l.front) drawLayer(out, l, angle, ...itemAt(l), true, ground);
  for (const keep of PART_LAYERS) {
    for (let k = 0; k < n * n; k++) {
      const p = part[k] as number;
      if (!body.cells[k] || !keep(p)) continue;
      const [dx, dy] = partOffset(pose, p);
      out.setCell((k % n) + dx, movedRow(Math.floor(k / n), dy, ground), body.cells[k] as number, body.tone[k] as number);
    }
  }
  for (const l of view.layers) if (l.front) drawLayer(out, l, angle, ...itemAt(l), false, ground);
  out = reshape(out, pose.squash ?? 0, pose.widen ?? 0, pose.shear ?? 0);
  if (pose.shift) {
    const moved = new SpriteGrid(n);
    const [dx, dy] = pose.shift;
    for (let k = 0; k < n * n; k++) if (out.cells[k]) moved.setCell((k % n) + dx, Math.floor(k / n) + dy, out.cells[k] as number, out.tone[k] as number);
    out = moved;
  }
  if (pose.fall) out = fallen(out, pose.fall);
  if (pose.flash) for (let k = 0; k < n * n; k++) if (out.cells[k]) (out.cells[k] = M.SHINE), (out.tone[k] = 0);
  out.clearBorder();
  return out;
}

/** Closed-eye bodies are the same for every frame of a view: made once. */
export function closedEyesOf(view: View): SpriteGrid {
  return closedEyes(view);
}
