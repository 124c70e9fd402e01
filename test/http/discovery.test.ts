import { existsSync } from "node:fs";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../../src/contract/openapi/types.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, errorOf, signUp } from "../support/users.js";
import { itNeeding } from "../support/needs.js";

/**
 * What a coding agent with nothing but the base URL finds (contract section 9): GET / as JSON,
 * the OpenAPI document (valid, and the same set of routes the app serves), the reference and the
 * guide, llms.txt, each with its content type and cache headers.
 */
let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await (await t.request("/openapi.json")).json()) as OpenApiDocument;
});
afterAll(() => t.close());

const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const webBuilt = existsSync(new URL("../../web/dist/index.html", import.meta.url)) ? undefined : "web/dist is not built (npm run build:web)";

describe("GET /", () => {
  it.each([["application/json"], ["*/*"], [undefined]])("answers JSON links for Accept %s", async (accept) => {
    const response = await t.request("/", { headers: accept ? { accept } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("vary")).toContain("Accept");
    const body = (await response.json()) as { name: string; version: string; description: string; links: Record<string, string> };
    expect(body).toMatchObject({ name: "AssetForge", version: expect.stringMatching(/^\d+\.\d+\.\d+/), description: expect.any(String) });
    expect(body.links).toMatchObject({
      openapi: `${origin}/openapi.json`,
      docs: `${origin}/docs`,
      llmsTxt: `${origin}/llms.txt`,
      mcp: `${origin}/mcp`,
      agents: `${origin}/api/ai/agents`,
      generate: `${origin}/api/v1/generate`,
      webApp: `${origin}/`,
    });
    // Every link but the MCP endpoint (POST only) and generate (POST) answers a GET.
    for (const [name, link] of Object.entries(body.links)) {
      if (name === "mcp" || name === "generate" || name === "webApp") continue;
      expect((await t.request(new URL(link).pathname)).status, link).toBe(200);
    }
  });

  itNeeding(webBuilt, "still answers the web client's page to a browser", async () => {
    const response = await t.request("/", { headers: { accept: browser } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toContain("Accept");
    expect(await response.text()).toContain("<div id=");
  });

  it("answers HEAD, and 405 with Allow to other methods", async () => {
    const head = await t.request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await t.request("/", { method: "POST" });
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await errorOf(post)).toMatchObject({ status: 405, code: "method_not_allowed" });
  });
});

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, cached with an ETag", async () => {
    const response = await t.request("/openapi.json");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await t.request("/openapi.json", { headers: { "if-none-match": etag } })).status).toBe(304);

    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(doc.info).toMatchObject({ title: "AssetForge", version: expect.any(String), description: expect.any(String) });
  });

  it("has every route the app serves, with its method, and nothing else", () => {
    const served = t.app
      .servedRoutes()
      .filter((r) => r.path !== "/**")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(served);
  });

  it("documents the generate call: auth, body, statuses, headers, examples", () => {
    const operation = doc.paths["/api/v1/generate"]!.post!;
    expect(operation.security).toEqual([{ apiKey: ["generate"] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(["200", "202", "400", "401", "402", "403", "408", "409", "413", "415", "422", "429", "500", "503"]);
    expect(operation.responses["402"]!.content!["application/json"]!.examples!.insufficient_credits!.value).toMatchObject({
      error: { code: "insufficient_credits", details: { required: 2, balance: 1 } },
    });
    expect(operation.requestBody!.content["application/json"]!.examples!.prompt!.value).toMatchObject({ prompt: "red health potion" });
  });
});

describe("the reference and the guide", () => {
  it("GET /docs is the reference as one static page: every operation, no script, nothing from another host", async () => {
    const response = await t.request("/docs");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(response.headers.get("etag")).toBeTruthy();
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    for (const url of urls) expect(url.startsWith("/") || url.startsWith("#") || url.startsWith(origin) || url === "data:,", url).toBe(true);
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) expect(html).toContain(`id="${operation!.operationId}"`);
    }
    expect(html).toContain(`curl -s ${origin}/api/v1/generate`);
    expect(html).toContain("generation.completed");
  });

  it("GET /docs/getting-started is the guide as HTML, and .md as markdown with this origin", async () => {
    const page = await t.request("/docs/getting-started");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    for (const id of ["create-a-key", "first-call", "async-and-streaming", "idempotent-retries", "errors", "agents-and-prices"]) {
      expect(html).toContain(`id="${id}"`);
    }
    const markdown = await t.request("/docs/getting-started.md");
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.text()).toContain(`${origin}/api/v1/generate`);
  });

  it("GET /docs/api.md is the reference as markdown, generated from the document", async () => {
    const response = await t.request("/docs/api.md");
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const text = await response.text();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) expect(text).toContain(`### ${method.toUpperCase()} ${path}`);
    }
    expect(text).toContain("- `prompt` (string, optional, 1–4000 characters)");
  });

  it("serves gzip to clients that take it", async () => {
    const response = await t.request("/docs", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
  });
});

