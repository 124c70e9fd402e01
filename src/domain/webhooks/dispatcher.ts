import { randomUUID } from "node:crypto";
import type { Config } from "../../config.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { SecretsBox } from "../../infra/secrets-box.js";
import { generationView } from "../generation/view.js";
import { sendPinned, type AttemptOutcome } from "./send.js";
import { deliveryHeaders } from "./signing.js";
import { vetWebhookUrl, UrlRefused, type Resolver } from "./url-guard.js";

/**
 * Sends the pending webhook deliveries (rows the generation's ending statement wrote). Every
 * process that runs jobs runs one: it polls every `pollMs` (and at once when kicked), claims due
 * rows with `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n)` setting a lease
 * (`locked_until`) and a claim token, so several processes never send one attempt twice and a dead
 * process's claim lapses. Each attempt re-checks the URL (DNS may have changed), connects only to
 * the checked addresses, signs (Standard Webhooks) and records what happened: succeeded on a 2xx;
 * otherwise retried after the schedule's delay (±20 % jitter) until the retry window has passed
 * (counted from the event, at least 24 h by default), then failed. A recorded result only moves
 * the delivery if the claim is still this attempt's (a redelivery asked meanwhile wins).
 */
export interface DispatcherDeps {
  prisma: PrismaClient;
  box: SecretsBox;
  logger: Logger;
  settings: Config["webhooks"];
  /** DNS for the guard (tests stub it). */
  resolve?: Resolver;
  /** Attempts in flight at once in this process. Default 16. */
  concurrency?: number;
}

export interface WebhookDispatcher {
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops polling, lets attempts in flight end (at most `graceMs`), then interrupts the rest (they are retried later). */
  stop(graceMs?: number): Promise<void>;
  /** Polls soon (a generation just ended, or a redelivery was asked). No-op when stopped. */
  kick(): void;
  /** One poll, then waits for the attempts it started; the number of attempts (tests, tools). */
  runOnce(): Promise<number>;
}

interface ClaimedRow {
  id: string;
  generation_id: string;
  event_type: string;
  attempt_count: number;
  payload: string | null;
  created_at: Date;
  retry_until: Date | null;
  webhook_id: string;
  url: string;
  secret_ciphertext: string;
  account_id: string;
  lock_token: string;
}

/** The webhook secret's associated data: a sealed secret opens only on its own row. */
export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

