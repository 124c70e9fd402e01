/** API key scopes. `generate` implies `read`. */
export const scopes = ["generate", "read"] as const;
export type Scope = (typeof scopes)[number];

/**
 * The credentials a route or root field accepts, and what they must allow. Declared beside every
 * route (routes.ts) and GraphQL root field, applied by the domain's `authorize`.
 */
export type AuthRule = { allow: "public" } | { allow: "session" | "api_key" | "any"; scope?: Scope; admin?: boolean };

/** The web client's session cookie: set by sign-in and sign-up, read by the one auth step. */
export const sessionCookieName = "ags_session";
