// upload_image over Streamable HTTP (/mcp, in process) and over the REST client the stdio server uses (remote.ts):
// base64 or a URL fetched through the public-address guard; refusals store and charge nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetPreviews } from "../../src/agents/index.js";
import { quote } from "../../src/domain/generation/quote.js";
import { createRemoteApi, type RemoteApiOptions } from "../../src/transports/mcp/remote.js";
import { createMcpServer } from "../../src/transports/mcp/tools.js";
import { call, mcpSession, textOf } from "../support/mcp-session.js";

const session = mcpSession({ UPLOAD_MAX_BYTES: String(64 * 1024) });

let png: Buffer;
let images: Server;
let imagesPort: number;

beforeAll(async () => {
  png = await sharp({ create: { width: 24, height: 16, channels: 4, background: { r: 10, g: 200, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
  // A host of images: /ok.png, /endless (streams past any limit, no Content-Length), /page.svg.
  images = createServer((req, res) => {
    if (req.url === "/ok.png") return res.writeHead(200, { "content-type": "image/png" }).end(png);
    if (req.url === "/page.svg") return res.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (req.url === "/endless") {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(png.subarray(0, 33));
      const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024, 1)), 1);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  imagesPort = (images.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => images?.close(resolve)));

async function remoteClient(secret: string, imageUrl?: RemoteApiOptions["imageUrl"]): Promise<Client> {
  const api = createRemoteApi({ baseUrl: session.base, apiKey: secret, quote, previews: assetPreviews, ...(imageUrl ? { imageUrl } : {}) });
  const server = createMcpServer(api);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-upload-remote-test", version: "1.0.0" });
  await client.connect(clientSide);
  return session.track(client);
}

const linkOf = (r: CallToolResult) => r.content.find((c) => c.type === "resource_link") as { uri: string; name: string } | undefined;

async function counts(accountId: string) {
  const { prisma } = session.app.db;
  return {
    balance: (await prisma.account.findUniqueOrThrow({ where: { id: accountId } })).balance,
    assets: await prisma.asset.count({ where: { accountId } }),
    generations: await prisma.generation.count({ where: { accountId } }),
  };
}

/** A public-looking host that the guard's test seam resolves to the local image server. */
const seam = { allowPrivate: true, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };

describe("upload_image", () => {
  for (const transport of ["http", "remote"] as const) {
    it(`${transport}: a base64 PNG becomes an asset; bad base64, SVG and loopback URLs are refused, nothing stored or charged`, async () => {
      const { secret, accountId } = await session.account();
      const client = transport === "http" ? await session.httpClient(secret, "mcp-upload-test") : await remoteClient(secret);
      const before = await counts(accountId);

      const refusals: [Record<string, unknown>, string][] = [
        [{ data: "not base64!!" }, "invalid_request"],
        [{ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString("base64") }, "unsupported_media_type"],
        [{ data: png.subarray(0, png.length - 20).toString("base64") }, "invalid_image"],
        [{ data: png.toString("base64"), url: "https://example.com/a.png" }, "invalid_request"],
        [{}, "invalid_request"],
        [{ url: `http://127.0.0.1:${imagesPort}/ok.png` }, "invalid_request"],
        [{ url: "https://127.0.0.1/ok.png" }, "invalid_request"],
        [{ url: "https://localhost/ok.png" }, "invalid_request"],
      ];
      for (const [args, code] of refusals) {
        const result = await call(client, "upload_image", args);
        expect(result.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
        expect(textOf(result)).toMatch(new RegExp(`^${code}: `));
      }
      expect(textOf(await call(client, "upload_image", { url: "https://127.0.0.1/ok.png" }))).toContain("guard");
      expect(await counts(accountId)).toEqual(before);

      const result = await call(client, "upload_image", { data: png.toString("base64"), name: "slime" });
      expect(result.isError, textOf(result)).toBeFalsy();
      const id = /asset (ast_[A-Za-z0-9_-]+)/.exec(textOf(result))![1]!;
      expect(textOf(result)).toContain("a 24×16 PNG");
      expect(linkOf(result)).toMatchObject({ uri: `asset://${id}`, name: "slime.png" });
      const stored = Buffer.from(((await client.readResource({ uri: `asset://${id}` })).contents[0] as { blob: string }).blob, "base64");
      expect(await sharp(stored).metadata()).toMatchObject({ width: 24, height: 16, format: "png" });
      expect(await counts(accountId)).toEqual({ balance: before.balance, assets: before.assets + 1, generations: before.generations + 1 });
    });
  }

  it("remote: a URL the guard passes (its test seam) is fetched within the byte limit", async () => {
    const { secret, accountId } = await session.account();
    const client = await remoteClient(secret, { ...seam, maxBytes: 64 * 1024 });
    const before = await counts(accountId);
    const host = `http://images.example.com:${imagesPort}`;
    const tooBig = await call(client, "upload_image", { url: `${host}/endless` });
    expect(textOf(tooBig)).toMatch(/^payload_too_large: /);
    expect(textOf(await call(client, "upload_image", { url: `${host}/page.svg` }))).toMatch(/^unsupported_media_type: /);
    expect(textOf(await call(client, "upload_image", { url: `${host}/missing.png` }))).toMatch(/^invalid_request: url cannot be fetched: it answered HTTP 404/);
    expect(await counts(accountId)).toEqual(before);
    const result = await call(client, "upload_image", { url: `${host}/ok.png` });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain('Uploaded "upload": a 24×16 PNG');
    expect((await counts(accountId)).assets).toBe(before.assets + 1);
  });
});
