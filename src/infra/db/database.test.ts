import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "../../generated/prisma/client.js";
import { unavailableDependency } from "../dependency.js";
import { createLogger } from "../logger.js";
import { isUniqueViolation, openDatabase, Prisma, type Database } from "./database.js";
import { readMigrations } from "./migrate.js";
import { pgliteAdapterFactory } from "./pglite-adapter.js";
import { PGliteProxy } from "./pglite-proxy.js";
import { settingArgs } from "./pglite-settings.js";

const logger = createLogger("silent");

/** The embedded database as the service opens it: a folder, the lock file, migrations, Prisma and the direct executor. */
describe("openDatabase on PGlite (worker thread)", () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "db-test-"));
    db = await openDatabase({ dataDir, logger });
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("takes the folder's lock, gets a new folder already migrated (a copy of the migrated template), and runs with our memory settings", async () => {
    expect(await readFile(join(dataDir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    const result = await db.migrate();
    expect(result).toEqual({ applied: [], alreadyApplied: (await readMigrations()).length });
    const [settings] = await db.sql<{ sb: string; wb: string; mc: string }>(
      Prisma.sql`SELECT current_setting('shared_buffers') AS sb, current_setting('wal_buffers') AS wb, current_setting('max_connections') AS mc`,
    );
    expect(settings).toEqual({ sb: "16MB", wb: "512kB", mc: "2" });
    expect(await db.ping()).toBe(true);
  });

  it("Prisma reads and writes through the worker; interactive transactions commit or roll back", async () => {
    await db.prisma.account.create({ data: { id: "acc_1", balance: 10 } });
    await db.prisma.$transaction(async (tx) => {
      await tx.account.update({ where: { id: "acc_1" }, data: { balance: { increment: 5 } } });
      await tx.user.create({ data: { id: "usr_1", email: "a@example.com", passwordHash: "x", accountId: "acc_1" } });
    });
    const failed = await db.prisma
      .$transaction(async (tx) => {
        await tx.account.update({ where: { id: "acc_1" }, data: { balance: { increment: 100 } } });
        await tx.account.create({ data: { id: "acc_2" } });
        await new Promise((resolve) => setTimeout(resolve, 10)); // awaits something else meanwhile
        throw new Error("no");
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: "no" });
    // a batch transaction too
    await db.prisma.$transaction([
      db.prisma.account.create({ data: { id: "acc_3" } }),
      db.prisma.account.update({ where: { id: "acc_3" }, data: { balance: 1 } }),
    ]);
    const accounts = await db.prisma.account.findMany({ orderBy: { id: "asc" }, select: { id: true, balance: true, createdAt: true } });
    expect(accounts.map((a) => [a.id, a.balance])).toEqual([
      ["acc_1", 15],
      ["acc_3", 1],
    ]);
    expect(accounts[0]!.createdAt).toBeInstanceOf(Date);
    const [raw] = await db.prisma.$queryRaw<
      { b: Uint8Array; n: bigint; j: unknown }[]
    >`SELECT '\\x0aff'::bytea AS b, 9007199254740993::int8 AS n, '{"k":[1]}'::jsonb AS j`;
    expect(raw).toEqual({ b: new Uint8Array([10, 255]), n: 9007199254740993n, j: { k: [1] } });
  });

  it("recognises unique violations from Prisma and from the direct executor", async () => {
    const viaPrisma = await db.prisma.user
      .create({ data: { id: "usr_2", email: "a@example.com", passwordHash: "x", accountId: "acc_3" } })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(viaPrisma)).toBe(true);
    const viaSql = await db.sql(Prisma.sql`INSERT INTO accounts (id, updated_at) VALUES (${"acc_1"}, now())`).catch((e: unknown) => e);
    expect(isUniqueViolation(viaSql)).toBe(true);
    expect(isUniqueViolation(await db.sql(Prisma.sql`SELECT 1/0`).catch((e: unknown) => e))).toBe(false);
  });

  it("Database.sql and Database.transaction: rows as the driver returns them, all or nothing", async () => {
    const rows = await db.sql<{ id: string; balance: number; created_at: Date }>(
      Prisma.sql`SELECT id, balance, created_at FROM accounts WHERE id = ${"acc_1"}`,
    );
    expect(rows).toEqual([{ id: "acc_1", balance: 15, created_at: expect.any(Date) }]);
    const total = await db.transaction(async (sql) => {
      await sql(Prisma.sql`UPDATE accounts SET balance = balance - ${5} WHERE id = ${"acc_1"}`);
      const [row] = await sql<{ balance: number }>(Prisma.sql`SELECT balance FROM accounts WHERE id = ${"acc_1"}`);
      return row!.balance;
    });
    expect(total).toBe(10);
    await expect(
      db.transaction(async (sql) => {
        await sql(Prisma.sql`UPDATE accounts SET balance = 0 WHERE id = ${"acc_1"}`);
        await sql(Prisma.sql`UPDATE accounts SET balance = -1 WHERE id = ${"acc_3"}`); // CHECK (balance >= 0)
      }),
    ).rejects.toMatchObject({ code: "23514" });
    expect(await db.sql(Prisma.sql`SELECT balance FROM accounts WHERE id = ${"acc_1"}`)).toEqual([{ balance: 10 }]);
  });

  it("close() releases the lock; the existing folder opens again, with nothing to migrate and the same settings", async () => {
    await db.close();
    await expect(readFile(join(dataDir, "pglite.lock"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    db = await openDatabase({ dataDir, logger });
    const result = await db.migrate();
    expect(result).toEqual({ applied: [], alreadyApplied: (await readMigrations()).length });
    expect(await db.sql(Prisma.sql`SELECT current_setting('shared_buffers') AS sb, balance FROM accounts WHERE id = ${"acc_1"}`)).toEqual([
      { sb: "16MB", balance: 10 },
    ]);
  });

  it("a folder in use by another live process is refused", async () => {
    const other = await mkdtemp(join(tmpdir(), "db-test-lock-"));
    try {
      const { writeFile, mkdir } = await import("node:fs/promises");
      await mkdir(join(other, "pglite"), { recursive: true });
      await writeFile(join(other, "pglite.lock"), String(process.ppid)); // alive, and not us
      await expect(openDatabase({ dataDir: other, logger })).rejects.toThrow(/in use by process/);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe("Prisma over the proxy when the worker dies", () => {
  it("answers a dependency error (503) for pending, open and later calls", async () => {
    const proxy = await PGliteProxy.create({ dataDir: "memory://", startParams: [...PGlite.defaultStartParams, ...settingArgs()] });
    const prisma = new PrismaClient({ adapter: pgliteAdapterFactory(proxy) });
    expect(await prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const interactive = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      await held;
      await tx.$queryRaw`SELECT 2`;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const pending = prisma.$queryRaw`SELECT 3`;
    await proxy.worker.terminate();
    release();
    for (const error of [
      await pending.catch((e: unknown) => e),
      await interactive.catch((e: unknown) => e),
      await prisma.$queryRaw`SELECT 4`.catch((e: unknown) => e),
    ]) {
      expect(error).toBeInstanceOf(Error);
      expect(unavailableDependency(error)).toBe("database");
    }
    await prisma.$disconnect();
  });
});
