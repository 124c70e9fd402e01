import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { messages, PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { fullCollector } from "../idle-memory.js";
import { databaseErrorFields, type Reply, type Request, type SerializedError, type WorkerInit } from "./pglite-protocol.js";

/**
 * The embedded database's thread: the only place PGlite runs (its queries are synchronous WASM calls,
 * so on the main thread every statement stalled the event loop). It answers `Request`s from
 * `pglite-proxy.ts` one by one as they come; PGlite's own mutexes order them, so a transaction queues
 * the other statements and transactions exactly as it does in-process, and while a transaction waits
 * for the main thread's next statement this thread is idle, not blocked.
 */
const port = parentPort!;
const init = workerData as WorkerInit;
const post = (reply: Reply) => port.postMessage(reply);

/** Open transactions: the PGlite transaction object and how to end it (its callback waits on this). */
const transactions = new Map<number, { tx: Transaction; end: (action: "commit" | "rollback") => void; done: Promise<void> }>();
let db: PGlite;

function serialize(error: unknown): SerializedError {
  if (error instanceof messages.DatabaseError) {
    const pg: Record<string, unknown> = {};
    for (const field of databaseErrorFields) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (value !== undefined) pg[field] = value;
    }
    return { name: error.name, message: error.message, stack: error.stack, pg: cloneable(pg) };
  }
  const e = error instanceof Error ? error : new Error(String(error));
  return { name: e.name, message: e.message, stack: e.stack, fatal: isFatal(error) };
}

/** A query's parameters may hold what cannot be cloned; the error must still cross. */
function cloneable(fields: Record<string, unknown>): Record<string, unknown> {
  try {
    structuredClone(fields.params);
  } catch {
    delete fields.params;
  }
  return fields;
}

/** The WASM instance is broken (an abort, an exit): nothing can run on it any more. */
function isFatal(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return error instanceof WebAssembly.RuntimeError || name === "ExitStatus";
}

function fail(id: number, error: unknown): void {
  const serialized = serialize(error);
  post({ id, ok: false, error: serialized });
  if (serialized.fatal) setImmediate(() => process.exit(1)); // the proxy rejects what is pending
}

/** A result as data: the fields that matter and nothing that cannot be cloned. */
function plain(result: Results<unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
  if (result.rowCount !== undefined) out.rowCount = result.rowCount;
  if ((result as { command?: string }).command !== undefined) out.command = (result as { command?: string }).command;
  return out;
}

const identity = (value: string) => value;

async function handle(request: Request): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case "query": {
        const runner = request.tx === undefined ? db : openTransaction(request.tx);
        const parsers = request.rawTypes?.length ? Object.fromEntries(request.rawTypes.map((oid) => [oid, identity])) : undefined;
        const result = await runner.query(request.text, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}),
          ...(parsers ? { parsers } : {}),
        });
        post({ id, ok: true, value: plain(result) });
        return;
      }
      case "exec": {
        const runner = request.tx === undefined ? db : openTransaction(request.tx);
        const results = await runner.exec(request.text);
        post({ id, ok: true, value: results.map(plain) });
        return;
      }
      case "begin":
        await begin(id);
        return;
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) throw new Error("Transaction is closed");
        transactions.delete(request.tx);
        open.end(request.action);
        await open.done;
        post({ id, ok: true });
        return;
      }
      case "snapshot":
        post({ id, ok: true, value: await snapshot(request.to, request.queries) });
        return;
      case "close":
        await db.close();
        post({ id, ok: true });
        port.close(); // nothing keeps this thread alive any more: it ends
        return;
    }
  } catch (error) {
    fail(id, error);
  }
}

function openTransaction(tx: number): Transaction {
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

/**
 * PGlite's `transaction(callback)` with the callback held open until the main thread sends `end`.
 * The `begin` answer goes out once BEGIN ran (PGlite queues it behind a running transaction); the
 * transaction's outcome (COMMIT, or a failed COMMIT of an aborted transaction) answers the `end`.
 */
function begin(id: number): Promise<void> {
  return new Promise<void>((started) => {
    let settle!: { resolve: () => void; reject: (error: unknown) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    done.catch(() => undefined); // observed through `end`
    let began = false;
    db.transaction(async (tx) => {
      const action = await new Promise<"commit" | "rollback">((end) => {
        transactions.set(id, { tx, end, done });
        began = true;
        post({ id, ok: true });
        started();
      });
      if (action === "rollback") await tx.rollback();
    }).then(
      () => settle.resolve(),
      (error: unknown) => {
        if (began) {
          settle.reject(error);
          return;
        }
        fail(id, error); // BEGIN itself failed
        started();
      },
    );
  });
}

/**
 * A copy of the data folder that opens as the database did at one instant (backup.ts). PGlite's
 * transaction holds its transaction mutex, which every query, exec and transaction of this thread
 * takes first: nothing else runs until the copy is done, and the transactions already open have
 * ended (committed or rolled back) before it starts. CHECKPOINT writes every dirty page and the WAL
 * to the files (no recovery needed on open); the copy is of the files themselves (PGlite's node file
 * system writes through to them). `postmaster.pid` names this process: not copied. BEGIN and the
 * reads assign no transaction id, so the copy holds nothing of the snapshot's own transaction.
 */
async function snapshot(to: string, queries: string[]): Promise<unknown[][]> {
  const { copyTree } = await import("./pglite-folder.js"); // loaded by the first backup only
  return db.transaction(async (tx) => {
    const rows: unknown[][] = [];
    for (const query of queries) rows.push((await tx.query(query)).rows);
    await tx.exec("CHECKPOINT");
    await copyTree(init.dataDir, to);
    await rm(join(to, "postmaster.pid"), { force: true });
    return rows;
  });
}

/**
 * After the open: an in-memory database (tests) is made here, loaded from a migrated tarball when
 * there is one (`templateTarball`), else by initdb, whose 400–700 MB of garbage (a second instance, a
 * copy of its heap, a tarball) would stay: this thread is idle between queries, so V8 never runs a
 * major GC on its own. Two full collections free it. A folder (made elsewhere: `pglite-folder.ts`)
 * gets them too: the open's own garbage (the file-system bundle, the WASM compile) otherwise stays,
 * and the service's RSS at rest varied by ±25 MB with it (issue 18; ~30 ms at start).
 */
async function collectStartupGarbage() {
  const gc = fullCollector();
  if (!gc) return;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc(); // what the first one released (WASM memories) goes with the second
}

async function main() {
  const started = performance.now();
  try {
    const loadDataDir = init.loadTarball
      ? await readFile(init.loadTarball).then(
          (bytes) => new Blob([bytes]),
          () => undefined,
        )
      : undefined;
    db = await PGlite.create(init.dataDir, { startParams: init.startParams, initDbStartParams: init.initDbArgs, ...(loadDataDir ? { loadDataDir } : {}) });
    await collectStartupGarbage();
  } catch (error) {
    post({ type: "failed", error: serialize(error) });
    port.close();
    return;
  }
  port.on("message", (request: Request) => void handle(request));
  post({ type: "ready", ms: Math.round(performance.now() - started) });
}

void main();
