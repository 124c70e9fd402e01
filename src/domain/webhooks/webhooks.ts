import type { WebhookSettings } from "./settings.js";
import { AppError } from "../../contract/errors.js";
import {
  createWebhookRequest,
  enableWebhookRequest,
  maxWebhooksPerAccount,
  redeliverRequest,
  defaultWebhookEvents,
  webhookEventTypes,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookView,
} from "../../contract/schemas/webhooks.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { SecretsBox } from "../../infra/secrets-box.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { randomBase62 } from "../ids.js";
import { secretContext, type WebhookDispatcher } from "./dispatcher.js";
import { newWebhookSecret } from "./signing.js";
import { assertWebhookUrl, type Resolver } from "./url-guard.js";

export interface WebhookServiceDeps {
  prisma: PrismaClient;
  box: SecretsBox;
  settings: WebhookSettings;
  dispatcher: WebhookDispatcher;
  /** Where a refused URL's detail goes (the caller is told "not allowed" only). */
  logger?: Logger;
  resolve?: Resolver;
}

/** Deliveries listed per webhook, and attempts per delivery. */
const recentDeliveries = 50;
const recentAttempts = 20;

const webhookSelect = { id: true, url: true, events: true, createdAt: true, disabledAt: true, lastError: true, failingSince: true } as const;
interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  createdAt: Date;
  disabledAt: Date | null;
  lastError: string | null;
  failingSince: Date | null;
}
const toView = (row: WebhookRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  lastError: row.lastError,
  failingSince: row.failingSince?.toISOString() ?? null,
});

interface DeliveryRow {
  id: string;
  webhookId: string;
  eventType: string;
  generationId: string | null;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  createdAt: Date;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  attempts: { attemptedAt: Date; statusCode: number | null; error: string | null; durationMs: number; responseSnippet: string | null }[];
}

const deliveryInclude = {
  attempts: {
    orderBy: { id: "desc" },
    take: recentAttempts,
    select: { attemptedAt: true, statusCode: true, error: true, durationMs: true, responseSnippet: true },
  },
} as const;

const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  webhookId: row.webhookId,
  type: row.eventType as WebhookEventType,
  generationId: row.generationId,
  status: row.status,
  attemptCount: row.attemptCount,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  attempts: [...row.attempts].reverse().map((a) => ({ ...a, attemptedAt: a.attemptedAt.toISOString() })),
});

