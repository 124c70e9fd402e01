/**
 * What a sprite prompt draws: the design (a character, a creature, a ship or an item, or its icon
 * shape drawn as an item), the builder that draws it, and what a character holds. The generator
 * (pixel-sprite.ts) draws this plan; the driver's `interpret` reads it (reading.ts).
 */
import type { PromptSpec } from "../kit/types.js";
import { readingsOf, tokensOf } from "../words/prompt.js";
import { FILLER_WORDS } from "../words/vocabulary.js";
import { broaderSubjects, GENERIC_SUBJECTS, impliedItems } from "../words/subjects/subjects.js";
import { ANIMAL_FOLK, type CharacterUses, isCharacter, planCharacter, RACES } from "./characters/plan.js";
import { CHARACTER_BUILDERS } from "./characters/characters.js";
import { CREATURE_BUILDERS } from "./creatures/creatures.js";
import { creatureForm, type FormTraits, planCounts } from "./creatures/forms.js";
import { vesselOf } from "./creatures/vessels.js";
import type { SpriteBuilder } from "./grid.js";
import { iconSpriteBuilder } from "./items/bridge.js";
import { statedItem } from "./items/item-states.js";
import { assignHands, hasDrawer, type HeldItem, holdAs } from "./items/held.js";
import { readItemAction, withItemAction } from "./item-actions.js";
import { withObject, withProp } from "./props.js";
import { withSnow } from "./snow.js";
import { ITEM_BUILDERS } from "./items/items.js";
import { OBJECT_BUILDERS } from "./items/objects.js";
import { creatureCompound, modifySprite, type ModifierUse } from "./modifiers.js";
import { applySpriteWords, readSpriteWords, WORN_WORDS } from "./words.js";
import { type FigureWords, readFigureWords, withoutPartWords } from "./actions.js";

export const BUILDERS: Readonly<Record<string, SpriteBuilder>> = { ...CHARACTER_BUILDERS, ...CREATURE_BUILDERS, ...ITEM_BUILDERS, ...OBJECT_BUILDERS };

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

/** A place, or a kind of one ("swamp" is water): where a figure is, never the figure beside another. */
const isPlace = (s: string): boolean => broaderSubjects(s).some((b) => PLACES.has(b));

/** The item a character holds for an effect named with it ("fire mage" holds a fireball). */
export const EFFECT_ITEMS: Readonly<Record<string, string>> = { fire: "flame", healing: "potion", poison: "potion" };

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
  /** A figure's action and counted parts ("leaping", "three-headed"): posed by the sheets' rig. */
  figure?: FigureWords;
}

/**
 * The plan, with a figure's action and counted parts read ("leaping cat", "three-headed dog"):
 * the counts' words are taken out before the other readings ("one-eyed" is no glowing eye).
 */
export function planSprite(spec: PromptSpec): SpritePlan {
  const figure = readFigureWords(spec);
  let plan = planDesign(withoutMount(withoutPartWords(spec, figure)));
  if (!plan.fallback && plan.builder.kind === "item") return thingDoing(plan, spec);
  if (plan.fallback || plan.design === "galleon") return plan;
  // heads and eyes are counted on the rig, and a character's arms; legs, tails, a creature's arms, wings and forms by its plan
  const character = plan.builder.kind === "character";
  const parts = figure.parts.filter(
    (p) => p.part === "heads" || p.part === "eyes" || (p.part === "arms" && character) || (!character && planCounts(plan.design, p.part)),
  );
  const form = character ? undefined : creatureForm(plan.design, spec.otherWords, spec.subjects, tokensOf(spec.text), parts);
  if (form && Object.keys(form.traits).length > 0) plan = { ...plan, builder: withForm(plan.builder, form.traits) };
  if (form && form.words.length > 0 && plan.used) plan.used.words = [...(plan.used.words ?? []), ...form.words];
  if (!figure.action && parts.length === 0) return plan;
  const words = [...parts.flatMap((p) => p.words), ...(figure.action ? [figure.action.word] : []), ...(figure.also ?? []).map((a) => a.word)];
  return { ...plan, figure: { ...figure, parts, words } };
}

