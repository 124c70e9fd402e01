/**
 * The messages between the embedded database's proxy (main thread, `pglite-proxy.ts`) and its worker
 * thread (`pglite-worker.ts`). Values cross by structured clone: strings, numbers, bigint, Date,
 * Uint8Array, plain objects and arrays survive; functions do not (see `rawTypes`).
 */

export interface WorkerInit {
  /** A folder, or `memory://…`. */
  dataDir: string;
  /** PostgreSQL's command line (PGlite's `startParams`). */
  startParams: string[];
  /** initdb's extra arguments, for a new folder. */
  initDbArgs: string[];
  /** `memory://` only: a pristine database (PGlite's dump) to load instead of running initdb. */
  loadTarball?: string;
}

/** Main → worker. `id` pairs the answer with its request. `tx` runs the statement in that open transaction. */
export type Request =
  | {
      id: number;
      op: "query";
      tx?: number;
      text: string;
      params: unknown[];
      rowMode?: "array" | "object";
      paramTypes?: number[];
      /** Type OIDs whose values come back as PostgreSQL's text (the caller parses them: its parsers are functions). */
      rawTypes?: number[];
    }
  | { id: number; op: "exec"; tx?: number; text: string }
  /** Starts a transaction (queued behind the one running, as PGlite does); answered once BEGIN ran. Its id is `id`. */
  | { id: number; op: "begin" }
  /** Ends transaction `tx`: answered with the outcome of COMMIT (or ROLLBACK). */
  | { id: number; op: "end"; tx: number; action: "commit" | "rollback" }
  /**
   * Runs `queries`, then CHECKPOINT, then copies the data folder to `to` (a new folder), all in one
   * transaction that every other statement and transaction waits behind; answers the queries' rows.
   */
  | { id: number; op: "snapshot"; to: string; queries: string[] }
  | { id: number; op: "close" };

/** Worker → main. */
export type Reply =
  | { type: "ready"; ms: number }
  | { type: "failed"; error: SerializedError }
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SerializedError };

/** An error as data. `pg` holds a PostgreSQL error's fields (SQLSTATE `code`, `detail`, …). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** PostgreSQL's error fields (a DatabaseError from PGlite), else absent. */
  pg?: Record<string, unknown>;
  /** The WASM runtime broke (abort, exit): the instance is gone and the worker exits. */
  fatal?: boolean;
}

/** The fields of PGlite's DatabaseError (pg-protocol), besides `message` and `name`. */
export const databaseErrorFields = [
  "length",
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
  "query",
  "params",
] as const;
