import { sessionCookieName } from "../../contract/auth.js";
import type { SessionManager } from "../../domain/accounts/sessions.js";
import { anonymous, type Viewer } from "../../domain/auth/viewer.js";
import { AppError } from "../../contract/errors.js";
import type { KeyService } from "../../domain/keys/keys.js";

/** Methods that change nothing: a session may use them from anywhere (the answer is not readable cross-site). */
export const safeMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export interface Authenticated {
  viewer: Viewer;
  /** A Set-Cookie value to send back (slid session, or a blank one for a dead cookie). */
  setCookie?: string;
}

/**
 * The one authentication step of every transport. A bearer key wins over a cookie (a request
 * with a key carries no ambient credential, so it is exempt from the Origin check). A session
 * viewer says whether the request came from one of the allowed origins; `authorize` requires it
 * for writes (REST methods other than GET/HEAD/OPTIONS, GraphQL mutations), not for reads.
 */
export function createAuthenticator(deps: { keys: KeyService; sessions: SessionManager; allowedOrigins: readonly string[] }) {
  return async function authenticate(request: { headers: HeaderReader }): Promise<Authenticated> {
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
    const given = request.headers.get("origin");
    const origin = { trusted: given !== null && deps.allowedOrigins.includes(given), expected: deps.allowedOrigins[0]!, given };
    return {
      viewer: { kind: "session", user: session.user, sessionId: session.sessionId, origin },
      setCookie: session.refreshed?.serialized,
    };
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** The request headers the auth step reads: a fetch `Headers`, or a view of Node's (node-front.ts). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** Sign-up and sign-in forms: a foreign Origin is refused (no login CSRF); a missing one is allowed (scripts). */
export function assertFormOrigin(request: Request, allowedOrigins: readonly string[]): void {
  const origin = request.headers.get("origin");
  if (origin === null || allowedOrigins.includes(origin)) return;
  throw new AppError("forbidden", `Requests from ${origin} may not sign in here: only ${allowedOrigins[0]} may.`, {
    details: { expectedOrigin: allowedOrigins[0], origin },
  });
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
