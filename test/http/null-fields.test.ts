// `null` for an optional field means the field is absent, the same on every transport (contract section 12):
// REST, GraphQL, MCP and the OpenAI layer, each given `palette: null` (and other optional nulls), make what they
// make without the field, at the same price; none refuses it and none treats it as a value.
import { describe, expect, it } from "vitest";
import { call, mcpSession, textOf } from "../support/mcp-session.js";
import { bearer } from "../support/users.js";

const session = mcpSession();

async function post(path: string, secret: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(new URL(path, session.base), {
    method: "POST",
    headers: { ...bearer(secret), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

type Asset = { sha256: string };

/** The generation once it has ended (GraphQL's generate answers it queued). */
async function ended(secret: string, id: string): Promise<Generation & { status: string }> {
  for (;;) {
    const g = (await (await fetch(new URL(`/api/v1/generations/${id}`, session.base), { headers: bearer(secret) })).json()) as Generation & { status: string };
    if (g.status !== "queued" && g.status !== "running") return g;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
type Generation = { palette: unknown; seed: number; credits: { charged: number }; assets: Asset[] };

describe("null for an optional field, on every transport", () => {
  const request = { prompt: "a knight with a sword", agentId: "pixel-sprite", width: 32, height: 32, seed: 11 };

  it("REST, GraphQL and MCP make the same bytes with palette, sheet, strict and transparent null as without them", async () => {
    const { secret } = await session.account();
    const plain = await post("/api/v1/generate", secret, request);
    expect(plain.status).toBe(200);
    const expected = (plain.json as unknown as Generation).assets[0]!.sha256;

    const nulls = { palette: null, sheet: null, tileset: null, strict: null, transparent: null, messages: null };
    const rest = await post("/api/v1/generate", secret, { ...request, ...nulls });
    expect(rest.status, JSON.stringify(rest.json)).toBe(200);
    const restGeneration = rest.json as unknown as Generation;
    expect(restGeneration.palette ?? null).toBeNull();
    expect(restGeneration.credits.charged).toBe(1);
    expect(restGeneration.assets[0]!.sha256).toBe(expected);

    const gql = await post("/graphql", secret, {
      query: "mutation($input: GenerateInput!) { generate(input: $input) { id palette credits { charged } } }",
      variables: { input: { ...request, palette: null, sheet: null, tileset: null, transparent: null } },
    });
    expect(gql.json.errors, JSON.stringify(gql.json)).toBeUndefined();
    const gqlGeneration = (gql.json.data as { generate: Generation & { id: string } }).generate;
    expect(gqlGeneration).toMatchObject({ palette: null, credits: { charged: 1 } });
    expect((await ended(secret, gqlGeneration.id)).assets[0]!.sha256).toBe(expected);

    const client = await session.httpClient(secret);
    const mcp = await call(client, "generate_asset", { ...request, palette: null, sheet: null, tileset: null, transparent: null });
    expect(mcp.isError, textOf(mcp)).toBeFalsy();
    const id = /gen_[A-Za-z0-9_-]+/.exec(textOf(mcp))![0];
    const read = await ended(secret, id);
    expect(read.palette ?? null).toBeNull();
    expect(read.assets[0]!.sha256).toBe(expected);
  });

  it("the OpenAI layer takes palette: null as no palette, at the agent's price", async () => {
    const { secret } = await session.account();
    const before = await session.balanceOf(secret);
    const answer = await post("/v1/images/generations", secret, { model: "pixel-sprite", prompt: "a knight", palette: null, n: null, size: null });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect((answer.json.data as unknown[]).length).toBe(1);
    expect(before - (await session.balanceOf(secret))).toBe(1);
  });

  it("a dry run with null options prices the call as without them, on REST and MCP", async () => {
    const { secret } = await session.account();
    const rest = await post("/api/v1/generate", secret, { ...request, dryRun: true, palette: null, sheet: null });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ dryRun: true, credits: { price: 1 } });
    const client = await session.httpClient(secret);
    const estimate = await call(client, "estimate_cost", { agentId: "pixel-sprite", prompt: "a knight", palette: null, tileset: null });
    expect(estimate.isError, textOf(estimate)).toBeFalsy();
  });
});