/**
 * Webhooks of the viewer's account (contract section 10): register (the URL checked by the SSRF
 * guard; the `whsec_` secret returned once and stored sealed), list (with each endpoint's health),
 * delete, enable one the service disabled, read the recent deliveries and redeliver one. Another
 * account's webhook or delivery is 404, never saying whose.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { prisma, box, settings, dispatcher } = deps;
  const notFound = () => new AppError("not_found", "No such webhook.");

  async function ownWebhook(accountId: string, id: string): Promise<void> {
    const found = await prisma.webhook.findFirst({ where: { id, accountId }, select: { id: true } });
    if (!found) throw notFound();
  }

  return {
    async create(viewer: AuthenticatedViewer, raw: unknown): Promise<{ webhook: WebhookView; secret: string }> {
      const input = parseInput(createWebhookRequest, raw);
      const accountId = viewer.user.accountId;
      const { url } = await assertWebhookUrl(input.url, {
        allowPrivate: settings.allowPrivate,
        resolve: deps.resolve,
        onRefused: (detail) => deps.logger?.info("webhook URL refused", { accountId, reason: detail }),
      });
      const events = webhookEventTypes.filter((e) => (input.events === undefined ? defaultWebhookEvents.includes(e) : input.events.includes(e)));
      const id = `whk_${randomBase62(22)}`;
      const secret = newWebhookSecret();
      const sealed = await box.seal(secret, secretContext(id));
      const row = await prisma.$transaction(async (tx) => {
        // The account row's lock serialises registrations of one account: the count below is exact.
        await tx.$queryRaw`SELECT "id" FROM "accounts" WHERE "id" = ${accountId} FOR UPDATE`;
        const count = await tx.webhook.count({ where: { accountId } });
        if (count >= maxWebhooksPerAccount) {
          throw new AppError("invalid_request", `An account has at most ${maxWebhooksPerAccount} webhooks; delete one first (DELETE /api/v1/webhooks/{id}).`, {
            param: "url",
            details: { limit: maxWebhooksPerAccount },
          });
        }
        return tx.webhook.create({ data: { id, accountId, url: url.href, events, secretCiphertext: sealed }, select: webhookSelect });
      });
      return { webhook: toView(row), secret };
    },

    /** The account's webhooks, newest first; never a secret. */
    async list(viewer: AuthenticatedViewer): Promise<{ webhooks: WebhookView[] }> {
      const rows = await prisma.webhook.findMany({
        where: { accountId: viewer.user.accountId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: webhookSelect,
      });
      return { webhooks: rows.map(toView) };
    },

    /**
     * Enables a webhook the service disabled: its failure count starts over (a full period again
     * before it can be disabled), and the next events are sent to it. Deliveries failed while it
     * was disabled stay failed (redeliver them). Enabling an enabled webhook changes nothing.
     */
    async enable(viewer: AuthenticatedViewer, id: string, raw: unknown): Promise<{ webhook: WebhookView }> {
      parseInput(enableWebhookRequest, raw);
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        UPDATE "webhooks" SET "disabled_at" = NULL, "failing_since" = NULL, "consecutive_failures" = 0, "paused_until" = NULL
        WHERE "id" = ${id} AND "account_id" = ${viewer.user.accountId} AND "disabled_at" IS NOT NULL
        RETURNING "id"`;
      const row = await prisma.webhook.findFirst({ where: { id, accountId: viewer.user.accountId }, select: webhookSelect });
      if (!row) throw notFound();
      if (rows.length > 0) dispatcher.kick();
      return { webhook: toView(row) };
    },

    /** Deletes a webhook and its deliveries (pending ones are not sent). */
    async remove(viewer: AuthenticatedViewer, id: string): Promise<void> {
      const { count } = await prisma.webhook.deleteMany({ where: { id, accountId: viewer.user.accountId } });
      if (count === 0) throw notFound();
    },

    /** The webhook's most recent deliveries, newest first, each with its latest attempts. */
    async deliveries(viewer: AuthenticatedViewer, webhookId: string): Promise<{ deliveries: WebhookDeliveryView[] }> {
      await ownWebhook(viewer.user.accountId, webhookId);
      const rows = await prisma.webhookDelivery.findMany({
        where: { webhookId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: recentDeliveries,
        include: deliveryInclude,
      });
      return { deliveries: rows.map(deliveryView) };
    },

    /**
     * Sends a delivery again, with the same webhook-id: a finished one (succeeded or failed) gets
     * one new attempt now (no automatic retries after it: ask again); a pending one is sent now
     * instead of at its next retry.
     */
    async redeliver(viewer: AuthenticatedViewer, webhookId: string, deliveryId: string, raw: unknown): Promise<{ delivery: WebhookDeliveryView }> {
      parseInput(redeliverRequest, raw);
      const noDelivery = () => new AppError("not_found", "No such delivery.");
      await prisma.$transaction(async (tx) => {
        // The endpoint's row first (as the dispatcher locks it): its backoff is lifted for this
        // delivery, which is sent now (one at a time while the endpoint is failing).
        const [hook] = await tx.$queryRaw<{ disabled: boolean }[]>`
          SELECT "disabled_at" IS NOT NULL AS "disabled" FROM "webhooks" WHERE "id" = ${webhookId} AND "account_id" = ${viewer.user.accountId} FOR NO KEY UPDATE`;
        if (!hook) throw noDelivery();
        if (hook.disabled) {
          throw new AppError(
            "invalid_request",
            `This webhook is disabled (every attempt failed for a long time); enable it first: POST /api/v1/webhooks/${webhookId}/enable, then redeliver.`,
          );
        }
        const moved = await tx.$queryRaw<{ id: string }[]>`
          UPDATE "webhook_deliveries" AS d SET "status" = 'pending', "next_attempt_at" = now(),
            "retry_until" = CASE WHEN d."status" = 'pending' THEN d."retry_until" ELSE now() END,
            "locked_until" = NULL, "lock_token" = NULL, "updated_at" = now()
          WHERE d."id" = ${deliveryId} AND d."webhook_id" = ${webhookId}
          RETURNING d."id"`;
        if (moved.length === 0) throw noDelivery();
        await tx.$executeRaw`UPDATE "webhooks" SET "paused_until" = NULL WHERE "id" = ${webhookId} AND "paused_until" IS NOT NULL`;
      });
      dispatcher.kick();
      const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: deliveryInclude });
      return { delivery: deliveryView(row) };
    },

    dispatcher,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
