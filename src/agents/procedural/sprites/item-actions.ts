/**
 * What a thing is doing (issue 39): "cannon firing" (a flash and a puff of smoke at the muzzle),
 * "crate falling" (tilted, lifted, lines streaming above it), "rolling barrel" (turned, lines
 * trailing behind). A figure's actions are poses of its rig (actions.ts); a thing's are these few
 * effects over its own drawing. A word no effect here fits (a sword "firing") stays ignored.
 */
import { bounds, scaleGrid, shift } from "./creatures/kit.js";
import { M, type SpriteBuilder, SpriteGrid } from "./grid.js";
import { broaderSubjects } from "../words/subjects/subjects.js";
import { wordTable } from "../words/vocabulary.js";

type ItemAction = "firing" | "falling" | "rolling";

const ITEM_ACTION_WORDS = wordTable({
  firing: "firing fires shooting shoots blasting",
  falling: "falling falls tumbling plummeting dropping",
  rolling: "rolling rolls",
}) as ReadonlyMap<string, ItemAction>;

/** Things that fire: a muzzle flash fits them. */
const SHOOTERS = new Set(["cannon", "gun", "rifle"]);

/** The first action word a thing can take, with its action (firing only a thing that shoots). */
export function readItemAction(otherWords: readonly string[], design: string): { action: ItemAction; word: string } | undefined {
  for (const word of otherWords) {
    const action = ITEM_ACTION_WORDS.get(word);
    if (!action) continue;
    if (action === "firing" && !broaderSubjects(design).some((b) => SHOOTERS.has(b))) continue;
    return { action, word };
  }
  return undefined;
}

/** The drawing turned by `degrees` about its centre (nearest cell). */
function turn(g: SpriteGrid, degrees: number): void {
  const box = bounds(g);
  if (!box) return;
  const { n } = g;
  const cx = (box[0] + box[2] + 1) / 2;
  const cy = (box[1] + box[3] + 1) / 2;
  const a = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const src = new SpriteGrid(n);
  src.cells.set(g.cells);
  src.tone.set(g.tone);
  g.cells.fill(0);
  g.tone.fill(0);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const [x, y] = [i + 0.5 - cx, j + 0.5 - cy];
      const si = Math.floor(cx + cos * x + sin * y);
      const sj = Math.floor(cy - sin * x + cos * y);
      const m = src.get(si, sj);
      if (m !== M.EMPTY) g.setCell(i, j, m, src.toneAt(si, sj));
    }
}

/** A filled disc where nothing is drawn yet. */
function disc(g: SpriteGrid, ci: number, cj: number, r: number, m: number): void {
  for (let j = cj - r; j <= cj + r; j++)
    for (let i = ci - r; i <= ci + r; i++) if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r + 0.5 && i > 0 && j > 0 && i < g.n - 1 && j < g.n - 1) g.setCell(i, j, m);
}

/** Short streaks: `count` lines of `length` cells from (i, j), stepping (di, dj) between lines. */
function streaks(g: SpriteGrid, i: number, j: number, vertical: boolean, length: number, step: number): void {
  for (let k = 0; k < 3; k++) {
    const len = k === 1 ? length : Math.max(2, Math.round(length * 0.6));
    for (let d = 0; d < len; d++) {
      const [x, y] = vertical ? [i + k * step, j - d] : [i - d, j + k * step];
      if (x > 0 && y > 0 && x < g.n - 1 && y < g.n - 1 && g.get(x, y) === M.EMPTY) g.setCell(x, y, M.SHINE);
    }
  }
}

function drawAction(g: SpriteGrid, action: ItemAction): void {
  const { n } = g;
  const s = Math.max(1, Math.round(n / 16));
  if (action === "firing") {
    scaleGrid(g, 0.78);
    const box = bounds(g);
    if (!box) return;
    shift(g, -box[0] + s, 0);
    // the muzzle: the drawing's cell furthest to the right (and up, between equals)
    let [mi, mj, best] = [0, 0, -Infinity];
    for (let k = 0; k < n * n; k++) {
      if (!g.cells[k]) continue;
      const [i, j] = [k % n, Math.floor(k / n)];
      if (3 * i - j > best) [mi, mj, best] = [i, j, 3 * i - j];
    }
    const r = Math.max(2, Math.round(n / 9));
    const fi = Math.min(n - r - 2, mi + r);
    const fj = Math.max(r + 2, mj);
    // smoke behind the flash, then a burst: a disc with four rays, an ember core
    disc(g, Math.min(n - r - 2, fi + r), Math.max(r + 1, fj - r), r, M.SHINE);
    disc(g, fi, Math.max(r + 1, fj - 2 * r), Math.max(1, r - s), M.SHINE);
    disc(g, fi, fj, r, M.FIRE);
    for (let d = r; d <= r + s + 1; d++)
      for (const [x, y] of [
        [fi + d, fj],
        [fi, fj - d],
        [fi, fj + d],
        [fi - d, fj],
      ] as const)
        if (x > 0 && y > 0 && x < n - 1 && y < n - 1) g.setCell(x, y, M.FIRE);
    disc(g, fi, fj, Math.max(1, r - s), M.EMBER);
  } else if (action === "falling") {
    scaleGrid(g, 0.78);
    turn(g, 20);
    const box = bounds(g);
    if (!box) return;
    shift(g, 0, Math.round(n * 0.06));
    const top = Math.max(2, box[1] + Math.round(n * 0.06) - s);
    const step = Math.max(2, Math.round((box[2] - box[0]) / 3));
    streaks(g, box[0] + Math.round(step / 2), top, true, Math.round(n / 6), step);
  } else {
    scaleGrid(g, 0.8);
    turn(g, 30);
    const box = bounds(g);
    if (!box) return;
    shift(g, Math.round(n * 0.1), 0);
    const step = Math.max(2, Math.round((box[3] - box[1]) / 3));
    streaks(g, box[0] + Math.round(n * 0.1) - 2 * s, box[1] + Math.round(step / 2), false, Math.round(n / 6), step);
  }
}

/** The thing's builder doing the action. */
export function withItemAction(builder: SpriteBuilder, action: ItemAction): SpriteBuilder {
  return {
    ...builder,
    build(g, rng, traits) {
      const anchors = builder.build(g, rng, traits);
      drawAction(g, action);
      return anchors;
    },
    asymmetric: true,
  };
}
