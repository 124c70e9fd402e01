// Palettes through the MCP tools over Streamable HTTP (/mcp): the argument is the contract's field
// (inlined in the tools' schemas), the answer states each asset's measured quality in words
// (image, sheet and tileset), and bad palettes are refused naming palette or palette.<i> without
// charging anything.
import { describe, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { assetIdOf, call, mcpSession, strayPixels, textOf } from "../support/mcp-session.js";
import { bearer } from "../support/users.js";

const session = mcpSession();
const { clientWithKey } = session;
const balanceOf = (secret: string) => session.balanceOf(secret);

describe("palettes over MCP", () => {
  it("advertises palette on generate_asset and estimate_cost, inline (no $ref), and list_agents says every agent takes one", async () => {
    const { client } = await clientWithKey();
    const { tools } = await client.listTools();
    for (const name of ["generate_asset", "estimate_cost"]) {
      const tool = tools.find((x) => x.name === name)!;
      const palette = (tool.inputSchema.properties as Record<string, { anyOf?: { enum?: string[]; minItems?: number; maxItems?: number }[] }>).palette!;
      expect(palette.anyOf?.[0]?.enum, name).toContain("pico-8");
      expect(palette.anyOf?.[1], name).toMatchObject({ minItems: 2, maxItems: 64 });
      expect(JSON.stringify(tool.inputSchema), name).not.toContain("$ref");
    }
    expect(tools.find((x) => x.name === "list_agents")!.description).toContain("Every agent takes a palette");
    expect(tools.find((x) => x.name === "generate_asset")!.description).toContain("Warning sentence");
  });

  it("generate_asset with palette pico-8: every opaque pixel of the PNG is a PICO-8 colour and the answer says 100 %", async () => {
    const { client, secret } = await clientWithKey();
    const before = await balanceOf(secret);
    const priced = await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "a knight", palette: "pico-8" });
    expect(priced.isError, textOf(priced)).toBeFalsy();
    expect(await balanceOf(secret)).toBe(before);

    const result = await call(client, "generate_asset", { prompt: "a knight", agentId: "pixel-sprite", transparent: true, seed: 3, palette: "pico-8" });
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toMatch(
      /Quality \(measured on the PNG\): \d+ colours, all in pico-8 \(100 %\); covers \d+(\.\d+)? % of the image, bbox \d+×\d+ at \(\d+,\d+\); edge contrast 0\.\d\d \(not flat\)\. Nothing looks off\./,
    );
    expect(said.length).toBeLessThan(1500);
    const { opaque, stray } = await strayPixels(client, assetIdOf(result), NAMED_PALETTES["pico-8"]);
    expect(opaque).toBeGreaterThan(0);
    expect(stray).toBe(0);
    // the colours counted in words are the PNG's
    const generation = (await (
      await session.app.request(`/api/v1/generations/${/gen_[A-Za-z0-9_-]+/.exec(said)![0]}`, { headers: bearer(secret) })
    ).json()) as {
      palette: { name: string; colors: string[] };
      assets: { quality: { colors: number; paletteCompliance: number } }[];
    };
    expect(generation.palette).toMatchObject({ name: "pico-8" });
    expect(generation.assets[0]!.quality.paletteCompliance).toBe(1);
    expect(said).toContain(`${generation.assets[0]!.quality.colors} colours, all in pico-8`);
  });

  it("states the quality of a texture (tileability), a sheet and a tileset drawn on a custom palette", async () => {
    const { client } = await clientWithKey();
    const colors = ["#1a1c2c", "#5d275d", "#b13e53", "#ef7d57", "#ffcd75", "#a7f070", "#38b764", "#257179"];
    const inPalette = /all in the asked 8-colour palette \(100 %\)/;

    const texture = await call(client, "generate_asset", { prompt: "grass", agentId: "texture", width: 64, height: 64, palette: colors });
    expect(texture.isError, textOf(texture)).toBeFalsy();
    expect(textOf(texture)).toMatch(inPalette);
    expect(textOf(texture)).toContain("covers all of the image (no transparency)");
    expect(textOf(texture)).toMatch(/tileability \d\.\d\d when tiled 2×2 \(1\.00 = seamless\)/);
    expect((await strayPixels(client, assetIdOf(texture), colors)).stray).toBe(0);

    const sheet = await call(client, "generate_asset", {
      prompt: "a knight",
      agentId: "pixel-sprite",
      width: 32,
      height: 32,
      transparent: true,
      sheet: { animations: ["idle"], directions: 1 },
      palette: colors,
    });
    expect(sheet.isError, textOf(sheet)).toBeFalsy();
    expect(textOf(sheet)).toMatch(inPalette);
    expect(textOf(sheet)).toMatch(/covers \d+(\.\d+)? % of the sheet, bbox/);
    expect(textOf(sheet)).toMatch(/feet within \d+ px of one row across each row's frames; silhouette height within \d+ px/);
    expect((await strayPixels(client, assetIdOf(sheet), colors)).stray).toBe(0);

    const tileset = await call(client, "generate_asset", {
      prompt: "tiles",
      agentId: "texture",
      width: 64,
      height: 64,
      tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] },
      palette: "db32",
    });
    expect(tileset.isError, textOf(tileset)).toBeFalsy();
    expect(textOf(tileset)).toMatch(/all in db32 \(100 %\)/);
    expect(textOf(tileset)).toMatch(/seam score \d\.\d\d \(1\.00 = no visible seam at tile edges\)/);
    expect((await strayPixels(client, assetIdOf(tileset), NAMED_PALETTES.db32)).stray).toBe(0);
  });

  it("refuses bad palettes as invalid_request naming palette or palette.<i>, on both tools, and charges nothing", async () => {
    const { client, secret, accountId } = await clientWithKey();
    const before = await balanceOf(secret);
    const many = Array.from({ length: 65 }, (_, i) => `#${(i * 3).toString(16).padStart(2, "0")}0000`);
    const cases: [unknown, RegExp][] = [
      ["pico8", /^invalid_request: palette: Unknown palette "pico8"\. Did you mean "pico-8"\?/],
      [["#ff0000"], /^invalid_request: palette: A palette needs at least 2 colours; this one has 1\./],
      [many, /^invalid_request: palette: A palette holds at most 64 colours; this one has 65\./],
      [["#000000", "#fff"], /^invalid_request: palette\.1: Colour 1 is "#fff".*"#ffffff"/],
      [["#000000", "#FF0000", "#ff0000"], /^invalid_request: palette\.2: Colour 2 \(#ff0000\) repeats colour 1/],
    ];
    for (const tool of ["generate_asset", "estimate_cost"]) {
      for (const [palette, message] of cases) {
        const refused = await call(client, tool, { prompt: "a knight", agentId: "pixel-sprite", palette });
        expect(refused.isError, `${tool} ${JSON.stringify(palette).slice(0, 40)}`).toBe(true);
        expect(textOf(refused), tool).toMatch(message);
        expect(textOf(refused), tool).toContain("Next: fix the argument named above: palette is a name (pico-8, endesga-32,");
      }
    }
    expect(await balanceOf(secret)).toBe(before);
    expect(await session.app.db.prisma.generation.count({ where: { accountId } })).toBe(0);
  });
});
