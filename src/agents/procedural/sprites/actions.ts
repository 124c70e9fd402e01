/**
 * The action and the counted parts a figure's prompt names ("leaping cat", "three-headed dog"):
 * read here into the plan, drawn by the sheets' rig (sheets/posed.ts). Only figures (characters
 * and creatures) take them; an item's "running" or "three-headed" stays ignored.
 */
import { ACTION_WORDS, actionsTogether, IMPLIED_PARTS, type PartCount, partCounts } from "../words/actions.js";
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
  /** Actions done with it, in one pose ("kneeling in prayer": praying joins kneeling). */
  also?: PlannedAction[];
  parts: PartCount[];
  /** The prompt's other words these took ("leaping", "three", "headed"). */
  words: string[];
}

/** Reads the action (the first one named, with those that go with it) and the part counts of a figure's prompt. */
export function readFigureWords(spec: PromptSpec): FigureWords {
  const named = spec.otherWords.filter((w) => ACTION_WORDS.has(w)).map((w) => ({ action: ACTION_WORDS.get(w) as string, word: w }));
  const word = named[0]?.word;
  const parts = partCounts(tokensOf(spec.text));
  // "cyclops": one eye, unless the prompt counts them itself
  for (const subject of spec.subjects) {
    const implied = IMPLIED_PARTS[subject];
    if (implied && !parts.some((p) => p.part === implied.part)) parts.push({ ...implied, words: [], name: subject });
  }
  const words = parts.flatMap((p) => p.words);
  const out: FigureWords = { parts, words };
  if (word !== undefined) {
    out.action = named[0] as PlannedAction;
    words.push(word);
    const also: PlannedAction[] = [];
    for (const a of named.slice(1)) {
      if (![out.action, ...also].every((b) => actionsTogether(b.action, a.action))) continue;
      also.push(a);
      words.push(a.word);
    }
    if (also.length > 0) out.also = also;
  }
  return out;
}

/** The spec without the words the counts took (so no other reading claims them: "one-eyed" is no glow). */
export function withoutPartWords(spec: PromptSpec, read: FigureWords): PromptSpec {
  const taken = read.parts.flatMap((p) => p.words);
  if (taken.length === 0) return spec;
  return { ...spec, otherWords: spec.otherWords.filter((w) => !taken.includes(w)) };
}
