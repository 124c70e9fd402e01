import { randomUUID } from "node:crypto";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { McpError, ErrorCode, type CallToolResult, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { PALETTE_NAMES } from "../../agents/palette/named.js";
import { AppError } from "../../contract/errors.js";
import { classify } from "../../contract/render.js";
import { parseInput } from "../../contract/validation.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import type { Logger } from "../../infra/logger.js";
import type { SheetLayout, TilesetLayout } from "../../agents/driver.js";
import { withoutBytes, type AssetApi, type Estimate, type GenerateInput, type GenerateOptions, type GenerateResult } from "./api.js";
import {
  assetVariables,
  checkArgumentsAsRest,
  estimateArguments,
  exportVariables,
  generateArguments,
  generationArguments,
  noArguments,
  recolorArguments,
} from "./inputs.js";
import { describeQuality } from "./quality.js";
import { sampleMap, sheetPreview, sheetPreviewEdge, thumbnail, thumbnailEdge, tilesetPreview, tilesetPreviewEdge } from "./thumbnail.js";

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
export const assetUri = (id: string) => `asset://${id}`;
export const exportUri = (id: string, format: string) => `asset://${id}/export/${format}`;

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

type ExportFiles = Record<string, { suffix: string; mimeType: string; use: string }>;

/** The engine files of a sheet (contract section 12), as the tools name them. */
const sheetExportFiles: ExportFiles = {
  aseprite: {
    suffix: ".aseprite.json",
    mimeType: "application/json",
    use: "Aseprite JSON with a frame tag per row (Phaser load.aseprite + anims.createFromAseprite, Pixi, Defold)",
  },
  texturepacker: {
    suffix: ".atlas.json",
    mimeType: "application/json",
    use: "TexturePacker JSON hash, frames <animation>_<direction>_<i> (Phaser load.atlas, Pixi, Unity importers)",
  },
  godot: { suffix: ".tres", mimeType: "text/plain", use: "Godot 4 SpriteFrames, one animation per row (AnimatedSprite2D)" },
  zip: { suffix: ".zip", mimeType: "application/zip", use: "the PNG, every export above and a README" },
};

/** The engine files of a tileset. */
const tilesetExportFiles: ExportFiles = {
  texturepacker: {
    suffix: ".atlas.json",
    mimeType: "application/json",
    use: "TexturePacker JSON hash, one frame per tile named tile_<index> (Phaser load.atlas, Pixi, Unity importers)",
  },
  godot: {
    suffix: ".tres",
    mimeType: "text/plain",
    use: "Godot 4 TileSet with one terrain set and each tile's peering bits: give it to a TileMapLayer and paint with the terrain",
  },
  tiled: {
    suffix: ".tiled.zip",
    mimeType: "application/zip",
    use: "Tiled: the .tsx with a Wang set for the terrain brush, a sample .tmx map painted with it, and the PNG",
  },
  zip: { suffix: ".zip", mimeType: "application/zip", use: "the PNG, every export above and a README" },
};

/**
 * The MCP surface, once, over either implementation of AssetApi: seven tools and the `asset://{id}`
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
      instructions:
        "Generates game and UI assets (pixel sprites, icons, textures, model images) as PNG for credits, sprite sheets " +
        "(one character in several directions and animations, with Aseprite, TexturePacker and Godot exports) from agents whose outputs list sheet, " +
        "and autotiling terrain tilesets (Wang corner or edge sets, blob-47, with Godot TileSet and Tiled exports) from agents whose outputs list tileset. " +
        "Every agent takes a palette (a name such as pico-8, or your own #rrggbb colours): every opaque pixel is then one of its colours, so a game's assets match. " +
        "Call list_agents to pick an agent and size, estimate_cost to check the price, then generate_asset; " +
        "it waits for the image and shows a small preview, an asset:// link to the full PNG and the asset's measured quality (colours, palette share, coverage, contrast) with a warning when something is off. Long generations answer " +
        "their id: follow up with get_generation. Retrying generate_asset with the same idempotencyKey never charges twice. " +
        "To move an existing asset, sheet or tileset onto another palette (a night or winter variant, a whole set made to match), call recolor_asset: it keeps the layout and costs a small fixed price.",
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
        "Every agent takes a palette (generate_asset's palette argument: pico-8, endesga-32, db32, sweetie-16, gameboy, nes, resurrect-64, or 2–64 #rrggbb colours) at no extra cost. " +
        "Free and safe to call any time. Next: pick an agent and a size, check the price with estimate_cost, then call generate_asset.",
      inputSchema: noArguments,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      run(async () => {
        const { agents, defaultAgentId } = await api.listAgents();
        const rows = agents.map((a) =>
          JSON.stringify({
            id: a.id,
            name: a.name,
            description: a.description,
            credits: a.credits,
            sizes: a.sizes.map((s) => `${s.width}x${s.height}`),
            defaultSize: `${a.defaultSize.width}x${a.defaultSize.height}`,
            supportsTransparent: a.supportsTransparent,
            outputs: a.outputs,
            ...(a.sheet ? { sheet: a.sheet } : {}),
            ...(a.tileset ? { tileset: a.tileset } : {}),
            ...(a.knows ? { knows: a.knows } : {}),
          }),
        );
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

  server.registerResource(
    "asset-export",
    new ResourceTemplate("asset://{id}/export/{format}", { list: undefined }),
    {
      title: "Engine export of an asset",
      description:
        "An engine file derived from an asset (asset://<asset id>/export/<format>): aseprite, texturepacker, godot or zip for a sprite sheet; " +
        "texturepacker, godot, tiled or zip for a tileset; texturepacker or zip for an image. generate_asset links each one a sheet or tileset has.",
    },
    async (uri, variables) => {
      try {
        const one = (v: string | string[] | undefined) => String(Array.isArray(v) ? v[0] : v);
        const { id, format } = parseInput(exportVariables, { id: one(variables.id), format: one(variables.format) });
        const file = await api.readExport(id, format);
        const textual = /^(application\/json|text\/)/.test(file.contentType);
        return {
          contents: [
            textual
              ? { uri: uri.href, mimeType: file.contentType, text: Buffer.from(file.bytes).toString("utf8") }
              : { uri: uri.href, mimeType: file.contentType, blob: Buffer.from(file.bytes).toString("base64") },
          ],
        };
      } catch (thrown) {
        throw resourceRefusal(classify(thrown, options.logger), uri.href);
      }
    },
  );

  server.registerResource(
    "asset",
    new ResourceTemplate("asset://{id}", { list: undefined }),
    {
      title: "Generated asset",
      description: "A PNG this account generated, full size (asset://<asset id>, as generate_asset and get_generation link it).",
      mimeType: "image/png",
    },
    async (uri, variables) => {
      try {
        const { id } = parseInput(assetVariables, { id: String(Array.isArray(variables.id) ? variables.id[0] : variables.id) });
        const asset = await api.readAsset(id);
        return { contents: [{ uri: uri.href, mimeType: asset.mimeType, blob: Buffer.from(asset.bytes).toString("base64") }] };
      } catch (thrown) {
        throw resourceRefusal(classify(thrown, options.logger), uri.href);
      }
    },
  );

  checkArgumentsAsRest(server);
  argumentErrorsAsContractErrors(server);
  return server;
}

/**
 * A resource read the service refused, as the protocol error a client expects. -32002: the
 * resource-not-found code of the MCP specification. McpError prefixes its message with
 * "MCP error <code>: ", and the client's McpError adds it again: the message on the wire is ours
 * alone, so a client shows the prefix once.
 */
function resourceRefusal(error: AppError, uri: string): McpError {
  const refusal = new McpError(error.code === "not_found" ? -32002 : ErrorCode.InvalidRequest, "", { uri });
  refusal.message = `${error.code}: ${error.message}`;
  return refusal;
}

/**
 * The SDK answers a call whose arguments are refused (`checkArgumentsAsRest`), or that names no
 * tool, with an isError result of the thrown message ("MCP error -32602: Tool x not found"); every
 * other failure is caught by the tools themselves. Give those the same `code: message` shape.
 * (Patches McpServer's private `createToolError`, pinned SDK 1.32; the tests check the wording.)
 */
function argumentErrorsAsContractErrors(server: McpServer): void {
  const target = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof target.createToolError !== "function") return;
  target.createToolError = (message: string) => {
    const text = message.replace(/^MCP error -?\d+: /, "");
    // The refused argument leads the message ("generationId: Unknown field…"): its Next step is about it.
    const param = /^([A-Za-z][\w.]*): /.exec(text)?.[1];
    return toolError(new AppError("invalid_request", text, param ? { param } : {}));
  };
}

