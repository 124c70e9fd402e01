import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { listenOnPort, startTestApp, type TestApp } from "./harness.js";
import { bearer, createKey, signUp } from "./users.js";

/**
 * One test file's MCP bench: the app listening on a port (beforeAll), clients over Streamable HTTP
 * with a new account's key, every one closed with the app (afterAll).
 */
export function mcpSession(env: Record<string, string> = {}) {
  let t: TestApp | undefined;
  let listening: Awaited<ReturnType<typeof listenOnPort>> | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", ...env });
    listening = await listenOnPort(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await listening?.close();
    await t?.close();
  });
  const session = {
    get app(): TestApp {
      return t!;
    },
    get base(): string {
      return listening!.base;
    },
    /** Keeps `client` to be closed with the app. */
    track(client: Client): Client {
      clients.push(client);
      return client;
    },
    /** A new account and its key. */
    async account(): Promise<{ secret: string; accountId: string }> {
      const user = await signUp(t!);
      const { secret } = await createKey(t!, user, {});
      return { secret, accountId: user.accountId };
    },
    /** A client over Streamable HTTP (/mcp) with `secret`. */
    async httpClient(secret: string, name = "mcp-test"): Promise<Client> {
      const client = new Client({ name, version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL("/mcp", listening!.base), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }),
      );
      return session.track(client);
    },
    /** A new account's client, with its key and account. */
    async clientWithKey(): Promise<{ client: Client; secret: string; accountId: string }> {
      const { secret, accountId } = await session.account();
      return { client: await session.httpClient(secret), secret, accountId };
    },
    async balanceOf(secret: string): Promise<number> {
      return ((await (await t!.request("/api/v1/credits", { headers: bearer(secret) })).json()) as { balance: number }).balance;
    },
  };
  return session;
}

export const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

export const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");

export const assetIdOf = (r: CallToolResult) => /asset:\/\/(ast_[A-Za-z0-9_-]+)/.exec(textOf(r))![1]!;

/** The opaque pixels of an asset's PNG (read as its resource) that are not one of `colors` (`#rrggbb`). */
export async function strayPixels(client: Client, assetId: string, colors: readonly string[]): Promise<{ opaque: number; stray: number }> {
  const png = Buffer.from(((await client.readResource({ uri: `asset://${assetId}` })).contents[0] as { blob: string }).blob, "base64");
  const raw = await sharp(png).ensureAlpha().raw().toBuffer();
  const allowed = new Set(colors.map((c) => c.toLowerCase()));
  let opaque = 0;
  let stray = 0;
  for (let i = 0; i < raw.length; i += 4) {
    if (raw[i + 3] === 0) continue;
    opaque++;
    const hex = `#${[raw[i]!, raw[i + 1]!, raw[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    if (!allowed.has(hex)) stray++;
  }
  return { opaque, stray };
}
