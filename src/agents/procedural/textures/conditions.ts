/**
 * Conditions and settings of a texture prompt: words that change any surface cheaply and truly.
 * "wet" darkens it and adds highlights, "glossy" ("polished") smooths it and adds a sheen, "deep"
 * and "shallow"/"clear" water darken it or show the bottom, "murky" clouds it, "scattered" strews
 * a heap thinly over bare ground, "blood-stained" stains it, "barnacles" crust it, "riveted" rivets
 * it; a setting picks a palette or a wear: a crypt or dungeon grimes another material, "tropical"
 * makes it lush, "alien" shifts its hues and sprinkles glowing spores. `readTexturePrompt` is the
 * one reading both the generator and `interpretTexture` use; wear.ts draws the marks.
 */
import type { PromptSpec } from "../words/prompt.js";
import { planTexture, type TexturePlan } from "./roles.js";
import { COLOR_WORDS } from "../words/vocabulary.js";
import { readingsOf } from "../words/prompt.js";
import { readFeatures } from "./features.js";
import { coveringLinker, METALLIC, readCovering, readSubjectsOf } from "./coverings.js";

/** Condition → the raw words that name it. */
const CONDITION_WORDS: Readonly<Record<string, string>> = {
  wet: "wet damp soaked drenched rainy moist slick",
  deep: "deep abyssal abyss depths",
  shallow: "shallow clear transparent",
  murky: "murky cloudy",
  scattered: "scattered strewn littered sparse loose",
  bloody: "bloodstained bloodied bloodsoaked bloodsplattered splattered spattered",
  barnacles: "barnacle barnacles barnacled",
  riveted: "riveted rivet rivets studded",
  dusty: "dusty dusted",
  garden: "garden gardens",
  thick: "thick dense deep-pile shaggy fluffy puffy billowy billowing",
  tropical: "tropical",
  alien: "alien extraterrestrial",
  // treatments and settings that colour any surface (settings.ts)
  scorched: "scorched charred burnt burned singed blackened sooty scorch",
  whitewashed: "whitewashed limewashed whitewash",
  painted: "painted",
  sunken: "sunken submerged underwater drowned waterlogged flooded",
  patched: "patched patchwork mended darned",
  striped: "striped stripes stripy pinstriped",
  circus: "circus carnival fairground bigtop",
  sunset: "sunset sunrise dusk dawn twilight evening",
  tavern: "saloon saloons tavern taverns inn pub alehouse",
  cloister: "cloister cloisters monastery monasteries abbey priory convent",
  floating: "floating airborne skyborne hovering",
  island: "island islands islet",
  lamplit: "gaslit lamplit candlelit torchlit",
  carved: "carved engraved etched chiseled chiselled",
  frosted: "frosted frostbitten rimed hoarfrost permafrost",
  torn: "torn tattered ripped frayed",
  stormy: "stormy choppy rough turbulent",
  calm: "calm still tranquil placid",
};
const CONDITION_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CONDITION_WORDS).flatMap(([name, words]) => words.split(" ").map((w) => [w, name] as const)),
);

const LIQUIDS: ReadonlySet<string> = new Set(["water", "swamp", "acid", "slime", "lava"]);
/** Heaps that can lie scattered over bare ground, and the ground they lie on. */
const HEAPS: ReadonlySet<string> = new Set(["bone", "coins", "rubble", "gems", "logpile", "hay", "pebbles", "feathers", "gravel"]);
/** Soft, piled surfaces whose relief "thick" deepens. */
const PILED: ReadonlySet<string> = new Set([
  "moss",
  "grass",
  "meadow",
  "fur",
  "snow",
  "hay",
  "hedge",
  "forest",
  "carpet",
  "thatch",
  "ash",
  "mud",
  "feathers",
  "fabric",
  "clouds",
]);
/** Conditions drawn on a solid surface only. */
const SURFACE_ONLY: ReadonlySet<string> = new Set(
  "scorched whitewashed painted sunken patched striped circus tavern cloister floating island lamplit carved torn".split(" "),
);
/** Materials a crypt or dungeon setting grimes (not its own stone). */
const GRIMED = (m: string): boolean => !["dungeon", "castle", "cave"].includes(m);

