/**
 * What a creature's or an item's materials, effects, size and companion words change in its
 * sprite: "stone turtle" (grey, speckled and cracked), "crystal spider" (facets), "bone dragon"
 * (ribs), "fire wolf" (flames along its back), "poison frog" (drips), "holy unicorn" (a halo),
 * "slime king" (a crown), "giant scorpion", "tiny dragon" (scaled), "water elemental". Each
 * change is made by wrapping the builder, and reported so the interpretation lists what was drawn.
 */
import type { PromptSpec } from "../words/prompt.js";
import { hasStyle } from "../words/prompt.js";
import { adorn, drawCrown, patches, texture } from "./adornments.js";
import { bounds, scaleGrid } from "./creatures/kit.js";
import type { SpriteBuilder } from "./grid.js";
import { type ElementChoice, speciesBuilder } from "./creatures/species.js";
import { broaderSubjects } from "../words/subjects/subjects.js";

/** Default colours (primary, secondary) of a thing made of a material. */
const MATERIAL_COLORS: Readonly<Record<string, readonly [string, string]>> = {
  wood: ["brown", "tan"],
  stone: ["grey", "steel"],
  iron: ["steel", "silver"],
  gold: ["gold", "amber"],
  silver: ["silver", "white"],
  bronze: ["bronze", "copper"],
  copper: ["copper", "bronze"],
  crystal: ["cyan", "white"],
  bone: ["beige", "white"],
  ice: ["sky", "white"],
  leather: ["brown", "tan"],
};

/** The colour an effect gives the accent (and the body, when nothing else colours it). */
const EFFECT_TINTS: Readonly<Record<string, string>> = {
  fire: "orange",
  poison: "lime",
  healing: "green",
  mana: "blue",
  stamina: "green",
  holy: "gold",
  shadow: "purple",
  lightning: "yellow",
};

/** Characters that, named with a creature, describe it: "slime king", "skeleton horse". */
const CREATURE_COMPANIONS: Readonly<Record<string, { material?: string; crown?: boolean }>> = {
  king: { crown: true },
  skeleton: { material: "bone" },
  zombie: {},
  robot: { material: "iron" },
};

/** Items that, named with "monster" or "creature", make a monster of their own. */
const MONSTER_COMPOUNDS: Readonly<Record<string, string>> = { mushroom: "myconid", leaf: "flytrap", tree: "treant", chest: "mimic" };

/** Subjects that choose what an elemental is made of. */
const ELEMENT_SUBJECTS: Readonly<Record<string, ElementChoice>> = {
  flame: "fire",
  lava: "fire",
  water: "water",
  droplet: "water",
  ice: "ice",
  stone: "earth",
  dirt: "earth",
  bolt: "storm",
  leaf: "nature",
  tree: "nature",
  grass: "nature",
};
const ELEMENT_COLORS: Readonly<Record<ElementChoice, readonly [string, string, string]>> = {
  fire: ["orange", "yellow", "white"],
  ice: ["sky", "white", "white"],
  water: ["blue", "cyan", "white"],
  earth: ["brown", "grey", "tan"],
  storm: ["indigo", "violet", "yellow"],
  nature: ["green", "lime", "brown"],
  poison: ["lime", "green", "yellow"],
};

export interface Compound {
  /** The subject word drawn, and the words read as its modifiers. */
  subject: string;
  design: string;
  companions: string[];
}

/**
 * A creature named with a describing character or an item ("slime king", "skeleton horse",
 * "mushroom monster", "water elemental"): the creature is drawn and the other words modify it.
 */
export function creatureCompound(spec: PromptSpec, has: (design: string) => boolean, own: (subject: string) => boolean): Compound | undefined {
  const subjects = spec.subjects;
  // "sea serpent": a creature with a drawing of its own beats a word that only borrows one ("sea")
  const first = subjects.find((s) => has(s));
  const mine = subjects.find((s) => has(s) && own(s));
  if (first !== undefined && !own(first) && mine !== undefined && !subjects.includes("elemental")) return { subject: mine, design: mine, companions: [] };
  if (subjects.includes("elemental")) {
    return { subject: "elemental", design: "elemental", companions: subjects.filter((s) => ELEMENT_SUBJECTS[s] !== undefined) };
  }
  if (subjects.includes("monster")) {
    const item = subjects.find((s) => MONSTER_COMPOUNDS[s] !== undefined);
    if (item) return { subject: item, design: MONSTER_COMPOUNDS[item] as string, companions: ["monster"] };
  }
  const companions = subjects.filter((s) => CREATURE_COMPANIONS[s] !== undefined);
  if (companions.length === 0) return undefined;
  const creature = subjects.find((s) => CREATURE_COMPANIONS[s] === undefined && s !== "monster" && has(s));
  if (!creature) return undefined;
  return { subject: creature, design: creature, companions };
}

/** What the modifiers changed: for the interpretation. */
export interface ModifierUse {
  materials: string[];
  effects: string[];
  styles: string[];
  /** Subject words read as part of the creature ("monster" in "octopus monster"). */
  subjects: string[];
  /** Subject words that change the drawing ("king" in "slime king": a crown). */
  companions: string[];
  /** Other words drawn: a role, a state ("boss", "sleeping", "floating"; see words.ts). */
  words?: string[];
}

