/**
 * The "texture" generator: seamless, always-opaque surface textures. Subject words pick the
 * material (a pattern such as brick or planks takes the colour of a substance named with it, so
 * "stone brick" is grey brick), colour words the main and secondary colours, style words the
 * overlays ("mossy", "cracked", "rusty", "icy", "glowing"), scale ("large", "small"), roughness
 * ("weathered", "smooth"), tone and "retro" (pixelated, posterised). Role words lay the material
 * out (roles.ts: "stone wall", "wooden floor", "gold pile", "dirt path"), a substance with a
 * texture of its own shows inside the blocks ("marble tiles"), effects tint it and add glowing
 * veins ("poison swamp"), and each seed varies the layout and the colour ramp.
 */
import { applyTone, fromHsl, mix, shade, toHsl, type Rgb } from "../kit/color.js";
import { PeriodicNoise } from "../kit/noise.js";
import { ProgressReporter } from "../kit/progress.js";
import { hasStyle, shapeKey, toneOf, type PromptSpec } from "../words/prompt.js";
import { hashString, mixSeeds, Random } from "../kit/random.js";
import type { Canvas } from "../kit/raster.js";
import { pixelTexture } from "./small.js";
import { readTexturePrompt, scatterGround } from "./conditions.js";
import { addFeatures, LINKERS } from "./features.js";
import { addMarks, MARKS } from "./marks.js";
import {
  addCarving,
  addCaustics,
  addCloudBank,
  addCoat,
  addFoam,
  addPatches,
  addScorch,
  addSpills,
  addStains,
  addStripes,
  addSunset,
  addTears,
  addWisps,
  warmTint,
} from "./settings.js";
import { addAlien, addBarnacles, addBlood, addDust, addFlowers, addGrime, addLush, addRivets, addSheen, overBottom, PLANTS, strew, tintAll } from "./wear.js";
import { addEffectVeins, addRuts, bandThrough, inlay, patchesOf } from "./layers.js";
import { MATERIALS, type Material } from "./materials/materials.js";
import type { TexturePlan } from "./roles.js";
import { addCracks, addFrost, addGlowVeins, addMoss, addRust, finishSurface, Surface, type MaterialContext, type OverlayContext } from "./surface.js";
import type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "../kit/types.js";
import { COLOR_VALUES, EFFECT_COLORS } from "../words/vocabulary.js";

const MATERIAL_NAMES = Object.keys(MATERIALS);
const MAGIC_GLOW: Rgb = { r: 70, g: 220, b: 255 };
/** Paints a "painted" surface takes when no colour is named: barn red, sea blue, white, ship green, ochre. */
const PAINTS: readonly Rgb[] = [
  { r: 156, g: 40, b: 32 },
  { r: 42, g: 82, b: 138 },
  { r: 232, g: 228, b: 216 },
  { r: 40, g: 96, b: 64 },
  { r: 200, g: 150, b: 50 },
];

/** The plan (conditions and settings read first: conditions.ts), or for a prompt that names no material, one picked from its unknown words. */
export function chooseMaterial(spec: PromptSpec): TexturePlan {
  return choosePlan(readTexturePrompt(spec).plan, spec);
}

function choosePlan(plan: TexturePlan, spec: PromptSpec): TexturePlan {
  if (!plan.fallback || spec.otherWords.length === 0) return plan;
  const index = hashString(spec.otherWords.join(" ")) % MATERIAL_NAMES.length;
  return { ...plan, material: MATERIAL_NAMES[index] ?? "stone" };
}

/** The first effect named, with its colour. */
export function textureEffect(spec: PromptSpec): { name: string; color: Rgb } | undefined {
  for (const name of spec.effects) {
    const color = COLOR_VALUES[EFFECT_COLORS[name] ?? ""];
    if (color) return { name, color };
  }
  return undefined;
}

