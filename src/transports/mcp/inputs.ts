import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { PALETTE_NAMES } from "../../agents/index.js";
import { resourceId } from "../../contract/schemas/common.js";
import { generateFields, idempotencyKey, oneOutput, promptOrMessages } from "../../contract/schemas/generation.js";
import { paletteValue } from "../../contract/schemas/palette.js";
import { sheetRequest } from "../../contract/schemas/sheet.js";
import { tilesetRequest } from "../../contract/schemas/tileset.js";
import { assertStorableText } from "../../contract/strings.js";
import { integer, parseInput } from "../../contract/validation.js";

/**
 * The tools' arguments: the contract's schemas (the generation request's fields, ids, idempotency
 * keys), strict objects, described for a model. The SDK advertises them as JSON Schema
 * (`tools/list`: real bounds, `additionalProperties: false`) and `checkArgumentsAsRest` makes it
 * check a call's arguments as REST checks a body.
 */
const { prompt, messages, agentId, width, height, transparent, seed, badge, image } = generateFields;

const imageArg = image.describe(
  'Your picture, for agents whose inputs (list_agents) include "image": one of your asset ids ("ast_…", e.g. from upload_image or an earlier generation) or a data URL "data:image/png;base64,…". With it, agents that say so (pixel-fixer, cutout) need no prompt.',
);

const agentArg = agentId.describe("An agent id from list_agents; the default agent when absent.");
// The same fields, inline (a clone keeps the schema's id, which would make it a $ref to $defs, and not every client follows those).
const sheetArg = z
  .strictObject(sheetRequest.shape)
  .optional()
  .describe(
    'A sprite sheet instead of one image (only agents whose outputs list "sheet"): {animations: 1–8 of idle, walk, run, jump, attack, cast, hurt, death (default ["idle","walk"]), directions: 1, 4 or 8 (default 4), fps: 1–30 (default 8)}. width × height is one frame; one row per animation × direction. Costs credits × ceil(frames / 8). Not with tileset.',
  );
const tilesetArg = z
  .strictObject(tilesetRequest.shape)
  .optional()
  .describe(
    'An autotiling tileset instead of one image (only agents whose outputs list "tileset", e.g. texture): {layout: wang-corner-16, wang-edge-16 or blob-47, terrains: 1–2 surfaces, e.g. ["grass","dirt"] (grass drawn over dirt) or ["stone"] (against transparency)}. width × height is one tile (e.g. 64×64). Costs credits × ceil(tiles / 16): the 16-tile sets 1×, blob-47 3×. Not with sheet.',
  );

const paletteArg = paletteValue
  .optional()
  .describe(
    `A palette for the whole output, on every agent: a name (${PALETTE_NAMES.join(", ")}) or 2–64 colours written #rrggbb, each once (e.g. ["#1a1c2c", "#5d275d", "#f4f4f4"]). Every pixel with alpha > 0 is then exactly one of its colours; the answer's quality says how many it used and the share in the palette. Use one palette for every asset of a game.`,
  );

/** list_agents and get_balance: no arguments (any one is refused). */
export const noArguments = z.strictObject({});

/** list_agents: compact by default; `full` for everything each agent knows. */
export const listAgentsArguments = z.strictObject({
  full: z.boolean().optional().describe("true: every subject, modifier and style each agent knows (long); default a sample of its subjects."),
});

/** estimate_cost: generate_asset's request, the prompt optional (with one, the answer says what the agent understood). */
export const estimateArguments = z
  .strictObject({
    prompt: prompt.describe("Optional: what generate_asset would be asked for; then the answer also says what the agent understood of it."),
    messages: messages.describe("Optional, instead of prompt: a conversation (1–50 messages {role, content})."),
    agentId: agentArg,
    width: width.describe("One of the agent's sizes; the default size when width and height are absent."),
    height: height.describe("One of the agent's sizes."),
    transparent: transparent.describe("Fully transparent background (only agents with supportsTransparent)."),
    sheet: sheetArg,
    tileset: tilesetArg,
    palette: paletteArg,
    image: imageArg,
    projectId: generateFields.projectId,
  })
  .superRefine((input, ctx) => {
    if (input.prompt !== undefined && input.messages !== undefined) promptOrMessages(input, ctx);
    oneOutput(input, ctx);
  });

/** One per bound (a server's configuration): /mcp builds a server per request. */
const generateSchemas = new Map<number, ReturnType<typeof buildGenerateArguments>>();

/** generate_asset: the generation request (without `strict`, `dryRun`: estimate_cost prices a call), plus the call's key and wait. */
export function generateArguments(maxWaitSeconds: number) {
  let schema = generateSchemas.get(maxWaitSeconds);
  if (!schema) generateSchemas.set(maxWaitSeconds, (schema = buildGenerateArguments(maxWaitSeconds)));
  return schema;
}

