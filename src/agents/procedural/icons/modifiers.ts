/**
 * Materials and effects on icons, for every shape: a material named with the subject ("wooden
 * shield", "stone statue", "crystal sword") recolours the roles that are the subject's material and
 * adds its cue (grain, speckles and a crack, facets, shine, rivets, stitches); an effect ("healing
 * potion", "fire sword") tints the subject and adds a corner symbol and sparkles in its colour.
 * Every icon also jitters its colour ramp a little per seed, within the asked colour.
 */
import { applyTone, fromHsl, mix, shade, toHsl, type Rgb } from "../kit/color.js";
import { compose, placeUnit, star, type Affine } from "../kit/geometry.js";
import type { Fill, IconShape, Part, Role } from "./parts.js";
import { type MaskPool, type PartColors, renderParts, type RenderOptions } from "./render.js";
import { EFFECT_LOOKS, MATERIAL_LOOKS, materialCue, type MaterialLook, WEAR_LOOKS } from "./modifiers-looks.js";
import { toneOf, type PromptSpec } from "../words/prompt.js";
import { Random as RandomSource, type Random } from "../kit/random.js";
import type { Canvas } from "../kit/raster.js";
import { COLOR_VALUES, EFFECT_COLORS } from "../words/vocabulary.js";

/** Which roles are "what the subject is made of", by icon subject (default: the primary). */
const MATERIAL_ROLES: Readonly<Record<string, readonly Role[]>> = {
  potion: ["glass"],
  bookshelf: ["wood"],
  house: ["secondary"],
  candle: ["secondary"],
  torch: ["secondary"],
  campfire: ["secondary"],
  ladder: ["primary", "secondary"],
  book: ["primary"],
  window: ["primary"],
  // "oak tree", "pine tree": the wood is the trunk, not the crown
  tree: ["secondary"],
  "apple tree": ["secondary"],
  palm: ["secondary"],
  conifer: ["secondary"],
  bush: ["secondary"],
  fern: ["secondary"],
  mushroom: ["secondary"],
  // "bamboo fishing rod": the pole
  rod: ["wood"],
};

export interface IconModifiers {
  /** The material drawn (canonical), if any. */
  material: string | undefined;
  /** The effect drawn (canonical), if any. */
  effect: string | undefined;
  /** Wear styles drawn ("cracked", "mossy", "rusty", "weathered", "icy"). */
  wear: readonly string[];
  materialRoles: readonly Role[];
  /** Per-seed colour jitter: hue degrees and lightness. */
  hueJitter: number;
  lightJitter: number;
  rng: Random;
}

export interface ModifierUse {
  material: string | undefined;
  effect: string | undefined;
  wear: readonly string[];
}

const bodyCache = new Map<IconShape, Map<string, { material: boolean; any: boolean }>>();

/** Whether a shape has parts large enough to carry a cue (of its material roles, or of any role). */
function cueBodies(shape: IconShape, roles: readonly Role[]): { material: boolean; any: boolean } {
  const byRoles = bodyCache.get(shape) ?? new Map<string, { material: boolean; any: boolean }>();
  bodyCache.set(shape, byRoles);
  const cached = byRoles.get(roles.join());
  if (cached) return cached;
  const parts = shape.build(new RandomSource(0), false);
  const found = { material: largestBodies(roles, parts, false).length > 0, any: largestBodies(roles, parts, true).length > 0 };
  byRoles.set(roles.join(), found);
  return found;
}

const METALS: ReadonlySet<string> = new Set(["iron", "gold", "silver", "bronze", "copper", "tin", "brass"]);
const WOODS: ReadonlySet<string> = new Set(["wood", "bamboo"]);

/**
 * The roles a material recolours: the subject's own (MATERIAL_ROLES), else its primary; a metal on
 * a tool whose head is the metal role ("iron hoe"), a wood on one whose handle is wood, when the
 * primary has no part large enough to show it.
 */
