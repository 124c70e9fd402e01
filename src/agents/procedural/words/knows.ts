/**
 * What a procedural agent knows (contract section 6's `knows`), found by asking its own
 * `interpret` rather than by listing tables: a subject is known when a prompt naming it alone does
 * not fall back (its own design, or the nearest broader subject it draws), a colour, material or
 * effect when naming it with a known subject lists it among the modifiers (and not among the
 * ignored words), a style likewise ("no outline" for a style it can switch off). So the list
 * grows by itself as subjects and drawings are added, and never claims a word the agent ignores.
 */
import type { AgentKnowledge, Interpretation } from "../../driver.js";
import { ACTIONS, PART_COUNT_NAMES } from "./actions.js";
import { interpretPrompt, type PromptSpec } from "./prompt.js";
import { SUBJECTS } from "./subjects/subjects.js";
import { COLOR_VALUES, COLOR_WORDS, EFFECT_WORDS, MATERIAL_WORDS, STYLE_WORDS } from "./vocabulary.js";
import { FEATURE_WORDS, STATES } from "./states.js";

/** Things in every state a thing can be in (states.ts): food, a light, a fused thing, a vessel, a door. */
const STATE_PROBES = ["bread", "candle", "cannon", "potion", "door", "sword"];
/** Surfaces features are scattered over ("grass with mushrooms"). */
const FEATURE_PROBES = ["grass", "sand", "dirt"];

type Interpret = (spec: PromptSpec) => Interpretation;

/** How many designs the modifiers and styles are tried with. */
const PROBES = 80;

const canonicalNames = (table: ReadonlyMap<string, string>): string[] => [...new Set(table.values())];

const read = (interpret: Interpret, prompt: string): Interpretation => interpret(interpretPrompt({ prompt }));

/** Whether `word` (canonical) is drawn with at least one of `subjects`: in the modifiers, not ignored. */
function honoured(interpret: Interpret, subjects: readonly string[], prompt: (subject: string) => string, word: string, lenient = false): boolean {
  return subjects.some((subject) => {
    const i = read(interpret, prompt(subject));
    return !i.fallback && i.modifiers.includes(word) && (lenient || !i.ignored.includes(word));
  });
}

/**
 * The subjects `interpret` draws: every canonical subject of the tables whose word alone does not
 * fall back. About a thousand readings, a few milliseconds: what a fallback's suggestions need.
 */
export function probeSubjects(interpret: Interpret): string[] {
  return [...SUBJECTS.keys()].filter((s) => !read(interpret, s).fallback).sort();
}

/**
 * Everything the agent knows: its subjects, then every colour, material, effect and style tried
 * with a spread of the designs it draws. A few thousand readings (no drawing); callers cache it.
 */
export function probeKnowledge(interpret: Interpret, subjects: readonly string[] = probeSubjects(interpret)): AgentKnowledge {
  // one subject per design drawn ("axe" and "sword" draw one sword), whose own word is no colour,
  // material, effect or style: "red knight" reads plainly
  const designs = new Set<string>();
  const plain = subjects.filter((s) => {
    if ([COLOR_WORDS, MATERIAL_WORDS, EFFECT_WORDS, STYLE_WORDS].some((t) => t.has(s))) return false;
    const design = read(interpret, s).subject ?? s;
    if (designs.has(design)) return false;
    designs.add(design);
    return true;
  });
  // a spread of designs (every kind of figure, item and surface comes up in alphabetical order) keeps
  // the probe to a few thousand readings; a sample can only miss a word, never claim one wrongly
  const step = Math.ceil(plain.length / PROBES);
  const probes = plain.filter((_, i) => i % step === 0);
  const colors = Object.keys(COLOR_VALUES).filter((c) => honoured(interpret, probes, (s) => `${c} ${s}`, c, true));
  const materials = canonicalNames(MATERIAL_WORDS).filter((m) => honoured(interpret, probes, (s) => `${m} ${s}`, m));
  const effects = canonicalNames(EFFECT_WORDS).filter((e) => honoured(interpret, probes, (s) => `${e} ${s}`, e));
  const styles: string[] = [];
  for (const name of canonicalNames(STYLE_WORDS)) {
    const style = name.replace(/^!/, "");
    if (!name.startsWith("!") && honoured(interpret, probes, (s) => `${style} ${s}`, style)) styles.push(style);
    if (honoured(interpret, probes, (s) => `${s} no ${style}`, `no ${style}`) && !styles.includes(`no ${style}`)) styles.push(`no ${style}`);
  }
  // actions ("leaping", "praying") and counted parts ("three-headed") the figures take
  const actions = ACTIONS.filter((a) => honoured(interpret, probes, (s) => `${a} ${s}`, a));
  const parts = PART_COUNT_NAMES.filter((p) => honoured(interpret, probes, (s) => `${p} ${s}`, p));
  // states of things ("burnt", "unlit") and surface features ("with mushrooms"), where the agent draws them
  const states = STATES.filter((state) => honoured(interpret, STATE_PROBES, (s) => `${state} ${s}`, state));
  const features = Object.keys(FEATURE_WORDS)
    .filter((f) => honoured(interpret, FEATURE_PROBES, (s) => `${s} with ${f}`, f))
    .map((f) => `with ${f}`);
  return {
    subjects: [...subjects],
    modifiers: [...new Set([...colors, ...materials, ...effects, ...actions, ...parts, ...states, ...features])],
    styles,
  };
}
