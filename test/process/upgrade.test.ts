import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import { PNG } from "pngjs";
import { expect, it } from "vitest";
import { assetKey } from "../../src/infra/blobs/blob-store.js";
import { openDatabase, Prisma } from "../../src/infra/db/database.js";
import { migrationSetup, readMigrations } from "../../src/infra/db/migrate.js";
import { initdbInChild } from "../../src/infra/db/pglite-folder.js";
import { createLogger } from "../../src/infra/logger.js";
import { runCli } from "../support/cli.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { scratch } from "../support/scratch.js";
import { describeOn } from "../support/needs.js";

/**
 * Upgrades keep the data. A data folder as the first release left it (2026-11-22: its one
 * migration, and rows written the way that version wrote them — its key and session formats, its
 * argon2id parameters, its agents' `generator_kind`) is opened by this version, which applies every
 * migration since. Rows and formats here are frozen: a future migration or change of format that
 * loses or breaks old data fails this test. The folder's backup, restored by this version, upgrades
 * the same way.
 */
const firstRelease = "20261122000000_init";
const { tempDir, servers } = scratch();

// The first release's formats (src/domain/keys/key-format.ts, sessions.ts, passwords.ts as of 2026-11-22).
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const base62 = (length: number) => Array.from(randomBytes(length), (b) => alphabet[b % 62]).join("");
const sha256Hex = (value: string | Uint8Array) => createHash("sha256").update(value).digest("hex");
function oldKey(): string {
  const secret = base62(32);
  let n = createHash("sha256").update(`ags-key-checksum:${secret}`).digest().readUInt32BE(0);
  let checksum = "";
  for (let i = 0; i < 6; i++) {
    checksum = alphabet[n % 62] + checksum;
    n = Math.floor(n / 62);
  }
  return `ags_${secret}${checksum}`;
}

function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, (i / 4) % 256, 40, 255], i);
  return PNG.sync.write(image);
}

interface OldData {
  email: string;
  password: string;
  key: string;
  sessionToken: string;
  generationId: string;
  failedId: string;
  assetId: string;
  asset: Buffer;
}

