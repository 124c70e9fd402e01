import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { newSecretsKey, secretsKeyId } from "../secrets-box.js";
import { folderEntries, readTar, writeTar, type TarSource } from "./backup-archive.js";
import { socketPathOf } from "./backup-socket.js";
import { backupToFile } from "./backup.js";
import { openDatabase, Prisma } from "./database.js";
import { restoreFromFile } from "./restore.js";

const logger = createLogger("silent");
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "backup-unit-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** Every entry of a tar (names, types, bytes). */
async function entriesOf(tar: Buffer): Promise<{ name: string; type: string; bytes: Buffer }[]> {
  const out: { name: string; type: string; bytes: Buffer }[] = [];
  for await (const entry of readTar(Readable.from([tar]))) out.push({ name: entry.name, type: entry.type, bytes: await collect(entry.body()) });
  return out;
}

describe("the backup's tar", () => {
  it("is read back entry by entry, and tar(1) lists and unpacks the same", async () => {
    const dir = join(root, "tree");
    await mkdir(join(dir, "base", "1"), { recursive: true });
    await mkdir(join(dir, "empty"));
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 7); // several reads, not a multiple of 512
    await writeFile(join(dir, "base", "1", "1259"), big);
    await writeFile(join(dir, "PG_VERSION"), "18\n");
    await writeFile(join(dir, "zero"), "");
    const long = `${"a".repeat(90)}/${"b".repeat(60)}`; // > 100 bytes: the ustar prefix field
    const entries: TarSource[] = [
      { name: "backup.json", type: "file", mode: 0o600, content: Buffer.from("{}\n"), size: 3 },
      ...(await folderEntries(dir, "pglite")),
      { name: long, type: "file", mode: 0o600, content: Buffer.from("x"), size: 1 },
    ];
    const tar = await collect(writeTar(entries));
    const read = await entriesOf(tar);
    expect(read.map((e) => `${e.type} ${e.name}`)).toEqual([
      "file backup.json",
      "dir pglite",
      "file pglite/PG_VERSION",
      "dir pglite/base",
      "dir pglite/base/1",
      "file pglite/base/1/1259",
      "dir pglite/empty",
      "file pglite/zero",
      `file ${long}`,
    ]);
    expect(read.find((e) => e.name === "pglite/base/1/1259")!.bytes.equals(big)).toBe(true);

    const file = join(root, "tree.tar");
    await writeFile(file, tar);
    expect(execFileSync("tar", ["-tf", file], { encoding: "utf8" }).trim().split("\n")).toEqual(read.map((e) => (e.type === "dir" ? `${e.name}/` : e.name)));
    const out = join(root, "unpacked");
    await mkdir(out);
    execFileSync("tar", ["-xf", file, "-C", out]);
    expect((await readFile(join(out, "pglite", "base", "1", "1259"))).equals(big)).toBe(true);
    expect((await stat(join(out, "pglite", "empty"))).isDirectory()).toBe(true);
  });

  it("refuses a cut stream, an altered header and what a backup never holds (links)", async () => {
    const tar = await collect(writeTar([{ name: "a", type: "file", mode: 0o600, content: Buffer.alloc(2000, 1), size: 2000 }]));
    await expect(entriesOf(tar.subarray(0, 1200))).rejects.toThrow(/ends in the middle of an entry/);
    await expect(entriesOf(tar.subarray(0, tar.length - 1024))).rejects.toThrow(/ends before its end marker/);
    const altered = Buffer.from(tar);
    altered[0] = "b".charCodeAt(0);
    await expect(entriesOf(altered)).rejects.toThrow(/fails its checksum/);
    const link = Buffer.from(tar);
    link[156] = "2".charCodeAt(0); // a symbolic link, checksum fixed below
    link.write("        ", 148, "ascii");
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += link[i]!;
    link.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    await expect(entriesOf(link)).rejects.toThrow(/neither a file nor a folder/);
  });
});

