import { AppError } from "../../contract/errors.js";
import { atlasRequest, slugOf } from "../../contract/schemas/kit.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { ReserveAndEnqueue } from "../generation/reserve-and-enqueue.js";
import { completion } from "../generation/runner.js";
import type { GenerationStore, NewGeneration } from "../generation/store.js";
import { fingerprint, type IdempotencyService } from "../idempotency/idempotency.js";
import { newId } from "../ids.js";
import { atlasOptionsOf } from "./atlas.js";
import type { KitAtlasReader } from "./view.js";

export interface AtlasPackerDeps {
  prisma: PrismaClient;
  store: GenerationStore;
  reserveAndEnqueue: ReserveAndEnqueue;
  idempotency: IdempotencyService;
  atlas: KitAtlasReader;
  atlasCredits: number;
}

/** The pixel scale of packed assets: their most common cell (a sheet's frame, a tile, an image's larger side), the smaller on a tie. */
export function scaleOf(assets: readonly { width: number; height: number; layout: unknown }[]): number {
  const counts = new Map<number, number>();
  for (const a of assets) {
    const layout = a.layout as { kind?: string; frameWidth?: number; frameHeight?: number; tileWidth?: number; tileHeight?: number } | null;
    const cell =
      layout?.kind === "sheet"
        ? Math.max(layout.frameWidth ?? 0, layout.frameHeight ?? 0)
        : layout?.kind === "tileset" || layout?.kind === "map"
          ? Math.max(layout.tileWidth ?? 0, layout.tileHeight ?? 0)
          : Math.max(a.width, a.height);
    counts.set(cell, (counts.get(cell) ?? 0) + 1);
  }
  return [...counts].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]?.[0] ?? 0;
}

/**
 * POST /api/v1/atlases (contract section 13): the caller's own assets packed as a kit's atlas. The
 * atlas is stored as a Kit whose items name their assets, so the kit's GET, pages and exports serve
 * it. Every asset is checked and the atlas packed first (another's or an unknown asset: 404 naming
 * `assets.N`; a frame larger than a page: 400 naming `atlas.maxSize`). Its price is charged as a
 * generation's is, through the same reservation statement (reserve-and-enqueue.ts, held: not
 * queued), so a key's budget applies and one Idempotency-Key replays the answer: a generation of
 * the kit (`kits.generation_id`) whose asset is the atlas's first page, ended in the call
 * (refunded if that fails). A refusal writes and charges nothing.
 */
export function createAtlasPacker(deps: AtlasPackerDeps) {
  const { prisma, store, idempotency } = deps;

  async function pack(viewer: AuthenticatedViewer, input: ReturnType<typeof parseAtlas>, recordId: string | null): Promise<string> {
    const accountId = viewer.user.accountId;
    const found = await prisma.asset.findMany({
      where: { id: { in: input.assets }, accountId },
      select: { id: true, width: true, height: true, layout: true, generationId: true, generation: { select: { prompt: true, agentId: true } } },
    });
    const byId = new Map(found.map((a) => [a.id, a]));
    const used = new Set<string>();
    const items = input.assets.map((id, i) => {
      const asset = byId.get(id);
      if (!asset) throw new AppError("not_found", `assets.${i}: no such asset of yours.`, { param: `assets.${i}` });
      const base = slugOf(asset.generation.prompt ?? "asset");
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
      used.add(name);
      return { name, generationId: asset.generationId, assetId: asset.id };
    });
    const id = newId("kit");
    const options = atlasOptionsOf(input.atlas);
    // packed before any charge: a refusal (atlas.maxSize) writes nothing; the kit's GET reads the same atlas back
    const built = await deps.atlas.atlas(viewer, id, items, options);
    const page = built.pages[0]!;
    const first = byId.get(input.assets[0]!)!;
    const row: NewGeneration = {
      id: newId("gen"),
      accountId,
      apiKeyId: viewer.kind === "api_key" ? viewer.apiKeyId : null,
      agentId: first.generation.agentId,
      prompt: `atlas of ${items.length} asset${items.length === 1 ? "" : "s"}`,
      messages: null,
      interpretation: null,
      reading: null,
      sheet: null,
      tileset: null,
      palette: null,
      // never run by a worker (held); recovered after a crash, it ends refunded (a swap without a palette)
      sourceAssetId: first.id,
      kitId: id,
      transparent: true,
      seed: 0,
      width: page.width,
      height: page.height,
      cost: deps.atlasCredits,
      idempotencyRecordId: recordId,
    };
    await deps.reserveAndEnqueue([row], { hold: true });
    try {
      // its items ended long ago: reported at once, so no kit.succeeded webhook is sent for a packing
      await prisma.kit.create({
        data: {
          id,
          accountId,
          name: "atlas",
          scale: scaleOf(found),
          items,
          atlas: { ...options },
          status: "succeeded",
          reportedAt: new Date(),
          generationId: row.id,
        },
      });
      const started = await store.start(row.id);
      if (!started) throw new AppError("generator_unavailable", "The atlas could not be stored; nothing was charged. Retry.");
      const { asset, completedAt, view } = completion(started, { png: page.png, width: page.width, height: page.height });
      await store.saveAssetBytes(asset);
      if (!(await store.complete(row.id, asset, completedAt, view)))
        throw new AppError("generator_unavailable", "The atlas could not be stored; nothing was charged. Retry.");
    } catch (error) {
      await store.fail(row.id, {
        status: "failed",
        error: { code: "generator_unavailable", message: "The atlas could not be stored; its credits were refunded.", retryable: true },
      });
      await prisma.kit.deleteMany({ where: { id } });
      throw error instanceof AppError ? error : new AppError("generator_unavailable", "The atlas could not be stored; nothing was charged. Retry.");
    }
    return id;
  }

  /** Packs the assets; with an Idempotency-Key, a repeat answers the first call's kit and charges nothing. */
  return async function packAtlas(
    viewer: AuthenticatedViewer,
    raw: unknown,
    call: { idempotencyKey?: string } = {},
  ): Promise<{ id: string; replayed: boolean }> {
    const input = parseAtlas(raw);
    if (call.idempotencyKey === undefined) return { id: await pack(viewer, input, null), replayed: false };
    idempotency.assertKey(call.idempotencyKey);
    const begun = await idempotency.begin(viewer.user.accountId, call.idempotencyKey, fingerprint("atlas", input));
    if (begun.kind === "replay") {
      const stored = JSON.parse(begun.answer.result ? Buffer.from(begun.answer.result).toString("utf8") : "{}") as { id?: string };
      if (!stored.id)
        throw new AppError("idempotency_key_reused", "This Idempotency-Key answered another request; use a new key.", { param: "Idempotency-Key" });
      return { id: stored.id, replayed: true };
    }
    try {
      let id: string;
      if (begun.resumeGenerationId) {
        // a repeat after a crash: the atlas its first call reserved, not a second charge
        const kit = await prisma.kit.findFirst({ where: { accountId: viewer.user.accountId, generationId: begun.resumeGenerationId }, select: { id: true } });
        if (!kit) throw new AppError("generator_unavailable", "The first call with this Idempotency-Key did not finish; retry in a few seconds.");
        id = kit.id;
      } else id = await pack(viewer, input, begun.recordId);
      await idempotency.complete(begun.recordId, { outcome: "succeeded", result: Buffer.from(JSON.stringify({ id })) });
      return { id, replayed: false };
    } catch (error) {
      await idempotency.abandon(begun.recordId).catch(() => undefined);
      throw error;
    }
  };
}

const parseAtlas = (raw: unknown) => parseInput(atlasRequest, raw);
