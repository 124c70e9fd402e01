/** What PostgreSQL, Redis and the machine say: snapshots taken before and after a run. */
import { readFile } from "node:fs/promises";
import type { Redis } from "ioredis";
import pg from "pg";
import { cpuTimeMs } from "../servers.js";

export async function withDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const dbName = (url: string) => url.slice(url.lastIndexOf("/") + 1);

export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0 && !line.startsWith("#")) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

interface RedisSnap {
  commands: number;
  cpuMs: number;
  usedMemory: number;
  netIn: number;
  netOut: number;
  pubsubChannels: number;
  clients: number;
}
export async function redisSnap(redis: Redis): Promise<RedisSnap> {
  const info = parseInfo(await redis.info());
  return {
    commands: Number(info.total_commands_processed),
    cpuMs: 1000 * (Number(info.used_cpu_sys) + Number(info.used_cpu_user)),
    usedMemory: Number(info.used_memory),
    netIn: Number(info.total_net_input_bytes),
    netOut: Number(info.total_net_output_bytes),
    pubsubChannels: Number(info.pubsub_channels),
    clients: Number(info.connected_clients),
  };
}

interface PgSnap {
  xactCommit: number;
  xactRollback: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  tupReturned: number;
  walLsn: string;
  /** CPU ms of each backend of our database. */
  backends: Map<number, number>;
}
export async function pgSnap(admin: pg.Client, db: string): Promise<PgSnap> {
  const s = (
    await admin.query(
      "SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_returned, pg_current_wal_lsn()::text AS lsn FROM pg_stat_database WHERE datname = $1",
      [db],
    )
  ).rows[0];
  const pids = (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1", [db])).rows.map((r) => Number(r.pid));
  const backends = new Map<number, number>();
  for (const pid of pids) {
    const cpu = await cpuTimeMs(pid).catch(() => undefined);
    if (cpu !== undefined) backends.set(pid, cpu);
  }
  return {
    xactCommit: Number(s.xact_commit),
    xactRollback: Number(s.xact_rollback),
    tupInserted: Number(s.tup_inserted),
    tupUpdated: Number(s.tup_updated),
    tupDeleted: Number(s.tup_deleted),
    tupReturned: Number(s.tup_returned),
    walLsn: s.lsn,
    backends,
  };
}

export async function walDiff(admin: pg.Client, a: string, b: string): Promise<number> {
  return Number((await admin.query("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS d", [b, a])).rows[0].d);
}

export async function commandStats(redis: Redis): Promise<Record<string, { calls: number; usec: number }>> {
  const out: Record<string, { calls: number; usec: number }> = {};
  for (const line of (await redis.info("commandstats")).split("\r\n")) {
    const m = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (m) out[m[1]!.replace("|", " ")] = { calls: Number(m[2]), usec: Number(m[3]) };
  }
  return out;
}

export async function tableSizes(url: string): Promise<Record<string, number>> {
  return withDb(url, async (c) => {
    const rows = (
      await c.query(
        "SELECT relname, pg_total_relation_size(oid)::bigint AS size FROM pg_class WHERE relname IN ('generations', 'generation_events', 'assets', 'ledger_entries', 'accounts') AND relkind = 'r'",
      )
    ).rows;
    return Object.fromEntries(rows.map((r) => [String(r.relname), Number(r.size)]));
  });
}

export const loadavg = async () => (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
