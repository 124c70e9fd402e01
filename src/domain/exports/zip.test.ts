import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import type { SheetLayout, SheetRow } from "../../agents/driver.js";
import { tilesetLayout } from "../../agents/tileset-layout.js";
import { type ExportSource, exportFormatsFor } from "./formats.js";
import { renderExport } from "./render.js";
import { zipArchive } from "./zip.js";
import { itNeeding, program } from "../../../test/support/needs.js";

interface ReadEntry {
  data: Buffer;
  dosDate: number;
  dosTime: number;
}

/** Reads a zip the way an unzip does: the end record, the central directory, then each local header and its data. */
function readZip(zip: Buffer): Map<string, ReadEntry> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  expect(zip.readUInt16LE(end + 8)).toBe(count);
  const dirSize = zip.readUInt32LE(end + 12);
  const dirOffset = zip.readUInt32LE(end + 16);
  expect(dirOffset + dirSize).toBe(end);
  const entries = new Map<string, ReadEntry>();
  let at = dirOffset;
  let expectedLocal = 0;
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const [dosTime, dosDate] = [zip.readUInt16LE(at + 12), zip.readUInt16LE(at + 14)];
    const crc = zip.readUInt32LE(at + 16);
    const [packed, size] = [zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;
    // entries follow each other with nothing between them
    expect(local).toBe(expectedLocal);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt16LE(local + 8)).toBe(method);
    expect(zip.readUInt32LE(local + 14)).toBe(crc);
    expect(zip.readUInt32LE(local + 18)).toBe(packed);
    expect(zip.readUInt32LE(local + 22)).toBe(size);
    const localName = zip.readUInt16LE(local + 26);
    const start = local + 30 + localName + zip.readUInt16LE(local + 28);
    expect(zip.subarray(local + 30, local + 30 + localName).toString("utf8")).toBe(name);
    const raw = zip.subarray(start, start + packed);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : expect.fail(`method ${method}`);
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    expect(entries.has(name)).toBe(false);
    entries.set(name, { data, dosDate, dosTime });
    expectedLocal = start + packed;
  }
  expect(at).toBe(end);
  expect(expectedLocal).toBe(dirOffset);
  return entries;
}

