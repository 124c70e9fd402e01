/**
 * The "pixel-sprite" generator: mirror-symmetric pixel-art sprites. 16- and 32-pixel sprites (and
 * "retro" ones at any size) are built on a 16x16 logical grid with a dark 1-cell outline and
 * three-tone shading, scaled up with nearest-neighbour; 64- and 128-pixel sprites are drawn at
 * their own resolution (one cell per pixel) with five-tone dithered shading, a 1-pixel outline and
 * details (pupils, rivets, buckles, seams). Subject words pick the body plan (characters,
 * creatures, ships, items; unknown words seed a random creature); a character holds the items
 * named with it ("knight with a sword"); colour words pick the palette, style words the tone,
 * "cute"/"scary", "flat" (no shading), "no outline", "glowing" (halo and glowing eyes) and "retro".
 */
import { nearest } from "../../palette/map.js";
import { rampFromPalette } from "../../palette/ramp.js";
import { applyTone, fromHsl, mix, rgb, shade, toHsl, type Rgb } from "../kit/color.js";
import { ProgressReporter } from "../kit/progress.js";
import { hasStyle, isNegated, shapeKey, toneOf, type PromptSpec } from "../words/prompt.js";
import { hashString, mixSeeds, Random } from "../kit/random.js";
import { scaleNearest } from "../kit/raster.js";
import { type CharacterUses, isCharacter, planCharacter, RACES } from "./characters/plan.js";
import { CHARACTER_BUILDERS } from "./characters/characters.js";
import { CREATURE_BUILDERS } from "./creatures/creatures.js";
import { M, MATERIAL_COUNT, SpriteGrid, type SpriteAnchors, type SpriteBuilder, type SpriteTraits } from "./grid.js";
import { assignHands, drawHeldItem, type HeldItem, holdAs } from "./items/held.js";
import { ITEM_BUILDERS } from "./items/items.js";
import { iconSpriteBuilder } from "./items/bridge.js";
import { creatureCompound, modifySprite, type ModifierUse } from "./modifiers.js";
import { paintSprite, type SpriteLook } from "./render.js";
import { vesselOf } from "./creatures/vessels.js";
import { applySpriteWords, readSpriteWords, WORN_WORDS } from "./words.js";
import type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "../kit/types.js";
import { COLOR_VALUES } from "../words/vocabulary.js";
import { broaderSubjects, impliedItems } from "../words/subjects/subjects.js";

export const BUILDERS: Readonly<Record<string, SpriteBuilder>> = { ...CHARACTER_BUILDERS, ...CREATURE_BUILDERS, ...ITEM_BUILDERS };

/** Subjects without a builder of their own that borrow a close one. */
export const ALIASES: Readonly<Record<string, string>> = {
  leaf: "tree",
  droplet: "slime",
  water: "slime",
  lava: "flame",
  bolt: "flame",
  ice: "gem",
  moon: "star",
  axe: "sword",
  bow: "sword",
  key: "sword",
  scroll: "shield",
  metal: "robot",
};

/** Held items with metal that an energy word makes glow. */
const ENERGY_HELD = new Set(["sword", "axe", "spear", "hammer", "gun", "rifle", "wrench", "pickaxe"]);

/** Words that put a named item in both hands. */
const PAIR_WORDS = new Set(["twin", "dual", "two", "double", "paired", "pair"]);

/** Subjects that name where a figure is: never held. */
const PLACES = new Set([
  "house",
  "castle",
  "tower",
  "starfield",
  "water",
  "cave",
  "snow",
  "sand",
  "grass",
  "dirt",
  "mud",
  "wall",
  "floor",
  "road",
  "bridge",
  "sky",
  "cloud",
]);

/** The item a character holds for an effect named with it ("fire mage" holds a fireball). */
export const EFFECT_ITEMS: Readonly<Record<string, string>> = { fire: "flame", healing: "potion", poison: "potion" };

