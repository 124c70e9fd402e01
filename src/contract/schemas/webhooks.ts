import { z } from "zod";
import { instant } from "./common.js";

/** The events a webhook can receive (contract section 10). */
export const webhookEventTypes = [
  "generation.completed",
  "generation.failed",
  "generation.canceled",
  "credits.low",
  "key.budget_exhausted",
  "kit.succeeded",
  "kit.failed",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** What a webhook registered without `events` receives: a generation's endings. The account's alerts and kit endings come only when named. */
export const defaultWebhookEvents: readonly WebhookEventType[] = ["generation.completed", "generation.failed", "generation.canceled"];

/** Webhooks per account. */
export const maxWebhooksPerAccount = 10;

export const createWebhookRequest = z
  .strictObject({
    url: z
      .string({ error: "Must be a string: the https URL that receives the events." })
      .trim()
      .min(1, "Must not be empty.")
      .max(2048, "Must be at most 2048 characters.")
      .describe("Where to POST the events: https, reaching a public address (checked after DNS resolution, at registration and before every delivery)."),
    events: z
      .array(z.enum(webhookEventTypes, { error: `Must be one of ${webhookEventTypes.join(", ")}.` }))
      .min(1, "Give at least one event, or leave events out for a generation's endings.")
      .max(webhookEventTypes.length)
      .optional()
      .describe(
        "The events to receive; when absent, a generation's endings (generation.completed, .failed, .canceled). The account's alerts (credits.low, key.budget_exhausted) and a kit's ending (kit.succeeded, kit.failed: once per kit, when its last item ends) come only when named.",
      ),
  })
  .meta({ id: "CreateWebhookRequest" });

/** Redelivery takes no options: send an empty object. */
export const redeliverRequest = z.strictObject({}).meta({ id: "RedeliverRequest" });

/** Enabling takes no options: send an empty object. */
export const enableWebhookRequest = z.strictObject({}).meta({ id: "EnableWebhookRequest" });

export const webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    createdAt: instant,
    disabledAt: instant
      .nullable()
      .describe(
        "When the service disabled the webhook, after every attempt failed for WEBHOOKS_DISABLE_AFTER_HOURS (72 h by default); nothing is sent to it, and its events are not kept, until POST /api/v1/webhooks/{id}/enable. Null while enabled.",
      ),
    lastError: z.string().nullable().describe("Why the latest attempt failed, while the endpoint is failing; null once an attempt succeeds."),
    failingSince: instant
      .nullable()
      .describe(
        "When the current run of failed attempts began (null when the latest attempt succeeded): the webhook is disabled once it has lasted WEBHOOKS_DISABLE_AFTER_HOURS.",
      ),
  })
  .meta({ id: "Webhook" });

export const webhookResponse = z.object({ webhook }).meta({ id: "WebhookResponse" });

export const createdWebhookResponse = z
  .object({
    webhook,
    secret: z.string().describe("The signing secret (whsec_ + base64), as the Standard Webhooks libraries take it. Save it now: it is never shown again."),
  })
  .meta({ id: "CreatedWebhook" });

export const webhookListResponse = z.object({ webhooks: z.array(webhook) }).meta({ id: "WebhookList" });

export const webhookAttempt = z
  .object({
    attemptedAt: instant,
    statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer came."),
    error: z.string().nullable().describe("Why the attempt failed (non-2xx, redirect, timeout, connection, refused address); null on success."),
    durationMs: z.number().int(),
    responseSnippet: z.string().nullable().describe("The first characters of the receiver's answer."),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDelivery = z
  .object({
    id: z.string().describe("The webhook-id header: the same on every attempt (deduplicate on it)."),
    webhookId: z.string(),
    type: z.enum(webhookEventTypes),
    generationId: z.string().nullable().describe("Null for an account event (credits.low, key.budget_exhausted) and a kit's (kit.succeeded, kit.failed)."),
    status: z
      .enum(["pending", "succeeded", "failed"])
      .describe("pending: being sent or retried; succeeded: a 2xx came; failed: retried for the whole window without one."),
    attemptCount: z.number().int(),
    createdAt: instant,
    nextAttemptAt: instant.nullable(),
    deliveredAt: instant.nullable(),
    attempts: z.array(webhookAttempt).describe("The latest attempts (at most 20), oldest first."),
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveriesResponse = z
  .object({ deliveries: z.array(webhookDelivery).describe("The 50 most recent deliveries, newest first.") })
  .meta({ id: "WebhookDeliveryList" });

export const redeliveryResponse = z.object({ delivery: webhookDelivery }).meta({ id: "Redelivery" });

/** What a receiver gets: the body of every delivery. */
export const webhookPayload = z
  .object({
    type: z.enum(webhookEventTypes),
    timestamp: instant.describe("When the event happened."),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "The generation object, as GET /api/v1/generations/{id} answers it, without b64; for kit.succeeded / kit.failed {id, name, status, items: [{name, generationId, status}]} (GET /api/v1/kits/{id} has the atlas); for an alert its figures.",
      ),
  })
  .meta({ id: "WebhookPayload" });

export type WebhookView = z.output<typeof webhook>;
export type WebhookDeliveryView = z.output<typeof webhookDelivery>;
export type WebhookAttemptView = z.output<typeof webhookAttempt>;
