/** Icon shapes of gear: weapons, armour, tools, consumables, resources, UI symbols (subject → shape). */
import { dagger, katana, scythe, spear, trident } from "./icon-gear-blades.js";
import { club, flail, hammer, mace, pickaxe, staff, wand } from "./icon-gear-blunt.js";
import { arrow, bomb, boomerang, cannon, crossbow, gun, quiver, rifle, shuriken, slingshot } from "./icon-gear-ranged.js";
import { armor, boot, bracer, gauntlet, greaves, helmet } from "./icon-gear-armour.js";
import { amulet, belt, cloak, ring } from "./icon-gear-wearables.js";
import { bandage, book, elixir, lockpick, map, rod, rope, saw, shovel, wrench } from "./icon-gear-tools.js";
import { coins, ingot, log, ore, plank, pouch, stoneBlock } from "./icon-gear-resources.js";
import type { IconShape } from "./icon-parts.js";

export const GEAR_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([
  ["dagger", dagger],
  ["katana", katana],
  ["spear", spear],
  ["trident", trident],
  ["scythe", scythe],
  ["mace", mace],
  ["club", club],
  ["flail", flail],
  ["hammer", hammer],
  ["pickaxe", pickaxe],
  ["staff", staff],
  ["wand", wand],
  ["crossbow", crossbow],
  ["arrow", arrow],
  ["back", arrow],
  ["next", arrow],
  ["quiver", quiver],
  ["shuriken", shuriken],
  ["bomb", bomb],
  ["gun", gun],
  ["rifle", rifle],
  ["cannon", cannon],
  ["slingshot", slingshot],
  ["boomerang", boomerang],
  ["helmet", helmet],
  ["armor", armor],
  ["gauntlet", gauntlet],
  ["boot", boot],
  ["greaves", greaves],
  ["bracer", bracer],
  ["cloak", cloak],
  ["belt", belt],
  ["ring", ring],
  ["amulet", amulet],
  ["shovel", shovel],
  ["rod", rod],
  ["wrench", wrench],
  ["saw", saw],
  ["lockpick", lockpick],
  ["rope", rope],
  ["bandage", bandage],
  ["book", book],
  ["map", map],
  ["elixir", elixir],
  ["pouch", pouch],
  ["coins", coins],
  ["ingot", ingot],
  ["ore", ore],
  // resources named by surface subjects: a log of wood, a plank, a block of stone
  ["wood", log],
  ["plank", plank],
  ["stone", stoneBlock],
]);
