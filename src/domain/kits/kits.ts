import { createHash } from "node:crypto";
import type { AtlasOptions, SheetLayout } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import { type KitEstimateView, type KitItemRequest, type KitRequest, kitRequest, type KitView, slugOf } from "../../contract/schemas/kit.js";
import { exportQuery } from "../../contract/schemas/exports.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { GenerationEvents } from "../generation/events.js";
import type { ReserveAndEnqueue } from "../generation/reserve-and-enqueue.js";
import type { GenerationStore, NewGeneration } from "../generation/store.js";
import type { Prepare, SubmitOptions } from "../generation/submit.js";
import { ATLAS_EXPORT_FORMATS, type AtlasExportFormat, godotDirOf, renderAtlasExport } from "../exports/atlas-exports.js";
import type { ExportFile } from "../exports/formats.js";
import { fingerprint, type IdempotencyService } from "../idempotency/idempotency.js";
import { newId } from "../ids.js";
import { consumeQuota } from "../limits.js";
import { findProject, paletteInput } from "../projects/defaults.js";
import { atlasOptionsOf } from "./atlas.js";
import { openKitEvents } from "./kit-events.js";
import { type KitAtlasReader, kitView } from "./view.js";

export interface KitDeps {
  prisma: PrismaClient;
  store: GenerationStore;
  reserveAndEnqueue: ReserveAndEnqueue;
  queue: Pick<JobQueue, "drop">;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  events: GenerationEvents;
  /** submit.ts's planning of one generation (validation against the agent, size, price, the row). */
  prepare: Prepare;
  /** The frames of a kit's atlas (view.ts). */
  atlas: KitAtlasReader;
  generatePerMinute: number;
}

export interface KitSubmission {
  kit: KitView;
  replayed: boolean;
  json: string;
}

/** An item's generation request: the kit's scale, palette, transparency and seed, the item's own fields. */
function itemBody(kit: KitRequest, item: KitItemRequest, index: number, transparent: boolean): Record<string, unknown> {
  const scale = kit.scale ?? 32;
  return {
    prompt: item.prompt,
    ...(item.agentId ? { agentId: item.agentId } : {}),
    ...(item.sheet ? { sheet: item.sheet } : {}),
    ...(item.tileset ? { tileset: item.tileset } : {}),
    width: item.width ?? scale,
    height: item.height ?? scale,
    // a kit's icons stand alone unless an item asks for a badge (agents that draw none ignore it)
    badge: item.badge ?? "none",
    ...(kit.palette !== undefined ? { palette: kit.palette } : {}),
    ...(transparent ? { transparent: true } : {}),
    ...(kit.seed !== undefined ? { seed: (kit.seed + index) % 2 ** 31 } : {}),
    ...(kit.projectId !== undefined ? { projectId: kit.projectId } : {}),
  };
}

/** An item's error, named by its place in the kit (`items.3.width`). */
function asItemError(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  const param = `items.${index}${error.param ? `.${error.param}` : ""}`;
  return new AppError(error.code, `${param}: ${error.message}`, { param, ...(error.details ? { details: error.details } : {}) });
}

/**
 * Kits (contract section 13): 1–64 generations of one call at one pixel scale, planned each as a
 * generation is (submit.ts), priced as the sum and reserved all or nothing in ONE statement (the
 * money path shared with every call: reserve-and-enqueue.ts), under one Idempotency-Key. The call
 * waits for every item; an item that fails is refunded (by its own end) and named in `failed`; one
 * still running when the wait ends is canceled and refunded. Only when every item fails does the
 * kit fail (its first failure is the error). Any refusal before the reservation writes nothing.
 */
