import { randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { idempotencyKey } from "../../contract/schemas/generation.js";
import { type KitEstimateView, kitRequest, type KitView } from "../../contract/schemas/kit.js";
import { classify } from "../../contract/render.js";
import type { Logger } from "../../infra/logger.js";
import type { AssetApi } from "./api.js";
import { text } from "./answers.js";
import { plural } from "./describe.js";
import { retryHint, toolError } from "./errors.js";

/** generate_kit's arguments: the kit request of contract section 13, and an idempotency key. */
export const kitArguments = z.strictObject({
  ...kitRequest.shape,
  idempotencyKey: idempotencyKey
    .optional()
    .describe("Any unique string (e.g. a UUID); repeat it to retry a call whose answer you did not get: the same kit, charged once."),
});

/**
 * MCP `generate_kit`: a game's art in one call (contract section 13), or with dryRun its price, each item's and the
 * total, in the same call. The answer is compact: each item's asset (id, size, kind), what failed, the atlas pages
 * and its export URLs, the credits.
 */
export function registerKitTool(server: McpServer, api: AssetApi, options: { maxWaitMs: number; stop?: AbortSignal; logger?: Logger }): void {
  server.registerTool(
    "generate_kit",
    {
      title: "Generate a kit",
      description:
        "Makes a game's art in one call: 1–64 items (each {name?, prompt, agentId?, sheet?, tileset?, width?, height?}, as generate_asset's arguments) " +
        "at one pixel scale (16, 32, 48 or 64: every sprite, sheet frame, tile and icon is scale × scale unless the item gives a size), " +
        "one palette and transparency, packed into one texture atlas with engine exports (Phaser 3 multi-atlas with animations, TexturePacker, Godot 4, libGDX, zip). " +
        "Priced as the sum of the items, reserved all or nothing; an item that fails is refunded and named. " +
        "dryRun: true answers each item's price and the total, charging nothing: call it first. " +
        `Waits up to ${Math.floor(options.maxWaitMs / 1000)} s for every item. Pass the same idempotencyKey to retry: the same kit, charged once. ` +
        "Prefer this to many generate_asset calls when making several assets of one game.",
      inputSchema: kitArguments,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ idempotencyKey: given, ...input }, extra): Promise<CallToolResult> => {
      const key = given ?? `mcp-${randomUUID()}`;
      try {
        const signal = AbortSignal.any([extra.signal, ...(options.stop ? [options.stop] : [])]);
        const answer = await api.kit(input, { idempotencyKey: key, waitMs: options.maxWaitMs, signal });
        return text("dryRun" in answer ? estimateText(answer) : kitText(answer, key));
      } catch (thrown) {
        const error = classify(thrown, options.logger);
        return toolError(error, retryHint(error, key));
      }
    },
  );
}

/**
 * MCP `get_kit`: where a kit stands (its items, what failed, its atlas once every item has ended), as GET
 * /api/v1/kits/:id answers it: how a coding agent follows a kit that was still running, and sees it completed.
 */
export function registerGetKitTool(server: McpServer, api: AssetApi, options: { logger?: Logger }): void {
  server.registerTool(
    "get_kit",
    {
      title: "Get a kit",
      description:
        "A kit's status (running, succeeded or failed), each item's asset, the items that failed (refunded), and once every item has ended its atlas pages and export URLs. Free. " +
        "Call it with the kit id generate_kit answered, to follow a kit that was still running.",
      inputSchema: z.strictObject({ kitId: z.string().min(1).max(64).describe('The kit\'s id ("kit_…"), as generate_kit answered it.') }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ kitId }): Promise<CallToolResult> => {
      try {
        const kit = await api.getKit(kitId);
        const next =
          kit.status === "running" ? `\nNext: call get_kit with kitId "${kit.id}" again in a few seconds; do not call generate_kit again for it.` : "";
        return text(`${kitText(kit)}${next}`);
      } catch (thrown) {
        const error = classify(thrown, options.logger);
        return toolError(error, error.code === "not_found" ? " Check the kit id: it is one generate_kit answered to this account." : "");
      }
    },
  );
}

function estimateText(e: KitEstimateView): string {
  const verdict = e.credits.sufficient ? "the balance covers it" : `not enough: ${plural(e.credits.price - e.credits.balance, "more credit")} needed`;
  const rows = e.items.map((i) => `- ${i.name}: ${i.output} by ${i.agentId} at ${i.width}×${i.height}, ${plural(i.price, "credit")}`);
  return `A kit of ${plural(e.items.length, "item")} at scale ${e.scale} costs ${plural(e.credits.price, "credit")}; the balance is ${e.credits.balance} (${verdict}). Nothing was charged.\n${rows.join("\n")}`;
}

function kitText(kit: KitView, key?: string): string {
  const items = kit.items.map(({ name, generation: g }) => {
    const a = g.assets[0];
    return a ? `- ${name}: ${a.id} (${a.layout?.kind ?? "image"}, ${a.width}×${a.height}) asset://${a.id}` : `- ${name}: ${g.status}`;
  });
  const failed = kit.failed.map((f) => `- ${f.name} failed (refunded): ${f.error.code}: ${f.error.message}`);
  const atlas = kit.atlas
    ? `Atlas: ${plural(kit.atlas.layout.pages.length, "page")} (${kit.atlas.layout.pages.map((p) => `${p.width}×${p.height} ${p.url}`).join(", ")}), ${plural(kit.atlas.layout.frames.length, "frame")}. Exports (GET with the API key): ${Object.entries(
        kit.atlas.exports,
      )
        .map(([format, url]) => `${format} ${url}`)
        .join(", ")}.`
    : kit.status === "running"
      ? "No atlas yet: it comes once every item has ended."
      : "No atlas: no item succeeded.";
  return [
    `Kit ${kit.id} ${kit.status}${kit.name ? ` ("${kit.name}")` : ""}, scale ${kit.scale}: charged ${plural(kit.credits.charged, "credit")}, balance ${kit.credits.balance}.${key ? ` idempotencyKey: ${key}` : ""}`,
    ...items,
    ...failed,
    atlas,
  ].join("\n");
}
