/** Icon shapes of gear: weapons, armour, tools, consumables, resources, UI symbols (subject → shape). */
import type { IconShape } from "./icon-parts.js";

export const GEAR_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([]);
