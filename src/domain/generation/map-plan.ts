import { randomInt } from "node:crypto";
import { type AgentDriver, AgentError, type MapLayout, paintGridMap, paintRandomMap, type TilesetLayout } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import { gridOf, mapRequest } from "../../contract/schemas/map.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { fingerprint } from "../idempotency/idempotency.js";
import type { MapSpec, NewGeneration } from "./store-rows.js";
import type { GenerationStore } from "./store.js";
import type { RowOf, Submission, SubmitOptions } from "./submit.js";

type SubmitRow = (viewer: AuthenticatedViewer, fingerprinted: () => string, rowOf: RowOf, options: SubmitOptions) => Promise<Submission>;

/**
 * Maps (contract section 13, POST /api/v1/assets/:id/map): a generation that paints the viewer's tileset onto a
 * grid of `width` × `height` tiles (a corner grid given, or a random natural map from `seed`), for `mapCredits`,
 * through the same money path, queue, events and Idempotency-Key as any generation. 404 for another account's
 * asset; 400 naming the field for a bad size or grid, or `id` when the asset is not a tileset; nothing charged then.
 */
export function createMaps(deps: { prisma: PrismaClient; submitRow: SubmitRow; mapCredits: number }) {
  return async function map(viewer: AuthenticatedViewer, assetId: string, raw: unknown, options: SubmitOptions = {}): Promise<Submission> {
    const input = parseInput(mapRequest, raw);
    const asset = await deps.prisma.asset.findFirst({
      where: { id: assetId, accountId: viewer.user.accountId },
      select: { id: true, width: true, height: true, layout: true, generation: true },
    });
    if (!asset) throw new AppError("not_found", "No such asset.");
    const kind = (asset.layout as { kind?: string } | null)?.kind ?? "image";
    if (kind !== "tileset") {
      throw new AppError(
        "invalid_request",
        `This asset is ${kind === "image" ? "one image" : `a ${kind}`}, not a tileset: a map is painted with a tileset's tiles (make one with tileset: {layout, terrains}).`,
        { param: "id" },
      );
    }
    const seed = input.seed ?? randomInt(0, 2 ** 31 - 1);
    const spec: MapSpec = { columns: input.width, rows: input.height, seed, ...(input.grid ? { grid: gridOf(input.grid) } : {}) };
    const g = asset.generation;
    const rowOf: RowOf = (id, recordId): NewGeneration => ({
      id,
      accountId: viewer.user.accountId,
      apiKeyId: viewer.kind === "api_key" ? viewer.apiKeyId : null,
      agentId: g.agentId,
      prompt: g.prompt,
      messages: (g.messages as NewGeneration["messages"]) ?? null,
      interpretation: (g.interpretation as NewGeneration["interpretation"]) ?? null,
      reading: null, // a map draws nothing: the prompt is not read
      sheet: null,
      tileset: null,
      palette: null,
      sourceAssetId: asset.id,
      map: spec,
      transparent: g.transparent,
      seed,
      width: asset.width,
      height: asset.height,
      cost: deps.mapCredits,
      idempotencyRecordId: recordId,
    });
    return deps.submitRow(viewer, () => fingerprint("map", { assetId, ...input }), rowOf, options);
  };
}

/** The map's layout: which of the tileset's tiles each cell shows (the layout's own autotiling rule). */
export function mapLayoutOf(tilesetAsset: string, tileset: TilesetLayout, spec: MapSpec): MapLayout {
  const painted = spec.grid ? paintGridMap(tileset, spec.grid) : paintRandomMap(tileset, spec.columns, spec.rows, spec.seed);
  return {
    kind: "map",
    columns: spec.columns,
    rows: spec.rows,
    tileWidth: tileset.tileWidth,
    tileHeight: tileset.tileHeight,
    tilesetAsset,
    cells: painted.cells.flat(),
    tileset,
  };
}

/** The "driver" of a map: the stored tileset's PNG as it is, with the map's layout. Nothing is drawn. */
export function mapper(sourceAssetId: string, spec: MapSpec, read: GenerationStore["assetSource"]): AgentDriver {
  return {
    async generate(job) {
      const source = await read(sourceAssetId);
      if (!source) throw new AgentError("rejected", "The tileset of this map no longer exists.");
      const tileset = source.layout as TilesetLayout | null;
      if (tileset?.kind !== "tileset") throw new AgentError("rejected", "A map's source is not a tileset.");
      return { images: [{ png: Buffer.from(source.png), width: job.width, height: job.height, layout: mapLayoutOf(sourceAssetId, tileset, spec) }] };
    },
  };
}