const RANDOM_HUES = ["red", "orange", "green", "teal", "blue", "purple", "pink", "emerald", "violet", "crimson"];
const SKIN_TONES = [rgb(0xf2c9a0), rgb(0xe0a878), rgb(0xb97b52), rgb(0x8a5636), rgb(0xf5d7b8)];
const HAIR_COLORS = [rgb(0x4a2e1e), rgb(0x2a2230), rgb(0xd9a441), rgb(0xa8442a), rgb(0x8a5a34)];
const FLAT = new Set<number>([M.EYE, M.DARK, M.SHINE, M.GLOW, M.LINE]);

/** The builder of a design: a sprite builder of its own, else the icon shape drawn as a sprite item. */
export function spriteBuilderOf(design: string): SpriteBuilder | undefined {
  return BUILDERS[design] ?? iconSpriteBuilder(design);
}

/**
 * The design a subject word draws: its own builder or the one it borrows, else its icon shape as
 * a sprite item, else the nearest broader subject's design (its "is a" chain), if any.
 */
export function spriteDesignOf(subject: string): string | undefined {
  for (const s of broaderSubjects(subject)) {
    if (BUILDERS[s]) return s;
    if (iconSpriteBuilder(s)) return s;
    const alias = ALIASES[s];
    if (alias && BUILDERS[alias]) return alias;
  }
  return undefined;
}

/** The item a figure holds for a subject named with it: its own, else the nearest broader one ("torch" → flame). */
export function heldItemOf(subject: string): string | undefined {
  return holdAs(subject);
}

/** What a sprite prompt draws: read by the generator and by the driver's `interpret`. */
export interface SpritePlan {
  /** The builder drawn ("tree" for "leaf"; "monster" on fallback). */
  design: string;
  builder: SpriteBuilder;
  /** The prompt's subject word that chose the design; undefined on fallback. */
  subject: string | undefined;
  /** Items in the character's hands (those named, else the character's default ones). */
  items: HeldItem[];
  /** True when no subject word has a design: a random creature seeded by the prompt. */
  fallback: boolean;
  /** A character's race, materials, effects and size words that change the drawing. */
  uses?: CharacterUses;
  /** Materials, effects, styles and companion subjects the creature's or item's drawing uses. */
  used?: ModifierUse;
}

/**
 * Picks the design: a figure (character or creature) beats an item, so "knight with a sword" is a
 * knight and "fire mage" a mage; among figures, or among items, specific subjects come before
 * generic ones, then the prompt's order. A character holds the items named with it.
 */
