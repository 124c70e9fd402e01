/**
 * Humanoid sprites (front view) assembled from a recipe of parts: a body plan, legs, torso,
 * sleeves, cape, belt and pauldrons (body.ts), hair, headgear and face
 * (parts.ts), details at 64 and 128 px (details.ts). The recipes are data
 * (recipes.ts); a race, a material, an effect or a size word changes the options
 * a recipe is drawn with (plan.ts).
 *
 * A new character is data: an entry in words/subjects/characters.ts (its words, what it `isA`, what it
 * `holds`) and a recipe in one of the recipes-*.ts tables naming existing parts; a new part
 * is a small function in the parts' table (TORSOS, HAIR, HATS, HELMETS, FACES, details).
 */
import { fromHsl, mix, shade, toHsl, type Rgb } from "../../kit/color.js";
import type { Random } from "../../kit/random.js";
import { type BodyPlan, drawArm, drawBelt, drawCape, drawLegs, drawPauldrons, drawJetpack, drawWings, TORSOS } from "./body.js";
import { drawAnimalEars, drawEars, drawMuzzle, FACES, HAIR, HEADGEAR } from "./parts.js";
import { RECIPES, type Recipe } from "./recipes.js";
import { characterDetails } from "./details.js";
import { drawEyes, M, type SpriteAnchors, type SpriteBuilder, type SpriteGrid, type SpriteTraits } from "../grid.js";
import { proportions } from "./body.js";
import { COLOR_VALUES } from "../../words/vocabulary.js";

/** How a recipe is drawn for one prompt: the race's body, the materials' and effects' colours. */
export interface CharacterOptions {
  /** The face stays visible (a race's features, glowing eyes): no closed helm. */
  showFace?: boolean;
  body?: BodyPlan;
  skin?: string;
  ears?: "short" | "long";
  /** An animal's ears and muzzle ("cat blacksmith": a cat's head on the blacksmith). */
  animal?: { ears?: "pointed" | "round" | "tall"; muzzle?: boolean };
  /** A face part the race adds (a dwarf's beard, an orc's tusks, a skeleton's skull). */
  face?: string;
  eyes?: Recipe["eyes"];
  /** Hair styles the race prefers. */
  hair?: readonly string[];
  /** A golden halo over the head (holy). */
  halo?: boolean;
  /** How many colours the prompt names (0: the recipe's colours, jittered per seed). */
  named: number;
  /** Colours that replace a material's base colour (BODY when no colour is named, METAL, WOOD...). */
  recolor?: Partial<Record<number, string>>;
  /** Body colour when no colour is named (an effect's tint). */
  bodyTint?: string;
  /** Glow colour (an effect's). */
  glow?: string;
  /** Headgear that replaces the recipe's ("hooded"). */
  head?: string;
  /** No beard or moustache (a woman). */
  beardless?: boolean;
  /** Grey hair ("old", "ancient"). */
  old?: boolean;
  /** Details a material or an effect adds at 64 and 128 px (embers, frost, cracks). */
  details?: readonly string[];
  /** What the prompt says the figure wears (sprites/words.ts): a torso, a face part, a cape, wings, a jetpack. */
  torso?: string;
  faceWorn?: string;
  cape?: boolean;
  wings?: boolean;
  jetpack?: boolean;
  /** The wings' colour ("with red wings"). */
  wingColor?: string;
  /** Every colour of the figure a shade of grey (a statue). */
  stone?: boolean;
}

const SLEEVES = { sleeve: M.BODY, bare: M.SKIN, cloth: M.CLOTH, metal: M.METAL } as const;
const BOOTS = { leather: M.WOOD, metal: M.METAL, cloth: M.CLOTH, none: M.EMPTY } as const;
/** Torsos that leave the arms bare, and those that hide the legs. */
const BARE_TORSOS = new Set(["bare", "ribs", "wraps", "boulder", "shell"]);
const LONG_TORSOS = new Set(["robe", "dress"]);
const BEARDS = new Set(["beard", "longbeard", "goatee", "moustache"]);

function pick<T>(rng: Random, list: readonly T[] | undefined, fallback: T): T {
  return list && list.length > 0 ? rng.pick(list) : fallback;
}

