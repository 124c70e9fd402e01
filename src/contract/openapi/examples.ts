import { NAMED_PALETTES, tilesetLayout } from "../../agents/index.js";
import { serviceName, serviceSummary, serviceVersion } from "./info.js";

/** The document's examples: bodies, errors and ids, as the service writes them (checked against their schemas by the tests). */

const at = "2026-11-23T10:00:00.000Z";
/** What the example generation (queued, then succeeded) asked for, and what the icon agent understood. */
const potion = { agentId: "icon", prompt: "red health potion", transparent: true, seed: 1234, width: 128, height: 128, createdAt: at };
const potionInterpretation = { subject: "potion", modifiers: ["red"], ignored: ["healing"], fallback: false };
const potionAsset = "ast_9sKw2LmQx7Pz4RtVb8NcHe";
const exportsOf = (assetId: string, formats: string[]) => Object.fromEntries(formats.map((f) => [f, `/api/v1/assets/${assetId}/export/${f}`]));

/** The example sheet: a knight by pixel-sprite, idle and walk in 4 directions, 64×64 frames. */
const knight = { agentId: "pixel-sprite", prompt: "a red knight", transparent: true, seed: 42, width: 64, height: 64, createdAt: at };
const knightAsset = "ast_4HqW8nZr2KxT6mVc9LpB3s";
const directions = ["south", "east", "north", "west"] as const;
const knightLayout = {
  kind: "sheet",
  frameWidth: 64,
  frameHeight: 64,
  columns: 6,
  rows: 8,
  animations: (["idle", "walk"] as const).flatMap((name, a) =>
    directions.map((direction, d) => ({ name, direction, row: a * 4 + d, frames: name === "idle" ? 4 : 6, fps: 8, loop: true })),
  ),
};

/** The example tileset: grass over dirt by texture, a Wang corner set of 16 tiles of 64×64. */
const grassTileset = { layout: "wang-corner-16", terrains: ["grass", "dirt"] } as const;
const grass = { agentId: "texture", prompt: "tiles", transparent: false, seed: 7, width: 64, height: 64, createdAt: at };
const grassAsset = "ast_6VmR2tKq9XcW4nLp7BzJ3h";
const grassLayout = tilesetLayout({ layout: grassTileset.layout, terrains: [...grassTileset.terrains] }, 64, 64);

/** The example palette generation: the knight alone (64×64) on PICO-8; every opaque pixel is one of its 16 colours. */
const knightOnPico = { ...knight, palette: "pico-8" } as const;
const knightOnPicoAsset = "ast_2ZxN7cQw5RkL9tVm3PbH8j";
const pico8 = NAMED_PALETTES["pico-8"];
// The knight's sheet recoloured onto the Game Boy palette (POST /api/v1/assets/{id}/recolor).
const knightOnGameboyAsset = "ast_7JcR4nWx9TkQ2mZb6VpL5d";

