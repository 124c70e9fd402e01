import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results } from "@electric-sql/pglite";
import { DependencyUnavailableError } from "../dependency.js";
import type { Reply, Request, SerializedError, WorkerInit } from "./pglite-protocol.js";

/**
 * The embedded database seen from the main thread: PGlite runs in a worker thread
 * (`pglite-worker.ts`), and this proxy offers what its three users call, with PGlite's own
 * signatures and results:
 *
 * - `query(text, params, options)` (`rowMode`, `parsers`, `paramTypes`) → `{rows, fields, affectedRows, rowCount}`;
 * - `exec(sql)` → one result per statement;
 * - `transaction(fn)`: `fn(tx)` runs `tx.query` / `tx.exec` in one transaction, committed when `fn`
 *   resolves and rolled back when it throws or calls `tx.rollback()`; transactions queue behind the
 *   running one, as in PGlite (and so do plain statements while one is open);
 * - `close()`.
 *
 * That is what `pglite-prisma-adapter`'s `PrismaPGlite` uses (`query` with `rowMode: "array"` and
 * parsers, `transaction` held open across Prisma's interactive transactions, `tx.rollback()`,
 * `exec`), and what `database.ts` uses for the migrations and `Database.sql` / `transaction`.
 *
 * Values cross the thread boundary by structured clone (Date, Uint8Array, bigint and JSON values
 * survive). Parsers are functions and cannot cross: their types come back as PostgreSQL's text and
 * are parsed here, which is what PGlite would have done with them. PostgreSQL errors come back as
 * PGlite's `DatabaseError` with their SQLSTATE `code`, `detail`, `constraint`… (so `instanceof`
 * checks and `isUniqueViolation` behave as in-process). If the worker dies, every pending and later
 * call rejects with `DependencyUnavailableError("database")`: the service answers 503.
 */
export interface ProxyTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PGliteProxyOptions {
  dataDir: string;
  startParams: string[];
  initDbArgs?: string[];
  /** `memory://` only: a pristine database to load instead of running initdb (`templateTarball`). */
  loadTarball?: string;
  /** Called once if the worker stops without being closed (it crashed, or its WASM instance broke). */
  onCrash?: (error: DependencyUnavailableError) => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export class PGliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Set once the worker is gone (closed or crashed): every call rejects with it. */
  #gone: DependencyUnavailableError | undefined;
  #closing: Promise<void> | undefined;
  readonly #exited: Promise<void>;

  private constructor(
    worker: Worker,
    private readonly options: PGliteProxyOptions,
  ) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once("exit", () => resolve()));
  }

  /** Starts the worker and opens the database there (initdb for a new folder); resolves when it answers. */
  static async create(options: PGliteProxyOptions): Promise<PGliteProxy> {
    const source = import.meta.url.endsWith(".ts");
    const init: WorkerInit = {
      dataDir: options.dataDir,
      startParams: options.startParams,
      initDbArgs: options.initDbArgs ?? [],
      ...(options.loadTarball ? { loadTarball: options.loadTarball } : {}),
    };
    const script = new URL(`./pglite-worker${source ? ".ts" : ".js"}`, import.meta.url);
    // Compiled JavaScript runs as it is. Sources (development, tests) go through tsx, registered in
    // the thread first: Node 20 does not run `--import` preloads given in a worker's execArgv.
    const worker = source
      ? new Worker(tsxBootstrap(script), { eval: true, workerData: init, execArgv: [], name: "pglite" })
      : new Worker(script, { workerData: init, execArgv: [], name: "pglite" });
    const proxy = new PGliteProxy(worker, options);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new DependencyUnavailableError("database", `The embedded database's thread exited (${code}) while opening ${options.dataDir}.`));
      const onError = (error: Error) =>
        reject(
          new DependencyUnavailableError("database", `The embedded database's thread failed while opening ${options.dataDir}: ${error.message}`, {
            cause: error,
          }),
        );
      worker.once("exit", onExit);
      worker.once("error", onError);
      worker.once("message", (reply: Reply) => {
        worker.off("exit", onExit);
        worker.off("error", onError);
        if ("type" in reply && reply.type === "ready") {
          proxy.#listen();
          resolve();
        } else {
          const error = "error" in reply ? revive(reply.error) : new Error("unexpected first message from the database thread");
          worker.on("error", () => undefined); // it is going away; nothing more to report
          void worker.terminate();
          reject(error);
        }
      });
    });
    return proxy;
  }

  #listen(): void {
    this.#worker.on("message", (reply: Reply) => {
      if (!("id" in reply)) return;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(revive(reply.error));
    });
    this.#worker.on("error", (error) => this.#stopped(`failed: ${error.message}`, error));
    this.#worker.on("exit", (code) => this.#stopped(`exited (${code})`));
  }

  /** The worker is gone (or going): whatever still waits for it will never be answered. */
  #stopped(how: string, cause?: unknown): void {
    const crashed = !this.#gone && !this.#closing;
    this.#gone ??= new DependencyUnavailableError(
      "database",
      `The embedded database's thread ${how}; restart the service.`,
      cause === undefined ? {} : { cause },
    );
    for (const pending of this.#pending.values()) pending.reject(this.#gone);
    this.#pending.clear();
    if (crashed) this.options.onCrash?.(this.#gone);
  }

  #call<T>(request: DistributiveOmit<Request, "id">): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A value structured clone cannot copy (a function, a symbol): refused before it left.
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  async #query<T>(tx: number | undefined, text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (options.serializers || options.onNotice || options.blob) {
      throw new TypeError("The embedded database's proxy does not pass serializers, onNotice or blob to its thread.");
    }
    const parsers = options.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await this.#call<Results<T>>({
      op: "query",
      ...(tx === undefined ? {} : { tx }),
      text,
      params: params.map(compact),
      ...(options.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
      ...(rawTypes?.length ? { rawTypes } : {}),
    });
    if (parsers && rawTypes?.length) applyParsers(result, parsers, options.rowMode ?? "object");
    return result;
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    if (options && Object.keys(options).length > 0) return Promise.reject(new TypeError("The embedded database's proxy runs exec() without options."));
    return this.#call<Results[]>({ op: "exec", text });
  }

  async transaction<T>(fn: (tx: ProxyTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextId; // the transaction's id is its `begin` request's id
    await this.#call({ op: "begin" });
    let closed = false;
    let ended: Promise<void> | undefined;
    const end = (action: "commit" | "rollback") => {
      closed = true;
      ended = handled(this.#call<void>({ op: "end", tx: id, action }));
      return ended;
    };
    const check = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: ProxyTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, text, params, options);
      },
      exec: async (text: string) => {
        check();
        return this.#call<Results[]>({ op: "exec", tx: id, text });
      },
      // PrismaPGlite calls rollback() without awaiting it: its outcome must not be an unhandled
      // rejection (it is awaited below, before the transaction's own promise settles).
      rollback: () => {
        if (closed) return handled(Promise.reject(new Error("Transaction is closed")));
        return end("rollback");
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!closed) await end("rollback").catch(() => undefined);
      else await ended?.catch(() => undefined);
      throw error;
    }
    if (!closed) await end("commit");
    else await ended;
    return result;
  }

  /** Copies the data folder to `to` at one instant, after running `queries` (pglite-worker.ts, `snapshot`); their rows. */
  snapshot(to: string, queries: string[] = []): Promise<Record<string, unknown>[][]> {
    return this.#call<Record<string, unknown>[][]>({ op: "snapshot", to, queries });
  }

  /** Closes the database (after the statements and transactions already queued) and stops the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#gone) return;
      let failure: unknown;
      try {
        await this.#call({ op: "close" });
      } catch (error) {
        failure = error;
        void this.#worker.terminate();
      }
      this.#gone ??= new DependencyUnavailableError("database", "The embedded database is closed.");
      const timer = setTimeout(() => void this.#worker.terminate(), 5_000);
      await this.#exited;
      clearTimeout(timer);
      if (failure) throw failure;
    })();
    return this.#closing;
  }

  get closed(): boolean {
    return this.#gone !== undefined;
  }

  /** Tests: the worker thread, to make it crash. */
  get worker(): Worker {
    return this.#worker;
  }
}