function build(recipe: Recipe, opts: CharacterOptions, g: SpriteGrid, rng: Random, traits: SpriteTraits): SpriteAnchors {
  const c = g.u;
  const b = proportions(g, rng, opts.body ?? recipe.body ?? "normal", traits.cute);
  const torso = opts.torso ?? pick(rng, recipe.torso, "tunic");
  // a race shows its face: no closed helm on an orc knight
  const heads = opts.showFace ? recipe.head?.filter((h) => !HEADGEAR[h]?.hidesEyes && !(opts.beardless && HEADGEAR[h]?.hidesHair)) : recipe.head;
  // a helmeted class whose closed helms are ruled out wears an open one
  const open = heads?.length === 0 && !opts.beardless ? ["nasal"] : heads;
  const headName = opts.head ?? pick(rng, open, "none");
  const head = HEADGEAR[headName] ?? { draw: () => undefined };
  const hair = HAIR[pick(rng, opts.hair ?? recipe.hair, "short")] ?? {};
  const faces = opts.beardless ? recipe.face?.filter((f) => !BEARDS.has(f)) : recipe.face;
  const face = opts.faceWorn ?? pick(rng, faces, "none");
  const cape = rng.chance(recipe.cape ?? 0) || opts.cape === true;
  const pauldrons = rng.chance(recipe.pauldrons ?? 0);
  const belt = rng.chance(recipe.belt ?? 0);
  const swap = rng.chance(0.5);
  const tilt = rng.pick([0, 0, 0.25, 0.4, -0.2]);

  if (recipe.wings || opts.wings) drawWings(g, b);
  if (opts.jetpack) drawJetpack(g, b);
  if (cape) drawCape(g, b, recipe.capeLong === true);
  drawLegs(g, b, LONG_TORSOS.has(torso) ? "none" : (recipe.legs ?? "pants"), BOOTS[recipe.boots ?? "leather"]);
  TORSOS[torso]?.(g, b);
  drawArm(g, b, BARE_TORSOS.has(torso) ? M.SKIN : SLEEVES[recipe.arms ?? "sleeve"]);
  if (belt) drawBelt(g, b, M.WOOD);
  if (pauldrons) drawPauldrons(g, b, M.METAL, b.plan === "bulky" || b.plan === "huge");
  const headTop = Math.max(0.02, b.hy - b.hr - (head.rise ?? 0));
  // a nimbus behind the head (holy)
  if (opts.halo || recipe.halo) g.ellipse(0.5, b.hy - b.hr * 0.25, b.hr * 1.45, b.hr * 1.4, M.GLOW);
  if (!head.hidesHair) hair.back?.(g, b, rng);
  head.back?.(g, b, rng);
  if (head.behind) head.draw(g, b, rng);
  // the head: framed by a hood, shadowed by a cowl, inside a space helmet, or bare
  if (headName === "hood") g.ellipse(0.5, b.hy + c, b.hr * 0.78, b.hr * 0.8, M.SKIN);
  else if (headName === "cowl") g.ellipse(0.5, b.hy + c, b.hr * 0.72, b.hr * 0.75, M.DARK);
  else if (headName === "bubble") g.ellipse(0.5, b.hy + c * 0.5, b.hr * 0.8, b.hr * 0.8, M.SKIN);
  else g.ellipse(0.5, b.hy, b.hr, b.hr, M.SKIN);
  const ears = opts.ears ?? recipe.ears;
  if (ears) drawEars(g, b, ears === "long");
  if (!head.hidesHair && !head.behind) hair.front?.(g, b, rng);
  if (!head.behind) head.draw(g, b, rng);
  // spectacles sit over an animal's muzzle too: drawn after it
  if (headName !== "cowl" && face !== "glasses") FACES[face]?.(g, b, rng);
  if (opts.face && headName !== "cowl") FACES[opts.face]?.(g, b, rng);
  if (opts.animal?.ears) drawAnimalEars(g, b, opts.animal.ears);
  if (opts.animal?.muzzle && headName !== "cowl") drawMuzzle(g, b);
  if (headName !== "cowl" && face === "glasses") FACES.glasses?.(g, b, rng);
  g.mirror();

  const eyes = opts.eyes ?? recipe.eyes ?? "normal";
  if (headName === "robot") {
    const p = g.px;
    g.dot(0.5 - b.hr * 0.45, b.hy - c * 0.5, M.GLOW, p, "paint");
    g.dot(0.5 + b.hr * 0.45 - (p - 1) / g.n, b.hy - c * 0.5, M.GLOW, p, "paint");
  } else if (eyes === "skull") {
    for (const s of [-1, 1])
      g.ellipse(0.5 + s * b.hr * 0.42, b.hy + c * 0.5, Math.max(c * 1.2, b.hr * 0.28), Math.max(c * 1.2, b.hr * 0.3), traits.scary ? M.GLOW : M.DARK, "paint");
    g.dot(0.5 - c * 0.5, b.hy + b.hr * 0.5, M.DARK, g.px, "paint");
  } else if (!head.hidesEyes) {
    const eyeY = headName === "hood" || headName === "cowl" ? b.hy + c * 1.5 : b.hy + c * 0.5;
    drawEyes(g, eyeY, b.hr * 0.8, eyes === "glow" ? { ...traits, scary: true } : traits);
    const masked = face === "wrap" || face === "scarf" || face === "beard" || headName === "cowl";
    if (g.n > 16 && !masked && face !== "longbeard") {
      if (g.hires) g.rect(0.5 - c, b.hy + b.hr * 0.6, 0.5 + c, b.hy + b.hr * 0.6 + c * 0.5, M.DARK, "paint");
      else g.rect(0.5 - c, b.hy + b.hr * 0.55, 0.5 + c, b.hy + b.hr * 0.55 + c, M.DARK, "paint");
    }
  }
  if (g.hires) characterDetails([...(recipe.details ?? []), ...(opts.details ?? [])], g, b);
  return {
    hand: { x0: b.armRight - b.armW, y0: b.handT, x1: b.armRight, y1: b.handB },
    armOuter: b.armRight - b.armW,
    headTop,
    neck: b.hy + b.hr,
    swapHands: swap,
    tilt,
  };
}

