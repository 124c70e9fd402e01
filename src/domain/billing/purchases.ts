import type { Prisma, PrismaClient } from "../../infra/db/database.js";
import { applyEntry } from "../credits/ledger.js";

/**
 * The money side of a Stripe purchase, exact under replays, concurrency and any order of events.
 *
 * - `grantPurchase`: one transaction whose first statement moves the purchase from `open` to `paid`
 *   (inserting it when the session was never recorded here); only the call that made that move
 *   grants the credits. A replayed or concurrent delivery waits for the row's lock, then finds it
 *   paid and grants nothing; the partial unique index (one `purchase` entry per session) stands
 *   behind it.
 * - `recordRefund`: Stripe's cumulative refunded amount of the PaymentIntent, kept (never lowered:
 *   an older event changes nothing), then `takeBackRefunds`.
 * - `takeBackRefunds`: the purchase's refunded share of its credits (refunded / paid, rounded down;
 *   all of them on a full refund) less what was already taken back, as one `adjustment`; never below
 *   a zero balance (what was spent already stays spent, and the entry says so). Runs after a grant
 *   too, so a refund that arrived first is not lost.
 */
type Db = PrismaClient;

export interface PaidSession {
  sessionId: string;
  paymentIntent: string | null;
  /** From the session's metadata: used only when the purchase was never recorded here. */
  accountId: string;
  pack: string;
  credits: number;
  amountCents: number;
  currency: string;
}

export type GrantOutcome = { granted: true; accountId: string; credits: number; balance: number } | { granted: false };

export async function grantPurchase(prisma: Db, s: PaidSession): Promise<GrantOutcome> {
  return prisma.$transaction(async (tx) => {
    const [moved] = await tx.$queryRaw<{ account_id: string; credits: number; pack: string }[]>`
      INSERT INTO "credit_purchases" ("id", "account_id", "pack", "credits", "amount_cents", "currency", "status", "payment_intent", "paid_at")
      VALUES (${s.sessionId}, ${s.accountId}, ${s.pack}, ${s.credits}::int, ${s.amountCents}::int, ${s.currency}, 'paid', ${s.paymentIntent}, now())
      ON CONFLICT ("id") DO UPDATE SET "status" = 'paid', "paid_at" = now(), "payment_intent" = COALESCE(EXCLUDED."payment_intent", "credit_purchases"."payment_intent")
        WHERE "credit_purchases"."status" = 'open'
      RETURNING "account_id", "credits", "pack"`;
    if (!moved) return { granted: false };
    const entry = await applyEntry(tx, {
      accountId: moved.account_id,
      kind: "purchase",
      amount: Number(moved.credits),
      reason: `Bought the ${moved.pack} pack`,
      purchaseId: s.sessionId,
    });
    if (!entry) throw new Error(`purchase ${s.sessionId}: account ${moved.account_id} not found`);
    return { granted: true, accountId: moved.account_id, credits: Number(moved.credits), balance: entry.balanceAfter };
  });
}

/** Keeps Stripe's refunded total of `paymentIntent` (only ever raised), then takes back what it newly covers. */
export async function recordRefund(prisma: Db, paymentIntent: string, amountRefunded: number): Promise<TakeBack | undefined> {
  await prisma.$executeRaw`
    INSERT INTO "payment_refunds" ("payment_intent", "amount_refunded") VALUES (${paymentIntent}, ${amountRefunded}::int)
    ON CONFLICT ("payment_intent") DO UPDATE SET "amount_refunded" = GREATEST("payment_refunds"."amount_refunded", EXCLUDED."amount_refunded"), "updated_at" = now()`;
  return takeBackRefunds(prisma, paymentIntent);
}

export interface TakeBack {
  purchaseId: string;
  /** Credits the refunds newly cover. */
  due: number;
  /** Of which taken from the balance (less when it had been spent). */
  taken: number;
}

export async function takeBackRefunds(prisma: Db, paymentIntent: string): Promise<TakeBack | undefined> {
  return prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    const [p] = await tx.$queryRaw<{ id: string; account_id: string; credits: number; amount_cents: number; credits_taken_back: number; refunded: number }[]>`
      SELECT p."id", p."account_id", p."credits", p."amount_cents", p."credits_taken_back", r."amount_refunded" AS "refunded"
      FROM "credit_purchases" p JOIN "payment_refunds" r ON r."payment_intent" = p."payment_intent"
      WHERE p."payment_intent" = ${paymentIntent} AND p."status" = 'paid'
      FOR UPDATE OF p`;
    if (!p) return undefined; // not paid yet: the grant takes it into account
    const credits = Number(p.credits);
    const refunded = Number(p.refunded);
    const target = refunded >= Number(p.amount_cents) ? credits : Math.floor((credits * refunded) / Number(p.amount_cents));
    const due = target - Number(p.credits_taken_back);
    if (due <= 0) return { purchaseId: p.id, due: 0, taken: 0 };
    await tx.$executeRaw`UPDATE "credit_purchases" SET "credits_taken_back" = ${target}::int WHERE "id" = ${p.id}`;
    const [account] = await tx.$queryRaw<{ balance: number }[]>`SELECT "balance" FROM "accounts" WHERE "id" = ${p.account_id} FOR UPDATE`;
    const taken = Math.min(due, Number(account?.balance ?? 0));
    if (taken > 0) {
      const short = taken < due ? ` (${due - taken} more were already spent)` : "";
      await applyEntry(tx, {
        accountId: p.account_id,
        kind: "adjustment",
        amount: -taken,
        reason: `Refund of a purchase: ${due} credits taken back${short}`,
        purchaseId: p.id,
      });
    }
    return { purchaseId: p.id, due, taken };
  });
}
