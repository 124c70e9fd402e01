import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TileEntry, TilesetLayout } from "../../src/agents/driver.js";
import { renderMap } from "../../src/agents/procedural/index.js";
import { tilesetLayout } from "../../src/agents/tileset-layout.js";
import { paintRandomMap } from "../../src/agents/tileset-map.js";
import type { ExportSource } from "../../src/domain/exports/formats.js";
import { tiledFiles, wangTiles } from "../../src/domain/exports/tiled.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, signUp } from "../support/users.js";
import { allOf, describeNeeding, program } from "../support/needs.js";

/**
 * Tiled itself (Debian's 1.8, headless) reads the Tiled export: `tiled --export-tileset json` reports the Wang set
 * it understood from the .tsx, and `tmxrasterizer` draws the sample .tmx, which must equal the map drawn here from
 * the same PNG cell by cell. The second part does the same with tilesets the texture agent draws, generated and
 * exported through the REST API, against the service's own rendering of the sample map (renderMap), and a map painted
 * with one (POST /api/v1/assets/:id/map): its .tmx drawn, its .tmj opened by Tiled into the same map. Skipped, saying
 * so, where Tiled is not installed (`apt-get install tiled`; .ci/run installs it).
 */
const env = { ...process.env, QT_QPA_PLATFORM: "offscreen" };
const tiled = allOf(program("tiled"), program("tmxrasterizer", "apt-get install tiled"));
const title = "Tiled reads the tileset exports";

const scratch = mkdtempSync(join(tmpdir(), "tiled-exports-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TILE_W = 12;
const TILE_H = 20;

/** A PNG of the layout's grid: each tile its own pattern, some pixels fully transparent, the unused cells empty. */
function drawTileset(layout: TilesetLayout): PNG {
  const png = new PNG({ width: layout.columns * TILE_W, height: layout.rows * TILE_H });
  png.data.fill(0);
  for (const tile of layout.tiles) {
    for (let y = 0; y < TILE_H; y++) {
      for (let x = 0; x < TILE_W; x++) {
        if ((x * 3 + y * 5 + tile.index) % 7 === 0) continue;
        const at = ((tile.y + y) * png.width + tile.x + x) * 4;
        png.data[at] = (tile.index * 37 + 20) & 0xff;
        png.data[at + 1] = (tile.index * 91 + x * 16) & 0xff;
        png.data[at + 2] = (y * 12 + tile.index * 5) & 0xff;
        png.data[at + 3] = 255;
      }
    }
  }
  return png;
}

/** The map drawn from the tileset PNG, nearest neighbour, each cell's tile copied as it is; -1 leaves the cell empty. */
function drawMap(layout: TilesetLayout, sheet: PNG, cells: number[][]): PNG {
  const rows = cells.length;
  const columns = cells[0]!.length;
  const out = new PNG({ width: columns * TILE_W, height: rows * TILE_H });
  out.data.fill(0);
  const byIndex = new Map(layout.tiles.map((tile) => [tile.index, tile]));
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const tile = byIndex.get(cells[j]![i]!);
      if (!tile) continue;
      for (let y = 0; y < TILE_H; y++) {
        const from = ((tile.y + y) * sheet.width + tile.x) * 4;
        sheet.data.copy(out.data, ((j * TILE_H + y) * out.width + i * TILE_W) * 4, from, from + TILE_W * 4);
      }
    }
  }
  return out;
}

function run(program: string, args: string[], cwd?: string): void {
  const result = spawnSync(program, args, { env, cwd, encoding: "utf8", timeout: 60_000 });
  expect(result.status, `${program} ${args.join(" ")}: ${result.stderr}`).toBe(0);
}

interface TiledJson {
  tilecount: number;
  columns: number;
  tilewidth: number;
  tileheight: number;
  wangsets: { name: string; type: string; colors: { name: string }[]; wangtiles: { tileid: number; wangid: number[] }[] }[];
}

