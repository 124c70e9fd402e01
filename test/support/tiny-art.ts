/** A 16 × 16 piece of pixel art as raw RGB: a sky-blue ground, a dark-outlined red figure with a yellow belt. */
export function tinyArt(): Buffer {
  const px = Buffer.alloc(16 * 16 * 3);
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const inside = x >= 5 && x <= 10 && y >= 3 && y <= 13;
      const edge = inside && (x === 5 || x === 10 || y === 3 || y === 13);
      const colour = !inside ? [120, 190, 240] : edge ? [30, 20, 40] : y === 9 ? [240, 200, 40] : [200, 40, 50];
      px.set(colour, (y * 16 + x) * 3);
    }
  }
  return px;
}
