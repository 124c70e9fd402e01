/**
 * The "texture" generator: seamless, always-opaque surface textures. Subject words pick the
 * material (a pattern such as brick or planks takes the colour of a substance named with it, so
 * "stone brick" is grey brick), colour words the main and secondary colours, style words the
 * overlays ("mossy", "cracked", "rusty", "icy", "glowing"), scale ("large", "small"), roughness
 * ("weathered", "smooth"), tone and "retro" (pixelated, posterised).
 */
import { applyTone, shade, type Rgb } from "./color.js";
import { PeriodicNoise } from "./noise.js";
import { ProgressReporter } from "./progress.js";
import { hasStyle, shapeKey, toneOf, type PromptSpec } from "./prompt.js";
import { hashString, mixSeeds, Random } from "./random.js";
import { MATERIAL_ALIASES, MATERIALS, type Material } from "./texture-materials.js";
import { addCracks, addFrost, addGlowVeins, addMoss, addRust, finishSurface, Surface, type MaterialContext, type OverlayContext } from "./texture-surface.js";
import type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "./types.js";
import { COLOR_VALUES } from "./vocabulary.js";

const MATERIAL_NAMES = Object.keys(MATERIALS);
/** Loose or natural grounds: named with "tile" they mean a tile of that ground. */
export const GROUNDS: ReadonlySet<string> = new Set(["grass", "sand", "dirt", "snow", "water", "lava", "ice"]);
const MAGIC_GLOW: Rgb = { r: 70, g: 220, b: 255 };

export interface MaterialChoice {
  /** The material whose renderer draws the texture. */
  material: string;
  /** A second material that only lends its colours (e.g. "stone" in "stone brick"). */
  substance: string | undefined;
}

/** The texture material a material word ("iron", "wooden") stands for. */
export const MATERIAL_OF_MODIFIER: Readonly<Record<string, string>> = {
  wood: "wood",
  stone: "stone",
  iron: "metal",
  gold: "metal",
  silver: "metal",
  bronze: "metal",
  copper: "metal",
  ice: "ice",
  crystal: "ice",
  bone: "stone",
};

/** The texture material a subject or material word draws, if any. */
export function textureMaterialOf(word: string): string | undefined {
  const name = MATERIALS[word] ? word : (MATERIAL_ALIASES[word] ?? MATERIAL_OF_MODIFIER[word]);
  return name === undefined ? undefined : MATERIALS[name] ? name : MATERIAL_ALIASES[name];
}

export function chooseMaterial(spec: PromptSpec): MaterialChoice {
  const named = [...spec.subjects, ...spec.materials].map(textureMaterialOf).filter((name): name is string => name !== undefined);
  if (named.length === 0) {
    if (spec.otherWords.length === 0) return { material: "stone", substance: undefined };
    const index = hashString(spec.otherWords.join(" ")) % MATERIAL_NAMES.length;
    return { material: MATERIAL_NAMES[index] ?? "stone", substance: undefined };
  }
  const pattern = named.find((name) => MATERIALS[name]?.pattern);
  // "grass tile", "sand tiles": a tile of that ground, not ceramic tiles coloured like it
  const ground = pattern === "tile" ? named.find((name) => GROUNDS.has(name)) : undefined;
  if (ground) return { material: ground, substance: undefined };
  const material = pattern ?? named[0] ?? "stone";
  const substance = named.find((name) => name !== material && !MATERIALS[name]?.pattern);
  return { material, substance };
}

async function generateTexture(
  input: GeneratorInput,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedImage> {
  const progress = new ProgressReporter(onProgress, signal);
  await progress.report(0, "interpreting");
  const { spec } = input;
  const size = input.width;
  const choice = chooseMaterial(spec);
  const material: Material = MATERIALS[choice.material] ?? (MATERIALS.stone as Material);
  const substance = choice.substance ? MATERIALS[choice.substance] : undefined;
  const tone = toneOf(spec);
  const named = spec.colors.map((c) => COLOR_VALUES[c]).filter((c): c is Rgb => c !== undefined);
  const main = applyTone(named[0] ?? substance?.main ?? material.main, tone);
  const second = applyTone(named[1] ?? (substance && !material.pattern ? substance.second : material.second), tone);

  const seed = mixSeeds(input.seed, hashString("texture"), hashString(shapeKey(spec)));
  const rng = new Random(seed);
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
  await progress.report(55, "material");

  const overlay: OverlayContext = { noise: new PeriodicNoise(rng.fork("overlay")), salt: ctx.salt };
  if (hasStyle(spec, "cracked")) addCracks(surface, overlay);
  if (hasStyle(spec, "mossy")) addMoss(surface, overlay);
  if (hasStyle(spec, "rusty")) addRust(surface, overlay);
  if (hasStyle(spec, "icy")) addFrost(surface, overlay);
  const glowing = hasStyle(spec, "glowing");
  if (glowing && !material.glows) addGlowVeins(surface, overlay);
  if (glowing && material.glows) for (let i = 0; i < surface.glow.length; i++) surface.glow[i] = Math.min(1, (surface.glow[i] ?? 0) * 1.35);
  await progress.report(70, "details");

  const glowColor = material.glows ? main : (named[1] ?? (named[0] ? shade(named[0], 0.3) : MAGIC_GLOW));
  const canvas = finishSurface(surface, {
    bump: material.bump * (hasStyle(spec, "smooth") ? 0.6 : 1),
    occlusion: material.occlusion,
    glowColor,
    block: hasStyle(spec, "retro") ? Math.max(2, size / 32) : 1,
  });
  await progress.report(85, "lighting", canvas);
  return progress.finish(canvas, true);
}

/** Textures are always opaque: `transparent` is ignored. */
export const textureGenerator: Generator = { kind: "texture", generate: generateTexture };
