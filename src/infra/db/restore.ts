import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Logger } from "../logger.js";
import { readTar, TarError, type TarEntry } from "./backup-archive.js";
import { secretsKeyId } from "../secrets-box.js";
import {
  BackupError,
  backupFormat,
  backupFormatVersion,
  countsQuery,
  pgliteMajor,
  tablesOf,
  type BackupCounts,
  type BackupManifest,
} from "./backup-snapshot.js";
import { openDatabase, Prisma } from "./database.js";
import { pgliteVersion } from "./pglite-folder.js";
import { isAlive, lockFileOf, lockHolder, takeLock } from "./pglite-lock.js";

export interface RestoreSummary {
  file: string;
  dataDir: string;
  manifest: BackupManifest;
  /** Counted in the restored database: the same as the manifest's, or the restore fails. */
  counts: BackupCounts;
  /** The restored webhooks' signing secrets and the key that opens them (not in a backup: backup.ts). */
  webhookSecrets?: WebhookSecrets;
  ms: number;
}

export interface WebhookSecrets {
  /** The ids of the keys the webhooks' secrets were sealed with. */
  sealedWith: string[];
  /** Where this installation's key is (SECRETS_KEY, else DATA_DIR/secrets.key), and its id. */
  key: { source: "SECRETS_KEY" | "secrets.key"; id: string | undefined } | undefined;
  /** Whether that key opens them all; when not, `notice` says what to do. */
  ok: boolean;
  notice?: string;
}

/**
 * `npm run cli -- restore FILE` (backup.ts describes the file): into an empty data folder only, and
 * not while a process holds it. The manifest is checked before anything is written (format, PGlite's
 * major version); the database is unpacked beside its place (`pglite.new-<pid>`, which a first
 * start removes if this is interrupted), renamed into place, opened, and its rows counted against
 * the manifest. On any failure the folder is left empty again. Newer migrations than the backup's
 * apply when the service starts on it, as after any upgrade.
 */
export async function restoreFromFile(file: string, dataDir: string, logger: Logger, secretsKey?: string): Promise<RestoreSummary> {
  const started = performance.now();
  const dir = resolve(dataDir);
  const source = resolve(file);
  const lockFile = lockFileOf(dir);
  const holder = await lockHolder(lockFile);
  if (holder !== undefined) {
    throw new BackupError(`The data folder ${dir} is in use by process ${holder}. Stop the service, then restore into an empty data folder.`);
  }
  // Empty: nothing but the lock file of a process gone, the secrets key kept apart (not in a backup),
  // and what an interrupted restore left (`pglite.new-<pid>` of a process gone: removed).
  const present: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const leftover = /^(?:pglite|blobs)\.new-(\d+)$/.exec(name);
    if (leftover && !isAlive(Number(leftover[1]))) await rm(join(dir, name), { recursive: true, force: true });
    else if (name !== "pglite.lock" && name !== "secrets.key") present.push(name);
  }
  if (present.length > 0) {
    throw new BackupError(
      `The data folder ${dir} is not empty (it holds ${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}). ` +
        "A restore only fills an empty folder (the secrets key aside), so that nothing is overwritten: move this one away, or set DATA_DIR to a new folder, then run restore again.",
    );
  }
  if (!(await stat(source).catch(() => undefined))?.isFile()) throw new BackupError(`${source} is not a file.`);

  await mkdir(dir, { recursive: true });
  await takeLock(lockFile);
  const staging = join(dir, `pglite.new-${process.pid}`);
  const blobStaging = join(dir, `blobs.new-${process.pid}`);
  let placed = false;
  try {
    const manifest = await unpack(source, staging, blobStaging);
    await rename(staging, join(dir, "pglite"));
    placed = true;
    if (await stat(blobStaging).catch(() => undefined)) await rename(blobStaging, join(dir, "blobs"));
    const db = await openDatabase({ dataDir: dir, logger });
    let counts: BackupCounts;
    let sealedWith: string[] = [];
    try {
      const tables = await tablesOf(db);
      counts = (await db.sql<BackupCounts>(Prisma.raw(countsQuery(tables))))[0]!;
      if (tables.has("webhooks")) {
        const rows = await db.sql<{ id: string }>(Prisma.raw(`SELECT DISTINCT split_part("secret_ciphertext", ':', 2) AS id FROM "webhooks" ORDER BY 1`));
        sealedWith = rows.map((row) => row.id);
      }
    } finally {
      await db.close();
    }
    const expected = Object.entries(manifest.counts);
    if (expected.length !== Object.keys(counts).length || expected.some(([name, value]) => counts[name as keyof BackupCounts] !== value)) {
      throw new BackupError(
        `The restored database does not hold what the backup lists (${JSON.stringify(counts)} against ${JSON.stringify(manifest.counts)}): the file is damaged. Nothing was kept.`,
      );
    }
    const webhookSecrets = sealedWith.length > 0 ? await checkSecretsKey(dir, sealedWith, secretsKey) : undefined;
    return { file: source, dataDir: dir, manifest, counts, ...(webhookSecrets ? { webhookSecrets } : {}), ms: Math.round(performance.now() - started) };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await rm(blobStaging, { recursive: true, force: true });
    if (placed) await rm(join(dir, "pglite"), { recursive: true, force: true });
    if (placed) await rm(join(dir, "blobs"), { recursive: true, force: true });
    await rm(join(dir, "run"), { recursive: true, force: true }); // the restored database's socket folder, from the check
    if (error instanceof TarError) throw new BackupError(`${source}: ${error.message} Nothing was restored.`);
    if (/^Z_/.test(String((error as NodeJS.ErrnoException).code)))
      throw new BackupError(`${source} is not a complete backup (gzip: ${(error as Error).message}). Nothing was restored.`);
    throw error;
  } finally {
    await rm(lockFile, { force: true });
  }
}

