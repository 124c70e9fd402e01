import type { WebhookSettings } from "./settings.js";
import { Prisma, type PrismaClient } from "../../infra/db/database.js";
import type { ClaimedRow } from "./claim.js";
import type { AttemptOutcome } from "./send.js";

/**
 * Records one attempt: the attempt row, the delivery's next state, and its endpoint's health, in
 * one transaction that holds the endpoint's row (claims skip it meanwhile).
 *
 * - A success resets the endpoint (no failures in a row, no backoff, no last error); when it was
 *   failing, its deliveries held back by its backoff become due at once.
 * - A failure counts one more in a row and backs the whole endpoint off for the schedule's delay
 *   of that count (±20 %): its other pending deliveries wait at least as long (one probe then),
 *   and those whose retry window ends before it are failed now. So a dead endpoint takes no slot
 *   between probes, however many deliveries it has. Attempts that were in flight together and
 *   fail together count as one step.
 * - A failure when the endpoint's run of failures began `disableAfterMs` ago or more disables it:
 *   its pending deliveries are failed, and nothing is sent to it until its owner enables it.
 *
 * An attempt that failed on the server's side (`serverSide`) moves the delivery only. The delivery
 * moves only if the claim is still this attempt's (a redelivery asked meanwhile wins);
 * the attempt is stored either way.
 */
export interface RecordedAttempt {
  status: "succeeded" | "pending" | "failed";
  /** The delay before the delivery's next attempt (pending). */
  retryInMs?: number;
  /** This attempt's failure disabled the endpoint. */
  disabled: boolean;
  /** The endpoint's backoff after this failure. */
  pausedForMs?: number;
}

