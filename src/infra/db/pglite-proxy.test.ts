import { PGlite, messages } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DependencyUnavailableError, unavailableDependency } from "../dependency.js";
import { PGliteProxy } from "./pglite-proxy.js";
import { settingArgs } from "./pglite-settings.js";

const open = (onCrash?: (error: DependencyUnavailableError) => void) =>
  PGliteProxy.create({ dataDir: "memory://", startParams: [...PGlite.defaultStartParams, ...settingArgs()], ...(onCrash ? { onCrash } : {}) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite in a worker thread: the proxy", () => {
  let db: PGliteProxy;
  beforeAll(async () => {
    db = await open();
    await db.exec(`
      CREATE TABLE t (id int PRIMARY KEY, name text UNIQUE, at timestamptz, data bytea, big int8, doc jsonb);
      CREATE TABLE counter (n int NOT NULL);
      INSERT INTO counter VALUES (0);`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("runs with our memory settings", async () => {
    const { rows } = await db.query<{ sb: string; mc: string }>("SELECT current_setting('shared_buffers') AS sb, current_setting('max_connections') AS mc");
    expect(rows[0]).toEqual({ sb: "16MB", mc: "2" });
  });

  it("carries every type as PGlite returns it, both ways", async () => {
    const at = new Date("2026-11-23T10:00:00.123Z");
    const pooled = Buffer.from("AQID", "base64"); // a view on Buffer's shared pool
    const insert = await db.query("INSERT INTO t (id, name, at, data, big, doc) VALUES ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12)", [
      1,
      "one",
      at,
      new Uint8Array([0, 255, 7]),
      9007199254740993n,
      { a: [1, "x"], b: null },
      2,
      null,
      null,
      pooled,
      5,
      JSON.stringify({ s: "text" }),
    ]);
    expect(insert.affectedRows).toBe(2);
    const { rows, fields } = await db.query<Record<string, unknown>>("SELECT id, name, at, data, big, doc FROM t ORDER BY id");
    expect(fields.map((f) => [f.name, f.dataTypeID])).toEqual([
      ["id", 23],
      ["name", 25],
      ["at", 1184],
      ["data", 17],
      ["big", 20],
      ["doc", 3802],
    ]);
    expect(rows[0]).toEqual({ id: 1, name: "one", at, data: new Uint8Array([0, 255, 7]), big: 9007199254740993n, doc: { a: [1, "x"], b: null } });
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.data).toBeInstanceOf(Uint8Array);
    expect(rows[1]).toEqual({ id: 2, name: null, at: null, data: new Uint8Array([1, 2, 3]), big: 5, doc: { s: "text" } });
  });

  it("applies caller's parsers (functions stay on this thread) in array row mode, as PrismaPGlite asks", async () => {
    const parsers = { 1184: (s: string) => `tz:${s.split("+")[0]}`, 17: (s: string) => Array.from(Buffer.from(s.slice(2), "hex")), 20: (s: string) => s };
    const result = await db.query<unknown[]>("SELECT at, data, big, name, id FROM t ORDER BY id", [], { rowMode: "array", parsers });
    expect(result.rows).toEqual([
      ["tz:2026-11-23 10:00:00.123", [0, 255, 7], "9007199254740993", "one", 1],
      [null, [1, 2, 3], "5", null, 2],
    ]);
    const objects = await db.query<Record<string, unknown>>("SELECT big FROM t WHERE id = $1", [2], { parsers });
    expect(objects.rows).toEqual([{ big: "5" }]);
  });

  it("exec runs several statements and answers one result each", async () => {
    const results = await db.exec("SELECT 1 AS a; SELECT 'x' AS b, 2 AS c; UPDATE counter SET n = n");
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: "x", c: 2 }], []]);
    expect(results[2]!.affectedRows).toBe(1);
  });

  it("rejects with PGlite's DatabaseError and PostgreSQL's SQLSTATE", async () => {
    const duplicate = await db.query("INSERT INTO t (id, name) VALUES (3, 'one')").catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(messages.DatabaseError);
    expect(duplicate).toMatchObject({
      code: "23505",
      constraint: "t_name_key",
      severity: "ERROR",
      table: "t",
      query: "INSERT INTO t (id, name) VALUES (3, 'one')",
    });
    expect((duplicate as Error).message).toMatch(/duplicate key value violates unique constraint/);
    expect(await db.query("SELEC 1").catch((e: unknown) => (e as { code?: string }).code)).toBe("42601");
    expect(await db.exec("SELECT 1; SELECT 1/0").catch((e: unknown) => (e as { code?: string }).code)).toBe("22012");
    expect(await db.query("SELECT $1::int", ["x"]).catch((e: unknown) => (e as { code?: string }).code)).toBe("22P02");
    // a value structured clone cannot carry is refused before it leaves
    await expect(db.query("SELECT $1", [() => 1])).rejects.toThrow();
    // …and the proxy still works
    expect((await db.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  });

  it("a transaction commits what its callback did, atomically; a throw or rollback() leaves nothing", async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, name) VALUES (10, 'ten')");
      await tx.exec("INSERT INTO t (id, name) VALUES (11, 'eleven')");
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id >= 10")).rows[0]!.n;
    });
    expect(value).toBe(2);
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, name) VALUES (12, 'twelve')");
        await tx.query("INSERT INTO t (id, name) VALUES (13, 'ten')"); // unique violation: the transaction is aborted
      })
      .catch((e: unknown) => e);
    expect(thrown).toMatchObject({ code: "23505" });
    await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, name) VALUES (14, 'fourteen')");
        throw new Error("changed my mind");
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, name) VALUES (15, 'fifteen')");
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query("SELECT 1")).rejects.toThrow(/Transaction is closed/);
    });
    const { rows } = await db.query<{ id: number }>("SELECT id FROM t WHERE id >= 10 ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it("rollback() called without awaiting it (as PrismaPGlite does), then the callback returns: rolled back, no unhandled rejection", async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, name) VALUES (16, 'sixteen')");
      void tx.rollback();
    });
    expect((await db.query("SELECT id FROM t WHERE id = 16")).rows).toEqual([]);
  });

  it("queues statements and transactions behind an open transaction, which sees only its own work until it commits", async () => {
    const order: string[] = [];
    let releaseTx!: () => void;
    const held = new Promise<void>((resolve) => (releaseTx = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query("UPDATE counter SET n = n + 1");
      order.push("tx1 updated");
      inside();
      await held; // the callback awaits something else: nothing may deadlock
      await sleep(20);
      const { rows } = await tx.query<{ n: number }>("SELECT n FROM counter");
      order.push(`tx1 sees ${rows[0]!.n}`);
    });
    await started;
    const outside = db.query<{ n: number }>("SELECT n FROM counter").then((r) => order.push(`outside sees ${r.rows[0]!.n}`));
    const second = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: number }>("UPDATE counter SET n = n + 10 RETURNING n");
      order.push(`tx2 sees ${rows[0]!.n}`);
    });
    await sleep(50);
    expect(order).toEqual(["tx1 updated"]); // the others wait for tx1
    releaseTx();
    await Promise.all([first, outside, second]);
    expect(order).toEqual(["tx1 updated", "tx1 sees 1", "outside sees 1", "tx2 sees 11"]);
  });

  it("many concurrent statements and transactions interleaved: each transaction is all-or-nothing", async () => {
    await db.exec("CREATE TABLE ledger (tx int, k int)");
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      work.push(db.query("SELECT count(*) FROM ledger"));
      work.push(
        db
          .transaction(async (tx) => {
            for (let k = 0; k < 3; k++) await tx.query("INSERT INTO ledger VALUES ($1, $2)", [i, k]);
            await sleep(1);
            if (i % 4 === 0) throw new Error("fail this one");
          })
          .catch(() => "failed"),
      );
    }
    await Promise.all(work);
    const { rows } = await db.query<{ tx: number; n: number }>("SELECT tx, count(*)::int AS n FROM ledger GROUP BY tx ORDER BY tx");
    expect(rows).toEqual(
      Array.from({ length: 20 }, (_, i) => i)
        .filter((i) => i % 4 !== 0)
        .map((i) => ({ tx: i, n: 3 })),
    );
  });
});

