/**
 * The icon family: flat game-UI icons drawn from vector shapes with colour roles, on a badge or
 * alone. What the other families and the agent's face may use; everything else here is the
 * family's own.
 *
 * - icon.ts: the generator (shapes chosen from the subjects, colours, badge, outline, shadow);
 *   reading.ts: what it understood of a prompt.
 * - shapes.ts: which shape draws which subject (resolve.ts: for any subject word, the nearest one
 *   drawn); symbols.ts, elements.ts: the first shapes;
 *   gear/: weapons, armour, tools, consumables, resources, UI symbols; things/: props and
 *   furniture, buildings, nature, food, the sea, figures' symbols.
 * - parts.ts: the building blocks of a shape; render.ts paints them; modifiers.ts and
 *   modifiers-looks.ts: materials and effects on any shape; quantity.ts: several of a thing.
 */
export { chooseIconShapes, iconGenerator } from "./icon.js";
export type { Fill, IconShape, Part, Role } from "./parts.js";
export { interpretIcon } from "./reading.js";
export { ICON_SHAPES } from "./shapes.js";
export type { Mark } from "./thing-state-marks.js";
export { planStateMarks, stateRoles, stateWordsOf, type ThingState, thingStates } from "./thing-states.js";
