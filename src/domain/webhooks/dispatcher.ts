import { setMaxListeners } from "node:events";
import type { WebhookSettings } from "./settings.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { SecretsBox } from "../../infra/secrets-box.js";
import { generationView } from "../generation/view.js";
import { claimDue, type ClaimedRow } from "./claim.js";
import { recordAttempt } from "./record.js";
import { sendPinned, type AttemptOutcome } from "./send.js";
import { deliveryHeaders } from "./signing.js";
import { vetWebhookUrl, UrlRefused, type Resolver } from "./url-guard.js";

/**
 * Sends the pending webhook deliveries: rows the generation's ending statement wrote (the body built
 * at the first attempt) and the account's alerts the charging statement wrote (credits.low,
 * key.budget_exhausted: no generation, the body written with the row), alike. Every
 * process that runs jobs runs one: it polls every `pollMs` (and at once when kicked, or when an
 * attempt ends), and claims due rows fairly across accounts and endpoints (claim.ts), leasing them
 * (`locked_until`, a claim token) so several processes never send one attempt twice and a dead
 * process's claim lapses. One endpoint cannot hold up another: each has an in-flight limit (across
 * processes), each account a share of this process's slots, endpoints not proven (new or failing)
 * together at most three quarters of them (failing ones half), and a failing endpoint is backed off as a whole (record.ts), then disabled after
 * failing every attempt for WEBHOOKS_DISABLE_AFTER_HOURS. Each attempt re-checks the URL (DNS may
 * have changed), connects only to the checked addresses, signs (Standard Webhooks) and records
 * what happened: succeeded on a 2xx; otherwise retried after the schedule's delay (±20 % jitter,
 * at least the endpoint's backoff) until the retry window has passed (counted from the event, at
 * least 24 h by default), then failed.
 */
