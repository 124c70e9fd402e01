import { scopes, type AuthRule, type Scope } from "../../contract/auth.js";
import { AppError } from "../../contract/errors.js";

export { scopes, type AuthRule, type Scope } from "../../contract/auth.js";

export interface ViewerUser {
  id: string;
  email: string;
  name: string | null;
  role: "user" | "admin";
  accountId: string;
}

/**
 * Who is calling, resolved once per request by the one authentication step shared by every
 * transport (cookie or bearer key), then checked by each route or field against its rule.
 */
export type Viewer =
  | { kind: "anonymous" }
  /**
   * `origin`: whether the request came from one of the service's own origins (its Origin header).
   * A cookie is ambient: a write by session needs it (CSRF); a read does not.
   */
  | { kind: "session"; user: ViewerUser; sessionId: string; origin: { trusted: boolean; expected: string; given: string | null } }
  | { kind: "api_key"; user: ViewerUser; apiKeyId: string; scopes: readonly Scope[] };

export type AuthenticatedViewer = Exclude<Viewer, { kind: "anonymous" }>;
export const anonymous: Viewer = { kind: "anonymous" };

/** Normalised scopes: `generate` implies `read`; sorted, no duplicates. */
export function normalizeScopes(input: readonly Scope[]): Scope[] {
  const set = new Set(input);
  if (set.has("generate")) set.add("read");
  return scopes.filter((s) => set.has(s));
}

/**
 * Applies `rule` to `viewer`: 401 when the credentials are missing or of a scheme the route does
 * not take, 403 when they are valid but not enough (scope, admin).
 */
export function authorize(viewer: Viewer, rule: AuthRule, options: { write?: boolean } = {}): AuthenticatedViewer | undefined {
  if (options.write && viewer.kind === "session") assertTrustedOrigin(viewer);
  if (rule.allow === "public") return viewer.kind === "anonymous" ? undefined : viewer;
  if (viewer.kind === "anonymous") {
    const how =
      rule.allow === "api_key" ? "an API key (Authorization: Bearer ags_…)" : rule.allow === "session" ? "a signed-in session" : "a session or an API key";
    throw new AppError("unauthenticated", `This endpoint needs ${how}.`);
  }
  if (rule.allow !== "any" && viewer.kind !== rule.allow) {
    throw new AppError(
      "unauthenticated",
      rule.allow === "api_key"
        ? "This endpoint is authenticated by API key: send Authorization: Bearer ags_…."
        : "This endpoint is authenticated by the session cookie of a signed-in user.",
    );
  }
  if (rule.scope && viewer.kind === "api_key" && !viewer.scopes.includes(rule.scope)) {
    throw new AppError("forbidden", `This API key lacks the "${rule.scope}" scope.`, { details: { requiredScope: rule.scope } });
  }
  if (rule.admin && viewer.user.role !== "admin") {
    throw new AppError("forbidden", "Only admins may do this.");
  }
  return viewer;
}

/** A write by session cookie must come from the service's own origin (CSRF); 403 naming the expected one. */
export function assertTrustedOrigin(viewer: Extract<Viewer, { kind: "session" }>): void {
  if (viewer.origin.trusted) return;
  const { expected, given } = viewer.origin;
  throw new AppError(
    "forbidden",
    given === null
      ? `A request that changes something with the session cookie must carry Origin: ${expected} (browsers send it; add it to scripted calls, or use an API key).`
      : `Requests from ${given} may not use this session: only ${expected} may (set PUBLIC_ORIGIN to the address people open).`,
    { details: { expectedOrigin: expected, ...(given === null ? {} : { origin: given }) } },
  );
}
