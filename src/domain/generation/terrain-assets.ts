/**
 * Tileset terrains that name the caller's textures (contract section 14: `tileset.terrains` items may be asset
 * ids). At submit, each must be an asset of the caller's account (else 404, nothing charged or written); when
 * the generation runs, each is read and decoded once into the job (`AgentJob.terrainImages`). A tileset of
 * surface names reads nothing more.
 */
import { AgentError, type AgentImageInput, decodeImage, isAssetRef, type TilesetRequest } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { GoneOrNotFound } from "./queries.js";
import type { GenerationStore } from "./store.js";

/** A texture larger than this a side is shrunk as it is decoded (a drawn tile is at most 512 px). */
const TERRAIN_MAX_SIDE = 1024;

const assetTerrains = (tileset: TilesetRequest | undefined): string[] => [...new Set((tileset?.terrains ?? []).filter(isAssetRef))];

/**
 * 404 naming `tileset.terrains` when a terrain names an asset the account does not have, 410 when the account
 * deleted it (`goneOrNotFound`, deletion.ts: its tombstone).
 */
export async function checkTerrainAssets(
  prisma: PrismaClient,
  accountId: string,
  tileset: TilesetRequest | undefined,
  goneOrNotFound?: GoneOrNotFound,
): Promise<void> {
  const ids = assetTerrains(tileset);
  if (ids.length === 0) return;
  const found = await prisma.asset.findMany({ where: { id: { in: ids }, accountId }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((a) => a.id === id));
  if (missing.length === 0) return;
  for (const id of missing) {
    const gone = await goneOrNotFound?.(accountId, id, "asset").catch((error: unknown) => error instanceof AppError && error.code === "gone");
    if (gone) {
      throw new AppError("gone", `tileset.terrains: the asset ${id} was deleted. Name another of your textures, or a surface ("grass").`, {
        param: "tileset.terrains",
      });
    }
  }
  throw new AppError(
    "not_found",
    `tileset.terrains: no such asset ${missing.join(", ")}. A terrain is a surface's name ("grass") or the id of one of your textures (an upload or an asset you made).`,
    { param: "tileset.terrains" },
  );
}

/** The textures a tileset's terrains name, decoded, by asset id; undefined when it names none. */
export async function loadTerrainImages(tileset: TilesetRequest, read: GenerationStore["assetSource"]): Promise<Record<string, AgentImageInput> | undefined> {
  const ids = assetTerrains(tileset);
  if (ids.length === 0) return undefined;
  const out: Record<string, AgentImageInput> = {};
  for (const id of ids) {
    const source = await read(id);
    if (!source) throw new AgentError("rejected", `tileset.terrains: the asset ${id} no longer exists.`);
    const png = Buffer.from(source.png);
    const image = await decodeImage(png, TERRAIN_MAX_SIDE);
    out[id] = {
      assetId: id,
      width: image.width,
      height: image.height,
      rgba: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      png,
    };
  }
  return out;
}
