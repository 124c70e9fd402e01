// MCP tool arguments follow REST's input rules (contract section 1): the contract's schemas, strict,
// with the same string rules. Through the SDK's own client, over Streamable HTTP (/mcp, the
// in-process tools) and stdio (`npm run mcp`, the REST client), against the app on a real port:
// every refusal is an isError result `invalid_request: <param>: …`, nothing is charged and no
// generation row is written.
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnPort, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";
import { MCP_TOOL_NAMES } from "../../src/contract/mcp-tools.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));

let t: TestApp;
let listening: Awaited<ReturnType<typeof listenOnPort>> | undefined;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  listening = await listenOnPort(t);
  base = listening.base;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await listening?.close();
  await t?.close();
});

/**
 * A 5,000-level object: {"a": {"a": … {} …}}. The SDK's client serializes with JSON.stringify, which
 * overflows the stack of this process past a few thousand levels (the server's JSON.parse does
 * not), so an argument holds this marker and the bytes on the wire get the object in its place.
 */
const deep = "<a 5,000-level object>";
const deepJson = `${'{"a":'.repeat(5_000)}{}${"}".repeat(5_000)}`;
let deepSent = 0;
const inflate = (text: string) =>
  text.replaceAll(JSON.stringify(deep), () => {
    deepSent++;
    return deepJson;
  });

