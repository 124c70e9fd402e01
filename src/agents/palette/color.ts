/** Palette colours as data: `#rrggbb` text ⇄ RGB, and the 24-bit key the per-pixel loops compare. */
/** A colour: 0..255 channels (floats while the procedural drawers mix them, integers in a palette). */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** The one accepted form of a colour: `#` and six hex digits (either case; stored lowercase). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** `#rrggbb` → RGB (0..255 integers); undefined when the text is not of that form. */
export function parseHex(text: string): Rgb | undefined {
  if (!HEX_COLOR.test(text)) return undefined;
  const n = Number.parseInt(text.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** RGB → `#rrggbb` (lowercase; channels rounded and clamped to 0..255). */
export function toHex(c: Rgb): string {
  return `#${rgbKey(c).toString(16).padStart(6, "0")}`;
}

const channel = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** The colour as one integer 0xrrggbb (a Set or Map key, a bitset index). */
export function rgbKey(c: Rgb): number {
  return (channel(c.r) << 16) | (channel(c.g) << 8) | channel(c.b);
}
