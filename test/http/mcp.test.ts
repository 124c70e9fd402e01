// The MCP server through the SDK's own client, over both transports: Streamable HTTP at /mcp (the
// in-process tools) and stdio (`node --import tsx src/mcp.ts`, the REST client), against the app
// listening on a real port. A model agent served by an OpenAI Images double can be slowed down.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../../src/contract/mcp-tools.js";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { listenOnPort, startTestApp, type TestApp } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const toolNames = [...MCP_TOOL_NAMES].sort();

let t: TestApp;
let listening: Awaited<ReturnType<typeof listenOnPort>> | undefined;
let base: string;
let double: OpenAiImagesDouble;
let dir: string;
const clients: Client[] = [];

beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  dir = await mkdtemp(join(tmpdir(), "mcp-test-"));
  const agentsFile = await writeModelCatalog(dir, double.url, { timeoutMs: 20_000, maxRetries: 0 });
  t = await startTestApp({ AGENTS_FILE: agentsFile, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  listening = await listenOnPort(t);
  base = listening.base;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await listening?.close();
  await t?.close();
  await double?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function httpClient(secret?: string): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", base), {
    requestInit: { headers: secret ? { authorization: `Bearer ${secret}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function stdioClient(secret: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["scripts/start.mjs", "mcp"],
    cwd: repo,
    env: { PATH: process.env.PATH ?? "", AGS_BASE_URL: base, AGS_API_KEY: secret },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}, onprogress?: (p: Progress) => void): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : {})) as CallToolResult;
}

const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");
const imageOf = (r: CallToolResult) => r.content.find((c) => c.type === "image") as { data: string; mimeType: string } | undefined;
const linkOf = (r: CallToolResult) => r.content.find((c) => c.type === "resource_link") as { uri: string; mimeType?: string; name: string } | undefined;
const generationIdOf = (r: CallToolResult) => /\bgen_[A-Za-z0-9_-]+/.exec(textOf(r))?.[0];

async function balanceOf(secret: string): Promise<number> {
  const response = await t.request("/api/v1/credits", { headers: bearer(secret) });
  return ((await response.json()) as { balance: number }).balance;
}

async function userWithKey(body: Record<string, unknown> = {}): Promise<{ user: TestUser; secret: string }> {
  const user = await signUp(t);
  const { secret } = await createKey(t, user, body);
  return { user, secret };
}

/** Calls get_generation every 300 ms until its answer carries the image (15 s at most); answers the last one. */
async function generationWhenDone(client: Client, id: string): Promise<CallToolResult> {
  let got: CallToolResult;
  const until = Date.now() + 15_000;
  do {
    await new Promise((resolve) => setTimeout(resolve, 300));
    got = await call(client, "get_generation", { generationId: id });
  } while (!imageOf(got) && Date.now() < until);
  return got;
}

/** Checks a successful generation answer: a PNG preview within 128×128, a link to the full asset, a short text. */
async function expectAssetAnswer(result: CallToolResult): Promise<{ uri: string; preview: { width: number; height: number } }> {
  expect(result.isError, textOf(result)).toBeFalsy();
  const image = imageOf(result)!;
  expect(image.mimeType).toBe("image/png");
  const meta = await sharp(Buffer.from(image.data, "base64")).metadata();
  expect(meta.format).toBe("png");
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(128);
  expect(image.data.length).toBeLessThan(40_000);
  const link = linkOf(result)!;
  expect(link.uri).toMatch(/^asset:\/\/ast_/);
  expect(link.mimeType).toBe("image/png");
  expect(textOf(result).length).toBeLessThan(1500);
  return { uri: link.uri, preview: { width: meta.width!, height: meta.height! } };
}

describe("MCP over Streamable HTTP (/mcp)", () => {
  it("refuses a call without an API key: 401 with WWW-Authenticate in the contract's envelope", async () => {
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    await expect(httpClient()).rejects.toThrow();
  });

  it("serves a client that accepts only JSON (or anything) instead of answering 406", async () => {
    const { secret } = await userWithKey();
    for (const accept of ["application/json", "*/*"]) {
      const response = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept, authorization: `Bearer ${secret}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status, accept).toBe(200);
      const body = (await response.json()) as { result: { tools: unknown[] } };
      expect(body.result.tools, accept).toHaveLength(toolNames.length);
    }
  });

  it("answers GET and DELETE with 405 and Allow: POST (no sessions, no server-initiated stream)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${base}/mcp`, { method, headers: { accept: "text/event-stream" } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("lists the nine tools with schemas and descriptions, and the asset resource template", async () => {
    const { secret } = await userWithKey();
    const client = await httpClient(secret);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(150);
      expect(tool.inputSchema.type).toBe("object");
    }
    const generate = tools.find((tool) => tool.name === "generate_asset")!;
    expect(Object.keys(generate.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining([
        "prompt",
        "messages",
        "agentId",
        "width",
        "height",
        "transparent",
        "seed",
        "sheet",
        "tileset",
        "idempotencyKey",
        "maxWaitSeconds",
      ]),
    );
    // the contract's sheet schema, bounds and all
    const sheet = (generate.inputSchema.properties as Record<string, { properties: Record<string, { maxItems?: number; maximum?: number }> }>).sheet!;
    expect(sheet.properties.animations!.maxItems).toBe(8);
    expect(sheet.properties.fps!.maximum).toBe(30);
    const estimate = tools.find((tool) => tool.name === "estimate_cost")!;
    expect(Object.keys(estimate.inputSchema.properties ?? {})).toContain("sheet");
    expect(Object.keys(estimate.inputSchema.properties ?? {})).toContain("tileset");
    // the contract's tileset schema: its layouts and at most two terrains
    const tileset = (generate.inputSchema.properties as Record<string, { properties: Record<string, { enum?: string[]; maxItems?: number }> }>).tileset!;
    expect(tileset.properties.layout!.enum).toEqual(["wang-corner-16", "wang-edge-16", "blob-47"]);
    expect(tileset.properties.terrains!.maxItems).toBe(2);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual(["asset://{id}", "asset://{id}/export/{format}"]);
  });

  it("list_agents, estimate_cost and get_balance answer and charge nothing", async () => {
    const { secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await balanceOf(secret);
    // compact by default: ids, prices, sizes, outputs and a sample of subjects, in under 3,000 characters
    const compact = textOf(await call(client, "list_agents"));
    expect(compact.length).toBeLessThan(3000);
    expect(compact).not.toContain('"knows"');
    expect(compact).toMatch(/"id":"pixel-sprite","credits":1,"sizes":\[16,/);
    expect(compact).toMatch(/"subjects":"[a-z]/);
    const agents = await call(client, "list_agents", { full: true });
    expect(agents.isError).toBeFalsy();
    expect(textOf(agents)).toContain('{"id":"pixel-sprite","name":"Pixel sprite"');
    expect(textOf(agents)).toContain('{"id":"model"');
    // what each procedural agent knows, the same lists as GET /api/ai/agents; a model agent has none
    const rows = textOf(agents)
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line) as { id: string; outputs: string[]; sheet?: unknown; knows?: { subjects: string[] } });
    const rest = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; outputs: string[]; sheet?: unknown; knows?: unknown }[] };
    for (const row of rows) {
      const same = rest.agents.find((a) => a.id === row.id)!;
      expect(row.outputs).toEqual(same.outputs);
      expect(row.sheet).toEqual(same.sheet);
      expect(row.knows).toEqual(same.knows);
    }
    // outputs and the sheet offer: the sprite agent draws sheets, the others images only
    expect(rows.find((r) => r.id === "pixel-sprite")).toMatchObject({
      outputs: ["image", "sheet"],
      sheet: { framesPerAnimation: { idle: 4, walk: 6 }, directions: [1, 4, 8], creditsPer8Frames: 1 },
    });
    expect(rows.find((r) => r.id === "icon")).toMatchObject({ outputs: ["image"] });
    expect(rows.find((r) => r.id === "texture")).toMatchObject({ outputs: ["image", "tileset"], tileset: { maxTerrains: 2, creditsPer16Tiles: 2 } });
    expect(rows.find((r) => r.id === "icon")!.sheet).toBeUndefined();
    expect(rows.find((r) => r.id === "pixel-sprite")!.knows!.subjects).toContain("knight");
    expect(rows.find((r) => r.id === "model")!.knows).toBeUndefined();
    const estimate = await call(client, "estimate_cost", { agentId: "icon", width: 128, height: 128 });
    expect(textOf(estimate)).toContain(`icon at 128×128 costs 2 credits; the balance is ${before}`);
    expect(textOf(estimate)).toContain('"sufficient":true');
    expect(textOf(await call(client, "get_balance"))).toBe(`Balance: ${before} credits.`);
    // With the prompt: what the agent understood, as REST's dry run says it (and still nothing charged).
    const withPrompt = await call(client, "estimate_cost", { agentId: "icon", prompt: "a red potion with a cork" });
    expect(textOf(withPrompt)).toContain("It understood: subject potion; modifiers red;");
    expect(JSON.parse(textOf(withPrompt).split("\n")[1]!)).toMatchObject({
      credits: 2,
      interpretation: { subject: "potion", modifiers: ["red"], fallback: false },
    });
    const unknownSubject = await call(client, "estimate_cost", { agentId: "icon", prompt: "a quantum flux capacitor" });
    expect(textOf(unknownSubject)).toContain("would draw a generic design");
    const misspelt = await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "a red dragn" });
    expect(textOf(misspelt)).toContain('Instead of "dragn", try: dragon, dragonfly.');
    // a word it has no drawing for: what it was read as
    const standIn = await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "an okapi" });
    expect(textOf(standIn)).toContain('It has no drawing of its own for "okapi" (read as giraffe).');
    const byModel = await call(client, "estimate_cost", { agentId: "model", prompt: "a red potion" });
    expect(textOf(byModel)).toContain("reads the prompt as it is");
    const both = await call(client, "estimate_cost", { prompt: "a", messages: [{ role: "user", content: "b" }] });
    expect(textOf(both)).toMatch(/^invalid_request: prompt: Give prompt or messages, not both\./);
    const badSize = await call(client, "estimate_cost", { agentId: "icon", width: 100, height: 100 });
    expect(badSize.isError).toBe(true);
    expect(textOf(badSize)).toMatch(/^invalid_request: The agent icon makes 16×16, 32×32, 48×48, 64×64, 128×128/);
    expect(await balanceOf(secret)).toBe(before);
  });

  it("generate_asset reports progress, answers a preview and a link, charges once; a retry with its key replays for free", async () => {
    const { user, secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await balanceOf(secret);
    const progress: Progress[] = [];
    const result = await call(client, "generate_asset", { prompt: "a golden sword icon", agentId: "icon", seed: 7 }, (p) => progress.push(p));
    const { uri, preview } = await expectAssetAnswer(result);
    expect(preview).toEqual({ width: 128, height: 128 }); // the 256×256 icon, shrunk
    expect(linkOf(result)!.name).toBe("a-golden-sword-icon.png"); // the slug its download is named by, not its id
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 100 && typeof p.message === "string")).toBe(true);
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(textOf(result)).toContain(`Charged 2 credits; balance ${before - 2}.`);
    const key = /idempotencyKey: (\S+)\./.exec(textOf(result))![1]!;
    const id = generationIdOf(result)!;
    expect(await balanceOf(secret)).toBe(before - 2);

    // The full asset, as a resource: only the owner's.
    const read = await client.readResource({ uri });
    const blob = read.contents[0] as { blob: string; mimeType: string };
    expect(blob.mimeType).toBe("image/png");
    expect(await sharp(Buffer.from(blob.blob, "base64")).metadata()).toMatchObject({ width: 256, height: 256 });
    const other = await httpClient((await userWithKey()).secret);
    const refused = (await other.readResource({ uri }).catch((error: unknown) => error)) as Error & { code: number };
    expect(refused.code).toBe(-32002);
    expect(refused.message).toMatch(/^MCP error -32002: not_found: /); // the prefix once, not twice

    // The same key again: the same generation, nothing more charged.
    const again = await call(client, "generate_asset", { prompt: "a golden sword icon", agentId: "icon", seed: 7, idempotencyKey: key });
    await expectAssetAnswer(again);
    expect(generationIdOf(again)).toBe(id);
    expect(textOf(again)).toContain("nothing more was charged");
    expect(await balanceOf(secret)).toBe(before - 2);
    const charges = await t.db.prisma.ledgerEntry.count({ where: { accountId: user.accountId, kind: "charge" } });
    expect(charges).toBe(1);

    // get_generation answers the finished one the same way.
    const got = await call(client, "get_generation", { generationId: id });
    await expectAssetAnswer(got);
    expect(textOf(got)).toContain(id);
  });

  it("generate_asset with sheet: the layout in words, a crisp preview of the first animation, links to the PNG and each export", async () => {
    const { secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await balanceOf(secret);
    const sheet = { animations: ["idle", "walk"], directions: 4, fps: 10 };
    // the price first: 4 × 4 idle + 4 × 6 walk = 40 frames, ceil(40 / 8) × 1 credit; with a prompt (the dry run) and without
    const priced = await call(client, "estimate_cost", { agentId: "pixel-sprite", sheet });
    expect(textOf(priced)).toContain(
      "pixel-sprite: a sheet of 8 rows (animation × direction) of up to 6 frames of 64×64 (40 frames; a 384×512 PNG) costs 5 credits",
    );
    const dryRun = await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "a knight", sheet });
    expect(textOf(dryRun)).toContain("costs 5 credits");
    expect(JSON.parse(textOf(dryRun).split("\n")[1]!)).toMatchObject({ credits: 5, output: "sheet", layout: { kind: "sheet", rows: 8, columns: 6 } });

    const result = await call(client, "generate_asset", { prompt: "a knight", agentId: "pixel-sprite", transparent: true, seed: 3, sheet });
    expect(result.isError, textOf(result)).toBeFalsy();
    const said = textOf(result);
    expect(said).toContain("a sprite sheet, a 384×512 PNG");
    expect(said).toContain("Charged 5 credits");
    expect(said).toContain("Layout: 8 rows (animation × direction) of up to 6 frames of 64×64 (40 frames; a 384×512 PNG), at 10 fps");
    expect(said).toContain("idle rows 0–3 (south, east, north, west; 4 frames), walk rows 4–7 (south, east, north, west; 6 frames)");
    expect(said.length).toBeLessThan(1500);
    expect(await balanceOf(secret)).toBe(before - 5);

    // The preview: idle in its 4 directions, 4 frames each, at 1× (64 px frames), pixel for pixel the sheet's corner.
    const image = imageOf(result)!;
    const preview = Buffer.from(image.data, "base64");
    expect(await sharp(preview).metadata()).toMatchObject({ format: "png", width: 256, height: 256 });
    expect(said).toContain("a 256×256 preview of rows 0–3, frames 0–3, at 1×");
    const links = result.content.filter((c) => c.type === "resource_link") as { uri: string; name: string; mimeType?: string }[];
    const assetId = /asset:\/\/(ast_[A-Za-z0-9_-]+)$/.exec(links[0]!.uri)![1]!;
    const full = await client.readResource({ uri: `asset://${assetId}` });
    const sheetPng = Buffer.from((full.contents[0] as { blob: string }).blob, "base64");
    const corner = await sharp(sheetPng).extract({ left: 0, top: 0, width: 256, height: 256 }).ensureAlpha().raw().toBuffer();
    const shown = await sharp(preview).ensureAlpha().raw().toBuffer();
    const opaque = (px: Buffer) => [...Array(px.length / 4).keys()].filter((i) => px[i * 4 + 3]! > 0);
    expect(opaque(shown)).toEqual(opaque(corner));

    // The links: the PNG, then each export, readable as resources and the same bytes as REST's export route.
    expect(links.map((l) => l.uri)).toEqual([
      `asset://${assetId}`,
      ...["aseprite", "texturepacker", "godot", "zip"].map((f) => `asset://${assetId}/export/${f}`),
    ]);
    expect(said).toContain(`aseprite: asset://${assetId}/export/aseprite`);
    expect(said).toContain(`GET /api/v1/assets/${assetId}/export/<format>`);
    const aseprite = await client.readResource({ uri: `asset://${assetId}/export/aseprite` });
    const json = JSON.parse((aseprite.contents[0] as { text: string }).text) as { meta: { frameTags: { name: string }[] } };
    expect(json.meta.frameTags.map((tag) => tag.name)).toContain("walk_east");
    const rest = await t.request(`/api/v1/assets/${assetId}/export/aseprite`, { headers: bearer(secret) });
    expect((aseprite.contents[0] as { text: string }).text).toBe(await rest.text());
    const zip = await client.readResource({ uri: `asset://${assetId}/export/zip` });
    expect(zip.contents[0]).toMatchObject({ mimeType: "application/zip" });
    expect(
      Buffer.from((zip.contents[0] as { blob: string }).blob, "base64")
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const tiled = (await client.readResource({ uri: `asset://${assetId}/export/tiled` }).catch((e: unknown) => e)) as Error & { code: number };
    expect(tiled.code).toBe(-32002);
    expect(tiled.message).toContain("aseprite, texturepacker, godot, zip");
    const other = await httpClient((await userWithKey()).secret);
    expect(((await other.readResource({ uri: `asset://${assetId}/export/aseprite` }).catch((e: unknown) => e)) as { code: number }).code).toBe(-32002);

    // get_generation answers it the same way
    const got = await call(client, "get_generation", { generationId: generationIdOf(result)! });
    expect(textOf(got)).toContain("Layout: 8 rows");
    expect(imageOf(got)).toBeDefined();
  });

  it("refuses bad sheet arguments with the contract's error, naming sheet, and charges nothing", async () => {
    const { user, secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await balanceOf(secret);
    for (const tool of ["generate_asset", "estimate_cost"]) {
      const onIcon = await call(client, tool, { prompt: "a knight", agentId: "icon", sheet: {} });
      expect(onIcon.isError, tool).toBe(true);
      expect(textOf(onIcon), tool).toMatch(/^unsupported_option: The agent icon makes images only/);
      expect(textOf(onIcon), tool).toContain('Next: fix the argument named above: list_agents shows which agents draw sheets (outputs "sheet")');
      const three = await call(client, tool, { prompt: "a knight", agentId: "pixel-sprite", sheet: { directions: 3 } });
      expect(three.isError, tool).toBe(true);
      expect(textOf(three), tool).toMatch(/^invalid_request: sheet\.directions: Must be 1, 4 or 8\./);
      const unknown = await call(client, tool, { prompt: "a knight", agentId: "pixel-sprite", sheet: { animations: ["dance"] } });
      expect(textOf(unknown), tool).toMatch(/^invalid_request: sheet\.animations\.0: /);
    }
    // without a prompt, estimate_cost prices the sheet from the agent's offer with the same refusals
    const noPrompt = await call(client, "estimate_cost", { agentId: "icon", sheet: { directions: 1 } });
    expect(textOf(noPrompt)).toMatch(/^unsupported_option: The agent icon makes images only/);
    const tooBig = await call(client, "estimate_cost", {
      agentId: "pixel-sprite",
      width: 128,
      height: 128,
      sheet: { animations: ["idle", "walk", "attack", "hurt", "death"], directions: 8 },
    });
    expect(textOf(tooBig)).toMatch(/^invalid_request: sheet: 40 rows of 128 px make a 768×5120 sheet/);
    const generateTooBig = await call(client, "generate_asset", {
      prompt: "a knight",
      agentId: "pixel-sprite",
      width: 128,
      height: 128,
      sheet: { animations: ["idle", "walk", "attack", "hurt", "death"], directions: 8 },
    });
    expect(textOf(generateTooBig)).toBe(textOf(tooBig).replace("(list_agents)", "(GET /api/ai/agents)"));
    expect(await balanceOf(secret)).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });

  it("answers a generation still running at the bound with its id and status, never a timeout; get_generation and cancel_generation follow it", async () => {
    const { secret } = await userWithKey();
    const client = await httpClient(secret);
    const before = await balanceOf(secret);
    double.next(openAiReplies.slow(2_500));
    const slow = await call(client, "generate_asset", { prompt: "a red disc", agentId: "model", maxWaitSeconds: 1 });
    expect(slow.isError, textOf(slow)).toBeFalsy();
    expect(textOf(slow)).toMatch(/gen_\S+ is still (queued|running)/);
    expect(textOf(slow)).toContain("call get_generation");
    expect(imageOf(slow)).toBeUndefined();
    const id = generationIdOf(slow)!;
    await expectAssetAnswer(await generationWhenDone(client, id));
    expect(await balanceOf(secret)).toBe(before - 3);

    // Canceled while it runs: refunded.
    double.next(openAiReplies.slow(5_000));
    const second = await call(client, "generate_asset", { prompt: "another disc", agentId: "model", maxWaitSeconds: 0 });
    const secondId = generationIdOf(second)!;
    expect(await balanceOf(secret)).toBe(before - 6);
    const canceled = await call(client, "cancel_generation", { generationId: secondId });
    expect(canceled.isError).toBeFalsy();
    expect(textOf(canceled)).toContain(`Canceled ${secondId}; 3 credits refunded.`);
    expect(await balanceOf(secret)).toBe(before - 3);
  });

  it("answers refusals as isError results with the contract's code: 402, unknown agent, bad input, read-only key, unknown id", async () => {
    const { user, secret } = await userWithKey();
    const client = await httpClient(secret);
    const balance = await balanceOf(secret);
    await t.app.services.credits.grant({ accountId: user.accountId, amount: 1 - balance, reason: "fixture" }, "adjustment", user.userId);

    const poor = await call(client, "generate_asset", { prompt: "a sword", agentId: "icon" });
    expect(poor.isError).toBe(true);
    expect(textOf(poor)).toMatch(/^insufficient_credits: This call costs 2 credits; the balance is 1\./);
    expect(textOf(poor)).toContain("Next:");
    expect(textOf(await call(client, "estimate_cost", { agentId: "icon" }))).toContain('"sufficient":false');

    const unknown = await call(client, "generate_asset", { prompt: "a sword", agentId: "nope" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^unknown_agent: No agent is called "nope"/);

    const noPrompt = await call(client, "generate_asset", { agentId: "pixel-sprite" });
    expect(noPrompt.isError).toBe(true);
    expect(textOf(noPrompt)).toMatch(/^invalid_request: /);

    const tooLong = await call(client, "generate_asset", { prompt: "a sword", maxWaitSeconds: 600 });
    expect(tooLong.isError).toBe(true);
    expect(textOf(tooLong)).toMatch(/^invalid_request: maxWaitSeconds: Must be at most 45\./);

    // A misnamed argument: the Next step is about that argument, not about agents' sizes.
    const misnamed = await call(client, "get_generation", { id: "gen_nothing" });
    expect(textOf(misnamed)).toMatch(/^invalid_request: /);
    expect(textOf(misnamed)).not.toContain("list_agents");
    const badSeed = await call(client, "generate_asset", { prompt: "a sword", seed: -1 });
    expect(textOf(badSeed)).toMatch(/^invalid_request: seed: /);
    expect(textOf(badSeed)).not.toContain("list_agents");
    const badWidth = await call(client, "generate_asset", { prompt: "a sword", agentId: "icon", width: 100, height: 100 });
    expect(textOf(badWidth)).toContain("list_agents shows each agent's id, sizes");

    const missing = await call(client, "get_generation", { generationId: "gen_nothing" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^not_found: /);

    const readOnly = await httpClient((await createKey(t, user, { name: "read only", scopes: ["read"] })).secret);
    const forbidden = await call(readOnly, "generate_asset", { prompt: "a sword", agentId: "pixel-sprite" });
    expect(forbidden.isError).toBe(true);
    expect(textOf(forbidden)).toMatch(/^forbidden: This API key lacks the "generate" scope/);
    expect((await call(readOnly, "cancel_generation", { generationId: "gen_nothing" })).isError).toBe(true);
    for (const [name, args] of [
      ["list_agents", {}],
      ["estimate_cost", { agentId: "pixel-sprite" }],
      ["get_balance", {}],
    ] as const) {
      expect((await call(readOnly, name, args)).isError, name).toBeFalsy();
    }
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });
});

describe("MCP over stdio (npm run mcp)", () => {
  it("lists the tools, generates an asset with progress, follows a long one by id, and answers errors as results", async () => {
    const { secret } = await userWithKey();
    const { client, stderr } = await stdioClient(secret);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames);
    const before = await balanceOf(secret);
    expect(textOf(await call(client, "get_balance"))).toBe(`Balance: ${before} credits.`);
    expect(textOf(await call(client, "list_agents"))).toContain('{"id":"icon"');
    expect(textOf(await call(client, "estimate_cost", { agentId: "pixel-sprite", width: 32, height: 32 }))).toContain("costs 1 credit");
    expect(textOf(await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "a green slime" }))).toContain(
      "It understood: subject slime; modifiers green;",
    );

    const progress: Progress[] = [];
    const result = await call(client, "generate_asset", { prompt: "a green slime", agentId: "pixel-sprite", width: 32, height: 32 }, (p) => progress.push(p));
    const { uri, preview } = await expectAssetAnswer(result);
    expect(preview).toEqual({ width: 128, height: 128 }); // 32×32 pixel art, enlarged 4× with nearest-neighbour
    expect(progress.length).toBeGreaterThan(0);
    expect(await balanceOf(secret)).toBe(before - 1);
    const read = await client.readResource({ uri });
    expect(await sharp(Buffer.from((read.contents[0] as { blob: string }).blob, "base64")).metadata()).toMatchObject({ width: 32, height: 32 });
    const key = /idempotencyKey: (\S+)\./.exec(textOf(result))![1]!;
    const replay = await call(client, "generate_asset", { prompt: "a green slime", agentId: "pixel-sprite", width: 32, height: 32, idempotencyKey: key });
    expect(generationIdOf(replay)).toBe(generationIdOf(result));
    expect(textOf(replay)).toContain("nothing more was charged");
    expect(await balanceOf(secret)).toBe(before - 1);

    // A sheet through the REST client: priced from the agent's offer without a prompt, its exports read over REST.
    const sheet = { animations: ["idle"], directions: 1 };
    expect(textOf(await call(client, "estimate_cost", { agentId: "pixel-sprite", sheet }))).toContain(
      "a sheet of 1 rows (animation × direction) of up to 4 frames",
    );
    expect(textOf(await call(client, "estimate_cost", { agentId: "icon", sheet }))).toMatch(/^unsupported_option: /);
    // A tileset priced the same way, from the texture agent's tileset offer.
    const tileset = { layout: "blob-47", terrains: ["grass", "dirt"] };
    expect(textOf(await call(client, "estimate_cost", { agentId: "texture", width: 64, height: 64, tileset }))).toContain(
      "texture: a blob-47 tileset of 48 64×64 tiles (grass over dirt) costs 6 credits",
    );
    expect(textOf(await call(client, "estimate_cost", { agentId: "icon", tileset }))).toMatch(/^unsupported_option: The agent icon does not draw tilesets/);
    const sheetResult = await call(client, "generate_asset", { prompt: "a green slime", agentId: "pixel-sprite", sheet });
    expect(textOf(sheetResult)).toContain("Rows: idle row 0 (south; 4 frames)");
    expect(imageOf(sheetResult)).toBeDefined();
    const godotUri = (sheetResult.content.find((c) => c.type === "resource_link" && c.uri.endsWith("/export/godot")) as { uri: string }).uri;
    const godot = await client.readResource({ uri: godotUri });
    expect((godot.contents[0] as { text: string }).text).toMatch(/^\[gd_resource type="SpriteFrames"/);
    expect(await balanceOf(secret)).toBe(before - 2);

    double.next(openAiReplies.slow(2_000));
    const slow = await call(client, "generate_asset", { prompt: "a slow disc", agentId: "model", maxWaitSeconds: 1 });
    expect(slow.isError, textOf(slow)).toBeFalsy();
    expect(textOf(slow)).toMatch(/is still (queued|running)/);
    const id = generationIdOf(slow)!;
    await expectAssetAnswer(await generationWhenDone(client, id));
    expect(textOf(await call(client, "cancel_generation", { generationId: id }))).toContain("had already ended (succeeded)");

    const unknown = await call(client, "generate_asset", { prompt: "x", agentId: "nope" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^unknown_agent: /);
    expect(stderr()).not.toMatch(/error/i);
  });

  it("exits 1 with one line on stderr without AGS_API_KEY", async () => {
    const { execFile } = await import("node:child_process");
    const outcome = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ["scripts/start.mjs", "mcp"], { cwd: repo, env: { PATH: process.env.PATH ?? "" } }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr.trim().split("\n")).toHaveLength(1);
    expect(outcome.stderr).toMatch(/^AGS_API_KEY is required/);
  });
});
