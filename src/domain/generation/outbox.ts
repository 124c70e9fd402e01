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

/** SQL: one pending delivery of `eventType` per enabled webhook of the account `accountId` that takes it, its body `data` written now. */
const accountEventRows = (eventType: WebhookEventType, accountId: Prisma.Sql, data: Prisma.Sql, from: Prisma.Sql, where: Prisma.Sql) => Prisma.sql`
    INSERT INTO "webhook_deliveries" ("id", "webhook_id", "event_type", "payload", "next_attempt_at")
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w."id", ${eventType}::text,
      jsonb_build_object('type', ${eventType}::text, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', ${data})::text,
      GREATEST(now(), w."paused_until")
    FROM ${from} JOIN "webhooks" w ON w."account_id" = ${accountId}
    WHERE ${where} AND ${eventType}::text = ANY (w."events") AND w."disabled_at" IS NULL
    RETURNING 1`;

/**
 * CTE fragments of the reservation statement (store-reservation.ts): the alerts a charge of `total`
 * may cross, each once per crossing because only the charge that crosses it sees both sides.
 * `credits.low`: the balance went from at least the account's threshold to below it (from `moved`,
 * the account after the debit). `key.budget_exhausted`: the key's spend reached its budget (from
 * `key_spend`, the key after it; budget.ts). Their count feeds the dispatcher's kick.
 */
export function alertCtes(total: number, withKey: boolean): { ctes: Prisma.Sql; count: Prisma.Sql } {
  const low = Prisma.sql`low_alert AS (${accountEventRows(
    "credits.low",
    Prisma.sql`moved."id"`,
    Prisma.sql`jsonb_build_object('accountId', moved."id", 'balance', moved."balance", 'threshold', moved."low_balance_threshold")`,
    Prisma.sql`moved`,
    Prisma.sql`moved."low_balance_threshold" IS NOT NULL AND moved."balance" < moved."low_balance_threshold" AND moved."balance" + ${total}::int >= moved."low_balance_threshold"`,
  )})`;
  if (!withKey) return { ctes: low, count: Prisma.sql`(SELECT count(*) FROM low_alert)::int` };
  const exhausted = Prisma.sql`key_alert AS (${accountEventRows(
    "key.budget_exhausted",
    Prisma.sql`s."account_id"`,
    Prisma.sql`jsonb_build_object('keyId', s."id", 'name', s."name", 'budget', s."budget_credits", 'spent', s."budget_spent", 'period', s."budget_period")`,
    Prisma.sql`key_spend s`,
    Prisma.sql`s."budget_spent" >= s."budget_credits" AND s."budget_spent" - ${total}::int < s."budget_credits"`,
  )})`;
  return { ctes: Prisma.sql`${low}, ${exhausted}`, count: Prisma.sql`((SELECT count(*) FROM low_alert) + (SELECT count(*) FROM key_alert))::int` };
}

/**
 * The statement that reports a kit's end exactly once: the kit `kitId`, not reported yet, whose
 * items are all over gets `reported_at`, its status (succeeded when an item succeeded, else failed)
 * and one `kit.succeeded` / `kit.failed` delivery per webhook that names it, in ONE statement. Run
 * after each item's ending has committed (the ending returns its row's `kit_id`; a generation
 * outside a kit runs nothing) and after the kit's row is written: the last ending's run sees every
 * item over, and two runs that both do are ordered by the row lock, the second finding
 * `reported_at` set (re-checked after the wait).
 */
export function kitReport(kitId: string): Prisma.Sql {
  const which = Prisma.sql`k."id" = ${kitId}`;
  return Prisma.sql`
    WITH k AS (
      SELECT k."id", k."items" FROM "kits" k WHERE ${which} AND k."reported_at" IS NULL
    ), items AS (
      SELECT k."id" AS "kit_id", i.ord, i.e->>'name' AS "name", i.e->>'generationId' AS "generation_id", gen."status"::text AS "status"
      FROM k CROSS JOIN jsonb_array_elements(k."items") WITH ORDINALITY AS i(e, ord)
      LEFT JOIN "generations" gen ON gen."id" = i.e->>'generationId'
    ), done AS (
      UPDATE "kits" SET "reported_at" = now(),
        "status" = CASE WHEN EXISTS (SELECT 1 FROM items WHERE items."kit_id" = k."id" AND items."status" = 'succeeded') THEN 'succeeded' ELSE 'failed' END
      FROM k
      WHERE "kits"."id" = k."id" AND "kits"."reported_at" IS NULL
        AND NOT EXISTS (SELECT 1 FROM items WHERE items."kit_id" = k."id" AND items."status" IN ('queued', 'running'))
      RETURNING "kits"."id", "kits"."account_id", "kits"."name", "kits"."status"
    ), deliveries AS (
      INSERT INTO "webhook_deliveries" ("id", "webhook_id", "event_type", "payload", "next_attempt_at")
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w."id", 'kit.' || d."status",
        jsonb_build_object('type', 'kit.' || d."status", 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', jsonb_build_object('id', d."id", 'name', d."name", 'status', d."status", 'items',
            (SELECT jsonb_agg(jsonb_build_object('name', items."name", 'generationId', items."generation_id", 'status', items."status") ORDER BY items.ord)
             FROM items WHERE items."kit_id" = d."id")))::text,
        GREATEST(now(), w."paused_until")
      FROM done d JOIN "webhooks" w ON w."account_id" = d."account_id"
      WHERE ('kit.' || d."status") = ANY (w."events") AND w."disabled_at" IS NULL
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM done)::int AS "reported", (SELECT count(*) FROM deliveries)::int AS "deliveries"`;
}
