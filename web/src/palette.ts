/**
 * The named palettes of contract section 12, for the Generate form's picker (swatches, names,
 * colour counts) and the result's swatches: the service's own lists (src/agents/palette/named.ts,
 * where each palette's source is cited), imported, so there is one copy; the web build counts that
 * file among its sources (scripts/build-web.ts).
 */
import { NAMED_PALETTES, PALETTE_NAMES } from "../../src/agents/palette/named.js";

export const paletteNames = PALETTE_NAMES;
export type PaletteName = (typeof paletteNames)[number];

/** Each named palette's colours, in published order. */
export const namedPalettes: Readonly<Record<PaletteName, readonly string[]>> = NAMED_PALETTES;

export const paletteLabels: Readonly<Record<PaletteName, string>> = {
  "pico-8": "PICO-8",
  "endesga-32": "Endesga 32",
  db32: "DB32",
  "sweetie-16": "Sweetie 16",
  gameboy: "Game Boy",
  nes: "NES",
  "resurrect-64": "Resurrect 64",
};

export const isPaletteName = (value: string): value is PaletteName => (paletteNames as readonly string[]).includes(value);

/**
 * Custom colours as typed ("#1a1c2c, #5d275d", one per line, or spaces between) → the array the
 * API reads, each entry as written (trimmed). Nothing is checked here: the service's answer says
 * what is wrong, naming the colour (`palette.<i>`).
 */
export function parseCustomPalette(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter((c) => c !== "");
}

/** The palette as the form sends it: a name, or the custom colours; absent without one. */
export type PaletteInput = PaletteName | string[];
