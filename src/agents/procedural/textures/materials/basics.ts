/** The first texture renderers: natural stone, grass, sand, water, lava, dirt, snow, ice and marble. */
import { mix, shadeFast } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

const freq = (base: number, ctx: MaterialContext): number => Math.max(1, Math.round(base * ctx.scale));

export function renderStone(s: Surface, ctx: MaterialContext): void {
  const plates = new PeriodicWorley(freq(4, ctx), ctx.salt, 0.9);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = plates.sample(u, v);
    const crease = smoothstep(0, 0.12, w.f2 - w.f1);
    const n = noise.fbm(u, v, freq(4, ctx), freq(4, ctx), 6);
    const ridge = noise.ridged(u, v, freq(6, ctx), 3);
    const h = 0.3 + 0.35 * crease + 0.25 * (0.5 + n) + 0.1 * ridge;
    const c = shadeFast(mix(second, main, 0.45 + n * 0.9 * ctx.rough + (w.id - 0.5) * 0.4), (ridge - 0.6) * 0.2);
    s.set(i, c, h);
  });
}

export function renderGrass(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second, rng } = ctx;
  const n = s.size;
  s.forEach((i, u, v) => {
    const base = noise.fbm(u, v, freq(4, ctx), freq(4, ctx), 4);
    s.set(i, mix(shadeFast(second, -0.1), main, 0.45 + base), 0.3 + base * 0.2);
  });
  const blades = Math.round((n * n) / 9);
  const length = Math.max(3, Math.round(n / (18 * ctx.scale)));
  for (let b = 0; b < blades; b++) {
    const x0 = rng.next() * n;
    const y0 = rng.next() * n;
    const len = length * rng.range(0.5, 1.2);
    const lean = rng.range(-0.45, 0.45);
    const tone = rng.range(-0.22, 0.25) + noise.fbm(x0 / n, y0 / n, 4, 4, 2) * 0.3;
    const color = shadeFast(main, tone);
    for (let t = 0; t < len; t++) {
      const x = Math.floor(x0 + lean * t) % n;
      const y = Math.floor(y0 - t);
      const xi = (x + n) % n;
      const yi = ((y % n) + n) % n;
      const k = t / len;
      s.set(yi * n + xi, shadeFast(color, k * 0.25 - 0.12), 0.45 + k * 0.5);
    }
  }
}

export function renderSand(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second, rng } = ctx;
  const k = freq(rng.int(5, 8), ctx);
  const slant = rng.int(-1, 1);
  s.forEach((i, u, v, x, y) => {
    const base = noise.fbm(u, v, 3, 3, 4);
    const ripple = Math.sin((v * k + u * slant + noise.fbm(u, v, 2, 2, 3) * 0.6) * Math.PI * 2);
    const grain = hash2(x, y, ctx.salt);
    const h = 0.5 + base * 0.3 + ripple * 0.12;
    let c = mix(second, main, 0.55 + base * 0.8 + ripple * 0.1);
    c = shadeFast(c, (grain - 0.5) * 0.12 * ctx.rough + (grain > 0.985 ? -0.3 : 0));
    s.set(i, c, h);
  });
}

export function renderWater(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const big = new PeriodicWorley(freq(4, ctx), ctx.salt, 0.9);
  const small = new PeriodicWorley(freq(7, ctx), ctx.salt + 1, 0.9);
  const deep = shadeFast(main, -0.35);
  s.forEach((i, u, v) => {
    const depth = 0.5 + noise.fbm(u, v, 2, 2, 4);
    const wu = u + noise.fbm(u, v, 3, 3, 3) * 0.06;
    const wv = v + noise.fbm(v, u, 3, 3, 3) * 0.06;
    const a = big.sample(wu - Math.floor(wu), wv - Math.floor(wv));
    const lineA = 1 - smoothstep(0, 0.16, a.f2 - a.f1);
    const b = small.sample(u, v);
    const lineB = 1 - smoothstep(0, 0.12, b.f2 - b.f1);
    const caustic = Math.min(1, lineA * 0.8 + lineB * 0.4);
    s.set(i, mix(mix(deep, main, depth), second, caustic * 0.75), 0.5 + depth * 0.1 + caustic * 0.1);
  });
}