describeNeeding(tiled, title, () => {
  for (const name of ["wang-corner-16", "wang-edge-16", "blob-47"] as const) {
    for (const terrains of [["grass", "dirt"], ["ledge"]]) {
      const label = `${name}-${terrains.length}`;
      const layout = tilesetLayout({ layout: name, terrains }, TILE_W, TILE_H);
      const sheet = drawTileset(layout);
      const assetId = `ast_${label.replace(/-/g, "_")}`;
      const source: ExportSource & { layout: TilesetLayout } = { assetId, png: PNG.sync.write(sheet), width: sheet.width, height: sheet.height, layout };

      const write = () => {
        writeFileSync(join(scratch, `${assetId}.png`), source.png);
        const [tsx, tmx] = tiledFiles(source);
        for (const file of [tsx!, tmx!]) writeFileSync(join(scratch, file.fileName), file.body);
        return { tsx: join(scratch, tsx!.fileName), tmx: join(scratch, tmx!.fileName) };
      };

      it(`${label}: tiled --export-tileset reports the Wang set and every wangtile as written`, () => {
        const { tsx } = write();
        const out = join(scratch, `${label}.json`);
        run("tiled", ["--export-tileset", "json", tsx, out]);
        const json = JSON.parse(readFileSync(out, "utf8")) as TiledJson;
        expect([json.tilecount, json.columns, json.tilewidth, json.tileheight]).toEqual([layout.columns * layout.rows, layout.columns, TILE_W, TILE_H]);
        expect(json.wangsets).toHaveLength(1);
        const wangset = json.wangsets[0]!;
        expect(wangset.type).toBe({ "wang-corner-16": "corner", "wang-edge-16": "edge", "blob-47": "mixed" }[name]);
        expect(wangset.colors.map((c) => c.name)).toEqual(terrains);
        const expected = wangTiles(layout).map((tile) => ({ tileid: tile.tileId, wangid: tile.wangId }));
        // a one-terrain set's blank tile says nothing; a blob-47 island shares the fill tile's wangid and is left out
        expect(expected).toHaveLength(layout.tiles.length - (terrains.length === 1 ? 1 : name === "blob-47" ? 1 : 0));
        expect(new Set(expected.map((t) => t.wangid.join(","))).size).toBe(expected.length);
        const reported = wangset.wangtiles.map((tile) => ({ tileid: tile.tileid, wangid: tile.wangid })).sort((a, b) => a.tileid - b.tileid);
        expect(reported).toEqual(expected);
      });

      it(`${label}: tmxrasterizer draws the sample map exactly as the tiles say`, () => {
        const { tmx } = write();
        const out = join(scratch, `${label}.png`);
        run("tmxrasterizer", ["--no-smoothing", tmx, out]);
        const drawn = PNG.sync.read(readFileSync(out));
        const cells = paintRandomMap(layout, 24, 16, 1).cells;
        const mine = drawMap(layout, sheet, cells);
        expect([drawn.width, drawn.height]).toEqual([24 * TILE_W, 16 * TILE_H]);
        let differing = 0;
        for (let i = 0; i < mine.data.length; i += 4) {
          const same = drawn.data[i + 3] === 0 && mine.data[i + 3] === 0 ? true : drawn.data.subarray(i, i + 4).equals(mine.data.subarray(i, i + 4));
          if (!same) differing++;
        }
        expect(differing).toBe(0);
        // a map of several tiles, some of them partly transparent, not an empty picture
        expect(new Set(cells.flat()).size).toBeGreaterThan(6);
        expect(drawn.data.some((value, i) => i % 4 === 3 && value === 255)).toBe(true);
      });
    }
  }
});

/** A tile's wangid as the layout says it (the contract's corners, edges or blob mask): 0 for no colour, else terrain + 1. */
function wangIdOf(layout: TilesetLayout, tile: TileEntry): number[] {
  const colour = (ref: number | null) => (ref === null ? 0 : ref + 1);
  if (tile.corners) return [0, colour(tile.corners.ne), 0, colour(tile.corners.se), 0, colour(tile.corners.sw), 0, colour(tile.corners.nw)];
  if (tile.edges) return [colour(tile.edges.n), 0, colour(tile.edges.e), 0, colour(tile.edges.s), 0, colour(tile.edges.w), 0];
  // blob-47: clockwise from N, a neighbour in the mask has the tile's terrain, any other the other terrain
  const own = tile.terrain ?? 0;
  const other = own === 0 ? (layout.terrains.length > 1 ? 1 : null) : 0;
  return [1, 2, 4, 8, 16, 32, 64, 128].map((bit) => colour((tile.mask ?? 0) & bit ? own : other));
}

type TilesetAsset = GenerationBody["assets"][number] & { layout: TilesetLayout; exports: Record<string, string> };

