import { describe, expect, it, vi } from "vitest";
import { errorResponse } from "../../contract/render.js";
import { anonymous } from "../../domain/auth/viewer.js";
import { createLogger } from "../../infra/logger.js";
import { answerFetch, createEdge } from "../http/edge.js";
import type { GraphQLDeps } from "./yoga.js";

// Count the guard's parses: Yoga's parser cache must spare a repeated document the guard.
const guard = vi.hoisted(() => ({ parses: 0 }));
vi.mock("./guard.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./guard.js")>();
  return {
    ...original,
    parseGuarded: (source: string) => {
      guard.parses++;
      return original.parseGuarded(source);
    },
  };
});

const { armourParts, createGraphQLHandler } = await import("./yoga.js");

const logger = createLogger("silent");
// `{ __typename }` and refused documents touch neither the database nor the services.
const deps = {
  prisma: {},
  services: {},
  logger,
  production: false,
  streamReservationMs: 1000,
  response: { maxResponseBytes: 32 * 1024 * 1024, inlineB64MaxBytes: 4 * 1024 * 1024 },
} as unknown as GraphQLDeps;

/** /graphql behind the app's edge (its request state, body and Request class), with only this handler. */
function serve(armour: readonly (typeof armourParts)[number][] = armourParts) {
  const edge = createEdge({
    logger,
    authenticate: async () => ({ viewer: anonymous }),
    trustProxy: false,
    bodyLimitBytes: 100_000,
    direct: { "/graphql": createGraphQLHandler(deps, { armour }) },
    router: () => new Response(null, { status: 404 }),
    renderError: (_path, error, state) => errorResponse(error, state.requestId),
  });
  return (request: Request) => answerFetch(edge, request);
}

const deep = `{ ${"viewer { account { user { ".repeat(4)}id${" } } }".repeat(4)} }`;

describe("/graphql", () => {
  const graphql = serve();
  const post = async (query: string) => {
    const request = new Request("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    const response = await graphql(request);
    const body = (await response.json()) as { data?: unknown; errors?: { extensions: { code: string; requestId: string } }[] };
    return { status: response.status, requestId: response.headers.get("x-request-id"), body };
  };

  it("guards a document once: repeats come from Yoga's parser cache", async () => {
    const before = guard.parses;
    for (let i = 0; i < 3; i++) expect((await post("{ __typename }")).body).toEqual({ data: { __typename: "Query" } });
    expect(guard.parses - before).toBe(1);
    await post("{ __typename __typename }");
    expect(guard.parses - before).toBe(2);
  });

  it("refuses a document the guard refuses every time, parsing it once (the refusal is cached too)", async () => {
    const before = guard.parses;
    for (let i = 0; i < 2; i++) {
      const { body, requestId } = await post(deep);
      expect(body.data ?? null).toBeNull();
      expect(body.errors![0]!.extensions).toEqual(expect.objectContaining({ code: "invalid_request", requestId }));
      expect(requestId).toMatch(/^req_/);
    }
    expect(guard.parses - before).toBe(1);
  });
});

describe("the armour's parts (bench/graphql-armour.ts leaves some out to measure them)", () => {
  const get = async (graphql: ReturnType<typeof serve>, query: string, headers: Record<string, string> = {}) => {
    const response = await graphql(
      new Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: "application/json", ...headers } }),
    );
    return { status: response.status, text: await response.text(), requestId: response.headers.get("x-request-id")! };
  };

  it("are all served unless told otherwise: the guard and CSRF prevention refuse, errors carry our codes", async () => {
    const graphql = serve();
    expect((await get(graphql, "{ __typename }")).status).toBe(403); // no preflight header
    const refused = await get(graphql, deep, { "x-graphql-csrf": "1" });
    expect(refused.text).toContain('"code":"invalid_request"');
    expect(refused.text).toContain(`"requestId":"${refused.requestId}"`);
    expect(JSON.parse(refused.text)).not.toHaveProperty("data.viewer");
  });

  it("leave only when left out: no guard, no CSRF prevention, Yoga's own error codes", async () => {
    const graphql = serve([]);
    expect(await get(graphql, "{ __typename }")).toMatchObject({ status: 200, text: '{"data":{"__typename":"Query"}}' });
    const unknown = await get(graphql, "{ nope }");
    expect(unknown.text).toContain("GRAPHQL_VALIDATION_FAILED");
    expect(unknown.text).not.toContain(unknown.requestId);
  });
});
