import { AppError } from "../../contract/errors.js";
import { decodeCursor, pageArgs, toPage, type Page } from "../../contract/cursor.js";
import { grantRequest, type LedgerEntryView } from "../../contract/schemas/credits.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import { grantCredits } from "./ledger.js";

/** 402 with what the call costs and what the account holds. */
export function insufficientCredits(required: number, balance: number, agentId?: string): AppError {
  return new AppError(
    "insufficient_credits",
    `This call costs ${required} credit${required === 1 ? "" : "s"}; the balance is ${balance}. Add credits, or pick a cheaper agent.`,
    { param: "agentId", details: { required, balance, ...(agentId ? { agentId } : {}) } },
  );
}

const excerpt = (prompt: string | null) => (prompt === null ? null : prompt.length <= 80 ? prompt : `${prompt.slice(0, 79)}…`);

export function createCreditService(prisma: PrismaClient) {
  return {
    async balance(accountId: string): Promise<number> {
      const account = await prisma.account.findUnique({ where: { id: accountId }, select: { balance: true } });
      if (!account) throw new AppError("not_found", "No such account.");
      return account.balance;
    },

    /** The account's entries, newest first. */
    async ledger(accountId: string, args: unknown): Promise<Page<LedgerEntryView>> {
      const { first, after } = parseInput(pageArgs, args);
      const cursor = after === undefined ? undefined : decodeCursor(after, ["string"] as const);
      if (cursor && !/^\d{1,18}$/.test(cursor[0])) throw new AppError("invalid_request", "after: The cursor is not one this API gave.", { param: "after" });
      const rows = await prisma.ledgerEntry.findMany({
        where: { accountId, ...(cursor ? { id: { lt: BigInt(cursor[0]) } } : {}) },
        orderBy: { id: "desc" },
        take: first + 1,
      });
      // What each line paid for: its generation, while it exists (a deleted one leaves the line, without it).
      const ids = [...new Set(rows.map((r) => r.generationId).filter((id): id is string => id !== null))];
      const paidFor = new Map(
        (
          await prisma.generation.findMany({
            where: { id: { in: ids }, accountId },
            select: { id: true, prompt: true, sheet: true, tileset: true, sourceAssetId: true },
          })
        ).map((g) => [g.id, g]),
      );
      const withGeneration = rows.map((r) => ({ ...r, generation: r.generationId === null ? undefined : paidFor.get(r.generationId) }));
      return toPage(
        withGeneration,
        first,
        (r) => [r.id.toString()],
        (r) => ({
          id: r.id.toString(),
          kind: r.kind,
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          reason: r.reason,
          generationId: r.generationId,
          agentId: r.agentId,
          apiKeyId: r.apiKeyId,
          generationKind: r.generation
            ? r.generation.sourceAssetId
              ? "recolor"
              : r.generation.sheet !== null
                ? "sheet"
                : r.generation.tileset !== null
                  ? "tileset"
                  : "image"
            : null,
          promptExcerpt: excerpt(r.generation?.prompt ?? null),
          createdAt: r.createdAt.toISOString(),
        }),
      );
    },

    /** Admins (or the command line: no actor): adds credits (`grant`) or corrects them (`adjustment`). */
    async grant(raw: unknown, kind: "grant" | "adjustment", actorUserId?: string): Promise<{ balance: number; entryId: string }> {
      const input = parseInput(grantRequest, raw);
      if (kind === "grant" && input.amount < 0) {
        throw new AppError("invalid_request", "A grant adds credits; use an adjustment to take some away.", { param: "amount" });
      }
      const entry = await grantCredits(prisma, { ...input, kind, actorUserId });
      return { balance: entry.balanceAfter, entryId: entry.id.toString() };
    },

    /** For tests and audits: the balance, the sum of the account's entries and the last entry's balance after. */
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