/**
 * A generation as a tool answer: preview + link when it succeeded, the failure as an error, else
 * its id and what to do. `tool` is the call that made it (generate_asset, recolor_asset), named in
 * the Next steps.
 */
async function generationAnswer(api: AssetApi, result: GenerateResult, key?: string, tool = "generate_asset"): Promise<CallToolResult> {
  const g = withoutBytes(result.generation);
  const made = madeLead(g);
  const keyLine = key ? ` idempotencyKey: ${key}.` : "";
  const replay = result.replayed ? " This call replayed an earlier one with the same idempotencyKey: nothing more was charged." : "";
  if (g.status === "succeeded" && g.assets[0]?.layout?.kind === "sheet") {
    return sheetAnswer(api, result, g, made, `Charged ${plural(g.credits.charged, "credit")}; balance ${g.credits.balance}.${replay}${keyLine}`);
  }
  if (g.status === "succeeded" && g.assets[0]?.layout?.kind === "tileset") {
    return tilesetAnswer(api, result, g, made, `Charged ${plural(g.credits.charged, "credit")}; balance ${g.credits.balance}.${replay}${keyLine}`);
  }
  if (g.status === "succeeded" && g.assets[0]) {
    const asset = g.assets[0];
    const preview = await previewOf(api, result.generation.assets[0]!).catch(() => undefined);
    return {
      content: [
        {
          type: "text",
          text:
            `${made}: a ${asset.width}×${asset.height} PNG (${asset.bytes} bytes), asset ${asset.id}, seed ${g.seed}. ` +
            `Charged ${plural(g.credits.charged, "credit")}; balance ${g.credits.balance}.${replay}${keyLine} ` +
            (preview ? `Below: a ${preview.width}×${preview.height} preview; the` : "The") +
            ` full-size PNG is the resource ${assetUri(asset.id)} (also GET ${asset.url} with the API key).` +
            qualityLine(g, asset, "image"),
        },
        ...(preview ? [{ type: "image" as const, data: preview.png.toString("base64"), mimeType: "image/png" }] : []),
        {
          type: "resource_link",
          uri: assetUri(asset.id),
          name: `${asset.id}.png`,
          title: `${g.agentId} ${asset.width}×${asset.height}`,
          mimeType: asset.mimeType,
          description: `The full-size ${asset.width}×${asset.height} PNG of generation ${g.id}.`,
        },
      ],
    };
  }
  if (g.status === "canceled") {
    return text(
      `${g.id} was canceled; ${plural(g.credits.refunded, "credit")} refunded, balance ${g.credits.balance}.${replay}${keyLine}\n${JSON.stringify(summary(g))}`,
    );
  }
  if (g.status === "failed") {
    const failure = result.failure ?? g.error ?? { code: "generator_unavailable", message: "The generation failed." };
    return {
      isError: true,
      content: [
        {
          type: "text",
          text:
            `${failure.code}: ${failure.message} (generation ${g.id} failed; ${plural(g.credits.refunded, "credit")} refunded, balance ${g.credits.balance}.)` +
            `\nNext: ${
              failure.code === "content_rejected"
                ? `change the prompt, then call ${tool} with a new idempotencyKey.`
                : tool === "generate_asset"
                  ? "retry generate_asset later with a new idempotencyKey, or pick another agent."
                  : `retry ${tool} later with a new idempotencyKey.`
            }`,
        },
      ],
    };
  }
  return text(
    `${g.id} is still ${g.status} (nothing is wrong: it takes longer than this call waits). ${plural(g.credits.charged, "credit")} reserved (refunded if it fails).${replay}${keyLine} ` +
      `Next: call get_generation with generationId "${g.id}" in a few seconds to get the image; do not call ${tool} again for it` +
      `${key ? " (or, to resume this same call, repeat it with the same idempotencyKey)" : ""}.\n${JSON.stringify(summary(g))}`,
  );
}

