/** Verbs and adjectives: a known action, state or look of the same meaning, in the same form. */
import { isLook } from "./known.js";
import { senses, synsets } from "./wordnet.js";

type Form = "base" | "ing" | "ed";
function forms(lemma: string, form: Form): string[] {
  return form === "base" ? [lemma] : [inflected(lemma, form)];
}
/** A verb's regular form, spelt as English spells it ("pipe" piping, "snap" snapped, "carry" carried). */
export function inflected(lemma: string, form: "ing" | "ed"): string {
  if (lemma.endsWith("ee") || lemma.endsWith("ye") || lemma.endsWith("oe")) return form === "ing" ? `${lemma}ing` : `${lemma}d`;
  if (lemma.endsWith("e")) return form === "ing" ? `${lemma.slice(0, -1)}ing` : `${lemma}d`;
  if (/[^aeiou]y$/.test(lemma)) return form === "ing" ? `${lemma}ing` : `${lemma.slice(0, -1)}ied`;
  // one syllable ending in one vowel and one consonant doubles it: snap, snapped
  const doubles = /^[^aeiou]*[aeiou][bdgklmnprtv]$/.test(lemma);
  return `${lemma}${doubles ? lemma.at(-1) : ""}${form}`;
}

/** The base forms `word` may be of, with its form ("tethered" → tether, ed). */
export function bases(word: string): { lemma: string; form: Form }[] {
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
/** Verbs or adjectives with more meanings than this are too ambiguous to stand in for. */
const MAX_LOOK_SENSES = 4;
export function synonymFor(word: string): string | undefined {
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
