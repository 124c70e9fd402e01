import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInAgents, builtInCatalog } from "../../src/agents/procedural/agents.js";
import { syncAgents } from "../../src/domain/agents/agents.js";
import { graphql } from "../gql/index.js";
import { graphql as execute, startTestApp, type TestApp } from "../support/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/ai/agents", () => {
  it("lists the built-in agents exactly as contract section 6", async () => {
    const response = await t.request("/api/ai/agents");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9A-Za-z]{22}$/);
    const body = (await response.json()) as { agents: Record<string, unknown>[]; defaultAgentId: string };
    expect(Object.keys(body).sort()).toEqual(["agents", "defaultAgentId"]);
    expect(body.defaultAgentId).toBe(builtInCatalog.defaultAgentId);
    expect(body.agents.map((a) => a.id)).toEqual(builtInAgents.map((a) => a.id));
    for (const agent of body.agents) {
      const sheets = agent.id === "pixel-sprite";
      const tilesets = agent.id === "texture";
      // the agents that work on the caller's picture read no prompt: they list no `knows`
      const takesPictureOnly = agent.id === "pixel-fixer" || agent.id === "cutout";
      expect(agent.inputs).toEqual(takesPictureOnly || sheets ? ["prompt", "image"] : ["prompt"]);
      expect(Object.keys(agent).sort()).toEqual(
        [
          "credits",
          "defaultSize",
          "description",
          "formats",
          "id",
          "inputs",
          ...(takesPictureOnly ? [] : ["knows"]),
          "name",
          "outputs",
          "sizes",
          "supportsTransparent",
          ...(sheets ? ["sheet"] : []),
          ...(tilesets ? ["tileset"] : []),
        ].sort(),
      );
      // section 12: the sprite agent draws sheets too, priced per 8 frames begun; the texture agent tilesets, per 16 tiles
      expect(agent.outputs).toEqual(["image", ...(sheets ? ["sheet"] : []), ...(tilesets ? ["tileset"] : [])]);
      if (tilesets) expect(agent.tileset).toEqual({ layouts: ["wang-corner-16", "wang-edge-16", "blob-47"], maxTerrains: 2, creditsPer16Tiles: agent.credits });
      if (sheets) {
        expect(agent.sheet).toEqual({
          framesPerAnimation: { idle: 4, walk: 6, run: 6, jump: 5, attack: 5, cast: 5, hurt: 3, death: 5 },
          directions: [1, 4, 8],
          maxSidePx: 4096,
          creditsPer8Frames: agent.credits,
        });
      }
      expect(agent.credits).toBeGreaterThan(0);
      expect(agent.sizes).toContainEqual(agent.defaultSize);
      expect(agent.formats).toEqual(["image/png"]);
    }
    expect(body.agents[0]).toMatchObject({
      id: "pixel-sprite",
      supportsTransparent: true,
      defaultSize: { width: 64, height: 64 },
    });
  });

  it("lists what each procedural agent knows: subjects it draws, modifiers and styles it honours", async () => {
    const body = (await (await t.request("/api/ai/agents")).json()) as {
      agents: { id: string; knows: { subjects: string[]; modifiers: string[]; styles: string[] } }[];
    };
    const knows = Object.fromEntries(body.agents.filter((a) => a.knows !== undefined).map((a) => [a.id, a.knows]));
    expect(Object.keys(knows).sort()).toEqual(["icon", "pixel-sprite", "texture"]);
    expect(Object.keys(knows.texture!).sort()).toEqual(["modifiers", "styles", "subjects"]);
    expect(knows["pixel-sprite"]!.subjects).toEqual(expect.arrayContaining(["knight", "slime", "dragon", "potion"]));
    expect(knows["pixel-sprite"]!.subjects).not.toContain("grass");
    expect(knows.texture!.subjects).toEqual(expect.arrayContaining(["grass", "brick", "stone"]));
    expect(knows.icon!.subjects).toEqual(expect.arrayContaining(["potion", "sword", "heart"]));
    for (const k of Object.values(knows)) {
      expect(k.subjects).toEqual([...new Set(k.subjects)].sort());
      expect(k.modifiers).toEqual(expect.arrayContaining(["red", "blue"]));
      expect(k.styles).toContain("dark");
    }
    // honoured only: a texture reads "mossy", a sprite "cute" (and moss on a thing); the sprite claims no badge shape
    expect(knows.texture!.styles).toContain("mossy");
    expect(knows.texture!.styles).not.toContain("cute");
    expect(knows["pixel-sprite"]!.styles).toEqual(expect.arrayContaining(["cute", "no outline"]));
    expect(knows["pixel-sprite"]!.styles).toContain("mossy");
    expect(knows["pixel-sprite"]!.styles).not.toContain("hex");
    // each listed subject draws: the agent's own reading of it alone does not fall back
    for (const [agentId, k] of Object.entries(knows)) {
      const driver = t.app.services.agents.catalog.driver(agentId)!;
      for (const subject of k.subjects) expect(driver.interpret!({ prompt: subject }).fallback, `${agentId} ${subject}`).toBe(false);
    }
  });

  it("GraphQL's Agent.knows is the same lists, and outputs the same as REST's", async () => {
    const rest = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; knows: unknown; outputs: string[] }[] };
    const result = await execute(t, graphql(`query AgentKnows { agents { id outputs knows { subjects modifiers styles } } }`));
    expect(result.errors).toBeUndefined();
    for (const agent of result.data!.agents) {
      expect(agent.outputs).toEqual(rest.agents.find((a) => a.id === agent.id)!.outputs);
      expect(agent.knows).toEqual(rest.agents.find((a) => a.id === agent.id)!.knows ?? null);
    }
  });

  it("answers with or without credentials", async () => {
    const response = await t.request("/api/ai/agents", {
      headers: { authorization: "Bearer ags_not-a-real-key", cookie: "ags_session=nope" },
    });
    expect(response.status).toBe(200);
  });

  it("hides a disabled agent and shows an admin's new price, which a re-sync keeps", async () => {
    await t.db.prisma.agent.update({ where: { id: "texture" }, data: { enabled: false } });
    await t.db.prisma.agent.update({ where: { id: "icon" }, data: { credits: 5, name: "Renamed by hand" } });
    await syncAgents(t.db.prisma, t.app.services.agents.catalog);
    const body = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; credits: number; name: string }[] };
    expect(body.agents.map((a) => a.id)).not.toContain("texture");
    const icon = body.agents.find((a) => a.id === "icon")!;
    expect(icon.credits).toBe(5);
    expect(icon.name).toBe("Flat icon"); // descriptive fields belong to the code
    await t.db.prisma.agent.update({ where: { id: "texture" }, data: { enabled: true } });
    await t.db.prisma.agent.update({ where: { id: "icon" }, data: { credits: 2 } });
  });
});

