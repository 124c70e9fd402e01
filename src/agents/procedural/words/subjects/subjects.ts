/**
 * Every subject the agents know, merged from the tables of each family (characters,
 * creatures, gear, things, surfaces) into the word map the prompt reader uses. One word names one subject: the tables must
 * not disagree (a unit test checks it). `broaderSubjects` walks the "is a" links, so an agent
 * without a drawing of its own for a subject can draw the nearest broader one it has.
 */
import type { SubjectEntry, SubjectTable } from "./table.js";
import { CHARACTER_SUBJECTS } from "./characters.js";
import { CREATURE_SUBJECTS } from "./creatures.js";
import { GEAR_SUBJECTS } from "./gear.js";
import { SURFACE_SUBJECTS } from "./surfaces.js";
import { THING_SUBJECTS } from "./things.js";
import { OBJECT_SUBJECTS } from "./objects.js";
import { ROLE_SUBJECTS } from "./trades.js";

export const SUBJECT_TABLES: Readonly<Record<string, SubjectTable>> = {
  characters: CHARACTER_SUBJECTS,
  creatures: CREATURE_SUBJECTS,
  gear: GEAR_SUBJECTS,
  things: THING_SUBJECTS,
  surfaces: SURFACE_SUBJECTS,
  roles: ROLE_SUBJECTS,
  objects: OBJECT_SUBJECTS,
};

/**
 * Canonical subject → its entry. A subject two tables define (a "bell" prop and a "bell"
 * notification symbol) is one subject: its words are joined, the first table's links kept.
 */
export const SUBJECTS: ReadonlyMap<string, SubjectEntry> = (() => {
  const map = new Map<string, SubjectEntry>();
  for (const table of Object.values(SUBJECT_TABLES)) {
    for (const [name, entry] of Object.entries(table)) {
      const earlier = map.get(name);
      if (!earlier) map.set(name, entry);
      else
        map.set(name, {
          ...entry,
          ...earlier,
          words: [earlier.words, entry.words].filter(Boolean).join(" "),
          generic: (earlier.generic ?? false) || (entry.generic ?? false),
        });
    }
  }
  return map;
})();

/** Word → canonical subject; a canonical name always maps to itself. */
export const SUBJECT_WORDS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [canonical] of SUBJECTS) map.set(canonical, canonical);
  for (const [canonical, entry] of SUBJECTS) {
    for (const word of (entry.words ?? "").split(/\s+/).filter(Boolean)) if (!map.has(word)) map.set(word, canonical);
  }
  return map;
})();

/** Words claimed by two subjects (the first claim wins): empty when the tables agree. */
export function subjectWordClashes(): string[] {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const [canonical] of SUBJECTS) seen.set(canonical, canonical);
  for (const [canonical, entry] of SUBJECTS) {
    for (const word of (entry.words ?? "").split(/\s+/).filter(Boolean)) {
      const owner = seen.get(word);
      if (owner !== undefined && owner !== canonical) clashes.push(`${word}: ${owner} and ${canonical}`);
      else seen.set(word, canonical);
    }
  }
  return clashes;
}

/** Subjects too generic to override a more specific one named in the same prompt. */
export const GENERIC_SUBJECTS: ReadonlySet<string> = new Set([...SUBJECTS].filter(([, entry]) => entry.generic).map(([name]) => name));

/** The subject and the subjects it is a kind of, nearest first ("owl" → owl, bird, beast...). */
export function broaderSubjects(subject: string): string[] {
  const chain: string[] = [];
  for (let s: string | undefined = subject; s !== undefined && !chain.includes(s); s = SUBJECTS.get(s)?.isA) chain.push(s);
  return chain;
}

/** The nearest subject in the chain that `has` accepts (the subject itself first). */
export function nearestKnown(subject: string, has: (name: string) => boolean): string | undefined {
  return broaderSubjects(subject).find(has);
}

/** Items a figure implies (its own, else those of the nearest broader subject that has some). */
export function impliedItems(subject: string): readonly string[] {
  for (const s of broaderSubjects(subject)) {
    const holds = SUBJECTS.get(s)?.holds;
    if (holds) return holds;
  }
  return [];
}
