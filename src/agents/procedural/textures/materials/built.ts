/**
 * Built surfaces: checkered, ceramic and hexagonal tiles, mosaic, herringbone parquet, log wall,
 * roof tiles and thatch, stained glass, carpet and wallpaper.
 */
import { mix, rgb, shadeFast, type Rgb } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { type TabShape, tabAt } from "./blocks.js";
import { count, hexCell, vary } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

/** A square grid of tiles: plain, checkered, or offset rows of brick-shaped (subway) tiles. */
function grid(kind: "checker" | "ceramic") {
  return (s: Surface, ctx: MaterialContext): void => {
    const subway = kind === "ceramic" && ctx.rng.chance(0.4);
    const picked = count(kind === "checker" ? ctx.rng.pick([4, 6, 8]) : ctx.rng.pick([6, 8, 10]), ctx);
    const n = picked + (picked % 2); // even, so the checker and the subway offset wrap
    const cols = subway ? Math.max(1, n / 2) : n;
    const rows = subway ? n + (n % 2) : n;
    const grout = ctx.rng.range(0.03, 0.07) + 0.8 / (s.size / n);
    const { noise, main, second } = ctx;
    s.forEach((i, u, v) => {
      const ty = v * rows + 0.5;
      const row = Math.floor(ty);
      const tx = u * cols + (subway ? 0.25 + (row % 2) * 0.5 : 0.5);
      const fx = tx - Math.floor(tx);
      const fy = ty - row;
      const d = Math.min(Math.min(fx, 1 - fx) * (rows / cols), fy, 1 - fy);
      const detail = noise.fbm(u, v, 8, 8, 3);
      if (d < grout) {
        s.set(i, mix(shadeFast(kind === "checker" ? rgb(0x8a8680) : second, -0.1), kind === "checker" ? rgb(0x8a8680) : second, 0.5 + detail), 0.1);
        return;
      }
      const cx = ((Math.floor(tx) % cols) + cols) % cols;
      const cy = row % rows;
      const colour = kind === "checker" && (cx + cy) % 2 === 1 ? second : main;
      const gloss = kind === "ceramic" ? smoothstep(0.55, 0.9, 1 - Math.hypot(fx - 0.3, fy - 0.3) * 1.6) * 0.25 : 0;
      const c = shadeFast(vary(colour, hash2(cx, cy, ctx.salt), 0.12), gloss + detail * 0.06 * ctx.rough + (1 - fx - fy) * 0.05);
      s.set(i, c, 0.45 + smoothstep(grout, grout + 0.08, d) * 0.45);
    });
  };
}

function renderHexTiles(s: Surface, ctx: MaterialContext): void {
  const cols = count(ctx.rng.pick([4, 5, 6, 7]), ctx);
  const grout = ctx.rng.range(0.04, 0.08) + 0.6 / (s.size / cols);
  const twoTone = ctx.rng.chance(0.4);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const h = hexCell(u, v, cols);
    const detail = noise.fbm(u, v, 8, 8, 3);
    if (h.edge < grout) {
      s.set(i, mix(shadeFast(second, -0.1), second, 0.5 + detail), 0.1);
      return;
    }
    const id = hash2(h.q, h.r, ctx.salt);
    const base = twoTone && id > 0.7 ? mix(main, second, 0.45) : main;
    s.set(i, shadeFast(vary(base, id, 0.2), detail * 0.08), 0.45 + smoothstep(grout, grout + 0.1, h.edge) * 0.45);
  });
}

function renderMosaic(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.int(14, 22), ctx);
  const cells = new PeriodicWorley(n, ctx.salt, ctx.rng.range(0.2, 0.5), 0);
  const shift = 0.5 / n; // tesserae centred on the tile edges, so no grout runs along them
  const band = count(ctx.rng.int(1, 3), ctx);
  const { noise, main, second } = ctx;
  const third = mix(main, rgb(0xf0e6d0), 0.6);
  s.forEach((i, u, v) => {
    const w = cells.sample((u + shift) % 1, (v + shift) % 1);
    const edge = w.f2 - w.f1;
    if (edge < 0.12) {
      s.set(i, rgb(0x8e887c), 0.1);
      return;
    }
    // cells follow a large wave pattern in the three colours, tesserae differ a little
    const cu = u - w.dx / 18;
    const cv = v - w.dy / 18;
    const wave = Math.sin((cu * band + Math.sin(cv * Math.PI * 2 * band) * 0.25) * Math.PI * 2);
    const pick = wave > 0.35 ? main : wave < -0.35 ? second : third;
    s.set(i, shadeFast(vary(pick, w.id, 0.25), noise.fbm(u, v, 20, 20, 2) * 0.08), 0.4 + smoothstep(0.12, 0.3, edge) * 0.4);
  });
}