/** "Generated gen_… with pixel-sprite", or for a palette swap "Recoloured ast_… onto gameboy as gen_… (pixel-sprite, layout kept)". */
function madeLead(g: GenerationView): string {
  if (!g.recolorOf) return `Generated ${g.id} with ${g.agentId}`;
  const palette = g.palette ? (g.palette.name ?? `the asked ${g.palette.colors.length}-colour palette`) : "the palette";
  return `Recoloured asset ${g.recolorOf} onto ${palette} as ${g.id} (${g.agentId}; size and layout kept)`;
}

/** The preview of an asset: from the bytes the generation carries (`b64`), else read. */
async function previewOf(api: AssetApi, asset: GenerationView["assets"][number]) {
  return thumbnail(await bytesOf(api, asset));
}

async function bytesOf(api: AssetApi, asset: GenerationView["assets"][number]): Promise<Uint8Array> {
  return asset.b64 ? Buffer.from(asset.b64, "base64") : (await api.readAsset(asset.id)).bytes;
}

/**
 * A finished sheet as a tool answer: its layout in words, a crisp preview of its first animation's
 * rows, and links to the full PNG and to each engine export (resources, and the REST paths).
 */
async function sheetAnswer(api: AssetApi, result: GenerateResult, g: GenerationView, made: string, credits: string): Promise<CallToolResult> {
  const asset = g.assets[0]!;
  const layout = asset.layout as SheetLayout;
  const preview = await bytesOf(api, result.generation.assets[0]!)
    .then((bytes) => sheetPreview(bytes, layout))
    .catch(() => undefined);
  const formats = formatsOf(asset, sheetExportFiles);
  const shown = preview
    ? `Below: a ${preview.width}×${preview.height} preview of rows 0–${preview.rows - 1}, frames 0–${preview.columns - 1}, ` +
      `at ${preview.scale >= 1 ? `${preview.scale}×` : `1/${Math.round(1 / preview.scale)}`}. `
    : "";
  const links = formats.map((f) => `${f}: ${exportUri(asset.id, f)}`).join(", ");
  return {
    content: [
      {
        type: "text",
        text:
          `${made}: a sprite sheet, a ${asset.width}×${asset.height} PNG (${asset.bytes} bytes), asset ${asset.id}, seed ${g.seed}. ` +
          `${credits}\nLayout: ${describeSheet(layout)}, at ${layout.animations[0]?.fps ?? 8} fps; frame (column c, row r) is at (c×${layout.frameWidth}, r×${layout.frameHeight}), ` +
          `cells past a row's frames are transparent. Rows: ${describeRows(layout)}.${qualityLine(g, asset, "sheet")}\n` +
          `${shown}The full sheet is the resource ${assetUri(asset.id)} (GET ${asset.url} with the API key). ` +
          `Engine exports (resources; or GET /api/v1/assets/${asset.id}/export/<format>): ${links}.`,
      },
      ...(preview ? [{ type: "image" as const, data: preview.png.toString("base64"), mimeType: "image/png" }] : []),
      {
        type: "resource_link",
        uri: assetUri(asset.id),
        name: `${asset.id}.png`,
        title: `${g.agentId} sheet ${asset.width}×${asset.height}`,
        mimeType: asset.mimeType,
        description: `The full ${asset.width}×${asset.height} sprite sheet of generation ${g.id}.`,
      },
      ...exportLinks(asset.id, formats, sheetExportFiles, "sheet"),
    ],
  };
}

