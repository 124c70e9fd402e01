import { z } from "zod";
import type { PrismaClient } from "../../infra/db/database.js";
import { AppError } from "../errors.js";
import { parseInput, trimmed } from "../validation.js";
import { grantCredits, type LedgerKind } from "./ledger.js";

export const grantInput = z.strictObject({
  accountId: z.string().min(1).max(64),
  amount: z
    .number()
    .int("Must be an integer.")
    .refine((n) => n !== 0, "Must not be zero.")
    .refine((n) => Math.abs(n) <= 1_000_000_000, "Must be at most 1,000,000,000 in size."),
  reason: trimmed(1, 500),
});

export interface LedgerEntryView {
  id: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  reason: string | null;
  generationId: string | null;
  createdAt: Date;
}

/** 402 with what the call costs and what the account holds. */
export function insufficientCredits(required: number, balance: number): AppError {
  return new AppError("insufficient_credits", `This call costs ${required} credit${required === 1 ? "" : "s"}; the balance is ${balance}.`, {
    details: { required, balance },
  });
}

export function createCreditService(prisma: PrismaClient) {
  return {
    async balance(accountId: string): Promise<number> {
      const account = await prisma.account.findUnique({ where: { id: accountId }, select: { balance: true } });
      if (!account) throw new AppError("not_found", "No such account.");
      return account.balance;
    },

    /** The account's entries, newest first; `after` is the `id` of the last entry of the previous page. */
    async ledger(accountId: string, page: { first: number; after?: string }): Promise<{ entries: LedgerEntryView[]; hasNextPage: boolean }> {
      const first = parseInput(z.number().int().min(1, "Must be at least 1.").max(100, "Must be at most 100."), page.first);
      let after: bigint | undefined;
      if (page.after !== undefined) {
        if (!/^\d{1,19}$/.test(page.after)) throw new AppError("invalid_request", "The cursor is not one this API gave.", { param: "after" });
        after = BigInt(page.after);
      }
      const rows = await prisma.ledgerEntry.findMany({
        where: { accountId, ...(after === undefined ? {} : { id: { lt: after } }) },
        orderBy: { id: "desc" },
        take: first + 1,
      });
      return {
        hasNextPage: rows.length > first,
        entries: rows.slice(0, first).map((r) => ({
          id: r.id.toString(),
          kind: r.kind,
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          reason: r.reason,
          generationId: r.generationId,
          createdAt: r.createdAt,
        })),
      };
    },

    /** Admins (or the command line: no actor): adds credits (`grant`) or corrects them (`adjustment`). */
    async grant(raw: unknown, kind: "grant" | "adjustment", actorUserId?: string): Promise<{ balance: number; entryId: string }> {
      const input = parseInput(grantInput, raw);
      if (kind === "grant" && input.amount < 0) {
        throw new AppError("invalid_request", "A grant adds credits; use an adjustment to take some away.", { param: "amount" });
      }
      const entry = await grantCredits(prisma, { ...input, kind, actorUserId });
      return { balance: entry.balanceAfter, entryId: entry.id.toString() };
    },

    /** For tests and audits: true when the balance equals the sum of the account's entries. */
    async audit(accountId: string): Promise<{ balance: number; ledgerSum: number; lastBalanceAfter: number | null }> {
      const [account, sum, last] = await Promise.all([
        prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { balance: true } }),
        prisma.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } }),
        prisma.ledgerEntry.findFirst({ where: { accountId }, orderBy: { id: "desc" }, select: { balanceAfter: true } }),
      ]);
      return { balance: account.balance, ledgerSum: sum._sum.amount ?? 0, lastBalanceAfter: last?.balanceAfter ?? null };
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
