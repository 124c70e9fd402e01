/**
 * The built-in agents, defined in code and synced into the database at start-up
 * (see agents.ts). Their generators arrive with the generation step; `generatorKind` names one.
 */
export interface Size {
  width: number;
  height: number;
}

export interface AgentDefinition {
  id: string;
  name: string;
  description: string;
  /** Price of one generation, in credits. Admins may change it later in the database. */
  credits: number;
  sizes: Size[];
  defaultSize: Size;
  supportsTransparent: boolean;
  formats: string[];
  generatorKind: string;
}

const square = (...edges: number[]): Size[] => edges.map((edge) => ({ width: edge, height: edge }));

export const defaultAgentId = "pixel-sprite";

export const builtInAgents: readonly AgentDefinition[] = [
  {
    id: "pixel-sprite",
    name: "Pixel sprite",
    description:
      "Symmetric pixel-art sprites (characters, creatures, items) with a dark outline and shading. Colour words pick the palette, subject words the silhouette.",
    credits: 1,
    sizes: square(16, 32, 64, 128),
    defaultSize: { width: 64, height: 64 },
    supportsTransparent: true,
    formats: ["image/png"],
    generatorKind: "pixel-sprite",
  },
  {
    id: "icon",
    name: "Flat icon",
    description:
      "Flat game-UI icons (sword, shield, potion, coin, heart, gem, key, star…) composed from shapes chosen by the prompt's nouns, on an optional rounded badge.",
    credits: 2,
    sizes: square(64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: true,
    formats: ["image/png"],
    generatorKind: "icon",
  },
  {
    id: "texture",
    name: "Seamless texture",
    description:
      "Tileable surface textures (stone, brick, wood, grass, sand, water, metal, lava) that repeat without seams. Always opaque.",
    credits: 2,
    sizes: square(64, 128, 256, 512),
    defaultSize: { width: 256, height: 256 },
    supportsTransparent: false,
    formats: ["image/png"],
    generatorKind: "texture",
  },
];
