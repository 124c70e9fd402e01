/**
 * A side-view creature (a quadruped, a fish) seen from the front or the back: its body squeezed
 * and made symmetric from its hind half, and its head (the facing end of the profile) turned to
 * the viewer: made symmetric about its own middle, with both eyes, on top of the body's middle.
 */
import { shifted } from "./grid.js";
import { boundsOf, PART, type Rig } from "./rig.js";
import { base, type View } from "./view.js";
import { SpriteGrid } from "../sprites/index.js";

/** `east` faces right; `back`: seen from behind (no eyes, the head behind the body). */
export function frontOfSide(rig: Rig, east: View, back: boolean): View {
  const { n } = rig;
  const [x0, y0, x1, y1] = east.box;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const cx = Math.round(n / 2);
  // the head: the facing end of the profile, over its top part
  const hx0 = x1 - Math.round(w * 0.38);
  const hy1 = y0 + Math.round(h * 0.6);
  const inHead = (i: number, j: number): boolean => i >= hx0 && j <= hy1;
  // the body: hind half squeezed towards the middle and mirrored
  const body = new SpriteGrid(n);
  const eyes = new Uint8Array(n * n);
  const bodyMid = (x0 + hx0) / 2;
  const half = Math.max(2, Math.round(w * 0.22));
  for (let j = y0; j <= y1; j++) {
    for (let a = 0; a < half; a++) {
      // column a of the half (from the middle outwards) reads the body from its middle to its hind end
      const si = Math.round(bodyMid - ((a + 0.5) / half) * (bodyMid - x0));
      const m = inHead(si, j) ? 0 : east.body.get(si, j);
      if (!m) continue;
      body.setCell(cx - 1 - a, j, m, east.body.toneAt(si, j));
      body.setCell(cx + a, j, m, east.body.toneAt(si, j));
    }
  }
  // the head, symmetric about its middle: its back half (ears, crown) on both sides, both eyes
  const hw = x1 - hx0 + 1;
  const headHalf = Math.max(2, Math.round(hw * 0.45));
  const head = new SpriteGrid(n);
  const headEyes = new Uint8Array(n * n);
  for (let j = y0; j <= hy1; j++) {
    for (let a = 0; a < headHalf; a++) {
      const si = Math.round(hx0 + ((a + 0.5) / headHalf) * (hw - 1));
      const m = east.body.get(si, j);
      if (!m) continue;
      const eye = east.eyes[j * n + si] ?? 0;
      for (const i of [cx - headHalf + a, cx + headHalf - 1 - a]) {
        // from behind, the eyes are painted over
        head.setCell(i, j, eye && back ? rig.headMaterial : m, eye && back ? 0 : east.body.toneAt(si, j));
        if (eye && !back) headEyes[j * n + i] = eye;
      }
    }
  }
  // from behind the body hides the lower head; from the front the head is over the body
  const out = new SpriteGrid(n);
  const [under, over] = back ? [head, body] : [body, head];
  for (const g of [under, over]) for (let k = 0; k < n * n; k++) if (g.cells[k]) (out.cells[k] = g.cells[k] as number), (out.tone[k] = g.tone[k] as number);
  for (let k = 0; k < n * n; k++) if (headEyes[k]) eyes[k] = headEyes[k] as number;
  const box = boundsOf(out);
  const shift = box ? Math.round(n / 2 - (box[0] + box[2] + 1) / 2) : 0;
  const g = shifted(out, shift, 0);
  const e = new Uint8Array(n * n);
  for (let k = 0; k < n * n; k++) if (eyes[k] && (k % n) + shift >= 0 && (k % n) + shift < n) e[k + shift] = eyes[k] as number;
  const part = new Uint8Array(n * n);
  for (let k = 0; k < n * n; k++) if (g.cells[k]) part[k] = PART.TORSO;
  return relabelLegs(base(rig, g, part, e, [], 0));
}

/** Finds the legs of a view again (after it was rebuilt from another view): left and right of the middle. */
function relabelLegs(view: View): View {
  const { n, body, part } = view;
  const box = view.box;
  let hip = box[3] + 1;
  while (hip - 1 > box[1] + (box[3] - box[1]) / 2) {
    let runs = 0;
    for (let i = 0; i < n; i++) if (body.get(i, hip - 1) && !body.get(i - 1, hip - 1)) runs++;
    if (runs < 2) break;
    hip--;
  }
  if (hip > box[3]) return { ...view, legs: 0, hip, pairs: [[], []] };
  const mid = n / 2;
  for (let j = hip; j <= box[3]; j++) for (let i = 0; i < n; i++) if (body.get(i, j)) part[j * n + i] = PART.LEG + (i < mid ? 0 : 1);
  return { ...view, legs: 2, hip, pairs: [[0], [1]] };
}
