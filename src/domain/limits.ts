import { AppError } from "../contract/errors.js";
import type { RateLimiter } from "../infra/ratelimit/limiter.js";

/** A named quota after one call was counted: what the RateLimit headers say. */
export interface Quota {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Counts one call against `policy` for `who` (an account, a client address…). Over the limit: 429
 * `rate_limited` with Retry-After and the RateLimit headers; the quota is reported either way.
 */
export async function consumeQuota(
  limiter: RateLimiter,
  policy: { name: string; limit: number; windowSeconds: number },
  who: string,
  onQuota?: (quota: Quota) => void,
): Promise<Quota> {
  const result = await limiter.consume(`${policy.name}:${who}`, policy.limit, policy.windowSeconds);
  const quota: Quota = {
    policy: policy.name,
    limit: policy.limit,
    windowSeconds: policy.windowSeconds,
    remaining: Math.max(0, result.remaining),
    resetSeconds: result.resetSeconds,
  };
  onQuota?.(quota);
  if (!result.allowed) {
    throw new AppError("rate_limited", `Too many requests: ${policy.limit} per ${policy.windowSeconds} s. Retry in ${result.resetSeconds} s.`, {
      headers: { ...quotaHeaders(quota), "retry-after": String(result.resetSeconds) },
      details: { limit: policy.limit, windowSeconds: policy.windowSeconds, retryAfterSeconds: result.resetSeconds },
    });
  }
  return quota;
}

/** IETF RateLimit headers (draft syntax): `RateLimit-Policy: "generate";q=60;w=60`, `RateLimit: "generate";r=59;t=60`. */
export function quotaHeaders(quota: Quota): Record<string, string> {
  return {
    "ratelimit-policy": `"${quota.policy}";q=${quota.limit};w=${quota.windowSeconds}`,
    ratelimit: `"${quota.policy}";r=${quota.remaining};t=${quota.resetSeconds}`,
  };
}
