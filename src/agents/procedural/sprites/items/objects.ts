/** Every sprite object drawn as a recipe of parts: vehicles, machines, buildings, furniture and outfit. */
import type { SpriteBuilder } from "../grid.js";
import { BUILDING_BUILDERS } from "./buildings.js";
import { FURNITURE_BUILDERS } from "./furniture.js";
import { MACHINE_BUILDERS } from "./machines.js";
import { OUTFIT_BUILDERS } from "./outfit.js";
import { VEHICLE_BUILDERS } from "./vehicles.js";

export const OBJECT_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  ...VEHICLE_BUILDERS,
  ...MACHINE_BUILDERS,
  ...BUILDING_BUILDERS,
  ...FURNITURE_BUILDERS,
  ...OUTFIT_BUILDERS,
};
