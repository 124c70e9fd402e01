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
 *   draws (a character's held items, an icon's emblem, a texture's second material), then every
 *   other subject word it drew (a setting, a surface's place), so no word of the prompt vanishes.
 * - `ignored`: content words it did not use: unknown words (raw), subjects it does not draw,
 *   colours beyond those it uses, styles it has no use for (canonical). Filler words never appear.
 * - `readAs`: the prompt's words no agent reads, each with the known word read in its place
 *   (words/read-as.ts); that word then appears above like any other.
 *
 * Each family reads its own words (icons/reading.ts, sprites/reading.ts, textures/reading.ts) and
 * tells what it used; this file turns that use into the contract's interpretation.
 */
import type { Interpretation } from "../../driver.js";
import type { PromptSpec } from "../kit/types.js";
import { broaderSubjects, GENERIC_SUBJECTS } from "./subjects/subjects.js";

export const TONES = ["dark", "bright", "pastel", "muted"];

export interface Usage {
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

export function interpretationOf(spec: PromptSpec, usage: Usage): Interpretation {
  const styles = spec.styles.filter((s) => usage.styles.has(s));
  const negations = spec.negated.filter((s) => usage.negations.has(s)).map((s) => `no ${s}`);
  const materials = spec.materials.filter((m) => usage.materials?.has(m));
  const effects = spec.effects.filter((e) => usage.effects?.has(e));
  // "golden crown": gold is both the colour and the material, named once
  const modifiers = [...new Set([...spec.colors.slice(0, usage.colors), ...materials, ...effects, ...styles, ...negations])];
  for (const item of usage.items) if (!modifiers.includes(item)) modifiers.push(item);
  // every subject word drawn is named: a setting ("desert bandit"), a surface's place ("stone floor")
  const subjectChain = usage.subject ? broaderSubjects(usage.subject) : [];
  for (const s of spec.subjects) {
    // a generic word ("floor" in "wooden floor", "monster") only picks among designs: no modifier
    if (!usage.usedSubjects.has(s) || GENERIC_SUBJECTS.has(s) || subjectChain.includes(s) || modifiers.includes(s)) continue;
    if (modifiers.some((m) => broaderSubjects(s).includes(m) || broaderSubjects(m).includes(s))) continue;
    modifiers.push(s);
  }
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
  const readAs = spec.readAs?.map(([word, as]) => ({ word, as }));
  return { subject: usage.subject, modifiers, ignored: [...new Set(ignored)], fallback: usage.fallback, ...(readAs ? { readAs } : {}) };
}