/** `promise`, marked as handled (its rejection is observed elsewhere, or deliberately not). */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A worker's code (CommonJS, eval) that registers tsx's loader, then imports the TypeScript `script`. */
function tsxBootstrap(script: URL): string {
  // tsx's ESM entry of its API (require.resolve finds the CommonJS twin beside it, which cannot register).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  return `import(${JSON.stringify(tsx)}).then((api) => { (api.register ?? api.default.register)(); return import(${JSON.stringify(script.href)}); });`;
}

/** A view on part of a larger buffer (Buffer's 8 KB pool) would be cloned whole: copy just its bytes. */
function compact(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && value.byteLength !== value.buffer.byteLength) {
    return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  }
  return value;
}

/** What PGlite does with `options.parsers`, done here: the worker sent those types as text. */
function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions["parsers"]>, rowMode: "array" | "object"): void {
  const columns = result.fields
    .map((field, index) => ({
      index,
      name: field.name,
      typeId: field.dataTypeID,
      parse: parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined,
    }))
    // In object mode a name repeated in the select list is one property, the last column's (as PGlite builds it).
    .filter((c, i, all) => c.parse && (rowMode === "array" || !all.slice(i + 1).some((d) => d.name === c.name)));
  if (columns.length === 0) return;
  for (const row of result.rows as unknown[]) {
    for (const c of columns) {
      if (rowMode === "array") {
        const values = row as unknown[];
        if (values[c.index] !== null) values[c.index] = c.parse!(values[c.index] as string, c.typeId);
      } else {
        const values = row as Record<string, unknown>;
        if (values[c.name] !== null) values[c.name] = c.parse!(values[c.name] as string, c.typeId);
      }
    }
  }
}

/** An error from the worker, as the caller would have had it in-process. */
function revive(serialized: SerializedError): Error {
  if (serialized.fatal) {
    return new DependencyUnavailableError("database", `The embedded database broke: ${serialized.message}`, { cause: plainError(serialized) });
  }
  if (!serialized.pg) return plainError(serialized);
  const { length, ...fields } = serialized.pg;
  const error = new messages.DatabaseError(serialized.message, typeof length === "number" ? length : 0, serialized.name as messages.MessageName);
  Object.assign(error, fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

function plainError(serialized: SerializedError): Error {
  // A statement that arrived after close() (the service is stopping): answered like an unavailable database.
  if (serialized.message === "PGlite is closed") return new DependencyUnavailableError("database", "The embedded database is closed.");
  const error = new Error(serialized.message);
  if (serialized.name !== "Error") Object.defineProperty(error, "name", { value: serialized.name, configurable: true, writable: true });
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