async function httpClient(secret: string): Promise<Client> {
  const client = new Client({ name: "mcp-input-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", base), {
    requestInit: { headers: bearer(secret) },
    fetch: (url, init) => fetch(url, typeof init?.body === "string" ? { ...init, body: inflate(init.body) } : init),
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function stdioClient(secret: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["scripts/start.mjs", "mcp"],
    cwd: repo,
    env: { PATH: process.env.PATH ?? "", AGS_BASE_URL: base, AGS_API_KEY: secret },
    stderr: "pipe",
  });
  const client = new Client({ name: "mcp-input-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  // The stdio transport has no fetch to wrap: the deep object goes in on the child's stdin.
  const stdin = (transport as unknown as { _process: ChildProcess })._process.stdin!;
  const write = stdin.write.bind(stdin) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stdin.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === "string" ? inflate(chunk) : chunk, ...rest)) as typeof stdin.write;
  clients.push(client);
  return client;
}

async function userWithKey(): Promise<{ user: TestUser; secret: string }> {
  const user = await signUp(t);
  return { user, secret: (await createKey(t, user)).secret };
}

const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");

/** What the account holds and has written: its balance, generations, ledger entries and idempotency records. */
async function footprint(user: TestUser, secret: string) {
  const response = await t.request("/api/v1/credits", { headers: bearer(secret) });
  const where = { where: { accountId: user.accountId } };
  return {
    balance: ((await response.json()) as { balance: number }).balance,
    generations: await t.db.prisma.generation.count(where),
    ledger: await t.db.prisma.ledgerEntry.count(where),
    idempotency: await t.db.prisma.idempotencyRecord.count(where),
  };
}

type Case = [tool: string, args: Record<string, unknown>, param: string, message: RegExp];

/** Calls each case and checks the refusal: an isError result whose text is `invalid_request: <param>: <message>` and what to do next. */
async function expectRefusals(client: Client, cases: readonly Case[]): Promise<void> {
  const sentBefore = deepSent;
  for (const [tool, args, param, message] of cases) {
    const label = `${tool} ${param} ${message}`;
    const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
    expect(result.isError, label).toBe(true);
    const [first, next] = textOf(result).split("\n");
    expect(first, label).toMatch(new RegExp(`^invalid_request: ${param.replace(/\./g, "\\.")}: `));
    expect(first!.slice(`invalid_request: ${param}: `.length), label).toMatch(message);
    // What to do next is about the refused argument.
    expect(next, label).toMatch(
      param === "generationId" ? /^Next: use a generation id \("gen_…"\) that generate_asset answered/ : /^Next: fix the argument named above/,
    );
  }
  // Each 5,000-level object did go over the wire.
  expect(deepSent - sentBefore).toBe(cases.filter(([, args]) => JSON.stringify(args).includes(JSON.stringify(deep))).length);
}

const sword = { prompt: "a sword", agentId: "pixel-sprite" };
const tiles = { prompt: "tiles", agentId: "texture", width: 64, height: 64 };

/** Refusals of generate_asset: the string rules, unknown arguments (even a 5,000-level object), wrong types, bounds. */
const generateCases: Case[] = [
  // Text the database cannot store.
  ["generate_asset", { ...sword, prompt: "a sword\u0000" }, "prompt", /NUL character/],
  ["generate_asset", { ...sword, prompt: "a sword \uD800" }, "prompt", /lone UTF-16 surrogate/],
  ["generate_asset", { ...sword, prompt: "\uDFFFa sword" }, "prompt", /lone UTF-16 surrogate/],
  ["generate_asset", { agentId: "pixel-sprite", messages: [{ role: "user", content: "a \uDC00 sword" }] }, "messages.0.content", /lone UTF-16 surrogate/],
  [
    "generate_asset",
    {
      agentId: "pixel-sprite",
      messages: [
        { role: "system", content: "pixel art" },
        { role: "user", content: "a sword\u0000" },
      ],
    },
    "messages.1.content",
    /NUL character/,
  ],
  ["generate_asset", { ...sword, agentId: "pixel\u0000sprite" }, "agentId", /NUL character/],
  ["generate_asset", { ...sword, idempotencyKey: "key-\uD83D" }, "idempotencyKey", /lone UTF-16 surrogate/],
  ["generate_asset", { ...sword, idempotencyKey: "clé d'essai" }, "idempotencyKey", /visible ASCII/],
  // Unknown arguments.
  ["generate_asset", { ...sword, size: "64x64" }, "size", /^Unknown field "size": use width and height \(e\.g\. "width": 64, "height": 64\)/],
  ["generate_asset", { ...sword, promt: "a shield" }, "promt", /did you mean prompt\?/],
  ["generate_asset", { ...sword, extra: deep }, "extra", /^Unknown field "extra"\. The fields are: prompt, messages, agentId/],
  ["generate_asset", { ...sword, strict: true }, "strict", /^Unknown field "strict"/],
  ["generate_asset", { agentId: "pixel-sprite", messages: [{ role: "user", content: "a sword", name: "me" }] }, "messages.0.name", /^Unknown field "name"/],
  // Wrong types (a 5,000-level object where a string goes, too).
  ["generate_asset", { ...sword, prompt: deep }, "prompt", /^Must be a string, not an object\./],
  ["generate_asset", { agentId: "pixel-sprite", messages: [{ role: "user", content: deep }] }, "messages.0.content", /^Must be a string, not an object\./],
  ["generate_asset", { ...sword, prompt: 42 }, "prompt", /^Must be a string, not a number\./],
  ["generate_asset", { agentId: "pixel-sprite", messages: "a sword" }, "messages", /^Must be an array of messages/],
  ["generate_asset", { agentId: "pixel-sprite", messages: [{ role: "painter", content: "a sword" }] }, "messages.0.role", /"system", "user" or "assistant"/],
  ["generate_asset", { ...sword, width: "32" }, "width", /^Must be a number: send 32 without quotes/],
  ["generate_asset", { ...sword, transparent: "true" }, "transparent", /^Must be a boolean: send true without quotes/],
  ["generate_asset", { ...sword, maxWaitSeconds: "5" }, "maxWaitSeconds", /^Must be a number: send 5 without quotes/],
  ["generate_asset", { ...sword, idempotencyKey: 12345 }, "idempotencyKey", /^Must be a string, not a number\./],
  // Out of range.
  ["generate_asset", { ...sword, seed: -1 }, "seed", /^Must be at least 0\./],
  ["generate_asset", { ...sword, seed: 2 ** 31 }, "seed", /^Must be at most 2147483647\./],
  ["generate_asset", { ...sword, seed: 2 ** 53 }, "seed", /integer/],
  ["generate_asset", { ...sword, seed: 1.5 }, "seed", /integer/],
  ["generate_asset", { ...sword, width: 0 }, "width", /^Must be at least 1\./],
  ["generate_asset", { ...sword, height: 100_000 }, "height", /^Must be at most 4096\./],
  ["generate_asset", { ...sword, maxWaitSeconds: 600 }, "maxWaitSeconds", /^Must be at most 45\./],
  ["generate_asset", { ...sword, maxWaitSeconds: -1 }, "maxWaitSeconds", /^Must be at least 0\./],
  ["generate_asset", { ...sword, prompt: "   " }, "prompt", /^Must not be empty\./],
  ["generate_asset", { ...sword, prompt: "x".repeat(4001) }, "prompt", /^Must be at most 4000 characters\./],
  ["generate_asset", { ...sword, agentId: "a".repeat(65) }, "agentId", /^Must be at most 64 characters\./],
  ["generate_asset", { ...sword, idempotencyKey: "k".repeat(256) }, "idempotencyKey", /^Must be at most 255 characters\./],
  ["generate_asset", { agentId: "pixel-sprite", messages: [] }, "messages", /^Give at least one message\./],
  ["generate_asset", { agentId: "pixel-sprite", messages: [{ role: "system", content: "pixel art" }] }, "messages", /role "user"/],
  // The sheet object: the contract's rules, each refusal naming the field inside it.
  ["generate_asset", { ...sword, sheet: { directions: 3 } }, "sheet.directions", /^Must be 1, 4 or 8\./],
  ["generate_asset", { ...sword, sheet: { fps: 60 } }, "sheet.fps", /^Must be at most 30\./],
  ["generate_asset", { ...sword, sheet: { animations: ["walk", "walk"] } }, "sheet.animations", /^Name each animation once\./],
  ["generate_asset", { ...sword, sheet: { animations: [] } }, "sheet.animations", /^Give at least one animation\./],
  ["generate_asset", { ...sword, sheet: { frames: 8 } }, "sheet.frames", /^Unknown field "frames"/],
  ["generate_asset", { ...sword, sheet: "yes" }, "sheet", /^Must be an object/],
  // The tileset object: the same, and not with sheet (reported on tileset).
  [
    "generate_asset",
    { ...tiles, tileset: { layout: "hex", terrains: ["grass"] } },
    "tileset.layout",
    /^Must be one of wang-corner-16, wang-edge-16, blob-47\./,
  ],
  ["generate_asset", { ...tiles, tileset: { layout: "blob-47", terrains: [] } }, "tileset.terrains", /^Give one terrain/],
  ["generate_asset", { ...tiles, tileset: { layout: "blob-47", terrains: ["grass", "dirt", "sand"] } }, "tileset.terrains", /^Give at most two terrains\./],
  ["generate_asset", { ...tiles, tileset: { layout: "blob-47" } }, "tileset.terrains", /^This field is required\./],
  ["generate_asset", { ...tiles, tileset: { layout: "blob-47", terrains: ["grass"], size: 2 } }, "tileset.size", /^Unknown field "size"/],
  ["generate_asset", { ...tiles, sheet: {}, tileset: { layout: "blob-47", terrains: ["grass"] } }, "tileset", /^Give sheet or tileset, not both/],
  // The palette: a name we know, or 2–64 distinct #rrggbb colours (a colour's refusal names its index).
  ["generate_asset", { ...sword, palette: "pico8" }, "palette", /^Unknown palette "pico8"\. Did you mean "pico-8"\?/],
  ["generate_asset", { ...sword, palette: ["#000000"] }, "palette", /^A palette needs at least 2 colours; this one has 1\./],
  ["generate_asset", { ...sword, palette: ["#000000", "#00000g"] }, "palette.1", /^Colour 1 is "#00000g"/],
  ["generate_asset", { ...sword, palette: ["#000000", "#000000"] }, "palette.1", /^Colour 1 \(#000000\) repeats colour 0/],
  ["generate_asset", { ...sword, palette: 16 }, "palette", /^Must be a palette name/],
  // Exactly one of prompt and messages.
  ["generate_asset", { agentId: "pixel-sprite" }, "prompt", /^Give either prompt or messages\./],
  ["generate_asset", { ...sword, messages: [{ role: "user", content: "a shield" }] }, "prompt", /^Give prompt or messages, not both\./],
];

/** Every other tool is as strict: unknown arguments, the string rules, types and bounds. */
const otherCases: Case[] = [
  ["list_agents", { verbose: true }, "verbose", /^Unknown field "verbose"\./],
  ["get_balance", { accountId: "acc_other" }, "accountId", /^Unknown field "accountId"\./],
  ["get_balance", { extra: deep }, "extra", /^Unknown field "extra"\./],
  [
    "estimate_cost",
    { agentId: "icon", maxWaitSeconds: 1 },
    "maxWaitSeconds",
    /^Unknown field "maxWaitSeconds"\. The fields are: prompt, messages, agentId, width, height, transparent, sheet, tileset, palette, image, projectId\./,
  ],
  ["estimate_cost", { agentId: "icon", prompt: "a\u0000sword" }, "prompt", /NUL character/],
  ["estimate_cost", { agentId: "icon\u0000" }, "agentId", /NUL character/],
  ["estimate_cost", { agentId: "icon", width: "128" }, "width", /^Must be a number: send 128 without quotes/],
  ["estimate_cost", { agentId: "icon", width: 1e9 }, "width", /^Must be at most 4096\./],
  ["estimate_cost", { agentId: "pixel-sprite", sheet: { directions: 2 } }, "sheet.directions", /^Must be 1, 4 or 8\./],
  ["estimate_cost", { agentId: "texture", tileset: { layout: "hex", terrains: ["grass"] } }, "tileset.layout", /^Must be one of /],
  ["estimate_cost", { agentId: "texture", sheet: {}, tileset: { layout: "blob-47", terrains: ["grass"] } }, "tileset", /^Give sheet or tileset, not both/],
  ["get_generation", { generationId: "gen_x\u0000" }, "generationId", /NUL character/],
  ["get_generation", { generationId: "gen_\uD800" }, "generationId", /lone UTF-16 surrogate/],
  ["get_generation", { generationId: "gen_x", include: "assets" }, "include", /^Unknown field "include"\./],
  ["get_generation", { generationId: 7 }, "generationId", /^Must be a string, not a number\./],
  ["get_generation", {}, "generationId", /^This field is required\./],
  ["get_generation", { generationId: "gen x/../y" }, "generationId", /letters, digits, _ and -/],
  ["cancel_generation", { generationId: "gen_x\u0000" }, "generationId", /NUL character/],
  ["cancel_generation", { generationId: "gen_x", force: true }, "force", /^Unknown field "force"\./],
  ["cancel_generation", { generationId: "g".repeat(65) }, "generationId", /^Must be at most 64 characters\./],
];

describe("MCP tool arguments follow REST's input rules", () => {
  it("advertises the contract's bounds and additionalProperties: false for every tool", async () => {
    const { secret } = await userWithKey();
    const { tools } = await (await httpClient(secret)).listTools();
    expect(tools).toHaveLength(MCP_TOOL_NAMES.length);
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    const props = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
    const generate = props("generate_asset");
    expect(generate.seed).toMatchObject({ type: "integer", minimum: 0, maximum: 2147483647 });
    expect(generate.width).toMatchObject({ type: "integer", minimum: 1, maximum: 4096 });
    expect(generate.height).toMatchObject({ type: "integer", minimum: 1, maximum: 4096 });
    expect(generate.maxWaitSeconds).toMatchObject({ type: "integer", minimum: 0, maximum: 45 });
    expect(generate.prompt).toMatchObject({ type: "string", minLength: 1, maxLength: 4000 });
    expect(generate.agentId).toMatchObject({ type: "string", minLength: 1, maxLength: 64 });
    expect(generate.idempotencyKey).toMatchObject({ type: "string", minLength: 1, maxLength: 255 });
    expect(generate.messages).toMatchObject({ type: "array", minItems: 1, maxItems: 50 });
    const message = (generate.messages as { items: { additionalProperties: unknown; properties: Record<string, unknown> } }).items;
    expect(message.additionalProperties).toBe(false);
    expect(message.properties.content).toMatchObject({ type: "string", minLength: 1, maxLength: 4000 });
    expect(Object.keys(generate).sort()).toEqual([
      "agentId",
      "badge",
      "height",
      "idempotencyKey",
      "image",
      "maxWaitSeconds",
      "messages",
      "palette",
      "projectId",
      "prompt",
      "seed",
      "sheet",
      "tileset",
      "transparent",
      "width",
    ]);
    // sheet: the contract's object, inline (no $ref), strict, with its bounds
    expect(generate.sheet).toMatchObject({ type: "object", additionalProperties: false });
    const sheet = (generate.sheet as { properties: Record<string, unknown> }).properties;
    expect(sheet.animations).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 8,
      items: { enum: ["idle", "walk", "run", "jump", "attack", "cast", "hurt", "death"] },
    });
    expect(sheet.directions).toMatchObject({ type: "integer", minimum: 1, maximum: 8 });
    expect(sheet.fps).toMatchObject({ type: "integer", minimum: 1, maximum: 30 });
    expect(props("estimate_cost").sheet).toEqual(generate.sheet);
    // tileset: the same, its layouts and one or two terrains
    expect(generate.tileset).toMatchObject({ type: "object", additionalProperties: false, required: ["layout", "terrains"] });
    const tileset = (generate.tileset as { properties: Record<string, unknown> }).properties;
    expect(tileset.layout).toMatchObject({ enum: ["wang-corner-16", "wang-edge-16", "blob-47"] });
    expect(tileset.terrains).toMatchObject({ type: "array", minItems: 1, maxItems: 2 });
    expect(props("estimate_cost").tileset).toEqual(generate.tileset);
    // palette: a name or 2–64 colours, inline
    expect(generate.palette).toMatchObject({
      anyOf: [{ type: "string" }, { type: "array", minItems: 2, maxItems: 64, items: { pattern: "^#[0-9a-fA-F]{6}$" } }],
    });
    expect(props("estimate_cost").palette).toEqual(generate.palette);
    expect(props("estimate_cost").width).toMatchObject({ type: "integer", minimum: 1, maximum: 4096 });
    expect(props("get_generation").generationId).toMatchObject({ type: "string", minLength: 1, maxLength: 64 });
    expect(props("list_agents")).toEqual({ full: expect.objectContaining({ type: "boolean" }) });
    expect(props("get_balance")).toEqual({});
  });

  it("over Streamable HTTP: refuses bad arguments to every tool as invalid_request naming the argument; nothing charged or written", async () => {
    const { user, secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await footprint(user, secret);
    expect(before.ledger).toBeGreaterThan(0); // the sign-up grant: the counts below can move

    await expectRefusals(client, [...generateCases, ...otherCases]);
    expect(await footprint(user, secret)).toEqual(before);

    // The same call without the bad argument goes through and is charged: the footprint does see a call.
    const fine = (await client.callTool({ name: "generate_asset", arguments: { ...sword, prompt: "  a sword  ", seed: 2147483647 } })) as CallToolResult;
    expect(fine.isError, textOf(fine)).toBeFalsy();
    expect(textOf(fine)).toContain("Charged 1 credit;");
    expect(await footprint(user, secret)).toMatchObject({ balance: before.balance - 1, generations: 1 });
    const stored = await t.db.prisma.generation.findFirstOrThrow({ where: { accountId: user.accountId } });
    expect(stored.prompt).toBe("a sword"); // trimmed, as REST stores it
  });

  it("refuses an asset resource id that is not an id, as invalid_request", async () => {
    const { secret } = await userWithKey();
    const client = await httpClient(secret);
    await expect(client.readResource({ uri: "asset://ast_x%00y" })).rejects.toThrow(/invalid_request: id: /);
    await expect(client.readResource({ uri: "asset://ast_nothing" })).rejects.toThrow(/not_found/);
  });

  it("over stdio (npm run mcp): the same refusals from the same tool code; nothing charged or written", async () => {
    const { user, secret } = await userWithKey();
    const client = await stdioClient(secret);
    const { tools } = await client.listTools();
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    const before = await footprint(user, secret);
    const pick = (tool: string, param: string) => [...generateCases, ...otherCases].filter(([name, , p]) => name === tool && p === param);
    await expectRefusals(client, [
      ...pick("generate_asset", "prompt"),
      ...pick("generate_asset", "messages.0.content"),
      ...pick("generate_asset", "extra"),
      ...pick("generate_asset", "seed"),
      ...pick("generate_asset", "tileset"),
      ...pick("generate_asset", "palette"),
      ...pick("generate_asset", "palette.1"),
      ...pick("generate_asset", "idempotencyKey"),
      ...pick("get_generation", "generationId"),
      ...pick("list_agents", "verbose"),
      ...pick("estimate_cost", "agentId"),
    ]);
    expect(await footprint(user, secret)).toEqual(before);
  });
});