export function createWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const { prisma, box, logger, settings } = deps;
  const concurrency = deps.concurrency ?? 16;
  /** A claim outlives the attempt: its bound, DNS's, and a margin for recording it. */
  const leaseMs = settings.timeoutMs + 5_000 + 30_000;
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let controller = new AbortController();

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (!started || polling) {
      again = true;
      return;
    }
    let delay = settings.pollMs;
    polling = (async () => {
      try {
        const { claimed, room } = await poll();
        if (failures > 0) logger.info("webhook dispatch recovered", { failures });
        failures = 0;
        if (claimed > 0 && claimed === room) delay = 0; // more may be due
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 60 === 0) logger.warn("webhook dispatch failed", { error, failures });
        delay = Math.min(30_000, settings.pollMs * 2 ** Math.min(failures, 10));
      }
    })();
    await polling;
    polling = undefined;
    if (!started) return;
    if (again) {
      again = false;
      delay = 0;
    }
    schedule(delay);
  }

  /** Claims what fits and starts those attempts (not waiting for them). */
  async function poll(): Promise<{ claimed: number; room: number; started: Promise<void>[] }> {
    const room = concurrency - inFlight.size;
    if (room <= 0) return { claimed: 0, room, started: [] };
    const rows = await claim(room);
    const launched = rows.map((row) => {
      const attempt: Promise<void> = deliver(row)
        .catch((error) => logger.error("webhook attempt failed unexpectedly", { deliveryId: row.id, error }))
        .finally(() => {
          inFlight.delete(attempt);
          if (started && room === rows.length) kick(); // a slot freed while rows may still wait
        });
      inFlight.add(attempt);
      return attempt;
    });
    return { claimed: rows.length, room, started: launched };
  }

  function claim(limit: number): Promise<ClaimedRow[]> {
    const token = randomUUID();
    return prisma.$queryRaw<ClaimedRow[]>`
      UPDATE "webhook_deliveries" AS d SET "locked_until" = now() + ${leaseMs}::int * interval '1 millisecond', "lock_token" = ${token}
      FROM "webhooks" AS w
      WHERE w."id" = d."webhook_id" AND d."id" IN (
        SELECT "id" FROM "webhook_deliveries"
        WHERE "status" = 'pending' AND "next_attempt_at" <= now() AND ("locked_until" IS NULL OR "locked_until" < now())
        ORDER BY "next_attempt_at"
        LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING d."id", d."generation_id", d."event_type", d."attempt_count", d."payload", d."created_at", d."retry_until",
        w."id" AS "webhook_id", w."url", w."secret_ciphertext", w."account_id", d."lock_token"`;
  }

  /** The body: built before the first attempt (the generation without b64) and kept, so every attempt sends the same bytes. */
  async function payloadOf(row: ClaimedRow): Promise<string> {
    if (row.payload !== null) return row.payload;
    const g = await prisma.generation.findUniqueOrThrow({
      where: { id: row.generation_id },
      include: { assets: { select: { id: true, mimeType: true, width: true, height: true, byteLength: true, sha256: true } } },
    });
    const { balance } = await prisma.account.findUniqueOrThrow({ where: { id: g.accountId }, select: { balance: true } });
    const body = JSON.stringify({ type: row.event_type, timestamp: new Date(row.created_at).toISOString(), data: generationView(g, g.assets, balance, false) });
    const kept = await prisma.$queryRaw<{ payload: string }[]>`
      UPDATE "webhook_deliveries" SET "payload" = COALESCE("payload", ${body}) WHERE "id" = ${row.id} RETURNING "payload"`;
    return kept[0]?.payload ?? body;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const attemptedAt = new Date();
    const signal = controller.signal;
    let outcome: AttemptOutcome;
    try {
      outcome = await attempt(row, signal);
    } catch (error) {
      if (signal.aborted) return release(row);
      logger.error("webhook attempt could not be made", { deliveryId: row.id, error });
      outcome = failed("The attempt could not be made (server error); it will be retried.");
    }
    if (outcome.aborted) return release(row);
    await record(row, outcome, attemptedAt);
  }

  /** One attempt: the body, the secret, the URL checked again, then the signed POST to the checked addresses. */
  async function attempt(row: ClaimedRow, signal: AbortSignal): Promise<AttemptOutcome> {
    const body = await payloadOf(row);
    let secret: string;
    try {
      secret = await box.open(row.secret_ciphertext, secretContext(row.webhook_id));
    } catch (error) {
      logger.error("webhook secret does not open", { webhookId: row.webhook_id, reason: (error as Error).message });
      return failed("The webhook's secret cannot be read on the server (SECRETS_KEY changed?); nothing was sent.");
    }
    let target;
    try {
      target = await vetWebhookUrl(row.url, { allowPrivate: settings.allowPrivate, resolve: deps.resolve, timeoutMs: 5_000 });
    } catch (error) {
      if (!(error instanceof UrlRefused)) throw error;
      return failed(`Not sent: ${error.message}`);
    }
    return sendPinned(target, { headers: deliveryHeaders(secret, row.id, body), body, timeoutMs: settings.timeoutMs, signal });
  }

  function failed(error: string): AttemptOutcome {
    return { ok: false, statusCode: null, error, responseSnippet: null, durationMs: 0 };
  }

  /** Stores the attempt and moves the delivery: succeeded, retried later, or failed. */
  async function record(row: ClaimedRow, outcome: AttemptOutcome, attemptedAt: Date): Promise<void> {
    const attempts = Number(row.attempt_count) + 1;
    const giveUpAt = row.retry_until ? new Date(row.retry_until).getTime() : new Date(row.created_at).getTime() + settings.retryForMs;
    const status = outcome.ok ? "succeeded" : Date.now() >= giveUpAt ? "failed" : "pending";
    const delayMs = status === "pending" ? retryDelay(settings.retryScheduleMs, attempts) : 0;
    await prisma.$executeRaw`
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
    const fields = { deliveryId: row.id, webhookId: row.webhook_id, type: row.event_type, attempt: attempts, status: outcome.statusCode, ms: outcome.durationMs };
    if (outcome.ok) logger.info("webhook delivered", fields);
    else logger.warn(status === "failed" ? "webhook delivery failed for good" : "webhook attempt failed", { ...fields, reason: outcome.error, retryInMs: delayMs || undefined });
  }

  /** Gives the claim back at once (shutdown): another process, or the next start, sends it. */
  async function release(row: ClaimedRow): Promise<void> {
    await prisma.$executeRaw`
      UPDATE "webhook_deliveries" SET "locked_until" = NULL, "lock_token" = NULL WHERE "id" = ${row.id} AND "lock_token" = ${row.lock_token}`.catch(() => undefined);
  }

  function kick(): void {
    if (!started) return;
    if (polling) again = true;
    else schedule(0);
  }

  return {
    start() {
      if (started) return;
      started = true;
      controller = new AbortController();
      schedule(0);
    },

    async stop(graceMs = 10_000) {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await polling;
      if (inFlight.size > 0) {
        let graceTimer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (graceTimer = setTimeout(resolve, graceMs)))]);
        clearTimeout(graceTimer);
      }
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },

    kick,

    async runOnce() {
      const { claimed, started: launched } = await poll();
      await Promise.allSettled(launched);
      return claimed;
    },
  };
}

/** The delay before attempt `attempts + 1`: the schedule's entry (its last one repeats), ±20 % jitter. */
export function retryDelay(scheduleMs: readonly number[], attempts: number, random = Math.random): number {
  const base = scheduleMs[Math.min(attempts, scheduleMs.length) - 1] ?? scheduleMs[scheduleMs.length - 1] ?? 0;
  return Math.round(base * (0.8 + random() * 0.4));
}