describe("llms.txt", () => {
  it("follows the llms.txt format: H1, a blockquote, H2 sections of links to pages we serve, Optional last", async () => {
    const response = await t.request("/llms.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("etag")).toBeTruthy();
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("# AssetForge");
    expect(lines.find((l) => l.trim() !== "" && !l.startsWith("# "))).toMatch(/^> /);
    const sections = lines.filter((l) => l.startsWith("## "));
    expect(sections.at(-1)).toBe("## Optional");
    expect(lines.filter((l) => l.startsWith("# "))).toHaveLength(1);
    const links = [...text.matchAll(/\]\((http[^)]+)\)/g)].map((m) => new URL(m[1]!));
    expect(links.map((l) => l.pathname)).toEqual(expect.arrayContaining(["/docs/getting-started.md", "/docs/api.md", "/openapi.json", "/mcp"]));
    for (const link of links) {
      expect(link.origin).toBe(origin);
      const status = (await t.request(link.pathname)).status;
      // /mcp takes POST (GET answers 405); everything else is a page.
      expect(status, link.pathname).toBe(link.pathname === "/mcp" ? 405 : 200);
    }
  });

  it("says what the built-in agents know: counts, examples and where the full lists are", async () => {
    const text = await (await t.request("/llms.txt")).text();
    const agents = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; knows: { subjects: string[] } }[] };
    expect(text).toContain("**What the built-in agents know.**");
    for (const agent of agents.agents.filter((a) => a.knows)) expect(text).toContain(`- \`${agent.id}\`: ${agent.knows.subjects.length} subjects (e.g. `);
    expect(text).toContain(`knows\` of each agent in \`GET ${origin}/api/ai/agents\``);
    // before the link sections, which stay lists of links
    expect(text.indexOf("What the built-in agents know")).toBeLessThan(text.indexOf("## Docs"));
  });

  it("says how to get a sprite sheet: the request, the price, the layout, each export and how engines load it, the refusals", async () => {
    const text = await (await t.request("/llms.txt")).text();
    const part = text.slice(text.indexOf("**Sprite sheets.**"), text.indexOf("## Docs"));
    expect(part.length).toBeGreaterThan(1000);
    for (const words of [
      '"sheet": {"animations": ["idle","walk"], "directions": 4, "fps": 8}',
      "credits × ceil(frames / 8)",
      "{name, direction, row, frames, fps, loop}",
      "this.load.aseprite(",
      "this.anims.createFromAseprite(",
      "`SpriteFrames` `.tres`",
      "Grid By Cell Size",
      "`texturepacker`",
      "`zip`",
      '`unsupported_option` with `param: "sheet"`',
      "`sheet.directions`",
    ]) {
      expect(part, words).toContain(words);
    }
    // The example's body is a request the service takes, and its price is the one the text states.
    const body = JSON.parse(/-d '(\{[^']*"sheet"[^']*\})'/.exec(part)![1]!) as Record<string, unknown>;
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const response = await t.request("/api/v1/generate", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body: JSON.stringify({ ...body, dryRun: true }),
    });
    expect(response.status).toBe(200);
    const estimate = (await response.json()) as { credits: { price: number }; layout: { rows: number; columns: number; animations: unknown[] } };
    expect(estimate.credits.price).toBe(5);
    expect(part).toContain("40 frames, 5 × 1 credit with `pixel-sprite`");
    expect(estimate.layout).toMatchObject({ rows: 8, columns: 6 });
  });

  it("says how to get a tileset: the request, the price, the layout rules, the exports and how Godot and Tiled use them, the refusals", async () => {
    const text = await (await t.request("/llms.txt")).text();
    const part = text.slice(text.indexOf("**Tilesets.**"), text.indexOf("**What the built-in agents know.**"));
    expect(part.length).toBeGreaterThan(1000);
    for (const words of [
      '"tileset": {"layout": "wang-corner-16", "terrains": ["grass","dirt"]}',
      "credits × ceil(tiles / 16)",
      "index = NE·1 + SE·2 + SW·4 + NW·8",
      "index = N·1 + E·2 + S·4 + W·8",
      "N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128",
      "`terrains[0]`, the foreground",
      "`quality.seamScore`",
      "`TileSet` `.tres`",
      "TileMapLayer",
      "Terrain Brush",
      "-sample.tmx",
      '`unsupported_option` with `param: "tileset"`',
      "`tileset.layout`",
      "`tileset.terrains`",
    ]) {
      expect(part, words).toContain(words);
    }
    // The examples are requests the service takes, at the prices the text states.
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const bodies = [...part.matchAll(/-d '(\{[^']*"tileset"[^']*\})'/g)].map((m) => JSON.parse(m[1]!) as { tileset: { layout: string } });
    expect(bodies.map((b) => b.tileset.layout)).toEqual(["blob-47", "wang-corner-16"]);
    const prices: number[] = [];
    for (const body of bodies) {
      const response = await t.request("/api/v1/generate", {
        method: "POST",
        headers: { ...bearer(secret), "content-type": "application/json" },
        body: JSON.stringify({ ...body, dryRun: true }),
      });
      expect(response.status).toBe(200);
      prices.push(((await response.json()) as { credits: { price: number } }).credits.price);
    }
    expect(prices).toEqual([6, 2]);
    expect(part).toContain("48 tiles, 3 × 2 = 6 credits");
    expect(part).toContain("a 16-tile set costs 1 × 2 = 2 credits with `texture`");
  });

  it("says what it read a word as: llms.txt names readAs, a dry run and GraphQL's estimate answer it, and it charges nothing", async () => {
    const text = await (await t.request("/llms.txt")).text();
    expect(text).toContain("`interpretation.readAs`");
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const response = await t.request("/api/v1/generate", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body: JSON.stringify({ agentId: "pixel-sprite", prompt: "okapi with a lantern", dryRun: true }),
    });
    expect(response.status).toBe(200);
    const { interpretation, credits } = (await response.json()) as {
      interpretation: { subject: string; ignored: string[]; readAs: { word: string; as: string }[] };
      credits: { price: number; balance: number };
    };
    expect(interpretation).toMatchObject({ subject: "giraffe", ignored: [], readAs: [{ word: "okapi", as: "giraffe" }] });
    const viaGraphql = await t.request("/graphql", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body: JSON.stringify({
        query:
          '{ a: estimate(input: {prompt: "okapi", agentId: "pixel-sprite"}) { interpretation { subject readAs { word as } } } b: estimate(input: {prompt: "giraffe", agentId: "pixel-sprite"}) { interpretation { readAs { word } } } }',
      }),
    });
    expect(await viaGraphql.json()).toEqual({
      data: { a: { interpretation: { subject: "giraffe", readAs: [{ word: "okapi", as: "giraffe" }] } }, b: { interpretation: { readAs: null } } },
    });
    expect(credits.price).toBe(1);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });

  it("llms-full.txt holds the guide and the whole reference inline", async () => {
    const response = await t.request("/llms-full.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("# AssetForge\n")).toBe(true);
    expect(text).toContain("## Idempotent retries");
    expect(text).toContain("### POST /api/v1/generate");
    expect(text).toContain("## Schemas");
  });
});
