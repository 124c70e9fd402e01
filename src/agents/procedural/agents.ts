import type { AgentDefaults, Size } from "../driver.js";

const square = (...edges: number[]): Size[] => edges.map((edge) => ({ width: edge, height: edge }));

/**
 * What the built-in procedural agents are called, cost and make, by driver. A catalog entry that
 * names one of these drivers may give only `id` and `driver` (these apply) or override any of them.
 */
export const proceduralDefaults: Record<string, AgentDefaults> = {
  "procedural-sprite": {
    name: "Pixel sprite",
    description:
      "Pixel-art sprites with a dark outline and shading, drawn at their own resolution (one cell per pixel) at every size, 16 to 128 px: characters by class, race and trade (they hold and wear what the prompt names, or what their role implies), animals and monsters, and every item or prop the icon agent knows. Materials, effects, sizes and colours change the drawing; `knows` lists the words.",
    credits: 1,
    sizes: square(16, 32, 48, 64, 128),
    defaultSize: { width: 64, height: 64 },
    supportsTransparent: true,
  },
  "procedural-icon": {
    name: "Flat icon",
    description:
      "Flat game-UI icons of items, props, food, nature, weapons, armour, tools and UI symbols (a figure is drawn by what it is known by), on an optional badge. Materials and effects recolour and adorn them; `knows` lists the words.",
    credits: 2,
    sizes: square(16, 32, 48, 64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: true,
  },
  "procedural-texture": {
    name: "Seamless texture",
    description:
      "Tileable surface textures that repeat without seams: grounds, liquids, stone, masonry, tiles, roofs, cloth, metal and sci-fi, laid out as a wall, floor, path, road, roof or pile when asked. Always opaque; `knows` lists the words.",
    credits: 2,
    sizes: square(16, 32, 48, 64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: false,
  },
  "procedural-fixer": {
    name: "Pixel fixer",
    description:
      "Your picture's real pixel art: finds the true grid of art that was upscaled, blurred, re-compressed or drawn by a model on an uneven grid, and gives back one pixel per cell (≤ 64 colours, or your palette; background removed with transparent). With width and height, any picture becomes pixel art of that size. Takes `image`; the prompt is optional; `interpretation.detected` says what it found.",
    credits: 1,
    sizes: square(16, 32, 48, 64, 128),
    defaultSize: { width: 32, height: 32 },
    supportsTransparent: true,
  },
  "procedural-cutout": {
    name: "Cutout",
    description:
      "Your picture with its background removed (alpha 0), size kept, edges un-mixed from the old background (no halo). Takes `image`; the prompt is optional.",
    credits: 1,
    sizes: square(16, 32, 48, 64, 128, 256, 512, 1024),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: true,
  },
};

/** The catalog served without AGENTS_FILE. */
export const builtInCatalog = {
  defaultAgentId: "pixel-sprite",
  agents: [
    { id: "pixel-sprite", driver: "procedural-sprite" },
    { id: "icon", driver: "procedural-icon" },
    { id: "texture", driver: "procedural-texture" },
    { id: "pixel-fixer", driver: "procedural-fixer" },
    { id: "cutout", driver: "procedural-cutout" },
  ],
};

/** The built-in agents with their defaults resolved (for tests and documentation). */
export const builtInAgents = builtInCatalog.agents.map((a) => ({ ...a, ...proceduralDefaults[a.driver]! }));
