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

/** Objects that stand in front of the figure, full size ("outlaw behind bars"): the others stand beside it. */
const IN_FRONT = new Set(["bars"]);

/**
 * The figure's or item's builder with a drawn object (sprites/items/objects.ts) beside it ("undertaker
 * with a coffin", "campfire with a coffee pot"): the object at half size in the lower corner on the
 * image-left, where the figure leaves room, in wood and metal (the figure keeps its colours); bars
 * stand in front of it. A creature or an item steps aside (a little smaller, to the right); a
 * character is neither moved nor scaled, so what it holds stays in its hands.
 */
export function withObject(builder: SpriteBuilder, object: SpriteBuilder, name: string): SpriteBuilder {
  const front = IN_FRONT.has(name);
  // a creature or an item makes room, as for a prop; a character stays where its hands are
  const room = builder.kind !== "character" && !front;
  return {
    ...builder,
    build(g, rng, traits) {
      const anchors = builder.build(g, rng, traits);
      const { n } = g;
      if (room) {
        scaleGrid(g, 0.8);
        const box = bounds(g);
        if (box) shift(g, Math.min(Math.round(n * 0.14), n - 2 - box[2]), 0);
      }
      const prop = new SpriteGrid(n);
      object.build(prop, rng.fork(`object ${name}`), traits);
      if (!front) {
        scaleGrid(prop, 0.5);
        const box = bounds(prop);
        if (box) shift(prop, -box[0], n - 1 - box[3]);
      }
      const recolour: Readonly<Record<number, number>> = front ? { [M.BODY]: M.METAL, [M.BELLY]: M.METAL } : { [M.BODY]: M.WOOD, [M.BELLY]: M.METAL };
      for (let k = 0; k < n * n; k++) {
        const m = prop.cells[k] as number;
        if (!m || (!front && g.cells[k])) continue;
        g.cells[k] = recolour[m] ?? m;
        g.tone[k] = prop.tone[k] as number;
      }
      return anchors;
    },
    asymmetric: true,
  };
}
