import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sampleMap, type SheetLayout, type TilesetLayout } from "../../agents/index.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import { slugOf } from "../../contract/schemas/kit.js";
import { withoutBytes, type AssetApi, type GenerateResult } from "./api.js";
import { describeRows, describeSheet, describeTerrains, indexRule, plural, scaleText } from "./describe.js";
import { exportLinks, formatsOf, sheetExportFiles, tilesetExportFiles } from "./export-files.js";
import { describeQuality } from "./quality.js";
import { assetUri, exportUri } from "./uris.js";

export const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

/** The stem the asset's files are named by (its kit item's name, else its prompt's slug), never only its id. */
const stemOf = (api: AssetApi, g: GenerationView, asset: GenerationView["assets"][number]): Promise<string> =>
  api.assetName(asset.id, asset.sha256).catch(() => slugOf(g.prompt ?? "asset"));

/**
 * A generation as a tool answer: preview + link when it succeeded, the failure as an error, else
 * its id and what to do. `tool` is the call that made it (generate_asset, recolor_asset), named in
 * the Next steps.
 */
export async function generationAnswer(api: AssetApi, result: GenerateResult, key?: string, tool = "generate_asset"): Promise<CallToolResult> {
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
    const [preview, stem] = await Promise.all([previewOf(api, result.generation.assets[0]!).catch(() => undefined), stemOf(api, g, asset)]);
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
          name: `${stem}.png`,
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
  return api.previews.thumbnail(await bytesOf(api, asset));
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
  const [preview, stem] = await Promise.all([
    bytesOf(api, result.generation.assets[0]!)
      .then((bytes) => api.previews.sheetPreview(bytes, layout))
      .catch(() => undefined),
    stemOf(api, g, asset),
  ]);
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
        name: `${stem}.png`,
        title: `${g.agentId} sheet ${asset.width}×${asset.height}`,
        mimeType: asset.mimeType,
        description: `The full ${asset.width}×${asset.height} sprite sheet of generation ${g.id}.`,
      },
      ...exportLinks(asset.id, stem, formats, sheetExportFiles, "sheet"),
    ],
  };
}

/** The asset's quality report in words, on a line of its own (nothing when it carries none). */
function qualityLine(g: GenerationView, asset: GenerationView["assets"][number], kind: "image" | "sheet" | "tileset"): string {
  const said = describeQuality(asset.quality, { kind, generationId: g.id, ...(g.palette ? { palette: g.palette } : {}) });
  return said ? `\n${said}` : "";
}

/**
 * A finished tileset as a tool answer: what it made and the index rule of its layout in words, the
 * seam score, previews of the tile sheet and of a small map painted with it, and links to the full
 * PNG and to each engine export (resources, and the REST paths).
 */
async function tilesetAnswer(api: AssetApi, result: GenerateResult, g: GenerationView, made: string, credits: string): Promise<CallToolResult> {
  const asset = g.assets[0]!;
  const layout = asset.layout as TilesetLayout;
  const [preview, stem] = await Promise.all([
    bytesOf(api, result.generation.assets[0]!)
      .then((bytes) => api.previews.tilesetPreview(bytes, layout))
      .catch(() => undefined),
    stemOf(api, g, asset),
  ]);
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
        name: `${stem}.png`,
        title: `${g.agentId} tileset ${asset.width}×${asset.height}`,
        mimeType: asset.mimeType,
        description: `The full ${asset.width}×${asset.height} tile sheet of generation ${g.id}.`,
      },
      ...exportLinks(asset.id, stem, formats, tilesetExportFiles, "tileset"),
    ],
  };
}

export function summary(g: GenerationView) {
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
