import { type TilesetCapability, type TilesetLayout, tilesetLayout, type TilesetRequest } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { GenerateRequest } from "../../contract/schemas/generation.js";
import { outputPrice } from "./price.js";

/** What a call asking for a tileset will make: the request, the layout, the tiles and the price. */
export interface TilesetPlan {
  tileset: TilesetRequest;
  layout: TilesetLayout;
  tiles: number;
  price: number;
}

/** A tileset costs the agent's price for every 16 tiles begun (contract section 12): 1× a 16-tile set, 3× blob-47 (and per megapixel above one: price.ts). */
export const tilesetPrice = (credits: number, tiles: number): number => credits * Math.ceil(tiles / 16);

/**
 * The tileset a request asks of `agent` at `size`, or undefined; refuses (400 naming `tileset`,
 * nothing written) an agent that draws no tilesets, a layout it lacks, and terrains it cannot draw.
 */
export function planTileset(
  agent: { id: string; credits: number },
  offer: TilesetCapability | undefined,
  input: Pick<GenerateRequest, "tileset">,
  size: { width: number; height: number },
): TilesetPlan | undefined {
  if (input.tileset === undefined) return undefined;
  if (!offer) {
    throw new AppError(
      "unsupported_option",
      `The agent ${agent.id} does not draw tilesets. Leave tileset out, or pick an agent whose outputs list "tileset" (GET /api/ai/agents; the built-in one is texture).`,
      { param: "tileset" },
    );
  }
  const tileset: TilesetRequest = { layout: input.tileset.layout, terrains: input.tileset.terrains };
  if (!offer.layouts.includes(tileset.layout)) {
    throw new AppError("unsupported_option", `tileset.layout: the agent ${agent.id} draws ${offer.layouts.join(", ")}.`, { param: "tileset.layout" });
  }
  const refusal = offer.refusal?.(tileset);
  if (refusal !== undefined) {
    throw new AppError("unsupported_option", `tileset.terrains: ${refusal.message}`, {
      param: "tileset.terrains",
      details: { terrain: refusal.terrain, knownSurfaces: refusal.knownSurfaces },
    });
  }
  const layout = tilesetLayout(tileset, size.width, size.height);
  const price = outputPrice(tilesetPrice(agent.credits, layout.tiles.length), agent.credits, layout.columns * size.width, layout.rows * size.height);
  return { tileset, layout, tiles: layout.tiles.length, price };
}
