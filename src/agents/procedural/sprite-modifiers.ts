/**
 * What a creature's or an item's materials, effects, size and companion words change in its
 * sprite: "stone turtle" (grey, speckled and cracked), "crystal spider" (facets), "bone dragon"
 * (ribs), "fire wolf" (flames along its back), "poison frog" (drips), "holy unicorn" (a halo),
 * "slime king" (a crown), "giant scorpion", "tiny dragon" (scaled), "water elemental". Each
 * change is made by wrapping the builder, and reported so the interpretation lists what was drawn.
 */
import type { PromptSpec } from "./prompt.js";
import { hasStyle } from "./prompt.js";
import { bounds, scaleGrid } from "./sprite-creature-kit.js";
import type { SpriteBuilder, SpriteGrid } from "./sprite-grid.js";
import { M } from "./sprite-grid.js";
import { type ElementChoice, speciesBuilder } from "./sprite-species.js";
import type { Random } from "./random.js";
import { broaderSubjects } from "./subjects.js";

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
    const body = !material && effect !== "healing" && effect !== "stamina";
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
      if (effect) adorn(g, rng.fork("effect"), effect);
      return anchors;
    },
  };
  return { builder: wrapped, used };
}

/** Cells of the body materials (what a material texture or a tint applies to). */
const SKIN = new Set<number>([M.BODY, M.BELLY, M.WING, M.HAIR]);

function texture(g: SpriteGrid, rng: Random, material: string): void {
  const { n } = g;
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  const step = Math.max(2, Math.round(n / 16));
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const m = g.get(i, j);
      if (!SKIN.has(m)) continue;
      const r = rng.next();
      if (material === "stone" && r < 0.12) g.apply(i, j, M.EMPTY, r < 0.06 ? "darken" : "lighten");
      else if (material === "wood" && j % (step * 2) === 0 && r < 0.8) g.apply(i, j, M.EMPTY, "darken");
      else if (material === "crystal" && (i + j) % (step * 3) === 0) g.apply(i, j, M.EMPTY, "lighten");
      else if (material === "crystal" && (i - j + n) % (step * 4) === 0) g.apply(i, j, M.EMPTY, "darken");
      else if (material === "ice" && r < 0.05) g.setCell(i, j, M.SHINE);
      else if (material === "bone" && j % (step * 2) === 0 && j > j0 + (j1 - j0) * 0.3 && j < j0 + (j1 - j0) * 0.8 && i % step !== 0) g.setCell(i, j, M.DARK);
      else if (material === "leather" && j % (step * 3) === 0 && i % 2 === 0) g.apply(i, j, M.EMPTY, "darken");
      else if (["iron", "gold", "silver", "bronze", "copper"].includes(material) && j % (step * 3) === 0 && i % (step * 2) === 0 && n > 16)
        g.setCell(i, j, M.SHINE);
    }
  }
  if (material === "stone" && n > 16) {
    // a few cracks
    for (let k = 0; k < 3; k++) {
      let i = rng.int(i0, i1);
      let j = rng.int(j0, j1);
      for (let s = 0; s < n / 8; s++) {
        if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.DARK);
        i += rng.int(-1, 1);
        j += 1;
      }
    }
  }
}

function patches(g: SpriteGrid, rng: Random): void {
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  for (let k = 0; k < 4; k++) {
    const ci = rng.int(i0, i1);
    const cj = rng.int(j0, j1);
    const r = Math.max(1, Math.round(g.n / 20));
    for (let j = cj - r; j <= cj + r; j++) for (let i = ci - r; i <= ci + r; i++) if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.BELLY, -1);
  }
}

/** The topmost filled cell's column and row (the head of most figures). */
function top(g: SpriteGrid): [number, number] | undefined {
  for (let j = 0; j < g.n; j++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < g.n; i++) if (g.get(i, j) !== M.EMPTY) (sum += i), count++;
    if (count) return [Math.round(sum / count), j];
  }
  return undefined;
}

function drawCrown(g: SpriteGrid): void {
  const t = top(g);
  if (!t) return;
  const { n } = g;
  const w = Math.max(2, Math.round(n * 0.12));
  const h = Math.max(2, Math.round(n * 0.1));
  const [ci, tj] = t;
  const base = Math.max(h + 1, tj + Math.round(h * 0.4));
  for (let j = base - h; j <= base; j++) {
    for (let i = ci - w; i <= ci + w; i++) {
      const spike = (i - (ci - w)) % Math.max(2, Math.round(w * 0.66));
      if (j < base - Math.round(h * 0.45) && spike !== 0) continue;
      g.setCell(i, j, M.EMBER);
    }
  }
  if (n > 16) g.setCell(ci, base - Math.round(h * 0.2), M.LIQUID);
}