export async function recordAttempt(
  prisma: PrismaClient,
  settings: WebhookSettings,
  row: ClaimedRow,
  outcome: AttemptOutcome,
  attemptedAt: Date,
  random: () => number = Math.random,
): Promise<RecordedAttempt> {
  return prisma.$transaction(
    async (tx) => {
      const [hook] = await tx.$queryRaw<{ consecutive_failures: number; disabled: boolean; paused_ms: number }[]>`
        SELECT "consecutive_failures", "disabled_at" IS NOT NULL AS "disabled",
          COALESCE(GREATEST(0, ceil(extract(epoch FROM "paused_until" - now()) * 1000)), 0)::int AS "paused_ms"
        FROM "webhooks" WHERE "id" = ${row.webhook_id} FOR NO KEY UPDATE`;
      const wasFailing = (hook?.consecutive_failures ?? 0) > 0;
      let disabled = hook?.disabled ?? false;
      let justDisabled = false;
      let pausedForMs: number | undefined;
      /** The endpoint's backoff left when this attempt ended (set by this failure, or by an earlier one). */
      let waitMs = 0;
      if (hook && !disabled && !outcome.serverSide) {
        if (outcome.ok) {
          await tx.$executeRaw`
            UPDATE "webhooks" SET "consecutive_failures" = 0, "failing_since" = NULL, "last_error" = NULL, "paused_until" = NULL, "last_success_at" = now()
            WHERE "id" = ${row.webhook_id}`;
        } else {
          // Already backed off (attempts in flight together failed, and another was recorded first):
          // one step of backoff for them all, not one each.
          const backedOff = Number(hook.paused_ms) > 0;
          pausedForMs = backedOff ? undefined : retryDelay(settings.retryScheduleMs, Number(hook.consecutive_failures) + 1, random);
          // Failing for the whole period (counted from the first failure of the run, this one if none): disabled.
          const expired = Prisma.sql`(${settings.disableAfterMs}::bigint > 0
            AND COALESCE("failing_since", ${attemptedAt}::timestamptz) <= now() - ${settings.disableAfterMs}::bigint * interval '1 millisecond')`;
          const [moved] = await tx.$queryRaw<{ disabled: boolean }[]>`
            UPDATE "webhooks" SET "consecutive_failures" = "consecutive_failures" + ${backedOff ? 0 : 1}::int,
              "failing_since" = COALESCE("failing_since", ${attemptedAt}::timestamptz), "last_error" = ${outcome.error},
              "paused_until" = CASE WHEN ${expired} THEN NULL WHEN ${backedOff}::boolean THEN "paused_until"
                ELSE now() + ${pausedForMs ?? 0}::int * interval '1 millisecond' END,
              "disabled_at" = CASE WHEN ${expired} THEN now() END
            WHERE "id" = ${row.webhook_id}
            RETURNING "disabled_at" IS NOT NULL AS "disabled"`;
          disabled = justDisabled = moved?.disabled ?? false;
          if (disabled) pausedForMs = undefined;
          else waitMs = pausedForMs ?? Number(hook.paused_ms);
        }
      }

      const attempts = Number(row.attempt_count) + 1;
      const giveUpAt = row.retry_until ? new Date(row.retry_until).getTime() : new Date(row.created_at).getTime() + settings.retryForMs;
      const status = outcome.ok ? "succeeded" : disabled || Date.now() >= giveUpAt ? "failed" : "pending";
      const delayMs = status === "pending" ? Math.max(retryDelay(settings.retryScheduleMs, attempts, random), waitMs) : 0;
      await tx.$executeRaw`
        WITH moved AS (
          UPDATE "webhook_deliveries" SET "attempt_count" = "attempt_count" + 1, "status" = ${status}::"WebhookDeliveryStatus",
            "next_attempt_at" = CASE WHEN ${status}::text = 'pending' THEN now() + ${delayMs}::int * interval '1 millisecond' END,
            "locked_until" = NULL, "lock_token" = NULL, "last_status_code" = ${outcome.statusCode}::int, "last_error" = ${outcome.error},
            "delivered_at" = CASE WHEN ${outcome.ok}::boolean THEN now() ELSE "delivered_at" END, "updated_at" = now()
          WHERE "id" = ${row.id} AND "lock_token" = ${row.lock_token}
          RETURNING "id"
        )
        INSERT INTO "webhook_attempts" ("delivery_id", "attempted_at", "status_code", "error", "response_snippet", "duration_ms")
        SELECT "id", ${attemptedAt}::timestamptz, ${outcome.statusCode}::int, ${outcome.error}, ${outcome.responseSnippet}, ${outcome.durationMs}::int
        FROM "webhook_deliveries" WHERE "id" = ${row.id}`;

      if (justDisabled) {
        const hours = Math.round((settings.disableAfterMs / 3_600_000) * 100) / 100;
        await tx.$executeRaw`
          UPDATE "webhook_deliveries" SET "status" = 'failed', "next_attempt_at" = NULL, "locked_until" = NULL, "lock_token" = NULL,
            "last_error" = ${`Not sent: the webhook was disabled after failing every attempt for ${hours} h; enable it (POST /api/v1/webhooks/{id}/enable), then redeliver.`},
            "updated_at" = now()
          WHERE "webhook_id" = ${row.webhook_id} AND "status" = 'pending'`;
      } else if (pausedForMs !== undefined) {
        // The endpoint is backed off: its other deliveries wait for it (those whose window ends first are failed).
        await tx.$executeRaw`
          WITH hook AS (SELECT "paused_until" AS "until" FROM "webhooks" WHERE "id" = ${row.webhook_id})
          UPDATE "webhook_deliveries" AS d SET
            "status" = CASE WHEN COALESCE(d."retry_until", d."created_at" + ${settings.retryForMs}::bigint * interval '1 millisecond') < hook."until"
              THEN 'failed'::"WebhookDeliveryStatus" ELSE 'pending'::"WebhookDeliveryStatus" END,
            "next_attempt_at" = CASE WHEN COALESCE(d."retry_until", d."created_at" + ${settings.retryForMs}::bigint * interval '1 millisecond') < hook."until"
              THEN NULL ELSE hook."until" END,
            "last_error" = CASE WHEN COALESCE(d."retry_until", d."created_at" + ${settings.retryForMs}::bigint * interval '1 millisecond') < hook."until"
              THEN 'Not sent again: the endpoint was still failing (backed off) when the retry window ended.' ELSE d."last_error" END,
            "updated_at" = now()
          FROM hook
          WHERE d."webhook_id" = ${row.webhook_id} AND d."status" = 'pending' AND d."id" <> ${row.id} AND d."lock_token" IS NULL
            AND d."next_attempt_at" < hook."until"`;
      } else if (outcome.ok && wasFailing) {
        // Recovered: what its backoff held back is due now.
        await tx.$executeRaw`
          UPDATE "webhook_deliveries" SET "next_attempt_at" = now(), "updated_at" = now()
          WHERE "webhook_id" = ${row.webhook_id} AND "status" = 'pending' AND "lock_token" IS NULL AND "next_attempt_at" > now()`;
      }
      return { status, retryInMs: delayMs || undefined, disabled: justDisabled, pausedForMs };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/** The delay before attempt `attempts + 1`: the schedule's entry (its last one repeats), ±20 % jitter. */
export function retryDelay(scheduleMs: readonly number[], attempts: number, random = Math.random): number {
  const base = scheduleMs[Math.min(attempts, scheduleMs.length) - 1] ?? scheduleMs[scheduleMs.length - 1] ?? 0;
  return Math.round(base * (0.8 + random() * 0.4));
}
