import { sessionCookieName, type SessionManager } from "../../domain/accounts/sessions.js";
import { anonymous, type Viewer } from "../../domain/auth/viewer.js";
import { AppError } from "../../domain/errors.js";
import type { KeyService } from "../../domain/keys/keys.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface Authenticated {
  viewer: Viewer;
  /** A Set-Cookie value to send back (slid session, or a blank one for a dead cookie). */
  setCookie?: string;
}

/**
 * The one authentication step of every transport. A bearer key wins over a cookie (a request
 * with a key carries no ambient credential, so it is exempt from the Origin check). A cookie on a
 * state-changing request must come with `Origin: PUBLIC_ORIGIN`, else 403.
 */
export function createAuthenticator(deps: { keys: KeyService; sessions: SessionManager; publicOrigin: string }) {
  return async function authenticate(request: Request): Promise<Authenticated> {
    const authorization = request.headers.get("authorization");
    if (authorization !== null) {
      const match = /^Bearer +(\S+) *$/i.exec(authorization);
      if (!match) throw new AppError("unauthenticated", "The Authorization header must be `Bearer ags_…`.");
      return { viewer: await deps.keys.authenticate(match[1]!) };
    }
    const token = readCookie(request.headers.get("cookie"), sessionCookieName);
    if (token === undefined) return { viewer: anonymous };
    const session = await deps.sessions.validate(token);
    if (!session) return { viewer: anonymous, setCookie: deps.sessions.blankCookie().serialized };
    if (!safeMethods.has(request.method)) assertSameOrigin(request, deps.publicOrigin);
    return {
      viewer: { kind: "session", user: session.user, sessionId: session.sessionId },
      setCookie: session.refreshed?.serialized,
    };
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Refuses a request whose Origin is missing or foreign (`allowMissing` for credential-less forms). */
export function assertSameOrigin(request: Request, publicOrigin: string, allowMissing = false): void {
  const origin = request.headers.get("origin");
  if (origin === null && allowMissing) return;
  if (origin !== publicOrigin) {
    throw new AppError(
      "forbidden",
      origin === null
        ? "A cookie-authenticated request that changes state must carry an Origin header."
        : `Requests from ${origin} may not use this session.`,
    );
  }
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
