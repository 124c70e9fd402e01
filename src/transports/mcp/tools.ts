import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { sheetPreviewEdge, thumbnailEdge, tilesetPreviewEdge } from "../../agents/index.js";
import { classify } from "../../contract/render.js";
import type { Logger } from "../../infra/logger.js";
import type { AssetApi, GenerateInput, GenerateOptions } from "./api.js";
import { generationAnswer, summary, text } from "./answers.js";
import { describeSheet, plural, understood } from "./describe.js";
import { argumentErrorsAsContractErrors, retryHint, toolError } from "./errors.js";
import { agentInFull, compactAgent } from "./agent-rows.js";
import {
  checkArgumentsAsRest,
  estimateArguments,
  generateArguments,
  generationArguments,
  listAgentsArguments,
  noArguments,
  recolorArguments,
} from "./inputs.js";
import { registerGetKitTool, registerKitTool } from "./kit-tool.js";
import { registerUploadTool } from "./upload-tool.js";
import { serverInstructions } from "./instructions.js";
import { registerAssetResources } from "./resources.js";

export { assetUri, exportUri } from "./uris.js";

export interface McpServerOptions {
  /** The longest a `generate_asset` call waits before answering the generation id (default 45 s: under clients' 60 s tool timeout). */
  maxWaitMs?: number;
  /** Ends every wait early (server shutdown): the call answers the generation as it stands. */
  stop?: AbortSignal;
  /** Where unexpected errors are logged (never stdout on stdio). */
  logger?: Logger;
  version?: string;
}

export const defaultMaxWaitMs = 45_000;

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The MCP surface, once, over either implementation of AssetApi: the tools of MCP_TOOL_NAMES (contract/mcp-tools.ts) and the `asset://{id}`
 * resources. A tool's failure is a tool result (`isError: true`, text `code: message` and what to
 * do next), never a protocol error, so the model can read it and act. Arguments follow REST's
 * input rules (`inputs.ts`): the contract's schemas, strict, refused as `invalid_request`.
 */
