import type { ZodType } from "zod";
import { NAMED_PALETTES, tilesetLayout } from "../../agents/index.js";
import { errorCodes, type ErrorCode } from "../errors.js";
import { sessionResponse, signInRequest, signUpRequest } from "../schemas/accounts.js";
import { agentsResponse } from "../schemas/agents.js";
import { balanceResponse } from "../schemas/credits.js";
import { discoveryResponse } from "../schemas/discovery.js";
import { generateRequest, generation, generationOrEstimate, recolorRequest } from "../schemas/generation.js";
import { createdKeyResponse, createKeyRequest, keyListResponse } from "../schemas/keys.js";
import { serviceName, serviceSummary, serviceVersion } from "./info.js";
import type { MediaTypeObject } from "./types.js";

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
        sizes: [16, 32, 64, 128].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 64, height: 64 },
        formats: ["image/png"],
        outputs: ["image", "sheet"],
        sheet: {
          framesPerAnimation: { idle: 4, walk: 6, attack: 5, hurt: 3, death: 5 },
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
        tileset: { layouts: ["wang-corner-16", "wang-edge-16", "blob-47"], maxTerrains: 2, creditsPer16Tiles: 2 },
        knows: {
          subjects: ["brick", "cobble", "dirt", "grass", "sand", "stone", "water", "…"],
          modifiers: ["red", "green", "…"],
          styles: ["mossy", "cracked", "retro", "…"],
        },
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

/** Several named examples of a response body, where one schema answers several shapes (an image, a sheet); `routeId` picks a route's own. */
export function responseExamples(schema: ZodType, status: number, routeId?: string): MediaTypeObject["examples"] | undefined {
  if (routeId === "recolorAsset" && schema === generation && status === 200) {
    return {
      recolor: {
        summary: "The knight's sprite sheet on gameboy: recolorOf names the source; size, layout and exports kept; every opaque pixel in the palette; 1 credit",
        value: examples.recolorSucceeded,
      },
    };
  }
  if ((schema === generation && status !== 202) || schema === generationOrEstimate) {
    return {
      image: { summary: "One image", value: examples.succeeded },
      sheet: { summary: "A sprite sheet (layout, quality and engine exports)", value: examples.sheetSucceeded },
      tileset: { summary: "A tileset (its tiles' corners, seam score and engine exports, Tiled included)", value: examples.tilesetSucceeded },
      palette: {
        summary: "One image on the PICO-8 palette (the palette's colours, and a quality showing every opaque pixel in it)",
        value: examples.paletteSucceeded,
      },
    };
  }
  return undefined;
}

/** The example of a response body, by schema (and status where one schema answers several ways). */
export function responseExample(schema: ZodType, status: number): unknown {
  if (schema === generation) return status === 202 ? examples.queued : examples.succeeded;
  if (schema === generationOrEstimate) return examples.succeeded;
  if (schema === agentsResponse) return examples.agents;
  if (schema === sessionResponse) return examples.session;
  if (schema === createdKeyResponse) return examples.createdKey;
  if (schema === keyListResponse) return { apiKeys: [examples.createdKey.apiKey] };
  if (schema === balanceResponse) return examples.balance;
  if (schema === discoveryResponse) return examples.discovery;
  return undefined;
}

export function requestExamples(schema: ZodType): MediaTypeObject["examples"] | undefined {
  if (schema === createKeyRequest) return { key: { summary: "A key that may generate", value: { name: "my agent", scopes: ["generate"] } } };
  if (schema === signUpRequest || schema === signInRequest) {
    return { account: { summary: "Email and password", value: { email: "ada@example.com", password: "correct horse battery" } } };
  }
  if (schema === generateRequest) {
    return {
      prompt: { summary: "A prompt", value: examples.generateRequest },
      sheet: { summary: "A sprite sheet: idle and walk in 4 directions, 64×64 frames (5 credits with pixel-sprite)", value: examples.generateSheet },
      tileset: {
        summary: "A tileset: grass over dirt, a Wang corner set of 16 tiles of 64×64 (2 credits with texture; blob-47 would be 6)",
        value: examples.generateTileset,
      },
      palette: { summary: "On a named palette: every opaque pixel is one of PICO-8's 16 colours", value: examples.generatePalette },
      paletteColors: { summary: "On your own palette: 2–64 #rrggbb colours, each once (a texture, dithered onto them)", value: examples.generatePaletteColors },
      messages: { summary: "A conversation (the last user message weighs most)", value: examples.generateMessages },
    };
  }
  if (schema === recolorRequest) {
    return {
      named: { summary: "Onto a named palette (the Game Boy's four greens)", value: examples.recolorRequest },
      colors: { summary: "Onto your own palette: 2–64 #rrggbb colours, each once", value: examples.recolorColors },
    };
  }
  return undefined;
}

/** One example error per code: what a caller sees (messages as the service writes them). */
const errorExamples: Partial<Record<ErrorCode, { message: string; param?: string; details?: Record<string, unknown> }>> = {
  invalid_json: { message: "The request body is not valid JSON: Expected property name or '}' in JSON at position 1." },
  invalid_request: {
    message: 'size: Unknown field "size": use width and height (e.g. "width": 64, "height": 64); GET /api/ai/agents lists each agent\'s sizes.',
    param: "size",
    details: { docs: "/docs#generate" },
  },
  unknown_agent: { message: 'No agent is called "dalle". Use one of: pixel-sprite, icon, texture (GET /api/ai/agents lists them).', param: "agentId" },
  unsupported_option: { message: "The agent texture cannot make transparent assets; leave transparent out or pick another agent.", param: "transparent" },
  query_too_large: {
    message:
      "This query could answer up to 44.9 MB (8 b64 fields of up to 5.6 MB each); at most 32 MB. Ask for b64 once per query, or fetch the asset's url (streamed).",
    details: { maxBytes: 33554432, estimatedBytes: 47066454 },
  },
  unauthenticated: {
    message: "The API key looks mistyped (its checksum does not match): copy it again from where you saved it.",
    details: { docs: "/docs/getting-started#create-a-key" },
  },
  insufficient_credits: { message: "This call costs 2 credits; the balance is 1.", param: "agentId", details: { required: 2, balance: 1 } },
  key_budget_exceeded: {
    message:
      "This call costs 2 credits; this API key has spent 9 of its 10 credits for the day. Nothing was charged; the budget resets at 2026-11-30T00:00:00.000Z.",
    param: "apiKey",
    details: { budget: 10, spent: 9, period: "day", resetsAt: "2026-11-30T00:00:00.000Z", required: 2 },
  },
  forbidden: { message: 'This API key lacks the "generate" scope.', details: { requiredScope: "generate" } },
  not_found: { message: "No such generation." },
  method_not_allowed: { message: "/api/v1/generate takes POST, not GET." },
  request_timeout: { message: "The request body did not arrive in full; send the request again." },
  idempotency_in_progress: { message: "A request with this Idempotency-Key is still running; retry in 1 s." },
  payload_too_large: { message: "The request body exceeds 65536 bytes.", details: { limitBytes: 65536 } },
  unsupported_media_type: { message: "Send the body as JSON with Content-Type: application/json." },
  idempotency_key_reused: { message: "This Idempotency-Key was used with another body; use a new key for a new request." },
  content_rejected: {
    message: "The model refused this prompt: it violates the content policy. The credits were refunded; change the prompt.",
    details: { reason: "rejected" },
  },
  rate_limited: { message: "Too many requests: 60 per 60 s. Retry in 12 s.", details: { limit: 60, windowSeconds: 60, retryAfterSeconds: 12 } },
  internal_error: { message: "Something went wrong on our side. Retry later, quoting the request id." },
  generator_unavailable: { message: "The agent's model did not answer in time; the credits were refunded. Retry later.", details: { reason: "timeout" } },
  service_unavailable: { message: "The database does not answer; nothing was charged. Retry in a few seconds.", details: { dependency: "database" } },
};

/** The envelope of an example error with `code`, as this service writes it. */
export function errorExample(code: ErrorCode) {
  const example = errorExamples[code] ?? { message: `A ${code} error.` };
  return {
    error: {
      code,
      message: example.message,
      requestId: "req_7Hc2mQx9LwZ4pKt1VbR8sN",
      ...(example.param ? { param: example.param } : {}),
      retryable: errorCodes[code].retryable,
      ...(example.details ? { details: example.details } : {}),
    },
  };
}

/** An example id for the path parameter that follows each collection. */
export const idExamples: Record<string, string> = {
  generations: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
  assets: "ast_9sKw2LmQx7Pz4RtVb8NcHe",
  keys: "key_3KdT8mWq2XzL9pRc4VbN7s",
};