describeNeeding(tiled, `${title}: tilesets the texture agent draws, exported through the REST API`, () => {
  const SIZE = 64;
  const cases = (["wang-corner-16", "wang-edge-16", "blob-47"] as const).flatMap((layout) =>
    [["grass", "dirt"], ["stone"]].map((terrains) => ({ layout, terrains, label: `drawn-${layout}-${terrains.length}` })),
  );
  let t: TestApp;
  let secret: string;
  const assets = new Map<string, TilesetAsset>();
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
    ({ secret } = await createKey(t, await signUp(t)));
    for (const { layout, terrains, label } of cases) {
      const body = { prompt: terrains.join(" and "), agentId: "texture", tileset: { layout, terrains }, width: SIZE, height: SIZE, seed: 3 };
      const response = await generateWithKey(t, secret, body);
      expect(response.status, await response.clone().text()).toBe(200);
      assets.set(label, ((await response.json()) as GenerationBody & { assets: TilesetAsset[] }).assets[0]!);
    }
  }, 60_000);
  afterAll(() => t?.close());

  /** The `tiled` export as a user gets it: downloaded, unzipped into a folder of its own; the PNG as GET /api/v1/assets/:id answers it. */
  const download = async (label: string) => {
    const asset = assets.get(label)!;
    const folder = join(scratch, label);
    const zip = await t.request(asset.exports.tiled!, { headers: bearer(secret) });
    expect(zip.status).toBe(200);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "export.zip"), Buffer.from(await zip.arrayBuffer()));
    run("unzip", ["-o", "-q", "export.zip"], folder);
    const png = Buffer.from(await (await t.request(asset.url, { headers: bearer(secret) })).arrayBuffer());
    // Every file is named by the prompt's slug, as the download is (contract section 13, Names).
    const stem = /filename="(.+)\.tiled\.zip"/.exec(zip.headers.get("content-disposition") ?? "")![1]!;
    expect(readFileSync(join(folder, `${stem}.png`)).equals(png)).toBe(true);
    return { asset, folder, tsx: join(folder, `${stem}.tsx`), tmx: join(folder, `${stem}-sample.tmx`), sheet: PNG.sync.read(png) };
  };

  it("a map (POST /api/v1/assets/:id/map): tmxrasterizer draws its .tmx + .tsx, and Tiled opens its .tmj into the same map", async () => {
    const tileset = assets.get("drawn-wang-corner-16-2")!;
    const [COLUMNS, ROWS] = [6, 4];
    const mapped = await t.request(`/api/v1/assets/${tileset.id}/map`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({ width: COLUMNS, height: ROWS, seed: 5 }),
    });
    expect(mapped.status, await mapped.clone().text()).toBe(200);
    const map = ((await mapped.json()) as GenerationBody & { assets: TilesetAsset[] }).assets[0]!;
    const folder = join(scratch, "map");
    mkdirSync(folder, { recursive: true });
    const zip = await t.request(map.exports.tiled!, { headers: bearer(secret) });
    const tmj = await t.request(map.exports["tiled-json"]!, { headers: bearer(secret) });
    expect([zip.status, tmj.status]).toEqual([200, 200]);
    writeFileSync(join(folder, "map.zip"), Buffer.from(await zip.arrayBuffer()));
    run("unzip", ["-o", "-q", "map.zip"], folder);
    const tmjText = await tmj.text();
    const names = readdirSync(folder);
    const tmx = names.find((n) => n.endsWith(".tmx"))!;
    expect(names.filter((n) => n.endsWith(".tsx") || n.endsWith(".png"))).toHaveLength(2);
    // the .tmj names its tileset's image, which the zip carries beside it
    const json = JSON.parse(tmjText) as { width: number; height: number; tilesets: { image: string }[]; layers: { data: number[] }[] };
    expect(names).toContain(json.tilesets[0]!.image);
    writeFileSync(join(folder, "map.tmj"), tmjText);

    // the .tmx (its .tsx beside it) drawn by tmxrasterizer: the map's size in pixels, many tiles, nothing blank
    run("tmxrasterizer", ["--no-smoothing", tmx, "from-tmx.png"], folder);
    const drawn = PNG.sync.read(readFileSync(join(folder, "from-tmx.png")));
    expect([drawn.width, drawn.height]).toEqual([COLUMNS * SIZE, ROWS * SIZE]);
    let opaque = 0;
    const colours = new Set<number>();
    for (let i = 0; i < drawn.data.length; i += 4) {
      if (drawn.data[i + 3] === 255) opaque++;
      colours.add(drawn.data.readUInt32BE(i));
    }
    expect(opaque).toBe(COLUMNS * ROWS * SIZE * SIZE); // two terrains: every cell a full tile
    expect(colours.size).toBeGreaterThan(8);
    expect(new Set(json.layers[0]!.data).size).toBeGreaterThan(1);

    // Tiled opens the .tmj and writes it as a .tmx; drawn, that is the same picture pixel for pixel
    run("tiled", ["--export-map", "tmx", "map.tmj", "from-tmj.tmx"], folder);
    run("tmxrasterizer", ["--no-smoothing", "from-tmj.tmx", "from-tmj.png"], folder);
    const again = PNG.sync.read(readFileSync(join(folder, "from-tmj.png")));
    expect([again.width, again.height, json.width, json.height]).toEqual([drawn.width, drawn.height, COLUMNS, ROWS]);
    expect(again.data.equals(drawn.data)).toBe(true);
  });

  for (const { layout: name, terrains, label } of cases) {
    it(`${label}: tiled --export-tileset reports the Wang set and each tile as the layout says`, async () => {
      const { asset, folder, tsx } = await download(label);
      const { layout } = asset;
      expect([layout.layout, layout.terrains, layout.tileWidth]).toEqual([name, terrains, SIZE]);
      const out = join(folder, "tileset.json");
      run("tiled", ["--export-tileset", "json", tsx, out]);
      const json = JSON.parse(readFileSync(out, "utf8")) as TiledJson;
      expect([json.tilecount, json.columns, json.tilewidth, json.tileheight]).toEqual([layout.columns * layout.rows, layout.columns, SIZE, SIZE]);
      expect(json.wangsets).toHaveLength(1);
      const wangset = json.wangsets[0]!;
      expect(wangset.type).toBe({ "wang-corner-16": "corner", "wang-edge-16": "edge", "blob-47": "mixed" }[name]);
      expect(wangset.colors.map((c) => c.name)).toEqual(terrains);
      // Tiled numbers tiles row by row over the image: each layout tile, by where it is, with its wangid
      const expected = layout.tiles
        .map((tile) => ({ tileid: (tile.y / SIZE) * layout.columns + tile.x / SIZE, wangid: wangIdOf(layout, tile) }))
        .filter((tile) => tile.wangid.some((c) => c !== 0))
        .filter((tile, _, all) => all.findLast((t) => t.wangid.join(",") === tile.wangid.join(",")) === tile)
        .sort((a, b) => a.tileid - b.tileid);
      expect(expected.length).toBeGreaterThanOrEqual(layout.tiles.length - 1);
      expect(new Set(expected.map((t) => t.wangid.join(","))).size).toBe(expected.length);
      const reported = wangset.wangtiles.map((tile) => ({ tileid: tile.tileid, wangid: tile.wangid })).sort((a, b) => a.tileid - b.tileid);
      expect(reported).toEqual(expected);
    });

    it(`${label}: tmxrasterizer draws the sample map pixel for pixel as the service renders it`, async () => {
      const { asset, folder, tmx, sheet } = await download(label);
      const out = join(folder, "sample.png");
      run("tmxrasterizer", ["--no-smoothing", tmx, out]);
      const drawn = PNG.sync.read(readFileSync(out));
      const map = paintRandomMap(asset.layout, 24, 16, 1);
      const service = renderMap(new Uint8Array(sheet.data), asset.layout, map);
      expect([drawn.width, drawn.height]).toEqual([service.width, service.height]);
      expect([drawn.width, drawn.height]).toEqual([24 * SIZE, 16 * SIZE]);
      let differing = 0;
      let transparent = 0;
      for (let i = 0; i < service.rgba.length; i += 4) {
        if (service.rgba[i + 3] === 0) transparent++;
        const same = drawn.data[i + 3] === 0 && service.rgba[i + 3] === 0 ? true : drawn.data.subarray(i, i + 4).equals(service.rgba.subarray(i, i + 4));
        if (!same) differing++;
      }
      expect(differing).toBe(0);
      // a map of many tiles; a one-terrain set leaves some of it transparent, a two-terrain one none
      expect(new Set(map.cells.flat()).size).toBeGreaterThan(6);
      if (terrains.length === 1) expect(transparent).toBeGreaterThan(0);
      else expect(transparent).toBe(0);
    });
  }
});
