/** What the icon generator understood of a prompt: the same shapes it draws (words/interpretation.ts). */
import type { Interpretation } from "../../driver.js";
import type { PromptSpec } from "../kit/types.js";
import { interpretationOf, TONES } from "../words/interpretation.js";
import { chooseIconShapes } from "./icon.js";
import { iconModifierUse } from "./modifiers.js";
import { quantityWords } from "./quantity.js";
import { stateWordsOf, thingStates } from "./thing-states.js";

const ICON_STYLES = new Set([...TONES, "glowing", "retro", "outline", "flat", "badge", "glossy", "round", "square", "hex"]);
const ICON_UNBADGED_STYLES = new Set([...TONES, "glowing", "retro", "outline", "flat"]);

export function interpretIcon(spec: PromptSpec): Interpretation {
  const shapes = chooseIconShapes(spec);
  const fallback = shapes.mainName === undefined;
  // subjects the main shape reads ("train ticket": a locomotive on the ticket) are drawn by it
  const used = new Set(fallback ? [] : [...shapes.drawn, ...spec.subjects.filter((s) => shapes.main.reads?.includes(s))]);
  // materials, effects and wear ("cracked", "mossy"...) drawn on the subject: see modifiers.ts
  const modifierUse = iconModifierUse(spec, shapes.main, shapes.mainName, shapes.material);
  // a surface subject drawn as the material ("bamboo fishing rod") is a modifier, named by its word
  const surface = modifierUse.material !== undefined && modifierUse.material === shapes.material ? [shapes.material] : [];
  // words the main shape reads ("up" on an arrow) change the drawing: modifiers, not ignored
  // and so do words of quantity ("lockpick set": three lockpicks, see quantity.ts)
  const counted = fallback ? [] : quantityWords(shapes.main, spec.otherWords);
  // and so do the states the thing can be in ("burnt toast", "empty bottle"; thing-states.ts)
  const states = thingStates(stateWordsOf(spec), shapes.mainName, shapes.main.reads).flatMap((s) => s.words);
  // "broken": the cracked style's word, which also breaks the thing in two
  const broken = fallback ? [] : states.filter((w) => !spec.otherWords.includes(w));
  const read = fallback ? [] : spec.otherWords.filter((w) => shapes.main.reads?.includes(w) || counted.includes(w) || states.includes(w));
  return interpretationOf(read.length > 0 ? { ...spec, otherWords: spec.otherWords.filter((w) => !read.includes(w)) } : spec, {
    subject: fallback ? null : (shapes.mainName ?? null),
    fallback,
    // the emblem is coloured from the second colour on
    colors: shapes.emblem ? 4 : 3,
    // the badge's shape and gloss mean nothing once the badge is switched off
    styles: new Set([...(spec.negated.includes("badge") ? ICON_UNBADGED_STYLES : ICON_STYLES), ...modifierUse.wear]),
    negations: new Set(["badge", "outline"]),
    usedSubjects: used,
    items: [...(shapes.emblemName ? [shapes.emblemName] : []), ...surface, ...read, ...broken],
    // a material recolours and marks the subject, an effect tints it and adds its symbol (modifiers.ts)
    materials: new Set(modifierUse.material ? [modifierUse.material] : []),
    effects: new Set(modifierUse.effect ? [modifierUse.effect] : []),
  });
}
