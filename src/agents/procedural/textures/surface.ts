/**
 * The working surface of the texture generator: colour, height and glow per pixel, plus the
 * finishing steps shared by every material (style overlays, lighting from the height map with
 * wrap-around neighbours so the tile stays seamless, and conversion to a canvas).
 */
import { mix, shadeFast, type Rgb } from "../kit/color.js";
import { type PeriodicNoise, PeriodicWorley } from "../kit/noise.js";
import { hash2, type Random } from "../kit/random.js";
import { Canvas } from "../kit/raster.js";

export class Surface {
  readonly color: Float32Array;
  /** 0..1, higher is closer to the viewer. */
  readonly height: Float32Array;
  /** 0..1 emissive strength, painted with the glow ramp and not affected by lighting. */
  readonly glow: Float32Array;

  constructor(readonly size: number) {
    this.color = new Float32Array(size * size * 3);
    this.height = new Float32Array(size * size);
    this.glow = new Float32Array(size * size);
  }

  set(i: number, c: Rgb, height: number): void {
    this.color[i * 3] = c.r;
    this.color[i * 3 + 1] = c.g;
    this.color[i * 3 + 2] = c.b;
    this.height[i] = height;
  }

  get(i: number): Rgb {
    return { r: this.color[i * 3] ?? 0, g: this.color[i * 3 + 1] ?? 0, b: this.color[i * 3 + 2] ?? 0 };
  }

  /** Blends colour c into pixel i with weight t. */
  blend(i: number, c: Rgb, t: number): void {
    if (t <= 0) return;
    const k = Math.min(t, 1);
    for (let ch = 0; ch < 3; ch++) {
      const value = ch === 0 ? c.r : ch === 1 ? c.g : c.b;
      const j = i * 3 + ch;
      this.color[j] = (this.color[j] ?? 0) * (1 - k) + value * k;
    }
  }

  /**
   * Runs fn for every pixel with its index and the tile coordinates u, v in (0, 1) of the pixel
   * centre. Sampling at centres keeps features that straddle the tile edge symmetric across it.
   */
  forEach(fn: (i: number, u: number, v: number, x: number, y: number) => void): void {
    const n = this.size;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) fn(y * n + x, (x + 0.5) / n, (y + 0.5) / n, x, y);
  }
}

export const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

const HOT_WHITE: Rgb = { r: 255, g: 244, b: 180 };

/** Glow colour ramp: deep at low strength, the base colour in the middle, hot (lighter) at full. */
export function glowRamp(base: Rgb, t: number): Rgb {
  return t < 0.5 ? mix(shadeFast(base, -0.4), base, t * 2) : mix(base, mix(base, HOT_WHITE, 0.75), t * 2 - 1);
}

/** What a material's renderer draws with (textures/materials/materials.ts, textures/materials/patterns.ts). */
export interface MaterialContext {
  rng: Random;
  noise: PeriodicNoise;
  /** Main colour (prompt colour or the material's default). */
  main: Rgb;
  /** Secondary colour: mortar, gaps, veins, highlights... */
  second: Rgb;
  /** Feature density: 1 normal, < 1 "large", > 1 "small". */
  scale: number;
  /** Surface roughness: 1 normal, > 1 "weathered", < 1 "smooth". */
  rough: number;
  salt: number;
}

export interface OverlayContext {
  noise: PeriodicNoise;
  salt: number;
}

export function addMoss(s: Surface, { noise }: OverlayContext): void {
  const moss: Rgb = { r: 74, g: 118, b: 42 };
  const mossLight: Rgb = { r: 120, g: 160, b: 60 };
  s.forEach((i, u, v) => {
    const patch = noise.fbm(u + 0.31, v + 0.17, 4, 4, 4);
    const amount = smoothstep(0.05, 0.4, (0.5 - (s.height[i] ?? 0)) * 1.1 + patch * 1.7 + 0.15);
    if (amount <= 0) return;
    const fuzz = noise.fbm(u, v, 32, 32, 2);
    s.blend(i, mix(moss, mossLight, 0.5 + fuzz), amount * 0.92);
    s.height[i] = (s.height[i] ?? 0) + amount * (0.1 + fuzz * 0.1);
  });
}

export function addCracks(s: Surface, { noise, salt }: OverlayContext): void {
  const cells = new PeriodicWorley(3, salt + 11, 0.9);
  s.forEach((i, u, v) => {
    const wu = u + noise.fbm(u, v, 4, 4, 3) * 0.05;
    const wv = v + noise.fbm(v, u, 4, 4, 3) * 0.05;
    const w = cells.sample(wu - Math.floor(wu), wv - Math.floor(wv));
    const crack = 1 - smoothstep(0, 0.035, w.f2 - w.f1);
    const visible = smoothstep(-0.15, 0.1, noise.fbm(u + 0.5, v + 0.5, 3, 3, 3));
    const k = crack * visible;
    if (k <= 0) return;
    s.blend(i, { r: 20, g: 16, b: 14 }, k * 0.85);
    s.height[i] = (s.height[i] ?? 0) - k * 0.35;
  });
}