describe("envelope and request ids", () => {
  it("answers unknown paths with the not_found envelope", async () => {
    const response = await t.request("/api/v1/nothing-here");
    expect(response.status).toBe(404);
    const requestId = response.headers.get("x-request-id");
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: expect.any(String), requestId, retryable: false },
    });
  });

  it("gives every request its own id", async () => {
    const [a, b] = await Promise.all([t.request("/healthz"), t.request("/healthz")]);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("GET /healthz checks the database and the blob store", async () => {
    const response = await t.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: t.db.kind, blobStore: "fs", checks: { database: "up", blobs: "up" } });
  });

  it("logs one structured line per request with its id", async () => {
    const response = await t.request("/api/ai/agents");
    const id = response.headers.get("x-request-id");
    const line = t.logs.find((l) => l.requestId === id && l.msg === "request");
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/api/ai/agents", status: 200 });
  });
});

const AgentsQuery = graphql(`
  query Agents {
    agents {
      id
      name
      credits
      supportsTransparent
      sizes {
        width
        height
      }
      defaultSize {
        width
        height
      }
      formats
    }
    defaultAgentId
  }
`);

describe("GraphQL Query.agents", () => {
  it("returns the same catalog as REST", async () => {
    const result = await execute(t, AgentsQuery);
    expect(result.errors).toBeUndefined();
    const rest = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; credits: number }[] };
    expect(result.data!.agents.map((a) => [a.id, a.credits])).toEqual(rest.agents.map((a) => [a.id, a.credits]));
    expect(result.data!.defaultAgentId).toBe("pixel-sprite");
  });

  it("answers a syntax error with invalid_request in extensions.code", async () => {
    const response = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ agents { id " }),
    });
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe("invalid_request");
  });

  it("serves GraphiQL on GET without any CDN", async () => {
    const response = await t.request("/graphql", { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("GraphiQL");
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
    expect(html).not.toMatch(/<link[^>]+href="https?:\/\//);
  });

  it("serves the graphql-sse protocol at /graphql/stream", async () => {
    const response = await t.request("/graphql/stream", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ query: "{ defaultAgentId }" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('"defaultAgentId":"pixel-sprite"');
    expect(text).toContain("event: complete");
  });
});
