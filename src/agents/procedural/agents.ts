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
      "Pixel-art sprites (characters, creatures, items) with a dark outline and shading, drawn at their own resolution at 64 and 128 px. Colour words pick the palette, subject words the silhouette; a character holds the items named with it (sword, axe, bow, shield, staff, spear, hammer, torch, potion).",
    credits: 1,
    sizes: square(16, 32, 64, 128),
    defaultSize: { width: 64, height: 64 },
    supportsTransparent: true,
  },
  "procedural-icon": {
    name: "Flat icon",
    description:
      "Flat game-UI icons (sword, shield, potion, coin, heart, gem, key, star…) composed from shapes chosen by the prompt's nouns, on an optional rounded badge.",
    credits: 2,
    sizes: square(64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: true,
  },
  "procedural-texture": {
    name: "Seamless texture",
    description: "Tileable surface textures (stone, brick, wood, grass, sand, water, metal, lava) that repeat without seams. Always opaque.",
    credits: 2,
    sizes: square(64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: false,
  },
};

/** The catalog served without AGENTS_FILE. */
export const builtInCatalog = {
  defaultAgentId: "pixel-sprite",
  agents: [
    { id: "pixel-sprite", driver: "procedural-sprite" },
    { id: "icon", driver: "procedural-icon" },
    { id: "texture", driver: "procedural-texture" },
  ],
};

/** The built-in agents with their defaults resolved (for tests and documentation). */
export const builtInAgents = builtInCatalog.agents.map((a) => ({ ...a, ...proceduralDefaults[a.driver]! }));