function materialRolesOf(shape: IconShape, mainName: string | undefined, material: string | undefined): readonly Role[] {
  const own = MATERIAL_ROLES[mainName ?? ""];
  if (own) return own;
  if (material === undefined || cueBodies(shape, ["primary"]).material) return ["primary"];
  if (METALS.has(material) && cueBodies(shape, ["metal"]).material) return ["metal"];
  if (WOODS.has(material) && cueBodies(shape, ["wood"]).material) return ["wood"];
  return ["primary"];
}

/**
 * What of the prompt's materials, effects and wear an icon of `shape` (named `mainName`) draws:
 * the first material and effect it knows; a material only when it recolours the subject (no colour
 * named) or has a part to mark; wear only when the shape has a part to mark.
 */
export function iconModifierUse(spec: PromptSpec, shape: IconShape, mainName: string | undefined, surface?: string): ModifierUse {
  const named = spec.materials.find((m) => MATERIAL_LOOKS[m] !== undefined) ?? surface;
  const roles = materialRolesOf(shape, mainName, named);
  const bodies = cueBodies(shape, roles);
  const wear = bodies.any ? spec.styles.filter((s) => WEAR_LOOKS[s] !== undefined) : [];
  if (mainName === undefined) return { material: undefined, effect: undefined, wear };
  const material = named;
  return {
    material: material !== undefined && (spec.colors.length === 0 || bodies.material) ? material : undefined,
    effect: spec.effects.find((e) => EFFECT_LOOKS[e] !== undefined),
    wear,
  };
}

export function planModifiers(spec: PromptSpec, shape: IconShape, mainName: string | undefined, rng: Random, surface?: string): IconModifiers {
  const { material, effect, wear } = iconModifierUse(spec, shape, mainName, surface);
  return {
    material,
    effect,
    wear,
    materialRoles: materialRolesOf(shape, mainName, material),
    hueJitter: rng.range(-7, 7),
    lightJitter: rng.range(-0.05, 0.05),
    rng: rng.fork("cues"),
  };
}

function jitter(c: Rgb, dh: number, dl: number): Rgb {
  const hsl = toHsl(c);
  if (hsl.s < 0.08) return shade(c, dl * 0.6);
  return fromHsl({ h: hsl.h + dh, s: hsl.s, l: Math.min(0.92, Math.max(0.08, hsl.l + dl)) });
}

/** The shape's colours with the material, the effect's tint and the seed's jitter applied. */
export function modifyColors(mods: IconModifiers, colors: PartColors, spec: PromptSpec): PartColors {
  const roles: Record<Role, Rgb> = { ...colors.roles };
  const tone = toneOf(spec);
  const look: MaterialLook | undefined = mods.material ? MATERIAL_LOOKS[mods.material] : undefined;
  const named = spec.colors.length > 0;
  if (look && !named) for (const role of mods.materialRoles) roles[role] = applyTone(jitter(look.color, mods.hueJitter * 0.4, mods.lightJitter), tone);
  const effectColor = mods.effect ? COLOR_VALUES[EFFECT_COLORS[mods.effect] ?? ""] : undefined;
  if (effectColor && !named) {
    // the material keeps the primary: the effect tints the accent; a grey subject takes a strong tint
    const target: Role = look && mods.materialRoles.includes("primary") ? "accent" : "primary";
    const grey = toHsl(roles[target]).s < 0.25;
    roles[target] = applyTone(target === "accent" || !grey ? effectColor : mix(roles[target], effectColor, 0.6), tone);
  }
  for (const role of ["primary", "secondary", "accent"] as const) roles[role] = jitter(roles[role], mods.hueJitter, mods.lightJitter);
  return { ...colors, roles };
}

const baseRole = (fill: Fill): Role => fill.replace(/[+-]+$/, "") as Role;

export function bounds(part: Part): { x0: number; y0: number; x1: number; y1: number } {
  let [x0, y0, x1, y1] = [1, 1, 0, 0];
  for (const contour of part.path)
    for (const [x, y] of contour) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return { x0, y0, x1, y1 };
}

