import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TilesetLayout } from "../../src/agents/driver.js";
import { expectBalancedLedger, type GenerationBody, generateWithKey } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { readStoredZip } from "../support/zip.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Maps (contract section 13): a tileset painted onto a grid, exported for Tiled, Phaser and Godot. */
const T = 64;
let t: TestApp;
let user: TestUser;
let secret: string;
let tileset: GenerationBody["assets"][number] & { layout: TilesetLayout };
let image: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "100", MAP_CREDITS: "1" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
  const made = await generateWithKey(t, secret, {
    prompt: "grass and dirt",
    agentId: "texture",
    tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] },
    width: T,
    height: T,
    seed: 4,
  });
  tileset = ((await made.json()) as GenerationBody & { assets: (typeof tileset)[] }).assets[0]!;
  const icon = await generateWithKey(t, secret, { prompt: "potion", agentId: "icon", width: 64, height: 64, seed: 1 });
  image = ((await icon.json()) as GenerationBody).assets[0]!.id;
});
afterAll(() => t.close());

interface MapAsset {
  id: string;
  url: string;
  layout: { kind: "map"; columns: number; rows: number; tileWidth: number; tilesetAsset: string; cells: number[]; tileset: TilesetLayout };
  exports: Record<string, string>;
}

const post = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/assets/${id}/map`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(secret), ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string) => t.request(path, { headers: bearer(secret) });
const balance = async () => ((await (await get("/api/v1/credits")).json()) as { balance: number }).balance;

/** The tile whose four corners are these terrains (nw, ne, se, sw). */
const tileWith = (nw: number, ne: number, se: number, sw: number) =>
  tileset.layout.tiles.find((x) => x.corners?.nw === nw && x.corners.ne === ne && x.corners.se === se && x.corners.sw === sw)!.index;

describe("POST /api/v1/assets/:id/map", () => {
  let map: MapAsset;
  it("a random natural map: a generation charged MAP_CREDITS, its asset a map with the map exports", async () => {
    const before = await balance();
    const response = await post(tileset.id, { width: 12, height: 8, seed: 5 });
    expect(response.status, await response.clone().text()).toBe(200);
    const g = (await response.json()) as GenerationBody & { mapOf: string; assets: MapAsset[] };
    expect(g).toMatchObject({ status: "succeeded", mapOf: tileset.id });
    map = g.assets[0]!;
    expect(map.layout).toMatchObject({ kind: "map", columns: 12, rows: 8, tileWidth: T, tilesetAsset: tileset.id });
    expect(map.layout.cells).toHaveLength(96);
    expect(new Set(map.layout.cells).size).toBeGreaterThan(3);
    expect(Object.keys(map.exports).sort()).toEqual(["godot", "tiled", "tiled-json", "zip"]);
    expect(await balance()).toBe(before - 1);
    // the same seed paints the same map
    const again = (await (await post(tileset.id, { width: 12, height: 8, seed: 5 })).json()) as { assets: MapAsset[] };
    expect(again.assets[0]!.layout.cells).toEqual(map.layout.cells);
  });

  it("a grid: each cell the tile whose corners the grid gives", async () => {
    // the first terrain inside a 3×3-corner square, the second elsewhere
    const grid = Array.from({ length: 5 }, (_, j) => Array.from({ length: 6 }, (_, i) => (i >= 1 && i <= 3 && j >= 1 && j <= 3 ? 0 : 1)));
    const response = await post(tileset.id, { width: 5, height: 4, grid: grid.map((row, j) => (j % 2 ? row.join("") : row)) });
    expect(response.status, await response.clone().text()).toBe(200);
    const layout = ((await response.json()) as { assets: MapAsset[] }).assets[0]!.layout;
    const at = (i: number, j: number) => layout.cells[j * 5 + i];
    expect(at(0, 0)).toBe(tileWith(1, 1, 0, 1));
    expect(at(1, 1)).toBe(tileWith(0, 0, 0, 0));
    expect(at(4, 3)).toBe(tileWith(1, 1, 1, 1));
    expect(at(3, 2)).toBe(tileWith(0, 1, 1, 0));
  });

  it("tiled-json: a Tiled JSON map with the tileset embedded, gids = tile ids + 1", async () => {
    const response = await get(map.exports["tiled-json"]!);
    expect(response.status).toBe(200);
    const json = (await response.json()) as {
      type: string;
      width: number;
      height: number;
      layers: { type: string; data: number[] }[];
      tilesets: { firstgid: number; image: string; source?: string; tilecount: number; columns: number }[];
    };
    expect([json.type, json.width, json.height]).toEqual(["map", 12, 8]);
    expect(json.tilesets[0]).toMatchObject({ firstgid: 1, image: `grass-and-dirt.png`, tilecount: 16, columns: 4 });
    expect(json.tilesets[0]!.source).toBeUndefined();
    const idOf = new Map(tileset.layout.tiles.map((x) => [x.index, (x.y / T) * 4 + x.x / T]));
    expect(json.layers[0]!.data).toEqual(map.layout.cells.map((c) => idOf.get(c)! + 1));
  });

  it("tiled: the .tmx names the .tsx beside it; godot: a .tscn whose TileMapLayer cells parse back to the map", async () => {
    const tiled = readStoredZip(Buffer.from(await (await get(map.exports.tiled!)).arrayBuffer()));
    expect([...tiled.keys()].sort()).toEqual([`grass-and-dirt.png`, `grass-and-dirt.tmx`, `grass-and-dirt.tsx`]);
    expect(tiled.get(`grass-and-dirt.tmx`)!.toString("utf8")).toContain(`<tileset firstgid="1" source="grass-and-dirt.tsx"/>`);

    const godot = readStoredZip(Buffer.from(await (await get(map.exports.godot!)).arrayBuffer()));
    expect([...godot.keys()].sort()).toEqual([`grass-and-dirt.png`, `grass-and-dirt.tres`, `grass-and-dirt.tscn`]);
    const scene = godot.get(`grass-and-dirt.tscn`)!.toString("utf8");
    expect(scene).toContain(`[ext_resource type="TileSet" path="res://art/grass-and-dirt.tres" id="1_tileset"]`);
    expect(scene).toContain('type="TileMapLayer"');
    const bytes = Buffer.from(
      scene
        .match(/tile_map_data = PackedByteArray\(([\d, ]+)\)/)![1]!
        .split(", ")
        .map(Number),
    );
    expect(bytes.readUInt16LE(0)).toBe(0);
    expect((bytes.length - 2) % 12).toBe(0);
    const cells = new Map<string, string>();
    for (let at = 2; at < bytes.length; at += 12) {
      expect(bytes.readUInt16LE(at + 4)).toBe(0); // the TileSet's one source
      cells.set(`${bytes.readInt16LE(at)},${bytes.readInt16LE(at + 2)}`, `${bytes.readUInt16LE(at + 6)}:${bytes.readUInt16LE(at + 8)}`);
    }
    const tileAt = new Map(tileset.layout.tiles.map((x) => [x.index, `${x.x / T}:${x.y / T}`]));
    for (let j = 0; j < 8; j++) for (let i = 0; i < 12; i++) expect(cells.get(`${i},${j}`)).toBe(tileAt.get(map.layout.cells[j * 12 + i]!));
    // the TileSet has a tile at each atlas cell the scene names
    const tres = godot.get(`grass-and-dirt.tres`)!.toString("utf8");
    for (const cell of new Set(cells.values())) expect(tres).toContain(`\n${cell}/0 = 0`);

    const zip = readStoredZip(Buffer.from(await (await get(map.exports.zip!)).arrayBuffer()));
    expect([...zip.keys()]).toEqual(expect.arrayContaining([`grass-and-dirt.tmj`, `grass-and-dirt.tscn`, `grass-and-dirt.tsx`, "README.txt"]));
    expect((await get(`/api/v1/assets/${map.id}/export/aseprite`)).status).toBe(404);
  });

  it("Prefer: respond-async answers 202 and the generation finishes", async () => {
    const response = await post(tileset.id, { width: 4, height: 4 }, { prefer: "respond-async" });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    for (let i = 0; i < 100; i++) {
      const g = (await (await get(`/api/v1/generations/${id}`)).json()) as { status: string };
      if (g.status === "succeeded") return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the map did not finish");
  });

  const grid5 = (rows: number, columns: number) => Array.from({ length: rows }, () => "0".repeat(columns));
  it.each([
    ["a map over 256 tiles wide", () => tileset.id, { width: 257, height: 8 }, "width"],
    ["a map under 4 tiles high", () => tileset.id, { width: 8, height: 3 }, "height"],
    ["a grid of the wrong number of rows", () => tileset.id, { width: 4, height: 4, grid: grid5(4, 5) }, "grid"],
    ["a grid row of the wrong length", () => tileset.id, { width: 4, height: 4, grid: [...grid5(2, 5), "0000", ...grid5(2, 5)] }, "grid.2"],
    ["a terrain not 0 or 1", () => tileset.id, { width: 4, height: 4, grid: [...grid5(4, 5), [0, 0, 2, 0, 0]] }, "grid.4"],
    ["an asset that is not a tileset", () => image, { width: 8, height: 8 }, "id"],
  ])("refuses %s: 400 naming the field, nothing charged or written", async (_, id, body, param) => {
    const before = await balance();
    const count = await t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    const error = await errorOf(await post(id(), body));
    expect([error.status, error.param], error.message).toEqual([400, param]);
    expect(await balance()).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(count);
  });

  it("another account's tileset is 404, and its maps' exports too", async () => {
    const other = await createKey(t, await signUp(t));
    const response = await t.request(`/api/v1/assets/${tileset.id}/map`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(other.secret) },
      body: JSON.stringify({ width: 8, height: 8 }),
    });
    expect((await errorOf(response)).status).toBe(404);
    expect((await t.request(map.exports["tiled-json"]!, { headers: bearer(other.secret) })).status).toBe(404);
    await expectBalancedLedger(t, user.accountId);
  });
});