describe("PGlite in a worker thread: crashes and close", () => {
  it("a worker that dies rejects what was pending, and everything after, with a database dependency error", async () => {
    const crashes: DependencyUnavailableError[] = [];
    const db = await open((error) => crashes.push(error));
    let releaseTx!: () => void;
    const held = new Promise<void>((resolve) => (releaseTx = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("SELECT 1");
      await held;
      await t.query("SELECT 2");
    });
    await sleep(20);
    const queued = db.query("SELECT 1"); // waits behind the transaction
    await db.worker.terminate();
    releaseTx();
    for (const error of [await queued.catch((e: unknown) => e), await tx.catch((e: unknown) => e), await db.query("SELECT 1").catch((e: unknown) => e)]) {
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect(unavailableDependency(error)).toBe("database");
    }
    expect(crashes).toHaveLength(1);
    expect(db.closed).toBe(true);
    await db.close(); // nothing to do, and no error
  });

  it("close() runs what was already queued, then stops the thread; later calls are refused", async () => {
    const crashes: unknown[] = [];
    const db = await open((error) => crashes.push(error));
    const queued = db.query<{ x: number }>("SELECT 42 AS x");
    let exited = false;
    db.worker.once("exit", () => (exited = true));
    await db.close();
    expect((await queued).rows).toEqual([{ x: 42 }]);
    expect(exited).toBe(true);
    const later = await db.query("SELECT 1").catch((e: unknown) => e);
    expect(later).toBeInstanceOf(DependencyUnavailableError);
    expect(crashes).toEqual([]); // a close is not a crash
    await db.close();
  });

  it("close() lets an open transaction finish; a statement sent after it began is answered as unavailable", async () => {
    const db = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("SELECT 1");
      await held;
      return (await t.query<{ two: number }>("SELECT 2 AS two")).rows[0]!.two;
    });
    await sleep(20);
    const closing = db.close();
    const late = db.query("SELECT 3").catch((e: unknown) => e);
    release();
    expect(await tx).toBe(2);
    await closing;
    expect(unavailableDependency(await late)).toBe("database");
  });

  it("a data folder that cannot be opened fails create(), and the thread is gone", async () => {
    await expect(PGliteProxy.create({ dataDir: "/proc/no-such-place/pglite", startParams: PGlite.defaultStartParams })).rejects.toThrow();
  });
});
