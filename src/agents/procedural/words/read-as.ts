/**
 * Words no agent reads, read as the nearest word one does (read-as-table.ts, generated from WordNet
 * by `npm run read-as`): a noun as the nearest known subject ("robber" a thief, "okapi" a giraffe),
 * a verb's or adjective's form as a known word of the same meaning ("thawing" melting, "laden"
 * full). The prompt reader replaces each such word before reading, and says so: the spec's
 * `readAs` pairs become the interpretation's `readAs`, so a caller sees what stood in for what.
 * A word read as a subject ranks after the subjects the prompt names itself ("kitchen knife" is a
 * knife), as a generic subject does.
 */
import { READ_AS_TABLE } from "./read-as-table.js";

/** Unknown word → the known word it is read as. */
export const READ_AS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [target, words] of Object.entries(READ_AS_TABLE)) for (const word of words.split(" ")) map.set(word, target);
  return map;
})();

let reading = true;

/** For `npm run read-as` and its tests only: every word read as written (`true`), to find the words no agent reads; `false` undoes it. */
export function readWordsAsWritten(asWritten: boolean): void {
  reading = !asWritten;
}

/** Whether words are read as other words (not while `readWordsAsWritten(true)`). */
export const readingAs = (): boolean => reading;

/** The known word `token` is read as (a plural through its singular: "tapirs"), else undefined. */
export function readAsWord(token: string): string | undefined {
  if (!reading) return undefined;
  const direct = READ_AS.get(token);
  if (direct !== undefined || token.length < 4 || !token.endsWith("s")) return direct;
  if (token.endsWith("ies")) return READ_AS.get(`${token.slice(0, -3)}y`);
  // "-es" only after a hiss or an o ("boxes", "potatoes"): "poles" is no "pol"
  return READ_AS.get(token.slice(0, -1)) ?? (/(ch|sh|ss|x|z|o)es$/.test(token) ? READ_AS.get(token.slice(0, -2)) : undefined);
}

/** The text with every such word or two-word name replaced, and what was read as what (in order, each once). */
export function readAsIn(text: string): { text: string; pairs: (readonly [string, string])[] } {
  const pairs: (readonly [string, string])[] = [];
  // the runs of letters, as [start, end)
  const runs: number[] = [];
  for (let start = 0; start < text.length; ) {
    const code = text.charCodeAt(start);
    if (code < 97 || code > 122) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < text.length && text.charCodeAt(end) >= 97 && text.charCodeAt(end) <= 122) end++;
    runs.push(start, end);
    start = end;
  }
  let out = "";
  let copied = 0;
  for (let k = 0; k < runs.length; k += 2) {
    const start = runs[k] as number;
    let end = runs[k + 1] as number;
    let written = text.slice(start, end);
    // a two-word name, its words one space or hyphen apart ("walkie-talkie", "lily pads")
    let as: string | undefined;
    const next = runs[k + 2];
    if (next !== undefined && next - end === 1 && (text[end] === " " || text[end] === "-")) {
      const second = text.slice(next, runs[k + 3]);
      as = readAsWord(`${written}_${second}`);
      if (as !== undefined) {
        written = `${written} ${second}`;
        end = runs[k + 3] as number;
        k += 2;
      }
    }
    as ??= readAsWord(written);
    if (as === undefined) continue;
    out += text.slice(copied, start) + as;
    copied = end;
    if (!pairs.some(([w]) => w === written)) pairs.push([written, as]);
  }
  return { text: copied === 0 ? text : out + text.slice(copied), pairs };
}
