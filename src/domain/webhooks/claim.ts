import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../../infra/db/database.js";

/**
 * The dispatcher's claim: which due deliveries this process sends next, fairly and with every
 * endpoint isolated from the others (contract section 10).
 *
 * - Only endpoints that are enabled and not backed off (`paused_until`) are considered.
 * - Per endpoint, across processes: at most `endpointLimit` deliveries leased at once once it has
 *   succeeded and is not failing; 1 while it is new or failing (a probe, not a burst).
 * - Round robin: each account's endpoints are ranked (healthy first, then the one served longest
 *   ago), and turn 1 of every account comes before turn 2 of any; the plan then deals slots one
 *   per endpoint per pass, so no account or endpoint takes the room of the others.
 * - Per account in this process: at most `accountRoom(id)` more. Endpoints not proven (new, or
 *   failing) together at most `unprovenRoom` more, failing ones at most `failingRoom`: the rest
 *   of the slots stay for endpoints that answer, however many new endpoints hang.
 *
 * One transaction of two statements: the first locks the chosen endpoints' rows (`FOR NO KEY
 * UPDATE SKIP LOCKED`: a concurrent claimer skips them, a generation's insert of deliveries is not
 * blocked); the second, with a snapshot taken after those locks, counts their leased deliveries
 * again and leases due ones up to the limit. Every claimer locks the endpoint before leasing its
 * deliveries, so the count it reads is exact: the limit holds across any number of processes.
 */

export interface ClaimedRow {
  id: string;
  generation_id: string | null;
  event_type: string;
  attempt_count: number;
  payload: string | null;
  created_at: Date;
  retry_until: Date | null;
  webhook_id: string;
  url: string;
  secret_ciphertext: string;
  account_id: string;
  /** The endpoint was failing when claimed (it counts against the failing endpoints' share). */
  failing: boolean;
  /** Its latest attempt had succeeded when claimed (else it counts against the unproven share). */
  proven: boolean;
  lock_token: string;
}

export interface Candidate {
  id: string;
  account_id: string;
  leased: number;
  failing: boolean;
  proven: boolean;
}

export interface ClaimLimits {
  /** Slots free in this process. */
  room: number;
  /** Of which endpoints not proven (new or failing) may take at most this many, */
  unprovenRoom: number;
  /** and failing ones at most this many. */
  failingRoom: number;
  /** How many more this process may send at once for the account. */
  accountRoom(accountId: string): number;
  /** Deliveries in flight at once to an endpoint that has succeeded and is not failing. */
  endpointLimit: number;
  /** The lease: the claim is this process's until then (a dead process's claim lapses). */
  leaseMs: number;
  /** The most endpoints one account gets per claim (its in-process share). */
  accountLimit: number;
}

