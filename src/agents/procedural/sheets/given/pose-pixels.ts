/**
 * One frame of a given sprite: its rigged parts moved by a pose of poses.ts (the drawn sheets' own
 * animations) and drawn in compose.ts's order (far arm, legs, torso, head, near arm), then the whole
 * figure squashed, sheared, moved or turned about its bottom centre. Pixels are only moved, never
 * blended: every frame keeps the sprite's colours (a hit flash paints the figure in `flash`).
 */
import type { Pose } from "../poses.js";
import { movedRow, PART_LAYERS, partOffset } from "../part-offsets.js";
import { boxOf, type Pixels } from "./sprite-art.js";

/** The sprite set in its frame: pixels, a PART label per pixel, and the row its feet stand on. */
export interface Posable {
  body: Pixels;
  part: Uint8Array;
  ground: number;
}

const blank = (p: Pixels): Pixels => ({ w: p.w, h: p.h, px: new Uint32Array(p.w * p.h) });

function put(out: Pixels, x: number, y: number, c: number): void {
  if (x >= 0 && y >= 0 && x < out.w && y < out.h) out.px[y * out.w + x] = c;
}

/** Squash, widen and shear about the figure's bottom centre (nearest pixel), as compose.ts's reshape. */
export function reshape(g: Pixels, squash: number, widen: number, shear: number): Pixels {
  const box = boxOf(g);
  if (!box || (squash === 0 && widen === 0 && shear === 0)) return g;
  const [x0, y0, x1, y1] = box;
  const h = y1 - y0 + 1;
  const w = x1 - x0 + 1;
  const nh = Math.max(1, h - squash);
  const nw = Math.max(1, w + widen);
  const cx = (x0 + x1 + 1) / 2;
  const out = blank(g);
  for (let j = 0; j < g.h; j++) {
    const up = y1 - j;
    if (up < 0 || up >= nh) continue;
    const sj = y1 - Math.floor(((up + 0.5) * h) / nh);
    const lean = nh > 1 ? Math.round((shear * up) / (nh - 1)) : 0;
    for (let i = 0; i < g.w; i++) {
      const si = Math.floor(cx + ((i - lean + 0.5 - cx) * w) / nw);
      if (si < 0 || si >= g.w || sj < 0 || sj >= g.h) continue;
      const c = g.px[sj * g.w + si] as number;
      if (c) out.px[j * g.w + i] = c;
    }
  }
  return out;
}

/** The figure turned by `degrees` about its bottom centre, then set back on its ground row, centred (compose.ts's fall). */
export function fallen(g: Pixels, degrees: number): Pixels {
  const box = boxOf(g);
  if (!box || degrees === 0) return g;
  const cx = (box[0] + box[2] + 1) / 2;
  const by = box[3] + 1;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // turned on a canvas with room on every side, so nothing is clipped before it is re-seated
  const m = Math.max(g.w, g.h);
  const turned: Pixels = { w: g.w + 2 * m, h: g.h + 2 * m, px: new Uint32Array((g.w + 2 * m) * (g.h + 2 * m)) };
  for (let j = 0; j < turned.h; j++) {
    for (let i = 0; i < turned.w; i++) {
      const x = i - m + 0.5 - cx;
      const y = j - m + 0.5 - by;
      const si = Math.floor(cx + cos * x + sin * y);
      const sj = Math.floor(by - sin * x + cos * y);
      if (si < 0 || si >= g.w || sj < 0 || sj >= g.h) continue;
      const c = g.px[sj * g.w + si] as number;
      if (c) turned.px[j * turned.w + i] = c;
    }
  }
  const t = boxOf(turned);
  if (!t) return g;
  // the turned canvas is offset by m: back to the frame's coordinates
  const dx = Math.round(cx - ((t[0] + t[2] + 1) / 2 - m)) - m;
  const dy = box[3] - (t[3] - m) - m;
  const out = blank(g);
  for (let j = t[1]; j <= t[3]; j++) {
    for (let i = t[0]; i <= t[2]; i++) {
      const c = turned.px[j * turned.w + i] as number;
      if (c) put(out, i + dx, j + dy, c);
    }
  }
  return out;
}

/**
 * A part moved up or down leaves a one-pixel seam (a head raised off its neck): a pixel left empty between
 * two filled ones above and below, where the sprite itself is filled, takes the sprite's own pixel back.
 */
function closeSeams(out: Pixels, body: Pixels): void {
  const { w, h } = out;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (!out.px[k] && body.px[k] && out.px[k - w] && out.px[k + w]) out.px[k] = body.px[k] as number;
    }
  }
}

export function posePixels(s: Posable, pose: Pose, flash: number): Pixels {
  const { body, part, ground } = s;
  const { w } = body;
  let out = blank(body);
  for (const keep of PART_LAYERS) {
    for (let k = 0; k < body.px.length; k++) {
      const p = part[k] as number;
      const c = body.px[k] as number;
      if (!c || !keep(p)) continue;
      const [dx, dy] = partOffset(pose, p);
      put(out, (k % w) + dx, movedRow(Math.floor(k / w), dy, ground), c);
    }
  }
  closeSeams(out, body);
  out = reshape(out, pose.squash ?? 0, pose.widen ?? 0, pose.shear ?? 0);
  if (pose.shift) {
    const moved = blank(out);
    const [dx, dy] = pose.shift;
    for (let k = 0; k < out.px.length; k++) if (out.px[k]) put(moved, (k % w) + dx, Math.floor(k / w) + dy, out.px[k] as number);
    out = moved;
  }
  if (pose.fall) out = fallen(out, pose.fall);
  if (pose.flash) for (let k = 0; k < out.px.length; k++) if (out.px[k]) out.px[k] = flash;
  return out;
}