/** Herringbone parquet: boards of length L (in widths), horizontal and vertical in a staircase. */
function renderParquet(s: Surface, ctx: MaterialContext): void {
  const L = ctx.rng.pick([2, 3, 4]);
  const N = 2 * L * Math.max(1, Math.round((ctx.rng.pick([10, 12, 14]) * ctx.scale) / (2 * L)));
  const { noise, main, second } = ctx;
  const gap = 0.06 + 0.8 / (s.size / N);
  s.forEach((i, u, v) => {
    const X = Math.floor(u * N + 0.5);
    const Y = Math.floor(v * N + 0.5);
    const fx = u * N + 0.5 - X;
    const fy = v * N + 0.5 - Y;
    const a = (((X - Y) % (2 * L)) + 2 * L) % (2 * L);
    const horizontal = a < L;
    const along = horizontal ? a + fx : 2 * L - 1 - a + fy;
    const across = horizontal ? fy : fx;
    const idX = horizontal ? X - a : X;
    const idY = horizontal ? Y : Y + a - L;
    const id = hash2(((idX % N) + N) % N, ((idY % N) + N) % N, ctx.salt);
    const edge = Math.min(along, L - along, across * 1.0, 1 - across);
    if (edge < gap) {
      s.set(i, second, 0.05);
      return;
    }
    const gu = horizontal ? u : v;
    const gv = horizontal ? v : u;
    const grain = Math.sin((gv * N * 3 + noise.fbm(gu, gv, 2, 8, 3) * 1.5 + id * 5) * Math.PI * 2);
    const c = shadeFast(vary(main, id, 0.35), grain * 0.07 + noise.fbm(gu, gv, 2, 64, 2) * 0.15);
    s.set(i, c, 0.45 + smoothstep(gap, gap + 0.15, edge) * 0.4);
  });
}

/** Horizontal logs with bark, dark chinking between them. */
function renderLogWall(s: Surface, ctx: MaterialContext): void {
  const rows = count(ctx.rng.pick([3, 4, 5, 6]), ctx);
  const chink = ctx.rng.range(0.05, 0.12);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const pv = v * rows + 0.5 + noise.fbm(u, 0.5, 3, 1, 2) * 0.05; // chinking away from the tile edge
    const row = Math.floor(pv);
    const f = pv - row;
    const id = hash2(((row % rows) + rows) % rows, 0, ctx.salt);
    const across = Math.abs(f - 0.5) * 2;
    if (across > 1 - chink) {
      s.set(i, mix(rgb(0x6a5e4c), shadeFast(second, 0.2), 0.5 + noise.fbm(u, v, 16, 16, 2)), 0.05);
      return;
    }
    const round = Math.sqrt(Math.max(0, 1 - (across / (1 - chink)) ** 2));
    const bark = noise.fbm(u, v, 24, 3, 3) + noise.fbm(u, v, 48, 12, 2) * 0.5;
    const c = shadeFast(vary(main, id, 0.3), bark * 0.35 + (round - 0.7) * 0.35 - (f - 0.5) * 0.1);
    s.set(i, c, 0.2 + round * 0.7 + bark * 0.05);
  });
}

