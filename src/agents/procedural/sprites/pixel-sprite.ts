/**
 * The "pixel-sprite" generator: mirror-symmetric pixel-art sprites, each drawn on a grid of its own
 * size (one cell per pixel; "retro" ones on a 16x16 grid scaled up with nearest-neighbour). 16, 32
 * and 48 px sprites have a dark 1-cell outline and three-tone shading without dithering, so a kit's
 * sprites share the pixel of its 16/32/48 px tiles and icons; 64- and 128-pixel sprites have
 * five-tone dithered shading, a 1-pixel outline and
 * details (pupils, rivets, buckles, seams). Subject words pick the body plan (characters,
 * creatures, ships, items; unknown words seed a random creature) and a character holds the items
 * named with it ("knight with a sword"): plan.ts. Colour words pick the palette, style words the tone,
 * "cute"/"scary", "flat" (no shading), "no outline", "glowing" (halo and glowing eyes) and "retro".
 */
import { nearest } from "../../palette/map.js";
import { rampFromPalette } from "../../palette/ramp.js";
import { applyTone, fromHsl, mix, rgb, shade, toHsl, type Rgb } from "../kit/color.js";
import { hashString, mixSeeds, Random } from "../kit/random.js";
import type { GeneratorInput, PromptSpec } from "../kit/types.js";
import { hasStyle, isNegated, shapeKey, toneOf } from "../words/prompt.js";
import { COLOR_VALUES } from "../words/vocabulary.js";
import { M, MATERIAL_COUNT, SpriteGrid, type SpriteAnchors, type SpriteBuilder, type SpriteTraits } from "./grid.js";
import { drawHeldItem } from "./items/held.js";
import { planSprite, type SpritePlan } from "./plan.js";
import type { SpriteLook } from "./render.js";

const RANDOM_HUES = ["red", "orange", "green", "teal", "blue", "purple", "pink", "emerald", "violet", "crimson"];
const SKIN_TONES = [rgb(0xf2c9a0), rgb(0xe0a878), rgb(0xb97b52), rgb(0x8a5636), rgb(0xf5d7b8)];
const HAIR_COLORS = [rgb(0x4a2e1e), rgb(0x2a2230), rgb(0xd9a441), rgb(0xa8442a), rgb(0x8a5a34)];
const FLAT = new Set<number>([M.EYE, M.DARK, M.SHINE, M.GLOW, M.LINE]);

const named = (name: string | undefined): Rgb | undefined => (name ? COLOR_VALUES[name] : undefined);

/**
 * Colour ramps per material: [dark, base, light] for the 16-cell designs, five steps (darkest
 * first) for the ones drawn at 64 and 128 pixels.
 */
