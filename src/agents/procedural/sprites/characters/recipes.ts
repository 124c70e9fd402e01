/**
 * Characters as data: each is a recipe of parts (see recipe.ts for the fields),
 * gathered from the tables per category.
 */
import type { Recipe } from "./recipe.js";
import { CASTERS } from "./recipes-casters.js";
import { FIGHTERS } from "./recipes-fighters.js";
import { FOLK } from "./recipes-folk.js";
import { MORE } from "./recipes-more.js";
import { RACE_RECIPES } from "./recipes-races.js";
import { TRADES } from "./recipes-trades.js";

export type { Recipe } from "./recipe.js";

/** Classes drawn as a close one in other clothes: a scholar is a robed monk with hair, an explorer a ranger in a hat, a cyclops a troll (its one eye: sheets/parts.ts). */
const KIN: Readonly<Record<string, Recipe>> = {
  scholar: { ...(CASTERS.monk as Recipe), colors: ["brown", "tan", "gold"], alt: ["navy", "maroon"], torso: ["robe"], hair: ["short"] },
  explorer: { ...(FIGHTERS.ranger as Recipe), colors: ["tan", "brown", "gold"], alt: ["olive", "brown"], head: ["fedora"] },
  cyclops: { ...(RACE_RECIPES.troll as Recipe), skin: "olive" },
};

export const RECIPES: Readonly<Record<string, Recipe>> = { ...FIGHTERS, ...CASTERS, ...FOLK, ...RACE_RECIPES, ...MORE, ...TRADES, ...KIN };
