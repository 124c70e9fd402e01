import { createHash } from "node:crypto";
import { AppError } from "../../contract/errors.js";
import { isUniqueViolation, type PrismaClient } from "../../infra/db/database.js";
import { newId } from "../ids.js";

/**
 * `Idempotency-Key`, scoped to an account (Stripe-style) and shared by every transport: one key is
 * one generation and at most one charge, whichever transport retries it. The first request with a
 * key executes; a repeat with the same input replays the first answer (the generation object as it
 * was answered, byte for byte) and charges nothing; a repeat with another input is 422; a repeat
 * while the first still runs is 409. Only successful answers are kept (24 h): a request that failed
 * (validation, 402, 503…) leaves nothing, so the same key can be retried. A record whose process
 * died (its lock lapsed) is taken over by the next repeat, which resumes the generation it had
 * started instead of starting another.
 */
export interface StoredAnswer {
  /** How the first call ended: `accepted` (answered queued), `succeeded`, `canceled`. */
  outcome: string;
  /** The generation object it answered, as JSON bytes (absent for a stream, which replays events). */
  result?: Uint8Array;
}

export type IdempotencyOutcome =
  | { kind: "execute"; recordId: string; resumeGenerationId?: string }
  | { kind: "replay"; answer: StoredAnswer; generationId?: string };

const visibleAscii = /^[\x21-\x7e]{1,255}$/;

/** The record's fingerprint: the operation and its validated input as canonical JSON (key order does not matter). */
export function fingerprint(operation: string, input: unknown): string {
  return createHash("sha256")
    .update(`${operation}\n${canonicalJson(input)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function createIdempotencyService(prisma: PrismaClient, options: { ttlMs?: number; lockMs?: number } = {}) {
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const lockMs = options.lockMs ?? 120_000;

  return {
    ttlMs,

    /** 400 unless `key` is 1–255 visible ASCII characters. */
    assertKey(key: string): void {
      if (!visibleAscii.test(key)) {
        throw new AppError("invalid_request", "Idempotency-Key must be 1–255 visible ASCII characters (e.g. a UUID).", { param: "Idempotency-Key" });
      }
    },

    async begin(accountId: string, key: string, hash: string): Promise<IdempotencyOutcome> {
      this.assertKey(key);
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
          throw new AppError(
            "idempotency_key_reused",
            "This Idempotency-Key was used with another request; send the same request again, or use a new key for a new one.",
            {
              param: "Idempotency-Key",
            },
          );
        }
        if (existing.state === "completed") {
          return {
            kind: "replay",
            generationId: existing.generation?.id,
            answer: { outcome: existing.outcome ?? "accepted", ...(existing.result ? { result: existing.result } : {}) },
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

    async complete(recordId: string, answer: StoredAnswer): Promise<void> {
      await prisma.idempotencyRecord.updateMany({
        where: { id: recordId, state: "in_progress" },
        data: { state: "completed", lockedUntil: null, outcome: answer.outcome, result: answer.result ? Buffer.from(answer.result) : null },
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
