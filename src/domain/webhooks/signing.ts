import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` +
 * base64 of random bytes (32 here; the specification asks 24–64), the key is those bytes, and
 * `webhook-signature` is `v1,` + base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`.
 */
export const secretPrefix = "whsec_";

export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString("base64")}`;
}

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(secretPrefix)) throw new Error("not a whsec_ secret");
  const key = Buffer.from(secret.slice(secretPrefix.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

export const userAgent = "assetforge-webhooks/1 (+https://www.standardwebhooks.com)";

/** The headers of one attempt of delivery `id` (the same id on every attempt; a fresh timestamp and signature). */
export function deliveryHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "content-type": "application/json",
    "user-agent": userAgent,
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(secret, id, timestamp, body),
  };
}
