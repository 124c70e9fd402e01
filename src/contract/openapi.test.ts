import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCodes, type ErrorCode } from "./errors.js";
import { buildOpenApiDocument, openApiDocument, openApiPath } from "./openapi.js";
import { errorExample } from "./openapi/error-examples.js";
import { examples } from "./openapi/examples.js";
import type { JsonSchema } from "./openapi/types.js";
import { routeList, type RouteSpec } from "./routes.js";
import { sessionResponse } from "./schemas/accounts.js";
import { agentsResponse } from "./schemas/agents.js";
import { errorEnvelope } from "./schemas/common.js";
import { balanceResponse } from "./schemas/credits.js";
import { discoveryResponse } from "./schemas/discovery.js";
import { estimate, generateRequest, generation, recolorRequest } from "./schemas/generation.js";
import { createdKeyResponse, createKeyRequest } from "./schemas/keys.js";

const valid = async (doc: unknown) => {
  const result = await validate(structuredClone(doc) as never);
  if (!result.valid) throw new Error(compileErrors(result));
  return result;
};

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    await valid(doc);
  });

  it("is built once", () => {
    expect(openApiDocument()).toBe(openApiDocument());
  });

  it("has every row of the route table, with h3 parameters as path templates", () => {
    const doc = openApiDocument();
    for (const route of routeList) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as "get"];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.operationId).toBe(route.id);
      for (const name of route.path.split("/").filter((s) => s.startsWith(":"))) {
        expect(operation!.parameters).toContainEqual(expect.objectContaining({ name: name.slice(1), in: "path", required: true }));
      }
    }
    expect(openApiPath("/api/v1/generations/:id/events")).toBe("/api/v1/generations/{id}/events");
  });

  it("maps every error of a row to its status, with the envelope and an example of that code", () => {
    const doc = openApiDocument();
    for (const route of routeList) {
      const operation = doc.paths[openApiPath(route.path)]![route.method.toLowerCase() as "get"]!;
      for (const code of [...route.errors, "internal_error" as const]) {
        const status = String(errorCodes[code].status);
        if (route.responses[Number(status)]) continue; // a success status wins (none today)
        const response = operation.responses[status]!;
        expect(response, `${route.id} ${code}`).toBeDefined();
        const media = response.content!["application/json"]!;
        expect(media.schema).toEqual({ $ref: "#/components/schemas/Error" });
        expect(media.examples![code]!.value).toMatchObject({ error: { code } });
        expect(response["x-error-codes"]).toContain(code);
      }
    }
  });

  it("declares the security of each row: bearer API key, session cookie, both, or none", () => {
    const doc = openApiDocument();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "ags_session" });
    expect(doc.paths["/api/v1/generate"]!.post!.security).toEqual([{ apiKey: ["generate"] }]);
    expect(doc.paths["/api/keys"]!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/api/v1/credits"]!.get!.security).toEqual([{ apiKey: ["read"] }, { sessionCookie: [] }]);
    expect(doc.paths["/api/ai/agents"]!.get!.security).toEqual([]);
  });

  it("describes the generate call: body as input schema, 200 and 202 with examples, request and response headers", () => {
    const doc = openApiDocument();
    const operation = doc.paths["/api/v1/generate"]!.post!;
    expect(operation.requestBody!.content["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/GenerateRequest" });
    expect(operation.parameters).toEqual(
      expect.arrayContaining([{ $ref: "#/components/parameters/IdempotencyKey" }, { $ref: "#/components/parameters/Prefer" }]),
    );
    const request = doc.components.schemas.GenerateRequest!;
    expect(request.additionalProperties).toBe(false); // unknown fields are refused
    expect((request.properties as Record<string, JsonSchema>).seed).toMatchObject({ type: "integer", minimum: 0, maximum: 2 ** 31 - 1 });
    expect(Object.keys(operation.responses["200"]!.headers!)).toEqual(
      expect.arrayContaining(["X-Request-Id", "X-Credits-Charged", "X-Credits-Balance", "RateLimit-Policy", "RateLimit"]),
    );
    expect(Object.keys(operation.responses["202"]!.headers!)).toContain("Location");
    expect(Object.keys(operation.responses["429"]!.headers!)).toContain("Retry-After");
    expect(Object.keys(operation.responses["401"]!.headers!)).toContain("WWW-Authenticate");
    const answers = operation.responses["200"]!.content!["application/json"]!.examples!;
    expect(answers.image!.value).toMatchObject({ status: "succeeded", assets: [{ exports: { texturepacker: expect.any(String), zip: expect.any(String) } }] });
    // a sprite sheet: the request, and the asset with its layout, quality and engine exports
    expect(operation.requestBody!.content["application/json"]!.examples!.sheet!.value).toMatchObject({ sheet: { directions: 4 } });
    expect(answers.sheet!.value).toMatchObject({
      assets: [
        {
          layout: { kind: "sheet", frameWidth: 64, rows: 8 },
          quality: { paletteCompliance: 1 },
          exports: { aseprite: expect.any(String), godot: expect.any(String) },
        },
      ],
    });
    // a tileset: the request, and the asset with its tiles, seam score and exports (Tiled included)
    expect(operation.requestBody!.content["application/json"]!.examples!.tileset!.value).toMatchObject({
      agentId: "texture",
      tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] },
    });
    expect(answers.tileset!.value).toMatchObject({
      assets: [
        {
          layout: { kind: "tileset", layout: "wang-corner-16", tileWidth: 64, columns: 4, rows: 4 },
          quality: { seamScore: expect.any(Number) },
          exports: { godot: expect.any(String), tiled: expect.any(String) },
        },
      ],
    });
    // a palette: by name and by colours, and the answer's palette and quality
    const requests = operation.requestBody!.content["application/json"]!.examples!;
    expect(requests.palette!.value).toMatchObject({ palette: "pico-8" });
    expect(requests.paletteColors!.value).toMatchObject({ palette: expect.any(Array) });
    expect(answers.palette!.value).toMatchObject({
      palette: { name: "pico-8", colors: expect.any(Array) },
      assets: [{ quality: { paletteCompliance: 1, bbox: { width: expect.any(Number) }, edgeContrast: expect.any(Number) } }],
    });
    expect((request.properties as Record<string, JsonSchema>).palette).toEqual({ $ref: "#/components/schemas/Palette" });
    for (const schema of [
      "Palette",
      "SheetRequest",
      "SheetLayout",
      "SheetRow",
      "AssetQuality",
      "SheetOffer",
      "TilesetRequest",
      "TilesetLayout",
      "TileEntry",
      "TilesetOffer",
    ])
      expect(doc.components.schemas[schema], schema).toBeDefined();
    expect((request.properties as Record<string, JsonSchema>).sheet).toEqual({ $ref: "#/components/schemas/SheetRequest" });
    expect((request.properties as Record<string, JsonSchema>).tileset).toEqual({ $ref: "#/components/schemas/TilesetRequest" });
    expect(operation.responses["202"]!.content!["application/json"]!.example).toMatchObject({ status: "queued" });
    // Responses may gain fields within v1: never "no other properties".
    expect(doc.components.schemas.Generation!.additionalProperties).toBeUndefined();
  });

  it("describes the palette swap: a request example per palette form, and its answer keeping the source's layout on the new palette", () => {
    const doc = openApiDocument();
    const operation = doc.paths["/api/v1/assets/{id}/recolor"]!.post!;
    const requests = operation.requestBody!.content["application/json"]!.examples!;
    expect(requests.named!.value).toEqual({ palette: "gameboy" });
    for (const example of Object.values(requests)) expect(() => recolorRequest.parse((example as { value: unknown }).value)).not.toThrow();
    const answer = operation.responses["200"]!.content!["application/json"]!.examples!.recolor!.value as typeof examples.recolorSucceeded;
    expect(() => generation.parse(answer)).not.toThrow();
    const [source, swapped] = [examples.sheetSucceeded.assets[0]!, answer.assets[0]!];
    expect(answer.recolorOf).toBe(source.id);
    expect(swapped.id).not.toBe(source.id);
    expect(swapped.layout).toEqual(source.layout);
    expect([swapped.width, swapped.height, Object.keys(swapped.exports)]).toEqual([source.width, source.height, Object.keys(source.exports)]);
    expect(swapped.quality).toMatchObject({ paletteCompliance: 1, alphaCoverage: source.quality.alphaCoverage });
    expect(swapped.quality.colors).toBeLessThanOrEqual(answer.palette.colors.length);
    expect(answer.credits.charged).toBe(1);
    expect(operation.responses["202"]!.content!["application/json"]!.example).toMatchObject({ status: "queued" });
  });

  it("describes the export route: its formats, the content type of each, and the 404 of a format that does not apply", () => {
    const doc = openApiDocument();
    const operation = doc.paths["/api/v1/assets/{id}/export/{format}"]!.get!;
    const format = operation.parameters!.find((p) => "name" in p && p.name === "format") as { schema: JsonSchema; description: string };
    expect(format.schema.enum).toEqual(["aseprite", "texturepacker", "godot", "tiled", "zip"]);
    expect(format.description).toContain("404");
    const content = operation.responses["200"]!.content!;
    expect(Object.keys(content).sort()).toEqual(["application/json", "application/zip", "text/plain"]);
    expect(content["application/json"]!.example).toMatchObject({ meta: { frameTags: [{ name: "idle_south" }] } });
    expect(content["text/plain"]!.example).toMatch(/^\[gd_resource type="SpriteFrames"/);
    expect(format.description).toContain("`tiled` (tilesets only: a zip of the Tiled `.tsx`");
    expect((content["application/zip"]!.schema as JsonSchema).description).toContain("`tiled`");
    const notFound = operation.responses["404"]!.content!["application/json"]!.examples!;
    expect(notFound.format!.value).toMatchObject({ error: { code: "not_found", details: { formats: ["aseprite", "texturepacker", "godot", "zip"] } } });
    expect(() => errorEnvelope.parse(notFound.format!.value)).not.toThrow();
    expect(operation.responses["304"]).toBeDefined();
  });

  it("describes the generation streams as text/event-stream with the payload of every event", () => {
    const doc = openApiDocument();
    for (const [path, method] of [
      ["/api/v1/generations/{id}/events", "get"],
      ["/api/ai/stream", "post"],
    ] as const) {
      const media = doc.paths[path]![method]!.responses["200"]!.content!["text/event-stream"]!;
      expect(media["x-events"]!.map((e) => e.event)).toEqual([
        "generation.queued",
        "generation.started",
        "generation.progress",
        "generation.preview",
        "generation.completed",
        "generation.failed",
        "stream.closed",
      ]);
      expect(media["x-events"]!.find((e) => e.event === "generation.completed")!.data).toEqual({ $ref: "#/components/schemas/Generation" });
      expect(media.example).toContain("event: generation.queued");
    }
    expect(doc.components.schemas.GenerationStreamEvent!.oneOf).toHaveLength(7);
  });

  it("marks GraphQL's endpoints, with the GraphQL request and result", () => {
    const doc = openApiDocument();
    const post = doc.paths["/graphql"]!.post!;
    expect(post["x-graphql"]).toBe(true);
    expect(post.requestBody!.content["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/GraphQLRequest" });
    expect(post.responses["200"]!.content!["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/GraphQLResult" });
  });

  it("has examples that their schemas accept", () => {
    expect(() => generateRequest.parse(examples.generateRequest)).not.toThrow();
    expect(() => generateRequest.parse(examples.generateMessages)).not.toThrow();
    expect(() => generation.parse(examples.succeeded)).not.toThrow();
    expect(() => generation.parse(examples.queued)).not.toThrow();
    expect(() => generateRequest.parse(examples.generateSheet)).not.toThrow();
    expect(() => generation.parse(examples.sheetSucceeded)).not.toThrow();
    expect(() => generateRequest.parse(examples.generateTileset)).not.toThrow();
    expect(() => generation.parse(examples.tilesetSucceeded)).not.toThrow();
    expect(() => estimate.parse(examples.estimate)).not.toThrow();
    expect(() => generateRequest.parse(examples.generatePalette)).not.toThrow();
    expect(() => generateRequest.parse(examples.generatePaletteColors)).not.toThrow();
    expect(() => generation.parse(examples.paletteSucceeded)).not.toThrow();
    // every asset example carries the measured quality; the palette one keeps to its palette
    for (const example of [examples.succeeded, examples.sheetSucceeded, examples.tilesetSucceeded, examples.paletteSucceeded]) {
      const quality = generation.parse(example).assets[0]!.quality!;
      expect(quality, example.id).toMatchObject({ paletteCompliance: 1, alphaCoverage: expect.any(Number), edgeContrast: expect.any(Number) });
      expect(quality.bbox, example.id).toBeTruthy();
    }
    expect(examples.paletteSucceeded.palette.colors).toHaveLength(16);
    expect(examples.paletteSucceeded.assets[0]!.quality.colors).toBeLessThanOrEqual(16);
    // the sheet example's layout and price follow the contract: 4 × 4 idle + 4 × 6 walk = 40 frames, 1 credit per 8 begun
    const sheet = examples.sheetSucceeded.assets[0]!;
    expect(sheet.layout.animations.reduce((n, row) => n + row.frames, 0)).toBe(40);
    expect(examples.sheetSucceeded.credits.charged).toBe(Math.ceil(40 / 8));
    expect([sheet.width, sheet.height]).toEqual([sheet.layout.columns * 64, sheet.layout.rows * 64]);
    expect(() => agentsResponse.parse(examples.agents)).not.toThrow();
    expect(examples.agents.agents.find((a) => a.id === "pixel-sprite")).toMatchObject({ outputs: ["image", "sheet"], sheet: { creditsPer8Frames: 1 } });
    expect(examples.agents.agents.find((a) => a.id === "texture")).toMatchObject({ outputs: ["image", "tileset"], tileset: { creditsPer16Tiles: 2 } });
    // the tileset example follows the contract: 16 tiles of 64 in a 4×4 grid, 2 credits per 16 begun
    const tiles = examples.tilesetSucceeded.assets[0]!;
    expect(tiles.layout.tiles).toHaveLength(16);
    expect([tiles.width, tiles.height]).toEqual([tiles.layout.columns * 64, tiles.layout.rows * 64]);
    expect(examples.tilesetSucceeded.credits.charged).toBe(2 * Math.ceil(16 / 16));
    expect(() => sessionResponse.parse(examples.session)).not.toThrow();
    expect(() => createdKeyResponse.parse(examples.createdKey)).not.toThrow();
    expect(() => balanceResponse.parse(examples.balance)).not.toThrow();
    expect(() => discoveryResponse.parse(examples.discovery)).not.toThrow();
    expect(() => createKeyRequest.parse({ name: "my agent", scopes: ["generate"] })).not.toThrow();
    for (const code of Object.keys(errorCodes) as ErrorCode[]) {
      expect(() => errorEnvelope.parse(errorExample(code)), code).not.toThrow();
      expect(errorExample(code).error.retryable).toBe(errorCodes[code].retryable);
    }
  });

  it("takes any row: no body, no response schema, an unknown transport, a compatibility path, a shared id", async () => {
    const shared = z.object({ a: z.string().transform((s) => s.length) }).meta({ id: "Shared" });
    const rows: (RouteSpec & { id: string })[] = [
      {
        id: "bare",
        method: "GET",
        path: "/bare/:thing",
        transport: "rest",
        auth: { allow: "public" },
        summary: "Nothing more.",
        tags: [],
        responses: { 200: { description: "ok" } },
        errors: [],
      },
      {
        id: "compat",
        method: "POST",
        path: "/v1/images/generations",
        transport: "rest",
        auth: { allow: "api_key", scope: "generate" },
        summary: "OpenAI Images.",
        tags: ["OpenAI compatibility"],
        body: shared,
        responses: { 200: { description: "ok", schema: shared }, 204: { description: "none" } },
        errors: ["invalid_request", "rate_limited"],
      },
      {
        id: "other",
        method: "DELETE",
        path: "/x",
        transport: "mcp" as RouteSpec["transport"],
        auth: { allow: "any", admin: true },
        summary: "Something new.",
        tags: ["New"],
        responses: {},
        errors: ["not_found"],
      },
    ];
    const doc = buildOpenApiDocument(rows);
    await valid(doc);
    expect(doc.paths["/bare/{thing}"]!.get!.responses["200"]).toMatchObject({ description: "ok" });
    expect(doc.paths["/v1/images/generations"]!.post!["x-compatibility-layer"]).toBe("openai-images");
    // One id, two shapes (input: a string; output: a number): two components.
    expect(doc.components.schemas.Shared).toBeDefined();
    expect(doc.components.schemas.SharedOutput).toBeDefined();
    expect(doc.paths["/x"]!.delete!.responses["404"]).toBeDefined();
    expect(doc.tags.map((t) => t.name)).toEqual(["OpenAI compatibility", "New"]);
  });
});
