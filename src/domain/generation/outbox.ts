import { Prisma } from "../../infra/db/database.js";
import type { WebhookEventType } from "../../contract/schemas/webhooks.js";

/**
 * CTE fragment of the statements that end a generation (store.ts `complete` and `fail`): one
 * pending delivery per webhook of the generation's account that takes `eventType`, from the CTE `g`
 * (the generation just ended: id, account_id); none for a disabled webhook, and not due before a
 * backed-off endpoint's pause ends. Written in the same statement as the status change,
 * a delivery exists exactly when the generation ended, even if the process dies the next instant;
 * the dispatcher sends it. The delivery id (`msg_` + 32 hex) is the `webhook-id` of every attempt.
 */
export function webhookDeliveriesCte(eventType: WebhookEventType): Prisma.Sql {
  return Prisma.sql`webhook_deliveries AS (
    INSERT INTO "webhook_deliveries" ("id", "webhook_id", "generation_id", "event_type", "next_attempt_at")
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w."id", g."id", ${eventType}::text, GREATEST(now(), w."paused_until")
    FROM g JOIN "webhooks" w ON w."account_id" = g."account_id"
    WHERE ${eventType}::text = ANY (w."events") AND w."disabled_at" IS NULL
    RETURNING 1
  )`;
}

/** The event of a generation that ended with `status`. */
export const endingEvent = (status: "succeeded" | "failed" | "canceled"): WebhookEventType =>
  status === "succeeded" ? "generation.completed" : status === "canceled" ? "generation.canceled" : "generation.failed";
