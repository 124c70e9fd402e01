/** After a run: the ledger checked against the answers, the queue drained, and what never finished. */
import type { Redis } from "ioredis";
import { sleep } from "../servers.js";
import type { Deployment } from "./deploy.js";
import { withDb } from "./probes.js";

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
  accounts: number;
  generations: number;
  succeeded: number;
  failed: number;
  unfinished: number;
  charges: number;
  refunds: number;
  assets: number;
  creditsCharged: number;
}

export async function checkLedger(url: string, accountIds: string[], answered2xx: number, inFlightMax: number): Promise<LedgerCheck> {
  return withDb(url, async (c) => {
    const rows = (
      await c.query(
        `SELECT a.id, a.balance, a.active_generations,
           (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id)::bigint AS ledger_sum,
           (SELECT count(*) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'charge')::int AS charges,
           (SELECT count(*) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'refund')::int AS refunds,
           (SELECT coalesce(-sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'charge')::bigint AS charged,
           (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind IN ('signup_grant', 'grant', 'adjustment'))::bigint AS granted,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id)::int AS generations,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status = 'succeeded')::int AS succeeded,
           (SELECT coalesce(sum(cost), 0) FROM generations g WHERE g.account_id = a.id AND g.status = 'succeeded')::bigint AS succeeded_cost,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status IN ('failed', 'canceled'))::int AS failed,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status IN ('queued', 'running'))::int AS unfinished,
           (SELECT count(*) FROM assets s WHERE s.account_id = a.id)::int AS assets
         FROM accounts a WHERE a.id = ANY($1)`,
        [accountIds],
      )
    ).rows;
    const problems: string[] = [];
    const sum = (k: string) => rows.reduce((s, r) => s + Number(r[k]), 0);
    if (rows.length !== accountIds.length) problems.push(`found ${rows.length} of ${accountIds.length} accounts`);
    for (const r of rows) {
      const id = String(r.id);
      const n = (k: string) => Number(r[k]);
      if (n("ledger_sum") !== n("balance")) problems.push(`${id}: ledger sum ${n("ledger_sum")} ≠ balance ${n("balance")}`);
      if (n("granted") - n("succeeded_cost") !== n("balance"))
        problems.push(`${id}: grants ${n("granted")} − succeeded cost ${n("succeeded_cost")} ≠ balance ${n("balance")}`);
      if (n("charges") !== n("generations")) problems.push(`${id}: ${n("charges")} charges for ${n("generations")} generations`);
      if (n("refunds") !== n("failed")) problems.push(`${id}: ${n("refunds")} refunds for ${n("failed")} failed/canceled`);
      if (n("charges") - n("refunds") !== n("succeeded"))
        problems.push(`${id}: charges − refunds ${n("charges") - n("refunds")} ≠ succeeded ${n("succeeded")}`);
      if (n("assets") !== n("succeeded")) problems.push(`${id}: ${n("assets")} assets for ${n("succeeded")} succeeded`);
      if (n("unfinished") !== 0 || n("active_generations") !== 0)
        problems.push(`${id}: ${n("unfinished")} unfinished, active_generations ${n("active_generations")}`);
    }
    const succeeded = sum("succeeded");
    // Every 2xx answer is a succeeded generation; requests cut off at the end of a run still finish.
    if (succeeded < answered2xx) problems.push(`${succeeded} succeeded < ${answered2xx} answered 200`);
    if (succeeded > answered2xx + inFlightMax) problems.push(`${succeeded} succeeded > ${answered2xx} answered + ${inFlightMax} in flight`);
    return {
      ok: problems.length === 0,
      problems,
      accounts: rows.length,
      generations: sum("generations"),
      succeeded,
      failed: sum("failed"),
      unfinished: sum("unfinished"),
      charges: sum("charges"),
      refunds: sum("refunds"),
      assets: sum("assets"),
      creditsCharged: sum("charged"),
    };
  });
}

export async function drain(url: string, timeoutMs = 60_000): Promise<number> {
  return withDb(url, async (c) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = Number((await c.query("SELECT count(*)::int AS n FROM generations WHERE status IN ('queued', 'running')")).rows[0].n);
      if (left === 0 || Date.now() > deadline) return left;
      await sleep(200);
    }
  });
}

/** What a generation that never finished looks like: its row, its events, its BullMQ job and the job's state. */
export async function stuckGenerations(d: Deployment, redis: Redis): Promise<Record<string, unknown>[]> {
  const rows = await withDb(d.dbUrl, async (c) => {
    const gens = (
      await c.query(
        "SELECT id, status, attempt, credit_state, created_at, started_at, updated_at, last_event_seq FROM generations WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT 10",
      )
    ).rows;
    for (const g of gens) {
      g.events = (await c.query("SELECT seq, type, created_at FROM generation_events WHERE generation_id = $1 ORDER BY seq", [g.id])).rows;
    }
    return gens as Record<string, unknown>[];
  });
  const q = `${d.prefix}-bull:generations`;
  for (const g of rows) {
    const id = String(g.id);
    const job = await redis.hgetall(`${q}:${id}`);
    const state: string[] = [];
    for (const set of ["prioritized", "delayed", "completed", "failed"]) if ((await redis.zscore(`${q}:${set}`, id)) !== null) state.push(set);
    for (const list of ["wait", "active", "paused"]) if ((await redis.lpos(`${q}:${list}`, id)) !== null) state.push(list);
    const { data: _data, ...fields } = job;
    g.job = { state, ...fields, lock: await redis.get(`${q}:${id}:lock`) };
  }
  return rows;
}