/** Whether a condition can be drawn on this plan's material. */
function applies(condition: string, plan: TexturePlan, featured: boolean): boolean {
  const m = plan.material;
  if (condition === "deep" || condition === "shallow" || condition === "murky") return ["water", "swamp", "acid"].includes(m);
  if (condition === "scattered") return HEAPS.has(m) || plan.patches !== undefined || featured;
  if (condition === "sunset" || condition === "frosted") return true;
  if (condition === "stormy" || condition === "calm") return LIQUIDS.has(m);
  if (SURFACE_ONLY.has(condition)) return !LIQUIDS.has(m) && !["clouds", "starfield", "forcefield"].includes(m);
  if (condition === "wet") return !LIQUIDS.has(m);
  if (condition === "garden") return !LIQUIDS.has(m);
  if (condition === "thick") return PILED.has(m);
  return true;
}

export interface TextureReading {
  /** The prompt as read for a texture (blood words no longer a colour nor stained glass; "alien" no monster). */
  spec: PromptSpec;
  plan: TexturePlan;
  /** Conditions drawn, canonical. */
  conditions: readonly string[];
  /** Raw words of the prompt that named them. */
  read: readonly string[];
  /** A crypt or dungeon named with another material: it grimes that material. */
  grimy: boolean;
  /** Features scattered over the surface ("grass with mushrooms"), canonical: features.ts. */
  features: readonly string[];
  /** Raw words of the prompt that named them. */
  featureWords: readonly string[];
  /** A ground covering the surface in patches ("straw-covered"): coverings.ts. */
  covering?: string;
}

/** The prompt without the words that named features: neither their subjects nor other words. */
function withoutFeatures(spec: PromptSpec, words: readonly string[]): PromptSpec {
  const kept = spec.text.split(/[^a-z0-9]+/).filter((w) => w !== "" && !words.includes(w));
  const stillNamed = new Set(kept.flatMap(readingsOf));
  const gone = new Set(words.flatMap(readingsOf).filter((r) => !stillNamed.has(r)));
  return {
    ...spec,
    subjects: spec.subjects.filter((s) => !gone.has(s)),
    colors: spec.colors.filter((c) => !gone.has(c)),
    otherWords: spec.otherWords.filter((w) => !words.includes(w)),
  };
}

/**
 * Words only a texture reads, as the surface (or layout) they name: other agents draw nothing of
 * them ("tin" would be a metal shield icon, "block" no stone icon), so they are no shared subjects.
 */
const TEXTURE_WORDS: Readonly<Record<string, string>> = {
  ...Object.fromEntries("block blocks ashlar".split(" ").map((w) => [w, "blocks"])),
  ...Object.fromEntries("tin aluminium aluminum zinc galvanized".split(" ").map((w) => [w, "metal"])),
  ...Object.fromEntries("hangar hangars".split(" ").map((w) => [w, "panel"])),
  ...Object.fromEntries("bulkhead bulkheads".split(" ").map((w) => [w, "hull"])),
  // an icon of a "wooden dock" is still wood, so the dock is the texture's own word
  ...Object.fromEntries("dock docks pier piers wharf jetty boardwalk harbor harbour marina".split(" ").map((w) => [w, "dock"])),
  ...Object.fromEntries("mat mats matting".split(" ").map((w) => [w, "tatami"])),
  // a sail is canvas, a canyon's rock red sandstone, a garden's rows furrows, sawdust a fine pale dust
  ...Object.fromEntries("sail sails".split(" ").map((w) => [w, "fabric"])),
  ...Object.fromEntries("canyon canyons mesa mesas gorge ravine".split(" ").map((w) => [w, "sandstone"])),
  ...Object.fromEntries("grip grippy".split(" ").map((w) => [w, "rubber"])),
  ...Object.fromEntries("rows furrowed".split(" ").map((w) => [w, "farmland"])),
  sawdust: "dust",
  shoji: "paper",
  ...Object.fromEntries("asteroid asteroids meteor meteorite".split(" ").map((w) => [w, "regolith"])),
  ...Object.fromEntries("alley alleys alleyway lane".split(" ").map((w) => [w, "road"])),
  ...Object.fromEntries("stable stables".split(" ").map((w) => [w, "siding"])),
  chimney: "brick",
};

/**
 * Two-word names of a surface whose words alone mean something else ("force field" is no meadow),
 * with the condition or effect the phrase adds (a cloud bank is thick; a volcanic vent glows with fire).
 */
