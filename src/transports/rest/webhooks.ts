import type { Services } from "../../services.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** Webhooks of the caller's account (contract section 10): register (secret shown once), list, delete, enable, deliveries, redeliver. */
export function webhookHandlers(
  services: Services,
): Pick<RestHandlers, "createWebhook" | "listWebhooks" | "enableWebhook" | "deleteWebhook" | "listWebhookDeliveries" | "redeliverWebhookDelivery"> {
  const { webhooks } = services;
  return {
    createWebhook: async ({ viewer, body }) => jsonResponse(await webhooks.create(viewer, body), 201, { "cache-control": "no-store" }),
    listWebhooks: ({ viewer }) => webhooks.list(viewer),
    enableWebhook: ({ viewer, params, body }) => webhooks.enable(viewer, params.id!, body),
    deleteWebhook: async ({ viewer, params }) => {
      await webhooks.remove(viewer, params.id!);
      return new Response(null, { status: 204 });
    },
    listWebhookDeliveries: ({ viewer, params }) => webhooks.deliveries(viewer, params.id!),
    redeliverWebhookDelivery: async ({ viewer, params, body }) => jsonResponse(await webhooks.redeliver(viewer, params.id!, params.deliveryId!, body), 202),
  };
}
