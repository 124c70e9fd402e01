import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { DEFAULT_GODOT_DIR } from "../../contract/schemas/exports.js";
import { BlobUnavailableError, type BlobStore } from "../../infra/blobs/blob-store.js";
import type { AssetBytes, AssetRef } from "../generation/asset-bytes.js";
import { exportFormat } from "./export-asset.js";
import type { ExportFormat, ExportLayout } from "./formats.js";
import { renderExport } from "./render.js";

/**
 * Bump when any renderer's output changes: the exports kept in the store under the old version are then
 * derived again (and the old ones swept with their asset).
 */
export const EXPORTS_VERSION = 2;

/** Formats that carry the PNG (derived once per asset and kept in the store); the others are text read from the row alone. */
const carriesPng = (format: ExportFormat, layout: ExportLayout): boolean =>
  format === "zip" || format === "tiled" || (format === "godot" && layout?.kind === "map");

/**
 * Where an asset's derived export is kept. Assets share bytes (a map's PNG is its tileset's, the same prompt
 * drawn twice): their exports are told apart by a hash of what the files say besides the pixels (a map's layout,
 * the files' names, Godot's folder).
 */
function exportPrefix(sha256: string, format: ExportFormat, layout: ExportLayout, name: string, godotDir: string): string {
  const said = JSON.stringify([layout?.kind === "map" ? layout : null, name, godotDir]);
  return `exports/${sha256}/${format}-v${EXPORTS_VERSION}-${createHash("sha256").update(said).digest("hex").slice(0, 16)}/`;
}

export interface StoredAsset extends AssetRef {
  width: number;
  height: number;
  layout: unknown;
  /** The stem of every file the export names (a slug of the asset's prompt or item name). */
  name: string;
}

export interface ServedExport {
  fileName: string;
  contentType: string;
  sha256: string;
  size: number;
  /** The file's bytes, read when called (a 304 never reads them). */
  open(): Promise<Readable>;
  bytes(): Promise<Buffer>;
}

/**
 * An asset's export (contract section 12), as served: a text format (Godot, Aseprite, TexturePacker) is rendered
 * from the row (never reading the PNG); one that carries the PNG (zip, Tiled) is derived once per asset, format and
 * `EXPORTS_VERSION` and kept in the blob store under `exports/<asset sha256>/<format>-v<version>/<its sha256>`,
 * then served from there.
 */
export function createStoredExports(blobs: BlobStore, assetBytes: AssetBytes) {
  /** Derivations under way, by their prefix: calls that arrive meanwhile wait for the one (twenty zips at once read the PNG once). */
  const deriving = new Map<string, Promise<ServedExport>>();
  return async function serveExport(asset: StoredAsset, format: string, godotDir: string = DEFAULT_GODOT_DIR): Promise<ServedExport> {
    const layout = exportFormat(asset, format);
    const f = format as ExportFormat;
    const source = { assetId: asset.id, name: asset.name, godotDir, width: asset.width, height: asset.height, layout };
    if (!carriesPng(f, layout)) {
      const file = renderExport(f, { ...source, png: new Uint8Array(0) });
      return fromBuffer(file.fileName, file.contentType, file.body);
    }
    const prefix = exportPrefix(asset.sha256, f, layout, asset.name, godotDir);
    for await (const entry of blobs.list(prefix)) {
      const sha256 = entry.key.slice(-64);
      return {
        fileName: f === "zip" ? `${asset.name}.zip` : `${asset.name}.${f}.zip`,
        contentType: "application/zip",
        sha256,
        size: entry.size,
        open: () => blobs.stream(entry.key).catch(named(asset)),
        bytes: () => blobs.get(entry.key).catch(named(asset)),
      };
    }
    const running = deriving.get(prefix);
    if (running) return running;
    const derived = (async () => {
      const file = renderExport(f, { ...source, png: await assetBytes.bytes(asset) });
      const body = Buffer.from(file.body);
      await blobs.put(prefix, body);
      return fromBuffer(file.fileName, file.contentType, body);
    })().finally(() => deriving.delete(prefix));
    deriving.set(prefix, derived);
    return derived;
  };
}

export type StoredExports = ReturnType<typeof createStoredExports>;

function fromBuffer(fileName: string, contentType: string, body: Uint8Array): ServedExport {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return {
    fileName,
    contentType,
    sha256: sha256Of(bytes),
    size: bytes.byteLength,
    open: async () => Readable.from([bytes]),
    bytes: async () => bytes,
  };
}

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const named = (asset: AssetRef) => (error: unknown) => {
  throw error instanceof BlobUnavailableError && !error.assetId
    ? new BlobUnavailableError(error.key, error.reason, { cause: error.cause, assetId: asset.id })
    : error;
};
