/**
 * Creatures in roles that cannot stand up and hold things ("snake merchant", "slime knight", "fish
 * wizard"): the creature as drawn, a little smaller and to one side, with the role's first item
 * beside it as a prop, drawn by the same item drawer a character's hand uses. Data: the role's items
 * are the class's own (its builder's or its subject's `holds`).
 */
import { bounds, scaleGrid, shift } from "./creatures/kit.js";
import { M, type SpriteBuilder, SpriteGrid } from "./grid.js";
import { drawHeldItem } from "./items/held.js";

/** The creature's builder with `item` set beside it as a prop (the role `holder` names the item's look). */
export function withProp(builder: SpriteBuilder, item: string, holder: string): SpriteBuilder {
  return {
    ...builder,
    build(g, rng, traits) {
      const anchors = builder.build(g, rng, traits);
      const { n } = g;
      scaleGrid(g, 0.8);
      const box = bounds(g);
      if (box) shift(g, Math.min(Math.round(n * 0.14), n - 2 - box[2]), 0);
      // the item as a character's image-left hand would hold it, standing on the ground
      const prop = new SpriteGrid(n);
      const hand = { x0: 0.16, x1: 0.26, y0: 0.64, y1: 0.74 };
      drawHeldItem(prop, { hand, armOuter: 0.12, headTop: 0.15, neck: 0.3 }, { item, hand: "main" }, holder);
      // no hand holds it: the fist the drawer draws around the grip is left out
      for (let k = 0; k < n * n; k++) {
        const m = prop.cells[k] as number;
        if (m && m !== M.SKIN && !g.cells[k]) (g.cells[k] = m), (g.tone[k] = prop.tone[k] as number);
      }
      return anchors;
    },
    asymmetric: true,
  };
}
