/**
 * Metal and sci-fi surfaces: floor grate, diamond tread plate, circuit board, tech panels, hull
 * plating, and metals of other colours (gold, silver, bronze, copper).
 */
import { mix, rgb, shadeFast } from "../../kit/color.js";
import { hash2 } from "../../kit/random.js";
import { rectAt, rectShift, splitRects } from "./blocks.js";
import { count } from "../kit.js";
import type { Material } from "../surface.js";
import { renderBrushed, renderMetal } from "./patterns.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

/** A floor grate: a metal frame around square holes, slots or round holes over a dark pit. */
function renderGrate(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.pick([4, 6, 8, 10]), ctx);
  const hole = ctx.rng.pick(["square", "slot", "round"] as const);
  const bar = ctx.rng.range(0.14, 0.26);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const rows = hole === "slot" ? Math.max(1, Math.round(n / 3)) : n;
    const fx = (u * n + 0.5) % 1;
    const fy = (v * rows + 0.5) % 1;
    const dx = Math.abs(fx - 0.5) * 2;
    const dy = Math.abs(fy - 0.5) * 2;
    const inside = hole === "round" ? Math.hypot(dx, dy) < 1 - bar : dx < 1 - bar * 1.2 && dy < 1 - bar * (hole === "slot" ? 0.35 : 1.2);
    const streak = noise.fbm(u, v, 2, 24, 3);
    if (inside) {
      const depth = noise.fbm(u, v, 4, 4, 2);
      s.set(i, shadeFast(second, -0.6 + depth * 0.2), 0);
      return;
    }
    const rim = hole === "round" ? Math.hypot(dx, dy) - (1 - bar) : Math.min(Math.abs(dx - (1 - bar * 1.2)), Math.abs(dy - (1 - bar * 1.2)));
    s.set(i, shadeFast(main, streak * 0.15 + (1 - dx * dy) * 0.05 - smoothstep(0.15, 0, rim) * 0.1), 0.6 + smoothstep(0, 0.12, rim) * 0.3);
  });
}

/** Diamond tread plate: raised lozenges in alternating directions. */
function renderTreadPlate(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.pick([4, 5, 6]), ctx);
  const length = ctx.rng.range(0.55, 0.75);
  const { noise, main } = ctx;
  s.forEach((i, u, v) => {
    const cx = Math.floor(u * n);
    const cy = Math.floor(v * n);
    const fx = u * n - cx - 0.5;
    const fy = v * n - cy - 0.5;
    const sign = (cx + cy) % 2 === 0 ? 1 : -1;
    const a = (fx + sign * fy) * Math.SQRT1_2;
    const b = (fx - sign * fy) * Math.SQRT1_2;
    const lozenge = Math.abs(a) / (length * 0.5) + Math.abs(b) / 0.15;
    const streak = noise.fbm(u, v, 2, 32, 3);
    let c = shadeFast(main, streak * 0.14 + noise.fbm(u, v, 3, 3, 3) * 0.1);
    let h = 0.4;
    if (lozenge < 1) {
      c = shadeFast(c, 0.2 - b * 2.5);
      h = 0.4 + (1 - lozenge) * 0.5;
    }
    s.set(i, c, h);
  });
}

/** A circuit board: traces on a grid ending in pads, chips with pins, a few glowing lights. */
function renderCircuit(s: Surface, ctx: MaterialContext): void {
  const g = count(ctx.rng.pick([8, 10, 12, 16]), ctx);
  const cellRandom = (x: number, y: number, k: number): number => hash2(((x % g) + g) % g, ((y % g) + g) % g, ctx.salt + k);
  const chipSize = ctx.rng.pick([2, 3]);
  const trace = 0.1 + 0.5 / (s.size / g);
  const { noise, main, second } = ctx;
  const copper = second;
  s.forEach((i, u, v, x, y) => {
    const X = u * g;
    const Y = v * g;
    const cx = Math.floor(X);
    const cy = Math.floor(Y);
    const fx = X - cx - 0.5;
    const fy = Y - cy - 0.5;
    // chips sit on blocks of cells chosen by the block's own random value
    const bx = Math.floor(cx / chipSize);
    const by = Math.floor(cy / chipSize);
    const chip = g % chipSize === 0 && hash2(bx % (g / chipSize), by % (g / chipSize), ctx.salt + 9) > 0.85;
    if (chip) {
      const lx = (X - bx * chipSize) / chipSize;
      const ly = (Y - by * chipSize) / chipSize;
      const body = Math.min(lx, 1 - lx, ly, 1 - ly);
      if (body > 0.12) {
        s.set(i, shadeFast(rgb(0x1c1e22), noise.fbm(u, v, 30, 30, 2) * 0.1 + (body > 0.4 ? 0.04 : 0)), 0.9);
        return;
      }
      if (body > 0.04 && ((lx * chipSize * 4) % 1 < 0.5 || (ly * chipSize * 4) % 1 < 0.5)) {
        s.set(i, mix(copper, rgb(0xe8e8e8), 0.5), 0.7);
        return;
      }
    }
    const right = cellRandom(cx, cy, 1) > 0.45;
    const down = cellRandom(cx, cy, 2) > 0.55;
    const left = cellRandom(cx - 1, cy, 1) > 0.45;
    const up = cellRandom(cx, cy - 1, 2) > 0.55;
    const links = +right + +down + +left + +up;
    const onH = Math.abs(fy) < trace / 2 && ((right && fx >= 0) || (left && fx <= 0));
    const onV = Math.abs(fx) < trace / 2 && ((down && fy >= 0) || (up && fy <= 0));
    const pad = links === 1 && Math.hypot(fx, fy) < trace * 1.6;
    const hole = pad && Math.hypot(fx, fy) < trace * 0.6;
    const board = shadeFast(main, noise.fbm(u, v, 8, 8, 3) * 0.1 + (hash2(x, y, ctx.salt) - 0.5) * 0.05);
    if (hole) s.set(i, rgb(0x101010), 0.1);
    else if (pad || onH || onV) s.set(i, shadeFast(copper, noise.fbm(u, v, 16, 16, 2) * 0.15), 0.6);
    else s.set(i, board, 0.4);
    if (pad && !hole && cellRandom(cx, cy, 5) > 0.8) s.glow[i] = 0.7;
  });
}

