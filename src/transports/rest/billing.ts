import type { Services } from "../../services.js";
import { requestBody } from "../http/request-state.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** Buying credits (contract section 16): the packs, a Checkout session, Stripe's webhook (its raw body is what is signed). */
export function billingHandlers(services: Services): Pick<RestHandlers, "listPacks" | "createCheckout" | "stripeWebhook"> {
  return {
    listPacks: () => services.billing.packs(),
    createCheckout: async ({ viewer, body }) =>
      jsonResponse(await services.billing.checkout(viewer.user.accountId, body), 201, { "cache-control": "no-store" }),
    stripeWebhook: ({ request }) => services.billing.webhook(requestBody(request).text, request.headers.get("stripe-signature")),
  };
}