export function renderLava(s: Surface, ctx: MaterialContext): void {
  const { noise, second } = ctx;
  const crust = new PeriodicWorley(freq(ctx.rng.int(4, 6), ctx), ctx.salt, 0.85);
  s.forEach((i, u, v) => {
    const wu = u + noise.fbm(u, v, 4, 4, 3) * 0.04;
    const wv = v + noise.fbm(v, u, 4, 4, 3) * 0.04;
    const w = crust.sample(wu - Math.floor(wu), wv - Math.floor(wv));
    const heat = noise.fbm(u, v, 3, 3, 4);
    const width = 0.1 + heat * 0.12;
    const crack = 1 - smoothstep(0, Math.max(0.02, width), w.f2 - w.f1);
    const pool = smoothstep(0.18, 0.4, heat);
    const glow = Math.max(crack, pool);
    const halo = (1 - smoothstep(0, 0.4, w.f2 - w.f1)) * 0.85;
    const detail = noise.fbm(u, v, 16, 16, 3);
    const hot = mix(second, shadeFast(ctx.main, -0.55), halo);
    const rock = shadeFast(mix(hot, shadeFast(hot, 0.2), 0.5 + detail), (w.id - 0.5) * 0.2);
    s.set(i, rock, 0.75 - glow * 0.6 + detail * 0.1);
    s.glow[i] = Math.min(1, glow * (0.85 + heat * 0.6));
  });
}

export function renderDirt(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const pebbles = new PeriodicWorley(freq(12, ctx), ctx.salt, 0.9);
  s.forEach((i, u, v, x, y) => {
    const base = noise.fbm(u, v, freq(4, ctx), freq(4, ctx), 5);
    let c = mix(second, main, 0.5 + base * 1.1);
    let h = 0.4 + base * 0.3;
    const p = pebbles.sample(u, v);
    const radius = 0.18 + p.id * 0.2;
    if (p.id > 0.45 && p.f1 < radius) {
      const dome = Math.sqrt(1 - (p.f1 / radius) ** 2);
      c = shadeFast(mix(c, { r: 150, g: 140, b: 128 }, 0.5), (p.id - 0.7) * 0.4);
      h += dome * 0.35;
    }
    const speck = hash2(x, y, ctx.salt);
    s.set(i, shadeFast(c, (speck - 0.5) * 0.14 * ctx.rough), h);
  });
}

export function renderSnow(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, freq(3, ctx), freq(3, ctx), 5);
    let c = mix(second, main, 0.7 + n * 0.8);
    if (hash2(x, y, ctx.salt) > 0.992) c = { r: 255, g: 255, b: 255 };
    s.set(i, c, 0.5 + n * 0.5);
  });
}

export function renderIce(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const cracks = new PeriodicWorley(freq(4, ctx), ctx.salt, 0.9);
  const fine = new PeriodicWorley(freq(9, ctx), ctx.salt + 3, 0.9);
  s.forEach((i, u, v) => {
    const depth = noise.fbm(u, v, 2, 2, 5);
    const a = cracks.sample(u, v);
    const b = fine.sample(u, v);
    const line = Math.max(1 - smoothstep(0, 0.035, a.f2 - a.f1), (1 - smoothstep(0, 0.025, b.f2 - b.f1)) * 0.45);
    const streak = 0.5 + 0.5 * Math.sin((u + v) * Math.PI * 2 * 3 + depth * 4);
    const c = mix(mix(shadeFast(main, -0.15), main, 0.5 + depth), second, line * 0.8 + streak * 0.12);
    s.set(i, c, 0.6 + depth * 0.2 - line * 0.1);
  });
}

export function renderMarble(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second, rng } = ctx;
  const a = rng.int(1, 2);
  const b = rng.int(-2, 2);
  s.forEach((i, u, v) => {
    const t = Math.sin((u * a + v * b + noise.fbm(u, v, 2, 2, 6) * 1.4) * Math.PI * 2);
    const vein = (1 - Math.abs(t)) ** 10;
    const fine = (1 - Math.abs(Math.sin((u * 3 + noise.fbm(v, u, 3, 3, 5) * 2) * Math.PI * 2))) ** 24;
    const cloud = noise.fbm(u, v, 3, 3, 4);
    const c = mix(shadeFast(main, cloud * 0.12), second, Math.min(1, vein * 0.85 + fine * 0.35));
    s.set(i, c, 0.6);
  });
}
