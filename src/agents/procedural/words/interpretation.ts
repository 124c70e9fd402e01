/**
 * What each procedural generator understood of a prompt (the driver's `interpret`), derived from
 * the same PromptSpec and the same subject choice the generator draws from, so it cannot drift
 * from the picture: nothing here parses text or draws.
 *
 * - `subject`: the design drawn, named by the generator's own table ("wizard" for "mage", "tree"
 *   for "leaf", "shield" for an icon of a "knight", "plank" for a "wood" texture); null when no
 *   subject word is known and the generator falls back (`fallback: true`).
 * - `modifiers`: what changes the drawing besides the subject, canonical: the colours it uses,
 *   the style words it honours ("dark", "glowing", "no outline"), then the secondary items it
 *   draws (a character's held items, an icon's emblem, a texture's second material).
 * - `ignored`: content words it did not use: unknown words (raw), subjects it does not draw,
 *   colours beyond those it uses, styles it has no use for (canonical). Filler words never appear.
 */
import type { Interpretation } from "../../driver.js";
import { chooseIconShapes } from "../icons/icon.js";
import { iconModifierUse } from "../icons/modifiers.js";
import { quantityWords } from "../icons/quantity.js";
import { EFFECT_ITEMS, heldItemOf, planSprite, spriteDesignOf } from "../sprites/pixel-sprite.js";
import type { PromptSpec } from "./prompt.js";
import { broaderSubjects } from "./subjects/subjects.js";
import { chooseMaterial } from "../textures/texture.js";
import { readTexturePrompt } from "../textures/conditions.js";
import { drawnWords } from "../textures/roles.js";
import { MATERIALS } from "../textures/materials/materials.js";

const TONES = ["dark", "bright", "pastel", "muted"];

interface Usage {
  subject: string | null;
  fallback: boolean;
  /** How many of the prompt's colours the generator uses. */
  colors: number;
  /** Styles that change the drawing when present. */
  styles: ReadonlySet<string>;
  /** Styles whose negation ("no outline") changes the drawing. */
  negations: ReadonlySet<string>;
  /** Subject words drawn (the subject's own words included). */
  usedSubjects: ReadonlySet<string>;
  /** Secondary items drawn, in order. */
  items: readonly string[];
  /** Materials and effects (canonical) that change the drawing; the others are ignored. */
  materials?: ReadonlySet<string>;
  effects?: ReadonlySet<string>;
}

function describe(spec: PromptSpec, usage: Usage): Interpretation {
  const styles = spec.styles.filter((s) => usage.styles.has(s));
  const negations = spec.negated.filter((s) => usage.negations.has(s)).map((s) => `no ${s}`);
  const materials = spec.materials.filter((m) => usage.materials?.has(m));
  const effects = spec.effects.filter((e) => usage.effects?.has(e));
  // "golden crown": gold is both the colour and the material, named once
  const modifiers = [...new Set([...spec.colors.slice(0, usage.colors), ...materials, ...effects, ...styles, ...negations])];
  for (const item of usage.items) if (!modifiers.includes(item)) modifiers.push(item);
  const ignored = [
    ...spec.subjects.filter((s) => !usage.usedSubjects.has(s) && !usage.items.includes(s)),
    ...spec.colors.slice(usage.colors),
    ...spec.materials.filter((m) => !usage.materials?.has(m)),
    ...spec.effects.filter((e) => !usage.effects?.has(e)),
    ...spec.styles.filter((s) => !usage.styles.has(s)),
    // a negated style the generator never draws anyway ("no moss" on a sprite) did nothing
    ...spec.negated.filter((s) => !usage.negations.has(s) && !usage.styles.has(s)).map((s) => `no ${s}`),
    ...spec.otherWords,
  ];
  return { subject: usage.subject, modifiers, ignored: [...new Set(ignored)], fallback: usage.fallback };
}

const SPRITE_STYLES = [...TONES, "glowing", "retro", "flat", "outline"];