function adorn(g: SpriteGrid, rng: Random, effect: string): void {
  const { n } = g;
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  const s = Math.max(1, Math.round(n / 16));
  if (effect === "fire") {
    // flames rising from the top edge of the figure
    for (let k = 0; k < 5; k++) {
      const i = rng.int(i0 + s, i1 - s);
      let j = 0;
      while (j < n && g.get(i, j) === M.EMPTY) j++;
      const h = Math.round(n * rng.range(0.06, 0.12));
      for (let d = 0; d < h; d++) {
        const half = Math.max(0, Math.round(((h - d) / h) * s * 1.5));
        for (let a = -half; a <= half; a++)
          if (g.get(i + a, j - d) === M.EMPTY || d === 0) g.setCell(i + a, j - d, Math.abs(a) < half * 0.5 && d < h * 0.6 ? M.EMBER : M.FIRE);
      }
    }
  } else if (effect === "poison") {
    for (let k = 0; k < 5; k++) {
      const i = rng.int(i0, i1);
      let j = n - 1;
      while (j > 0 && g.get(i, j) === M.EMPTY) j--;
      if (j <= 0 || j >= n - 3) continue;
      for (let d = 1; d <= 2 * s; d++) g.setCell(i, j + d, M.ACCENT);
    }
    for (let k = 0; k < 6; k++) {
      const i = rng.int(i0, i1);
      const j = rng.int(j0, j1);
      if (SKIN.has(g.get(i, j))) g.setCell(i, j, M.ACCENT, 1);
    }
    // toxic bubbles rising beside the figure
    for (let k = 0; k < 3; k++) {
      const r = Math.max(1, Math.round(s * (1 + k * 0.4)));
      const ci = k % 2 === 0 ? Math.max(r + 1, i0 - r - s - rng.int(0, s)) : Math.min(n - r - 2, i1 + r + s + rng.int(0, s));
      const cj = Math.max(r + 1, j0 + Math.round((j1 - j0) * (0.15 + k * 0.25)));
      for (let j = cj - r; j <= cj + r; j++) {
        for (let i = ci - r; i <= ci + r; i++) if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r + 0.5 && g.get(i, j) === M.EMPTY) g.setCell(i, j, M.ACCENT);
      }
    }
  } else if (effect === "holy") {
    // a halo: a flat ring above the head
    const t = top(g);
    if (!t) return;
    const [ci, tj] = t;
    const rx = Math.max(2, Math.round(n * 0.13));
    const ry = Math.max(1, Math.round(rx * 0.35));
    const cy = Math.max(ry + 1, tj - ry - s);
    for (let j = cy - ry - s; j <= cy + ry + s; j++) {
      for (let i = ci - rx - s; i <= ci + rx + s; i++) {
        const d = ((i - ci) / rx) ** 2 + ((j - cy) / ry) ** 2;
        const inner = ((i - ci) / Math.max(1, rx - s)) ** 2 + ((j - cy) / Math.max(0.5, ry - s)) ** 2;
        if (d <= 1.15 && (inner >= 1 || n <= 16) && g.get(i, j) === M.EMPTY) g.setCell(i, j, M.EMBER);
      }
    }
  } else if (effect === "lightning" || effect === "mana" || effect === "stamina" || effect === "healing") {
    // sparks (bolts for lightning, crosses for healing, stars otherwise) beside the figure
    for (let k = 0; k < 3; k++) {
      const left = k % 2 === 0;
      const i = left ? Math.max(s * 2, i0 - rng.int(0, 2 * s)) : Math.min(n - 1 - s * 2, i1 + rng.int(0, 2 * s));
      const j = rng.int(Math.max(s * 2, j0), Math.max(s * 2, j1 - s * 3));
      const m = effect === "lightning" ? M.EMBER : M.ACCENT;
      if (effect === "lightning") {
        for (let d = 0; d < 4 * s; d++) g.setCell(i + (Math.floor(d / s) % 2 === 0 ? 0 : s), j + d, m);
      } else {
        for (let d = -s; d <= s; d++) {
          g.setCell(i + d, j, m);
          g.setCell(i, j + d, m);
        }
      }
    }
  } else if (effect === "shadow") {
    for (let j = j0 + Math.round((j1 - j0) * 0.6); j <= j1; j++) for (let i = i0; i <= i1; i++) if (SKIN.has(g.get(i, j))) g.apply(i, j, M.EMPTY, "darken");
  }
}