/** Panels from a recursive split of the tile: seams, bolts, vents and light strips (tech) or rivets (hull). */
function panels(kind: "tech" | "hull") {
  return (s: Surface, ctx: MaterialContext): void => {
    const rects = splitRects(ctx.rng, kind === "tech" ? ctx.rng.int(3, 5) : ctx.rng.int(2, 3), 0.12);
    const shift = rectShift(rects);
    const seam = 0.006 + 1 / s.size;
    const { noise, main, second } = ctx;
    s.forEach((i, u, v, x, y) => {
      const { rect, edge, fx, fy } = rectAt(rects, u, v, shift);
      const w = rect.x1 - rect.x0;
      const h = rect.y1 - rect.y0;
      const grime = noise.fbm(u, v, 4, 4, 4);
      let c = shadeFast(main, (rect.id - 0.5) * 0.18 + grime * 0.12 + noise.fbm(u, v, 2, 30, 2) * 0.06);
      let height = 0.5 + smoothstep(seam, seam * 4, edge) * 0.3;
      if (edge < seam) {
        s.set(i, shadeFast(second, -0.4), 0.05);
        return;
      }
      const bolt = Math.min(
        Math.hypot(fx * w - 0.02, fy * h - 0.02),
        Math.hypot((1 - fx) * w - 0.02, fy * h - 0.02),
        Math.hypot(fx * w - 0.02, (1 - fy) * h - 0.02),
        Math.hypot((1 - fx) * w - 0.02, (1 - fy) * h - 0.02),
      );
      if (kind === "hull") {
        const along = edge < 0.03 && edge > 0.015 && ((fx * w + fy * h) * 60) % 1 < 0.45;
        if (along) {
          c = shadeFast(main, 0.15);
          height = 0.9;
        }
        const streak = smoothstep(0.2, 0.5, noise.fbm(u, v, 12, 2, 3)) * 0.2;
        c = shadeFast(c, -streak);
      } else {
        if (bolt < 0.011) {
          c = shadeFast(second, 0.3);
          height = 0.9;
        }
        const feature = rect.id;
        if (feature > 0.65 && w > 0.15 && h > 0.1 && fx > 0.2 && fx < 0.8 && fy > 0.25 && fy < 0.75) {
          const slat = ((fy - 0.25) * 2 * Math.round(h * 40)) % 1;
          c = shadeFast(second, slat < 0.5 ? -0.45 : -0.1);
          height = slat < 0.5 ? 0.2 : 0.45;
        } else if (feature < 0.2 && Math.abs(fy - 0.5) * h < 0.006 + 1 / s.size && fx > 0.15 && fx < 0.85) {
          c = mix(second, rgb(0xffffff), 0.3);
          s.glow[i] = 0.85;
        } else if (feature > 0.4 && feature < 0.5 && Math.min(fx, 1 - fx) * w < 0.025) {
          c = shadeFast(c, -0.15);
        }
      }
      s.set(i, shadeFast(c, (hash2(x, y, ctx.salt) - 0.5) * 0.04), height);
    });
  };
}

const metal = (main: number, second: number): Material => ({
  main: rgb(main),
  second: rgb(second),
  bump: 0.5,
  occlusion: 0.25,
  render: renderMetal,
  inlay: renderBrushed,
});

export const TECH_MATERIALS: Readonly<Record<string, Material>> = {
  grate: { main: rgb(0x7a828c), second: rgb(0x1a1c20), bump: 0.5, occlusion: 0.5, render: renderGrate },
  treadplate: { main: rgb(0xa8b0b8), second: rgb(0x50565e), bump: 0.6, occlusion: 0.15, render: renderTreadPlate },
  circuit: { main: rgb(0x1e6a3a), second: rgb(0xd8a848), bump: 0.35, occlusion: 0.15, glowColor: rgb(0x5aff8a), render: renderCircuit },
  panel: { main: rgb(0x8a929c), second: rgb(0x3a4048), bump: 0.45, occlusion: 0.25, glowColor: rgb(0x46d8ff), render: panels("tech") },
  hull: { main: rgb(0x7c848e), second: rgb(0x2e333a), bump: 0.5, occlusion: 0.25, render: panels("hull") },
  gold: metal(0xe8b83a, 0x8a6418),
  silver: metal(0xc8ccd4, 0x6a707a),
  bronze: metal(0xb07a3a, 0x5a3a18),
  copper: metal(0xc46a3c, 0x6a3018),
};
