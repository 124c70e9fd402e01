/** Structured texture materials: brick, cobble, planks, tiles and metal plates. */
import { mix, shadeFast, type Rgb } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

const count = (base: number, ctx: MaterialContext): number => Math.max(1, Math.round(base * ctx.scale));

/** Per-block colour variation: value and a small hue shift. */
function vary(c: Rgb, h: number, amount: number): Rgb {
  return shadeFast(c, (h - 0.5) * amount);
}

/** Brick bonds: each row's offset in brick lengths, and headers (half-length bricks) on odd rows. */
const BONDS = {
  running: { offset: (row: number) => (row % 2) * 0.5, headers: false },
  english: { offset: (row: number) => (row % 2) * 0.25, headers: true },
  third: { offset: (row: number) => ((row % 3) * 1) / 3, headers: false },
} as const;

export function renderBrick(s: Surface, ctx: MaterialContext): void {
  let rows = count(ctx.rng.pick([4, 6, 6, 8, 8, 10]), ctx);
  if (rows % 2 === 1) rows += 1; // the offsets alternate, so the row count must be even
  const bond = rows === 6 && ctx.rng.chance(0.3) ? BONDS.third : ctx.rng.chance(0.3) ? BONDS.english : BONDS.running;
  const cols = Math.max(1, Math.round(rows / ctx.rng.pick([2, 2, 2.5, 3])));
  const mortar = ctx.rng.range(0.05, 0.13) + 1 / (s.size / rows); // in brick heights
  const spread = ctx.rng.range(0.2, 0.45);
  const burntShare = ctx.rng.range(0.03, 0.25);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const by = v * rows + 0.5; // grid lines away from the tile edge
    const row = Math.floor(by) % rows;
    const fy = by - Math.floor(by);
    const perRow = bond.headers && row % 2 === 1 ? cols * 2 : cols;
    const bx = u * perRow + 0.25 + bond.offset(row) * (perRow / cols); // no joint on the tile edge
    const col = Math.floor(bx) % perRow;
    const fx = bx - Math.floor(bx);
    const edge = Math.min(Math.min(fx, 1 - fx) * (rows / perRow), Math.min(fy, 1 - fy));
    const d = edge + noise.fbm(u, v, 16, 16, 3) * 0.06 * ctx.rough;
    const detail = noise.fbm(u, v, 12, 12, 4);
    if (d < mortar) {
      s.set(i, mix(shadeFast(second, -0.15), second, 0.5 + detail), 0.12 + detail * 0.1);
      return;
    }
    const bevel = smoothstep(mortar, mortar + 0.14, d);
    const h = hash2(row, col, ctx.salt);
    const c = vary(main, h, spread);
    const burnt = hash2(row, col, ctx.salt + 1) < burntShare ? -0.16 : 0;
    s.set(i, shadeFast(c, detail * 0.25 * ctx.rough + burnt), 0.35 + bevel * 0.55 + detail * 0.08);
  });
}

export function renderCobble(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.int(5, 7), ctx);
  const cells = new PeriodicWorley(n, ctx.salt, 0.8, 0);
  const shift = 0.5 / n; // stones centred on the tile edges, so no joint runs along them
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = cells.sample((u + shift) % 1, (v + shift) % 1);
    const border = w.f2 - w.f1 + noise.fbm(u, v, 10, 10, 3) * 0.08 * ctx.rough;
    const detail = noise.fbm(u, v, 16, 16, 4);
    if (border < 0.08) {
      s.set(i, mix(shadeFast(second, -0.2), second, 0.5 + detail), 0.05 + detail * 0.05);
      return;
    }
    const dome = Math.sqrt(smoothstep(0.08, 0.5, border));
    const c = vary(main, w.id, 0.35);
    s.set(i, shadeFast(c, detail * 0.22 * ctx.rough), 0.3 + dome * 0.6 + detail * 0.06);
  });
}

