import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { ListenHandlers, Listener } from "./listen.js";
import type { MigrateResult } from "./migrate.js";

export type DatabaseKind = "pglite" | "postgres";

/** Runs one statement (a `Prisma.sql` template: `$1` placeholders and values) and returns its rows. */
export type SqlRunner = <T = Record<string, unknown>>(statement: Prisma.Sql) => Promise<T[]>;

/** An open database, PostgreSQL or the embedded PGlite (database.ts opens one). */
export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /**
   * The hot paths' statements, straight to the driver (no ORM on the way: its query engine costs
   * more CPU than the statements do). On PostgreSQL each distinct statement is prepared once per
   * connection. Column names are the database's (snake_case); int8 comes back as a string.
   */
  sql: SqlRunner;
  /** A transaction on the driver: `fn` runs its statements on it; it commits when `fn` resolves. */
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  migrate(): Promise<MigrateResult>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (reconnecting; see listen.ts),
   * closed with the database. Absent on PGlite, whose single owning process makes every change itself.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /**
   * The embedded database only: runs `queries` and copies its folder to `to` at one instant, with
   * every statement and transaction of the process held back meanwhile (backup.ts); their rows.
   */
  snapshot?(to: string, queries: string[]): Promise<Record<string, unknown>[][]>;
  close(): Promise<void>;
}
