import type { BlobStore } from "../../infra/blobs/blob-store.js";
import { createAssetBytes, type AssetBytes } from "./asset-bytes.js";
import type { PrismaClient, SqlRunner } from "../../infra/db/database.js";
import type { EventBus, GenerationEventMessage } from "../../infra/events/bus.js";
import type { InterpretationView, Message } from "../../contract/schemas/generation.js";
import type { SheetSpec } from "../../contract/schemas/sheet.js";
import type { AssetQualityReport, DetectedGrid, MapLayout, PromptReading, SheetLayout, TilesetLayout, TilesetRequest } from "../../agents/index.js";

/** A palette as a generation stores it: its name when named, and its colours (`#rrggbb`). */
export interface PaletteSpec {
  name?: string;
  colors: string[];
}
import type { GenerationRow } from "./view.js";

/** A map as its generation stores it: its size in tiles, and a corner grid (0/1 per corner) or the random map's seed. */
export interface MapSpec {
  columns: number;
  rows: number;
  seed: number;
  grid?: number[][];
}

/** A generation as a call asks for it: the row its reservation creates. */
export interface NewGeneration {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  agentId: string;
  prompt: string | null;
  messages: Message[] | null;
  interpretation: InterpretationView | null;
  /** The driver's reading of the prompt (`AgentDriver.read`), made once at submit for the drawing; null for models. */
  reading: PromptReading | null;
  /** A sprite sheet's request (defaults filled in); null for one image. */
  sheet: SheetSpec | null;
  /** A tileset's request; null otherwise. */
  tileset: TilesetRequest | null;
  /** The palette asked for; null otherwise. */
  palette: PaletteSpec | null;
  /** A palette swap: the asset mapped onto `palette` (nothing is drawn); a map: its tileset; null for a drawing. */
  sourceAssetId: string | null;
  /** True when `sourceAssetId` is the caller's picture for the agent (contract section 14's `image`); absent or false otherwise. */
  imageInput?: boolean;
  /** A data URL's picture to store as the caller's upload before the row is reserved (its id becomes `sourceAssetId`). */
  storeImage?: () => Promise<string>;
  /** The project it is filed under (section 13); null when none. */
  projectId?: string | null;
  /** A map of the tileset `sourceAssetId` (POST /api/v1/assets/:id/map); absent or null otherwise. */
  map?: MapSpec | null;
  /** Icons: the badge asked for; null when the size and the prompt decide. */
  badge?: string | null;
  /** The kit it is an item of (or whose atlas it charges); absent or null outside a kit: only a kit's generations report it when they end. */
  kitId?: string | null;
  transparent: boolean;
  seed: number;
  width: number;
  height: number;
  cost: number;
  idempotencyRecordId: string | null;
}

export interface StoredImage {
  assetId: string;
  png: Buffer;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
  /** A sheet's layout and measured quality; null or absent for one image. */
  layout?: SheetLayout | TilesetLayout | MapLayout | null;
  quality?: AssetQualityReport | null;
  /** The pixel fixer's reading of the caller's picture: joins the generation's interpretation as `detected`. */
  detected?: DetectedGrid | null;
}

export interface FailureInput {
  status: "failed" | "canceled";
  /** The contract's error object (without requestId): code, message, retryable, and param/details where they apply. */
  error: { code: string; message: string; retryable: boolean; param?: string; details?: Record<string, unknown> };
  /** Only a generation of this account is touched (cancel by its owner). */
  accountId?: string;
}

/** An event the runner held back (a fast generation's progress), stored with the statement that completes it. */
export interface PendingEvent {
  type: string;
  data: Record<string, unknown>;
}

/** A generation's row as the runner needs it (the database's columns, named as Prisma names them). */
export type GenerationRecord = Omit<GenerationRow, "map"> & {
  accountId: string;
  cost: number;
  attempt: number;
  reading: PromptReading | null;
  map?: MapSpec | null;
};

/** An event row as a statement returns it: its sequence number and its data as JSON text. */
export type EventRow = { seq: number; data: string; deliveries?: number };

