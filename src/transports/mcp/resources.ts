import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { classify } from "../../contract/render.js";
import { parseInput } from "../../contract/validation.js";
import type { Logger } from "../../infra/logger.js";
import type { AssetApi } from "./api.js";
import { resourceRefusal } from "./errors.js";
import { assetVariables, exportVariables } from "./inputs.js";

/** The `asset://{id}` resources (the full PNG) and `asset://{id}/export/{format}` (an engine file), read through the api. */
export function registerAssetResources(server: McpServer, api: AssetApi, logger: Logger | undefined): void {
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
        throw resourceRefusal(classify(thrown, logger), uri.href);
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
        throw resourceRefusal(classify(thrown, logger), uri.href);
      }
    },
  );
}