const unzip = program("unzip");
const scratch = mkdtempSync(join(tmpdir(), "exports-zip-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `unzip -t` on the archive: its exit status and what it printed. */
function unzipTest(zip: Buffer, name: string): { status: number | null; out: string } {
  const path = join(scratch, name);
  writeFileSync(path, zip);
  const run = spawnSync("unzip", ["-t", path], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

function sheet(): ExportSource {
  const directions = ["south", "east", "north", "west"] as const;
  const animations: SheetRow[] = [
    ...directions.map((direction, i): SheetRow => ({ name: "idle", direction, row: i, frames: 4, fps: 6, loop: true })),
    ...directions.map((direction, i): SheetRow => ({ name: "walk", direction, row: 4 + i, frames: 6, fps: 8, loop: true })),
  ];
  const layout: SheetLayout = { kind: "sheet", frameWidth: 64, frameHeight: 64, columns: 6, rows: 8, animations };
  // Not a real PNG: the zip carries whatever bytes it is given; a few thousand varied bytes exercise the CRC.
  const png = Uint8Array.from({ length: 5000 }, (_, i) => (i * 131 + (i >> 7)) & 0xff);
  return { assetId: "ast_hero", png, width: 384, height: 512, layout };
}

function image(): ExportSource {
  return { assetId: "ast_potion", png: Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff), width: 48, height: 32, layout: null };
}

function tileset(): ExportSource {
  const layout = tilesetLayout({ layout: "blob-47", terrains: ["grass", "dirt"] }, 16, 16);
  return { assetId: "ast_tiles", png: Uint8Array.from({ length: 700 }, (_, i) => (i * 13) & 0xff), width: 112, height: 112, layout };
}

describe("zipArchive", () => {
  it("writes entries that read back with their bytes, CRC and the fixed 1980-01-01 00:00 time", () => {
    const entries = [
      { name: "a.txt", data: Buffer.from("hello\n") },
      { name: "empty", data: new Uint8Array(0) },
      { name: "dir/b.bin", data: Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff) },
    ];
    const zip = zipArchive(entries);
    const read = readZip(zip);
    expect([...read.keys()]).toEqual(["a.txt", "empty", "dir/b.bin"]);
    for (const entry of entries) {
      const got = read.get(entry.name)!;
      expect(got.data.equals(Buffer.from(entry.data))).toBe(true);
      expect(got.dosDate).toBe(0x21);
      expect(got.dosTime).toBe(0);
    }
    expect(zipArchive(entries).equals(zip)).toBe(true);
  });

  it("writes an empty archive as the end record alone", () => {
    const zip = zipArchive([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip).size).toBe(0);
  });

  itNeeding(unzip, "passes unzip -t", () => {
    const result = unzipTest(zipArchive([{ name: "a.txt", data: Buffer.from("hello\n") }]), "plain.zip");
    expect(result.out).toContain("No errors detected");
    expect(result.status).toBe(0);
  });
});

describe("the zip export", () => {
  for (const [kind, make] of [
    ["sheet", sheet],
    ["image", image],
  ] as const) {
    it(`holds the ${kind}'s PNG, each other export byte for byte, and a README naming them`, () => {
      const source = make();
      const zip = renderExport("zip", source);
      expect(zip.fileName).toBe(`${source.assetId}.zip`);
      expect(zip.contentType).toBe("application/zip");
      const read = readZip(zip.body);
      const others = exportFormatsFor(source.layout)
        .filter((format) => format !== "zip")
        .map((format) => renderExport(format, source));
      expect([...read.keys()]).toEqual([`${source.assetId}.png`, ...others.map((file) => file.fileName), "README.txt"]);
      expect(read.get(`${source.assetId}.png`)!.data.equals(Buffer.from(source.png))).toBe(true);
      for (const file of others) expect(read.get(file.fileName)!.data.equals(file.body), file.fileName).toBe(true);
      const readme = read.get("README.txt")!.data.toString("utf8");
      for (const name of read.keys()) expect(readme).toContain(name);
      expect(readme).toContain(`this.load.atlas("${source.assetId}", "${source.assetId}.png", "${source.assetId}.atlas.json")`);
      expect(readme).toContain("Unity");
      if (source.layout) {
        expect(readme).toContain(`this.load.aseprite("${source.assetId}", "${source.assetId}.png", "${source.assetId}.aseprite.json")`);
        expect(readme).toContain("res://ast_hero.png");
        expect(readme).toContain("cell size 64x64");
        expect(readme).toContain("walk_west, 6 frames at 8 fps");
      } else {
        expect(readme).not.toContain(".tres");
        expect(readme).not.toContain("aseprite");
      }
      expect(renderExport("zip", make()).body.equals(zip.body)).toBe(true);
    });
  }

  it("holds a tileset's PNG, TexturePacker JSON, TileSet, Tiled files (flat, not the tiled zip) and README", () => {
    const source = tileset();
    const read = readZip(renderExport("zip", source).body);
    expect([...read.keys()]).toEqual([
      "ast_tiles.png",
      "ast_tiles.atlas.json",
      "ast_tiles.tres",
      "ast_tiles.tsx",
      "ast_tiles-sample.tmx",
      "ast_tiles-sample.tmj",
      "README.txt",
    ]);
    for (const format of ["texturepacker", "godot"] as const) {
      const file = renderExport(format, source);
      expect(read.get(file.fileName)!.data.equals(file.body)).toBe(true);
    }
    // the tiled export's own zip holds the same .tsx and .tmx
    const tiled = readZip(renderExport("tiled", source).body);
    expect([...tiled.keys()]).toEqual(["ast_tiles.png", "ast_tiles.tsx", "ast_tiles-sample.tmx", "ast_tiles-sample.tmj"]);
    for (const [name, entry] of tiled) expect(read.get(name)!.data.equals(entry.data)).toBe(true);
    const readme = read.get("README.txt")!.data.toString("utf8");
    for (const name of read.keys()) expect(readme).toContain(name);
    expect(readme).toContain("47-tile blob");
    expect(readme).toContain("Tile 47 is plain dirt");
    expect(readme).toContain("TileMapLayer");
    expect(readme).toContain("cell size 16x16");
  });

  itNeeding(unzip, "passes unzip -t", () => {
    for (const [name, source] of [
      ["sheet.zip", sheet()],
      ["image.zip", image()],
      ["tileset.zip", tileset()],
      ["tileset.tiled.zip", tileset()],
    ] as const) {
      const result = unzipTest(renderExport(name.endsWith(".tiled.zip") ? "tiled" : "zip", source).body, name);
      expect(result.out).toContain("No errors detected");
      expect(result.out).toContain(name.endsWith(".tiled.zip") ? "ast_tiles.tsx" : "README.txt");
      expect(result.status).toBe(0);
    }
  });
});