export function largestBodies(roles: readonly Role[], parts: readonly Part[], anyRole: boolean): { p: Part; b: ReturnType<typeof bounds> }[] {
  const solid = parts.filter((p) => p.stroke === undefined && p.outline !== false && !p.clips);
  const made = solid.filter((p) => roles.includes(baseRole(p.fill)));
  return (made.length > 0 || !anyRole ? made : solid)
    .map((p) => ({ p, b: bounds(p) }))
    .map((e) => ({ ...e, area: (e.b.x1 - e.b.x0) * (e.b.y1 - e.b.y0) }))
    .filter((e) => e.area > 0.02)
    .sort((a, b) => b.area - a.area)
    .slice(0, 3);
}

/** The shape's parts with the material's cue drawn over the largest parts made of it. */
export function decorateParts(mods: IconModifiers, parts: readonly Part[]): Part[] {
  const look = mods.material ? MATERIAL_LOOKS[mods.material] : undefined;
  if (!look) return [...parts];
  const cues: Part[] = [];
  for (const { p, b } of largestBodies(mods.materialRoles, parts, false)) {
    for (const cue of materialCue(look.cue, baseRole(p.fill), b, mods.rng)) cues.push({ ...cue, outline: false, clips: [...(cue.clips ?? []), p.path] });
  }
  return [...parts, ...cues];
}

/** Draws the wear styles over the subject's largest parts, each in its own colour. */
export function renderWear(canvas: Canvas, pool: MaskPool, mods: IconModifiers, parts: readonly Part[], m: Affine, box: number, outline: Rgb): void {
  const bodies = largestBodies(mods.materialRoles, parts, true);
  for (const wear of mods.wear) {
    const look = WEAR_LOOKS[wear];
    if (!look) continue;
    const rng = mods.rng.fork(wear);
    const cues: Part[] = [];
    for (const { p, b } of bodies)
      for (const cue of materialCue(look.cue, "primary", b, rng)) cues.push({ ...cue, outline: false, clips: [...(cue.clips ?? []), p.path] });
    const roles: Record<Role, Rgb> = {
      primary: look.color,
      secondary: look.color,
      accent: look.color,
      metal: look.color,
      wood: look.color,
      dark: look.color,
      light: { r: 255, g: 255, b: 250 },
      glass: look.color,
    };
    renderParts(canvas, pool, cues, m, box, { roles, outline, flat: false }, { outlineWidth: 0 });
  }
}

/** Draws the effect's corner symbol and sparkles (after the subject and its emblem). */
export function renderAdornment(
  canvas: Canvas,
  pool: MaskPool,
  mods: IconModifiers,
  m: Affine,
  box: number,
  cornerTaken: boolean,
  outline: Rgb,
  options: RenderOptions,
): void {
  const look = mods.effect ? EFFECT_LOOKS[mods.effect] : undefined;
  const colorName = mods.effect ? EFFECT_COLORS[mods.effect] : undefined;
  if (!look || colorName === undefined) return;
  const base = COLOR_VALUES[colorName] ?? { r: 255, g: 255, b: 255 };
  const roles: Record<Role, Rgb> = {
    primary: base,
    secondary: shade(base, 0.35),
    accent: { r: 255, g: 255, b: 250 },
    metal: base,
    wood: base,
    dark: { r: 30, g: 26, b: 38 },
    light: { r: 255, g: 255, b: 250 },
    glass: base,
  };
  const colors: PartColors = { roles, outline, flat: false };
  const rng = mods.rng.fork("adornment");
  const sparkles: Part[] = [];
  for (let i = 0; i < rng.int(2, 4); i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0.4, 0.48);
    const r = rng.range(0.035, 0.06);
    sparkles.push({ path: [star(0.5 + Math.cos(a) * d, 0.5 + Math.sin(a) * d, r, r * 0.3, 4)], fill: i % 2 ? "secondary" : "primary", outline: false });
  }
  renderParts(canvas, pool, sparkles, m, box, colors, { outlineWidth: 0 });
  const slot = cornerTaken ? { cx: 0.84, cy: 0.16, r: 0.17 } : { cx: 0.84, cy: 0.84, r: 0.17 };
  const at = compose(m, placeUnit(slot.cx - slot.r, slot.cy - slot.r, slot.r * 2));
  renderParts(canvas, pool, look.symbol.build(rng, false), at, box * slot.r * 2, colors, { ...options, outlineWidth: options.outlineWidth * 0.8 });
}