export function planSprite(spec: PromptSpec): SpritePlan {
  // "pirate ship with black sails": a sailing ship, shaped by the sea words before it
  const vessel = vesselOf(spec);
  if (vessel) {
    const modified = modifySprite(spec, "galleon", vessel.builder, vessel.companions);
    const applied = applySpriteWords(spec, modified.builder, readSpriteWords(spec, "creature"));
    const used = modified.used;
    used.words = [...vessel.words, ...applied.words];
    used.subjects.push(...applied.subjects.filter((s) => !used.subjects.includes(s)));
    used.styles.push(...applied.styles);
    return { design: "galleon", builder: applied.builder, subject: vessel.subject, items: [], fallback: false, used };
  }
  const drawable = spec.subjects.filter((s) => spriteDesignOf(s) !== undefined);
  // a figure beats an item, and a place ("sea" in "sea captain") is a figure only when alone
  const figures = drawable.filter((s) => spriteBuilderOf(spriteDesignOf(s) as string)?.kind !== "item");
  let subject = figures.find((s) => !PLACES.has(s)) ?? figures[0] ?? drawable[0];
  // "ghost pirate": a creature that is also a race of people is drawn as that class's race
  const cls = spec.subjects.find((s) => isCharacter(s) && RACES[s] === undefined);
  if (subject !== undefined && cls !== undefined && RACES[subject] !== undefined && !isCharacter(subject)) subject = cls;
  if (subject === undefined) return { design: "monster", builder: BUILDERS.monster as SpriteBuilder, subject: undefined, items: [], fallback: true };
  // "slime king", "skeleton horse", "mushroom monster": the creature, described by the other word
  const compound = creatureCompound(
    spec,
    (s) => spriteBuilderOf(spriteDesignOf(s) ?? "")?.kind === "creature",
    (s) => BUILDERS[s] !== undefined,
  );
  let design = compound?.design ?? (spriteDesignOf(subject) as string);
  const modified = modifySprite(spec, design, spriteBuilderOf(design) as SpriteBuilder, compound?.companions ?? []);
  let builder = modified.builder;
  if (builder.kind !== "character") {
    // role, state and setting words ("bone dragon boss", "sleeping cat", "sea turtle"): words.ts
    const kind = builder.kind === "creature" ? "creature" : "item";
    const applied = applySpriteWords(spec, builder, readSpriteWords(spec, kind));
    const used = modified.used;
    used.words = applied.words;
    used.subjects.push(...applied.subjects.filter((s) => !used.subjects.includes(s)));
    used.styles.push(...applied.styles);
    return { design, builder: applied.builder, subject: compound?.subject ?? subject, items: [], fallback: false, used };
  }
  let items: HeldItem[] = [];
  if (builder.kind === "character") {
    // a class drawn with its race, materials, effects and size ("dwarf blacksmith", "stone golem")
    const character = planCharacter(spec, design);
    ({ design, builder } = character);
    // closed eyes, hovering, rotting, a boss's scowl (words.ts)
    const applied = applySpriteWords(spec, builder, character.read);
    builder = applied.builder;
    for (const w of applied.words) if (!character.uses.words.includes(w)) character.uses.words.push(w);
    character.uses.styles.push(...applied.styles);
    const drawn = [design, ...character.uses.subjects];
    // places are where a figure is, never in its hands ("village baker", "tavern keeper")
    items = assignHands(spec.subjects.filter((s) => !drawn.includes(s) && !PLACES.has(s) && spriteDesignOf(s) !== design).map((s) => heldItemOf(s) ?? s));
    // "twin daggers", "dual swords": one item named, held in both hands
    const pair = spec.otherWords.find((w) => PAIR_WORDS.has(w));
    if (pair && items.length === 1 && items[0]?.item !== "shield") {
      items = [items[0] as HeldItem, { item: (items[0] as HeldItem).item, hand: "off" }];
      character.uses.words.push(pair);
    }
    // "fire mage": a figure with an effect holds the effect's item when no item is named
    if (items.length === 0) items = assignHands(spec.effects.map((e) => EFFECT_ITEMS[e]).filter((s): s is string => s !== undefined));
    if (items.length === 0) items = assignHands(builder.defaultItems ?? impliedItems(design));
    // "plasma rifle", "laser sword": a metal item in hand glows; with none, the word did nothing
    const energy = character.read.worn.energy;
    if (energy) {
      const glowing = items.some((h) => ENERGY_HELD.has(h.item));
      if (glowing) items = items.map((h) => (ENERGY_HELD.has(h.item) ? { ...h, energy: true } : h));
      else character.uses.words = character.uses.words.filter((w) => WORN_WORDS[w]?.energy === undefined);
    }
    return { design, builder, subject: design, items, fallback: false, uses: character.uses };
  }
  return { design, builder, subject, items, fallback: false };
}

export function pickSpriteBuilder(spec: PromptSpec): { name: string; builder: SpriteBuilder } {
  const plan = planSprite(spec);
  return { name: plan.design, builder: plan.builder };
}

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
  base[M.BODY] = primary;
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
  // 16 and 32 px (and retro): a 16-cell design scaled up; 64 and 128 px: drawn at their own size.
  const n = retro || size < 64 ? 16 : size;
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

async function generateSprite(
  input: GeneratorInput,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedImage> {
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}) });
  await progress.report(0, "interpreting");
  const model = modelSprite(input);
  await progress.report(20, "layout");
  await progress.report(45, "outline");
  const canvas = paintSprite(model.grid, model.look, input.transparent);
  await progress.report(70, "shading", canvas);
  return progress.finish(scaleNearest(canvas, model.size / model.n));
}

export const pixelSpriteGenerator: Generator = { kind: "pixel-sprite", generate: generateSprite };
