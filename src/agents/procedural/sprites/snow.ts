/**
 * Things under snow ("pine tree covered in snow", "tent in the snow", "snowy well"): the item as
 * drawn, with snow lying on every surface that faces up (each filled cell with nothing above it,
 * a cell or two deep, more on larger grids). A character in the snow wears a wool cap and a creature
 * turns white instead (words.ts); this is the setting's mark on an item.
 */
import { M, type SpriteBuilder, type SpriteGrid } from "./grid.js";

/** Lays snow on the up-facing surfaces of a drawn grid. */
export function snowOn(g: SpriteGrid): void {
  const { n } = g;
  const depth = Math.max(1, Math.round(n / 12));
  const tops: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (g.get(i, j) !== M.EMPTY && (j === 0 || g.get(i, j - 1) === M.EMPTY)) tops.push([i, j]);
  for (const [i, j] of tops) for (let d = 0; d < depth && j + d < n; d++) if (g.get(i, j + d) !== M.EMPTY) g.setCell(i, j + d, M.EYE);
}

/** The item's builder with snow on it. */
export function withSnow(builder: SpriteBuilder): SpriteBuilder {
  return {
    ...builder,
    build(g, rng, traits) {
      const anchors = builder.build(g, rng, traits);
      snowOn(g);
      return anchors;
    },
  };
}
