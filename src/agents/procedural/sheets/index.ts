/**
 * The sheet family: sprite sheets of one pixel-sprite drawing in 1, 4 or 8 directions and up to
 * five animations. What the agent's face may use; everything else here is the family's own.
 *
 * - sprite-sheet.ts: the sheet (layout, frames, colouring, quality) and what it refuses.
 * - rig.ts: the sprite's grid cut into parts a pose moves (head, arms, legs, held items, tail...).
 * - views.ts, view.ts, side.ts, grid.ts: the rig seen from each direction.
 * - poses.ts: the animations as data (idle, walk, run, jump, attack, cast, hurt, death), for figures and creatures
 *   alike: a walk moves the legs rig.ts found, in the pairs view.ts reads them.
 * - compose.ts: one frame from a view and a pose; quality.ts: the sheet measured; frame-rules.ts: section 12's rules checked.
 * - posed.ts: the single sprite posed by its action (actions.ts) and counted parts (parts.ts): the pixel-sprite generator.
 * - given/: a sheet from the caller's own sprite (its pixels rigged and posed with the same animations).
 */
export { drawGivenSheet, givenSheetRefusal } from "./given/given-sheet.js";
export { drawSpriteSheet, SHEET_FRAMES, sheetRefusal } from "./sprite-sheet.js";
export { posedGrid, pixelSpriteGenerator } from "./posed.js";
