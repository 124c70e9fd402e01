/**
 * A 3×5 pixel font for labels on generated sheets (no native text rendering, no font files):
 * digits, letters (one case), and a few marks. Each glyph is five rows of three bits, "#" set.
 */
const ROWS: Record<string, [string, string, string, string, string]> = {
  a: [".#.", "#.#", "###", "#.#", "#.#"],
  b: ["##.", "#.#", "##.", "#.#", "##."],
  c: [".##", "#..", "#..", "#..", ".##"],
  d: ["##.", "#.#", "#.#", "#.#", "##."],
  e: ["###", "#..", "##.", "#..", "###"],
  f: ["###", "#..", "##.", "#..", "#.."],
  g: [".##", "#..", "#.#", "#.#", ".##"],
  h: ["#.#", "#.#", "###", "#.#", "#.#"],
  i: ["###", ".#.", ".#.", ".#.", "###"],
  j: ["..#", "..#", "..#", "#.#", ".#."],
  k: ["#.#", "#.#", "##.", "#.#", "#.#"],
  l: ["#..", "#..", "#..", "#..", "###"],
  m: ["#.#", "###", "###", "#.#", "#.#"],
  n: ["##.", "#.#", "#.#", "#.#", "#.#"],
  o: [".#.", "#.#", "#.#", "#.#", ".#."],
  p: ["##.", "#.#", "##.", "#..", "#.."],
  q: [".#.", "#.#", "#.#", "##.", ".##"],
  r: ["##.", "#.#", "##.", "#.#", "#.#"],
  s: [".##", "#..", ".#.", "..#", "##."],
  t: ["###", ".#.", ".#.", ".#.", ".#."],
  u: ["#.#", "#.#", "#.#", "#.#", "###"],
  v: ["#.#", "#.#", "#.#", "#.#", ".#."],
  w: ["#.#", "#.#", "###", "###", "#.#"],
  x: ["#.#", "#.#", ".#.", "#.#", "#.#"],
  y: ["#.#", "#.#", ".#.", ".#.", ".#."],
  z: ["###", "..#", ".#.", "#..", "###"],
  "0": ["###", "#.#", "#.#", "#.#", "###"],
  "1": [".#.", "##.", ".#.", ".#.", "###"],
  "2": ["##.", "..#", ".#.", "#..", "###"],
  "3": ["##.", "..#", ".#.", "..#", "##."],
  "4": ["#.#", "#.#", "###", "..#", "..#"],
  "5": ["###", "#..", "##.", "..#", "##."],
  "6": [".##", "#..", "###", "#.#", "###"],
  "7": ["###", "..#", ".#.", ".#.", ".#."],
  "8": ["###", "#.#", "###", "#.#", "###"],
  "9": ["###", "#.#", "###", "..#", "##."],
  "-": ["...", "...", "###", "...", "..."],
  _: ["...", "...", "...", "...", "###"],
  ".": ["...", "...", "...", "...", ".#."],
  ",": ["...", "...", "...", ".#.", "#.."],
  ":": ["...", ".#.", "...", ".#.", "..."],
  "(": [".#.", "#..", "#..", "#..", ".#."],
  ")": [".#.", "..#", "..#", "..#", ".#."],
  "/": ["..#", "..#", ".#.", "#..", "#.."],
  "'": [".#.", ".#.", "...", "...", "..."],
  "?": ["##.", "..#", ".#.", "...", ".#."],
  " ": ["...", "...", "...", "...", "..."],
};

export const GLYPH_WIDTH = 3;
export const GLYPH_HEIGHT = 5;

/** Width in pixels of `text` at `scale` (one pixel of space between glyphs). */
export function textWidth(text: string, scale = 1): number {
  return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** Draws `text` into an RGBA buffer of width `stride` at (x, y), clipped to `maxWidth` pixels. */
export function drawText(
  pixels: Uint8Array,
  stride: number,
  x: number,
  y: number,
  text: string,
  color: readonly [number, number, number],
  scale = 1,
  maxWidth = Infinity,
): void {
  const height = pixels.length / 4 / stride;
  let cx = x;
  for (const char of text.toLowerCase()) {
    const rows = ROWS[char] ?? ROWS["?"]!;
    if (cx + GLYPH_WIDTH * scale > x + maxWidth) break;
    rows.forEach((row, ry) => {
      for (let rx = 0; rx < GLYPH_WIDTH; rx++) {
        if (row[rx] !== "#") continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const px = cx + rx * scale + dx;
            const py = y + ry * scale + dy;
            if (px < 0 || py < 0 || px >= stride || py >= height) continue;
            const i = (py * stride + px) * 4;
            pixels[i] = color[0];
            pixels[i + 1] = color[1];
            pixels[i + 2] = color[2];
            pixels[i + 3] = 255;
          }
        }
      }
    });
    cx += (GLYPH_WIDTH + 1) * scale;
  }
}
