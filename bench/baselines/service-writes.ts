/**
 * Row (b″) of `npm run bench` (`IRREDUCIBLE_WRITES=service` on bench/baselines/irreducible.ts): the
 * irreducible handler that writes what the service writes for one synchronous generation, with the
 * service's own two statements and nothing else of the service around them.
 *
 * Per request: the reservation (`store.reserveMany` of one row, one statement, committed without the WAL flush as
 * a one-shot call's is), the service's drawing in process (as (b′)), then the completion
 * (`store.complete` with what the runner's `completion` builds, one durable statement: the asset,
 * the charge's end, the held `started`, `progress` and `preview` events, `completed`) after the asset's bytes went to the
 * blob store (`store.saveAssetBytes`, as the runner does), and the completed event's data answered as JSON, b64
 * included (what POST /api/v1/generate answers). No key lookup (as (b)), no validation, no rate
 * limit, no queue, no drawing thread, no framework: the ceiling of any handler over the service's
 * storage. (c) over (b″) is what the service's own machinery costs; (b′) over (b″) what its writes do.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.js";
import { openBlobStore } from "../../src/infra/blobs/open-blob-store.js";
import { draw } from "../../src/agents/procedural/draw-task.js";
import { interpretPrompt, interpretSprite } from "../../src/agents/procedural/index.js";
import { newId } from "../../src/domain/ids.js";
import { completion } from "../../src/domain/generation/runner.js";
import { createGenerationStore, startedEvent, type NewGeneration, type PendingEvent } from "../../src/domain/generation/store.js";
import { Prisma, openDatabase } from "../../src/infra/db/database.js";
import { createInProcessEventBus } from "../../src/infra/events/bus.js";
import { createLogger } from "../../src/infra/logger.js";

export interface ServiceWrites {
  /** One generation of `width`×`height` with `seed`, reserved, drawn and completed: its answer as JSON. */
  generate(width: number, height: number, seed: number): Promise<string>;
  close(): Promise<void>;
}

const prompt = "red slime";
const agentId = "pixel-sprite";

export async function openServiceWrites(databaseUrl: string): Promise<ServiceWrites> {
  const logger = createLogger("warn");
  const db = await openDatabase({ databaseUrl, dataDir: "", logger });
  await db.migrate();
  // The rows the generations refer to: the agent (as the catalog's sync writes it) and one account.
  await db.sql(Prisma.sql`INSERT INTO "agents" ("id", "name", "description", "credits", "sizes", "default_width", "default_height",
    "supports_transparent", "formats", "driver", "updated_at")
    VALUES (${agentId}, 'Pixel sprite', 'bench', 1, '[{"width":64,"height":64}]'::jsonb, 64, 64, true, '{png}'::text[], 'procedural-sprite', now())`);
  const accountId = newId("acc");
  await db.sql(Prisma.sql`INSERT INTO "accounts" ("id", "balance", "updated_at") VALUES (${accountId}, 1000000000, now())`);
  // The asset's bytes go where the service's go (BLOB_STORE and its settings; files under a temporary folder by default).
  const blobDir = await mkdtemp(join(tmpdir(), "bench-blobs-"));
  const config = loadConfig({ BLOB_DIR: blobDir, ...process.env });
  const blobs = await openBlobStore(config.blobs, blobDir);
  const store = createGenerationStore(db.prisma, createInProcessEventBus({ logger }), db.sql, blobs);
  // read once, as the service reads a generation's prompt once (at submit) and draws from that reading
  const reading = interpretPrompt({ prompt });
  const interpretation = interpretSprite(reading);

  async function generate(width: number, height: number, seed: number): Promise<string> {
    const row: NewGeneration = {
      id: newId("gen"),
      accountId,
      apiKeyId: null,
      agentId,
      prompt,
      messages: null,
      interpretation,
      reading,
      sheet: null,
      tileset: null,
      palette: null,
      sourceAssetId: null,
      transparent: false,
      seed,
      width,
      height,
      cost: 1,
      idempotencyRecordId: null,
    };
    const reserved = await store.reserveMany(db.sql, [row], 1_000_000, { flush: false });
    if (!reserved) throw new Error("the bench account ran out of credits");
    const startedAt = new Date();
    // The progress a fast generation's runner holds back and stores with its completion: its first
    // report, a report with a preview (with the preview, its PNG in base64) and the one at 100 %
    // (runner-progress.ts keeps no other report within its first 100 ms).
    const pending: PendingEvent[] = [startedEvent(row.id)];
    const image = await draw({ generator: agentId, spec: reading, width, height, transparent: false, seed }, (p) => {
      if (pending.length > 1 && p.percent < 100 && !p.preview) return;
      pending.push({ type: "generation.progress", data: { id: row.id, percent: p.percent, stage: p.stage } });
      if (p.preview)
        pending.push({
          type: "generation.preview",
          data: { id: row.id, b64: p.preview.png.toString("base64"), width: p.preview.width, height: p.preview.height },
        });
    });
    const g = {
      ...row,
      projectId: row.projectId ?? null,
      badge: row.badge ?? null,
      status: "running",
      creditState: "reserved",
      attempt: 1,
      createdAt: reserved.createdAt,
      startedAt,
      completedAt: null,
      errorCode: null,
      errorMessage: null,
    } as const;
    const { asset, completedAt, view } = completion(g, { png: Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength), width, height });
    await store.saveAssetBytes(asset);
    const completed = await store.complete(row.id, asset, completedAt, view, pending, startedAt);
    if (!completed) throw new Error(`generation ${row.id} was not completed`);
    return JSON.stringify(completed.data);
  }

  return {
    generate,
    close: async () => {
      await db.close();
      await blobs.close();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}
