/** Icon shapes of things: props and furniture, nature, food (canonical subject → shape). */
import type { IconShape } from "./icon-parts.js";

export const THING_ICONS: ReadonlyMap<string, IconShape> = new Map<string, IconShape>([]);
