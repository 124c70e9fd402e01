import type { SheetLayout, SheetQuality, TilesetLayout, TilesetQuality } from "../../agents/index.js";
import type { AssetView, GenerationView } from "../../contract/schemas/generation.js";
import { exportFormatsFor } from "../exports/formats.js";
import type { Generation } from "../../generated/prisma/client.js";

export type { AssetView, GenerationView } from "../../contract/schemas/generation.js";

export interface AssetRow {
  id: string;
  mimeType: string;
  width: number;
  height: number;
  byteLength: number;
  sha256: string;
  /** A sheet's layout and measured quality (null or absent for one image). */
  layout?: SheetLayout | TilesetLayout | null | unknown;
  quality?: SheetQuality | TilesetQuality | null | unknown;
  bytes?: Uint8Array;
  /** The bytes already in base64 (a read that encoded them in SQL), instead of `bytes`. */
  b64?: string;
}

export function assetView(asset: AssetRow, withB64: boolean): AssetView {
  const layout = (asset.layout ?? null) as SheetLayout | TilesetLayout | null;
  const b64 = !withB64 ? undefined : (asset.b64 ?? (asset.bytes ? Buffer.from(asset.bytes).toString("base64") : undefined));
  return {
    id: asset.id,
    url: `/api/v1/assets/${asset.id}`,
    mimeType: asset.mimeType,
    width: asset.width,
    height: asset.height,
    bytes: asset.byteLength,
    sha256: asset.sha256,
    ...(b64 === undefined ? {} : { b64 }),
    ...(layout ? { layout } : {}),
    ...(asset.quality ? { quality: asset.quality as NonNullable<AssetView["quality"]> } : {}),
    exports: Object.fromEntries(exportFormatsFor(layout).map((format) => [format, `/api/v1/assets/${asset.id}/export/${format}`])),
  };
}

/** The columns a view needs (a full row, or one built from what the accepting statement returned); `sheet` as stored (JSON). */
export type GenerationRow = Omit<GenerationColumns, "sheet" | "tileset" | "palette" | "map"> & {
  sheet: unknown;
  tileset: unknown;
  palette: unknown;
  map?: unknown;
  /** True when `sourceAssetId` is the caller's picture (contract section 14's `image`). */
  imageInput?: boolean;
};
type GenerationColumns = Pick<
  Generation,
  | "id"
  | "status"
  | "agentId"
  | "prompt"
  | "messages"
  | "transparent"
  | "seed"
  | "width"
  | "height"
  | "createdAt"
  | "startedAt"
  | "completedAt"
  | "cost"
  | "creditState"
  | "errorCode"
  | "errorMessage"
  | "interpretation"
  | "sheet"
  | "tileset"
  | "palette"
  | "sourceAssetId"
  | "projectId"
  | "map"
  | "badge"
>;

export function generationView(g: GenerationRow, assets: AssetRow[], balance: number, withB64 = true): GenerationView {
  const refunded = g.creditState === "refunded" ? g.cost : 0;
  return {
    id: g.id,
    status: g.status,
    agentId: g.agentId,
    prompt: g.prompt,
    ...(g.messages === null ? {} : { messages: g.messages as GenerationView["messages"] }),
    transparent: g.transparent,
    seed: g.seed,
    width: g.width,
    height: g.height,
    ...(g.sheet === null ? {} : { sheet: g.sheet as NonNullable<GenerationView["sheet"]> }),
    ...(g.tileset === null ? {} : { tileset: g.tileset as NonNullable<GenerationView["tileset"]> }),
    ...(g.palette === null ? {} : { palette: g.palette as NonNullable<GenerationView["palette"]> }),
    ...(g.sourceAssetId ? (g.imageInput ? { image: g.sourceAssetId } : g.map ? { mapOf: g.sourceAssetId } : { recolorOf: g.sourceAssetId }) : {}),
    ...(g.projectId ? { projectId: g.projectId } : {}),
    ...(g.badge ? { badge: g.badge as NonNullable<GenerationView["badge"]> } : {}),
    createdAt: g.createdAt.toISOString(),
    startedAt: g.startedAt?.toISOString() ?? null,
    completedAt: g.completedAt?.toISOString() ?? null,
    assets: assets.map((a) => assetView(a, withB64)),
    credits: { charged: g.cost - refunded, refunded, balance },
    interpretation: (g.interpretation as GenerationView["interpretation"]) ?? null,
    ...(g.errorCode ? { error: { code: g.errorCode, message: g.errorMessage ?? "" } } : {}),
  };
}