/** Overlapping rows of tabs: roof tiles, shingles, thatch bundles, scales. */
export function tabs(shapes: readonly TabShape[], rowChoices: readonly number[], ratio: number, fibre: number, gloss: number) {
  return (s: Surface, ctx: MaterialContext): void => {
    const shape = ctx.rng.pick(shapes);
    const rows = count(ctx.rng.pick(rowChoices), ctx) * 2;
    const cols = Math.max(1, Math.round(rows / ratio));
    const { noise, main, second } = ctx;
    s.forEach((i, u, v, x) => {
      const rag = fibre > 0 ? noise.fbm(u, 0.3, cols * 6, 1, 2) * 0.5 + 0.5 : 0;
      const t = tabAt(u, v, rows, cols, shape, rag);
      const id = hash2(t.row, t.col, ctx.salt);
      const strands = fibre > 0 ? (hash2(x, t.row, ctx.salt) - 0.5) * fibre + noise.fbm(u, v, cols * 8, rows, 2) * fibre : 0;
      const side = shape === "square" ? 0 : Math.abs(t.x - 0.5) * -0.2;
      const sheen = gloss * smoothstep(0.4, 0.9, 1 - Math.hypot(t.x - 0.4, t.y - 0.45) * 1.5);
      const edgeX = Math.min(t.x, 1 - t.x);
      const slit = shape === "square" && edgeX < 0.04 ? -0.35 : 0;
      let c = shadeFast(vary(main, id, 0.3), strands + side + sheen + slit + noise.fbm(u, v, 12, 12, 2) * 0.1 * ctx.rough - t.under * 0.4);
      c = mix(c, second, t.under * 0.3);
      s.set(i, c, 0.25 + t.y * 0.6 - t.under * 0.15 + (slit < 0 ? -0.2 : 0));
    });
  };
}

/** A fence: vertical boards, gaps of shadow between them, two rails across. */
function renderFence(s: Surface, ctx: MaterialContext): void {
  const boards = count(ctx.rng.pick([4, 5, 6, 8]), ctx);
  const gap = ctx.rng.range(0.08, 0.3);
  const rails = [ctx.rng.range(0.15, 0.3), ctx.rng.range(0.65, 0.8)];
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const bx = u * boards + 0.5;
    const k = Math.floor(bx) % boards;
    const f = bx - Math.floor(bx);
    const rail = rails.some((r) => Math.abs(v - r) < 0.045);
    const grain = noise.fbm(u, v, boards * 2, 24, 3);
    if (rail) {
      const across = Math.min(...rails.map((r) => Math.abs(v - r))) / 0.045;
      s.set(i, shadeFast(main, -0.12 + grain * 0.2 - across * 0.15), 0.9 - across * 0.2);
      return;
    }
    if (Math.min(f, 1 - f) < gap / 2) {
      s.set(i, shadeFast(second, -0.3 + noise.fbm(u, v, 4, 4, 2) * 0.2), 0);
      return;
    }
    const c = shadeFast(vary(main, hash2(k, 0, ctx.salt), 0.25), grain * 0.3 + noise.fbm(u, v, 2, 48, 2) * 0.12);
    s.set(i, c, 0.5 + smoothstep(gap / 2, gap / 2 + 0.08, Math.min(f, 1 - f)) * 0.2);
  });
}

const JEWELS: readonly Rgb[] = [rgb(0xc8283c), rgb(0x2a58c8), rgb(0xe8b028), rgb(0x2e9a4a), rgb(0x8a3ab8), rgb(0x28a8c8)];

function renderStainedGlass(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.int(4, 7), ctx);
  const cells = new PeriodicWorley(n, ctx.salt, ctx.rng.range(0.6, 0.95), 0);
  const shift = 0.5 / n; // panes centred on the tile edges, so no lead runs along them
  const palette = JEWELS.filter(() => ctx.rng.chance(0.7));
  const lead = ctx.rng.range(0.06, 0.1);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = cells.sample((u + shift) % 1, (v + shift) % 1);
    const edge = w.f2 - w.f1;
    if (edge < lead) {
      s.set(i, shadeFast(second, noise.fbm(u, v, 20, 20, 2) * 0.2), 0.8);
      return;
    }
    const jewel = palette[Math.floor(w.id * palette.length)] ?? main;
    const glass = mix(jewel, main, 0.3);
    const ripple = noise.fbm(u, v, 10, 10, 3);
    s.set(i, shadeFast(glass, ripple * 0.3 + (1 - w.f1) * 0.15), 0.4);
    s.glow[i] = 0.15 + smoothstep(0.2, 0.9, 1 - w.f1) * 0.2;
  });
}

