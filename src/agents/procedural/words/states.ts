/**
 * States of things (issue 39): words that say what condition a thing is in ("burnt toast",
 * "rotten apple", "unlit torch", "empty bottle", "open door"). The prompt reader leaves them among
 * the other words; the icon agent draws a state where it applies to the thing (icons/thing-states.ts)
 * and reports it ignored where it does not. Cracked and broken ("cracked"), frozen ("icy") and
 * glowing are styles, and burning the fire effect: they are read with those tables.
 */
import { wordTable } from "./vocabulary.js";

export const STATE_WORDS = wordTable({
  cooked: "cook roasted roast grilled baked toasted",
  raw: "uncooked",
  burnt: "burned charred scorched singed",
  rotten: "rotting rotted moldy mouldy spoiled decayed decaying",
  bitten: "eaten nibbled",
  lit: "",
  unlit: "extinguished snuffed",
  smoking: "smoky smoldering smouldering smokey",
  melting: "melted",
  wet: "soaked dripping drenched damp soggy",
  empty: "emptied drained",
  full: "filled brimming",
  open: "opened",
  closed: "shut",
});

/** The canonical state a word names, if any. */
export const stateOf = (word: string): string | undefined => STATE_WORDS.get(word);

/** Every canonical state, in the table's order. */
export const STATES: readonly string[] = [...new Set(STATE_WORDS.values())];
