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
