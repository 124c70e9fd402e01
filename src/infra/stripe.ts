import Stripe from "stripe";

/**
 * The Stripe client (the `stripe` SDK) behind the two calls the service makes: creating a Checkout
 * session, and verifying a webhook's Stripe-Signature (`stripe.webhooks.constructEvent`, HMAC-SHA256
 * of `${t}.${body}` with the endpoint's whsec_ secret, five minutes' tolerance). `apiBase` points the
 * SDK at another address (`host`, `port`, `protocol`): a local stand-in of Stripe's API in tests.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** `http://127.0.0.1:12111`; Stripe's own API when unset. */
  apiBase?: string;
  /** One API call at most this long (the SDK's own retry included). */
  timeoutMs: number;
}

export interface CheckoutSessionInput {
  accountId: string;
  pack: { name: string; credits: number; priceCents: number };
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** Stripe's Idempotency-Key: a retry of the same call makes no second session. */
  idempotencyKey: string;
}

export interface CreatedCheckoutSession {
  id: string;
  url: string;
}

/** Why a call to Stripe gave no session: no answer (connection, timeout) or an error answer. */
export class StripeUnavailable extends Error {
  override name = "StripeUnavailable";
  constructor(
    message: string,
    readonly statusCode: number | undefined,
  ) {
    super(message);
  }
}

/** A webhook body whose signature does not verify (bad secret, altered body, or older than the tolerance). */
export class StripeSignatureRefused extends Error {
  override name = "StripeSignatureRefused";
}

export interface StripeGateway {
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** The verified event (throws StripeSignatureRefused). */
  verifyEvent(rawBody: string, signature: string | null): Stripe.Event;
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const address = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === "https:" ? 443 : 80),
          protocol: address.protocol === "https:" ? "https" : "http",
        }
      : {}),
    timeout: settings.timeoutMs,
    maxNetworkRetries: 1, // with the idempotency key: a lost answer is asked again, never paid twice
    telemetry: false,
  });

  return {
    async createCheckoutSession(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.pack.priceCents,
                  product_data: { name: `${input.pack.credits.toLocaleString("en-US")} credits (${input.pack.name})` },
                },
              },
            ],
            client_reference_id: input.accountId,
            metadata: { accountId: input.accountId, pack: input.pack.name, credits: String(input.pack.credits) },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new StripeUnavailable("Stripe answered a Checkout session without a URL.", undefined);
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof StripeUnavailable) throw error;
        if (error instanceof Stripe.errors.StripeError) throw new StripeUnavailable(error.message, error.statusCode);
        throw new StripeUnavailable((error as Error).message, undefined);
      }
    },

    verifyEvent(rawBody, signature) {
      if (!signature) throw new StripeSignatureRefused("No Stripe-Signature header.");
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new StripeSignatureRefused((error as Error).message);
      }
    },
  };
}