export interface DispatcherDeps {
  prisma: PrismaClient;
  box: SecretsBox;
  logger: Logger;
  settings: WebhookSettings;
  /** DNS for the guard (tests stub it). */
  resolve?: Resolver;
  /**
   * Attempts in flight at once in this process. Default 64: an attempt mostly waits on a socket
   * (at most WEBHOOKS_TIMEOUT_MS), so slots are cheap; the limits below keep them shared.
   */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint, across processes, once it has succeeded (1 while new or failing). Default 4. */
  endpointConcurrency?: number;
  /** Attempts in flight at once for one account in this process. Default concurrency / 8 (at least 1). */
  accountConcurrency?: number;
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

/** The webhook secret's associated data: a sealed secret opens only on its own row. */
export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

export function createWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const { prisma, box, logger, settings } = deps;
  const concurrency = deps.concurrency ?? 64;
  const endpointConcurrency = deps.endpointConcurrency ?? 4;
  const accountConcurrency = deps.accountConcurrency ?? Math.max(1, Math.floor(concurrency / 8));
  /**
   * Endpoints not proven (new, or failing) together: at most three quarters of the slots, failing
   * ones half; the rest stay for endpoints whose latest attempt succeeded.
   */
  const unprovenConcurrency = Math.max(1, Math.floor((concurrency * 3) / 4));
  const failingConcurrency = Math.max(1, Math.floor(concurrency / 2));
  /** A claim outlives the attempt: its bound, DNS's, and a margin for recording it. */
  const leaseMs = settings.timeoutMs + 5_000 + 30_000;
  /** The attempts in flight, with the account and the endpoint's standing when claimed (the shares). */
  const inFlight = new Map<Promise<void>, { accountId: string; failing: boolean; proven: boolean }>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  const newController = () => {
    const created = new AbortController();
    setMaxListeners(concurrency + 8, created.signal); // one listener per attempt in flight
    return created;
  };
  let controller = newController();

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
    const slots = [...inFlight.values()];
    const byAccount = new Map<string, number>();
    for (const slot of slots) byAccount.set(slot.accountId, (byAccount.get(slot.accountId) ?? 0) + 1);
    const rows = await claimDue(prisma, {
      room,
      unprovenRoom: unprovenConcurrency - slots.filter((slot) => !slot.proven).length,
      failingRoom: failingConcurrency - slots.filter((slot) => slot.failing).length,
      accountRoom: (accountId) => accountConcurrency - (byAccount.get(accountId) ?? 0),
      accountLimit: accountConcurrency,
      endpointLimit: endpointConcurrency,
      leaseMs,
    });
    const launched = rows.map((row) => {
      const attempt: Promise<void> = deliver(row)
        .catch((error) => logger.error("webhook attempt failed unexpectedly", { deliveryId: row.id, error }))
        .finally(() => {
          inFlight.delete(attempt);
          kick(); // a slot, an endpoint's or an account's share freed while rows may wait for it
        });
      inFlight.set(attempt, { accountId: row.account_id, failing: row.failing, proven: row.proven });
      return attempt;
    });
    return { claimed: rows.length, room, started: launched };
  }

  /** The body: built before the first attempt (the generation without b64) and kept, so every attempt sends the same bytes. */
  async function payloadOf(row: ClaimedRow): Promise<string> {
    if (row.payload !== null) return row.payload;
    if (row.generation_id === null) throw new Error(`delivery ${row.id} has neither a payload nor a generation`); // the CHECK constraint forbids it
    const g = await prisma.generation.findUniqueOrThrow({
      where: { id: row.generation_id },
      include: { assets: { select: { id: true, mimeType: true, width: true, height: true, byteLength: true, sha256: true, layout: true, quality: true } } },
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
      outcome = { ...failed("The attempt could not be made (server error); it will be retried."), serverSide: true };
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
    let target: Awaited<ReturnType<typeof vetWebhookUrl>>;
    try {
      target = await vetWebhookUrl(row.url, { allowPrivate: settings.allowPrivate, resolve: deps.resolve, timeoutMs: 5_000 });
    } catch (error) {
      if (!(error instanceof UrlRefused)) throw error;
      logger.warn("webhook URL refused at delivery", { deliveryId: row.id, webhookId: row.webhook_id, reason: error.detail });
      return failed(`Not sent: ${error.message}`);
    }
    return sendPinned(target, { headers: deliveryHeaders(secret, row.id, body), body, timeoutMs: settings.timeoutMs, signal });
  }

  function failed(error: string): AttemptOutcome {
    return { ok: false, statusCode: null, error, responseSnippet: null, durationMs: 0 };
  }

  /** Stores the attempt, moves the delivery and its endpoint's health (record.ts). */
  async function record(row: ClaimedRow, outcome: AttemptOutcome, attemptedAt: Date): Promise<void> {
    const result = await recordAttempt(prisma, settings, row, outcome, attemptedAt);
    const fields = {
      deliveryId: row.id,
      webhookId: row.webhook_id,
      type: row.event_type,
      attempt: Number(row.attempt_count) + 1,
      status: outcome.statusCode,
      ms: outcome.durationMs,
    };
    if (outcome.ok) logger.info("webhook delivered", fields);
    else {
      const msg = result.status === "failed" ? "webhook delivery failed for good" : "webhook attempt failed";
      logger.warn(msg, { ...fields, reason: outcome.error, retryInMs: result.retryInMs, endpointPausedForMs: result.pausedForMs });
    }
    if (result.disabled)
      logger.warn("webhook disabled: every attempt failed for the configured period", {
        webhookId: row.webhook_id,
        accountId: row.account_id,
        disableAfterMs: settings.disableAfterMs,
      });
  }

  /** Gives the claim back at once (shutdown): another process, or the next start, sends it. */
  async function release(row: ClaimedRow): Promise<void> {
    await prisma.$executeRaw`
      UPDATE "webhook_deliveries" SET "locked_until" = NULL, "lock_token" = NULL WHERE "id" = ${row.id} AND "lock_token" = ${row.lock_token}`.catch(
      () => undefined,
    );
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
      controller = newController();
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
