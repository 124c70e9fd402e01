/** Nouns: the known subject nearest a word in WordNet's "is a kind of" tree. */
import { SUBJECT_TABLES, SUBJECT_WORDS } from "../../src/agents/procedural/words/subjects/subjects.js";
import { firstShare, senses, synsets } from "./wordnet.js";

/** Nouns with more meanings than this are too ambiguous to stand in for, unless one sense takes most of their uses. */
const MAX_NOUN_SENSES = 6;
/** A noun that means one thing: few senses, or one sense most of its uses take. */
export function plainNoun(word: string): boolean {
  if ((senses.noun.get(word)?.length ?? 99) <= MAX_NOUN_SENSES) return true;
  const share = firstShare.get(word);
  return share !== undefined && share.first >= 3 && share.first >= 0.6 * share.total;
}

const ALLOWED: Record<string, readonly number[]> = {
  characters: [18, 5, 6, 8],
  roles: [18],
  creatures: [5, 18, 6],
  gear: [6, 13, 17, 20, 27, 8],
  things: [6, 13, 17, 20, 27, 8, 19],
  objects: [6, 13, 17, 20, 27, 15],
  surfaces: [27, 17, 15, 6, 20, 19],
};
/** Lexicographer files of concrete nouns a prompt's noun may start from: animal, artifact, food, object, person, plant, substance. */
const CONCRETE = new Set([5, 6, 13, 17, 18, 20, 27]);
const tableOf = new Map<string, string>();
for (const [name, table] of Object.entries(SUBJECT_TABLES)) for (const subject of Object.keys(table)) if (!tableOf.has(subject)) tableOf.set(subject, name);

/** Synset → the known subject it means (a subject's word, in the sense its table means it). */
const subjectOf = new Map<string, string>();
/** Synsets named by a subject's own name (not a synonym): the only ones a far or sideways search may land on. */
const canonical = new Set<string>();
/** A subject's own sense: its name's first meaning of its table's kind ("bow" the weapon, never the bow of a ship). */
const senseOf = new Map<string, string>();
for (const subject of new Set(SUBJECT_WORDS.values())) {
  const allowed = ALLOWED[tableOf.get(subject) ?? "things"] ?? [];
  const id = senses.noun.get(subject)?.find((o) => allowed.includes(synsets.noun.get(o)?.lex ?? -1));
  if (id === undefined) continue;
  senseOf.set(subject, id);
  subjectOf.set(id, subject);
  canonical.add(id);
}
/** Whether `id` is `sense`, a kind of it (within three steps), a sibling of it (a shared broader kind), or broader by one or two steps. */
function under(id: string, sense: string): boolean {
  let frontier = [id];
  for (let step = 0; step <= 3; step++) {
    if (frontier.includes(sense)) return true;
    frontier = frontier.flatMap((o) => synsets.noun.get(o)?.up ?? []);
  }
  const parents = synsets.noun.get(sense)?.up ?? [];
  if ((synsets.noun.get(id)?.up ?? []).some((p) => parents.includes(p))) return true;
  // or broader than it, close by: "rodent" for the rat
  let above = parents;
  for (let step = 1; step <= 2; step++) {
    if (above.includes(id)) return true;
    above = above.flatMap((o) => synsets.noun.get(o)?.up ?? []);
  }
  return false;
}
// a synonym counts in its first meaning, and only when that meaning is the subject's or near it:
// "gull" is first a dupe, "mama" no mummy, "pike" a road
for (const [word, subject] of SUBJECT_WORDS) {
  const sense = senseOf.get(subject);
  const id = senses.noun.get(word)?.[0];
  if (word === subject || sense === undefined || id === undefined || subjectOf.has(id) || !under(id, sense)) continue;
  subjectOf.set(id, subject);
}
const sizes = new Map<string, number>();
function sizeOf(o: string): number {
  let n = sizes.get(o);
  if (n !== undefined) return n;
  sizes.set(o, 1);
  n = 1 + (synsets.noun.get(o)?.down ?? []).reduce((sum, d) => sum + sizeOf(d), 0);
  sizes.set(o, n);
  return n;
}
/** A shared kind small enough that its members look alike. */
const SMALL_KIND = Number(process.env.SMALL_KIND ?? 40);

export const why = new Map<string, string>();
export function nearestSubject(word: string): string | undefined {
  const list = senses.noun.get(word) ?? [];
  const start = list[0];
  const first = start ? synsets.noun.get(start) : undefined;
  if (!start || !first || first.proper || !CONCRETE.has(first.lex)) return undefined;
  const fits = (subject: string) => (ALLOWED[tableOf.get(subject) ?? "things"] ?? []).includes(first.lex);
  const person = first.lex === 18;
  let frontier = [start];
  const seen = new Set(frontier);
  for (let up = 0; up <= (person ? 3 : 5); up++) {
    for (const a of frontier) {
      const subject = subjectOf.get(a);
      if (subject && fits(subject)) {
        why.set(word, `kind ${synsets.noun.get(a)?.lemmas.join("/")}, up ${up}`);
        return subject;
      }
    }
    if (up === 1 && !person) {
      for (const a of frontier) {
        if (sizeOf(a) > SMALL_KIND) continue;
        let below = synsets.noun.get(a)?.down ?? [];
        for (let down = 1; down <= 1 && below.length > 0; down++) {
          const hit = below
            .filter((o) => canonical.has(o))
            .map((o) => subjectOf.get(o))
            .find((s) => s !== undefined && fits(s));
          if (hit) {
            why.set(word, `sibling under ${synsets.noun.get(a)?.lemmas.join("/")} (${sizeOf(a)}), up ${up}, down ${down}`);
            return hit;
          }
          below = below.flatMap((o) => synsets.noun.get(o)?.down ?? []);
        }
      }
    }
    frontier = frontier.flatMap((a) => synsets.noun.get(a)?.up ?? []).filter((a) => !seen.has(a) && seen.add(a));
  }
  return undefined;
}
