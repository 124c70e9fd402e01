/**
 * The texture family: seamless, opaque surface textures. What the other families (the tilesets)
 * and the agent's face may use; everything else here is the family's own.
 *
 * - texture.ts: the generator (material chosen, drawn, lit, worn, tinted); reading.ts: what it
 *   understood; roles.ts and conditions.ts: what a texture prompt asks for (the material, its
 *   layout, conditions such as "wet" and settings such as "crypt").
 * - materials/: one renderer per kind of surface (stones, grounds, built, soft, tech...) and
 *   materials.ts, the table of them all.
 * - surface.ts: the working surface (colour, height, glow); kit.ts, layers.ts, wear.ts: what the
 *   renderers and the conditions draw with.
 */
export { chooseMaterial, drawTexture, textureGenerator } from "./texture.js";
export { interpretTexture } from "./reading.js";
export { pixelTiles, textureColors } from "./small.js";
