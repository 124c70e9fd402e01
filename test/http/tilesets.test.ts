import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Tilesets through REST and GraphQL (contract section 12): price, layout, refusals, exports. */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

interface Tile {
  index: number;
  x: number;
  y: number;
  corners?: Record<string, number | null>;
  edges?: Record<string, number | null>;
  mask?: number;
  terrain?: number | null;
}
interface TilesetLayout {
  kind: string;
  layout: string;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  terrains: string[];
  tiles: Tile[];
}
type TilesetAsset = GenerationBody["assets"][number] & { layout?: TilesetLayout; quality?: Record<string, number>; exports: Record<string, string> };

const balance = async () => ((await (await t.request("/api/v1/credits", { headers: bearer(secret) })).json()) as { balance: number }).balance;
const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, secret, { prompt: "terrain tiles", agentId: "texture", width: 64, height: 64, ...body });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as GenerationBody & { assets: TilesetAsset[]; tileset?: unknown };
};

describe("a tileset", () => {
  it.each([
    ["wang-corner-16", ["grass", "dirt"], 16, 2, [4, 4]],
    ["wang-edge-16", ["water", "sand"], 16, 2, [4, 4]],
    ["blob-47", ["grass", "dirt"], 48, 6, [7, 7]],
    ["blob-47", ["stone platform"], 47, 6, [7, 7]],
  ] as const)("%s of %j: %i tiles, priced %i credits, its PNG and layout agree", async (layout, terrains, tiles, price, [columns, rows]) => {
    const body = { tileset: { layout, terrains }, seed: 3 };
    const estimate = (await generate({ ...body, dryRun: true })) as unknown as { credits: { price: number }; output: string; layout: TilesetLayout };
    expect(estimate.output).toBe("tileset");
    expect(estimate.credits.price).toBe(price);
    expect(estimate.layout).toMatchObject({ kind: "tileset", layout, tileWidth: 64, tileHeight: 64, columns, rows, terrains });
    expect(estimate.layout.tiles).toHaveLength(tiles);

    const before = await balance();
    const g = await generate(body);
    expect(g.credits.charged).toBe(price);
    expect(await balance()).toBe(before - price);
    expect(g.tileset).toEqual({ layout, terrains });
    const asset = g.assets[0]!;
    expect(asset.layout).toEqual(estimate.layout);
    const png = decodePng(asset.b64!);
    expect([png.width, png.height]).toEqual([columns * 64, rows * 64]);
    // every tile inside the PNG and drawn (some opaque pixels), unused cells transparent
    const used = new Set(asset.layout!.tiles.map((tile) => `${tile.x},${tile.y}`));
    for (let cy = 0; cy < rows; cy++) {
      for (let cx = 0; cx < columns; cx++) {
        let opaque = 0;
        for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if (png.data[((cy * 64 + y) * png.width + cx * 64 + x) * 4 + 3]! > 0) opaque++;
        if (used.has(`${cx * 64},${cy * 64}`)) expect(opaque, `tile at ${cx},${cy}`).toBeGreaterThanOrEqual(terrains.length === 1 ? 0 : 64 * 64);
        else expect(opaque, `unused cell ${cx},${cy}`).toBe(0);
      }
    }
    expect(Object.keys(asset.exports).sort()).toEqual(["godot", "texturepacker", "tiled", "zip"]);
    expect(asset.quality!.seamScore).toBeGreaterThan(0.5);
    expect(asset.quality!.seamScore).toBeLessThan(1.6); // one drawing's score is noisy; a real seam scores 2+ (tileset.test.ts averages seeds)
  });

  it("is the same bytes for the same seed", async () => {
    const body = { tileset: { layout: "wang-corner-16", terrains: ["snow", "stone"] }, seed: 11 };
    const [a, b] = [await generate(body), await generate(body)];
    expect(a.assets[0]!.sha256).toBe(b.assets[0]!.sha256);
    expect((await generate({ ...body, seed: 12 })).assets[0]!.sha256).not.toBe(a.assets[0]!.sha256);
  });
});