export async function claimDue(prisma: PrismaClient, limits: ClaimLimits): Promise<ClaimedRow[]> {
  const { room, endpointLimit, accountLimit } = limits;
  if (room <= 0) return [];
  return prisma.$transaction(
    async (tx) => {
      const candidates = await tx.$queryRaw<Candidate[]>`
        WITH due AS (
          SELECT DISTINCT "webhook_id" FROM "webhook_deliveries"
          WHERE "status" = 'pending' AND "next_attempt_at" <= now() AND ("locked_until" IS NULL OR "locked_until" < now())
        ), leased AS (
          SELECT "webhook_id", count(*)::int AS n FROM "webhook_deliveries"
          WHERE "status" = 'pending' AND "lock_token" IS NOT NULL AND "locked_until" >= now()
          GROUP BY "webhook_id"
        ), ranked AS (
          SELECT w."id", COALESCE(l.n, 0) AS leased,
            row_number() OVER (PARTITION BY w."account_id" ORDER BY w."consecutive_failures" > 0, w."last_attempt_at" NULLS FIRST, w."id") AS turn
          FROM "webhooks" w JOIN due ON due."webhook_id" = w."id" LEFT JOIN leased l ON l."webhook_id" = w."id"
          WHERE w."disabled_at" IS NULL AND (w."paused_until" IS NULL OR w."paused_until" <= now())
            AND COALESCE(l.n, 0) < CASE WHEN w."consecutive_failures" = 0 AND w."last_success_at" IS NOT NULL THEN ${endpointLimit}::int ELSE 1 END
        )
        SELECT w."id", w."account_id", r.leased::int AS leased, w."consecutive_failures" > 0 AS failing,
          (w."consecutive_failures" = 0 AND w."last_success_at" IS NOT NULL) AS proven
        FROM "webhooks" w JOIN ranked r ON r."id" = w."id"
        WHERE r.turn <= ${accountLimit}::int AND w."disabled_at" IS NULL AND (w."paused_until" IS NULL OR w."paused_until" <= now())
        ORDER BY r.turn, w."consecutive_failures" > 0, w."last_attempt_at" NULLS FIRST, w."id"
        LIMIT ${Math.min(500, room * 2)}::int
        FOR NO KEY UPDATE OF w SKIP LOCKED`;
      const plan = allocate(candidates, limits);
      if (plan.size === 0) return [];
      const ids = [...plan.keys()];
      const allowed = ids.map((id) => plan.get(id)!.allowed);
      const caps = ids.map((id) => plan.get(id)!.cap);
      const token = randomUUID();
      return tx.$queryRaw<ClaimedRow[]>`
        WITH plan AS (
          SELECT * FROM unnest(${ids}::text[], ${allowed}::int[], ${caps}::int[]) AS p("webhook_id", "allowed", "cap")
        ), leased AS (
          SELECT "webhook_id", count(*)::int AS n FROM "webhook_deliveries"
          WHERE "webhook_id" = ANY(${ids}::text[]) AND "status" = 'pending' AND "lock_token" IS NOT NULL AND "locked_until" >= now()
          GROUP BY "webhook_id"
        ), picked AS (
          SELECT x."id", x."webhook_id" FROM (
            SELECT d."id", d."webhook_id", row_number() OVER (PARTITION BY d."webhook_id" ORDER BY d."next_attempt_at", d."id") AS k
            FROM "webhook_deliveries" d
            WHERE d."webhook_id" = ANY(${ids}::text[]) AND d."status" = 'pending' AND d."next_attempt_at" <= now()
              AND (d."locked_until" IS NULL OR d."locked_until" < now())
          ) x JOIN plan p ON p."webhook_id" = x."webhook_id" LEFT JOIN leased l ON l."webhook_id" = x."webhook_id"
          WHERE x.k <= LEAST(p."allowed", p."cap" - COALESCE(l.n, 0))
        ), served AS ( -- runs whether read or not (a data-modifying WITH always does)
          UPDATE "webhooks" SET "last_attempt_at" = now() WHERE "id" IN (SELECT "webhook_id" FROM picked) RETURNING "id"
        )
        UPDATE "webhook_deliveries" AS d SET "locked_until" = now() + ${limits.leaseMs}::int * interval '1 millisecond', "lock_token" = ${token}
        FROM "webhooks" AS w
        WHERE w."id" = d."webhook_id" AND d."id" IN (SELECT "id" FROM picked)
          AND d."status" = 'pending' AND (d."locked_until" IS NULL OR d."locked_until" < now())
        RETURNING d."id", d."generation_id", d."event_type", d."attempt_count", d."payload", d."created_at", d."retry_until",
          w."id" AS "webhook_id", w."url", w."secret_ciphertext", w."account_id", w."consecutive_failures" > 0 AS "failing",
          (w."consecutive_failures" = 0 AND w."last_success_at" IS NOT NULL) AS "proven", d."lock_token"`;
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}

/**
 * Deals the free slots to the candidates (in their fair order), one per endpoint per pass, within
 * each endpoint's limit (as last counted), the account's room and the unproven and failing shares.
 */
export function allocate(
  candidates: readonly Candidate[],
  limits: Pick<ClaimLimits, "room" | "unprovenRoom" | "failingRoom" | "accountRoom" | "endpointLimit">,
): Map<string, { allowed: number; cap: number }> {
  const plan = new Map<string, { allowed: number; cap: number }>();
  let room = limits.room;
  let failingRoom = limits.failingRoom;
  let unprovenRoom = limits.unprovenRoom;
  const accountRoom = new Map<string, number>();
  const capOf = (c: Candidate) => (c.proven ? limits.endpointLimit : 1);
  for (let pass = 0; room > 0; pass++) {
    let dealt = false;
    for (const c of candidates) {
      if (room <= 0) break;
      const cap = capOf(c);
      if (c.leased + pass >= cap) continue;
      if (c.failing && failingRoom <= 0) continue;
      if (!c.proven && unprovenRoom <= 0) continue;
      const left = accountRoom.get(c.account_id) ?? limits.accountRoom(c.account_id);
      if (left <= 0) continue;
      const entry = plan.get(c.id) ?? { allowed: 0, cap };
      if (entry.allowed !== pass) continue; // it got nothing in an earlier pass: it has no more room
      entry.allowed += 1;
      plan.set(c.id, entry);
      accountRoom.set(c.account_id, left - 1);
      room -= 1;
      if (c.failing) failingRoom -= 1;
      if (!c.proven) unprovenRoom -= 1;
      dealt = true;
    }
    if (!dealt) break;
  }
  return plan;
}
