/** Icon shapes of things: props and furniture, nature, food (canonical subject → shape). */
import type { IconShape } from "./icon-parts.js";
import { anvil, backpack, bag, bell, book, bookshelf, bucket, cauldron, drawers, pot, rope } from "./icon-things-containers.js";
import { bridge, castle, house, tent, tower, well } from "./icon-things-buildings.js";
import { banner, campfire, candle, cart, fence, ladder, lantern, sign, statue, tombstone, torch } from "./icon-things-lights.js";
import { barrel, bed, chair, chest, crate, door, table, window } from "./icon-things-props.js";

export const THING_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([
  ["barrel", barrel],
  ["crate", crate],
  ["chest", chest],
  ["chair", chair],
  ["table", table],
  ["bed", bed],
  ["door", door],
  ["window", window],
  ["bookshelf", bookshelf],
  ["book", book],
  ["drawers", drawers],
  ["bucket", bucket],
  ["pot", pot],
  ["bag", bag],
  ["backpack", backpack],
  ["rope", rope],
  ["bell", bell],
  ["anvil", anvil],
  ["cauldron", cauldron],
  ["lantern", lantern],
  ["candle", candle],
  ["torch", torch],
  ["campfire", campfire],
  ["banner", banner],
  ["sign", sign],
  ["fence", fence],
  ["ladder", ladder],
  ["cart", cart],
  ["statue", statue],
  ["tombstone", tombstone],
  ["house", house],
  ["tent", tent],
  ["tower", tower],
  ["castle", castle],
  ["bridge", bridge],
  ["well", well],
]);
