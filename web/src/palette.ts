/**
 * The named palettes of contract section 12, for the Generate form's picker (swatches, names,
 * colour counts) and the result's swatches.
 *
 * The colours mirror src/agents/palette/named.ts (NAMED_PALETTES, where each palette's source is
 * cited): the web build only watches web/ for staleness, so the client keeps its own copy, and
 * src/agents/palette/web-copy.test.ts checks the two are equal. Change one, change the other.
 */

export const paletteNames = ["pico-8", "endesga-32", "db32", "sweetie-16", "gameboy", "nes", "resurrect-64"] as const;
export type PaletteName = (typeof paletteNames)[number];

// biome-ignore format: eight colours a row, as the palette pages show them
export const namedPalettes: Readonly<Record<PaletteName, readonly string[]>> = {
  "pico-8": [
    "#000000", "#1d2b53", "#7e2553", "#008751", "#ab5236", "#5f574f", "#c2c3c7", "#fff1e8",
    "#ff004d", "#ffa300", "#ffec27", "#00e436", "#29adff", "#83769c", "#ff77a8", "#ffccaa",
  ],
  "endesga-32": [
    "#be4a2f", "#d77643", "#ead4aa", "#e4a672", "#b86f50", "#733e39", "#3e2731", "#a22633",
    "#e43b44", "#f77622", "#feae34", "#fee761", "#63c74d", "#3e8948", "#265c42", "#193c3e",
    "#124e89", "#0099db", "#2ce8f5", "#ffffff", "#c0cbdc", "#8b9bb4", "#5a6988", "#3a4466",
    "#262b44", "#181425", "#ff0044", "#68386c", "#b55088", "#f6757a", "#e8b796", "#c28569",
  ],
  db32: [
    "#000000", "#222034", "#45283c", "#663931", "#8f563b", "#df7126", "#d9a066", "#eec39a",
    "#fbf236", "#99e550", "#6abe30", "#37946e", "#4b692f", "#524b24", "#323c39", "#3f3f74",
    "#306082", "#5b6ee1", "#639bff", "#5fcde4", "#cbdbfc", "#ffffff", "#9badb7", "#847e87",
    "#696a6a", "#595652", "#76428a", "#ac3232", "#d95763", "#d77bba", "#8f974a", "#8a6f30",
  ],
  "sweetie-16": [
    "#1a1c2c", "#5d275d", "#b13e53", "#ef7d57", "#ffcd75", "#a7f070", "#38b764", "#257179",
    "#29366f", "#3b5dc9", "#41a6f6", "#73eff7", "#f4f4f4", "#94b0c2", "#566c86", "#333c57",
  ],
  gameboy: [
    "#0f380f", "#306230", "#8bac0f", "#9bbc0f",
  ],
  nes: [
    "#000000", "#fcfcfc", "#f8f8f8", "#bcbcbc", "#7c7c7c", "#a4e4fc", "#3cbcfc", "#0078f8",
    "#0000fc", "#b8b8f8", "#6888fc", "#0058f8", "#0000bc", "#d8b8f8", "#9878f8", "#6844fc",
    "#4428bc", "#f8b8f8", "#f878f8", "#d800cc", "#940084", "#f8a4c0", "#f85898", "#e40058",
    "#a80020", "#f0d0b0", "#f87858", "#f83800", "#a81000", "#fce0a8", "#fca044", "#e45c10",
    "#881400", "#f8d878", "#f8b800", "#ac7c00", "#503000", "#d8f878", "#b8f818", "#00b800",
    "#007800", "#b8f8b8", "#58d854", "#00a800", "#006800", "#b8f8d8", "#58f898", "#00a844",
    "#005800", "#00fcfc", "#00e8d8", "#008888", "#004058", "#f8d8f8", "#787878",
  ],
  "resurrect-64": [
    "#2e222f", "#3e3546", "#625565", "#966c6c", "#ab947a", "#694f62", "#7f708a", "#9babb2",
    "#c7dcd0", "#ffffff", "#6e2727", "#b33831", "#ea4f36", "#f57d4a", "#ae2334", "#e83b3b",
    "#fb6b1d", "#f79617", "#f9c22b", "#7a3045", "#9e4539", "#cd683d", "#e6904e", "#fbb954",
    "#4c3e24", "#676633", "#a2a947", "#d5e04b", "#fbff86", "#165a4c", "#239063", "#1ebc73",
    "#91db69", "#cddf6c", "#313638", "#374e4a", "#547e64", "#92a984", "#b2ba90", "#0b5e65",
    "#0b8a8f", "#0eaf9b", "#30e1b9", "#8ff8e2", "#323353", "#484a77", "#4d65b4", "#4d9be6",
    "#8fd3ff", "#45293f", "#6b3e75", "#905ea9", "#a884f3", "#eaaded", "#753c54", "#a24b6f",
    "#cf657f", "#ed8099", "#831c5d", "#c32454", "#f04f78", "#f68181", "#fca790", "#fdcbb0",
  ],
};

/** How the picker names each palette. */
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
