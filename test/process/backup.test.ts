import { createHash } from "node:crypto";
import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { openDatabase, Prisma } from "../../src/infra/db/database.js";
import { createLogger } from "../../src/infra/logger.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { runCli as cli } from "../support/cli.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { scratch } from "../support/scratch.js";
import { describeOn } from "../support/needs.js";

const origin = "http://localhost:3000";
const { tempDir, servers } = scratch();

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const lastLine = (text: string) => text.trim().split("\n").at(-1);

interface User {
  email: string;
  password: string;
  key: string;
}

let backupFile: string | undefined;
let original: ServerProcess | undefined;
let originalDir: string | undefined;

describeOn("pglite", "backup and restore of the embedded database, through the command line", () => {
  it("a backup taken from the running service while it generates restores into an empty folder: accounts, keys, generations, assets and a balanced ledger", async () => {
    const dataDir = (originalDir = await tempDir("backup"));
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      SIGNUP_CREDITS: "100000",
      RATE_LIMIT_GENERATE_PER_MINUTE: "100000",
      WEBHOOKS_ALLOW_PRIVATE: "true",
    };
    const server = (original = await startServer(env));
    servers.push(server);
    const headers = { "content-type": "application/json", origin };
    const users: User[] = [];
    for (const i of [0, 1]) {
      const email = `backup-${i}@example.com`;
      const password = `correct horse ${i}`;
      const signUp = await fetch(`${server.url}/api/auth/sign-up`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
      const created = await fetch(`${server.url}/api/keys`, { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify({ name: "ops" }) });
      users.push({ email, password, key: ((await created.json()) as { secret: string }).secret });
    }
    // A webhook seals its secret with DATA_DIR/secrets.key, which a backup leaves out (kept apart).
    const hook = await fetch(`${server.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${users[0]!.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "http://127.0.0.1:9/hook", events: ["generation.completed"] }),
    });
    expect(hook.status).toBe(201);

    // Both accounts generate without pause (each call waits for its asset) while the backup is taken.
    const completed: { id: string; at: number }[] = [];
    let stop = false;
    let n = 0;
    const load = Promise.all(
      users.map(async (user) => {
        while (!stop) {
          const response = await fetch(`${server.url}/api/v1/generate`, {
            method: "POST",
            headers: { authorization: `Bearer ${user.key}`, "content-type": "application/json" },
            body: JSON.stringify({ prompt: `wooden crate ${n++}`, agentId: "icon", width: 64, height: 64 }),
          });
          expect(response.status).toBe(200);
          completed.push({ id: ((await response.json()) as { id: string }).id, at: Date.now() });
        }
      }),
    );
    while (completed.length < 6) await new Promise((r) => setTimeout(r, 20));
    backupFile = join(await tempDir("backup-files"), "service.tgz");
    const startedAt = Date.now();
    const backup = await cli(["backup", backupFile], env);
    const endedAt = Date.now();
    const countAtEnd = completed.length;
    stop = true;
    await load;

    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout) as { fromProcess: number; bytes: number; manifest: { counts: Record<string, number>; migrations: string[] } };
    expect(summary.fromProcess).toBe(server.child.pid); // the service made the copy: the folder stayed its own
    expect(summary.manifest.counts).toMatchObject({ users: 2, accounts: 2, apiKeys: 2, webhooks: 1 });
    const finishedBefore = completed.filter((c) => c.at < startedAt).length;
    expect(completed.filter((c) => c.at >= startedAt && c.at <= endedAt).length).toBeGreaterThan(0); // generations were written meanwhile
    // Every generation answered before the backup started is in it; none accepted after it ended (two may have been under way).
    expect(summary.manifest.counts.generations).toBeGreaterThanOrEqual(finishedBefore);
    expect(summary.manifest.counts.generations).toBeLessThanOrEqual(countAtEnd + 2);

    const restoredDir = await tempDir("restored");
    await copyFile(join(dataDir, "secrets.key"), join(restoredDir, "secrets.key")); // the key kept apart
    const restore = await cli(["restore", backupFile], { ...env, DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = JSON.parse(restore.stdout) as { counts: Record<string, number>; webhookSecrets: { ok: boolean; sealedWith: string[] } };
    expect(restored.counts).toEqual(summary.manifest.counts);
    expect(restored.webhookSecrets).toMatchObject({ ok: true, sealedWith: [expect.stringMatching(/^[0-9a-f]{8}$/)] });
    expect(restore.stderr).not.toMatch(/warning/);

    // The restored folder as it is (before a service's start-up recovery touches it): one instant of the original.
    const db = await openDatabase({ dataDir: restoredDir, logger: createLogger("silent") });
    let succeeded: { id: string; account_id: string; assets: { id: string; sha256: string; bytes: Uint8Array }[] }[];
    try {
      const q = <T>(text: string) => db.sql<T>(Prisma.raw(text));
      // The ledger balances: each balance is the sum of its entries and the last entry's balance after.
      expect(
        await q(`SELECT a."id" FROM "accounts" a WHERE a."balance" <> (SELECT coalesce(sum(l."amount"), 0) FROM "ledger_entries" l WHERE l."account_id" = a."id")
                 OR a."balance" <> (SELECT l."balance_after" FROM "ledger_entries" l WHERE l."account_id" = a."id" ORDER BY l."id" DESC LIMIT 1)`),
      ).toEqual([]);
      // Each generation is charged once, refunded exactly when its credit state says so, counted active exactly while queued or running.
      expect(
        await q(
          `SELECT g."id" FROM "generations" g WHERE (SELECT count(*) FROM "ledger_entries" l WHERE l."generation_id" = g."id" AND l."kind" = 'charge' AND l."amount" = -g."cost") <> 1`,
        ),
      ).toEqual([]);
      expect(
        await q(
          `SELECT g."id" FROM "generations" g WHERE (g."credit_state" = 'refunded') <> EXISTS (SELECT 1 FROM "ledger_entries" l WHERE l."generation_id" = g."id" AND l."kind" = 'refund')`,
        ),
      ).toEqual([]);
      expect(
        await q(
          `SELECT a."id" FROM "accounts" a WHERE a."active_generations" <> (SELECT count(*) FROM "generations" g WHERE g."account_id" = a."id" AND g."status" IN ('queued', 'running'))`,
        ),
      ).toEqual([]);
      // A succeeded generation has its asset, an unfinished one none; every asset's bytes match their hash and length.
      expect(
        await q(`SELECT g."id" FROM "generations" g WHERE (g."status" = 'succeeded') <> EXISTS (SELECT 1 FROM "assets" a WHERE a."generation_id" = g."id")`),
      ).toEqual([]);
      // The bytes are files in the restored blob folder (content-addressed), none left in rows.
      expect(await q(`SELECT "id" FROM "assets" WHERE "bytes" IS NOT NULL`)).toEqual([]);
      const rows = await q<{ id: string; account_id: string; asset_id: string; sha256: string; byte_length: number }>(
        `SELECT g."id", g."account_id", a."id" AS asset_id, a."sha256", a."byte_length" FROM "generations" g JOIN "assets" a ON a."generation_id" = g."id" WHERE g."status" = 'succeeded' ORDER BY g."id"`,
      );
      succeeded = [];
      for (const r of rows) {
        const bytes = await readFile(join(restoredDir, "blobs", "assets", r.sha256.slice(0, 2), r.sha256));
        expect(sha256(bytes)).toBe(r.sha256);
        expect(bytes.byteLength).toBe(Number(r.byte_length));
        succeeded.push({ id: r.id, account_id: r.account_id, assets: [{ id: r.asset_id, sha256: r.sha256, bytes }] });
      }
      expect(succeeded.length).toBeGreaterThanOrEqual(finishedBefore);
    } finally {
      await db.close();
    }

    // The same generations and bytes as the original service serves.
    const keyOf = new Map<string, string>();
    for (const generation of succeeded) {
      let answer: Response | undefined;
      for (const user of users) {
        const response = await fetch(`${server.url}/api/v1/generations/${generation.id}`, { headers: { authorization: `Bearer ${user.key}` } });
        if (response.status === 200) {
          answer = response;
          keyOf.set(generation.account_id, user.key);
          break;
        }
      }
      const body = (await answer!.json()) as { status: string; assets: { id: string; sha256: string }[] };
      expect(body.status).toBe("succeeded");
      expect(body.assets.map((a) => [a.id, a.sha256])).toEqual(generation.assets.map((a) => [a.id, a.sha256]));
      const bytes = new Uint8Array(
        await (
          await fetch(`${server.url}/api/v1/assets/${generation.assets[0]!.id}`, { headers: { authorization: `Bearer ${keyOf.get(generation.account_id)!}` } })
        ).arrayBuffer(),
      );
      expect(sha256(bytes)).toBe(sha256(generation.assets[0]!.bytes));
      expect(Buffer.from(bytes).equals(Buffer.from(generation.assets[0]!.bytes))).toBe(true);
    }
    expect(keyOf.size).toBe(2);

    // The restored folder, served: each key still authenticates, each password still signs in, the assets are the same bytes.
    const second = await startServer({ ...env, DATA_DIR: restoredDir });
    servers.push(second);
    for (const user of users) {
      const viewer = await fetch(`${second.url}/graphql`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.key}`, "content-type": "application/json" },
        body: JSON.stringify({ query: "{ viewer { user { email } } }" }),
      });
      expect(await viewer.json()).toEqual({ data: { viewer: { user: { email: user.email } } } });
      const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(signIn.status).toBe(200);
    }
    for (const generation of succeeded.slice(0, 5)) {
      const asset = await fetch(`${second.url}/api/v1/assets/${generation.assets[0]!.id}`, {
        headers: { authorization: `Bearer ${keyOf.get(generation.account_id)!}` },
      });
      expect(asset.status).toBe(200);
      expect(Buffer.from(await asset.arrayBuffer()).equals(Buffer.from(generation.assets[0]!.bytes))).toBe(true);
    }
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);

  it("refuses to restore into a folder a service holds or one that is not empty, and says what to do", async () => {
    expect(backupFile && original && originalDir).toBeTruthy();
    const inUse = await cli(["restore", backupFile!], { DATA_DIR: originalDir! });
    expect(inUse.code).toBe(1);
    expect(lastLine(inUse.stderr)).toBe(
      `error: The data folder ${originalDir} is in use by process ${original!.child.pid}. Stop the service, then restore into an empty data folder.`,
    );

    const occupied = await tempDir("occupied");
    await writeFile(join(occupied, "notes.txt"), "mine");
    const notEmpty = await cli(["restore", backupFile!], { DATA_DIR: occupied });
    expect(notEmpty.code).toBe(1);
    expect(lastLine(notEmpty.stderr)).toBe(
      `error: The data folder ${occupied} is not empty (it holds notes.txt). A restore only fills an empty folder (the secrets key aside), so that nothing is overwritten: move this one away, or set DATA_DIR to a new folder, then run restore again.`,
    );
    expect(await readdir(occupied)).toEqual(["notes.txt"]);

    const empty = await tempDir("empty");
    const nothing = await cli(["backup", join(occupied, "b.tgz")], { DATA_DIR: empty });
    expect(lastLine(nothing.stderr)).toBe(`error: There is no embedded database in ${empty}: set DATA_DIR to the service's data folder.`);
    const inside = await cli(["backup", join(originalDir!, "b.tgz")], { DATA_DIR: originalDir! });
    expect(lastLine(inside.stderr)).toMatch(/^error: Write the backup outside the data folder/);
    const usage = await cli(["backup"], { DATA_DIR: originalDir! });
    expect([usage.code, lastLine(usage.stderr)]).toEqual([1, "error: usage: npm run cli -- backup FILE"]);
  }, 60_000);
});

describeOn("postgres", "backup and restore on PostgreSQL", () => {
  it("point to pg_dump and pg_restore", async () => {
    const env = { DATA_DIR: await tempDir("pg"), DATABASE_URL: await createEmptyPostgresDatabase() };
    const backup = await cli(["backup", "db.dump"], env);
    expect([backup.code, lastLine(backup.stderr)]).toEqual([
      1,
      `error: This service uses PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=db.dump "$DATABASE_URL" (README, Operations).`,
    ]);
    const restore = await cli(["restore", "db.dump"], env);
    expect(lastLine(restore.stderr)).toMatch(
      /^error: This service uses PostgreSQL \(DATABASE_URL\): restore a pg_dump file with pg_restore into an empty database/,
    );
  });
});