/** "cannon firing", "crate falling": a thing's action drawn over it (item-actions.ts), else the plan as it is. */
function thingDoing(plan: SpritePlan, spec: PromptSpec): SpritePlan {
  const read = readItemAction(spec.otherWords, plan.design);
  if (!read) return plan;
  const used = plan.used ?? { materials: [], effects: [], styles: [], subjects: [], companions: [], words: [] };
  return { ...plan, builder: withItemAction(plan.builder, read.action), used: { ...used, words: [...(used.words ?? []), read.word] } };
}

/**
 * Picks the design: a figure (character or creature) beats an item, so "knight with a sword" is a
 * knight and "fire mage" a mage; among figures, or among items, specific subjects come before
 * generic ones, then the prompt's order. A character holds the items named with it.
 */
function planDesign(spec: PromptSpec): SpritePlan {
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
  let subject = figures.find((s) => !isPlace(s)) ?? figures[0] ?? drawable[0];
  // "ghost pirate": a creature that is also a race of people is drawn as that class's race
  // a class, or a kind of one without a recipe of its own ("scholar", a monk)
  const cls = spec.subjects.find((s) => RACES[s] === undefined && broaderSubjects(s).some((b) => isCharacter(b) && !GENERIC_SUBJECTS.has(b)));
  if (subject !== undefined && cls !== undefined && RACES[subject] !== undefined && !isCharacter(subject)) subject = cls;
  // "cat blacksmith", "turtle guard": an animal that stands up in a role is that class, with the animal's head
  if (subject !== undefined && cls !== undefined && ANIMAL_FOLK[subject] !== undefined) subject = cls;
  if (subject === undefined) return { design: "monster", builder: BUILDERS.monster as SpriteBuilder, subject: undefined, items: [], fallback: true };
  // "slime king", "skeleton horse", "mushroom monster": the creature, described by the other word
  const compound = creatureCompound(
    spec,
    (s) => spriteBuilderOf(spriteDesignOf(s) ?? "")?.kind === "creature",
    (s) => BUILDERS[s] !== undefined,
  );
  let design = compound?.design ?? (spriteDesignOf(subject) as string);
  const drawn = spriteBuilderOf(design) as SpriteBuilder;
  // "open treasure chest", "unlit torch", "smoking cannon": an item in the states named (items/item-states.ts)
  const stated = drawn.kind === "item" ? statedItem(spec, design, iconSpriteBuilder(design) ?? drawn) : undefined;
  const modified = modifySprite(spec, design, stated?.builder ?? drawn, compound?.companions ?? []);
  let builder = modified.builder;
  if (builder.kind !== "character") {
    // role, state and setting words ("bone dragon boss", "sleeping cat", "sea turtle"): words.ts
    const kind = builder.kind === "creature" ? "creature" : "item";
    const applied = applySpriteWords(spec, builder, readSpriteWords(spec, kind));
    const used = modified.used;
    used.words = [...applied.words, ...(stated?.words ?? [])];
    // "snake merchant", "slime knight": a creature that cannot take the role's clothes gets its item as a prop
    const role = kind === "creature" && cls !== undefined && !used.subjects.includes(cls) && !used.companions.includes(cls) ? roleProp(cls) : undefined;
    if (role) {
      applied.builder = withProp(applied.builder, role, cls as string);
      used.subjects.push(cls as string);
      used.words.push(role);
    }
    // "ghost holding a lantern", "crab with a cutlass", "well with a bucket": a thing named with a creature or an item stands beside it
    const drawn = [design, subject, ...used.subjects, ...used.companions, ...applied.subjects];
    const named = role ? undefined : namedProp(spec, drawn);
    if (named) {
      applied.builder = withProp(applied.builder, named.item, named.subject);
      used.subjects.push(named.subject);
    }
    // "stagecoach with four horses", "campfire with a coffee pot": a drawn object stands beside it
    const object = role || named ? undefined : namedObject(spec, drawn);
    if (object) {
      applied.builder = withObject(applied.builder, OBJECT_BUILDERS[object] as SpriteBuilder, object);
      used.subjects.push(object);
    }
    // "pine tree covered in snow", "tent in the snow": snow lies on the item
    if (kind === "item" && design !== "snow" && spec.subjects.includes("snow") && !used.subjects.includes("snow")) {
      applied.builder = withSnow(applied.builder);
      used.subjects.push("snow");
    }
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
    // "undertaker with a coffin", "outlaw behind bars": a drawn object no hand holds stands beside (or before) the figure
    const object = namedObject(spec, drawn);
    if (object) {
      builder = withObject(builder, OBJECT_BUILDERS[object] as SpriteBuilder, object);
      character.uses.subjects.push(object);
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

/** The builder drawing its plan's counted parts and forms ("three-legged", "winged", "coiled"). */
function withForm(builder: SpriteBuilder, form: FormTraits): SpriteBuilder {
  return { ...builder, build: (g, rng, traits) => builder.build(g, rng, { ...traits, ...form }) };
}

/** Words that put a figure on a mount ("knight on a horse", "goblin riding a wolf"). */
const MOUNT_WORDS = new Set(["on", "riding", "rides", "astride", "atop", "mounted"]);

/**
 * "knight on a horse" is a knight, not a horse-headed one: a creature named after a mount word,
 * with a character in the prompt, is left out of the plan (reported ignored: a sprite draws one figure).
 */
function withoutMount(spec: PromptSpec): PromptSpec {
  const tokens = tokensOf(spec.text);
  const mounts: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (!MOUNT_WORDS.has(tokens[k] as string)) continue;
    let next = k + 1;
    while (next < tokens.length && FILLER_WORDS.has(tokens[next] as string)) next++;
    const reading = readingsOf(tokens[next] ?? "").find((r) => spec.subjects.includes(r));
    if (reading && !isCharacter(reading) && spriteBuilderOf(spriteDesignOf(reading) ?? "")?.kind === "creature") mounts.push(reading);
  }
  if (mounts.length === 0 || !spec.subjects.some((s) => isCharacter(s) && !mounts.includes(s))) return spec;
  return { ...spec, subjects: spec.subjects.filter((s) => !mounts.includes(s)) };
}

/** The first thing named besides the drawn subjects that a prop can show ("lantern", "cutlass" as a sword), if any. */
function namedProp(spec: PromptSpec, drawn: readonly string[]): { subject: string; item: string } | undefined {
  for (const s of spec.subjects) {
    // a plant grows where it is: not a thing set beside another ("berry bush")
    if (drawn.includes(s) || isPlace(s) || GENERIC_SUBJECTS.has(s) || broaderSubjects(s).some((b) => b === "tree" || b === "leaf")) continue;
    const design = spriteDesignOf(s);
    if (design !== undefined && spriteBuilderOf(design)?.kind !== "item") continue;
    const item = heldItemOf(s) ?? s;
    if (hasDrawer(item)) return { subject: s, item };
  }
  return undefined;
}

/** The first drawn object (sprites/items/objects.ts) named besides the drawn subjects, if any. */
function namedObject(spec: PromptSpec, drawn: readonly string[]): string | undefined {
  return spec.subjects.find((s) => !drawn.includes(s) && OBJECT_BUILDERS[s] !== undefined);
}

/** The first item of a role ("merchant", "knight") a prop can show, if any. */
function roleProp(cls: string): string | undefined {
  const design = spriteDesignOf(cls);
  const builder = design ? BUILDERS[design] : undefined;
  const items = [...(builder?.defaultItems ?? []), ...impliedItems(cls)];
  return items.map((s) => heldItemOf(s) ?? s).find((item) => hasDrawer(item));
}

export function pickSpriteBuilder(spec: PromptSpec): { name: string; builder: SpriteBuilder } {
  const plan = planSprite(spec);
  return { name: plan.design, builder: plan.builder };
}
