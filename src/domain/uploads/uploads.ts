import { AppError } from "../../contract/errors.js";
import { assertStorableText } from "../../contract/strings.js";
import { assetKey, type BlobStore } from "../../infra/blobs/blob-store.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { newId } from "../ids.js";
import { consumeQuota, type Quota } from "../limits.js";
import type { StorageQuota } from "../storage/quota.js";
import { checkImageHeader, ingestImage, type PixelGate, type UploadLimits } from "./ingest.js";

/**
 * Uploads: the caller's own picture stored as an asset (contract section 14).
 *
 * Storage model (the decision): an upload is an ordinary asset whose generation is a finished one of the reserved,
 * never-listed agent `upload` (a row in `agents`, `enabled = false`, driver `upload`, made by the migration
 * `uploads`): status `succeeded`, cost 0, credits `charged` (of nothing), the upload's name as its `prompt` (so
 * files are named after it), its size as the generation's. So everything that works on assets works on an upload
 * with no special case: GET/download and ETag, links, exports (texturepacker/zip; all of section 12 once sliced),
 * recolor (it copies the source generation's fields), deletion (410 after, bytes released when no other asset
 * shares them), account erasure, the storage quota (it sums `assets.byte_length`), history (a generation listed
 * with its asset), project filing (`projectId` on the generation). Bytes go through the blob store like a drawn
 * asset's (content-addressed by sha256; indexed PNG when ≤ 256 colours: ingest.ts encodes it so).
 *
 * Free, but counted against the `generate` rate limit (the same quota as a generation, every transport). Order:
 * header checks (413/415/400, nothing counted), the rate limit (429), decode (400), the storage quota with the real
 * size (403), then the blob and the rows in one statement. A refusal stores nothing.
 */

export { UPLOAD_AGENT_ID } from "./agent.js";
import { UPLOAD_AGENT_ID } from "./agent.js";

export interface UploadView {
  id: string;
  generationId: string;
  source: "upload";
  name: string;
  mimeType: "image/png";
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  url: string;
}

export interface UploadDeps {
  sql: SqlRunner;
  /** The upload's row is written in one, after the quota is counted with the account locked (quota.ts). */
  transaction: <T>(fn: (sql: SqlRunner) => Promise<T>) => Promise<T>;
  blobs: BlobStore;
  storage: StorageQuota;
  limiter: RateLimiter;
  generatePerMinute: number;
  limits: UploadLimits;
  budget?: PixelGate;
}

export interface UploadOptions {
  name?: unknown;
  /** The field errors name: `file` (REST, GraphQL), `data` or `url` (MCP). */
  param?: string;
  projectId?: string;
  onQuota?: (quota: Quota) => void;
  signal?: AbortSignal;
  /** false when the call that carries the picture is counted itself (a data URL in a generate body): one token, not two. */
  rateLimited?: boolean;
}

const MAX_NAME = 100;

/** `?name=`: 1–100 characters of storable text, trimmed; default "upload". */
export function uploadName(name: unknown): string {
  if (name === undefined || name === null || name === "") return "upload";
  if (typeof name !== "string") throw new AppError("invalid_request", "name must be a string (1–100 characters).", { param: "name" });
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME) {
    throw new AppError("invalid_request", `name must be 1–${MAX_NAME} characters (got ${trimmed.length}).`, { param: "name" });
  }
  assertStorableText({ name: trimmed });
  return trimmed;
}

export function createUploads(deps: UploadDeps) {
  const policy = { name: "generate", limit: deps.generatePerMinute, windowSeconds: 60 };

  /** Checks, decodes and stores the caller's picture as an asset; see the module comment for the order of refusals. */
  async function upload(viewer: AuthenticatedViewer, bytes: Uint8Array, declaredType: string | undefined, options: UploadOptions = {}): Promise<UploadView> {
    const param = options.param ?? "file";
    const name = uploadName(options.name);
    const accountId = viewer.user.accountId;
    checkImageHeader(bytes, declaredType, deps.limits, param);
    if (options.rateLimited !== false) await consumeQuota(deps.limiter, policy, `acc:${accountId}`, options.onQuota);
    const image = await ingestImage(bytes, declaredType, deps.limits, { param, budget: deps.budget, signal: options.signal });
    await deps.storage.assertRoom(accountId, image.png.byteLength);
    const stored = await deps.blobs.put(assetKey(image.sha256).slice(0, -64), image.png);
    if (stored.sha256 !== image.sha256) throw new Error("upload: the stored blob's sha256 is not its bytes'");
    const generationId = newId("gen");
    const assetId = newId("ast");
    const apiKeyId = viewer.kind === "api_key" ? viewer.apiKeyId : null;
    // counted again with the account locked, in the insert's transaction: uploads at once cannot pass the quota together
    const insert = (sql: SqlRunner) =>
      sql(Prisma.sql`
      WITH g AS (
        INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "seed", "width", "height", "cost",
          "credit_state", "project_id", "started_at", "completed_at", "updated_at")
        VALUES (${generationId}, ${accountId}, ${apiKeyId}, ${UPLOAD_AGENT_ID}, 'succeeded', ${name}, 0, ${image.width}::int, ${image.height}::int, 0,
          'charged', ${options.projectId ?? null}, now(), now(), now())
        RETURNING "id", "account_id"
      )
      INSERT INTO "assets" ("id", "generation_id", "account_id", "mime_type", "width", "height", "byte_length", "sha256")
      SELECT ${assetId}, g."id", g."account_id", 'image/png', ${image.width}::int, ${image.height}::int, ${image.png.byteLength}::int, ${image.sha256}
      FROM g`);
    await deps.transaction(async (sql) => {
      await deps.storage.assertRoomLocked(sql, accountId, image.png.byteLength);
      await insert(sql);
    });
    return {
      id: assetId,
      generationId,
      source: "upload",
      name,
      mimeType: "image/png",
      width: image.width,
      height: image.height,
      bytes: image.png.byteLength,
      sha256: image.sha256,
      url: `/api/v1/assets/${assetId}`,
    };
  }

  return { upload, limits: deps.limits };
}

export type Uploads = ReturnType<typeof createUploads>;
