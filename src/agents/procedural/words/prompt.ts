/**
 * Reads a prompt (or a conversation) into a PromptSpec: the recognised colours, subjects and
 * styles. The generators only ever look at the PromptSpec, never at the raw text.
 *
 * Conversations: only `user` turns are read, oldest first; `system` and `assistant` turns are
 * ignored (assistant replies tend to echo or paraphrase, system text describes the service rather
 * than the asset). Each later user turn refines the state built so far:
 * - colours named in a later turn replace all earlier colours;
 * - a subject named in a later turn replaces the earlier subjects, unless the turn says "add",
 *   "also", "plus"... in which case it is added;
 * - styles accumulate, but a style replaces a contradicting one from the same group
 *   ("dark" vs "bright", "round" vs "square"), and negations ("no badge", "without outline",
 *   "not dark") switch a style off until a later turn names it again.
 * - materials ("wooden", "bone") and effects ("healing", "fire") named in a later turn replace the
 *   earlier ones, like colours. A material or effect word that is also a subject ("stone", "fire")
 *   is the subject only when the turn names no other: "fire mage" is a mage with the fire effect,
 *   "stone brick" is brick made of stone, "fire" alone is a flame.
 * When both `messages` and `prompt` are given, `prompt` is read as the last user turn.
 */
import { GENERIC_SUBJECTS, SUBJECT_WORDS } from "./subjects/subjects.js";
import { joinCompounds } from "./compounds.js";
import { readAsIn, readingAs } from "./read-as.js";
import { ADDITIVE_WORDS, COLOR_WORDS, EFFECT_WORDS, FILLER_WORDS, MATERIAL_WORDS, NEGATIONS, STYLE_GROUPS, STYLE_WORDS } from "./vocabulary.js";
import type { Tone } from "../kit/color.js";
import type { PromptInput, PromptSpec } from "../kit/types.js";

export type { PromptInput, PromptMessage, PromptSpec } from "../kit/types.js";

interface TurnSpec {
  colors: string[];
  subjects: string[];
  materials: string[];
  effects: string[];
  styles: string[];
  negatedStyles: string[];
  negatedColors: string[];
  negatedSubjects: string[];
  otherWords: string[];
  /** Words read as known ones (read-as.ts), and the subjects only such a word named. */
  readAs: (readonly [string, string])[];
  standIns: Set<string>;
  additive: boolean;
}

/** Tests: the readings of each prompt in this thread, by its text (`countPromptReadings`); off otherwise. */
let readings: Map<string, number> | undefined;

/**
 * For tests: counts from now on how often this thread reads each prompt (`interpretPrompt`), and
 * answers the count of one (by the text of its `prompt`, or of its last user message).
 */
export function countPromptReadings(): (prompt: string) => number {
  readings ??= new Map();
  const counted = readings;
  return (prompt) => counted.get(prompt) ?? 0;
}

/** How many tokens a negation reaches forward ("without any dark outline" still negates). */
const NEGATION_REACH = 3;

/** The prompt's text as the reader reads it: lower case, compounds joined, unknown words read as known ones (read-as.ts). */
export function normalizeText(text: string): string {
  const normalized = readingAs() ? normalizedAs : normalizedAsWritten;
  let normal = normalized.get(text);
  if (normal === undefined) {
    if (normalized.size >= 256) normalized.clear();
    normal = readAsIn(normalizeWords(text)).text;
    normalized.set(text, normal);
  }
  return normal;
}

/** Texts lately normalised: a reading normalises the same text several times (its spec's, each family's tokens). */
const normalizedAs = new Map<string, string>();
const normalizedAsWritten = new Map<string, string>();