const PHRASES: readonly { pattern: RegExp; subject: string; drops: readonly string[]; reads: readonly string[]; condition?: string; effect?: string }[] = [
  { pattern: /\bforce[\s-]?fields?\b/, subject: "forcefield", drops: ["field"], reads: ["force"] },
  { pattern: /\bchain[\s-]?link\b/, subject: "chainlink", drops: ["chain", "chainmail"], reads: ["link"] },
  {
    pattern: /\b(launch|landing)[\s-]?pads?\b|\bhelipads?\b/,
    subject: "concrete",
    drops: [],
    reads: ["launch", "landing", "pad", "pads", "helipad", "helipads"],
  },
  { pattern: /\b(cloud|fog|mist|smoke)s?[\s-]+banks?\b/, subject: "clouds", drops: [], reads: ["bank", "banks"], condition: "bank" },
  { pattern: /\b(kelp|seaweed)[\s-]+(forest|bed|beds)\b/, subject: "sand", drops: ["forest"], reads: ["bed", "beds"] },
  { pattern: /\b(volcanic|hydrothermal|thermal)[\s-]+vents?\b/, subject: "slate", drops: ["ash", "grate"], reads: ["hydrothermal", "thermal"], effect: "fire" },
  { pattern: /\bvolcanic[\s-]+(rock|rocks|stone|stones)\b/, subject: "slate", drops: ["ash"], reads: [] },
];

const STAIN = /\b(soot|smoke|fire|oil|grease|water|wine|ink|mud|tar|rust)[\s-]*(stained|streaked|smeared|stains)\b/;
const BLOOD = /\bblood(?:y|ied)?(?:[\s-]*(stained|soaked|splattered|spattered|covered|smeared))?\b/;

