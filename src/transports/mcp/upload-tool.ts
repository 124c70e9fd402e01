import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { AppError } from "../../contract/errors.js";
import { classify } from "../../contract/render.js";
import type { UploadView } from "../../domain/uploads/uploads.js";
import type { Logger } from "../../infra/logger.js";
import type { AssetApi, UploadSource } from "./api.js";
import { assetUri } from "./uris.js";
import { toolError } from "./errors.js";

/** upload_image's arguments: exactly one of `data` (base64) and `url`, and an optional name. */
export const uploadArguments = z.strictObject({
  data: z.string().optional().describe('The image file as base64 (PNG, JPEG, WebP or GIF; a "data:image/…;base64," prefix is allowed). Give this or url.'),
  url: z
    .string()
    .max(2048)
    .optional()
    .describe("A public https URL of the image, fetched by the service (private and loopback addresses are refused). Give this or data."),
  name: z.string().optional().describe("1–100 characters; the stem of the asset's file names (default `upload`)."),
});

type UploadArguments = z.infer<typeof uploadArguments>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The picture the arguments name: exactly one of data and url, the base64 well formed (400 naming the field otherwise). */
export function uploadSource(args: UploadArguments): UploadSource {
  if ((args.data === undefined) === (args.url === undefined)) {
    throw new AppError("invalid_request", "Give exactly one of data (the image as base64) and url (a public https URL of it).", {
      param: args.data === undefined ? "data" : "url",
    });
  }
  if (args.url !== undefined) return { url: args.url };
  const body = args.data!.replace(/^data:[a-z0-9.+/-]*(;[a-z0-9-]+=[^;,]*)*;base64,/i, "").replace(/\s+/g, "");
  if (body.length === 0 || body.length % 4 === 1 || !BASE64.test(body)) {
    throw new AppError("invalid_request", "data is not base64: send the image file's bytes base64-encoded (A–Z, a–z, 0–9, +, /, = padding).", {
      param: "data",
    });
  }
  return { data: Buffer.from(body, "base64") };
}

/**
 * MCP `upload_image`: the caller's own picture stored as an asset (contract section 14), to use as an agent's `image`,
 * slice, recolor or export. Answers the asset (id, name, size, url) and a resource link to its PNG.
 */
export function registerUploadTool(server: McpServer, api: AssetApi, options: { stop?: AbortSignal; logger?: Logger }): void {
  server.registerTool(
    "upload_image",
    {
      title: "Upload an image",
      description:
        "Stores your own picture (PNG, JPEG, WebP or GIF: first frame; not SVG) as an asset: give data (base64) or url (a public https URL), and optionally a name. " +
        "Free, but counted against the generation rate limit and the storage quota; at most 10 MiB and 4096 pixels a side by default. " +
        "Answers the asset id, to pass as image to agents that take one (pixel-fixer, cutout), or to recolor_asset and the exports.",
      inputSchema: uploadArguments,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (args, extra): Promise<CallToolResult> => {
      try {
        const source = uploadSource(args);
        const signal = AbortSignal.any([extra.signal, ...(options.stop ? [options.stop] : [])]);
        const asset = await api.uploadImage(source, { ...(args.name === undefined ? {} : { name: args.name }), signal });
        return uploadAnswer(asset);
      } catch (thrown) {
        return toolError(classify(thrown, options.logger), " Nothing was stored or charged.");
      }
    },
  );
}

export function uploadAnswer(asset: UploadView): CallToolResult {
  return {
    content: [
      {
        type: "text",
        text:
          `Uploaded "${asset.name}": a ${asset.width}×${asset.height} PNG (${asset.bytes} bytes), asset ${asset.id} (generation ${asset.generationId}). Free: nothing was charged. ` +
          `The PNG is the resource ${assetUri(asset.id)} (also GET ${asset.url} with the API key). ` +
          "Next: pass the asset id as image to an agent that takes one, or to recolor_asset.",
      },
      {
        type: "resource_link",
        uri: assetUri(asset.id),
        name: `${asset.name}.png`,
        title: `upload ${asset.width}×${asset.height}`,
        mimeType: asset.mimeType,
        description: `Your uploaded ${asset.width}×${asset.height} PNG.`,
      },
    ],
  };
}
