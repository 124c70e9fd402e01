/**
 * Which icon subject each prompt subject draws: its own shape, else the symbol a figure is known by
 * (FIGURE_SYMBOLS) or, for a trade, the tool it holds, else the nearest broader subject's ("is a"). Words that name one thing together
 * ("honey pot", "apple tree", "chest of drawers") draw that thing (ICON_COMPOUNDS).
 */
import { broaderSubjects, GENERIC_SUBJECTS, SUBJECTS } from "../words/subjects/subjects.js";
import type { IconShape } from "./parts.js";
import { ICON_SHAPES } from "./shapes.js";
import { FIGURE_SYMBOLS } from "./things/figures.js";
import { ICON_COMPOUNDS } from "./things/things.js";

/** The name of each shape: the first subject registered for it ("rock" for the shape of "stone"). */
const SHAPE_NAMES = new Map<IconShape, string>();
for (const [word, shape] of ICON_SHAPES) if (!SHAPE_NAMES.has(shape)) SHAPE_NAMES.set(shape, word);

/** People whose symbol says less than a trade's tool (a blacksmith is a villager with a hammer). */
const PLAIN_FOLK: ReadonlySet<string> = new Set(["villager", "woman"]);

/** The icon subject (a key of ICON_SHAPES) a prompt subject draws, if any, and whether it stands for a figure. */
export function iconSubjectOf(subject: string): { key: string; figure: boolean } | undefined {
  const chain = broaderSubjects(subject);
  const symbolOf = (s: string): string | undefined => FIGURE_SYMBOLS[s]?.find((name) => ICON_SHAPES.has(name));
  for (const s of chain) {
    // a generic figure's symbol ("hero": a sword, "villager": a person) only when nothing nearer says more
    const symbol = GENERIC_SUBJECTS.has(s) || PLAIN_FOLK.has(s) ? undefined : symbolOf(s);
    if (symbol !== undefined) return { key: symbol, figure: true };
    if (ICON_SHAPES.has(s)) return { key: s, figure: false };
  }
  // a trade is known by its tool: a blacksmith's hammer, a miner's pickaxe
  for (const s of chain) {
    const tool = SUBJECTS.get(s)?.holds?.find((item) => ICON_SHAPES.has(item));
    if (tool !== undefined) return { key: tool, figure: true };
  }
  for (const s of chain) {
    const symbol = symbolOf(s);
    if (symbol !== undefined) return { key: symbol, figure: true };
  }
  return undefined;
}

/** Subjects drawn only when named alone (a word of many meanings: "power"). */
const LONE_SUBJECTS: ReadonlySet<string> = new Set(["power"]);

export interface IconPick {
  shape: IconShape;
  /** What is drawn, named by the shape's first subject. */
  name: string;
  /** The prompt's subjects this pick draws. */
  words: string[];
  /** A symbol standing for a figure ("hat" for a witch): a thing named with it comes first. */
  figure: boolean;
}

/** The prompt's subjects as drawable picks, in order, subjects drawing the same shape merged. */
export function iconPicks(subjects: readonly string[]): IconPick[] {
  const picks: IconPick[] = [];
  const taken = new Set<string>();
  const add = (key: string, words: string[], figure: boolean): void => {
    const shape = ICON_SHAPES.get(key);
    if (shape === undefined) return;
    const same = picks.find((p) => p.shape === shape);
    if (same) same.words.push(...words);
    else picks.push({ shape, name: SHAPE_NAMES.get(shape) ?? key, words, figure });
  };
  for (const subject of subjects) {
    if (taken.has(subject)) continue;
    const compound = ICON_COMPOUNDS.find((c) => c.all.includes(subject) && c.all.every((s) => subjects.includes(s) && !taken.has(s)));
    if (compound) {
      for (const s of compound.all) taken.add(s);
      add(compound.draws, [...compound.all], false);
      continue;
    }
    taken.add(subject);
    const found = iconSubjectOf(subject);
    if (found !== undefined) add(found.key, [subject], found.figure);
  }
  // "parchment map": a map is a kind of scroll, so the map is drawn, the scroll's word with it
  for (const broad of [...picks]) {
    const narrow = picks.find((p) => p !== broad && p.words.some((w) => broad.words.some((b) => b !== w && broaderSubjects(w).includes(b))));
    if (narrow === undefined) continue;
    narrow.words.push(...broad.words);
    // the narrower subject takes the broader one's place ("parchment dungeon map": the map first)
    const [i, j] = [picks.indexOf(broad), picks.indexOf(narrow)];
    if (i < j) {
      picks[i] = narrow;
      picks.splice(j, 1);
    } else picks.splice(i, 1);
  }
  // "power button" is the power symbol; "power armor" is armour, the word not drawn
  const drawn = picks.length > 1 ? picks.filter((p) => !p.words.every((w) => LONE_SUBJECTS.has(w))) : picks;
  // "witch cauldron": the cauldron, with the witch's hat as its emblem; "basket of eggs": the basket, the eggs in it
  const things = drawn.filter((p) => !p.figure);
  const ordered = [...things.filter((p) => p.shape.container), ...things.filter((p) => !p.shape.container), ...drawn.filter((p) => p.figure)];
  return ordered;
}
