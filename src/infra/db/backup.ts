import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Logger } from "../logger.js";
import { BackupError, openBackup, type BackupManifest, type BackupStream } from "./backup-snapshot.js";
import { openDatabase } from "./database.js";
import { lockFileOf, lockHolder } from "./pglite-lock.js";

/**
 * Backups of the embedded database (`npm run cli -- backup FILE`, `restore FILE`; README,
 * "Operations"). PostgreSQL has its own tools (pg_dump, pg_restore) and is not handled here.
 *
 * The file is a gzip-compressed tar laid out like the data folder, so `tar -xzf` into an empty
 * folder also restores it by hand. It is written with mode 0600 (it holds the accounts, password
 * and key hashes, and the assets):
 *
 * - `backup.json` (first): this manifest — the format and its version, when, the PGlite and
 *   PostgreSQL versions of the database, the migrations it holds, and row counts taken at the same
 *   instant as the copy (a restore checks them);
 * - `pglite/`: the database's folder, as PostgreSQL's own files. **They are tied to PGlite's major
 *   version** (for 0.x, its minor: 0.5) **and PostgreSQL's major** (PG_VERSION): a restore refuses
 *   a backup made by another one, which that PGlite cannot open; restore it with a version of the
 *   service on the same PGlite major. (Within one, a backup of an older version of the service
 *   restores into a newer one: its newer migrations apply when the service starts.)
 *
 * Not in it: `DATA_DIR/secrets.key`, the key that opens the webhook signing secrets sealed in the
 * database (secrets-box.ts), which is kept out of the database's backups on purpose, so that a
 * backup alone reveals no secret. Keep a copy of it apart (it never changes), or set SECRETS_KEY; a
 * restore accepts it already in the folder, and says when the webhooks it restored need it.
 *
 * The copy is consistent: the process that holds the folder makes it in its database thread, in
 * one PGlite transaction that every other statement and transaction waits behind, after a
 * CHECKPOINT (pglite-worker.ts, `snapshot`): it opens as the database was at that instant, with
 * every committed transaction and none of the ones still open. The copy goes beside the folder
 * (`pglite.snapshot-<pid>-<n>`: as much disk again for a moment), then is streamed as a tar and
 * removed. The service's statements wait only for the CHECKPOINT and the copy: 0.34–0.44 s for a
 * 40 MB folder, measured on a 2-core machine under a load of 8. Neither side holds the database in
 * memory: a backup and a restore are streams, whatever the size of the assets in it. gzip level 1:
 * a new folder's 41 MB tar gives 5.6 MB in 0.3 s of CPU (level 6: 4.8 MB, 0.6 s; PNGs do not shrink).
 */

export interface BackupSummary {
  file: string;
  /** The file's size (compressed). */
  bytes: number;
  /** The running service's pid when it made the copy; absent when this process opened the folder itself. */
  fromProcess?: number;
  manifest: BackupManifest;
  ms: number;
}

/**
 * `npm run cli -- backup FILE`: asks the process that holds the folder for a backup over its socket
 * (backup-socket.ts), or, when none does, opens the folder itself; writes FILE (gzip, mode 0600)
 * beside it under a temporary name and renames it into place once complete.
 */
export async function backupToFile(dataDir: string, file: string, logger: Logger): Promise<BackupSummary> {
  const started = performance.now();
  const dir = resolve(dataDir);
  const target = resolve(file);
  if (!(await stat(join(dir, "pglite", "PG_VERSION")).catch(() => undefined))) {
    throw new BackupError(`There is no embedded database in ${dir}: set DATA_DIR to the service's data folder.`);
  }
  if (!relative(dir, target).startsWith("..")) {
    throw new BackupError(`Write the backup outside the data folder (${dir}): a backup inside it goes with it, and a restore wants an empty folder.`);
  }
  const holder = await lockHolder(lockFileOf(dir));
  let source: BackupStream;
  if (holder !== undefined) {
    const { requestBackup } = await import("./backup-socket.js");
    source = await requestBackup(dir, holder);
  } else {
    const db = await openDatabase({ dataDir: dir, logger });
    try {
      source = await openBackup(db, dir);
    } finally {
      await db.close(); // the copy is made: the folder is free again while it is written out
    }
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  try {
    await pipeline(Readable.from(source.tar), createGzip({ level: 1 }), createWriteStream(temp, { mode: 0o600, flags: "wx" }));
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    await source.dispose();
  }
  return {
    file: target,
    bytes: (await stat(target)).size,
    ...(holder !== undefined ? { fromProcess: holder } : {}),
    manifest: source.manifest,
    ms: Math.round(performance.now() - started),
  };
}