/** `generation.queued`'s data, as the reservation stores it and `publishQueued` publishes it. */
export const queuedData = (g: Pick<NewGeneration, "id" | "agentId">) => JSON.stringify({ id: g.id, agentId: g.agentId });

/**
 * `generation.started`'s data, as `start` writes it (`jsonb_build_object('id', …)`): the runner
 * holds it back with a fast generation's progress when its start is held (see `complete`).
 */
export const startedEvent = (id: string): PendingEvent => ({ type: "generation.started", data: { id } });

/** Maps a `generations` row read straight from the driver (snake_case) to a GenerationRecord. */
export function toRecord(r: Record<string, unknown>): GenerationRecord {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    status: r.status as GenerationRecord["status"],
    agentId: r.agent_id as string,
    prompt: (r.prompt as string | null) ?? null,
    messages: (r.messages as GenerationRecord["messages"]) ?? null,
    interpretation: (r.interpretation as GenerationRecord["interpretation"]) ?? null,
    reading: (r.reading as PromptReading | null) ?? null,
    sheet: (r.sheet as GenerationRecord["sheet"]) ?? null,
    tileset: (r.tileset as GenerationRecord["tileset"]) ?? null,
    palette: (r.palette as GenerationRecord["palette"]) ?? null,
    sourceAssetId: (r.source_asset_id as string | null) ?? null,
    imageInput: r.image_input === true,
    projectId: (r.project_id as string | null) ?? null,
    map: (r.map as MapSpec | null) ?? null,
    badge: (r.badge as string | null) ?? null,
    transparent: Boolean(r.transparent),
    seed: Number(r.seed),
    width: Number(r.width),
    height: Number(r.height),
    cost: Number(r.cost),
    creditState: r.credit_state as GenerationRecord["creditState"],
    attempt: Number(r.attempt),
    errorCode: (r.error_code as string | null) ?? null,
    errorMessage: (r.error_message as string | null) ?? null,
    createdAt: date(r.created_at)!,
    startedAt: date(r.started_at),
    completedAt: date(r.completed_at),
  };
}

/** What each part of the store works with (store.ts builds it once). */
/** INLINE_B64_MAX_BYTES's default (src/config.ts): 4 MiB. */
export const DEFAULT_INLINE_B64_MAX_BYTES = 4 * 1024 * 1024;

export interface StoreContext {
  prisma: PrismaClient;
  /** Where asset bytes live (contract section 15). */
  blobs: BlobStore;
  /** Every read of an asset's bytes. */
  assetBytes: AssetBytes;
  bus: EventBus;
  /** The driver directly (Database.sql): the statements every generation runs. */
  sql: SqlRunner;
  /** Called when an ending wrote webhook deliveries (the dispatcher's kick). */
  onDeliveries?: () => void;
  /** An asset's bytes go inline (`b64`) only up to this size (INLINE_B64_MAX_BYTES); larger ones are fetched from `url`. */
  inlineB64MaxBytes: number;
  /**
   * Publishes the event a statement stored (its first row), `fill` completing its data (the
   * completed event's b64); undefined when the statement stored none.
   */
  publish(
    generationId: string,
    rows: EventRow[],
    type: string,
    fill?: (data: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<GenerationEventMessage | undefined>;
}

export function storeContext(
  prisma: PrismaClient,
  bus: EventBus,
  sql: SqlRunner,
  blobs: BlobStore,
  onDeliveries?: () => void,
  inlineB64MaxBytes = DEFAULT_INLINE_B64_MAX_BYTES,
): StoreContext {
  return {
    prisma,
    inlineB64MaxBytes,
    blobs,
    assetBytes: createAssetBytes(blobs, sql),
    bus,
    sql,
    onDeliveries,
    async publish(generationId, rows, type, fill = (data) => data) {
      const row = rows[0];
      if (!row) return undefined;
      const message = { generationId, seq: Number(row.seq), type, data: fill(JSON.parse(row.data) as Record<string, unknown>) };
      await bus.publish(message);
      return message;
    },
  };
}