/** A folder holding the first release's schema and what that version wrote: an account, its key and session, two generations, an asset, a ledger. */
async function makeFirstReleaseFolder(dataDir: string): Promise<OldData> {
  const migrations = (await readMigrations()).filter((m) => m.name <= firstRelease);
  expect(migrations.map((m) => m.name)).toEqual([firstRelease]);
  await initdbInChild(join(dataDir, "pglite"), undefined, (await migrationSetup(migrations)).scripts);
  const data: OldData = {
    email: "old@example.com",
    password: "a password from the first release",
    key: oldKey(),
    sessionToken: base62(40),
    generationId: `gen_${base62(22)}`,
    failedId: `gen_${base62(22)}`,
    assetId: `ast_${base62(22)}`,
    asset: png(64),
  };
  const db = await openDatabase({ dataDir, logger: createLogger("silent") });
  try {
    const passwordHash = await hash(data.password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const [acc, usr, key] = [`acc_${base62(22)}`, `usr_${base62(22)}`, `key_${base62(22)}`];
    const sizes = JSON.stringify([64, 128, 256, 512].map((s) => ({ width: s, height: s })));
    await db.transaction(async (sql) => {
      for (const [index, [id, kind, credits]] of (
        [
          ["pixel-sprite", "pixel-sprite", 1],
          ["icon", "icon", 2],
          ["texture", "texture", 2],
        ] as const
      ).entries()) {
        await sql(Prisma.sql`INSERT INTO "agents" ("id", "name", "description", "credits", "sizes", "default_width", "default_height", "supports_transparent", "formats", "generator_kind", "sort_order", "updated_at")
          VALUES (${id}, ${id}, 'built in', ${credits}, ${sizes}::jsonb, 64, 64, ${kind !== "texture"}, ARRAY['image/png'], ${kind}, ${index}, now())`);
      }
      await sql(Prisma.sql`INSERT INTO "accounts" ("id", "balance", "updated_at") VALUES (${acc}, 148, now())`);
      await sql(
        Prisma.sql`INSERT INTO "users" ("id", "email", "password_hash", "name", "account_id", "updated_at") VALUES (${usr}, ${data.email}, ${passwordHash}, 'Old Timer', ${acc}, now())`,
      );
      await sql(
        Prisma.sql`INSERT INTO "sessions" ("id", "user_id", "expires_at") VALUES (${sha256Hex(data.sessionToken)}, ${usr}, now() + interval '20 days')`,
      );
      await sql(
        Prisma.sql`INSERT INTO "api_keys" ("id", "account_id", "user_id", "name", "hash", "start", "scopes") VALUES (${key}, ${acc}, ${usr}, 'old key', ${sha256Hex(data.key)}, ${data.key.slice(0, 8)}, ARRAY['generate', 'read'])`,
      );
      await sql(Prisma.sql`INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "seed", "width", "height", "cost", "credit_state", "last_event_seq", "updated_at", "started_at", "completed_at")
        VALUES (${data.generationId}, ${acc}, ${key}, 'icon', 'succeeded', 'red health potion', 1234, 64, 64, 2, 'charged', 3, now(), now(), now())`);
      await sql(Prisma.sql`INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "seed", "width", "height", "cost", "credit_state", "error_code", "error_message", "updated_at", "started_at", "completed_at")
        VALUES (${data.failedId}, ${acc}, ${key}, 'texture', 'failed', 'lava', 7, 64, 64, 2, 'refunded', 'generation_failed', 'The generator failed.', now(), now(), now())`);
      await sql(Prisma.sql`INSERT INTO "assets" ("id", "generation_id", "account_id", "mime_type", "width", "height", "byte_length", "sha256", "bytes")
        VALUES (${data.assetId}, ${data.generationId}, ${acc}, 'image/png', 64, 64, ${data.asset.length}, ${sha256Hex(data.asset)}, ${data.asset})`);
      for (const [kind, amount, after, generation, reason] of [
        ["signup_grant", 100, 100, null, null],
        ["charge", -2, 98, data.generationId, "generation"],
        ["charge", -2, 96, data.failedId, "generation"],
        ["refund", 2, 98, data.failedId, "generation failed"],
        ["grant", 50, 148, null, "welcome"],
      ] as const) {
        await sql(
          Prisma.sql`INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "reason") VALUES (${acc}, ${kind}::"LedgerKind", ${amount}, ${after}, ${generation}, ${reason})`,
        );
      }
    });
  } finally {
    await db.close();
  }
  return data;
}

/** What a user of the first release still has on this version: sign-in, session, key, balance, ledger, generations, asset bytes; and it generates. */
async function expectIntact(server: ServerProcess, data: OldData): Promise<void> {
  const json = { "content-type": "application/json", origin: "http://localhost:3000" };
  const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: data.email, password: data.password }),
  });
  expect(signIn.status).toBe(200);
  expect(await signIn.json()).toMatchObject({ user: { email: data.email, name: "Old Timer" }, account: { balance: 148 } });
  const session = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: `ags_session=${data.sessionToken}` } });
  expect(session.status).toBe(200);
  expect(await session.json()).toMatchObject({ user: { email: data.email } });

  const auth = { authorization: `Bearer ${data.key}` };
  const viewer = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ query: "{ viewer { user { email } account { balance ledger(first: 10) { nodes { kind amount balanceAfter } } } } }" }),
  });
  expect(await viewer.json()).toEqual({
    data: {
      viewer: {
        user: { email: data.email },
        account: {
          balance: 148,
          ledger: {
            nodes: [
              { kind: "grant", amount: 50, balanceAfter: 148 },
              { kind: "refund", amount: 2, balanceAfter: 98 },
              { kind: "charge", amount: -2, balanceAfter: 96 },
              { kind: "charge", amount: -2, balanceAfter: 98 },
              { kind: "signup_grant", amount: 100, balanceAfter: 100 },
            ],
          },
        },
      },
    },
  });
  const generation = await fetch(`${server.url}/api/v1/generations/${data.generationId}`, { headers: auth });
  expect(generation.status).toBe(200);
  expect(await generation.json()).toMatchObject({
    id: data.generationId,
    status: "succeeded",
    agentId: "icon",
    credits: { charged: 2, refunded: 0 },
    assets: [{ id: data.assetId, sha256: sha256Hex(data.asset), width: 64, height: 64 }],
  });
  const failed = await fetch(`${server.url}/api/v1/generations/${data.failedId}`, { headers: auth });
  expect(await failed.json()).toMatchObject({ status: "failed", credits: { charged: 0, refunded: 2 } });
  const asset = await fetch(`${server.url}/api/v1/assets/${data.assetId}`, { headers: auth });
  expect(asset.status).toBe(200);
  expect(Buffer.from(await asset.arrayBuffer()).equals(data.asset)).toBe(true);

  const fresh = await fetch(`${server.url}/api/v1/generate`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "blue potion", agentId: "icon", width: 64, height: 64 }),
  });
  expect(fresh.status).toBe(200);
  expect(await fresh.json()).toMatchObject({ status: "succeeded", credits: { charged: 2, balance: 146 } });
}