function buildGenerateArguments(maxWaitSeconds: number) {
  return z
    .strictObject({
      prompt: prompt.describe("What to make, 1–4000 characters. Give exactly one of prompt and messages (with image, none for agents that need none)."),
      messages: messages.describe(
        "A conversation instead of a prompt (1–50 messages {role, content}, at least one user message); the last user message weighs most.",
      ),
      agentId: agentArg,
      width: width.describe("One of the agent's sizes (list_agents); the agent's default size when absent."),
      height: height.describe("One of the agent's sizes."),
      transparent: transparent.describe("Fully transparent background (only agents with supportsTransparent)."),
      seed: seed.describe("0–2147483647. The same agent, prompt, seed and options give the same image."),
      sheet: sheetArg,
      tileset: tilesetArg,
      palette: paletteArg,
      image: imageArg,
      projectId: generateFields.projectId,
      badge,
      idempotencyKey: idempotencyKey
        .optional()
        .describe(
          "1–255 visible ASCII characters (e.g. a UUID). A retry with the same key and arguments returns the same generation and charges nothing. Generated when absent.",
        ),
      maxWaitSeconds: integer(0, maxWaitSeconds)
        .optional()
        .describe(`How long to wait for the image before answering the generation id (0–${maxWaitSeconds}, default ${maxWaitSeconds}).`),
    })
    .superRefine((input, ctx) => {
      promptOrMessages(input, ctx);
      oneOutput(input, ctx);
    });
}

/** One per bound, as for generate_asset. */
const recolorSchemas = new Map<number, ReturnType<typeof buildRecolorArguments>>();

/** recolor_asset: the asset, the recolor request's palette (required), plus the call's key and wait. */
export function recolorArguments(maxWaitSeconds: number) {
  let schema = recolorSchemas.get(maxWaitSeconds);
  if (!schema) recolorSchemas.set(maxWaitSeconds, (schema = buildRecolorArguments(maxWaitSeconds)));
  return schema;
}

function buildRecolorArguments(maxWaitSeconds: number) {
  return z.strictObject({
    assetId: resourceId.describe('The asset to recolour ("ast_…"), one of this account\'s, as generate_asset or get_generation answered it (asset://<id>).'),
    palette: paletteValue.describe(
      `The palette to map the asset onto: a name (${PALETTE_NAMES.join(", ")}) or 2–64 colours written #rrggbb, each once (e.g. ["#1a1c2c", "#5d275d", "#f4f4f4"]). Every pixel with alpha > 0 becomes one of its colours; transparent pixels stay transparent.`,
    ),
    idempotencyKey: idempotencyKey
      .optional()
      .describe(
        "1–255 visible ASCII characters (e.g. a UUID). A retry with the same key and arguments returns the same generation and charges nothing. Generated when absent.",
      ),
    maxWaitSeconds: integer(0, maxWaitSeconds)
      .optional()
      .describe(`How long to wait for the recoloured asset before answering the generation id (0–${maxWaitSeconds}, default ${maxWaitSeconds}).`),
  });
}

/** get_generation and cancel_generation. */
export const generationArguments = z.strictObject({
  generationId: resourceId.describe('The generation\'s id ("gen_…"), as generate_asset answered it.'),
});

/** The `{id}` of an `asset://{id}` resource. */
export const assetVariables = z.object({ id: resourceId });

/** The `{id}` and `{format}` of an `asset://{id}/export/{format}` resource. */
export const exportVariables = z.object({ id: resourceId, format: z.string().min(1).max(32) });

type ArgumentCheck = (tool: { inputSchema?: unknown }, args: unknown, toolName: string) => Promise<unknown>;

/**
 * Checks a tool call's arguments as REST checks a body (contract section 1): text the database
 * cannot store (NUL, lone surrogates) first, then the tool's schema, each refusal an
 * `invalid_request` naming the argument and saying what to send (`parseInput`'s teaching
 * messages), before the tool runs: nothing is charged or written. Replaces McpServer's private
 * `validateToolInput` (pinned SDK 1.32), whose wording is zod's own; the SDK turns what it throws
 * into an isError result (`createToolError`, given the same `code: message` shape in tools.ts).
 */
export function checkArgumentsAsRest(server: McpServer): void {
  const target = server as unknown as { validateToolInput?: ArgumentCheck };
  if (typeof target.validateToolInput !== "function") {
    // Fail at start rather than fall back to the SDK's wording silently.
    throw new Error("McpServer.validateToolInput is gone (an @modelcontextprotocol/sdk upgrade?): update transports/mcp/inputs.ts.");
  }
  target.validateToolInput = async (tool, args) => {
    const value = args ?? {};
    assertStorableText(value);
    return tool.inputSchema ? parseInput(tool.inputSchema as z.ZodType, value) : undefined;
  };
}