function spritePalette(spec: PromptSpec, builder: SpriteBuilder, rng: Random, traits: SpriteTraits): { ramps: Rgb[][]; ramps5: Rgb[][]; outline: Rgb } {
  const tone = toneOf(spec);
  // "white|brown|black": one of a species' natural colours, per seed
  const pickDefault = (name: string): Rgb =>
    named(name === "random" ? rng.pick(RANDOM_HUES) : name.includes("|") ? rng.pick(name.split("|")) : name) ?? rgb(0x888888);
  // creatures and items: a colour ramp within the asked colour, per seed
  const asked = named(spec.colors[0]) ?? pickDefault(builder.primary);
  const primary = builder.kind === "character" ? asked : varyColor(asked, rng);
  const secondary = named(spec.colors[1]) ?? (builder.secondary === "random" ? shade(primary, 0.35) : pickDefault(builder.secondary));
  const accent = named(spec.colors[2]) ?? (builder.accent === "random" ? pickDefault("random") : pickDefault(builder.accent));
  const skin = builder.skin ? pickDefault(builder.skin) : rng.pick(SKIN_TONES);
  const hair = rng.pick(HAIR_COLORS);
  const glow = traits.scary ? rgb(0xff4a3a) : shade(accent, 0.3);
  const base: Rgb[] = [];
  // "glowing": the body lit from within (and, on an opaque background, a halo: render.ts)
  base[M.BODY] = hasStyle(spec, "glowing") ? mix(primary, rgb(0xffffff), 0.22) : primary;
  base[M.BELLY] = secondary;
  base[M.ACCENT] = accent;
  base[M.EYE] = rgb(0xf6f4ee);
  base[M.DARK] = rgb(0x1c1424);
  base[M.METAL] = rgb(0xb9c2cc);
  base[M.SKIN] = skin;
  base[M.WOOD] = rgb(0x7a4e2c);
  base[M.SHINE] = rgb(0xffffff);
  base[M.GLOW] = hasStyle(spec, "glowing") ? shade(glow, 0.2) : glow;
  base[M.HAIR] = hair;
  base[M.GLASS] = rgb(0xcfe6f0);
  base[M.WING] = shade(primary, -0.22);
  base[M.CLOTH] = secondary;
  base[M.FIRE] = rgb(0xf07a1c);
  base[M.EMBER] = rgb(0xffd23a);
  base[M.LIQUID] = rgb(0xd8344a);
  const outline = hasStyle(spec, "retro") ? rgb(0x000000) : mix(shade(primary, -0.65), rgb(0x120c18), 0.6);
  base[M.LINE] = outline;
  builder.tint?.(base, rng.fork("tint"));
  const ramps: Rgb[][] = [];
  const ramps5: Rgb[][] = [];
  for (let m = 1; m < MATERIAL_COUNT; m++) {
    const c = m === M.LINE ? outline : applyTone(base[m] ?? primary, m === M.DARK || m === M.SHINE ? undefined : tone);
    ramps[m] = FLAT.has(m) ? [c, c, c] : [shade(c, -0.24), c, shade(c, 0.2)];
    ramps5[m] =
      m === M.LINE || m === M.EYE || m === M.DARK || m === M.SHINE ? [c, c, c, c, c] : [shade(c, -0.4), shade(c, -0.22), c, shade(c, 0.15), shade(c, 0.3)];
  }
  return { ramps, ramps5, outline };
}

/** A colour a little off in hue and lightness (creatures and items vary per seed). */
function varyColor(c: Rgb, rng: Random): Rgb {
  const hsl = toHsl(c);
  return fromHsl({
    h: hsl.h + rng.range(-12, 12),
    s: Math.min(1, Math.max(0, hsl.s * rng.range(0.85, 1.15))),
    l: Math.min(0.92, Math.max(0.08, hsl.l + rng.range(-0.09, 0.09))),
  });
}

function enforceSymmetry(g: SpriteGrid): void {
  const { n } = g;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n / 2; i++) {
      const a = g.get(i, j);
      const b = g.get(n - 1 - i, j);
      if (a === M.EMPTY && b !== M.EMPTY) g.setCell(i, j, b);
      if (b === M.EMPTY && a !== M.EMPTY) g.setCell(n - 1 - i, j, a);
    }
  }
}

/** A held item as a layer of its own: the cells its drawing changed, and the hand that holds it. */
export interface HeldLayer {
  item: string;
  /** The changed cells (item, grip, the line that separates it from the body); empty elsewhere. */
  grid: SpriteGrid;
  /** The image side of the hand that holds it. */
  side: "left" | "right";
  /** The centre of that hand, in cells. */
  grip: [number, number];
}

/** Everything a sprite is drawn from: the grids before colouring and the colours. */
export interface SpriteModel {
  /** Cells per side of the grids. */
  n: number;
  /** Output pixels per side. */
  size: number;
  plan: SpritePlan;
  traits: SpriteTraits;
  anchors: SpriteAnchors | undefined;
  /** The figure without held items (mirrored when symmetric; border not cleared). */
  body: SpriteGrid;
  /** The held items, in drawing order. */
  held: HeldLayer[];
  /** The single sprite's grid: the body with its items, border cleared. */
  grid: SpriteGrid;
  look: SpriteLook;
}