/** Whether the key this installation will use opens the restored webhooks' secrets (their sealed text names their key's id). */
async function checkSecretsKey(dir: string, sealedWith: string[], secretsKey: string | undefined): Promise<WebhookSecrets> {
  const file = await readFile(join(dir, "secrets.key"), "utf8").catch(() => undefined);
  const key =
    secretsKey !== undefined
      ? { source: "SECRETS_KEY" as const, id: secretsKeyId(secretsKey) }
      : file !== undefined
        ? { source: "secrets.key" as const, id: secretsKeyId(file) }
        : undefined;
  const ok = key?.id !== undefined && sealedWith.every((id) => id === key.id);
  const wanted = `the secrets key with id ${sealedWith.join(" or ")}`;
  const notice = ok
    ? undefined
    : `The restored webhooks' signing secrets were sealed with ${wanted}, ${key ? `but ${key.source === "SECRETS_KEY" ? "SECRETS_KEY" : join(dir, "secrets.key")} holds ${key.id ? `the key with id ${key.id}` : "no valid key"}` : "which is not here"}: ` +
      `before starting the service, copy the secrets.key kept from the old data folder into ${dir} (or set SECRETS_KEY to that key). Without it their deliveries fail; they can be registered again.`;
  return { sealedWith, key, ok, ...(notice ? { notice } : {}) };
}

/** Unpacks the archive's database into `staging` and its asset bytes (if any) into `blobStaging`. Returns the manifest. */
async function unpack(source: string, staging: string, blobStaging: string): Promise<BackupManifest> {
  const head = Buffer.alloc(2);
  const handle = await open(source, "r");
  await handle.read(head, 0, 2, 0).finally(() => handle.close());
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const input = createReadStream(source, { highWaterMark: 1 << 20 });
  const stream = gzipped ? input.pipe(createGunzip()) : input;
  input.on("error", (error) => stream.destroy(error));
  let manifest: BackupManifest | undefined;
  let database = false;
  let blobs = false;
  try {
    for await (const entry of readTar(stream)) {
      if (!manifest) {
        manifest = await readManifest(entry, source);
        continue;
      }
      if (entry.name === "pglite" && entry.type === "dir") {
        await mkdir(staging, { mode: 0o700 });
        database = true;
      } else if (database && /^pglite\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+(\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+)*$/.test(entry.name)) {
        const path = join(staging, entry.name.slice("pglite/".length));
        if (entry.type === "dir") await mkdir(path, { mode: 0o700 });
        else await pipeline(entry.body(), createWriteStream(path, { mode: 0o600, flags: "wx" }));
      } else if (entry.name === "blobs" && entry.type === "dir") {
        await mkdir(blobStaging, { mode: 0o700 });
        blobs = true;
      } else if (blobs && /^blobs\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+(\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+)*$/.test(entry.name)) {
        const path = join(blobStaging, entry.name.slice("blobs/".length));
        if (entry.type === "dir") await mkdir(path, { mode: 0o700 });
        else await pipeline(entry.body(), createWriteStream(path, { mode: 0o600, flags: "wx" }));
      } else {
        throw new BackupError(
          `${source} holds ${entry.name}, which a backup of this service never does: it is damaged, or not such a backup. Nothing was restored.`,
        );
      }
    }
  } finally {
    stream.destroy();
  }
  if (!manifest) throw new BackupError(`${source} is empty: not a backup.`);
  const version = await readFile(join(staging, "PG_VERSION"), "utf8").catch(() => undefined);
  if (version?.trim() !== manifest.postgres)
    throw new BackupError(`${source} holds no complete database (its PG_VERSION is missing or differs from its manifest): it is damaged.`);
  return manifest;
}

async function collect(entry: TarEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry.body()) parts.push(part);
  return Buffer.concat(parts);
}

/** The first entry: the manifest, checked before anything is written. */
async function readManifest(entry: TarEntry, source: string): Promise<BackupManifest> {
  const notBackup = new BackupError(`${source} is not a backup of this service (it does not start with its backup.json).`);
  if (entry.name !== "backup.json" || entry.type !== "file" || entry.size > 1 << 20) throw notBackup;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((await collect(entry)).toString("utf8")) as BackupManifest;
  } catch {
    throw notBackup;
  }
  if (manifest?.format !== backupFormat || typeof manifest.pglite !== "string" || typeof manifest.postgres !== "string" || !manifest.counts) throw notBackup;
  if (!(manifest.version <= backupFormatVersion)) {
    throw new BackupError(
      `${source} was written by a newer version of the service (backup format ${manifest.version}; this one reads ${backupFormatVersion}): restore it with that version.`,
    );
  }
  const installed = await pgliteVersion();
  if (pgliteMajor(manifest.pglite) !== pgliteMajor(installed)) {
    throw new BackupError(
      `${source} holds a database of PGlite ${manifest.pglite} (PostgreSQL ${manifest.postgres}); this service runs PGlite ${installed}, which cannot open it. ` +
        `Restore it with a version of the service on PGlite ${pgliteMajor(manifest.pglite)}.x. Nothing was restored.`,
    );
  }
  return manifest;
}
