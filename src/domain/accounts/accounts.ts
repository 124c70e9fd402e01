import { z } from "zod";
import { isUniqueViolation, type Prisma, type PrismaClient } from "../../infra/db/database.js";
import type { ViewerUser } from "../auth/viewer.js";
import { AppError } from "../errors.js";
import { newId } from "../ids.js";
import { trimmed, parseInput } from "../validation.js";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Must be at most 254 characters.")
  .pipe(z.email("Must be an email address."));
export const passwordSchema = z.string().min(8, "Must be at least 8 characters.").max(256, "Must be at most 256 characters.");

export const signUpInput = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: trimmed(1, 100).optional(),
});
export const signInInput = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(256),
});

export interface AccountView {
  id: string;
  balance: number;
}
export interface UserView {
  id: string;
  email: string;
  name: string | null;
  role: "user" | "admin";
  createdAt: Date;
}

const userSelect = { id: true, email: true, name: true, role: true, accountId: true, createdAt: true } as const;

export function createAccountService(prisma: PrismaClient, options: { signupCredits: number }) {
  return {
    /** Creates a user with a fresh account holding the sign-up credits (one `signup_grant` entry). */
    async signUp(raw: unknown, extra: { role?: "user" | "admin" } = {}): Promise<{ user: UserView; account: AccountView }> {
      const input = parseInput(signUpInput, raw);
      const passwordHash = await hashPassword(input.password);
      const credits = options.signupCredits;
      const accountId = newId("acc");
      try {
        const account = await prisma.account.create({
          data: {
            id: accountId,
            balance: credits,
            user: { create: { id: newId("usr"), email: input.email, name: input.name ?? null, passwordHash, role: extra.role ?? "user" } },
            ...(credits > 0
              ? { ledgerEntries: { create: { kind: "signup_grant", amount: credits, balanceAfter: credits, reason: "sign-up credits" } } }
              : {}),
          },
          select: { id: true, balance: true, user: { select: userSelect } },
        });
        const { accountId: _, ...user } = account.user!;
        return { user, account: { id: account.id, balance: account.balance } };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError("invalid_request", "This email is already registered; sign in instead.", { param: "email" });
        }
        throw error;
      }
    },

    /** The user for these credentials; the same 401 for an unknown email and a wrong password. */
    async signIn(raw: unknown): Promise<ViewerUser> {
      const input = parseInput(signInInput, raw);
      const user = await prisma.user.findUnique({
        where: { email: input.email.trim().toLowerCase() },
        select: { ...userSelect, passwordHash: true },
      });
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
      if (!user || !ok) throw new AppError("unauthenticated", "The email or the password is wrong.");
      return { id: user.id, email: user.email, name: user.name, role: user.role, accountId: user.accountId };
    },

    async me(userId: string): Promise<{ user: UserView; account: AccountView }> {
      const user = await prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: { ...userSelect, account: { select: { id: true, balance: true } } },
      });
      const { account, accountId: _, ...rest } = user;
      return { user: rest, account };
    },

    async findUserByEmail(email: string) {
      return prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: userSelect });
    },

    /** Admins: accounts newest first, optionally by owner email; keyset pagination. */
    async listAccounts(input: { search?: string; first: number; after?: string }) {
      const first = parseInput(z.number().int().min(1).max(100), input.first);
      const where: Prisma.AccountWhereInput = input.search
        ? { user: { email: { contains: input.search.trim().toLowerCase(), mode: "insensitive" } } }
        : {};
      const cursor = input.after ? decodeCursor(input.after) : undefined;
      const [rows, totalCount] = await Promise.all([
        prisma.account.findMany({
          where: cursor
            ? { AND: [where, { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }] }
            : where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: first + 1,
          select: { id: true, createdAt: true },
        }),
        prisma.account.count({ where }),
      ]);
      const nodes = rows.slice(0, first);
      const last = nodes.at(-1);
      return {
        nodes,
        hasNextPage: rows.length > first,
        endCursor: last ? encodeCursor(last) : null,
        totalCount,
      };
    },

    async setRole(userId: string, role: "user" | "admin"): Promise<void> {
      await prisma.user.update({ where: { id: userId }, data: { role } });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw new AppError("invalid_request", "The cursor is not one this API gave.", { param: "after" });
  return { createdAt, id };
}
