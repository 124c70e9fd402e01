/** Fresh PostgreSQL databases for the benchmark: created on demand, all dropped at the end. */
import pg from "pg";

const server = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
const created = new Set<string>();
const prefix = `bench_${process.pid}_${Date.now().toString(36)}`;

export const databaseUrl = (name: string) => `${server}/${name}`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl("postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database `bench_<pid>_<time>_<suffix>` and returns its URL. */
export async function createDatabase(suffix: string): Promise<string> {
  const name = `${prefix}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  created.add(name);
  return databaseUrl(name);
}

/** Drops every database this run created (connections are terminated first). */
export async function dropDatabases(): Promise<string[]> {
  const dropped: string[] = [];
  if (created.size === 0) return dropped;
  await admin(async (c) => {
    for (const name of [...created]) {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      created.delete(name);
      dropped.push(name);
    }
  });
  return dropped;
}

/** True when the PostgreSQL server answers. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin((c) => c.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Cumulative statistics of one database (pg_stat_database; this query's own transaction is one
 * more). An idle backend reports its statistics up to `statsSettleMs` late, so a window's counts
 * are read after the work before it has been quiet that long.
 */
export async function databaseStats(url: string): Promise<{ xact_commit: number; tup_inserted: number; tup_updated: number; tup_fetched: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await client.query<Record<string, string>>(
      `SELECT xact_commit, tup_inserted, tup_updated, tup_fetched FROM pg_stat_database WHERE datname = current_database()`,
    );
    const row = rows[0]!;
    return {
      xact_commit: Number(row.xact_commit),
      tup_inserted: Number(row.tup_inserted),
      tup_updated: Number(row.tup_updated),
      tup_fetched: Number(row.tup_fetched),
    };
  } finally {
    await client.end();
  }
}

/** PostgreSQL 15: an idle backend flushes its pending statistics within 10 s (PGSTAT_IDLE_INTERVAL). */
export const statsSettleMs = 11_000;
