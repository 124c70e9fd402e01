import { randomBytes } from "node:crypto";
import { close as closeFd, constants, createReadStream, fsync, open as openFd, rename as renameCb, writeFile as writeFileCb } from "node:fs";
import { access, mkdir, open, opendir, readFile, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { BlobUnavailableError, checkPrefix, keySha, sha256Hex, verified, verifyingStream, type BlobEntry, type BlobStore } from "./blob-store.js";

/**
 * Content-addressed files under `root` (default `DATA_DIR/blobs`). A put writes a temporary file in
 * `root/.tmp`, fsyncs it, renames it into place and fsyncs the folder: once it resolves, the bytes
 * survive a crash, so a row written after it never points to nothing.
 */
export function createFsBlobStore(root: string): BlobStore {
  const tmp = join(root, ".tmp");
  const pathOf = (key: string) => {
    keySha(key);
    return join(root, ...key.split("/"));
  };
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  /**
   * fsyncs a folder so the renames into it survive a crash. Puts into one folder at the same time share a
   * call: a rename done before a sync starts is covered by it, so a put waits for the sync in flight only
   * when its rename came after that sync began (then for the next one, which every later put shares).
   */
  /** Each folder's descriptor, opened at its first sync and kept (at most 256 `assets/` folders and a few more). */
  const folders = new Map<string, Promise<number>>();
  const syncs = new Map<string, { next?: Promise<void> | undefined; running?: Promise<void> | undefined }>();
  const syncDir = (dir: string): Promise<void> => {
    let state = syncs.get(dir);
    if (!state) syncs.set(dir, (state = {}));
    const entry = state;
    if (entry.next) return entry.next;
    const after = entry.running ?? Promise.resolve();
    const next = after
      .catch(() => undefined)
      .then(async () => {
        entry.next = undefined;
        const running = fsyncFolder(dir, folders);
        entry.running = running;
        try {
          await running;
        } finally {
          if (entry.running === running) entry.running = undefined;
          if (!entry.next && !entry.running) syncs.delete(dir);
        }
      });
    entry.next = next;
    return next;
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

  return {
    kind: "fs",
    async put(prefix, bytes) {
      const sha256 = sha256Hex(bytes);
      const key = `${checkPrefix(prefix)}${sha256}`;
      const path = pathOf(key);
      try {
        await ensureDir(tmp);
        await ensureDir(dirname(path));
        // Written whole and flushed (open, write, fsync, close in one call), then renamed into place: bytes already
        // there by their name are replaced by the same bytes, newly dated, so a sweep running now spares them (no
        // probe first: a new asset, nearly every put, would pay for a failed lookup and its error).
        const temp = join(tmp, `${sha256}.${randomBytes(6).toString("hex")}`);
        // node:fs's callbacks, not its promises: a FileHandle per put costs the event loop's thread twice as much
        await call<void>((done) => writeFileCb(temp, bytes, { flush: true }, done));
        await call<void>((done) => renameCb(temp, path, done));
        await syncDir(dirname(path));
      } catch (error) {
        throw unreachable(key, error);
      }
      return { key, sha256, size: bytes.byteLength };
    },
    async get(key) {
      const path = pathOf(key);
      try {
        return verified(key, await readFile(path));
      } catch (error) {
        if (error instanceof BlobUnavailableError) throw error;
        throw missing(error) ? new BlobUnavailableError(key, "missing") : unreachable(key, error);
      }
    },
    async stream(key) {
      const path = pathOf(key);
      // Opened before answering, so a missing file is an error here, not halfway through a response.
      const handle = await open(path, "r").catch((error) => {
        throw missing(error) ? new BlobUnavailableError(key, "missing") : unreachable(key, error);
      });
      return verifyingStream(key, createReadStream(path, { fd: handle }));
    },
    async has(key) {
      const path = pathOf(key);
      try {
        await stat(path);
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw unreachable(key, error);
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      const start = join(root, ...checkPrefix(prefix).split("/").filter(Boolean));
      yield* walk(root, start);
    },
    async ping() {
      try {
        // Not the cached ensureDir: the folder may have gone, or turned read-only, since.
        await mkdir(tmp, { recursive: true });
        await access(tmp, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      const fds = [...folders.values()];
      folders.clear();
      for (const fd of await Promise.allSettled(fds)) if (fd.status === "fulfilled") await call<void>((done) => closeFd(fd.value, done)).catch(() => undefined);
    },
  };
}

/** How old a temporary file must be before the start-up sweep removes it: a put takes milliseconds. */
export const STALE_TEMP_MS = 10 * 60_000;

/**
 * Removes what puts left in `root/.tmp` when their process died between the write and the rename
 * (at start, before any put of this process; files younger than `olderThanMs` are spared, as another
 * process sharing the folder may be writing them). Answers how many files and bytes it removed.
 */
export async function sweepStaleTemp(root: string, olderThanMs = STALE_TEMP_MS, now = Date.now()): Promise<{ files: number; bytes: number }> {
  const swept = { files: 0, bytes: 0 };
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(join(root, ".tmp"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return swept;
    throw error;
  }
  for await (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(root, ".tmp", entry.name);
    const info = await stat(path).catch(() => undefined);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(path, { force: true });
    swept.files++;
    swept.bytes += info.size;
  }
  return swept;
}

async function* walk(root: string, dir: string): AsyncGenerator<BlobEntry> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for await (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".tmp") yield* walk(root, path);
    } else if (entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name)) {
      const info = await stat(path).catch(() => undefined);
      if (info) yield { key: relative(root, path).split(sep).join("/"), size: info.size, modifiedAt: info.mtime };
    }
  }
}

/** A node:fs callback call as a promise. */
const call = <T>(start: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value as T))));

/** fsyncs a folder through its kept descriptor (opened once; a failed open is tried again next time). */
async function fsyncFolder(dir: string, folders: Map<string, Promise<number>>): Promise<void> {
  let fd = folders.get(dir);
  if (!fd) {
    fd = call<number>((done) => openFd(dir, "r", done));
    folders.set(dir, fd);
    fd.catch(() => folders.delete(dir));
  }
  const descriptor = await fd;
  await call<void>((done) => fsync(descriptor, done));
}

const unreachable = (key: string, cause: unknown) => new BlobUnavailableError(key, "unreachable", { cause });
