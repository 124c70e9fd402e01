// Tilesets through the MCP tools over Streamable HTTP (/mcp): the price before any charge, the
// answer in words with the tile sheet and a sample map painted with it, links to every export,
// and refusals naming the tileset field without charging.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { TilesetLayout } from "../../src/agents/driver.js";
import { renderMap } from "../../src/agents/procedural/index.js";
import { paintRandomMap } from "../../src/agents/tileset-map.js";
import { call, mcpSession, textOf } from "../support/mcp-session.js";
import { bearer } from "../support/users.js";

const session = mcpSession();
const { clientWithKey } = session;
const imagesOf = (r: CallToolResult) => r.content.filter((c) => c.type === "image") as { data: string; mimeType: string }[];
const linksOf = (r: CallToolResult) => r.content.filter((c) => c.type === "resource_link") as { uri: string; name: string; mimeType?: string }[];

const balanceOf = (secret: string) => session.balanceOf(secret);

describe("tilesets over MCP", () => {
  it("list_agents shows the texture agent's tileset offer; estimate_cost prices a tileset from its layout, with or without a prompt", async () => {
    const { client, secret } = await clientWithKey();
    const before = await balanceOf(secret);
    const rows = textOf(await call(client, "list_agents", { full: true }))
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line) as { id: string; outputs: string[]; tileset?: unknown });
    expect(rows.find((r) => r.id === "texture")).toMatchObject({
      outputs: ["image", "tileset"],
      tileset: { layouts: ["wang-corner-16", "wang-edge-16", "blob-47"], maxTerrains: 2, creditsPer16Tiles: 2 },
    });
    expect(rows.find((r) => r.id === "pixel-sprite")!.tileset).toBeUndefined();

    const corner = await call(client, "estimate_cost", {
      agentId: "texture",
      width: 64,
      height: 64,
      tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] },
    });
    expect(textOf(corner)).toContain("texture: a wang-corner-16 tileset of 16 64×64 tiles (grass over dirt) costs 2 credits");
    // blob-47 over a background: 47 tiles and the fill tile, ceil(48 / 16) = 3 × 2 credits, the same as the service's dry run
    const blob = { layout: "blob-47", terrains: ["grass", "dirt"] };
    const priced = await call(client, "estimate_cost", { agentId: "texture", width: 64, height: 64, tileset: blob });
    expect(textOf(priced)).toContain("a blob-47 tileset of 48 64×64 tiles (grass over dirt) costs 6 credits");
    const dryRun = await call(client, "estimate_cost", { agentId: "texture", width: 64, height: 64, prompt: "tiles", tileset: blob });
    expect(JSON.parse(textOf(dryRun).split("\n")[1]!)).toMatchObject({ credits: 6, output: "tileset", layout: { kind: "tileset", columns: 7, rows: 7 } });
    const rest = await session.app.request("/api/v1/generate", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body: JSON.stringify({ prompt: "tiles", agentId: "texture", width: 64, height: 64, tileset: blob, dryRun: true }),
    });
    expect(((await rest.json()) as { credits: { price: number } }).credits.price).toBe(6);
    // one terrain: the 47 tiles only
    const platform = await call(client, "estimate_cost", { agentId: "texture", width: 64, height: 64, tileset: { layout: "blob-47", terrains: ["stone"] } });
    expect(textOf(platform)).toContain("47 64×64 tiles (stone) costs 6 credits");
    expect(await balanceOf(secret)).toBe(before);
  });

  it("generate_asset with tileset: the layout and index rule in words, the tile sheet and a sample map, links to the PNG and each export", async () => {
    const { client, secret } = await clientWithKey();
    const before = await balanceOf(secret);
    const tileset = { layout: "wang-corner-16", terrains: ["grass", "dirt"] };
    const result = await call(client, "generate_asset", { prompt: "tiles", agentId: "texture", width: 64, height: 64, seed: 5, tileset });
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toContain("with texture: a wang-corner-16 tileset of 16 64×64 tiles (grass over dirt), a 256×256 PNG");
    expect(said).toContain("Charged 2 credits");
    expect(said).toContain("Layout: 4 columns × 4 rows; tile i is at ((i mod 4)×64, floor(i / 4)×64).");
    expect(said).toContain("index = NE·1 + SE·2 + SW·4 + NW·8, a bit set where that corner is grass (terrains[0]), else dirt");
    expect(said).toMatch(/seam score [01]\.\d\d/);
    expect(said).toContain("a sample 8×6-tile map painted with it");
    expect(said).toContain("TileMapLayer");
    expect(said).toContain(".tsx");
    expect(said.length).toBeLessThan(2200);
    expect(await balanceOf(secret)).toBe(before - 2);

    // The links: the PNG, then each export, readable as resources and the same bytes as REST's export route.
    const links = linksOf(result);
    const assetId = /^asset:\/\/(ast_[A-Za-z0-9_-]+)$/.exec(links[0]!.uri)![1]!;
    expect(links.map((l) => l.uri)).toEqual([`asset://${assetId}`, ...["texturepacker", "godot", "tiled", "zip"].map((f) => `asset://${assetId}/export/${f}`)]);
    expect(links.find((l) => l.uri.endsWith("/tiled"))).toMatchObject({ name: "tiles.tiled.zip", mimeType: "application/zip" });
    // every link is named by the asset's slug (its prompt's), as its downloads are, never by its id
    expect(links[0]!.name).toBe("tiles.png");
    expect(links.every((l) => l.name.startsWith("tiles.") && !l.name.includes(assetId))).toBe(true);
    expect(said).toContain(`tiled: asset://${assetId}/export/tiled`);
    expect(said).toContain(`GET /api/v1/assets/${assetId}/export/<format>`);
    const tiled = await client.readResource({ uri: `asset://${assetId}/export/tiled` });
    expect(tiled.contents[0]).toMatchObject({ mimeType: "application/zip" });
    const tiledBytes = Buffer.from((tiled.contents[0] as { blob: string }).blob, "base64");
    const restTiled = Buffer.from(await (await session.app.request(`/api/v1/assets/${assetId}/export/tiled`, { headers: bearer(secret) })).arrayBuffer());
    expect(tiledBytes.equals(restTiled)).toBe(true);
    expect(tiledBytes.toString("latin1")).toContain("tiles.tsx");
    const godot = await client.readResource({ uri: `asset://${assetId}/export/godot` });
    expect((godot.contents[0] as { text: string }).text).toContain('[gd_resource type="TileSet"');

    // The previews: the tile sheet pixel for pixel at 1×, and the sample map painted from it at 1/2.
    const [sheetImage, mapImage] = imagesOf(result);
    expect(sheetImage && mapImage).toBeTruthy();
    expect(said).toContain("Below: the tile sheet at 1×, then a sample 8×6-tile map");
    const full = Buffer.from(((await client.readResource({ uri: `asset://${assetId}` })).contents[0] as { blob: string }).blob, "base64");
    const raw = await sharp(full).ensureAlpha().raw().toBuffer();
    const sheetShown = await sharp(Buffer.from(sheetImage!.data, "base64")).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(sheetShown.info).toMatchObject({ width: 256, height: 256 });
    const mapShown = await sharp(Buffer.from(mapImage!.data, "base64")).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(mapShown.info).toMatchObject({ width: 256, height: 192 });
    expect(said).toContain("painted with it by that rule (as an engine's autotiler paints) at 1/2");
    // the map's opaque pixels are where the painted map's are (palette encoding may move colours a little)
    const generation = (await (
      await session.app.request(`/api/v1/generations/${/gen_[A-Za-z0-9_-]+/.exec(said)![0]}`, { headers: bearer(secret) })
    ).json()) as {
      assets: { layout: TilesetLayout }[];
    };
    const layout = generation.assets[0]!.layout;
    const painted = renderMap(new Uint8Array(raw), layout, paintRandomMap(layout, 8, 6, 1));
    const halved = await sharp(painted.rgba, { raw: { width: painted.width, height: painted.height, channels: 4 } })
      .resize(256, 192, { kernel: "nearest" })
      .raw()
      .toBuffer();
    let close = 0;
    for (let i = 0; i < halved.length; i += 4) {
      if (Math.abs(halved[i]! - mapShown.data[i]!) + Math.abs(halved[i + 1]! - mapShown.data[i + 1]!) + Math.abs(halved[i + 2]! - mapShown.data[i + 2]!) < 48)
        close++;
    }
    expect(close / (halved.length / 4)).toBeGreaterThan(0.95);

    // get_generation answers it the same way
    const got = await call(client, "get_generation", { generationId: /gen_[A-Za-z0-9_-]+/.exec(said)![0] });
    expect(textOf(got)).toContain("Layout: 4 columns × 4 rows");
    expect(imagesOf(got)).toHaveLength(2);
  });

  it("says a blob-47 set's mask rule and its fill tile", async () => {
    const { client } = await clientWithKey();
    const result = await call(client, "generate_asset", {
      prompt: "tiles",
      agentId: "texture",
      width: 64,
      height: 64,
      tileset: { layout: "blob-47", terrains: ["grass", "dirt"] },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toContain("a blob-47 tileset of 48 64×64 tiles (grass over dirt), a 448×448 PNG");
    expect(said).toContain("Charged 6 credits");
    expect(said).toContain("N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128");
    expect(said).toContain("tile 47 is the plain dirt fill tile");
    expect(said).toContain("Below: the tile sheet at 1/2");
    expect(imagesOf(result)).toHaveLength(2);
  });

  it("refuses bad tileset arguments with the contract's error, naming the field, and charges nothing", async () => {
    const { client, secret, accountId } = await clientWithKey();
    const before = await balanceOf(secret);
    for (const tool of ["generate_asset", "estimate_cost"]) {
      const onSprite = await call(client, tool, { prompt: "tiles", agentId: "pixel-sprite", tileset: { layout: "wang-corner-16", terrains: ["grass"] } });
      expect(onSprite.isError, tool).toBe(true);
      expect(textOf(onSprite), tool).toMatch(/^unsupported_option: The agent pixel-sprite does not draw tilesets\./);
      expect(textOf(onSprite), tool).toContain('Next: fix the argument named above: list_agents shows which agents draw tilesets (outputs "tileset")');
      const hex = await call(client, tool, { prompt: "tiles", agentId: "texture", tileset: { layout: "hex", terrains: ["grass"] } });
      expect(textOf(hex), tool).toMatch(/^invalid_request: tileset\.layout: Must be one of wang-corner-16, wang-edge-16, blob-47\./);
      const three = await call(client, tool, { prompt: "tiles", agentId: "texture", tileset: { layout: "blob-47", terrains: ["grass", "dirt", "sand"] } });
      expect(textOf(three), tool).toMatch(/^invalid_request: tileset\.terrains: Give at most two terrains\./);
      const both = await call(client, tool, {
        prompt: "tiles",
        agentId: "texture",
        sheet: {},
        tileset: { layout: "blob-47", terrains: ["grass"] },
      });
      expect(textOf(both), tool).toMatch(/^invalid_request: tileset: Give sheet or tileset, not both/);
      const unknown = await call(client, tool, { prompt: "tiles", agentId: "texture", tileset: { layout: "blob-47", terrains: ["zorblax"] } });
      expect(textOf(unknown), tool).toMatch(/^unsupported_option: tileset\.terrains: The texture agent draws no surface for the terrain "zorblax"/);
    }
    // without a prompt, estimate_cost refuses the same way
    const noPrompt = await call(client, "estimate_cost", { agentId: "pixel-sprite", tileset: { layout: "wang-edge-16", terrains: ["grass"] } });
    expect(textOf(noPrompt)).toMatch(/^unsupported_option: The agent pixel-sprite does not draw tilesets\./);
    const noPromptTerrain = await call(client, "estimate_cost", { agentId: "texture", tileset: { layout: "wang-edge-16", terrains: ["zorblax"] } });
    expect(textOf(noPromptTerrain)).toMatch(/^unsupported_option: tileset\.terrains: /);
    expect(await balanceOf(secret)).toBe(before);
    expect(await session.app.db.prisma.generation.count({ where: { accountId } })).toBe(0);
  });
});
