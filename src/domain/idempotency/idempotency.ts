import { createHash } from "node:crypto";
import { isUniqueViolation, type PrismaClient } from "../../infra/db/database.js";
import { AppError } from "../errors.js";
import { newId } from "../ids.js";

/**
 * `Idempotency-Key`, scoped to an account (Stripe-style). The first request with a key executes;
 * a repeat with the same body replays its stored response byte for byte and charges nothing; a
 * repeat with another body is 422; a repeat while the first still runs is 409. Only successful
 * responses are kept (24 h): a request that failed (validation, 402, 503…) leaves nothing, so the
 * same key can be retried. A record whose process died (its lock lapsed) is taken over by the next
 * repeat, which resumes the generation it had started instead of starting another.
 */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export type IdempotencyOutcome =
  | { kind: "execute"; recordId: string; resumeGenerationId?: string }
  | { kind: "replay"; response: StoredResponse; generationId?: string };

const visibleAscii = /^[\x21-\x7e]{1,255}$/;

export function requestHash(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
}

export function createIdempotencyService(prisma: PrismaClient, options: { ttlMs?: number; lockMs?: number } = {}) {
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const lockMs = options.lockMs ?? 120_000;

  return {
    ttlMs,

    async begin(accountId: string, key: string, hash: string): Promise<IdempotencyOutcome> {
      if (!visibleAscii.test(key)) {
        throw new AppError("invalid_request", "Idempotency-Key must be 1–255 visible ASCII characters.", { param: "Idempotency-Key" });
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const now = Date.now();
        const id = newId("idem");
        try {
          await prisma.idempotencyRecord.create({
            data: { id, accountId, key, requestHash: hash, createdAt: new Date(now), lockedUntil: new Date(now + lockMs), expiresAt: new Date(now + ttlMs) },
          });
          return { kind: "execute", recordId: id };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
        const existing = await prisma.idempotencyRecord.findUnique({
          where: { accountId_key: { accountId, key } },
          include: { generation: { select: { id: true } } },
        });
        if (!existing) continue; // abandoned meanwhile: try again
        if (existing.expiresAt.getTime() <= now) {
          await prisma.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: new Date(now) } } });
          continue;
        }
        if (existing.requestHash !== hash) {
          throw new AppError("idempotency_key_reused", "This Idempotency-Key was used with another request body; use a new key.", {
            param: "Idempotency-Key",
          });
        }
        if (existing.state === "completed") {
          return {
            kind: "replay",
            generationId: existing.generation?.id,
            response: {
              status: existing.responseStatus ?? 200,
              headers: (existing.responseHeaders ?? {}) as Record<string, string>,
              body: existing.responseBody ?? new Uint8Array(),
            },
          };
        }
        if (existing.lockedUntil && existing.lockedUntil.getTime() > now) {
          throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still running; retry shortly.", {
            headers: { "retry-after": "1" },
          });
        }
        const { count } = await prisma.idempotencyRecord.updateMany({
          where: { id: existing.id, state: "in_progress", OR: [{ lockedUntil: null }, { lockedUntil: { lte: new Date(now) } }] },
          data: { lockedUntil: new Date(now + lockMs) },
        });
        if (count === 1) return { kind: "execute", recordId: existing.id, resumeGenerationId: existing.generation?.id };
      }
      throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still running; retry shortly.", {
        headers: { "retry-after": "1" },
      });
    },

    async complete(recordId: string, response: StoredResponse): Promise<void> {
      await prisma.idempotencyRecord.updateMany({
        where: { id: recordId, state: "in_progress" },
        data: {
          state: "completed",
          lockedUntil: null,
          responseStatus: response.status,
          responseHeaders: response.headers,
          responseBody: Buffer.from(response.body),
        },
      });
    },

    /** The request failed: forget the key so it can be retried. */
    async abandon(recordId: string): Promise<void> {
      await prisma.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
    },

    /** Deletes expired records, and in-progress ones whose process died (lock lapsed, or `all` on a single-process restart). */
    async prune(options: { releaseInProgress?: "lapsed" | "all" } = {}): Promise<number> {
      const now = new Date();
      const expired = await prisma.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
      let released = 0;
      if (options.releaseInProgress) {
        const lapsed = options.releaseInProgress === "all" ? {} : { lockedUntil: { lte: now } };
        released = (await prisma.idempotencyRecord.deleteMany({ where: { state: "in_progress", generation: null, ...lapsed } })).count;
      }
      return expired.count + released;
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