/** A rug: repeating medallions in a diamond lattice over a wool pile. */
function renderCarpet(s: Surface, ctx: MaterialContext): void {
  const k = count(ctx.rng.pick([1, 2, 2, 3]), ctx);
  const rings = ctx.rng.int(2, 4);
  const lattice = ctx.rng.chance(0.6);
  const { main, second } = ctx;
  const dark = shadeFast(mix(main, rgb(0x1c2448), 0.7), -0.2);
  s.forEach((i, u, v, x, y) => {
    const fx = (u * k) % 1;
    const fy = (v * k) % 1;
    const dx = Math.abs(fx - 0.5);
    const dy = Math.abs(fy - 0.5);
    const diamond = dx + dy;
    const star = Math.hypot(dx, dy) * (1 + 0.25 * Math.cos(Math.atan2(dy, dx) * 8));
    const band = Math.floor(star * rings * 3.2);
    let c = band % 3 === 0 ? main : band % 3 === 1 ? second : dark;
    if (star > 0.42) c = main;
    if (lattice && Math.abs(diamond - 0.5) < 0.035) c = second;
    if (Math.abs(dx - 0.5) < 0.02 || Math.abs(dy - 0.5) < 0.02) c = dark;
    const pile = hash2(x, y, ctx.salt) - 0.5;
    s.set(i, shadeFast(c, pile * 0.16), 0.5 + pile * 0.1);
  });
}

/** Wallpaper: stripes and a damask motif in an offset grid, printed in two tones. */
function renderWallpaper(s: Surface, ctx: MaterialContext): void {
  const k = count(ctx.rng.pick([2, 3, 4]), ctx);
  const stripes = ctx.rng.chance(0.5);
  const petals = ctx.rng.pick([3, 4, 5]);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const row = Math.floor(v * k * 2);
    const fx = (u * k + (row % 2) * 0.5) % 1;
    const fy = (v * k * 2) % 1;
    const dx = (fx - 0.5) * 2;
    const dy = (fy - 0.5) * 2;
    const r = Math.hypot(dx * 1.4, dy);
    const motif = r < 0.55 + 0.3 * Math.cos(Math.atan2(dx, dy) * petals) && r > 0.12;
    const stripe = stripes && Math.abs(((u * k * 4) % 1) - 0.5) < 0.08;
    const paper = noise.fbm(u, v, 32, 32, 2) * 0.05;
    const c = motif ? second : stripe ? mix(main, second, 0.4) : main;
    s.set(i, shadeFast(c, paper), motif ? 0.55 : 0.5);
  });
}

export const BUILT_MATERIALS: Readonly<Record<string, Material>> = {
  checkered: { main: rgb(0xeae6dc), second: rgb(0x2a2a30), bump: 0.35, occlusion: 0.2, pattern: true, render: grid("checker") },
  ceramic: { main: rgb(0xeef2f2), second: rgb(0x9aa4a8), bump: 0.35, occlusion: 0.2, pattern: true, render: grid("ceramic") },
  hextile: { main: rgb(0xd8cfc0), second: rgb(0x6a645c), bump: 0.4, occlusion: 0.3, pattern: true, render: renderHexTiles },
  mosaic: { main: rgb(0x2a7ab8), second: rgb(0xd8a23a), bump: 0.3, occlusion: 0.3, pattern: true, render: renderMosaic },
  parquet: { main: rgb(0xb07a44), second: rgb(0x3a2414), bump: 0.35, occlusion: 0.3, pattern: true, render: renderParquet },
  log: { main: rgb(0x8a5e36), second: rgb(0x3a2616), bump: 0.5, occlusion: 0.45, render: renderLogWall },
  shingle: { main: rgb(0xb4553a), second: rgb(0x3a2420), bump: 0.5, occlusion: 0.45, pattern: true, render: tabs(["round", "square"], [3, 4, 5], 1.2, 0, 0.1) },
  thatch: { main: rgb(0xc8a458), second: rgb(0x5a4420), bump: 0.5, occlusion: 0.5, render: tabs(["ragged"], [2, 3], 0.7, 0.5, 0) },
  fence: { main: rgb(0x9a7048), second: rgb(0x2a3a22), bump: 0.45, occlusion: 0.4, render: renderFence },
  glass: { main: rgb(0xd8e8f0), second: rgb(0x2a2a2e), bump: 0.45, occlusion: 0.1, render: renderStainedGlass },
  carpet: { main: rgb(0x9a2430), second: rgb(0xd8a84a), bump: 0.15, occlusion: 0.05, pattern: true, render: renderCarpet },
  wallpaper: { main: rgb(0x3a5a48), second: rgb(0xc8b888), bump: 0.15, occlusion: 0, pattern: true, render: renderWallpaper },
};