describe("backup and restore of a data folder (no service running)", () => {
  let backup: string;
  let source: string;
  const secretsKey = newSecretsKey();
  beforeAll(async () => {
    source = join(root, "source");
    const db = await openDatabase({ dataDir: source, logger });
    await db.migrate();
    await db.sql(Prisma.sql`INSERT INTO "accounts" ("id", "balance", "updated_at") VALUES ('acc_1', 42, now())`);
    await db.sql(Prisma.sql`INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after") VALUES ('acc_1', 'grant', 42, 42)`);
    // A webhook whose secret is sealed with a key of DATA_DIR/secrets.key (the text's id is the key's).
    await db.sql(Prisma.sql`INSERT INTO "webhooks" ("id", "account_id", "url", "events", "secret_ciphertext")
      VALUES ('whk_1', 'acc_1', 'https://example.com/hook', ARRAY['generation.completed'], ${`v1:${secretsKeyId(secretsKey)}:AAAA`})`);
    // The folder's holder answers backups on a socket in a folder only its user can enter.
    const socket = socketPathOf(source);
    expect((await stat(join(source, "run"))).mode & 0o777).toBe(0o700);
    expect((await stat(socket)).isSocket()).toBe(true);
    const answer = await new Promise<string>((resolve) => {
      const client = connect(socket, () => client.write("anything else\n"));
      let text = "";
      client.on("data", (d) => (text += d));
      client.on("close", () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, error: "Unknown request: this socket answers `backup` only." });
    await db.close();
    backup = join(root, "source.tgz");
    const summary = await backupToFile(source, backup, logger);
    expect(summary).toMatchObject({
      file: backup,
      manifest: { pglite: "0.5.16", postgres: "18", counts: { accounts: 1, ledgerEntries: 1, webhooks: 1, credits: 42 } },
    });
    expect(summary).not.toHaveProperty("fromProcess");
    expect((await stat(backup)).mode & 0o777).toBe(0o600);
    expect(await readdir(source)).not.toContain("pglite.lock"); // the folder is free again
  }, 60_000);

  it("restores into an empty folder (the secrets key kept apart, or an interrupted restore's leftovers, may be there), and says when the webhooks need a key that is not there", async () => {
    const target = join(root, "restored");
    await mkdir(target);
    await writeFile(join(target, "secrets.key"), `${secretsKey}\n`, { mode: 0o600 });
    await mkdir(join(target, "pglite.new-999999", "base"), { recursive: true }); // an interrupted restore's leftovers
    const restored = await restoreFromFile(backup, target, logger);
    expect((await readdir(target)).sort()).toEqual(["pglite", "run", "secrets.key"]);
    expect(restored.counts).toEqual({ users: 0, accounts: 1, apiKeys: 0, generations: 0, assets: 0, ledgerEntries: 1, webhooks: 1, credits: 42 });
    expect(restored.counts).toEqual(restored.manifest.counts);
    const id = secretsKeyId(secretsKey)!;
    expect(restored.webhookSecrets).toEqual({ sealedWith: [id], key: { source: "secrets.key", id }, ok: true });

    const keyless = await restoreFromFile(backup, join(root, "keyless"), logger);
    expect(keyless.webhookSecrets).toMatchObject({ sealedWith: [id], ok: false });
    expect(keyless.webhookSecrets!.notice).toBe(
      `The restored webhooks' signing secrets were sealed with the secrets key with id ${id}, which is not here: before starting the service, copy the secrets.key kept from the old data folder into ${join(root, "keyless")} (or set SECRETS_KEY to that key). Without it their deliveries fail; they can be registered again.`,
    );
    const other = await restoreFromFile(backup, join(root, "other-key"), logger, newSecretsKey());
    expect(other.webhookSecrets!.notice).toMatch(/, but SECRETS_KEY holds the key with id [0-9a-f]{8}: before starting the service/);
    const db = await openDatabase({ dataDir: target, logger });
    try {
      expect(await db.sql(Prisma.sql`SELECT "balance" FROM "accounts"`)).toEqual([{ balance: 42 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("refuses a backup of another PGlite major version, a cut file and a non-empty folder, and leaves the folder as it was", async () => {
    const tar = gunzipSync(await readFile(backup));
    const entries = await entriesOf(tar);
    const manifest = JSON.parse(entries[0]!.bytes.toString("utf8")) as Record<string, unknown>;
    const older = Buffer.from(JSON.stringify({ ...manifest, pglite: "0.4.2", postgres: "17" }));
    const rewritten = await collect(
      writeTar(
        entries.map((e, i) => ({
          name: e.name,
          type: e.type as "file" | "dir",
          mode: 0o600,
          ...(i === 0 ? { content: older, size: older.length } : { content: e.bytes, size: e.bytes.length }),
        })),
      ),
    );
    await writeFile(join(root, "older.tgz"), gzipSync(rewritten));
    const target = join(root, "refused");
    await expect(restoreFromFile(join(root, "older.tgz"), target, logger)).rejects.toThrow(
      /holds a database of PGlite 0\.4\.2 \(PostgreSQL 17\); this service runs PGlite 0\.5\.16, which cannot open it\. Restore it with a version of the service on PGlite 0\.4\.x\. Nothing was restored\./,
    );
    expect(await readdir(target)).toEqual([]);

    const gz = await readFile(backup);
    await writeFile(join(root, "cut.tgz"), gz.subarray(0, Math.floor(gz.length / 2)));
    await expect(restoreFromFile(join(root, "cut.tgz"), target, logger)).rejects.toThrow(
      /is not a complete backup \(gzip: unexpected end of file\)\. Nothing was restored\./,
    );
    expect(await readdir(target)).toEqual([]);
    await writeFile(join(root, "cut.tar"), tar.subarray(0, tar.length - 4096));
    await expect(restoreFromFile(join(root, "cut.tar"), target, logger)).rejects.toThrow(/the file is incomplete\. Nothing was restored\./);
    expect(await readdir(target)).toEqual([]);

    await expect(restoreFromFile(backup, source, logger)).rejects.toThrow(
      /^The data folder \S+ is not empty \(it holds pglite, run\)\. A restore only fills an empty folder/,
    );
    expect((await readdir(source)).sort()).toEqual(["pglite", "run"]);
  }, 60_000);
});
