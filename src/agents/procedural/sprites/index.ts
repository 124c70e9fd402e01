/**
 * The sprite family: pixel-art sprites of characters, creatures, ships and items. What the other
 * families (the sheets) and the agent's face may use; everything else here is the family's own.
 *
 * - pixel-sprite.ts: the generator (palette, shading, outline, the held items); plan.ts: which
 *   design a prompt draws and what a character holds; reading.ts: what it understood.
 * - grid.ts: the material grid every builder draws into; render.ts colours it.
 * - characters/: people from recipes of parts (body, hair, headgear, faces, details);
 *   creatures/: body plans (four-legged, winged, crawling...), species as data, ships;
 *   items/: things drawn as sprites and held in a character's hands, and any icon shape as an item.
 * - words.ts, modifiers.ts, adornments.ts: words beyond the subject (roles, states, materials,
 *   effects) and what they paint.
 */
export { M, SpriteGrid } from "./grid.js";
export { type HeldLayer, modelSprite, type SpriteModel } from "./pixel-sprite.js";
export { pickSpriteBuilder, planSprite } from "./plan.js";
export { interpretSprite } from "./reading.js";
export { paintSprite } from "./render.js";