export const examples = {
  generateRequest: { prompt: "red health potion", agentId: "icon", transparent: true, width: 128, height: 128, seed: 1234 },
  generateSheet: {
    prompt: "a red knight",
    agentId: "pixel-sprite",
    transparent: true,
    width: 64,
    height: 64,
    seed: 42,
    sheet: { animations: ["idle", "walk"], directions: 4, fps: 8 },
  },
  generateTileset: {
    prompt: "tiles",
    agentId: "texture",
    width: 64,
    height: 64,
    seed: 7,
    tileset: grassTileset,
  },
  generatePalette: {
    prompt: "a red knight",
    agentId: "pixel-sprite",
    transparent: true,
    width: 64,
    height: 64,
    seed: 42,
    palette: "pico-8",
  },
  generatePaletteColors: {
    prompt: "mossy stone",
    agentId: "texture",
    width: 128,
    height: 128,
    palette: ["#1a1c2c", "#333c57", "#566c86", "#94b0c2", "#38b764", "#a7f070"],
  },
  generateMessages: {
    messages: [
      { role: "user", content: "a potion" },
      { role: "user", content: "make it blue, with a cork" },
    ],
    agentId: "pixel-sprite",
    transparent: true,
  },
  succeeded: {
    id: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
    status: "succeeded",
    ...potion,
    startedAt: "2026-11-23T10:00:00.031Z",
    completedAt: "2026-11-23T10:00:00.212Z",
    assets: [
      {
        id: potionAsset,
        url: `/api/v1/assets/${potionAsset}`,
        mimeType: "image/png",
        width: 128,
        height: 128,
        bytes: 2345,
        sha256: "5d41402abc4b2a76b9719d911017c592ae4e4b1b5d4f6e8a2c7e9f0b1a3c5d7e",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAIAAAACACAYAAADDPmHLAAAA…",
        // no palette asked: a smooth icon keeps its anti-aliased shades (many colours)
        quality: { colors: 1352, paletteCompliance: 1, alphaCoverage: 0.7065, bbox: { x: 3, y: 3, width: 122, height: 122 }, edgeContrast: 0.0221 },
        exports: exportsOf(potionAsset, ["texturepacker", "zip"]),
      },
    ],
    credits: { charged: 2, refunded: 0, balance: 98 },
    interpretation: potionInterpretation,
  },
  /** A sprite sheet: width × height is one frame; 40 frames at 1 credit per 8 begun = 5 credits. */
  sheetSucceeded: {
    id: "gen_8PwK3vQz7RnT2mXc5LbJ9d",
    status: "succeeded",
    ...knight,
    sheet: { animations: ["idle", "walk"], directions: 4, fps: 8 },
    startedAt: "2026-11-23T10:00:00.029Z",
    completedAt: "2026-11-23T10:00:00.640Z",
    assets: [
      {
        id: knightAsset,
        url: `/api/v1/assets/${knightAsset}`,
        mimeType: "image/png",
        width: 384,
        height: 512,
        bytes: 15854,
        sha256: "9b74c9897bac770ffc029102a200c5de3f5b0e5f3c1e2a4d6b8f0a1c3e5d7f92",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAYAAAAIACAYAAAA…",
        layout: knightLayout,
        quality: {
          colors: 40,
          paletteCompliance: 1,
          alphaCoverage: 0.3347,
          bbox: { x: 0, y: 0, width: 384, height: 509 },
          edgeContrast: 0.138,
          baselineJitterPx: 0,
          bboxHeightRangePx: 2,
        },
        exports: exportsOf(knightAsset, ["aseprite", "texturepacker", "godot", "zip"]),
      },
    ],
    credits: { charged: 5, refunded: 0, balance: 93 },
    interpretation: { subject: "knight", modifiers: ["red"], ignored: [], fallback: false },
  },
  /** A tileset: width × height is one tile; 16 tiles at 2 credits per 16 begun = 2 credits (blob-47 over a background: 48 tiles, 6). */
  tilesetSucceeded: {
    id: "gen_3RtY7wKp2ZmQ9cVx4NbL8f",
    status: "succeeded",
    ...grass,
    tileset: grassTileset,
    startedAt: "2026-11-23T10:00:00.034Z",
    completedAt: "2026-11-23T10:00:02.480Z",
    assets: [
      {
        id: grassAsset,
        url: `/api/v1/assets/${grassAsset}`,
        mimeType: "image/png",
        width: 256,
        height: 256,
        bytes: 171391,
        sha256: "297ae7af82c2815dd9db936af245526ab8cf0d0aaa78c78dd204cebe66e86819",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAYAAABc…",
        layout: grassLayout,
        quality: {
          colors: 5498,
          paletteCompliance: 1,
          alphaCoverage: 1,
          bbox: { x: 0, y: 0, width: 256, height: 256 },
          edgeContrast: 0.0618,
          seamScore: 0.989,
        },
        exports: exportsOf(grassAsset, ["texturepacker", "godot", "tiled", "zip"]),
      },
    ],
    credits: { charged: 2, refunded: 0, balance: 96 },
    interpretation: { subject: "tile", modifiers: [], ignored: [], fallback: false },
  },
  /** One image on a named palette: the generation names it and lists its colours; the quality shows every opaque pixel in it. */
  paletteSucceeded: {
    id: "gen_6LmT3xWq8ZrK2cNv7PbD4s",
    status: "succeeded",
    ...knightOnPico,
    palette: { name: "pico-8", colors: [...pico8] },
    startedAt: "2026-11-23T10:00:00.027Z",
    completedAt: "2026-11-23T10:00:00.094Z",
    assets: [
      {
        id: knightOnPicoAsset,
        url: `/api/v1/assets/${knightOnPicoAsset}`,
        mimeType: "image/png",
        width: 64,
        height: 64,
        bytes: 2900,
        sha256: "e597dd372bf740ec9b16d0bad9a9bbc3e96f8f4d72a977364dd3415a234331ee",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAA…",
        quality: { colors: 13, paletteCompliance: 1, alphaCoverage: 0.5146, bbox: { x: 0, y: 0, width: 57, height: 61 }, edgeContrast: 0.1541 },
        exports: exportsOf(knightOnPicoAsset, ["texturepacker", "zip"]),
      },
    ],
    credits: { charged: 1, refunded: 0, balance: 99 },
    interpretation: { subject: "knight", modifiers: ["red", "sword", "shield"], ignored: [], fallback: false },
  },
  /** A palette swap's request: a palette name (or 2–64 #rrggbb colours), nothing else. */
  recolorRequest: { palette: "gameboy" },
  recolorColors: { palette: ["#1a1c2c", "#29366f", "#3b5dc9", "#41a6f6", "#73eff7", "#f4f4f4"] },
  /**
   * The knight's sheet (sheetSucceeded) recoloured onto gameboy: a new generation of the same agent,
   * recolorOf naming the source; the same size, layout, transparency and exports; 1 credit (RECOLOR_CREDITS).
   */
  recolorSucceeded: {
    id: "gen_5NqX2cTw8RmK4vLz9PbJ7h",
    status: "succeeded",
    ...knight,
    sheet: { animations: ["idle", "walk"], directions: 4, fps: 8 },
    palette: { name: "gameboy", colors: [...NAMED_PALETTES.gameboy] },
    recolorOf: knightAsset,
    createdAt: "2026-11-23T10:05:00.000Z",
    startedAt: "2026-11-23T10:05:00.021Z",
    completedAt: "2026-11-23T10:05:00.087Z",
    assets: [
      {
        id: knightOnGameboyAsset,
        url: `/api/v1/assets/${knightOnGameboyAsset}`,
        mimeType: "image/png",
        width: 384,
        height: 512,
        bytes: 9721,
        sha256: "4c1f0e8a7b93d2c65e1a0f9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAYAAAAIACAYAAAA…",
        layout: knightLayout,
        quality: {
          colors: 4,
          paletteCompliance: 1,
          alphaCoverage: 0.3347,
          bbox: { x: 0, y: 0, width: 384, height: 509 },
          edgeContrast: 0.121,
          baselineJitterPx: 0,
          bboxHeightRangePx: 2,
        },
        exports: exportsOf(knightOnGameboyAsset, ["aseprite", "texturepacker", "godot", "zip"]),
      },
    ],
    credits: { charged: 1, refunded: 0, balance: 92 },
    interpretation: { subject: "knight", modifiers: ["red"], ignored: [], fallback: false },
  },
  estimate: {
    dryRun: true,
    agentId: "icon",
    width: 128,
    height: 128,
    transparent: true,
    credits: { price: 2, balance: 98, sufficient: true },
    interpretation: potionInterpretation,
    output: "image",
  },
  queued: {
    id: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
    status: "queued",
    ...potion,
    startedAt: null,
    completedAt: null,
    assets: [],
    credits: { charged: 2, refunded: 0, balance: 98 },
    interpretation: potionInterpretation,
  },
  agents: {
    agents: [
      {
        id: "icon",
        name: "Flat icon",
        description: "Flat game-UI icons (sword, shield, potion, coin, heart, gem, key, star…).",
        credits: 2,
        supportsTransparent: true,
        sizes: [64, 128, 256, 512].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 256, height: 256 },
        formats: ["image/png"],
        outputs: ["image"],
        inputs: ["prompt"],
        knows: {
          subjects: ["coin", "gem", "potion", "shield", "sword", "…"],
          modifiers: ["red", "blue", "…", "fire", "healing"],
          styles: ["dark", "cute", "…"],
        },
      },
      {
        id: "pixel-sprite",
        name: "Pixel sprite",
        description: "Pixel-art sprites with a dark outline and shading: characters, animals and monsters, and items and props.",
        credits: 1,
        supportsTransparent: true,
        sizes: [16, 32, 48, 64, 128].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 64, height: 64 },
        formats: ["image/png"],
        outputs: ["image", "sheet"],
        inputs: ["prompt", "image"],
        sheet: {
          framesPerAnimation: { idle: 4, walk: 6, run: 6, jump: 5, attack: 5, cast: 5, hurt: 3, death: 5 },
          directions: [1, 4, 8],
          maxSidePx: 4096,
          creditsPer8Frames: 1,
        },
        knows: {
          subjects: ["archer", "dragon", "knight", "skeleton", "slime", "…"],
          modifiers: ["red", "wooden", "giant", "…"],
          styles: ["cute", "dark", "…"],
        },
      },
      {
        id: "texture",
        name: "Seamless texture",
        description:
          "Tileable surface textures that repeat without seams: grounds, liquids, stone, masonry, tiles, roofs, cloth, metal and sci-fi, laid out as a wall, floor, path, road, roof or pile when asked. Always opaque; `knows` lists the words.",
        credits: 2,
        supportsTransparent: false,
        sizes: [64, 128, 256, 512].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 256, height: 256 },
        formats: ["image/png"],
        outputs: ["image", "tileset"],
        inputs: ["prompt"],
        tileset: { layouts: ["wang-corner-16", "wang-edge-16", "blob-47"], maxTerrains: 2, creditsPer16Tiles: 2 },
        knows: {
          subjects: ["brick", "cobble", "dirt", "grass", "sand", "stone", "water", "…"],
          modifiers: ["red", "green", "…"],
          styles: ["mossy", "cracked", "retro", "…"],
        },
      },
      {
        id: "pixel-fixer",
        name: "Pixel fixer",
        description: "Your picture's real pixel art: the true grid of upscaled, blurred or model-made pixel art, one pixel per cell.",
        credits: 1,
        supportsTransparent: true,
        sizes: [16, 32, 48, 64, 128].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 32, height: 32 },
        formats: ["image/png"],
        outputs: ["image"],
        inputs: ["prompt", "image"],
      },
    ],
    defaultAgentId: "pixel-sprite",
  },
  session: {
    user: { id: "usr_2bXc9LmQw4RtZp7KsV1nHf", email: "ada@example.com", name: null, role: "user", createdAt: at },
    account: { id: "acc_7PqL2wX9mZk4TcRb1VnS8d", balance: 100 },
  },
  createdKey: {
    apiKey: {
      id: "key_3KdT8mWq2XzL9pRc4VbN7s",
      name: "my agent",
      start: "ags_AbCd",
      scopes: ["generate", "read"],
      createdAt: at,
      expiresAt: null,
      lastUsedAt: null,
      budget: { credits: 500, period: "day" },
      spent: 0,
      resetsAt: "2026-11-24T00:00:00.000Z",
    },
    secret: "ags_AbCd…(42 characters; shown once)",
  },
  balance: { balance: 98 },
  discovery: {
    name: serviceName,
    version: serviceVersion,
    description: serviceSummary,
    links: {
      openapi: "http://localhost:3000/openapi.json",
      docs: "http://localhost:3000/docs",
      gettingStarted: "http://localhost:3000/docs/getting-started",
      llmsTxt: "http://localhost:3000/llms.txt",
      llmsFullTxt: "http://localhost:3000/llms-full.txt",
      mcp: "http://localhost:3000/mcp",
      agents: "http://localhost:3000/api/ai/agents",
      generate: "http://localhost:3000/api/v1/generate",
      webApp: "http://localhost:3000/",
    },
  },
};
