// Kits through the MCP tool generate_kit, over Streamable HTTP (/mcp, in process) and over the REST client the stdio
// server uses (remote.ts): a dry run prices every item in the same call, a kit is charged once per idempotencyKey,
// and the answer names each item's asset, the atlas and its exports; get_kit reads a kit back.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { assetPreviews } from "../../src/agents/index.js";
import { quote } from "../../src/domain/generation/quote.js";
import { createRemoteApi } from "../../src/transports/mcp/remote.js";
import { createMcpServer } from "../../src/transports/mcp/tools.js";
import { call, mcpSession, textOf } from "../support/mcp-session.js";

const session = mcpSession({ SIGNUP_CREDITS: "200" });

async function remoteClient(secret: string): Promise<Client> {
  const server = createMcpServer(createRemoteApi({ baseUrl: session.base, apiKey: secret, quote, previews: assetPreviews }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-kit-remote-test", version: "1.0.0" });
  await client.connect(clientSide);
  return session.track(client);
}

const kit = {
  name: "meadow",
  scale: 32,
  palette: "endesga-32",
  transparent: true,
  seed: 3,
  items: [
    { name: "hero", prompt: "knight", sheet: { animations: ["walk"], directions: 1 } },
    { name: "potion", prompt: "red potion", agentId: "icon", width: 64, height: 64 },
  ],
};

describe("generate_kit", () => {
  for (const transport of ["http", "remote"] as const) {
    it(`${transport}: dryRun prices each item and the total; the kit is made, charged once per idempotencyKey`, async () => {
      const { secret } = await session.account();
      const client = transport === "http" ? await session.httpClient(secret, "mcp-kit-test") : await remoteClient(secret);
      const before = await session.balanceOf(secret);
      const estimate = textOf(await call(client, "generate_kit", { ...kit, dryRun: true }));
      const total = Number(/costs (\d+) credits?/.exec(estimate)![1]);
      expect(estimate).toContain("- hero: sheet by pixel-sprite at 32×32");
      expect(estimate).toContain("- potion: image by icon at 64×64");
      expect(await session.balanceOf(secret)).toBe(before);

      const key = `kit-${transport}`;
      const made = textOf(await call(client, "generate_kit", { ...kit, idempotencyKey: key }));
      expect(made).toMatch(/^Kit kit_\S+ succeeded \("meadow"\), scale 32: charged (\d+) credits?/);
      expect(made).toMatch(/- hero: ast_\S+ \(sheet, /);
      expect(made).toMatch(/- potion: ast_\S+ \(image, 64×64\)/);
      expect(made).toMatch(/Exports \(GET with the API key\): phaser \/api\/v1\/kits\/kit_\S+\/export\/phaser/);
      expect(await session.balanceOf(secret)).toBe(before - total);
      const again = textOf(await call(client, "generate_kit", { ...kit, idempotencyKey: key }));
      expect(again.split("\n")[0]!.slice(0, 30)).toBe(made.split("\n")[0]!.slice(0, 30));
      expect(await session.balanceOf(secret)).toBe(before - total);

      // get_kit answers the kit as it stands; an item's generation links its PNG under the item's name
      const kitId = /^Kit (kit_\S+) /.exec(made)![1]!;
      const got = textOf(await call(client, "get_kit", { kitId }));
      expect(got.split("\n")[0]).toMatch(new RegExp(`^Kit ${kitId} succeeded \\("meadow"\\), scale 32: charged ${total} credits?`));
      expect(got).toMatch(/- potion: ast_\S+ \(image, 64×64\)/);
      expect(got).toMatch(/Exports \(GET with the API key\): phaser /);
      const rest = (await (await fetch(`${session.base}/api/v1/kits/${kitId}`, { headers: { authorization: `Bearer ${secret}` } })).json()) as {
        items: { name: string; generation: { id: string } }[];
      };
      const potion = rest.items.find((i) => i.name === "potion")!.generation.id;
      const read = await call(client, "get_generation", { generationId: potion });
      expect(read.content.find((c) => c.type === "resource_link")).toMatchObject({ name: "potion.png" });
    });
  }

  it("refuses a bad kit as invalid_request naming the field, nothing charged", async () => {
    const { client, secret } = await session.clientWithKey();
    const before = await session.balanceOf(secret);
    const refused = await call(client, "generate_kit", { ...kit, scale: 20 });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/invalid_request.*scale/s);
    const duplicate = await call(client, "generate_kit", { ...kit, items: [kit.items[1], kit.items[1]] });
    expect(textOf(duplicate)).toMatch(/items\.1\.name/);
    const someoneElses = await call(client, "get_kit", { kitId: "kit_0123456789012345678901" });
    expect([someoneElses.isError, textOf(someoneElses)]).toEqual([true, expect.stringMatching(/^not_found: /)]);
    expect(await session.balanceOf(secret)).toBe(before);
  });
});
