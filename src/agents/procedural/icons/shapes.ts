/** The icon shape registry: which shape draws which subject noun. */
import type { IconShape } from "./parts.js";
import { axe, bow, coin, key, potion, scroll, shield, sword } from "./gear/classics.js";
import { GEAR_ICONS } from "./gear/gear.js";
import { THING_ICONS } from "./things/things.js";
import { EVERYDAY_ICONS } from "./things/everyday-icons.js";
import { bolt, droplet, flame, leaf, moon } from "./elements.js";
import { crown, fallback, gem, heart, skull, starShape } from "./symbols.js";

export { fallback as fallbackShape };

/** Canonical subject (see SUBJECT_WORDS) → shape. Near synonyms reuse the closest shape. */
const SHAPES = new Map<string, IconShape>([
  ["sword", sword],
  ["shield", shield],
  ["potion", potion],
  ["coin", coin],
  ["heart", heart],
  ["gem", gem],
  ["key", key],
  ["star", starShape],
  ["skull", skull],
  ["bow", bow],
  ["axe", axe],
  ["scroll", scroll],
  ["flame", flame],
  ["leaf", leaf],
  ["droplet", droplet],
  ["crown", crown],
  ["moon", moon],
  ["bolt", bolt],
  // near synonyms from other generators' vocabulary
  ["water", droplet],
  ["lava", flame],
  ["ice", gem],
  ["skeleton", skull],
  ["king", crown],
  ["knight", shield],
  ["warrior", sword],
  ["tree", leaf],
  ["grass", leaf],
  ["chest", coin],
  ["metal", shield],
  // each family's own registry (a later entry replaces an earlier one of the same name)
  ...THING_ICONS,
  ...GEAR_ICONS,
]);
// everyday things, and known things wrapped to read more words (things/everyday-icons.ts): a wrapped
// shape replaces its plain one under every name the plain one had ("gem" and "ice")
for (const [name, shape] of EVERYDAY_ICONS) {
  const plain = SHAPES.get(name);
  if (plain !== undefined) for (const [key, s] of SHAPES) if (s === plain) SHAPES.set(key, shape);
  SHAPES.set(name, shape);
}
export const ICON_SHAPES: ReadonlyMap<string, IconShape> = SHAPES;
