import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/infra/db/database.js";
import { createLogger } from "../../src/infra/logger.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { runMain, startServer } from "../support/process.js";
import { itNeeding } from "../support/needs.js";

const onPostgres = process.env.TEST_DB === "postgres";
/** Every migration of the repository: a fresh database gets them all. */
const migrationCount = (await readdir(new URL("../../prisma/migrations", import.meta.url), { withFileTypes: true })).filter((d) => d.isDirectory()).length;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function storageEnv(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(join(tmpdir(), "ags-start-"));
  dirs.push(dataDir);
  return onPostgres ? { DATA_DIR: dataDir, DATABASE_URL: await createEmptyPostgresDatabase() } : { DATA_DIR: dataDir };
}

describe("the service process", () => {
  it("migrates a new database (embedded: arrives migrated), reuses the data on restart, and stops cleanly on SIGTERM", async () => {
    const env = await storageEnv();

    const first = await startServer(env);
    // PostgreSQL: the migrations run at start. Embedded: the new folder is a copy of the template
    // (made by `npm install`, or by the first new folder), which already holds every migration.
    expect(first.logs.find((l) => l.msg === "listening")).toMatchObject({
      database: onPostgres ? "postgres" : "pglite",
      migrationsApplied: onPostgres ? migrationCount : 0,
    });
    if (!onPostgres) expect(first.logs.find((l) => l.msg === "new data folder")).toMatchObject({ from: expect.stringMatching(/^(template|initdb)$/) });
    expect(migrationCount).toBeGreaterThanOrEqual(2);
    const agents = await fetch(`${first.url}/api/ai/agents`);
    expect(agents.status).toBe(200);
    expect(((await agents.json()) as { agents: { id: string }[] }).agents.map((a) => a.id)).toEqual([
      "pixel-sprite",
      "icon",
      "texture",
      "pixel-fixer",
      "cutout",
    ]);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.logs.some((l) => l.msg === "stopped")).toBe(true);

    // An admin's change made while the service is down must survive the next start.
    const logger = createLogger("silent");
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR!, logger });
    await db.prisma.agent.update({ where: { id: "icon" }, data: { credits: 7 } });
    await db.close();

    const second = await startServer(env);
    expect(second.logs.find((l) => l.msg === "listening")).toMatchObject({ migrationsApplied: 0 });
    expect(second.logs.some((l) => l.msg === "migration applied")).toBe(false);
    const body = (await (await fetch(`${second.url}/api/ai/agents`)).json()) as { agents: { id: string; credits: number }[] };
    expect(body.agents.find((a) => a.id === "icon")!.credits).toBe(7);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  });

  it("refuses a bad setting with one line naming the variable", async () => {
    const run = runMain({ ...(await storageEnv()), PORT: "not-a-port" });
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  itNeeding(
    onPostgres ? "the embedded database (this run is on PostgreSQL; the embedded run has it)" : undefined,
    "refuses a second process on the same embedded data folder",
    async () => {
      const env = await storageEnv();
      const first = await startServer(env);
      const second = runMain(env);
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toMatch(/in use by process \d+/);
      // The first one is unharmed.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    },
  );
});
