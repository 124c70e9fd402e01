/**
 * What a creature's prompt says of its body beyond the species, where its plan can show it:
 * counted legs and tails ("three-legged dog", "two-tailed fox") and wings ("winged lion") on the
 * four-legged plan, counted arms on a starfish, a serpent coiled ("rattlesnake coiled to strike"),
 * a fish puffed up ("inflated pufferfish"), and a group of the side-view ones ("school of fish",
 * "flock of crows", "herd of bison"), a saddle on a mount ("saddled wyvern"). Read into the
 * traits the species' builder draws with.
 */
import type { PartCount } from "../../words/actions.js";
import { readingsOf } from "../../words/prompt.js";
import { wordTable } from "../../words/vocabulary.js";
import type { SpriteTraits } from "../grid.js";
import { countedPartsOf, SPECIES } from "./species.js";

/** What the traits carry beyond a face's style. */
export type FormTraits = Pick<SpriteTraits, "parts" | "form" | "group" | "saddled">;

/** Words putting a saddle on a mount's back. */
const SADDLE_WORDS = new Set(["saddled", "saddle", "saddles"]);

const FORM_WORDS = wordTable({
  coiled: "coiling coils curled",
  inflated: "puffed bloated swollen puffy",
});

/** Words naming a group of animals: three of them drawn together. */
const GROUP_WORDS = new Set(["school", "schools", "shoal", "shoals", "flock", "flocks", "herd", "herds", "pack", "packs", "pod", "pods", "swarm", "swarms"]);

/** A group word naming the animals: "school of fish", "wolf pack" (not "pack mule": a mule that carries packs). */
function groupWord(tokens: readonly string[], subjects: readonly string[]): string | undefined {
  for (let k = 0; k < tokens.length; k++) {
    const w = tokens[k] as string;
    if (!GROUP_WORDS.has(w)) continue;
    const before = readingsOf(tokens[k - 1] ?? "");
    if (tokens[k + 1] === "of" || (k === tokens.length - 1 && before.some((r) => subjects.includes(r)))) return w;
  }
  return undefined;
}

/** Plans drawn from the side (one of a group can stand behind another). */
const SIDE_VIEW = new Set(["quadruped", "sidebird", "fish", "serpent", "snail"]);

/** The traits the design draws for the prompt's words and counted parts, with the words they took (the parts' words stay theirs). */
export function creatureForm(
  design: string,
  otherWords: readonly string[],
  subjects: readonly string[],
  tokens: readonly string[],
  counted: readonly PartCount[],
): { traits: FormTraits; words: string[] } {
  const s = SPECIES[design];
  const drawn = countedPartsOf(design);
  const traits: FormTraits = {};
  const words: string[] = [];
  const parts: NonNullable<SpriteTraits["parts"]> = {};
  for (const p of counted) if (p.part === "legs" || p.part === "tails" || p.part === "arms") if (drawn.includes(p.part)) parts[p.part] = p.count;
  const winged = drawn.includes("wings") ? otherWords.find((w) => w === "winged" || w === "wings") : undefined;
  if (winged) {
    parts.wings = 2;
    words.push(winged);
  }
  if (Object.keys(parts).length > 0) traits.parts = parts;
  for (const w of otherWords) {
    const form = FORM_WORDS.get(w);
    if ((form === "coiled" && s?.plan === "serpent") || (form === "inflated" && s?.plan === "fish" && !s.body.whale)) {
      traits.form = form;
      words.push(w);
      break;
    }
  }
  const group = s && (SIDE_VIEW.has(s.plan) || (s.plan === "figure" && s.draw === "seahorse")) ? groupWord(tokens, subjects) : undefined;
  if (group) {
    traits.group = 3;
    words.push(group);
  }
  const saddle =
    s?.plan === "quadruped" || s?.plan === "winged" || design === "dragon" ? [...otherWords, ...subjects].find((w) => SADDLE_WORDS.has(w)) : undefined;
  if (saddle) {
    traits.saddled = true;
    words.push(saddle);
  }
  return { traits, words };
}

/** The parts a design's plan counts itself. */
export const planCounts = (design: string, part: PartCount["part"]): boolean => (countedPartsOf(design) as readonly string[]).includes(part);