/** The asset's quality report in words, on a line of its own (nothing when it carries none). */
function qualityLine(g: GenerationView, asset: GenerationView["assets"][number], kind: "image" | "sheet" | "tileset"): string {
  const said = describeQuality(asset.quality, { kind, generationId: g.id, ...(g.palette ? { palette: g.palette } : {}) });
  return said ? `\n${said}` : "";
}

/** An asset's export formats in the contract's order (a generation read back from its stored event may hold them in another). */
function formatsOf(asset: GenerationView["assets"][number], files: ExportFiles): string[] {
  const known = Object.keys(files);
  const rank = (f: string) => (known.includes(f) ? known.indexOf(f) : known.length);
  return Object.keys(asset.exports).sort((a, b) => rank(a) - rank(b));
}

function exportLinks(assetId: string, formats: string[], files: ExportFiles, what: string) {
  return formats.map((format) => ({
    type: "resource_link" as const,
    uri: exportUri(assetId, format),
    name: `${assetId}${files[format]?.suffix ?? `.${format}`}`,
    title: `${format} export`,
    ...(files[format] ? { mimeType: files[format].mimeType } : {}),
    description: files[format]?.use ?? `The ${format} export of the ${what}.`,
  }));
}

/**
 * A finished tileset as a tool answer: what it made and the index rule of its layout in words, the
 * seam score, previews of the tile sheet and of a small map painted with it, and links to the full
 * PNG and to each engine export (resources, and the REST paths).
 */
