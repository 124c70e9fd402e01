/** What the texture generator understood of a prompt: the same material choice it draws (words/interpretation.ts). */
import type { Interpretation } from "../../driver.js";
import type { PromptSpec } from "../kit/types.js";
import { interpretationOf, TONES } from "../words/interpretation.js";
import { readingsOf } from "../words/prompt.js";
import { readTexturePrompt } from "./conditions.js";
import { MATERIALS } from "./materials/materials.js";
import { drawnWords } from "./roles.js";
import { chooseMaterial } from "./texture.js";

const TEXTURE_STYLES = new Set([...TONES, "mossy", "cracked", "rusty", "icy", "glowing", "large", "small", "weathered", "smooth", "retro", "glossy"]);

/** The words that named a feature without naming it or a subject it is ("fallen" leaves, "kelp"). */
const featureOnlyWords = (reading: { features: readonly string[]; featureWords: readonly string[] }): string[] =>
  reading.featureWords.filter((w) => !reading.features.some((f) => w === f || w === `${f}s`) && !readingsOf(w).some((r) => reading.features.includes(r)));

export function interpretTexture(original: PromptSpec): Interpretation {
  // conditions ("wet", "blood-stained") and settings ("crypt", "tropical") drawn on the surface: conditions.ts
  const reading = readTexturePrompt(original);
  const spec = reading.spec;
  const choice = chooseMaterial(original);
  const fallback = choice.fallback;
  const drawn = drawnWords(spec, choice);
  if (reading.grimy) drawn.subjects.add("dungeon");
  return interpretationOf(spec, {
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
    // features scattered over it ("grass with mushrooms"), and the words naming them that their names do not ("fallen")
    items: [
      ...(choice.substance ? [choice.substance] : []),
      ...(reading.covering ? [reading.covering] : []),
      ...reading.conditions,
      ...reading.features,
      ...featureOnlyWords(reading),
    ],
  });
}