export function createMcpServer(api: AssetApi, options: McpServerOptions = {}): McpServer {
  const maxWaitMs = options.maxWaitMs ?? defaultMaxWaitMs;
  const maxWaitSeconds = Math.floor(maxWaitMs / 1000);
  const server = new McpServer(
    { name: "assetforge", title: "AssetForge", version: options.version ?? "0.1.0" },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: serverInstructions,
    },
  );

  /** How a call that makes a generation waits: the bound, the call's and the server's signals, progress sent when the client asked for it. */
  const waitOptions = (idempotencyKey: string, waitSeconds: number | undefined, extra: ToolExtra): GenerateOptions => {
    const token = extra._meta?.progressToken;
    return {
      idempotencyKey,
      waitMs: waitSeconds === undefined ? maxWaitMs : Math.min(maxWaitMs, waitSeconds * 1000),
      signal: AbortSignal.any([extra.signal, ...(options.stop ? [options.stop] : [])]),
      ...(token === undefined
        ? {}
        : {
            onProgress: ({ percent, stage }) =>
              void extra
                .sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: percent, total: 100, message: stage } })
                .catch(() => undefined),
          }),
    };
  };

  const run = async (work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await work();
    } catch (thrown) {
      return toolError(classify(thrown, options.logger));
    }
  };

  server.registerTool(
    "list_agents",
    {
      title: "List agents",
      description:
        "Lists the image agents you can generate with: each agent's id, what it makes, its price in credits per image, " +
        "the sizes it accepts (width × height) and its default size, whether it can make transparent backgrounds, and, for the " +
        "built-in agents that read the prompt themselves, what they know: the subjects they draw and the modifiers and styles " +
        "they honour (words outside these are ignored, and a prompt naming no known subject gets a generic design). " +
        'Each agent\'s outputs say what one call makes: "image", "sheet" for agents that draw sprite sheets, whose sheet offer gives ' +
        "the frames of each animation, the direction counts, the largest sheet side and the price per 8 frames, and " +
        '"tileset" for agents that draw autotiling tilesets, whose tileset offer gives the layouts, the most terrains and the price per 16 tiles. ' +
        'Each agent\'s inputs say what a call may give: ["prompt"], or ["prompt", "image"] for agents that take your picture (generate_asset\'s image). ' +
        "Every agent takes a palette (generate_asset's palette argument: pico-8, endesga-32, db32, sweetie-16, gameboy, nes, resurrect-64, or 2–64 #rrggbb colours) at no extra cost. " +
        "Compact by default (a sample of the subjects each agent knows); full: true adds everything each agent knows (long). " +
        "Free and safe to call any time. Next: pick an agent and a size, check the price with estimate_cost, then call generate_asset (or generate_kit for several assets of one game).",
      inputSchema: listAgentsArguments,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ full }) =>
      run(async () => {
        const { agents, defaultAgentId } = await api.listAgents();
        const rows = agents.map((a) => JSON.stringify(full ? agentInFull(a) : compactAgent(a)));
        return text(
          `${agents.length} agents; the default (when agentId is absent) is ${defaultAgentId ?? "none: name one"}. One per line:\n${rows.join("\n")}`,
        );
      }),
  );

  server.registerTool(
    "estimate_cost",
    {
      title: "Estimate cost",
      description:
        "Tells what one generate_asset call with this agent and size (and sheet or tileset: its layout too) would cost in credits, the account's current balance, " +
        "and whether the balance covers it; given the prompt too, also what the agent understood of it (subject, modifiers, " +
        "ignored words, and whether it falls back to a generic design). Charges nothing and generates nothing. Call it before " +
        "generating when credits matter or to check a prompt; if the balance is short, pick a cheaper agent (list_agents) or tell " +
        "the user to add credits. A palette is checked here as generate_asset checks it, and costs nothing extra.",
      inputSchema: estimateArguments,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      run(async () => {
        const e = await api.estimate(args);
        const verdict = e.sufficient
          ? `enough: ${e.balance - e.credits} credits would remain`
          : `not enough: ${plural(e.credits - e.balance, "more credit")} needed`;
        const what =
          e.layout?.kind === "sheet"
            ? `${e.agentId}: a sheet of ${describeSheet(e.layout)}`
            : e.layout?.kind === "tileset"
              ? `${e.agentId}: a ${e.layout.layout} tileset of ${e.layout.tiles.length} ${e.width}×${e.height} tiles (${e.layout.terrains.join(" over ")})`
              : `${e.agentId} at ${e.width}×${e.height}`;
        return text(
          `${what} costs ${plural(e.credits, "credit")}; the balance is ${e.balance} (${verdict}).${understood(e.interpretation)}\n${JSON.stringify(e)}`,
        );
      }),
  );

  server.registerTool(
    "generate_asset",
    {
      title: "Generate an asset",
      description:
        `Generates one PNG asset from a prompt (or messages) with an agent from list_agents, charging that agent's price in credits ` +
        `(refunded if it fails or is canceled). Waits up to ${maxWaitSeconds} s (maxWaitSeconds), sending progress, then answers a small ` +
        `preview image (at most ${thumbnailEdge}×${thumbnailEdge}) for you to look at, an asset:// link to the full-size PNG, ` +
        "and the credits charged and the balance left. If it is still running at the bound it answers the generation id instead: " +
        "call get_generation with it later (do not generate again). Pass the same idempotencyKey to retry a call whose answer you did not " +
        "get: it returns the same generation and charges nothing; every call answers the key it used. " +
        `With sheet (agents whose outputs list "sheet"), it makes a sprite sheet: width × height is one frame, one row per animation × direction; ` +
        `the answer names the layout (rows, frames, fps), previews the first animation's rows (within ${sheetPreviewEdge}×${sheetPreviewEdge}, pixels kept crisp) ` +
        "and links each engine export (Aseprite JSON, TexturePacker JSON, Godot .tres, zip) as an asset:// resource. It costs credits × ceil(frames / 8). " +
        'With tileset (agents whose outputs list "tileset", e.g. texture), it makes an autotiling tileset: width × height is one tile (64×64 is typical); ' +
        "the answer names the layout and its index rule, the tile count, the terrains and the seam score, " +
        `previews the tile sheet and a small map painted with it (each within ${tilesetPreviewEdge}×${tilesetPreviewEdge}, pixels kept crisp), ` +
        "and links each export (TexturePacker JSON, Godot 4 TileSet .tres, Tiled .tsx + sample .tmx, zip). It costs credits × ceil(tiles / 16): 1× for the 16-tile layouts, 3× for blob-47. " +
        'With image (agents whose inputs list "image"), the agent works on your picture: an asset id (upload_image, or an earlier generation) or a data URL; ' +
        "pixel-fixer and cutout need no prompt then. " +
        "With palette (any agent and output), every pixel with alpha > 0 is exactly one of its colours: pass the same palette to every call for one game. " +
        "Every answer ends with the asset's quality measured on the PNG (colours and the share in the palette; the share of opaque pixels and their bbox; edge contrast; " +
        "for a texture its tileability, for a sheet the feet's and height's spread, for a tileset the seam score), and a Warning sentence, with what to do, " +
        "when it looks flat or blank, is almost empty, may show a seam, or strays from the palette. Without a warning, use the asset.",
      inputSchema: generateArguments(maxWaitSeconds),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ idempotencyKey, maxWaitSeconds: wait, ...rest }, extra) =>
      run(async () => {
        const key = idempotencyKey ?? `mcp-${randomUUID()}`;
        const input: GenerateInput = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        try {
          const result = await api.generate(input, waitOptions(key, wait, extra));
          return await generationAnswer(api, result, key);
        } catch (thrown) {
          const error = classify(thrown, options.logger);
          return toolError(error, retryHint(error, key));
        }
      }),
  );

  registerKitTool(server, api, { maxWaitMs, ...(options.stop ? { stop: options.stop } : {}), ...(options.logger ? { logger: options.logger } : {}) });
  registerGetKitTool(server, api, { ...(options.logger ? { logger: options.logger } : {}) });
  registerUploadTool(server, api, { ...(options.stop ? { stop: options.stop } : {}), ...(options.logger ? { logger: options.logger } : {}) });

  server.registerTool(
    "recolor_asset",
    {
      title: "Recolour an asset",
      description:
        "A palette swap: maps one of this account's assets (an image, a sprite sheet or a tileset) onto another palette without drawing it again, " +
        "as a new generation of the same agent: its size, layout (rows and frames, tiles) and engine exports are kept, transparent pixels stay transparent, " +
        "and every pixel with alpha > 0 becomes exactly one of the palette's colours. The fast way to make a night, winter or retro variant of a whole set. " +
        "Costs the service's recolour price (usually 1 credit, whatever the asset's size; estimate_cost does not price it); the source asset is left as it is. " +
        `Waits up to ${maxWaitSeconds} s (maxWaitSeconds), then answers like generate_asset: a preview, an asset:// link to the new PNG, ` +
        "for a sheet or tileset its layout and export links, and the quality measured on the new PNG (the share in the palette is 100 %). " +
        "Pass the same idempotencyKey to retry a call whose answer you did not get: it charges nothing more. " +
        "An asset id that is not this account's is refused as not_found.",
      inputSchema: recolorArguments(maxWaitSeconds),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ assetId, palette, idempotencyKey, maxWaitSeconds: wait }, extra) =>
      run(async () => {
        const key = idempotencyKey ?? `mcp-${randomUUID()}`;
        try {
          const result = await api.recolor(assetId, palette, waitOptions(key, wait, extra));
          return await generationAnswer(api, result, key, "recolor_asset");
        } catch (thrown) {
          const error = classify(thrown, options.logger);
          return toolError(error, retryHint(error, key));
        }
      }),
  );

  server.registerTool(
    "get_generation",
    {
      title: "Get a generation",
      description:
        "Reads a generation by id: its status (queued, running, succeeded, failed, canceled), size, agent and credits. " +
        "When it succeeded, answers like generate_asset: a small preview image and an asset:// link to the full PNG (for a sheet or a tileset, its layout and export links too). Free. " +
        "Use it to follow up a generate_asset call that answered before the image was ready; if it is still running, wait a few seconds and call it again.",
      inputSchema: generationArguments,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ generationId: id }) => run(async () => generationAnswer(api, { generation: await api.getGeneration(id), replayed: false })),
  );

  server.registerTool(
    "cancel_generation",
    {
      title: "Cancel a generation",
      description:
        "Cancels a queued or running generation; its credits come back to the balance. A generation that already finished is " +
        "answered as it is (a succeeded one keeps its charge). Use it when the user no longer wants an image that is still running.",
      inputSchema: generationArguments,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ generationId: id }) =>
      run(async () => {
        const g = await api.cancel(id);
        const what =
          g.status === "canceled"
            ? `Canceled ${g.id}; ${plural(g.credits.refunded, "credit")} refunded.`
            : `${g.id} had already ended (${g.status}); nothing was canceled.`;
        return text(`${what} Balance: ${g.credits.balance} credits.\n${JSON.stringify(summary(g))}`);
      }),
  );

  server.registerTool(
    "get_balance",
    {
      title: "Get the balance",
      description:
        "Answers the account's credit balance. Free. Each generate_asset call costs its agent's price (list_agents); " +
        "if the balance is too low, tell the user to add credits or pick a cheaper agent.",
      inputSchema: noArguments,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => run(async () => text(`Balance: ${plural(await api.balance(), "credit")}.`)),
  );

  registerAssetResources(server, api, options.logger);

  checkArgumentsAsRest(server);
  argumentErrorsAsContractErrors(server);
  return server;
}
