/**
 * What to name instead: for the words of a prompt an agent did not know, the nearest subjects it
 * does know. Near means a misspelling ("dragn", "skeleton" for "skeletn": a small edit distance on
 * the word or its singular), a word that starts like a subject or contains one ("skel",
 * "dragonfly"), or a broader word a small table relates to subjects ("weapon" → sword, axe…).
 * Only subjects the agent knows are suggested, so each suggestion draws.
 */
import type { Suggestion } from "../../driver.js";

/** Broad words people write for a kind of thing, and subjects of that kind (only known ones are offered). */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  weapon: ["sword", "axe", "bow", "dagger", "spear", "hammer", "staff"],
  blade: ["sword", "dagger", "axe"],
  armor: ["shield", "helmet", "armor"],
  armour: ["shield", "helmet", "armor"],
  gear: ["shield", "helmet", "sword", "backpack"],
  food: ["apple", "bread", "meat", "cheese", "mushroom"],
  fruit: ["apple"],
  animal: ["wolf", "cat", "dog", "bird", "rabbit"],
  creature: ["slime", "goblin", "dragon", "bat", "spider"],
  enemy: ["slime", "goblin", "skeleton", "bat", "orc"],
  boss: ["dragon", "golem", "demon"],
  undead: ["skeleton", "zombie", "ghost"],
  insect: ["spider", "beetle", "bee"],
  bug: ["spider", "beetle", "bee"],
  person: ["knight", "villager", "wizard", "archer"],
  human: ["knight", "villager", "wizard", "archer"],
  npc: ["villager", "merchant", "wizard"],
  player: ["knight", "archer", "wizard"],
  character: ["knight", "archer", "wizard"],
  spell: ["flame", "orb", "staff", "scroll", "star"],
  treasure: ["chest", "coin", "gem", "crown"],
  loot: ["chest", "coin", "gem"],
  money: ["coin", "gem"],
  currency: ["coin", "gem"],
  jewel: ["gem", "ring", "crown"],
  drink: ["potion"],
  bottle: ["potion"],
  flask: ["potion"],
  container: ["chest", "barrel", "crate"],
  plant: ["tree", "flower", "bush", "mushroom", "grass"],
  vegetation: ["grass", "tree", "bush"],
  building: ["house", "tower", "castle"],
  vehicle: ["ship", "car"],
  boat: ["ship"],
  terrain: ["grass", "dirt", "sand", "stone", "water"],
  ground: ["grass", "dirt", "sand", "stone"],
  floor: ["tile", "plank", "stone", "brick"],
  wall: ["brick", "stone", "plank"],
  road: ["cobblestone", "stone", "dirt"],
  path: ["cobblestone", "dirt", "sand"],
  liquid: ["water", "lava", "slime"],
  tool: ["hammer", "pickaxe", "axe", "key"],
  lamp: ["torch", "lantern", "candle"],
  space: ["star", "moon", "planet", "ship"],
};

/** At most this many subjects per word, and words looked at per prompt. */
const PER_WORD = 3;
const MAX_WORDS = 4;

/** Optimal string alignment distance (Levenshtein with adjacent transpositions: "swrod" → "sword" is 1). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The word and the simple singulars it may be the plural of ("wolves" → wolf, "berries" → berry). */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ves")) forms.push(`${word.slice(0, -3)}f`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 3) forms.push(word.slice(0, -1));
  return forms;
}

/** How many edits a word of this length may be from a subject and still be a misspelling of it. */
const allowedEdits = (length: number): number => (length <= 3 ? 0 : length <= 5 ? 1 : length <= 8 ? 2 : 3);

const commonPrefix = (a: string, b: string): number => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/**
 * How near `subject` is to `word` (lower is nearer), or undefined when it is not near: 0 a related
 * subject, 1 + edits for a misspelling, 2.5 for a shared start or a subject inside the word.
 */
function nearness(word: string, subject: string): number | undefined {
  if (RELATED[word]?.includes(subject)) return 0;
  let best: number | undefined;
  for (const form of wordForms(word)) {
    const edits = editDistance(form, subject);
    if (edits <= allowedEdits(Math.min(form.length, subject.length))) best = Math.min(best ?? Infinity, 1 + edits);
    const shared = commonPrefix(form, subject);
    const shorter = Math.min(form.length, subject.length);
    if (shared >= 4 && shared >= shorter - 1) best = Math.min(best ?? Infinity, 2.5);
    if (subject.length >= 4 && form.length > subject.length && form.includes(subject)) best = Math.min(best ?? Infinity, 2.5);
  }
  return best;
}

/** The known subjects nearest to one word, nearest first (ties: the shorter, then alphabetical). */
export function nearestSubjects(word: string, known: readonly string[]): string[] {
  const scored: { subject: string; score: number }[] = [];
  for (const subject of known) {
    if (subject === word) continue;
    const score = nearness(word, subject);
    if (score !== undefined) scored.push({ subject, score });
  }
  const related = RELATED[word] ?? [];
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      (a.score === 0 ? related.indexOf(a.subject) - related.indexOf(b.subject) : 0) ||
      a.subject.length - b.subject.length ||
      a.subject.localeCompare(b.subject),
  );
  return scored.slice(0, PER_WORD).map((s) => s.subject);
}

/** For each of the first few words (unknown words, and subjects the agent does not draw), the nearest known subjects; words with none are left out. */
export function suggestSubjects(words: readonly string[], known: readonly string[]): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const word of [...new Set(words)].slice(0, MAX_WORDS)) {
    const subjects = nearestSubjects(word, known);
    if (subjects.length > 0) suggestions.push({ word, subjects });
  }
  return suggestions;
}