/** The text normalised, before any word is read as another. */
function normalizeWords(text: string): string {
  return joinCompounds(
    text
      .toLowerCase()
      .replace(/\b(8|16|32)[\s-]?bits?\b/g, " retro ")
      .replace(/\bw\/o\b/g, " without ")
      .replace(/\bdon'?t\b|\bdo not\b/g, " dont ")
      // the `transparent`, `width` and `height` options' business: not a badge, not content
      .replace(/\btransparent[\s-]+(background|backdrop|bg)s?\b/g, " ")
      .replace(/\b\d+\s*[x×]\s*\d+(\s*px)?\b|\b\d+\s*px\b/g, " ")
      // the view, not a direction: "up" and "down" alone are (arrows)
      .replace(/\btop[\s-]+down\b/g, " topdown ")
      .replace(/\bno-/g, "no ")
      .replace(/\bnon-/g, "non ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** Looks a token up in a table, trying simple singular forms of plurals. */
function lookup(map: ReadonlyMap<string, string>, word: string): string | undefined {
  const direct = map.get(word);
  if (direct !== undefined) return direct;
  const candidates: string[] = [];
  if (word.endsWith("ies")) candidates.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ves")) candidates.push(`${word.slice(0, -3)}f`);
  if (word.endsWith("es")) candidates.push(word.slice(0, -2));
  if (word.endsWith("s")) candidates.push(word.slice(0, -1));
  for (const candidate of candidates) {
    const found = map.get(candidate);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What one token of a normalised prompt reads as: its canonical style (without the "!"), colour,
 * material, effect and subject names, or none (an unknown word, or filler). For accounting for
 * every word (words/accounting.ts); the reader itself uses the same tables in parseTurn.
 */
export function readingsOf(token: string): string[] {
  const names: string[] = [];
  for (const table of [STYLE_WORDS, COLOR_WORDS, MATERIAL_WORDS, EFFECT_WORDS, SUBJECT_WORDS]) {
    const found = lookup(table, token);
    if (found !== undefined) pushUnique(names, found.replace(/^!/, ""));
  }
  return names;
}

/** The tokens of a prompt as the reader splits them (after normalizeText). */
export const tokensOf = (text: string): string[] =>
  normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function removeValue(list: string[], value: string): void {
  const index = list.indexOf(value);
  if (index >= 0) list.splice(index, 1);
}

/** Adds a style, dropping any contradicting style of the same group. */
function addStyle(styles: string[], negated: string[], style: string): void {
  for (const group of STYLE_GROUPS) {
    if (group.includes(style)) for (const other of group) removeValue(styles, other);
  }
  pushUnique(styles, style);
  removeValue(negated, style);
}

function negateStyle(styles: string[], negated: string[], style: string): void {
  removeValue(styles, style);
  pushUnique(negated, style);
}

function parseTurn(content: string): TurnSpec {
  const turn: TurnSpec = {
    colors: [],
    subjects: [],
    materials: [],
    effects: [],
    styles: [],
    negatedStyles: [],
    negatedColors: [],
    negatedSubjects: [],
    otherWords: [],
    readAs: [],
    standIns: new Set(),
    additive: false,
  };
  const words = normalizeWords(content);
  const read = readAsIn(words);
  turn.readAs = read.pairs;
  // a token is a stand-in when a word was read as it and the prompt does not write it itself
  const written = read.pairs.length > 0 ? new Set(words.split(/[^a-z0-9]+/)) : undefined;
  const standing = new Set(read.pairs.map(([, as]) => as).filter((as) => !written?.has(as)));
  const tokens = read.text.split(/[^a-z0-9]+/).filter(Boolean);
  /** Subjects a word of the prompt names itself (not only through a stand-in). */
  const named = new Set<string>();
  let negateFor = 0;
  /** Subjects named by a word that is not only a material or an effect ("mage" in "fire mage"). */
  const plainSubjects = new Set<string>();
  /** Materials and effects whose word also named a subject ("fire": the flame, or the fire effect). */
  const doubling: string[] = [];
  for (const token of tokens) {
    const standIn = standing.has(token);
    if (NEGATIONS.has(token)) {
      negateFor = NEGATION_REACH;
      continue;
    }
    const negate = negateFor > 0;
    negateFor = Math.max(0, negateFor - 1);
    if (ADDITIVE_WORDS.has(token)) turn.additive = true;

    let recognised = false;
    const style = lookup(STYLE_WORDS, token);
    if (style !== undefined) {
      recognised = true;
      const off = style.startsWith("!") !== negate;
      const name = style.replace(/^!/, "");
      if (off) negateStyle(turn.styles, turn.negatedStyles, name);
      else addStyle(turn.styles, turn.negatedStyles, name);
    }
    const color = lookup(COLOR_WORDS, token);
    if (color !== undefined) {
      recognised = true;
      if (negate) pushUnique(turn.negatedColors, color);
      else pushUnique(turn.colors, color);
    }
    const material = lookup(MATERIAL_WORDS, token);
    const effect = lookup(EFFECT_WORDS, token);
    if (material !== undefined && !negate) pushUnique(turn.materials, material);
    if (effect !== undefined && !negate) pushUnique(turn.effects, effect);
    if (material !== undefined || effect !== undefined) recognised = true;
    const subject = lookup(SUBJECT_WORDS, token);
    if (subject !== undefined) {
      recognised = true;
      if (negate) pushUnique(turn.negatedSubjects, subject);
      else pushUnique(turn.subjects, subject);
      if (!standIn) named.add(subject);
      else if (!named.has(subject)) turn.standIns.add(subject);
      if (!negate && material === undefined && effect === undefined) plainSubjects.add(subject);
      if (!negate && material !== undefined) doubling.push(`m:${material}`);
      if (!negate && effect !== undefined) doubling.push(`e:${effect}`);
    }
    if (recognised) {
      negateFor = 0;
    } else if (!FILLER_WORDS.has(token) && /[a-z]/.test(token) && token.length > 1) {
      pushUnique(turn.otherWords, token);
    }
  }
  for (const subject of named) turn.standIns.delete(subject);
  // "fire mage", "stone brick", "wooden shield": the material or effect word modifies the other subject
  // "fire", "stone": alone, the word is the subject and modifies nothing
  if (plainSubjects.size > 0) turn.subjects = turn.subjects.filter((s) => plainSubjects.has(s));
  else {
    turn.materials = turn.materials.filter((m) => !doubling.includes(`m:${m}`));
    turn.effects = turn.effects.filter((e) => !doubling.includes(`e:${e}`));
  }
  return turn;
}

/**
 * Specific subjects first, then those only a stand-in word named ("kitchen knife": the knife, then
 * a kitchen read as a room), then generic ones ("monster", "hero"...); otherwise mention order.
 */
function orderSubjects(subjects: readonly string[], standIns: ReadonlySet<string>): string[] {
  const specific = subjects.filter((s) => !GENERIC_SUBJECTS.has(s) && !standIns.has(s));
  const nearest = subjects.filter((s) => !GENERIC_SUBJECTS.has(s) && standIns.has(s));
  const generic = subjects.filter((s) => GENERIC_SUBJECTS.has(s));
  return [...specific, ...nearest, ...generic];
}

export function interpretPrompt(input: PromptInput): PromptSpec {
  if (readings) {
    const text = input.prompt ?? input.messages?.filter((m) => m.role === "user").at(-1)?.content ?? "";
    readings.set(text, (readings.get(text) ?? 0) + 1);
  }
  const userTurns = (input.messages ?? []).filter((m) => m.role === "user").map((m) => m.content);
  if (input.prompt !== undefined && input.prompt.trim() !== "") userTurns.push(input.prompt);

  let colors: string[] = [];
  let subjects: string[] = [];
  let materials: string[] = [];
  let effects: string[] = [];
  const styles: string[] = [];
  const negated: string[] = [];
  let otherWords: string[] = [];
  let readAs: (readonly [string, string])[] = [];
  let standIns = new Set<string>();

  for (const content of userTurns) {
    const turn = parseTurn(content);
    if (turn.colors.length > 0) colors = [...turn.colors];
    colors = colors.filter((c) => !turn.negatedColors.includes(c));
    if (turn.materials.length > 0) materials = [...turn.materials];
    if (turn.effects.length > 0) effects = [...turn.effects];

    if (turn.subjects.length > 0) {
      subjects = turn.additive ? [...subjects, ...turn.subjects.filter((s) => !subjects.includes(s))] : [...turn.subjects];
      standIns = turn.additive ? new Set([...standIns, ...turn.standIns]) : turn.standIns;
    }
    subjects = subjects.filter((s) => !turn.negatedSubjects.includes(s));

    for (const style of turn.styles) addStyle(styles, negated, style);
    for (const style of turn.negatedStyles) negateStyle(styles, negated, style);

    if (turn.subjects.length > 0 || turn.otherWords.length > 0) {
      otherWords = turn.additive ? [...otherWords, ...turn.otherWords] : turn.otherWords;
      readAs = turn.additive ? [...readAs, ...turn.readAs.filter(([w]) => !readAs.some(([x]) => x === w))] : turn.readAs;
    }
  }

  return {
    text: userTurns.map(normalizeText).filter(Boolean).join(" | "),
    colors,
    subjects: orderSubjects(subjects, standIns),
    materials,
    effects,
    styles,
    negated,
    otherWords,
    ...(readAs.length > 0 ? { readAs } : {}),
  };
}

export function hasStyle(spec: PromptSpec, style: string): boolean {
  return spec.styles.includes(style);
}

export function isNegated(spec: PromptSpec, style: string): boolean {
  return spec.negated.includes(style);
}

export function toneOf(spec: PromptSpec): Tone | undefined {
  return (["dark", "bright", "pastel", "muted"] as const).find((tone) => spec.styles.includes(tone));
}

/** A stable key for the shape-defining parts of a spec (subjects and unknown words, not colours). */
export function shapeKey(spec: PromptSpec): string {
  const modifiers = spec.materials.length + spec.effects.length > 0 ? ["|", ...spec.materials, "|", ...spec.effects] : [];
  return [...spec.subjects, "|", ...spec.otherWords, ...modifiers].join(" ");
}
