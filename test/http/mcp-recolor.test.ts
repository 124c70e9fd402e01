// Palette swaps through the MCP tool recolor_asset, over Streamable HTTP (/mcp, the in-process
// implementation) and over the REST client the stdio server uses (remote.ts): the answer is
// generate_asset's (preview, quality in words, a sheet's layout and exports), the layout is kept,
// the recolour price is charged once per idempotencyKey, and refusals are the contract's.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { assetPreviews } from "../../src/agents/index.js";
import { quote } from "../../src/domain/generation/quote.js";
import { createRemoteApi } from "../../src/transports/mcp/remote.js";
import { createMcpServer } from "../../src/transports/mcp/tools.js";
import { assetIdOf, call, mcpSession, textOf } from "../support/mcp-session.js";
import { bearer } from "../support/users.js";

const RECOLOR_CREDITS = 2;

const session = mcpSession({ SIGNUP_CREDITS: "1000", RECOLOR_CREDITS: String(RECOLOR_CREDITS) });
const account = () => session.account();
const httpClient = (secret: string) => session.httpClient(secret, "mcp-recolor-test");
const balanceOf = (secret: string) => session.balanceOf(secret);
const generationIdOf = (r: CallToolResult) => /gen_[A-Za-z0-9_-]+/.exec(textOf(r))![0];