const named = (name: string | undefined): Rgb | undefined => (name ? COLOR_VALUES[name] : undefined);

/** The same colour, its hue and lightness moved a little: a seed's own shade of the asked colour. */
function jitter(color: Rgb, rng: Random, hue: number, light: number): Rgb {
  const hsl = toHsl(color);
  const dh = hsl.s < 0.12 ? 0 : rng.range(-hue, hue);
  return fromHsl({ h: hsl.h + dh, s: Math.min(1, hsl.s * rng.range(0.85, 1.1)), l: Math.max(0.08, Math.min(0.92, hsl.l + rng.range(-light, light))) });
}

/** Recolours the palette for a recipe: per-seed shades, hats, hair, materials and effects. */
function tint(recipe: Recipe, opts: CharacterOptions, base: Rgb[], rng: Random): void {
  const set = (m: number, color: Rgb | undefined): void => {
    if (color) base[m] = color;
  };
  if (opts.named === 0) {
    const primary = named(opts.bodyTint) ?? (recipe.alt && rng.chance(0.4) ? named(rng.pick(recipe.alt)) : undefined);
    set(M.BODY, primary);
  }
  for (const [m, name] of Object.entries(opts.recolor ?? {})) {
    if (Number(m) === M.BODY && opts.named > 0) continue;
    set(Number(m), named(name));
  }
  set(M.BODY, jitter(base[M.BODY] as Rgb, rng, 9, 0.07));
  set(M.BELLY, jitter(base[M.BELLY] as Rgb, rng, 8, 0.06));
  set(M.CLOTH, jitter(base[M.CLOTH] as Rgb, rng, 10, 0.08));
  set(M.WING, recipe.hat ? jitter(named(rng.pick(recipe.hat)) as Rgb, rng, 8, 0.06) : shade(base[M.BODY] as Rgb, -0.22));
  if (recipe.glass) set(M.GLASS, named(recipe.glass));
  if (recipe.hairColor && (recipe.hairColor.length === 1 || rng.chance(0.7))) set(M.HAIR, named(rng.pick(recipe.hairColor)));
  if (opts.old) set(M.HAIR, jitter(named("silver") as Rgb, rng, 0, 0.1));
  set(M.WOOD, jitter(base[M.WOOD] as Rgb, rng, 6, 0.06));
  if (recipe.skinIsBody) set(M.SKIN, mix(base[M.BODY] as Rgb, base[M.SKIN] as Rgb, 0.15));
  if (opts.glow) set(M.GLOW, shade(named(opts.glow) as Rgb, 0.2));
  if (opts.wingColor) set(M.WING, named(opts.wingColor));
  if (opts.stone) {
    const greys = ["grey", "steel", "silver"];
    for (const [k, m] of [M.BODY, M.BELLY, M.ACCENT, M.CLOTH, M.HAIR, M.WING, M.WOOD, M.METAL, M.SKIN, M.GLASS].entries())
      set(m, jitter(named(greys[k % 3]) as Rgb, rng, 0, 0.05));
  }
}

/** A builder for a recipe drawn with some options (a race, materials, effects...). */
export function characterBuilder(recipe: Recipe, opts: CharacterOptions): SpriteBuilder {
  const [primary, secondary, accent] = recipe.colors;
  const skin = opts.skin ?? recipe.skin;
  return {
    kind: "character",
    primary,
    secondary,
    accent,
    ...(skin ? { skin } : {}),
    build: (g, rng, traits) => build(recipe, opts, g, rng, traits),
    tint: (base, rng) => tint(recipe, opts, base, rng),
  };
}

export const CHARACTER_BUILDERS: Readonly<Record<string, SpriteBuilder>> = Object.fromEntries(
  Object.entries(RECIPES).map(([name, recipe]) => [name, characterBuilder(recipe, { named: 0 })]),
);
