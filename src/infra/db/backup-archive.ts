import { createReadStream } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * The backup file's container: a POSIX tar (ustar), written and read as a stream so that neither a
 * backup nor a restore ever holds a data folder in memory (the assets live in the database: a
 * folder grows with them). `tar -tzf` lists it and `tar -xzf` unpacks it. Only what a backup holds
 * is written or accepted: regular files and folders, no links, names of plain path segments.
 */

export interface TarSource {
  /** The entry's name in the archive (`a/b`; a folder's without its trailing slash). */
  name: string;
  type: "file" | "dir";
  size: number;
  mode: number;
  /** A file's bytes: a buffer, or a path read when the entry is written (its size must not change). */
  content?: Buffer | string;
}

const block = 512;
const padding = (size: number) => (block - (size % block)) % block;
/** The largest size a ustar header states (11 octal digits). */
const maxSize = 8 ** 11 - 1;

/** What `entries` come to as a tar, end blocks included: known ahead, so a reader can tell a cut stream. */
export function tarSize(entries: TarSource[]): number {
  return entries.reduce((total, e) => total + block + (e.type === "file" ? e.size + padding(e.size) : 0), 2 * block);
}

/** The entries of a folder's tree, folders first, named `prefix/relative path`. */
export async function folderEntries(dir: string, prefix: string): Promise<TarSource[]> {
  const out: TarSource[] = [{ name: prefix, type: "dir", size: 0, mode: 0o700 }];
  const walk = async (relative: string): Promise<void> => {
    const entries = (await readdir(join(dir, relative), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push({ name: `${prefix}/${path}`, type: "dir", size: 0, mode: 0o700 });
        await walk(path);
      } else if (entry.isFile()) {
        const stats = await lstat(join(dir, path));
        out.push({ name: `${prefix}/${path}`, type: "file", size: stats.size, mode: 0o600, content: join(dir, path) });
      } else {
        throw new Error(`${join(dir, path)}: not a file or a folder`);
      }
    }
  };
  await walk("");
  return out;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

function header(entry: TarSource, mtime: number): Buffer {
  const out = Buffer.alloc(block);
  let name = entry.type === "dir" ? `${entry.name}/` : entry.name;
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`${entry.name}: name too long for a tar header`);
  }
  if (entry.size > maxSize) throw new Error(`${entry.name}: larger than a tar header can state`);
  out.write(name, 0, 100, "utf8");
  out.write(octal(entry.mode, 8), 100, 8, "ascii");
  out.write(octal(0, 8), 108, 8, "ascii"); // uid
  out.write(octal(0, 8), 116, 8, "ascii"); // gid
  out.write(octal(entry.type === "file" ? entry.size : 0, 12), 124, 12, "ascii");
  out.write(octal(mtime, 12), 136, 12, "ascii");
  out.write(" ".repeat(8), 148, 8, "ascii"); // the checksum counts its own field as spaces
  out.write(entry.type === "file" ? "0" : "5", 156, 1, "ascii");
  out.write("ustar\0", 257, 6, "ascii");
  out.write("00", 263, 2, "ascii");
  out.write(prefix, 345, 155, "utf8");
  out.write(`${checksum(out).toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return out;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

/** The archive of `entries`, as chunks. A file whose size changed since it was listed fails the stream. */
export async function* writeTar(entries: TarSource[]): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for (const entry of entries) {
    yield header(entry, mtime);
    if (entry.type !== "file") continue;
    let written = 0;
    if (Buffer.isBuffer(entry.content)) {
      written = entry.content.length;
      yield entry.content;
    } else if (typeof entry.content === "string" && entry.size > 0) {
      for await (const chunk of createReadStream(entry.content, { end: entry.size - 1, highWaterMark: 1 << 20 })) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (written !== entry.size) throw new Error(`${entry.name}: ${written} bytes read, ${entry.size} expected (the file changed while it was archived)`);
    if (padding(entry.size)) yield Buffer.alloc(padding(entry.size));
  }
  yield Buffer.alloc(2 * block);
}

export interface TarEntry {
  name: string;
  type: "file" | "dir";
  size: number;
  /** A file's bytes: read them all (or call `skip`) before asking for the next entry. */
  body(): AsyncGenerator<Buffer>;
}

/** A malformed, cut or unexpected archive. */
export class TarError extends Error {
  override name = "TarError";
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class Bytes {
  #pending: Buffer[] = [];
  #buffered = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  async #fill(n: number): Promise<boolean> {
    while (this.#buffered < n) {
      const next = await this.source.next();
      if (next.done) return false;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
      this.#pending.push(chunk);
      this.#buffered += chunk.length;
    }
    return true;
  }

  /** Exactly `n` bytes, or undefined at the stream's end; a partial read is a cut stream. */
  async read(n: number): Promise<Buffer | undefined> {
    if (!(await this.#fill(n))) {
      if (this.#buffered === 0) return undefined;
      throw new TarError("The archive ends in the middle of an entry: the file is incomplete.");
    }
    const all = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    this.#pending = all.length > n ? [all.subarray(n)] : [];
    this.#buffered -= n;
    return all.subarray(0, n);
  }

  /** `n` bytes in pieces of at most 1 MB. */
  async *pieces(n: number): AsyncGenerator<Buffer> {
    for (let left = n; left > 0; ) {
      const piece = await this.read(Math.min(left, 1 << 20));
      if (!piece) throw new TarError("The archive ends in the middle of an entry: the file is incomplete.");
      left -= piece.length;
      yield piece;
    }
  }
}

const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");
const number = (header: Buffer, start: number, length: number) => {
  const text = field(header, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError("The archive has a malformed header: it is not a backup, or it is damaged.");
  return text === "" ? 0 : Number.parseInt(text, 8);
};

/** The entries of a tar stream, in order; the archive must end with its end blocks. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  for (;;) {
    const raw = await bytes.read(block);
    if (!raw) throw new TarError("The archive ends before its end marker: the file is incomplete.");
    if (raw.every((b) => b === 0)) return;
    if (number(raw, 148, 8) !== checksum(raw)) throw new TarError("An entry's header fails its checksum: the file is damaged, or not a backup.");
    const type = String.fromCharCode(raw[156]!);
    const prefix = field(raw, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(raw, 0, 100);
    const size = number(raw, 124, 12);
    if (type !== "0" && type !== "\0" && type !== "5")
      throw new TarError(`The archive holds ${name}, which is neither a file nor a folder: not a backup of this service.`);
    const entry: TarEntry = {
      name: name.replace(/\/$/, ""),
      type: type === "5" ? "dir" : "file",
      size: type === "5" ? 0 : size,
      body: () => bytes.pieces(entry.size),
    };
    let consumed = false;
    const body = entry.body;
    entry.body = () => {
      consumed = true;
      return body();
    };
    yield entry;
    if (!consumed) for await (const _ of entry.body()) void _;
    if (padding(entry.size) && !(await bytes.read(padding(entry.size))))
      throw new TarError("The archive ends in the middle of an entry: the file is incomplete.");
  }
}
