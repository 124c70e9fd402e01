import { crc32 } from "node:zlib";

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

// Every entry carries the same DOS date and time, 1980-01-01 00:00 (the earliest a zip can say), so the
// archive's bytes depend on its entries alone.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
// Bit 11: the name is UTF-8.
const FLAGS = 0x0800;
const STORED = 0;
// 1.0 is enough to extract a stored entry; "made by" Unix 2.0 so the attributes below are read as a mode.
const VERSION_NEEDED = 10;
const VERSION_MADE_BY = (3 << 8) | 20;
// A regular file, rw-r--r--.
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;

/**
 * A zip archive of `entries`, in order, every entry stored (not compressed). Stored keeps the bytes the
 * same on every machine and Node version (deflate's output may change with the zlib build), and the PNG
 * inside is compressed already. No zip64: an archive must stay under 4 GiB and 65535 entries.
 */
export function zipArchive(entries: ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error("too many zip entries");
  const locals: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION_MADE_BY, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(STORED, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    // extra field length, comment length, disk number, internal attributes: all 0
    central.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + size;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  // this disk and the directory's disk: 0
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  // comment length: 0
  return Buffer.concat([...locals, directory, end]);
}
