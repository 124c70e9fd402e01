import type { ZodType } from "zod";
import { sessionResponse, signInRequest, signUpRequest } from "../schemas/accounts.js";
import { agentsResponse } from "../schemas/agents.js";
import { balanceResponse } from "../schemas/credits.js";
import { discoveryResponse } from "../schemas/discovery.js";
import { generateRequest, generation, generationOrEstimate, recolorRequest } from "../schemas/generation.js";
import { createdKeyResponse, createKeyRequest, keyListResponse } from "../schemas/keys.js";
import type { MediaTypeObject } from "./types.js";
import { examples } from "./examples.js";

/** Which of the document's examples (examples.ts) illustrates each request and response body, by its schema. */
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
