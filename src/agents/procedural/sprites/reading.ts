/** What the pixel-sprite generator understood of a prompt: the same plan it draws from (words/interpretation.ts). */
import type { Interpretation } from "../../driver.js";
import type { PromptSpec } from "../kit/types.js";
import { interpretationOf, TONES } from "../words/interpretation.js";
import { broaderSubjects } from "../words/subjects/subjects.js";
import { EFFECT_ITEMS, heldItemOf, planSprite, spriteDesignOf } from "./plan.js";

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
  const read = [...(plan.uses?.words ?? []), ...(modifiers?.words ?? []), ...(plan.figure?.words ?? [])];
  for (const w of read) if (!items.includes(w) && !plan.figure?.words.includes(w)) items.push(w);
  // an action and counted parts, by their own words ("leaping", "three-headed")
  for (const a of plan.figure?.action ? [plan.figure.action, ...(plan.figure.also ?? [])] : []) if (!items.includes(a.word)) items.push(a.word);
  for (const p of plan.figure?.parts ?? []) if (p.words.length > 0) items.push(p.name);
  const rest = read.length > 0 ? { ...spec, otherWords: spec.otherWords.filter((w) => !read.includes(w)) } : spec;
  return interpretationOf(rest, {
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