/** Reads the conditions and settings of a texture prompt, and plans the texture without their words. */
export function readTexturePrompt(original: PromptSpec): TextureReading {
  let spec = original;
  // "grass with mushrooms": features scattered over a surface named besides them
  const named = readFeatures(spec.text);
  const bare = named.features.length > 0 ? withoutFeatures(spec, named.words) : spec;
  const surfaced =
    (bare.subjects.length + bare.materials.length > 0 && !planTexture(bare).fallback) || bare.otherWords.some((w) => TEXTURE_WORDS[w] !== undefined);
  const scattered = named.features.length > 0 && surfaced;
  if (scattered) spec = bare;
  const conditions: string[] = [];
  const read: string[] = [];
  const words = spec.text.split(/[^a-z0-9]+/);
  const own = spec.otherWords.filter((w) => TEXTURE_WORDS[w] !== undefined);
  if (own.length > 0) {
    const added = own.map((w) => TEXTURE_WORDS[w] as string).filter((x) => !spec.subjects.includes(x));
    // the last word named is the head noun ("wooden pier" a pier, "dock pilings" pilings)
    const head = own.includes(words.filter(Boolean).at(-1) ?? "");
    const subjects = head ? [...spec.subjects, ...new Set(added)] : [...new Set(added), ...spec.subjects];
    spec = { ...spec, subjects, otherWords: spec.otherWords.filter((w) => !own.includes(w)) };
  }
  for (const phrase of PHRASES) {
    if (!phrase.pattern.test(spec.text)) continue;
    const subjects = spec.subjects.filter((x) => !phrase.drops.includes(x) && x !== phrase.subject);
    spec = { ...spec, subjects: [phrase.subject, ...subjects], otherWords: spec.otherWords.filter((w) => !phrase.reads.includes(w)) };
    if (phrase.condition && !conditions.includes(phrase.condition)) conditions.push(phrase.condition);
    if (phrase.effect && !spec.effects.includes(phrase.effect)) spec = { ...spec, effects: [...spec.effects, phrase.effect] };
  }
  spec = readSubjectsOf(spec);
  // a place the sprites draw as a building ("saloon"; a circus tent, "bigtop") is a surface's setting
  const places = spec.subjects.filter((s) => CONDITION_OF.has(s));
  const placed = { ...spec, subjects: spec.subjects.filter((s) => !places.includes(s)) };
  if (places.length > 0 && placed.subjects.length + placed.materials.length > 0 && !planTexture(placed).fallback)
    spec = { ...placed, otherWords: [...placed.otherWords, ...places] };
  const blood = BLOOD.exec(spec.text);
  if (blood) {
    // "blood-stained": a stain, not a crimson colour nor stained glass (unless named otherwise too)
    const crimsonElsewhere = words.some((w) => COLOR_WORDS.get(w) === "crimson" && !w.startsWith("blood"));
    const glassElsewhere = words.some((w) => ["glass", "stainedglass", "window", "windows"].includes(w));
    spec = {
      ...spec,
      colors: crimsonElsewhere ? spec.colors : spec.colors.filter((c) => c !== "crimson"),
      subjects: blood[1] === "stained" && !glassElsewhere ? spec.subjects.filter((s) => s !== "glass") : spec.subjects,
    };
    conditions.push("bloody");
    if (blood[1] && spec.otherWords.includes(blood[1])) read.push(blood[1]);
  }
  // "soot-stained bricks", "oil-stained concrete": soot scorches, other stains blot; no stained glass, no ash
  const stain = STAIN.exec(spec.text);
  if (stain?.[1] && stain[2] && !blood) {
    const glassElsewhere = words.some((w) => ["glass", "stainedglass", "window", "windows"].includes(w));
    const soot = ["soot", "smoke", "fire"].includes(stain[1]);
    const rest = { ...spec, subjects: spec.subjects.filter((x) => !(x === "glass" && !glassElsewhere) && !(soot && ["ash", "clouds", "flame"].includes(x))) };
    if (!planTexture(rest).fallback) {
      spec = { ...rest, otherWords: rest.otherWords.filter((w) => w !== stain[1]), effects: soot ? rest.effects.filter((e) => e !== "fire") : rest.effects };
      conditions.push(soot ? "scorched" : "stained");
      if (spec.otherWords.includes(stain[2])) read.push(stain[2]);
    }
  }
  const alien = words.some((w) => CONDITION_OF.get(w) === "alien");
  if (alien && (spec.subjects.some((s) => s !== "monster") || spec.materials.length > 0))
    spec = { ...spec, subjects: spec.subjects.filter((s) => s !== "monster") };
  // "checkered kitchen tiles": checkered tiles, glazed like the kitchen's ceramic ones
  if (spec.subjects.includes("checkered") && spec.subjects.includes("ceramic")) {
    spec = { ...spec, subjects: spec.subjects.filter((x) => x !== "ceramic") };
    conditions.push("ceramic");
  }
  // "metal panels with bolts": bolted, riveted; "energy shield" is a force field; "lightning stone" stone with the lightning effect's veins
  const bolted = { ...spec, subjects: spec.subjects.filter((x) => x !== "bolt") };
  if (spec.subjects.includes("bolt") && METALLIC.has(planTexture(bolted).material)) {
    spec = bolted;
    conditions.push("riveted");
  } else if (spec.subjects.includes("bolt") && !spec.subjects.includes("forcefield") && !spec.subjects.includes("shield")) {
    const rest = { ...spec, subjects: spec.subjects.filter((x) => x !== "bolt") };
    if (!planTexture(rest).fallback) spec = { ...rest, effects: spec.effects.includes("lightning") ? spec.effects : [...spec.effects, "lightning"] };
  }
  // "alien" alone, or with a planet: a rocky alien ground
  if (alien && spec.subjects.every((x) => x === "monster") && spec.materials.length === 0) spec = { ...spec, subjects: ["stone"] };
  const cover = readCovering(spec, words);
  if (cover && !planTexture(cover.spec).fallback) spec = cover.spec;
  const covering = cover && spec === cover.spec ? cover.material : undefined;
  const planned = covering ? { ...planTexture(spec), patches: covering } : planTexture(spec);
  // a garden path runs through flowers
  const garden = words.some((w) => CONDITION_OF.get(w) === "garden");
  const plan = garden && planned.verge === "grass" ? { ...planned, verge: "meadow" } : planned;
  for (const w of spec.otherWords) {
    const c = CONDITION_OF.get(w);
    if (c === undefined || plan.fallback || !applies(c, plan, scattered)) continue;
    read.push(w);
    if (!conditions.includes(c)) conditions.push(c);
  }
  if (alien && !plan.fallback && !conditions.includes("alien") && !spec.subjects.includes("monster")) conditions.push("alien");
  // "barnacle-crusted", "frost-covered", "straw-covered": the word saying the rest covers it
  const linker = coveringLinker(words, read, spec, covering);
  if (linker && !plan.fallback) {
    read.push(linker);
    conditions.push("covered");
  }
  // words of a condition read as another's ("blood splattered")
  for (const w of read) if (!spec.otherWords.includes(w)) read.splice(read.indexOf(w), 1);
  if (plan.fallback) conditions.length = 0;
  const grimy = !plan.fallback && spec.subjects.includes("dungeon") && GRIMED(plan.material) && plan.source !== "dungeon";
  const features = scattered && !plan.fallback ? named.features : [];
  const featureWords = features.length > 0 ? named.words : [];
  return {
    spec: { ...spec, otherWords: spec.otherWords.filter((w) => !read.includes(w)) },
    plan,
    conditions,
    read,
    grimy,
    features,
    featureWords,
    ...(covering && !plan.fallback ? { covering } : {}),
  };
}

/** The ground a scattered heap lies on. */
export const scatterGround = (plan: TexturePlan): string => (plan.role === "floor" ? "flagstone" : "dirt");