/** Draws the material grids of a sprite (the builder runs once) and picks its colours. */
export function modelSprite(input: GeneratorInput): SpriteModel {
  const { spec } = input;
  const size = input.width;
  const retro = hasStyle(spec, "retro");
  // every size is drawn on its own grid, one cell per pixel; "retro" keeps the 16-cell design scaled up.
  const n = retro ? 16 : size;
  const traits: SpriteTraits = { cute: hasStyle(spec, "cute"), scary: hasStyle(spec, "scary") };
  const plan = planSprite(spec);
  const { builder } = plan;
  const rng = new Random(mixSeeds(input.seed, hashString("pixel-sprite"), hashString(shapeKey(spec))));

  const grid = new SpriteGrid(n);
  const anchors = builder.build(grid, rng.fork("shape"), traits) ?? undefined;
  if (!builder.asymmetric) enforceSymmetry(grid);
  const body = copyGrid(grid);
  const held: HeldLayer[] = [];
  if (anchors) {
    for (const item of plan.items) {
      const before = copyGrid(grid);
      drawHeldItem(grid, anchors, item, plan.design);
      const layer = changedCells(before, grid);
      let sum = 0;
      let count = 0;
      for (let k = 0; k < n * n; k++) if (layer.cells[k]) (sum += k % n), count++;
      const side = count === 0 || sum / count < n / 2 ? "left" : "right";
      const hx = ((anchors.hand.x0 + anchors.hand.x1) / 2) * n;
      const grip: [number, number] = [side === "left" ? hx : n - hx, ((anchors.hand.y0 + anchors.hand.y1) / 2) * n];
      held.push({ item: item.item, grid: layer, side, grip });
    }
  }
  grid.clearBorder();
  const chosen = spritePalette(spec, builder, rng.fork("palette"), traits);
  const { ramps, ramps5, outline } = input.palette ? onPalette(chosen, input.palette) : chosen;
  const look: SpriteLook = {
    n,
    detailed: n === size && n >= 64,
    ramps,
    ramps5,
    outline,
    flat: hasStyle(spec, "flat"),
    outlined: !isNegated(spec, "outline"),
    glowing: hasStyle(spec, "glowing"),
  };
  return { n, size, plan, traits, anchors, body, held, grid, look };
}

/**
 * The sprite's colours drawn from an asked palette (contract section 12): each material's ramp is
 * made of palette colours near its hue, ordered by lightness (agents/palette/ramp.ts), so shading
 * still reads; flat materials (eyes, outline) take their nearest palette colour.
 */
function onPalette(colours: { ramps: Rgb[][]; ramps5: Rgb[][]; outline: Rgb }, palette: readonly Rgb[]) {
  const fit = (ramp: Rgb[] | undefined): Rgb[] => {
    if (!ramp || ramp.length === 0) return [];
    const flat = ramp.every((c) => c.r === ramp[0]!.r && c.g === ramp[0]!.g && c.b === ramp[0]!.b);
    if (flat) return ramp.map(() => nearest(ramp[0]!, palette));
    return rampFromPalette(ramp[Math.floor(ramp.length / 2)]!, ramp.length, palette);
  };
  return { ramps: colours.ramps.map(fit), ramps5: colours.ramps5.map(fit), outline: nearest(colours.outline, palette) };
}

function copyGrid(g: SpriteGrid): SpriteGrid {
  const out = new SpriteGrid(g.n);
  out.cells.set(g.cells);
  out.tone.set(g.tone);
  return out;
}

/** The cells of `after` that differ from `before` (material or shading), on an empty grid. */
function changedCells(before: SpriteGrid, after: SpriteGrid): SpriteGrid {
  const out = new SpriteGrid(after.n);
  for (let k = 0; k < after.cells.length; k++) {
    if (after.cells[k] !== before.cells[k] || after.tone[k] !== before.tone[k]) {
      out.cells[k] = after.cells[k] as number;
      out.tone[k] = after.tone[k] as number;
    }
  }
  return out;
}
