import type { Config } from "../../config.js";
import { AppError } from "../../contract/errors.js";
import {
  createWebhookRequest,
  maxWebhooksPerAccount,
  redeliverRequest,
  webhookEventTypes,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookView,
} from "../../contract/schemas/webhooks.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { SecretsBox } from "../../infra/secrets-box.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { randomBase62 } from "../ids.js";
import { secretContext, type WebhookDispatcher } from "./dispatcher.js";
import { newWebhookSecret } from "./signing.js";
import { assertWebhookUrl, type Resolver } from "./url-guard.js";

export interface WebhookServiceDeps {
  prisma: PrismaClient;
  box: SecretsBox;
  settings: Config["webhooks"];
  dispatcher: WebhookDispatcher;
  resolve?: Resolver;
}

/** Deliveries listed per webhook, and attempts per delivery. */
const recentDeliveries = 50;
const recentAttempts = 20;

const webhookSelect = { id: true, url: true, events: true, createdAt: true } as const;
const toView = (row: { id: string; url: string; events: string[]; createdAt: Date }): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
});

interface DeliveryRow {
  id: string;
  webhookId: string;
  eventType: string;
  generationId: string;
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
 * guard; the `whsec_` secret returned once and stored sealed), list, delete, read the recent
 * deliveries and redeliver one. Another account's webhook or delivery is 404, never saying whose.
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
      const { url } = await assertWebhookUrl(input.url, { allowPrivate: settings.allowPrivate, resolve: deps.resolve });
      const events = webhookEventTypes.filter((e) => input.events === undefined || input.events.includes(e));
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
      const moved = await prisma.$queryRaw<{ id: string }[]>`
        UPDATE "webhook_deliveries" AS d SET "status" = 'pending', "next_attempt_at" = now(),
          "retry_until" = CASE WHEN d."status" = 'pending' THEN d."retry_until" ELSE now() END,
          "locked_until" = NULL, "lock_token" = NULL, "updated_at" = now()
        FROM "webhooks" AS w
        WHERE d."id" = ${deliveryId} AND d."webhook_id" = ${webhookId} AND w."id" = d."webhook_id" AND w."account_id" = ${viewer.user.accountId}
        RETURNING d."id"`;
      if (moved.length === 0) throw new AppError("not_found", "No such delivery.");
      dispatcher.kick();
      const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: deliveryInclude });
      return { delivery: deliveryView(row) };
    },

    dispatcher,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