export function addRust(s: Surface, { noise }: OverlayContext): void {
  const rust: Rgb = { r: 140, g: 62, b: 24 };
  const rustLight: Rgb = { r: 190, g: 100, b: 40 };
  s.forEach((i, u, v, x, y) => {
    const amount = smoothstep(-0.05, 0.3, noise.fbm(u + 0.7, v + 0.2, 3, 3, 5) + (0.45 - (s.height[i] ?? 0)) * 0.6);
    if (amount <= 0) return;
    const speck = hash2(x, y, 991);
    s.blend(i, mix(rust, rustLight, speck), amount * (0.75 + speck * 0.25));
  });
}

export function addFrost(s: Surface, { noise }: OverlayContext): void {
  const frost: Rgb = { r: 205, g: 235, b: 250 };
  s.forEach((i, u, v, x, y) => {
    const amount = 0.35 + 0.25 * smoothstep(-0.2, 0.4, noise.fbm(u + 0.9, v + 0.4, 4, 4, 4));
    s.blend(i, frost, amount);
    if (hash2(x, y, 313) > 0.985) s.blend(i, { r: 255, g: 255, b: 255 }, 0.9);
  });
}

/** Emissive veins in the low parts of the surface ("glowing" on materials that do not glow). */
export function addGlowVeins(s: Surface, { noise }: OverlayContext): void {
  s.forEach((i, u, v) => {
    const low = smoothstep(0.32, 0.08, s.height[i] ?? 0);
    const pulse = 0.6 + 0.4 * smoothstep(-0.3, 0.3, noise.fbm(u, v, 3, 3, 3));
    s.glow[i] = Math.max(s.glow[i] ?? 0, low * pulse);
  });
}

export interface FinishOptions {
  /** Strength of the directional light on the height map. */
  bump: number;
  /** Darkening of low areas (cheap ambient occlusion). */
  occlusion: number;
  glowColor: Rgb;
  /** Pixel block size for the "retro" style (1 = off). */
  block: number;
}

/** Lights the surface and writes it, fully opaque, to a canvas. */
export function finishSurface(s: Surface, options: FinishOptions): Canvas {
  const n = s.size;
  const canvas = new Canvas(n, n);
  const { height, color, glow } = s;
  const scale = n / 256;
  for (let y = 0; y < n; y++) {
    const up = ((y - 1 + n) % n) * n;
    const down = ((y + 1) % n) * n;
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const left = y * n + ((x - 1 + n) % n);
      const right = y * n + ((x + 1) % n);
      const dx = ((height[right] ?? 0) - (height[left] ?? 0)) * 128 * scale;
      const dy = ((height[down + x] ?? 0) - (height[up + x] ?? 0)) * 128 * scale;
      const lit = Math.max(-0.6, Math.min(0.6, (dx + dy) * 0.7 * options.bump * 0.02));
      const ao = 1 - options.occlusion * (1 - Math.min(1, Math.max(0, height[i] ?? 0)));
      const k = (1 + lit) * ao;
      let r = (color[i * 3] ?? 0) * k;
      let g = (color[i * 3 + 1] ?? 0) * k;
      let b = (color[i * 3 + 2] ?? 0) * k;
      const e = glow[i] ?? 0;
      if (e > 0.01) {
        const c = glowRamp(options.glowColor, e);
        const t = Math.min(1, e * 1.6);
        r = r * (1 - t) + c.r * t;
        g = g * (1 - t) + c.g * t;
        b = b * (1 - t) + c.b * t;
      }
      canvas.set(x, y, { r, g, b }, 255);
    }
  }
  return options.block > 1 ? pixelateTile(canvas, options.block) : canvas;
}

/** Averages blocks and posterises ("retro"); block divides the size, so the tile stays seamless. */
function pixelateTile(canvas: Canvas, block: number): Canvas {
  const n = canvas.width;
  const out = new Canvas(n, n);
  const levels = 12;
  for (let by = 0; by < n; by += block) {
    for (let bx = 0; bx < n; bx += block) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const i = (y * n + x) * 4;
          r += canvas.data[i] ?? 0;
          g += canvas.data[i + 1] ?? 0;
          b += canvas.data[i + 2] ?? 0;
        }
      }
      const q = (v: number): number => (Math.round((v / (block * block) / 255) * levels) / levels) * 255;
      const c = { r: q(r), g: q(g), b: q(b) };
      for (let y = by; y < by + block; y++) for (let x = bx; x < bx + block; x++) out.set(x, y, c, 255);
    }
  }
  return out;
}

/** A texture material: default colours, lighting strength and its renderer (see textures/materials/materials.ts). */
export interface Material {
  main: Rgb;
  second: Rgb;
  bump: number;
  occlusion: number;
  /** Materials that emit light (lava) paint `glow` with this colour ramp. */
  glows?: boolean;
  /** Colour of what glows in a material that is not itself glowing (runes, lights, crystal cores). */
  glowColor?: Rgb;
  /** The first colour named is the glow's (runes), not the surface's. */
  colorGlows?: boolean;
  /** Patterns (brick, tiles...) take the colour of a substance named with them ("stone brick"). */
  pattern?: boolean;
  render(s: Surface, ctx: MaterialContext): void;
  /** How the material looks inside the blocks of another layout ("golden tiles"), if not its own render. */
  inlay?(s: Surface, ctx: MaterialContext): void;
}