export function interpretSprite(spec: PromptSpec): Interpretation {
  const plan = planSprite(spec);
  // a character's race is a modifier of its class ("orc warrior": a warrior, orc, with a sword);
  // a creature's companion words ("king" in "slime king") are drawn as its modifiers
  const items = [...(plan.uses?.races ?? []), ...plan.items.map((held) => held.item), ...(plan.used?.companions ?? [])];
  const used = new Set(plan.fallback ? [] : spec.subjects.filter((s) => spriteDesignOf(s) === plan.design || plan.uses?.subjects.includes(s)));
  // an item held as a broader one ("dagger" held as a sword) was drawn
  for (const s of spec.subjects) if (broaderSubjects(s).some((b) => items.includes(b))) used.add(s);
  // a creature's or item's materials, effects, size and companion words ("slime king")
  const modifiers = plan.used;
  for (const s of [...(modifiers?.subjects ?? []), ...(plan.subject ? [plan.subject] : [])]) used.add(s);
  // "knight with a torch": the torch is held as the flame item
  for (const s of spec.subjects) if (items.includes(heldItemOf(s) ?? s)) used.add(s);
  // worn things, roles and states drawn ("apron", "boss", "sleeping"): modifiers, not ignored
  const read = [...(plan.uses?.words ?? []), ...(modifiers?.words ?? [])];
  for (const w of read) if (!items.includes(w)) items.push(w);
  const rest = read.length > 0 ? { ...spec, otherWords: spec.otherWords.filter((w) => !read.includes(w)) } : spec;
  return describe(rest, {
    subject: plan.fallback ? null : plan.design,
    fallback: plan.fallback,
    colors: 3,
    // "cute" and "scary" change eyes, heads and glows: of figures, not of most items
    styles: new Set([
      ...SPRITE_STYLES,
      ...(plan.builder.reacts ?? (plan.builder.kind === "item" ? [] : ["cute", "scary"])),
      ...(plan.uses?.styles ?? []),
      ...(modifiers?.styles ?? []),
    ]),
    negations: new Set(["outline"]),
    usedSubjects: used,
    items,
    effects: new Set([
      ...spec.effects.filter((e) => EFFECT_ITEMS[e] !== undefined && items.includes(EFFECT_ITEMS[e] as string)),
      ...(plan.uses?.effects ?? []),
      ...(modifiers?.effects ?? []),
    ]),
    materials: new Set([...(plan.uses?.materials ?? []), ...(modifiers?.materials ?? [])]),
  });
}

const ICON_STYLES = new Set([...TONES, "glowing", "retro", "outline", "flat", "badge", "glossy", "round", "square", "hex"]);
const ICON_UNBADGED_STYLES = new Set([...TONES, "glowing", "retro", "outline", "flat"]);

export function interpretIcon(spec: PromptSpec): Interpretation {
  const shapes = chooseIconShapes(spec);
  const fallback = shapes.mainName === undefined;
  const used = new Set(fallback ? [] : shapes.drawn);
  // materials, effects and wear ("cracked", "mossy"...) drawn on the subject: see icons/modifiers.ts
  const modifierUse = iconModifierUse(spec, shapes.main, shapes.mainName, shapes.material);
  // a surface subject drawn as the material ("bamboo fishing rod") is a modifier, named by its word
  const surface = modifierUse.material !== undefined && modifierUse.material === shapes.material ? [shapes.material] : [];
  // words the main shape reads ("up" on an arrow) change the drawing: modifiers, not ignored
  // and so do words of quantity ("lockpick set": three lockpicks, see icons/quantity.ts)
  const counted = fallback ? [] : quantityWords(shapes.main, spec.otherWords);
  const read = fallback ? [] : spec.otherWords.filter((w) => shapes.main.reads?.includes(w) || counted.includes(w));
  return describe(read.length > 0 ? { ...spec, otherWords: spec.otherWords.filter((w) => !read.includes(w)) } : spec, {
    subject: fallback ? null : (shapes.mainName ?? null),
    fallback,
    // the emblem is coloured from the second colour on
    colors: shapes.emblem ? 4 : 3,
    // the badge's shape and gloss mean nothing once the badge is switched off
    styles: new Set([...(spec.negated.includes("badge") ? ICON_UNBADGED_STYLES : ICON_STYLES), ...modifierUse.wear]),
    negations: new Set(["badge", "outline"]),
    usedSubjects: used,
    items: [...(shapes.emblemName ? [shapes.emblemName] : []), ...surface, ...read],
    // a material recolours and marks the subject, an effect tints it and adds its symbol (icons/modifiers.ts)
    materials: new Set(modifierUse.material ? [modifierUse.material] : []),
    effects: new Set(modifierUse.effect ? [modifierUse.effect] : []),
  });
}

const TEXTURE_STYLES = new Set([...TONES, "mossy", "cracked", "rusty", "icy", "glowing", "large", "small", "weathered", "smooth", "retro", "glossy"]);

export function interpretTexture(original: PromptSpec): Interpretation {
  // conditions ("wet", "blood-stained") and settings ("crypt", "tropical") drawn on the surface: textures/conditions.ts
  const reading = readTexturePrompt(original);
  const spec = reading.spec;
  const choice = chooseMaterial(original);
  const fallback = choice.fallback;
  const drawn = drawnWords(spec, choice);
  if (reading.grimy) drawn.subjects.add("dungeon");
  return describe(spec, {
    materials: fallback ? new Set() : drawn.materials,
    // effects tint the texture and add veins of their colour
    effects: new Set(fallback ? [] : spec.effects.slice(0, 1)),
    subject: fallback ? null : choice.material,
    fallback,
    // runes take the first colour for their glow, the stone the next two
    colors: MATERIALS[choice.material]?.colorGlows ? 3 : 2,
    styles: new Set([...TEXTURE_STYLES, ...choice.styles]),
    negations: new Set(),
    usedSubjects: fallback ? new Set() : drawn.subjects,
    items: [...(choice.substance ? [choice.substance] : []), ...reading.conditions],
  });
}
