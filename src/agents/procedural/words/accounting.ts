/**
 * Every word accounted for (issue 39): each word of a prompt is drawn (the subject or a modifier),
 * reported in `ignored`, or known filler and jargon that says nothing about the picture. A word a
 * negation reaches ("no helmet") is honoured by leaving it out; a generic word ("floor", "monster")
 * is drawn as the design it picked. `vanishedWords` lists the words of
 * a prompt that an interpretation neither names nor reports: it must be empty for every prompt.
 */
import type { Interpretation } from "../../driver.js";
import { readingsOf, tokensOf } from "./prompt.js";
import { broaderSubjects, GENERIC_SUBJECTS, SUBJECT_WORDS } from "./subjects/subjects.js";
import { FILLER_WORDS, NEGATIONS } from "./vocabulary.js";

/** The names an interpretation gives (subject, modifiers, ignored), with the subjects each is a kind of. */
function namesOf(i: Interpretation): Set<string> {
  const names = new Set<string>();
  for (const name of [...(i.subject ? [i.subject] : []), ...i.modifiers, ...i.ignored]) {
    for (const part of [name, name.replace(/^no /, "")]) for (const broader of broaderSubjects(part)) names.add(broader);
    names.add(name);
    // a counted part names both its words ("three-headed": three, headed)
    if (/^[a-z]+-[a-z]+$/.test(name)) for (const piece of name.split("-")) names.add(piece);
  }
  return names;
}

/**
 * The words of `prompt` that `i` neither draws nor reports (empty when every word is accounted
 * for). With `reread` (the agent's reading of a prompt), a word the agent reads through a table of
 * its own ("pier" a dock) counts as drawn when leaving it out changes the interpretation.
 */
export function vanishedWords(prompt: string, i: Interpretation, reread?: (prompt: string) => Interpretation): string[] {
  const names = namesOf(i);
  const vanished: string[] = [];
  let negated = 0;
  for (const token of tokensOf(prompt)) {
    if (NEGATIONS.has(token)) {
      negated = 3;
      continue;
    }
    const reach = negated > 0;
    negated = Math.max(0, negated - 1);
    if (FILLER_WORDS.has(token) || token.length < 2 || !/[a-z]/.test(token)) continue;
    const readings = readingsOf(token);
    if (readings.length > 0) negated = 0;
    if (reach && readings.length > 0) continue;
    if (names.has(token)) continue;
    // a generic word ("floor", "monster") picks among designs: drawn when a design was
    if (i.subject !== null && readings.length > 0 && readings.every((r) => GENERIC_SUBJECTS.has(r))) continue;
    // a reading is named, or is a kind of a named subject ("dagger" held as a sword)
    if (readings.some((r) => names.has(r) || broaderSubjects(r).some((b) => names.has(b)))) continue;
    vanished.push(token);
  }
  if (!reread || vanished.length === 0) return vanished;
  const same = JSON.stringify(i);
  return vanished.filter((word) => {
    if (JSON.stringify(reread(without(prompt, word))) !== same) return false;
    // a word saying again what another says ("sci-fi hangar floor": hangar and floor both a panel)
    const alone = reread(`${word} ${i.subject ?? ""}`);
    return alone.fallback || alone.ignored.includes(word);
  });
}

/**
 * The prompt with every occurrence of one word left out, and the words that name the same subject
 * as it ("ale" with "mug", "bottle" with "potion": the thing named twice, left out once).
 */
export function without(prompt: string, word: string): string {
  const same = sameSubject(word);
  return tokensOf(prompt)
    .filter((t) => t !== word && !(same && sameSubject(t) === same))
    .join(" ");
}

/** The one subject a word reads as, when it reads as nothing else (a synonym of a subject); else undefined. */
function sameSubject(word: string): string | undefined {
  const readings = readingsOf(word);
  const [reading] = readings;
  return readings.length === 1 && reading !== undefined && SUBJECT_WORDS.get(reading) === reading ? reading : undefined;
}

/** The words of `prompt` that `i` says it drew (the subject's or a modifier's), each once. */
export function understoodWords(prompt: string, i: Interpretation): string[] {
  const drawn = namesOf({ ...i, ignored: [] });
  const ignored = new Set(i.ignored);
  const words: string[] = [];
  for (const token of tokensOf(prompt)) {
    if (FILLER_WORDS.has(token) || NEGATIONS.has(token) || words.includes(token) || ignored.has(token)) continue;
    const readings = readingsOf(token);
    if (drawn.has(token) || readings.some((r) => drawn.has(r) && !ignored.has(r))) words.push(token);
  }
  return words;
}