describe("bad tileset requests answer 400 naming the field and charge nothing", () => {
  const tileset = (fields: Record<string, unknown>) => ({ tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"], ...fields } });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an agent that draws no tilesets", { agentId: "pixel-sprite", width: 64, height: 64, ...tileset({}) }, "unsupported_option", "tileset"],
    ["tileset with sheet", { ...tileset({}), sheet: {} }, "invalid_request", "tileset"],
    ["an unknown layout", tileset({ layout: "hex-6" }), "invalid_request", "tileset.layout"],
    ["no terrain", tileset({ terrains: [] }), "invalid_request", "tileset.terrains"],
    ["three terrains", tileset({ terrains: ["grass", "dirt", "sand"] }), "invalid_request", "tileset.terrains"],
    ["an empty terrain", tileset({ terrains: ["  "] }), "invalid_request", "tileset.terrains.0"],
    ["an over-long terrain", tileset({ terrains: ["grass".repeat(20)] }), "invalid_request", "tileset.terrains.0"],
    ["a terrain it cannot draw", tileset({ terrains: ["grass", "qwzx"] }), "unsupported_option", "tileset.terrains"],
    ["no layout", { tileset: { terrains: ["grass"] } }, "invalid_request", "tileset.layout"],
    ["an unknown tileset field", tileset({ size: 16 }), "invalid_request", "tileset.size"],
    ["a size the agent lacks", { ...tileset({}), width: 100, height: 100 }, "invalid_request", "width"],
  ];
  it.each(cases)("%s", async (_name, body, code, param) => {
    const before = await balance();
    const generations = await t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    for (const dryRun of [false, true]) {
      const full = { prompt: "terrain tiles", agentId: "texture", width: 64, height: 64, ...body, ...(dryRun ? { dryRun } : {}) };
      const error = await errorOf(await generateWithKey(t, secret, full));
      expect(error).toMatchObject({ status: 400, code, param });
      expect(error.message.length).toBeGreaterThan(20);
    }
    expect(await balance()).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(generations);
  });

  it("an unknown terrain is answered with the surfaces the agent knows", async () => {
    const error = await errorOf(await generateWithKey(t, secret, { prompt: "tiles", agentId: "texture", ...tileset({ terrains: ["qwzx"] }) }));
    expect(error.message).toContain('"qwzx"');
    expect(error.message).toContain("grass");
  });
});

describe("exports of a tileset", () => {
  let asset: TilesetAsset;
  beforeAll(async () => {
    asset = (await generate({ tileset: { layout: "wang-edge-16", terrains: ["grass", "dirt"] }, seed: 5 })).assets[0]!;
  });

  it("answers godot, tiled, texturepacker and zip, the same bytes every call; aseprite does not apply", async () => {
    const types: Record<string, string> = {
      godot: "text/plain; charset=utf-8",
      tiled: "application/zip",
      texturepacker: "application/json",
      zip: "application/zip",
    };
    for (const [format, url] of Object.entries(asset.exports)) {
      const first = await t.request(url, { headers: bearer(secret) });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe(types[format]);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(Buffer.from(await (await t.request(url, { headers: bearer(secret) })).arrayBuffer()).equals(bytes)).toBe(true);
    }
    const godot = await (await t.request(asset.exports.godot!, { headers: bearer(secret) })).text();
    expect(godot).toContain('[gd_resource type="TileSet"');
    expect(godot).toContain("terrain_set_0/mode = 2"); // sides
    expect(godot).toContain("res://art/terrain-tiles.png");
    const atlas = (await (await t.request(asset.exports.texturepacker!, { headers: bearer(secret) })).json()) as { frames: Record<string, unknown> };
    expect(Object.keys(atlas.frames).sort()).toEqual(asset.layout!.tiles.map((tile) => `tile_${tile.index}`).sort());
    const aseprite = await errorOf(await t.request(`/api/v1/assets/${asset.id}/export/aseprite`, { headers: bearer(secret) }));
    expect(aseprite).toMatchObject({ status: 404, code: "not_found" });
    expect(aseprite.message).toContain("texturepacker, godot, tiled, zip");
  });

  it("is the owner's only", async () => {
    const other = await createKey(t, await signUp(t));
    for (const url of Object.values(asset.exports)) {
      expect(await errorOf(await t.request(url, { headers: bearer(other.secret) }))).toMatchObject({ status: 404, code: "not_found" });
    }
  });
});

describe("GraphQL", () => {
  it("takes tileset in the input and answers tilesetLayout and seamScore on the asset", async () => {
    const post = async (q: string, v: unknown) =>
      (await (
        await t.request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", origin, cookie: user.cookie },
          body: JSON.stringify({ query: q, variables: v }),
        })
      ).json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    const input = { prompt: "tiles", agentId: "texture", tileset: { layout: "blob-47", terrains: ["lava"] }, width: 64, height: 64, seed: 2 };
    const estimate = await post(
      `query($input: GenerateInput!) { estimate(input: $input) { output credits { price } tilesetLayout { layout columns tiles { index mask terrain } } } }`,
      {
        input,
      },
    );
    expect(estimate.errors).toBeUndefined();
    expect(estimate.data!.estimate).toMatchObject({ output: "tileset", credits: { price: 6 }, tilesetLayout: { layout: "blob-47", columns: 7 } });
    const started = await post(`mutation($input: GenerateInput!) { generate(input: $input) { id tileset } }`, { input });
    expect(started.errors).toBeUndefined();
    const id = (started.data!.generate as { id: string }).id;
    let found: { status: string; assets: { tilesetLayout: { tiles: unknown[] }; layout: unknown; quality: { seamScore: number } }[] } | undefined;
    for (let i = 0; i < 400; i++) {
      const read = await post(
        `query($id: ID!) { generation(id: $id) { status assets { layout { rows } tilesetLayout { tiles { index } } quality { seamScore } } } }`,
        { id },
      );
      found = read.data!.generation as typeof found;
      if (found!.status === "succeeded") break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(found!.status).toBe("succeeded");
    expect(found!.assets[0]!.tilesetLayout.tiles).toHaveLength(47);
    expect(found!.assets[0]!.layout).toBeNull();
    expect(found!.assets[0]!.quality.seamScore).toBeGreaterThan(0);
  });
});