export function createKits(deps: KitDeps) {
  const { prisma, store, events, idempotency } = deps;
  const generatePolicy = { name: "generate", limit: deps.generatePerMinute, windowSeconds: 60 };

  async function plan(viewer: AuthenticatedViewer, raw: unknown) {
    const input = await withProject(viewer, parseInput(kitRequest, raw));
    const planned = [];
    for (const [i, item] of input.items.entries()) {
      const name = item.name ?? slugOf(item.prompt);
      try {
        planned.push({ name, ...(await deps.prepare(viewer, itemBody(input, item, i, input.transparent === true && item.tileset === undefined))) });
      } catch (error) {
        // `transparent` applies to the items whose agent supports it.
        if (error instanceof AppError && error.param === "transparent" && input.transparent) {
          try {
            planned.push({ name, ...(await deps.prepare(viewer, itemBody(input, item, i, false))) });
            continue;
          } catch (again) {
            throw asItemError(again, i);
          }
        }
        throw asItemError(error, i);
      }
    }
    return { input, planned };
  }

  /** The kit with its project's defaults (scale, palette, transparent) where it gives none (section 13). */
  async function withProject(viewer: AuthenticatedViewer, input: KitRequest): Promise<KitRequest> {
    if (input.projectId === undefined) return input;
    const project = await findProject(prisma, viewer.user.accountId, input.projectId);
    return {
      ...input,
      ...(input.scale === undefined && project.scale !== null ? { scale: project.scale as KitRequest["scale"] } : {}),
      ...(input.palette === undefined && project.palette ? { palette: paletteInput(project.palette) as KitRequest["palette"] } : {}),
      ...(input.transparent === undefined && project.transparent !== null ? { transparent: project.transparent } : {}),
    };
  }

  const balanceOf = async (accountId: string) => (await prisma.account.findUnique({ where: { id: accountId }, select: { balance: true } }))?.balance ?? 0;

  async function estimate(viewer: AuthenticatedViewer, raw: unknown): Promise<KitEstimateView> {
    const { input, planned } = await plan(viewer, raw);
    const price = planned.reduce((sum, p) => sum + p.estimate.credits.price, 0);
    const balance = await balanceOf(viewer.user.accountId);
    return {
      dryRun: true,
      scale: input.scale ?? 32,
      items: planned.map((p) => ({
        name: p.name,
        agentId: p.estimate.agentId,
        width: p.estimate.width,
        height: p.estimate.height,
        output: p.estimate.output,
        price: p.estimate.credits.price,
      })),
      credits: { price, balance, sufficient: balance >= price },
    };
  }

  /** Waits for every item; cancels (refunds) those still unfinished. */
  async function settle(accountId: string, ids: string[], waitMs: number, stop?: AbortSignal): Promise<GenerationView[]> {
    const endings = await Promise.all(ids.map((id) => events.waitForEnd(accountId, id, waitMs, stop)));
    const out: GenerationView[] = [];
    for (const ending of endings) {
      const g = ending.generation;
      if (g.status === "queued" || g.status === "running") {
        const canceled = await store.fail(g.id, {
          status: "canceled",
          accountId,
          error: { code: "canceled", message: `This item was not done within ${Math.round(waitMs / 1000)} s; its credits were refunded.`, retryable: true },
        });
        if (canceled) deps.queue.drop?.(g.id);
        out.push(await events.current(accountId, g.id));
      } else out.push(g);
    }
    return out;
  }

  async function run(
    viewer: AuthenticatedViewer,
    input: KitRequest,
    planned: Awaited<ReturnType<typeof plan>>["planned"],
    recordId: string | null,
    options: SubmitOptions,
  ) {
    const accountId = viewer.user.accountId;
    const id = newId("kit");
    // each item's row names its kit: its ending reports the kit (outbox.ts kitReport), a plain generation's does not
    const rows: NewGeneration[] = planned.map((p, i) => ({ ...p.rowOf(newId("gen"), i === 0 ? recordId : null), kitId: id }));
    await deps.reserveAndEnqueue(rows, { batch: true, kit: true });
    const items = planned.map((p, i) => ({ name: p.name, generationId: rows[i]!.id }));
    const atlas = atlasOptionsOf(input.atlas);
    const palette = input.palette === undefined ? null : typeof input.palette === "string" ? { name: input.palette } : { colors: input.palette };
    await prisma.kit.create({
      data: {
        id,
        accountId,
        projectId: input.projectId ?? null,
        name: input.name ?? null,
        scale: input.scale ?? 32,
        palette: palette ?? undefined,
        items,
        atlas: { ...atlas },
        status: "running",
      },
    });
    // items that ended before the kit's row existed found no kit to report
    await store.reportKit({ kitId: id });
    // `Prefer: respond-async`: answered running at once; GET settles its status once every item has ended.
    if (options.waitMs === undefined) return get(viewer, id);
    const generations = await settle(
      accountId,
      rows.map((r) => r.id),
      options.waitMs ?? 60_000,
      options.stop,
    );
    const succeeded = generations.filter((g) => g.status === "succeeded").length;
    const status = succeeded > 0 ? "succeeded" : "failed";
    await prisma.kit.update({ where: { id }, data: { status } });
    if (status === "failed") {
      const failed = generations.find((g) => g.status === "failed");
      if (failed) throw events.failureOf({ generation: failed });
      throw new AppError("generator_unavailable", "No item of the kit was done in time: every item was canceled and refunded. Retry later.", {
        headers: { "retry-after": "5" },
        details: { reason: "timeout", retryAfterSeconds: 5, kitId: id },
      });
    }
    return get(viewer, id);
  }

  async function submit(viewer: AuthenticatedViewer, raw: unknown, options: SubmitOptions = {}): Promise<KitSubmission> {
    const { input, planned } = await plan(viewer, raw);
    if (input.dryRun) throw new AppError("invalid_request", "dryRun answers an estimate: call estimate.", { param: "dryRun" });
    if (options.idempotencyKey !== undefined) idempotency.assertKey(options.idempotencyKey);
    await consumeQuota(deps.limiter, generatePolicy, `acc:${viewer.user.accountId}`, options.onQuota);
    const answer = (kit: KitView, replayed = false): KitSubmission => ({ kit, replayed, json: JSON.stringify(kit) });
    if (options.idempotencyKey === undefined) return answer(await run(viewer, input, planned, null, options));

    const begun = await idempotency.begin(viewer.user.accountId, options.idempotencyKey, fingerprint("kit", input));
    if (begun.kind === "replay") {
      const json = begun.answer.result ? Buffer.from(begun.answer.result).toString("utf8") : "{}";
      return { kit: JSON.parse(json) as KitView, replayed: true, json };
    }
    try {
      let kit: KitView;
      if (begun.resumeGenerationId) {
        // A repeat after a crash: the kit its first call reserved, not a second one.
        const found = await prisma.kit.findFirst({
          where: { accountId: viewer.user.accountId, items: { array_contains: [{ generationId: begun.resumeGenerationId }] } },
          select: { id: true },
        });
        if (!found) throw new AppError("generator_unavailable", "The first call with this Idempotency-Key did not finish; retry in a few seconds.");
        kit = await get(viewer, found.id);
      } else kit = await run(viewer, input, planned, begun.recordId, options);
      const submission = answer(kit);
      await idempotency.complete(begun.recordId, { outcome: "succeeded", result: Buffer.from(submission.json) });
      return submission;
    } catch (error) {
      await idempotency.abandon(begun.recordId).catch(() => undefined);
      throw error;
    }
  }

  /** The viewer's kit (404 otherwise): its items' generations as they stand, and its atlas. */
  async function get(viewer: AuthenticatedViewer, id: string): Promise<KitView> {
    const accountId = viewer.user.accountId;
    const row = await prisma.kit.findFirst({ where: { id, accountId } });
    if (!row) throw new AppError("not_found", "No such kit.");
    const items = row.items as { name: string; generationId: string; assetId?: string }[];
    const generations = await Promise.all(items.map((item) => events.current(accountId, item.generationId)));
    if (row.reportedAt === null && generations.every((g) => g.status !== "queued" && g.status !== "running")) {
      // every item is over: settles the status and reports the kit, once (heals a report lost to a crash)
      await store.reportKit({ kitId: id });
      row.status = generations.some((g) => g.status === "succeeded") ? "succeeded" : "failed";
    }
    // an atlas of your own assets is charged by its packing's generation, not by its items' (made and charged before)
    const charging = row.generationId ? [await events.current(accountId, row.generationId)] : generations;
    return kitView(viewer, row, items, generations, await balanceOf(accountId), deps.atlas, charging);
  }

  /** The viewer's kit's events (404 if it is not theirs): its items' generation events, then `kit.completed` (kit-events.ts). */
  async function kitEvents(viewer: AuthenticatedViewer, id: string) {
    const row = await prisma.kit.findFirst({ where: { id, accountId: viewer.user.accountId }, select: { id: true, items: true } });
    if (!row) throw new AppError("not_found", "No such kit.");
    const items = row.items as { name: string; generationId: string }[];
    return openKitEvents(events, viewer, { id: row.id, items }, () => get(viewer, id));
  }

  /** The viewer's kit's atlas (404 for another's kit, or before an item succeeded), named for its files. */
  async function atlas(viewer: AuthenticatedViewer, id: string) {
    const accountId = viewer.user.accountId;
    const row = await prisma.kit.findFirst({ where: { id, accountId } });
    if (!row) throw new AppError("not_found", "No such kit.");
    const items = row.items as { name: string; generationId: string; assetId?: string }[];
    const generations = await Promise.all(items.map((item) => events.current(accountId, item.generationId)));
    const done = items.flatMap((item, i) => {
      const asset = generations[i]?.status === "succeeded" ? (item.assetId ?? generations[i].assets[0]?.id) : undefined;
      return asset ? [{ name: item.name, assetId: asset }] : [];
    });
    if (done.length === 0) throw new AppError("not_found", "This kit has no atlas: none of its items succeeded.");
    const built = await deps.atlas.atlas(viewer, row.id, done, row.atlas as unknown as AtlasOptions);
    return { kit: row, items: done, generations, built, slug: slugOf(row.name ?? "kit") };
  }

  /** Page `index` of the kit's atlas as PNG. */
  async function page(viewer: AuthenticatedViewer, id: string, index: number) {
    const { built, slug } = await atlas(viewer, id);
    const p = built.pages[index];
    if (!p) throw new AppError("not_found", `No such page: this atlas has ${built.pages.length} (0…${built.pages.length - 1}).`);
    return { bytes: p.png, sha256: createHash("sha256").update(p.png).digest("hex"), fileName: `${slug}-${index}.png` };
  }

  /** An engine file of the kit's atlas (contract section 13); 404 listing the formats for an unknown one. */
  async function exportFile(viewer: AuthenticatedViewer, id: string, format: string, godotDir?: string | null): Promise<ExportFile> {
    parseInput(exportQuery, { godotDir });
    if (!(ATLAS_EXPORT_FORMATS as readonly string[]).includes(format)) {
      throw new AppError("not_found", `No atlas export "${format}"; a kit has: ${ATLAS_EXPORT_FORMATS.join(", ")}.`, {
        details: { formats: [...ATLAS_EXPORT_FORMATS] },
      });
    }
    const { built, slug, items, generations } = await atlas(viewer, id);
    const sheets = items.flatMap((item) => {
      const layout = generations.flatMap((x) => x.assets).find((a) => a.id === item.assetId)?.layout;
      return layout?.kind === "sheet" ? [{ item: item.name, layout: layout as SheetLayout }] : [];
    });
    return renderAtlasExport(format as AtlasExportFormat, {
      slug,
      pages: built.pages,
      frames: built.frames,
      sheets,
      godotDir: godotDirOf(godotDir),
    });
  }

  return { submit, estimate, get, events: kitEvents, atlas, page, export: exportFile };
}

export type Kits = ReturnType<typeof createKits>;