export function renderPlanks(s: Surface, ctx: MaterialContext): void {
  const rows = count(ctx.rng.int(3, 8), ctx);
  const joints = Array.from({ length: rows }, () => {
    // joints kept off the tile edge, where a butt joint would read as a seam
    const off = (x: number): number => 0.05 + (x % 1) * 0.9;
    const first = ctx.rng.next();
    return ctx.rng.chance(0.5) ? [off(first)] : [off(first), off(first + ctx.rng.range(0.35, 0.65))].sort((a, b) => a - b);
  });
  const rings = ctx.rng.int(3, 6);
  const { noise, main, second } = ctx;
  const dark = shadeFast(main, -0.28);
  const light = shadeFast(main, 0.14);
  const gapWidth = Math.max(0.004, 1.1 / s.size);
  s.forEach((i, u, v) => {
    const pv = v * rows + 0.5;
    const row = Math.floor(pv) % rows;
    const fy = pv - Math.floor(pv);
    const rowJoints = joints[row] ?? [];
    const board = rowJoints.filter((j) => j <= u).length % rowJoints.length;
    let gapX = 1;
    for (const j of rowJoints) gapX = Math.min(gapX, Math.abs(u - j), 1 - Math.abs(u - j));
    const gap = Math.min(Math.min(fy, 1 - fy) / rows, gapX);
    if (gap < gapWidth) {
      s.set(i, second, 0);
      return;
    }
    const h = hash2(row, board, ctx.salt);
    const warp = noise.fbm(u, v, 2, 8, 4) * 1.1 + h * 4;
    const grain = Math.sin((pv * rings + warp) * Math.PI * 2);
    const fibre = noise.fbm(u, v, 2, 96, 2);
    const c = shadeFast(mix(dark, light, 0.5 + 0.35 * grain + fibre * 0.5), (h - 0.5) * 0.25);
    const bevel = smoothstep(gapWidth, gapWidth * 4, gap);
    s.set(i, c, 0.4 + bevel * 0.5 + grain * 0.03);
  });
}

export function renderTiles(s: Surface, ctx: MaterialContext): void {
  let n = count(ctx.rng.pick([2, 3, 4, 4, 5, 6]), ctx);
  const offset = ctx.rng.chance(0.3);
  if (offset && n % 2 === 1) n += 1; // alternate rows shift by half a tile: an even count wraps
  const grout = ctx.rng.range(0.025, 0.08);
  const twoTone = ctx.rng.chance(0.25) ? ctx.rng.range(0.08, 0.18) : 0;
  const spread = ctx.rng.range(0.08, 0.22);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const ty = v * n + 0.5;
    const row = Math.floor(ty);
    const tx = u * n + (offset ? 0.25 + (row % 2) * 0.5 : 0.5); // no joint on the tile edge
    const fx = tx - Math.floor(tx);
    const fy = ty - row;
    const d = Math.min(fx, 1 - fx, fy, 1 - fy);
    const detail = noise.fbm(u, v, 8, 8, 4);
    if (d < grout) {
      s.set(i, mix(shadeFast(second, -0.1), second, 0.5 + detail), 0.1);
      return;
    }
    const cx = Math.floor(tx) % n;
    const cy = row % n;
    const h = hash2(cx, cy, ctx.salt);
    const glaze = (1 - fx - fy) * 0.08;
    const tone = twoTone && n % 2 === 0 && (cx + cy) % 2 === 1 && !offset ? -twoTone : 0;
    const c = shadeFast(vary(main, h, spread), glaze + tone + detail * 0.08 * ctx.rough);
    s.set(i, c, 0.4 + smoothstep(grout, grout + 0.06, d) * 0.5);
  });
}

export function renderMetal(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.pick([1, 2, 2]), ctx);
  const rivetR = 0.035 / n + 0.01;
  const { noise, main } = ctx;
  s.forEach((i, u, v) => {
    const px = u * n + 0.5;
    const py = v * n + 0.5;
    const fx = px - Math.floor(px);
    const fy = py - Math.floor(py);
    const seam = Math.min(fx, 1 - fx, fy, 1 - fy) / n;
    const streak = noise.fbm(u, v, 2, 40, 3);
    const h = hash2(Math.floor(px) % n, Math.floor(py) % n, ctx.salt);
    const sheen = (Math.sin(fx * Math.PI) * Math.sin(fy * Math.PI) - 0.5) * 0.2;
    let c = shadeFast(main, streak * 0.14 + sheen + (h - 0.5) * 0.12);
    const seamWidth = Math.max(0.003, 1.1 / s.size);
    let height = 0.6 + smoothstep(seamWidth, seamWidth * 4, seam) * 0.3;
    if (seam < seamWidth) {
      c = shadeFast(main, -0.5);
      height = 0.1;
    }
    const inset = 0.06;
    const rx = Math.min(Math.abs(fx - inset), Math.abs(fx - (1 - inset))) / n;
    const ry = Math.min(Math.abs(fy - inset), Math.abs(fy - (1 - inset))) / n;
    const rd = Math.hypot(rx, ry);
    if (rd < rivetR * 0.5) {
      const dome = Math.sqrt(1 - (rd / (rivetR * 0.5)) ** 2);
      c = shadeFast(main, 0.05 + dome * 0.1);
      height = 0.9 + dome * 0.1;
    }
    s.set(i, c, height);
  });
}

/** Brushed metal without seams: streaks and a broad sheen (metal inside the blocks of another layout). */
export function renderBrushed(s: Surface, ctx: MaterialContext): void {
  const { noise, main } = ctx;
  s.forEach((i, u, v) => {
    const streak = noise.fbm(u, v, 2, 48, 3);
    const sheen = noise.fbm(u, v, 2, 2, 2);
    s.set(i, shadeFast(main, streak * 0.18 + sheen * 0.25), 0.55 + streak * 0.05);
  });
}