export interface Modified {
  builder: SpriteBuilder;
  used: ModifierUse;
}

/** Wraps a creature's or item's builder with the prompt's materials, effects, size and companions. */
export function modifySprite(spec: PromptSpec, design: string, base: SpriteBuilder, companions: readonly string[]): Modified {
  const used: ModifierUse = { materials: [], effects: [], styles: [], subjects: [], companions: companions.filter((c) => c !== "monster") };
  if (base.kind === "character") return { builder: base, used };
  // "octopus monster", "snake enemy", "eagle bird": the creature drawn is that monster or bird
  if (base.kind === "creature") {
    const kinds = broaderSubjects(design);
    for (const s of spec.subjects)
      if (!used.companions.includes(s) && !used.subjects.includes(s) && (s === "monster" || (s !== design && kinds.includes(s)))) used.subjects.push(s);
    // "mimic chest", "mushroom creature": the item the monster is made from
    for (const [item, monster] of Object.entries(MONSTER_COMPOUNDS))
      if (monster === design && spec.subjects.includes(item) && !used.subjects.includes(item)) used.subjects.push(item);
  }
  let builder = base;
  let element: ElementChoice | undefined;
  if (design === "elemental") {
    element =
      companions.map((s) => ELEMENT_SUBJECTS[s]).find((e) => e !== undefined) ??
      (spec.effects.includes("poison")
        ? "poison"
        : spec.effects.includes("fire")
          ? "fire"
          : spec.effects.includes("lightning")
            ? "storm"
            : spec.materials.includes("ice") || hasStyle(spec, "icy")
              ? "ice"
              : spec.materials.includes("stone")
                ? "earth"
                : spec.effects.includes("poison") || spec.effects.includes("healing")
                  ? "nature"
                  : "fire");
    const [primary, secondary, accent] = ELEMENT_COLORS[element];
    builder = { ...(speciesBuilder("elemental", element) ?? base), primary, secondary, accent };
    if (element === "fire" && spec.effects.includes("fire")) used.effects.push("fire");
    if (element === "storm" && spec.effects.includes("lightning")) used.effects.push("lightning");
    if (element === "ice") {
      if (spec.materials.includes("ice")) used.materials.push("ice");
      if (hasStyle(spec, "icy")) used.styles.push("icy");
    }
    if (element === "earth" && spec.materials.includes("stone")) used.materials.push("stone");
    if (element === "poison" && spec.effects.includes("poison")) used.effects.push("poison");
    if (element === "nature" && spec.effects.includes("healing")) used.effects.push("healing");
  }
  const materials = companions.flatMap((c) => (CREATURE_COMPANIONS[c]?.material ? [CREATURE_COMPANIONS[c].material as string] : []));
  for (const m of spec.materials) if (MATERIAL_COLORS[m] && !used.materials.includes(m)) materials.push(m);
  if (hasStyle(spec, "icy") && !used.styles.includes("icy")) {
    materials.push("ice");
    used.styles.push("icy");
  }
  const material = design === "elemental" ? undefined : materials[0];
  if (material) {
    const [primary, secondary] = MATERIAL_COLORS[material] ?? [builder.primary, builder.secondary];
    builder = { ...builder, primary, secondary };
    if (spec.materials.includes(material)) used.materials.push(material);
  }
  const effect = spec.effects.find((e) => EFFECT_TINTS[e] !== undefined && !used.effects.includes(e) && design !== "elemental");
  if (effect) {
    const tint = EFFECT_TINTS[effect] as string;
    // healing and stamina only add their sparkles: a green wolf would be another animal
    // an item keeps its own colours (a fire sword is still steel): only its accent and adornment change
    const body = !material && effect !== "healing" && effect !== "stamina" && base.kind !== "item";
    builder = { ...builder, accent: tint, ...(body ? { primary: effect === "shadow" ? "indigo" : tint } : {}) };
    used.effects.push(effect);
  }
  const crown = companions.some((c) => CREATURE_COMPANIONS[c]?.crown);
  const zombie = companions.includes("zombie");
  if (zombie && !material) builder = { ...builder, primary: "olive", secondary: "grey" };
  const size = hasStyle(spec, "large") ? "large" : hasStyle(spec, "small") ? "small" : undefined;
  if (size) used.styles.push(size);
  if (!material && !effect && !crown && !zombie && !size && builder === base) return { builder, used };
  const inner = builder;
  const wrapped: SpriteBuilder = {
    ...inner,
    build(g, rng, traits) {
      const anchors = inner.build(g, rng, { ...traits, cute: traits.cute || size === "small", scary: traits.scary || effect === "shadow" || zombie });
      if (material) texture(g, rng.fork("material"), material);
      if (zombie) patches(g, rng.fork("zombie"));
      if (size === "small") scaleGrid(g, 0.66);
      if (size === "large") scaleGrid(g, 1.18);
      // room above the figure for a crown, a halo or flames
      const box = bounds(g);
      if ((crown || effect === "holy" || effect === "fire") && box && box[1] < g.n * 0.18) scaleGrid(g, 0.84);
      if (crown) drawCrown(g);
      if (effect) adorn(g, rng.fork("effect"), effect, inner.kind === "item");
      return anchors;
    },
  };
  return { builder: wrapped, used };
}
