import { AppError } from "../../contract/errors.js";
import { decodeCursor, pageArgs, toPage, type Page } from "../../contract/cursor.js";
import { accountsArgs, signInRequest, signUpRequest, updateAccountRequest, type SessionView, type UserView } from "../../contract/schemas/accounts.js";
import { parseInput } from "../../contract/validation.js";
import { isUniqueViolation, type Prisma, type PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer, ViewerUser } from "../auth/viewer.js";
import { grantCredits } from "../credits/ledger.js";
import { newId } from "../ids.js";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js";

const userSelect = { id: true, email: true, name: true, role: true, accountId: true, createdAt: true } as const;
const userView = (u: { id: string; email: string; name: string | null; role: "user" | "admin"; createdAt: Date }): UserView => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

/**
 * Who may read an account: its owner, and admins signed in with a session. An admin's API key acts
 * on its own account only (keys are for programs; admin powers need a person's session).
 */
export function canReadAccount(viewer: AuthenticatedViewer, accountId: string): boolean {
  return accountId === viewer.user.accountId || (viewer.kind === "session" && viewer.user.role === "admin");
}

export function createAccountService(prisma: PrismaClient, options: { signupCredits: number }) {
  return {
    /** Creates a user with a fresh account holding the sign-up credits (one `signup_grant` entry), atomically. */
    async signUp(raw: unknown, extra: { role?: "user" | "admin" } = {}): Promise<SessionView> {
      const input = parseInput(signUpRequest, raw);
      const passwordHash = await hashPassword(input.password);
      const credits = options.signupCredits;
      try {
        return await prisma.$transaction(async (tx) => {
          const account = await tx.account.create({
            data: {
              id: newId("acc"),
              balance: 0,
              user: { create: { id: newId("usr"), email: input.email, name: input.name ?? null, passwordHash, role: extra.role ?? "user" } },
            },
            select: { id: true, user: { select: userSelect } },
          });
          const balance =
            credits > 0
              ? (await grantCredits(tx, { accountId: account.id, amount: credits, kind: "signup_grant", reason: "sign-up credits" })).balanceAfter
              : 0;
          return { user: userView(account.user!), account: { id: account.id, balance } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError("invalid_request", "This email is already registered; sign in instead.", { param: "email" });
        }
        throw error;
      }
    },

    /** The user for these credentials; the same 401 for an unknown email and a wrong password. */
    async signIn(raw: unknown): Promise<ViewerUser> {
      const input = parseInput(signInRequest, raw);
      const user = await prisma.user.findUnique({
        where: { email: input.email.trim().toLowerCase() },
        select: { ...userSelect, passwordHash: true },
      });
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !ok) throw new AppError("unauthenticated", "The email or the password is wrong.");
      return { id: user.id, email: user.email, name: user.name, role: user.role, accountId: user.accountId };
    },

    async me(userId: string): Promise<SessionView> {
      const user = await prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: { ...userSelect, account: { select: { id: true, balance: true } } },
      });
      return { user: userView(user), account: user.account };
    },

    async findUserByEmail(email: string) {
      return prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: userSelect });
    },

    /** An account the viewer may read (see canReadAccount), else 404 (never saying whose). */
    /** The account's alert settings: `credits.low` below `lowBalanceThreshold` (null: never). */
    async updateSettings(accountId: string, raw: unknown): Promise<{ id: string; balance: number; lowBalanceThreshold: number | null }> {
      const input = parseInput(updateAccountRequest, raw);
      return prisma.account.update({
        where: { id: accountId },
        data: { lowBalanceThreshold: input.lowBalanceThreshold },
        select: { id: true, balance: true, lowBalanceThreshold: true },
      });
    },

    assertReadable(viewer: AuthenticatedViewer, accountId: string): void {
      if (!canReadAccount(viewer, accountId)) throw new AppError("not_found", "No such account.");
    },

    /** Admins: accounts newest first, optionally by owner email; keyset pagination. */
    async listAccounts(args: unknown): Promise<Page<{ id: string }> & { totalCount: number }> {
      const { search, ...page } = (args ?? {}) as Record<string, unknown>;
      const { first, after } = parseInput(pageArgs, page);
      const filter = parseInput(accountsArgs, search === undefined ? {} : { search });
      const where: Prisma.AccountWhereInput = filter.search ? { user: { email: { contains: filter.search.trim().toLowerCase(), mode: "insensitive" } } } : {};
      const cursor = after === undefined ? undefined : decodeCursor(after, ["instant", "string"] as const);
      const [rows, totalCount] = await Promise.all([
        prisma.account.findMany({
          where: cursor
            ? { AND: [where, { OR: [{ createdAt: { lt: new Date(cursor[0]) } }, { createdAt: new Date(cursor[0]), id: { lt: cursor[1] } }] }] }
            : where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: first + 1,
          select: { id: true, createdAt: true },
        }),
        prisma.account.count({ where }),
      ]);
      return {
        ...toPage(
          rows,
          first,
          (r) => [r.createdAt.toISOString(), r.id],
          (r) => ({ id: r.id }),
        ),
        totalCount,
      };
    },

    async setRole(userId: string, role: "user" | "admin"): Promise<void> {
      await prisma.user.update({ where: { id: userId }, data: { role } });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
