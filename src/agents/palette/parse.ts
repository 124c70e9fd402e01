/**
 * The `palette` of a request (contract section 12) → its colours: a named palette or 2–64 `#rrggbb`
 * colours. Problems come back as data (a code, a message that says what to send instead, and the
 * path inside the field) for the service to turn into a 400 naming the field.
 */
import { HEX_COLOR, parseHex, type Rgb } from "./color.js";
import { isPaletteName, NAMED_PALETTES, PALETTE_NAMES, type PaletteName } from "./named.js";

export const MIN_PALETTE_COLORS = 2;
export const MAX_PALETTE_COLORS = 64;

export interface ResolvedPalette {
  /** Set for a named palette. */
  name?: PaletteName;
  /** In the order given (or published), each once. */
  colors: Rgb[];
}

export type PaletteErrorCode = "unknown_name" | "too_few_colors" | "too_many_colors" | "malformed_color" | "duplicate_color" | "wrong_type";

export interface PaletteError {
  code: PaletteErrorCode;
  /** A sentence that says what is wrong and what to send instead. */
  message: string;
  /** Where inside the field: [] for the field itself, [i] for its i-th colour. */
  path: number[];
}

export type PaletteResolution = { ok: true; palette: ResolvedPalette } | { ok: false; error: PaletteError };

const NAME_LIST = PALETTE_NAMES.join(", ");

/** The text every message about the form of the field ends with. */
export const PALETTE_FORMS = `a palette name (${NAME_LIST}) or an array of ${MIN_PALETTE_COLORS}–${MAX_PALETTE_COLORS} colours written #rrggbb`;

/** A named palette as colours (the names are checked by the type). */
export function namedPaletteColors(name: PaletteName): Rgb[] {
  return NAMED_PALETTES[name].map((hex) => parseHex(hex)!);
}

/** The name the caller probably meant ("PICO8" → "pico-8"), compared without case, spaces or punctuation. */
export function suggestPaletteName(text: string): PaletteName | undefined {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  const wanted = squash(text);
  if (wanted === "") return undefined;
  return PALETTE_NAMES.find((name) => squash(name) === wanted || (wanted === "dawnbringer32" && name === "db32") || (wanted === "gb" && name === "gameboy"));
}

export function unknownNameMessage(text: string): string {
  const guess = suggestPaletteName(text);
  const hint = guess ? ` Did you mean "${guess}"?` : "";
  return `Unknown palette "${text}".${hint} Use one of ${NAME_LIST}, or give your own colours as an array of #rrggbb strings.`;
}

export function malformedColorMessage(index: number, value: unknown): string {
  const shown = typeof value === "string" ? `"${value}"` : (JSON.stringify(value) ?? String(value));
  let hint = "";
  if (typeof value === "string") {
    const bare = value.trim();
    if (/^#[0-9a-fA-F]{3}$/.test(bare)) hint = ` Write the short form in full: "#${[...bare.slice(1)].map((d) => d + d).join("")}".`;
    else if (/^[0-9a-fA-F]{6}$/.test(bare)) hint = ` Add the "#": "#${bare}".`;
    else if (HEX_COLOR.test(bare)) hint = " Remove the spaces around it.";
  }
  return `Colour ${index} is ${shown}: each colour must be "#" and six hex digits, #rrggbb (e.g. "#ff004d").${hint}`;
}

export function duplicateColorMessage(index: number, firstIndex: number, hex: string): string {
  return `Colour ${index} (${hex}) repeats colour ${firstIndex}: give each colour once.`;
}

export function countMessage(count: number): string {
  return count < MIN_PALETTE_COLORS
    ? `A palette needs at least ${MIN_PALETTE_COLORS} colours; this one has ${count}. Add colours, or name a palette (${NAME_LIST}).`
    : `A palette holds at most ${MAX_PALETTE_COLORS} colours; this one has ${count}. Keep the ${MAX_PALETTE_COLORS} you need most.`;
}

const fail = (code: PaletteErrorCode, message: string, path: number[] = []): PaletteResolution => ({ ok: false, error: { code, message, path } });

/**
 * A palette name or a list of colours → the palette. Names are exact (lowercase, as listed);
 * colours are `#rrggbb` in either case, compared without case for duplicates.
 */
export function resolvePalette(input: string | readonly string[]): PaletteResolution {
  if (typeof input === "string") {
    if (!isPaletteName(input)) return fail("unknown_name", unknownNameMessage(input));
    return { ok: true, palette: { name: input, colors: namedPaletteColors(input) } };
  }
  if (!Array.isArray(input)) return fail("wrong_type", `Must be ${PALETTE_FORMS}.`);
  if (input.length < MIN_PALETTE_COLORS || input.length > MAX_PALETTE_COLORS) {
    return fail(input.length < MIN_PALETTE_COLORS ? "too_few_colors" : "too_many_colors", countMessage(input.length));
  }
  const colors: Rgb[] = [];
  const seen = new Map<string, number>();
  for (const [index, value] of input.entries()) {
    const color = typeof value === "string" ? parseHex(value) : undefined;
    if (!color) return fail("malformed_color", malformedColorMessage(index, value), [index]);
    const hex = value.toLowerCase();
    const first = seen.get(hex);
    if (first !== undefined) return fail("duplicate_color", duplicateColorMessage(index, first, hex), [index]);
    seen.set(hex, index);
    colors.push(color);
  }
  return { ok: true, palette: { colors } };
}
