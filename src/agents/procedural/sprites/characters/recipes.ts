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

export type { Recipe } from "./recipe.js";

export const RECIPES: Readonly<Record<string, Recipe>> = { ...FIGHTERS, ...CASTERS, ...FOLK, ...RACE_RECIPES, ...MORE };
