/**
 * Characters as data: each is a recipe of parts (see sprite-character-recipe.ts for the fields),
 * gathered from the tables per category.
 */
import type { Recipe } from "./sprite-character-recipe.js";
import { CASTERS } from "./sprite-recipes-casters.js";
import { FIGHTERS } from "./sprite-recipes-fighters.js";
import { FOLK } from "./sprite-recipes-folk.js";
import { MORE } from "./sprite-recipes-more.js";
import { RACE_RECIPES } from "./sprite-recipes-races.js";

export type { Recipe } from "./sprite-character-recipe.js";

export const RECIPES: Readonly<Record<string, Recipe>> = { ...FIGHTERS, ...CASTERS, ...FOLK, ...RACE_RECIPES, ...MORE };