async function tilesetAnswer(api: AssetApi, result: GenerateResult, g: GenerationView, made: string, credits: string): Promise<CallToolResult> {
  const asset = g.assets[0]!;
  const layout = asset.layout as TilesetLayout;
  const preview = await bytesOf(api, result.generation.assets[0]!)
    .then((bytes) => tilesetPreview(bytes, layout))
    .catch(() => undefined);
  const formats = formatsOf(asset, tilesetExportFiles);
  const shown = preview
    ? `Below: the tile sheet at ${scaleText(preview.sheet.scale)}${
        preview.map
          ? `, then a sample ${sampleMap.columns}×${sampleMap.rows}-tile map painted with it by that rule (as an engine's autotiler paints) at ${scaleText(preview.map.scale)}`
          : ""
      }. `
    : "";
  const links = formats.map((f) => `${f}: ${exportUri(asset.id, f)}`).join(", ");
  const images = preview ? [preview.sheet, ...(preview.map ? [preview.map] : [])] : [];
  return {
    content: [
      {
        type: "text",
        text:
          `${made}: a ${layout.layout} tileset of ${layout.tiles.length} ${layout.tileWidth}×${layout.tileHeight} tiles ` +
          `(${describeTerrains(layout)}), a ${asset.width}×${asset.height} PNG (${asset.bytes} bytes), asset ${asset.id}, seed ${g.seed}. ${credits}\n` +
          `Layout: ${layout.columns} columns × ${layout.rows} rows; tile i is at ((i mod ${layout.columns})×${layout.tileWidth}, floor(i / ${layout.columns})×${layout.tileHeight}). ` +
          `${indexRule(layout)}${qualityLine(g, asset, "tileset")}\n` +
          `${shown}The full tile sheet is the resource ${assetUri(asset.id)} (GET ${asset.url} with the API key; its layout.tiles lists every tile). ` +
          `Engine exports (resources; or GET /api/v1/assets/${asset.id}/export/<format>): ${links}. ` +
          "Godot 4: put the PNG and the .tres in res://, give the .tres to a TileMapLayer's Tile Set and paint with its terrain (TileMap editor, Terrains tab). " +
          "Tiled: unzip the tiled export, open the .tsx (or the sample .tmx) and paint with the Terrain Brush (Terrain Sets).",
      },
      ...images.map((image) => ({ type: "image" as const, data: image.png.toString("base64"), mimeType: "image/png" })),
      {
        type: "resource_link",
        uri: assetUri(asset.id),
        name: `${asset.id}.png`,
        title: `${g.agentId} tileset ${asset.width}×${asset.height}`,
        mimeType: asset.mimeType,
        description: `The full ${asset.width}×${asset.height} tile sheet of generation ${g.id}.`,
      },
      ...exportLinks(asset.id, formats, tilesetExportFiles, "tileset"),
    ],
  };
}

const scaleText = (scale: number) => (scale >= 1 ? `${scale}×` : `1/${Math.round(1 / scale)}`);

/** "grass over dirt" or "stone against transparency". */
function describeTerrains(layout: TilesetLayout): string {
  const [foreground, background] = layout.terrains;
  return background === undefined ? `${foreground} against transparency` : `${foreground} over ${background}`;
}

/** How a layout numbers its tiles, in the terrains' own words (contract section 12). */
function indexRule(layout: TilesetLayout): string {
  const [foreground, background] = layout.terrains;
  const otherwise = background === undefined ? "transparent" : background;
  switch (layout.layout) {
    case "wang-corner-16":
      return `Index rule (corners): index = NE·1 + SE·2 + SW·4 + NW·8, a bit set where that corner is ${foreground} (terrains[0]), else ${otherwise}; tile 15 is all ${foreground}, tile 0 all ${otherwise}.`;
    case "wang-edge-16":
      return `Index rule (edges): index = N·1 + E·2 + S·4 + W·8, a bit set where that side is ${foreground} (terrains[0]), else ${otherwise}; tile 15 is all ${foreground}, tile 0 all ${otherwise}.`;
    default:
      return (
        `Index rule (blob-47): tiles 0–46 are ${foreground} tiles in ascending order of their neighbour mask, N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128, ` +
        `a bit set where that neighbour is ${foreground} too (a corner counts only with both its sides; mask 255 = surrounded)` +
        (background === undefined ? "; cells without a tile are transparent." : `; tile 47 is the plain ${background} fill tile.`)
      );
  }
}

/** "8 rows (animation × direction) of up to 6 frames of 64×64 (40 frames; a 384×512 PNG)". */
function describeSheet(layout: SheetLayout): string {
  const frames = layout.animations.reduce((sum, row) => sum + row.frames, 0);
  return (
    `${layout.rows} rows (animation × direction) of up to ${layout.columns} frames of ${layout.frameWidth}×${layout.frameHeight} ` +
    `(${frames} frames; a ${layout.columns * layout.frameWidth}×${layout.rows * layout.frameHeight} PNG)`
  );
}

/** "idle rows 0–3 (south, east, north, west; 4 frames), walk rows 4–7 (…; 6 frames)". */
function describeRows(layout: SheetLayout): string {
  const byAnimation = new Map<string, SheetLayout["animations"]>();
  for (const row of layout.animations) byAnimation.set(row.name, [...(byAnimation.get(row.name) ?? []), row]);
  return [...byAnimation]
    .map(([name, rows]) => {
      const first = rows[0]!.row;
      const last = rows.at(-1)!.row;
      const span = first === last ? `row ${first}` : `rows ${first}–${last}`;
      return `${name} ${span} (${rows.map((r) => r.direction).join(", ")}; ${plural(rows[0]!.frames, "frame")}${rows[0]!.loop ? "" : ", plays once"})`;
    })
    .join(", ");
}

function summary(g: GenerationView) {
  const { id, status, agentId, width, height, seed, credits, createdAt, completedAt, error } = g;
  return {
    id,
    status,
    agentId,
    width,
    height,
    seed,
    credits,
    createdAt,
    completedAt,
    assets: g.assets.map((a) => ({ id: a.id, uri: assetUri(a.id), mimeType: a.mimeType })),
    ...(error ? { error } : {}),
  };
}

/** What the agent understood of the prompt, as a sentence for the model (empty without a prompt). */
function understood(interpretation: Estimate["interpretation"]): string {
  if (interpretation === undefined) return "";
  if (interpretation === null) return " This agent's model reads the prompt as it is.";
  const { subject, modifiers, ignored, fallback, suggestions } = interpretation;
  const list = (words: string[]) => (words.length > 0 ? words.join(", ") : "none");
  const near = (suggestions ?? []).map((s) => ` Instead of "${s.word}", try: ${s.subjects.join(", ")}.`).join("");
  return (
    ` It understood: subject ${subject ?? "none"}; modifiers ${list(modifiers)}; ignored ${list(ignored)}.` +
    (fallback
      ? ` It does not know this subject and would draw a generic design: rephrase the prompt around a subject it knows (list_agents lists them), or pick another agent.${near}`
      : "")
  );
}

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What a model should do about each error code. */
function nextStep(error: AppError): string {
  const after = typeof error.details?.retryAfterSeconds === "number" ? `${error.details.retryAfterSeconds} s` : "a few seconds";
  switch (error.code) {
    case "unauthenticated":
      return "the API key is missing, mistyped or revoked: ask the user for a valid key (Authorization: Bearer ags_…, or AGS_API_KEY).";
    case "forbidden":
      return "this API key may not do this (a read-only key cannot generate or cancel): ask the user for a key with the generate scope.";
    case "insufficient_credits":
      return "nothing was charged. Call get_balance; pick a cheaper agent (list_agents, estimate_cost) or ask the user to add credits.";
    case "unknown_agent":
      return "call list_agents and use one of its ids.";
    case "invalid_request":
    case "unsupported_option":
      return fixArgument(error);
    case "not_found":
      return "check the id: use one that generate_asset or get_generation answered for this account.";
    case "rate_limited":
      return `wait ${after}, then call again.`;
    case "idempotency_in_progress":
      return `the first call with this idempotencyKey is still running: wait ${after}, then repeat the call with the same key.`;
    case "idempotency_key_reused":
      return "this idempotencyKey was used with other arguments: use a new key (or omit it).";
    case "content_rejected":
      return "change the prompt and call again.";
    case "generator_unavailable":
    case "service_unavailable":
    case "internal_error":
    case "request_timeout":
      return `nothing was charged for a refused call; retry in ${after}.`;
    default:
      return "see the message.";
  }
}

/** The Next step for a refused argument: about that argument (the agent's options only where they are the cause). */
function fixArgument(error: AppError): string {
  const param = error.param?.split(".")[0];
  if (param === "tileset") {
    return 'fix the argument named above: list_agents shows which agents draw tilesets (outputs "tileset") and their tileset offer (layouts, most terrains, price per 16 tiles); the texture agent\'s knows lists the surfaces it draws as terrains; estimate_cost checks a tileset for free. Then call again.';
  }
  if (error.param === "sheet") {
    return 'fix the argument named above: list_agents shows which agents draw sheets (outputs "sheet") and their sheet offer (frames per animation, directions, largest side); estimate_cost checks a sheet for free. Then call again.';
  }
  if (error.code === "unsupported_option" || (param && ["agentId", "width", "height", "transparent"].includes(param))) {
    return "fix the argument named above: list_agents shows each agent's id, sizes and whether it can make transparent backgrounds; then call again.";
  }
  if (param === "palette") {
    return `fix the argument named above: palette is a name (${PALETTE_NAMES.join(", ")}) or 2–64 different colours, each "#" and six hex digits (e.g. ["#1a1c2c", "#f4f4f4"]). Then call again.`;
  }
  if (param === "generationId") return 'use a generation id ("gen_…") that generate_asset answered for this account.';
  return "fix the argument named above (the tool's input schema lists the arguments it takes and their bounds) and call again.";
}

function retryHint(error: AppError, key: string): string {
  return error.retryable ? ` Retry with the same idempotencyKey (${key}) so it can never be charged twice.` : "";
}

function toolError(error: AppError, extra = ""): CallToolResult {
  return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}\nNext: ${nextStep(error)}${extra}` }] };
}