/** A colour ramp jittered per seed within the asked colour: a little hue, lightness and saturation. */
function jitter(c: Rgb, rng: Random, amount: number): Rgb {
  const hsl = toHsl(c);
  return fromHsl({
    h: hsl.h + rng.range(-10, 10) * amount,
    s: hsl.s * (1 + rng.range(-0.15, 0.15) * amount),
    l: Math.min(0.95, Math.max(0.04, hsl.l + rng.range(-0.06, 0.06) * amount)),
  });
}

async function generateTexture(
  input: GeneratorInput,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedImage> {
  // a texture keeps its gradients on a small palette by ordered dithering (8×8 Bayer: seamless on sides of 8k);
  // small ones are pixel art: flat clusters, nearest colour
  const dither = input.width < 64 ? "none" : "ordered";
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}), dither, tileable: true });
  const canvas = await drawTexture(input, progress);
  return progress.finish(canvas, true);
}

/** The seamless texture's pixels (input.width square), before encoding; tilesets draw their terrains with it. */
export async function drawTexture(input: GeneratorInput, progress: ProgressReporter): Promise<Canvas> {
  // 16, 32 and 48 px: drawn at four times the size, then reduced to a few flat colours (no per-pixel noise)
  if (input.width < 64) return pixelTexture(await drawTexture({ ...input, width: input.width * 4, height: input.height * 4 }, progress), 4);
  await progress.report(0, "interpreting");
  // conditions and settings ("wet", "blood-stained", "crypt") are read first; the rest is planned as usual
  const reading = readTexturePrompt(input.spec);
  const { spec } = reading;
  const has = (condition: string): boolean => reading.conditions.includes(condition);
  const size = input.width;
  const choice = choosePlan(reading.plan, input.spec);
  const material: Material = MATERIALS[choice.material] ?? (MATERIALS.stone as Material);
  const substance = choice.substance ? MATERIALS[choice.substance] : undefined;
  const tone = toneOf(spec);
  const effect = textureEffect(spec);
  const named = spec.colors.map((c) => COLOR_VALUES[c]).filter((c): c is Rgb => c !== undefined);
  // runes and lights: the first colour named is the glow's, the stone keeps its own
  const glowNamed = material.colorGlows ? named[0] : undefined;
  const colors = material.colorGlows ? named.slice(1) : named;
  const seed = mixSeeds(input.seed, hashString("texture"), hashString(shapeKey(spec)));
  const rng = new Random(seed);
  const ramp = rng.fork("ramp");
  const tint = (c: Rgb, k: number): Rgb => (effect && colors[0] === undefined ? mix(effect.name === "shadow" ? shade(c, -0.3) : c, effect.color, k) : c);
  const main = jitter(tint(applyTone(colors[0] ?? substance?.main ?? material.main, tone), 0.35), ramp, colors[0] ? 0.5 : 1);
  const second = jitter(
    tint(applyTone(colors[1] ?? (substance && !material.pattern ? substance.second : material.second), tone), 0.2),
    ramp,
    colors[1] ? 0.5 : 1,
  );

  const ctx: MaterialContext = {
    rng: rng.fork("layout"),
    noise: new PeriodicNoise(rng.fork("noise")),
    main,
    second,
    scale: hasStyle(spec, "large") ? 0.6 : hasStyle(spec, "small") ? 1.6 : 1,
    rough: hasStyle(spec, "weathered") ? 1.6 : hasStyle(spec, "smooth") ? 0.45 : 1,
    salt: seed & 0xffff,
  };
  await progress.report(10, "layout");

  const surface = new Surface(size);
  material.render(surface, ctx);
  const beside = (name: string, label: string, own: boolean, murk = 0): Surface => {
    const other = MATERIALS[name] ?? (MATERIALS.grass as Material);
    const layer = new Surface(size);
    // puddles take on the colour of the ground they lie in
    const colours = own ? { main: mix(jitter(other.main, ramp, 1), second, murk), second: mix(jitter(other.second, ramp, 1), main, murk) } : { main, second };
    const render = label === "inlay" && other.inlay ? other.inlay : other.render;
    render(layer, { ...ctx, ...colours, rng: rng.fork(label), noise: new PeriodicNoise(rng.fork(`${label}-noise`)) });
    return layer;
  };
  if (choice.inlay && choice.substance) inlay(surface, beside(choice.substance, "inlay", false), main);
  // "scattered leaves on grass": the leaves thin out, the ground they lie on covers most
  const sparse = has("scattered") && choice.patches !== undefined;
  if (choice.patches)
    patchesOf(surface, beside(choice.patches, "patches", true, choice.patches === "water" ? 0.55 : 0), ctx.noise, rng.fork("patch"), sparse ? -0.3 : 0);
  if (choice.verge) bandThrough(surface, beside(choice.verge, "verge", true), ctx.noise, rng.fork("band"));
  const overlay: OverlayContext = { noise: new PeriodicNoise(rng.fork("overlay")), salt: ctx.salt };
  if (has("scattered") && !sparse && reading.features.length === 0) strew(surface, beside(scatterGround(choice), "ground", true), ctx.noise, rng.fork("strew"));
  if (has("shallow")) overBottom(surface, beside("pebbles", "bottom", true), 0.55);
  if (has("deep")) tintAll(surface, { r: 6, g: 22, b: 52 }, 0.5);
  if (has("murky")) tintAll(surface, { r: 72, g: 80, b: 40 }, 0.5);
  if (reading.grimy) addGrime(surface, overlay.noise);
  if (has("tropical")) addLush(surface, PLANTS.has(choice.material));
  if (has("alien")) addAlien(surface, rng.fork("spores"), named.length === 0);
  // settings and treatments (settings.ts): a coat first, then what lies on it
  const treat = rng.fork("treatments");
  if (has("island")) patchesOf(surface, beside("grass", "island", true), ctx.noise, treat.fork("island"), 0.12);
  if (has("cloister")) warmTint(surface, { r: 226, g: 216, b: 192 }, 0.35);
  if (has("whitewashed")) addCoat(surface, overlay.noise, { r: 238, g: 234, b: 224 }, 0.5);
  if (has("painted")) addCoat(surface, overlay.noise, colors[0] ?? treat.pick(PAINTS), 0.4);
  // stripes in the second colour named; a circus's red on cream, or red on yellow with stripes named too
  const stripe = colors[1] ?? (colors[0] ? { r: 242, g: 240, b: 232 } : { r: 200, g: 40, b: 36 });
  if (has("circus") && colors.length === 0) tintAll(surface, has("striped") ? { r: 240, g: 200, b: 60 } : { r: 240, g: 232, b: 214 }, 0.7);
  if (has("striped") || has("circus")) addStripes(surface, treat.fork("stripes"), stripe);
  if (has("patched")) addPatches(surface, treat.fork("patches"), main);
  if (has("tavern")) addSpills(surface, overlay.noise);
  if (has("carved")) addCarving(surface, treat.fork("carving"));
  if (has("stormy")) addFoam(surface, overlay.noise);
  await progress.report(55, "material");

  if (choice.ruts) addRuts(surface, overlay, rng.fork("ruts"));
  if (hasStyle(spec, "cracked") && !choice.styles.includes("cracked")) addCracks(surface, overlay);
  // "moss-covered", "frost-covered": the overlay laid on twice, thicker
  const coats = has("covered") ? 2 : 1;
  for (let k = 0; k < coats; k++) {
    const again: OverlayContext = k === 0 ? overlay : { noise: new PeriodicNoise(rng.fork("covered")), salt: ctx.salt + 1 };
    if (hasStyle(spec, "mossy")) addMoss(surface, again);
    if (hasStyle(spec, "rusty")) addRust(surface, again);
    if (hasStyle(spec, "icy")) addFrost(surface, again);
  }
  if (effect) addEffectVeins(surface, overlay, effect.name);
  if (has("bloody")) addBlood(surface, overlay.noise, rng.fork("blood"));
  if (has("barnacles")) addBarnacles(surface, overlay.noise, rng.fork("barnacles"), has("covered"));
  if (has("riveted")) addRivets(surface, rng.fork("rivets"));
  if (has("garden") && !choice.verge) addFlowers(surface, overlay.noise, rng.fork("flowers"));
  if (has("dusty")) addDust(surface, overlay.noise, ctx.salt);
  if (reading.features.length > 0)
    addFeatures(surface, reading.features, new PeriodicNoise(rng.fork("features-noise")), rng.fork("features"), main, has("scattered"));
  const marks = reading.features.filter((f) => MARKS.has(f));
  if (marks.length > 0)
    addMarks(surface, marks, new PeriodicNoise(rng.fork("marks-noise")), rng.fork("marks"), main, {
      rusty: hasStyle(spec, "rusty"),
      sparse: has("scattered"),
      raked: reading.featureWords.some((w) => w === "raked" || w === "combed"),
      dense: reading.featureWords.some((w) => LINKERS.has(w)),
    });
  if (has("scorched")) addScorch(surface, new PeriodicNoise(rng.fork("scorch")));
  if (has("stained")) addStains(surface, new PeriodicNoise(rng.fork("stains")), hasStyle(spec, "rusty") ? { r: 130, g: 56, b: 22 } : { r: 34, g: 28, b: 22 });
  if (has("torn")) addTears(surface, new PeriodicNoise(rng.fork("tears")));
  if (has("frosted")) addFrost(surface, { noise: new PeriodicNoise(rng.fork("frosted")), salt: ctx.salt });
  // a cloud bank: a second layer of cloud rolled over the first, covering most of the sky
  if (has("bank")) addCloudBank(surface, new PeriodicNoise(rng.fork("bank")));
  if (has("floating")) addWisps(surface, new PeriodicNoise(rng.fork("wisps")));
  if (has("sunken")) addCaustics(surface, ctx.salt);
  if (has("sunset")) addSunset(surface, overlay.noise);
  if (has("lamplit")) warmTint(surface, { r: 255, g: 184, b: 96 }, 0.25);
  if (has("wet")) addSheen(surface, overlay.noise, "wet");
  else if (hasStyle(spec, "glossy") || has("ceramic")) addSheen(surface, overlay.noise, "glossy");
  const glowing = hasStyle(spec, "glowing");
  const emits = material.glows || material.glowColor !== undefined;
  if (glowing && !emits) addGlowVeins(surface, overlay);
  if (glowing && emits) for (let i = 0; i < surface.glow.length; i++) surface.glow[i] = Math.min(1, (surface.glow[i] ?? 0) * 1.35 + 0.02);
  await progress.report(70, "details");

  const glowColor = effect?.color ?? glowNamed ?? (material.glows ? main : (material.glowColor ?? named[1] ?? (named[0] ? shade(named[0], 0.3) : MAGIC_GLOW)));
  const canvas = finishSurface(surface, {
    // "thick" moss, fur or snow: a deeper pile, its relief lit and shadowed more
    // "calm" water lies flat, "stormy" heaves
    bump: material.bump * (hasStyle(spec, "smooth") ? 0.6 : 1) * (has("thick") ? 1.8 : 1) * (has("calm") ? 0.35 : has("stormy") ? 1.8 : 1),
    occlusion: Math.min(0.8, material.occlusion + (has("thick") ? 0.25 : 0)),
    glowColor,
    block: hasStyle(spec, "retro") ? Math.max(2, size / 32) : 1,
  });
  await progress.report(85, "lighting", canvas);
  return canvas;
}

/** Textures are always opaque: `transparent` is ignored. */
export const textureGenerator: Generator = { kind: "texture", generate: generateTexture };
