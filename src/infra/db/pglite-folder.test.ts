import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationSetup, readMigrations } from "./migrate.js";
import { createTemplate, ensureDataFolder, templateTarball } from "./pglite-folder.js";
import { PGliteProxy } from "./pglite-proxy.js";
import { settingArgs } from "./pglite-settings.js";

describe("new data folders, made outside the process", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "pglite-folder-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("without a template: initdb in a child process (our settings in postgresql.conf), kept as the template; the next new folder is a copy", async () => {
    const templates = join(root, "templates");
    await mkdir(join(templates, "0.0.1"), { recursive: true }); // another PGlite's template: not used
    await writeFile(join(templates, "0.0.1", "PG_VERSION"), "1\n");
    const dir = join(root, "a", "pglite");
    await mkdir(dir, { recursive: true }); // openDatabase makes the (empty) folder first
    await mkdir(join(root, "a", "pglite.new-999999", "base"), { recursive: true }); // an interrupted first start's leftovers
    expect(await ensureDataFolder(dir, templates)).toBe("initdb");
    expect(await readFile(join(dir, "PG_VERSION"), "utf8")).toMatch(/^\d+/);
    expect(await readFile(join(dir, "postgresql.conf"), "utf8")).toMatch(/^shared_buffers = 16MB/m);
    expect(await readdir(join(root, "a"))).toEqual(["pglite"]); // nothing left beside it
    expect(await ensureDataFolder(dir, templates)).toBe("existing");
    const version = (await readdir(templates)).filter((name) => name !== "0.0.1");
    expect(version).toHaveLength(1); // the installed PGlite's, complete (no staging folder left)
    expect(await ensureDataFolder(join(root, "b", "pglite"), templates)).toBe("template");
  });

  // Two initdb runs in child processes plus every migration: ~10 s on an idle 2-core machine, three times that busy.
  // createTemplate is tested here, with the migrations as its setup (no separate case without a setup: another initdb
  // for the same code, whose template without a setup the first case above makes and copies).
  it("createTemplate makes it ahead of time, with the migrations as setup: the template holds them (recorded as applied), so a new folder's start applies none; a copy opens with our settings", {
    timeout: 120_000,
  }, async () => {
    const templates = join(root, "migrated");
    const setup = await migrationSetup();
    const template = await createTemplate(templates, setup);
    expect(template).toMatch(new RegExp(`-${setup.key}$`));
    expect(await readFile(join(template, "PG_VERSION"), "utf8")).toMatch(/^\d+/);
    expect(await createTemplate(templates, setup)).toBe(template); // already there: nothing to do
    const dir = join(root, "e", "pglite");
    expect(await ensureDataFolder(dir, templates, setup)).toBe("template");
    const db = await PGliteProxy.create({ dataDir: dir, startParams: [...PGlite.defaultStartParams, ...settingArgs()] });
    try {
      const driver = {
        query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
        execInTransaction: (script: string) => db.transaction(async (tx) => void (await tx.exec(script))),
        withLock: <T>(fn: () => Promise<T>) => fn(),
      };
      const infos: string[] = [];
      const logger = { debug() {}, info: (msg: string) => void infos.push(msg), warn: (msg: string) => void infos.push(msg), error() {}, child: () => logger };
      const result = await applyMigrations(driver, logger as never);
      expect(result).toEqual({ applied: [], alreadyApplied: (await readMigrations()).length });
      expect(infos).toEqual([]); // no "migration file changed": the template recorded the same checksums
      expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'generations'`)).rows).toEqual([
        { n: 1 },
      ]);
      expect((await db.query("SELECT current_setting('shared_buffers') AS sb, 1 + 1 AS two")).rows).toEqual([{ sb: "16MB", two: 2 }]);
    } finally {
      await db.close();
    }
    // Another set of migrations (a new file) is another template: made by initdb in a child once.
    const other = { key: "000000000000", scripts: ["CREATE TABLE marker (n int)"] };
    expect(await ensureDataFolder(join(root, "f", "pglite"), templates, other)).toBe("initdb");
    expect(await ensureDataFolder(join(root, "g", "pglite"), templates, other)).toBe("template");
  });

  it("a setup script that fails: the error names it, and no folder, template or staging is left", async () => {
    const templates = join(root, "broken");
    const broken = { key: "bad000000000", scripts: ["CREATE TABLE fine (n int)", "SELECT * FROM no_such_table"] };
    const dir = join(root, "h", "pglite");
    await expect(ensureDataFolder(dir, templates, broken)).rejects.toThrow(/initdb in a child process failed .*no_such_table/s);
    expect(await readdir(join(root, "h")).catch(() => [])).toEqual([]);
    expect((await readdir(templates).catch(() => [] as string[])).filter((n) => n.includes("bad000000000"))).toEqual([]);
  });

  // One initdb in a child process: timed out at 30 s on a busy machine (load 15).
  it("memory:// databases load a pristine tarball, made once, instead of running initdb", { timeout: 90_000 }, async () => {
    const templates = join(root, "tar");
    const tarball = await templateTarball(templates);
    expect(tarball).toMatch(/\.tar$/);
    expect(await templateTarball(templates)).toBe(tarball); // made once
    expect((await readdir(templates)).filter((n) => n.includes(".new-"))).toEqual([]);
    const db = await PGliteProxy.create({ dataDir: "memory://", loadTarball: tarball!, startParams: [...PGlite.defaultStartParams, ...settingArgs()] });
    try {
      await db.exec("CREATE TABLE x (n int); INSERT INTO x VALUES (1)");
      expect((await db.query("SELECT current_setting('shared_buffers') AS sb, sum(n)::int AS n FROM x")).rows).toEqual([{ sb: "16MB", n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it("refuses a folder that holds files but no database", async () => {
    const dir = join(root, "d", "pglite");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "notes.txt"), "mine");
    await expect(ensureDataFolder(dir, join(root, "no-template"))).rejects.toThrow(/holds files but no database/);
    expect(await readdir(dir)).toEqual(["notes.txt"]);
  });
});
