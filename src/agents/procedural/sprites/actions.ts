/**
 * The action and the counted parts a figure's prompt names ("leaping cat", "three-headed dog"):
 * read here into the plan, drawn by the sheets' rig (sheets/posed.ts). Only figures (characters
 * and creatures) take them; an item's "running" or "three-headed" stays ignored.
 */
import { ACTION_WORDS, IMPLIED_PARTS, type PartCount, partCounts } from "../words/actions.js";
import { tokensOf } from "../words/prompt.js";
import type { PromptSpec } from "../kit/types.js";

/** What a figure is doing, and the prompt's word that said so. */
export interface PlannedAction {
  action: string;
  word: string;
}

/** The figure's action and counted parts, and the prompt's words they took (to be reported as read). */
export interface FigureWords {
  action?: PlannedAction;
  parts: PartCount[];
  /** The prompt's other words these took ("leaping", "three", "headed"). */
  words: string[];
}

/** Reads the action (the first one named) and the part counts of a figure's prompt. */
export function readFigureWords(spec: PromptSpec): FigureWords {
  const word = spec.otherWords.find((w) => ACTION_WORDS.has(w));
  const parts = partCounts(tokensOf(spec.text));
  // "cyclops": one eye, unless the prompt counts them itself
  for (const subject of spec.subjects) {
    const implied = IMPLIED_PARTS[subject];
    if (implied && !parts.some((p) => p.part === implied.part)) parts.push({ ...implied, words: [], name: subject });
  }
  const words = parts.flatMap((p) => p.words);
  const out: FigureWords = { parts, words };
  if (word !== undefined) {
    out.action = { action: ACTION_WORDS.get(word) as string, word };
    words.push(word);
  }
  return out;
}

/** The spec without the words the counts took (so no other reading claims them: "one-eyed" is no glow). */
export function withoutPartWords(spec: PromptSpec, read: FigureWords): PromptSpec {
  const taken = read.parts.flatMap((p) => p.words);
  if (taken.length === 0) return spec;
  return { ...spec, otherWords: spec.otherWords.filter((w) => !taken.includes(w)) };
}
