import { createHash } from "node:crypto";
import { PrismaAdapter } from "@lucia-auth/adapter-prisma";
import { Lucia, TimeSpan } from "lucia";
import type { PrismaClient } from "../../infra/db/database.js";
import type { ViewerUser } from "../auth/viewer.js";
import { randomBase62 } from "../ids.js";
import { sessionCookieName } from "../../contract/auth.js";

/**
 * Server-side sessions through Lucia v3 (kept behind this one module: Lucia v3 is deprecated
 * upstream). The cookie carries a random token; the database holds only its SHA-256 as the
 * session id, so a database dump cannot be replayed as cookies. Sessions last 30 days idle and
 * slide (Lucia extends one that is past half its life).
 */

export interface SessionCookie {
  name: string;
  value: string;
  /** The Set-Cookie header value. */
  serialized: string;
}

export function createSessionManager(prisma: PrismaClient, options: { secure: boolean }) {
  const lucia = new Lucia(new PrismaAdapter(prisma.session as never, prisma.user as never), {
    sessionExpiresIn: new TimeSpan(30, "d"),
    sessionCookie: { name: sessionCookieName, attributes: { secure: options.secure, sameSite: "lax", path: "/" } },
  });

  const sessionIdOf = (token: string) => createHash("sha256").update(token).digest("hex");

  const cookie = (token: string, expiresAt: Date): SessionCookie => {
    const c = lucia.createSessionCookie(token);
    // Lucia sets Max-Age from its own TimeSpan; keep it consistent with the session's expiry.
    c.attributes.maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    return { name: c.name, value: c.value, serialized: c.serialize() };
  };

  return {
    /** Starts a session for `userId`; returns the cookie to set. */
    async create(userId: string): Promise<SessionCookie> {
      const token = randomBase62(40);
      const session = await lucia.createSession(userId, {}, { sessionId: sessionIdOf(token) });
      return cookie(token, session.expiresAt);
    },

    /** The user behind a cookie token, and a refreshed cookie when the session slid forward. */
    async validate(token: string): Promise<{ user: ViewerUser; sessionId: string; refreshed?: SessionCookie } | undefined> {
      if (!/^[0-9A-Za-z]{40}$/.test(token)) return undefined;
      const { session } = await lucia.validateSession(sessionIdOf(token));
      if (!session) return undefined;
      const user = await prisma.user.findUnique({
        where: { id: session.userId },
        select: { id: true, email: true, name: true, role: true, accountId: true },
      });
      if (!user) return undefined;
      return { user, sessionId: session.id, refreshed: session.fresh ? cookie(token, session.expiresAt) : undefined };
    },

    async invalidate(sessionId: string): Promise<void> {
      await lucia.invalidateSession(sessionId);
    },

    /** A Set-Cookie value that removes the cookie. */
    blankCookie(): SessionCookie {
      const c = lucia.createBlankSessionCookie();
      return { name: c.name, value: c.value, serialized: c.serialize() };
    },

    deleteExpired: () => lucia.deleteExpiredSessions(),
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
