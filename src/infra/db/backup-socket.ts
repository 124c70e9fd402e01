import { chmod, lstat, mkdir, rm } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "../logger.js";
import { BackupError, openBackup, removeLeftoverSnapshots, type BackupManifest, type BackupStream } from "./backup-snapshot.js";
import type { Database } from "./database-types.js";

/**
 * How `npm run cli -- backup` reaches the process that holds the embedded database's folder (only
 * one process may open it): a Unix socket, `<DATA_DIR>/run/backup.sock`, in a folder of mode 0700
 * that belongs to the service's user. Nothing new on the network: only that user (and root) can
 * connect, and they can read the data folder anyway. It answers one request, `backup\n`: a line of
 * JSON (`{ok: true, manifest, bytes}`, or `{ok: false, error}`), then the backup as a tar of
 * exactly `bytes` bytes (backup.ts). One backup at a time; a client silent for 10 s before its
 * request, or that stops reading for 60 s, is dropped.
 *
 * A Unix socket's path has at most 107 bytes: with a longer DATA_DIR the service says so in its log
 * and a backup needs the service stopped (the command line then opens the folder itself).
 */
export const socketPathOf = (dataDir: string) => join(dataDir, "run", "backup.sock");
const maxSocketPath = 107;

export interface BackupServer {
  /** The socket's path; undefined when it could not be made (logged). */
  path: string | undefined;
  close(): Promise<void>;
}

/** Listens on the folder's backup socket; `db` is the folder's open database. */
export async function serveBackups(db: Database, dataDir: string, logger: Logger): Promise<BackupServer> {
  await removeLeftoverSnapshots(dataDir).catch((error: unknown) => logger.warn("a previous backup's copy could not be removed", { dataDir, error }));
  const path = socketPathOf(dataDir);
  const none: BackupServer = { path: undefined, close: async () => undefined };
  if (Buffer.byteLength(path) > maxSocketPath) {
    logger.warn("backups need the service stopped: the data folder's path is too long for its backup socket", { path, maxBytes: maxSocketPath });
    return none;
  }
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await chmod(dirname(path), 0o700); // also when it existed with another mode
    const folder = await lstat(dirname(path));
    if (!folder.isDirectory() || (process.getuid && folder.uid !== process.getuid())) throw new Error(`${dirname(path)} is not a folder of this user`);
    await rm(path, { force: true }); // a previous holder's (this process holds the folder's lock)
  } catch (error) {
    logger.warn("backups need the service stopped: the backup socket could not be made", { path, error });
    return none;
  }
  let busy = false;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined); // a client gone: its backup stops (below)
    socket.setTimeout(10_000, () => socket.destroy());
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("latin1");
      const end = request.indexOf("\n");
      if (end < 0 && request.length < 64) return;
      socket.off("data", onData);
      socket.pause();
      void answer(socket, end < 0 ? "" : request.slice(0, end));
    };
    socket.on("data", onData);
  });
  const refuse = (socket: Socket, error: string) => socket.end(`${JSON.stringify({ ok: false, error })}\n`);

  async function answer(socket: Socket, request: string): Promise<void> {
    if (request !== "backup") return void refuse(socket, "Unknown request: this socket answers `backup` only.");
    if (busy) return void refuse(socket, "A backup of this data folder is already being made; run this one again when it has ended.");
    busy = true;
    let backup: BackupStream | undefined;
    try {
      const started = performance.now();
      backup = await openBackup(db, dataDir);
      logger.info("backup snapshot taken", { ms: Math.round(performance.now() - started), bytes: backup.bytes, counts: backup.manifest.counts });
      socket.setTimeout(60_000, () => socket.destroy());
      socket.write(`${JSON.stringify({ ok: true, manifest: backup.manifest, bytes: backup.bytes })}\n`);
      await pipeline(Readable.from(backup.tar), socket);
      logger.info("backup sent", { ms: Math.round(performance.now() - started), bytes: backup.bytes });
    } catch (error) {
      logger.warn("backup failed", { error });
      if (backup) socket.destroy();
      else refuse(socket, `The service could not make the backup: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
      await backup?.dispose();
    }
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    logger.warn("backups need the service stopped: the backup socket could not be made", { path, error });
    return none;
  }
  server.on("error", (error) => logger.warn("backup socket error", { error }));
  return {
    path,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await rm(path, { force: true });
    },
  };
}

/** The CLI's side: asks process `pid`, which holds `dataDir`, for a backup. */
export async function requestBackup(dataDir: string, pid: number): Promise<BackupStream> {
  const path = socketPathOf(dataDir);
  const socket = connect(path);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
  } catch (error) {
    socket.destroy();
    throw new BackupError(
      `The data folder ${dataDir} is in use by process ${pid}, which does not answer on ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        "Stop that process and run the backup again: the command line then copies the folder itself.",
    );
  }
  socket.write("backup\n");
  const chunks = socket[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffered = Buffer.alloc(0);
  let newline = -1;
  while ((newline = buffered.indexOf(10)) < 0) {
    const next = await chunks.next().catch((error: unknown) => ({ done: true as const, value: error }));
    if (next.done || buffered.length > 1 << 20) {
      socket.destroy();
      throw new BackupError(`Process ${pid} closed its backup socket without an answer; see its log.`);
    }
    buffered = Buffer.concat([buffered, next.value]);
  }
  const answer = JSON.parse(buffered.subarray(0, newline).toString("utf8")) as
    | { ok: true; manifest: BackupManifest; bytes: number }
    | { ok: false; error: string };
  if (!answer.ok) {
    socket.destroy();
    throw new BackupError(answer.error);
  }
  const rest = buffered.subarray(newline + 1);
  async function* tar(): AsyncGenerator<Buffer> {
    let received = rest.length;
    if (rest.length) yield rest;
    for (;;) {
      const next = await chunks.next().catch(() => ({ done: true as const, value: undefined })); // a reset: counted short below
      if (next.done) break;
      received += next.value.length;
      yield next.value;
    }
    if (received !== (answer as { bytes: number }).bytes) {
      throw new BackupError(
        `Process ${pid} stopped sending the backup after ${received} of ${(answer as { bytes: number }).bytes} bytes; nothing was written. Run it again.`,
      );
    }
  }
  return { manifest: answer.manifest, bytes: answer.bytes, tar: tar(), dispose: async () => void socket.destroy() };
}
