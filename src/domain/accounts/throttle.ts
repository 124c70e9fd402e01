import { createHash } from "node:crypto";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import { consumeQuota } from "../limits.js";

/**
 * Throttles on the sign-in and sign-up forms (contract section 3, "Limits"): sign-in attempts per
 * email address AND per client address (guessing one password, or many accounts' passwords, from
 * one place), sign-ups per client address (farming the sign-up credits). Every attempt counts,
 * whether the email exists or not, so the answer never tells. Beyond: 429 with Retry-After.
 */
export function createAuthThrottle(limiter: RateLimiter, limits: { signinPer15Minutes: number; signupPerHour: number }) {
  const signin = { name: "signin", limit: limits.signinPer15Minutes, windowSeconds: 15 * 60 };
  const signup = { name: "signup", limit: limits.signupPerHour, windowSeconds: 3600 };
  // Emails are hashed in the limiter's keys (Redis holds no address book).
  const emailKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  return {
    async signIn(email: unknown, clientAddress: string): Promise<void> {
      await consumeQuota(limiter, signin, `ip:${clientAddress}`);
      if (typeof email === "string") await consumeQuota(limiter, signin, `email:${emailKey(email)}`);
    },
    async signUp(clientAddress: string): Promise<void> {
      await consumeQuota(limiter, signup, `ip:${clientAddress}`);
    },
  };
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