describeOn("pglite", "a data folder of the first release", () => {
  it("opens on this version with its sign-in, session, key, balance, ledger, generations and assets, the newer migrations applied; its backup restores and upgrades the same way", async () => {
    const dataDir = await tempDir("upgrade");
    const data = await makeFirstReleaseFolder(dataDir);
    const newer = (await readMigrations()).filter((m) => m.name > firstRelease).map((m) => m.name);
    expect(newer.length).toBeGreaterThan(0);

    // Its backup, taken by this version's command line with no service running (it opens the folder).
    const file = join(await tempDir("upgrade-files"), "first-release.tgz");
    const backup = await runCli(["backup", file], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout) as { fromProcess?: number; manifest: { migrations: string[]; counts: Record<string, number> } };
    expect(summary.fromProcess).toBeUndefined();
    expect(summary.manifest.migrations).toEqual([firstRelease]);
    // No webhooks table yet: counted are the tables the folder has.
    expect(summary.manifest.counts).toEqual({ users: 1, accounts: 1, apiKeys: 1, generations: 2, assets: 1, ledgerEntries: 5, credits: 148 });
    const restoredDir = await tempDir("upgrade-restored");
    const restore = await runCli(["restore", file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);

    for (const dir of [dataDir, restoredDir]) {
      const server = await startServer({ DATA_DIR: dir, PUBLIC_ORIGIN: "http://localhost:3000" });
      servers.push(server);
      expect(server.logs.find((l) => l.msg === "listening")).toMatchObject({ migrationsApplied: newer.length });
      expect(server.logs.filter((l) => l.msg === "migration applied").map((l) => l.migration)).toEqual(newer);
      await expectIntact(server, data);
      // The asset's bytes moved out of its row into the blob store at start-up, byte-identical, and answer from there.
      for (let i = 0; i < 200 && !server.logs.some((l) => l.msg === "asset bytes moved to the blob store"); i++) await new Promise((r) => setTimeout(r, 50));
      expect(server.logs.find((l) => l.msg === "asset bytes moved to the blob store")).toMatchObject({ moved: 1, damaged: 0 });
      expect((await readFile(join(dir, "blobs", ...assetKey(sha256Hex(data.asset)).split("/")))).equals(data.asset)).toBe(true);
      const moved = await fetch(`${server.url}/api/v1/assets/${data.assetId}`, { headers: { authorization: `Bearer ${data.key}` } });
      expect(Buffer.from(await moved.arrayBuffer()).equals(data.asset)).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  }, 240_000);
});