/** The tools over the REST client (as `npm run mcp` serves them), connected in memory. */
async function remoteClient(secret: string): Promise<Client> {
  const server = createMcpServer(createRemoteApi({ baseUrl: session.base, apiKey: secret, quote, previews: assetPreviews }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-recolor-remote-test", version: "1.0.0" });
  await client.connect(clientSide);
  return session.track(client);
}

interface StoredGeneration {
  recolorOf?: string;
  palette?: { name?: string; colors: string[] };
  credits: { charged: number };
  assets: { id: string; width: number; height: number; layout?: unknown; exports: Record<string, string>; quality: { paletteCompliance: number } }[];
}

async function generationOf(secret: string, id: string): Promise<StoredGeneration> {
  return (await (await session.app.request(`/api/v1/generations/${id}`, { headers: bearer(secret) })).json()) as StoredGeneration;
}

/** The asset's PNG (read as a resource): its opaque pixels not in `colors`, and where its transparent ones are. */
async function pixelsOf(client: Client, assetId: string, colors: readonly string[]): Promise<{ opaque: number; stray: number; alpha: string }> {
  const png = Buffer.from(((await client.readResource({ uri: `asset://${assetId}` })).contents[0] as { blob: string }).blob, "base64");
  const raw = await sharp(png).ensureAlpha().raw().toBuffer();
  const allowed = new Set(colors.map((c) => c.toLowerCase()));
  let opaque = 0;
  let stray = 0;
  let alpha = "";
  for (let i = 0; i < raw.length; i += 4) {
    alpha += raw[i + 3] === 0 ? "0" : "1";
    if (raw[i + 3] === 0) continue;
    opaque++;
    const hex = `#${[raw[i]!, raw[i + 1]!, raw[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    if (!allowed.has(hex)) stray++;
  }
  return { opaque, stray, alpha };
}

describe("recolor_asset over MCP", () => {
  it("is advertised with its arguments inline (no $ref), palette as generate_asset takes it", async () => {
    const { secret } = await account();
    const { tools } = await (await httpClient(secret)).listTools();
    const tool = tools.find((x) => x.name === "recolor_asset")!;
    expect(tool, "recolor_asset listed").toBeDefined();
    expect(JSON.stringify(tool.inputSchema)).not.toContain("$ref");
    expect(tool.inputSchema.additionalProperties).toBe(false);
    expect(tool.inputSchema.required).toEqual(expect.arrayContaining(["assetId", "palette"]));
    const props = tool.inputSchema.properties as Record<string, { anyOf?: { enum?: string[]; minItems?: number; maxItems?: number }[] }>;
    expect(Object.keys(props).sort()).toEqual(["assetId", "idempotencyKey", "maxWaitSeconds", "palette"]);
    expect(props.palette!.anyOf?.[0]?.enum).toContain("gameboy");
    expect(props.palette!.anyOf?.[1]).toMatchObject({ minItems: 2, maxItems: 64 });
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tool.description).toContain("layout");
  });

  it("recolours a sprite to gameboy: 100 % in gameboy, the same size and transparency, the recolour price once per idempotencyKey", async () => {
    const { secret } = await account();
    const client = await httpClient(secret);
    const drawn = await call(client, "generate_asset", { prompt: "a knight", agentId: "pixel-sprite", width: 64, height: 64, transparent: true, seed: 5 });
    expect(drawn.isError, textOf(drawn)).toBeFalsy();
    const sourceId = assetIdOf(drawn);
    const before = await balanceOf(secret);

    const args = { assetId: sourceId, palette: "gameboy", idempotencyKey: `recolor-${sourceId}` };
    const result = await call(client, "recolor_asset", args);
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toContain(`Recoloured asset ${sourceId} onto gameboy as gen_`);
    expect(said).toContain(`Charged ${RECOLOR_CREDITS} credits; balance ${before - RECOLOR_CREDITS}.`);
    expect(said).toMatch(/\d+ colours?, all in gameboy \(100 %\)/);
    expect(said).toContain(`idempotencyKey: ${args.idempotencyKey}.`);
    expect(result.content.some((c) => c.type === "image")).toBe(true);
    expect(await balanceOf(secret)).toBe(before - RECOLOR_CREDITS);

    const recolouredId = assetIdOf(result);
    expect(recolouredId).not.toBe(sourceId);
    const g = await generationOf(secret, generationIdOf(result));
    expect(g).toMatchObject({ recolorOf: sourceId, palette: { name: "gameboy" }, credits: { charged: RECOLOR_CREDITS } });
    expect(g.assets[0]).toMatchObject({ width: 64, height: 64, quality: { paletteCompliance: 1 } });
    const [source, recoloured] = await Promise.all([pixelsOf(client, sourceId, []), pixelsOf(client, recolouredId, NAMED_PALETTES.gameboy)]);
    expect(recoloured.opaque).toBeGreaterThan(0);
    expect(recoloured.stray).toBe(0);
    expect(recoloured.alpha).toBe(source.alpha);

    // The same key again: the same generation, nothing more charged.
    const again = await call(client, "recolor_asset", args);
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(textOf(again)).toContain("nothing more was charged");
    expect(generationIdOf(again)).toBe(generationIdOf(result));
    expect(await balanceOf(secret)).toBe(before - RECOLOR_CREDITS);
  });

  it("recolours a sprite sheet to gameboy over the REST client too: the layout and exports are kept, charged once", async () => {
    const { secret } = await account();
    const client = await remoteClient(secret);
    const drawn = await call(client, "generate_asset", {
      prompt: "a knight",
      agentId: "pixel-sprite",
      width: 32,
      height: 32,
      transparent: true,
      sheet: { animations: ["idle"], directions: 4 },
      seed: 9,
    });
    expect(drawn.isError, textOf(drawn)).toBeFalsy();
    const sourceId = assetIdOf(drawn);
    const before = await balanceOf(secret);

    const key = `sheet-recolor-${sourceId}`;
    const result = await call(client, "recolor_asset", { assetId: sourceId, palette: "gameboy", idempotencyKey: key });
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toContain(`Recoloured asset ${sourceId} onto gameboy`);
    expect(said).toContain("a sprite sheet");
    expect(said).toMatch(/all in gameboy \(100 %\)/);
    // The sheet's layout in words, the same as the drawing's.
    const layoutLine = (text: string) => /Layout: [^\n]*/.exec(text)![0];
    expect(layoutLine(said)).toBe(layoutLine(textOf(drawn)));
    const recolouredId = assetIdOf(result);
    for (const format of ["aseprite", "texturepacker", "godot", "zip"]) expect(said).toContain(`${format}: asset://${recolouredId}/export/${format}`);
    expect(result.content.filter((c) => c.type === "resource_link").length).toBeGreaterThan(1);

    const g = await generationOf(secret, generationIdOf(result));
    const source = (await generationOf(secret, generationIdOf(drawn))).assets[0]!;
    expect(g.recolorOf).toBe(sourceId);
    expect(g.assets[0]!.layout).toEqual(source.layout);
    expect([g.assets[0]!.width, g.assets[0]!.height]).toEqual([source.width, source.height]);
    expect(Object.keys(g.assets[0]!.exports).sort()).toEqual(Object.keys(source.exports).sort());
    expect((await pixelsOf(client, recolouredId, NAMED_PALETTES.gameboy)).stray).toBe(0);

    const again = await call(client, "recolor_asset", { assetId: sourceId, palette: "gameboy", idempotencyKey: key });
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(generationIdOf(again)).toBe(generationIdOf(result));
    expect(await balanceOf(secret)).toBe(before - RECOLOR_CREDITS);
  });

  it("refuses another account's asset as not_found and a bad palette as invalid_request naming palette, charging nothing", async () => {
    const owner = await account();
    const ownerClient = await httpClient(owner.secret);
    const drawn = await call(ownerClient, "generate_asset", { prompt: "a gem", agentId: "icon", width: 64, height: 64, seed: 1 });
    expect(drawn.isError, textOf(drawn)).toBeFalsy();
    const assetId = assetIdOf(drawn);

    const other = await account();
    const before = await balanceOf(other.secret);
    for (const client of [await httpClient(other.secret), await remoteClient(other.secret)]) {
      const foreign = await call(client, "recolor_asset", { assetId, palette: "gameboy" });
      expect(foreign.isError).toBe(true);
      expect(textOf(foreign)).toMatch(/^not_found: /);
      expect(textOf(foreign)).toContain("\nNext: ");
      expect(textOf(foreign)).not.toContain(owner.accountId);
    }
    expect(await balanceOf(other.secret)).toBe(before);
    expect(await session.app.db.prisma.generation.count({ where: { accountId: other.accountId } })).toBe(0);

    const ownerBefore = await balanceOf(owner.secret);
    const cases: [unknown, RegExp][] = [
      ["sepia", /^invalid_request: palette: Unknown palette "sepia"/],
      [["#ff0000"], /^invalid_request: palette: A palette needs at least 2 colours/],
      [["#000000", "#fff"], /^invalid_request: palette\.1: /],
      [undefined, /^invalid_request: palette: /],
    ];
    for (const client of [ownerClient, await remoteClient(owner.secret)]) {
      for (const [palette, message] of cases) {
        const refused = await call(client, "recolor_asset", { assetId, ...(palette === undefined ? {} : { palette }) });
        expect(refused.isError, JSON.stringify(palette)).toBe(true);
        expect(textOf(refused)).toMatch(message);
        expect(textOf(refused)).toContain("Next: fix the argument named above: palette is a name (pico-8,");
      }
    }
    const unknownField = await call(ownerClient, "recolor_asset", { assetId, palette: "gameboy", seed: 1 });
    expect(textOf(unknownField)).toMatch(/^invalid_request: seed: Unknown field "seed"/);
    expect(await balanceOf(owner.secret)).toBe(ownerBefore);
  });
});
