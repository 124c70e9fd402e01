import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../../infra/logger.js";
import type { RequestState } from "../http/request-state.js";
import { setRequestState } from "../http/request-state.js";
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

const { createGraphQLFrontRoute, createGraphQLHandler } = await import("./yoga.js");

const logger = createLogger("silent");
// `{ __typename }` and refused documents touch neither the database nor the services.
const deps = { prisma: {}, services: {}, logger, production: false, streamReservationMs: 1000 } as unknown as GraphQLDeps;

function state(): RequestState {
  return { requestId: "req_test", logger, startedAt: 0, cookies: [], headers: {}, clientAddress: "unknown", viewer: async () => ({ kind: "anonymous" }) } as RequestState;
}

const deep = `{ ${"viewer { account { user { ".repeat(4)}id${" } } }".repeat(4)} }`;

describe.each([
  ["the app's Yoga (Node's fetch classes)", () => ({ Request: globalThis.Request, fetch: createGraphQLHandler(deps) })],
  ["the Node front's Yoga (whatwg-node classes)", () => createGraphQLFrontRoute(deps)],
])("%s", (_name, create) => {
  const route = create();
  const post = async (query: string) => {
    const request = new route.Request("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    setRequestState(request, state());
    const response = await route.fetch(request);
    return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { extensions: { code: string; requestId: string } }[] } };
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
      const { body } = await post(deep);
      expect(body.data ?? null).toBeNull();
      expect(body.errors![0]!.extensions).toMatchObject({ code: "invalid_request", requestId: "req_test" });
    }
    expect(guard.parses - before).toBe(1);
  });
});

describe("the armour's parts (bench/graphql-armour.ts leaves some out to measure them)", () => {
  const get = async (route: ReturnType<typeof createGraphQLFrontRoute>, query: string, headers: Record<string, string> = {}) => {
    const request = new route.Request(`http://localhost/graphql?query=${encodeURIComponent(query)}`, { method: "GET", headers: { accept: "application/json", ...headers } });
    setRequestState(request, state());
    const response = await route.fetch(request);
    return { status: response.status, text: await response.text() };
  };

  it("are all served unless told otherwise: the guard and CSRF prevention refuse, errors carry our codes", async () => {
    const route = createGraphQLFrontRoute(deps);
    expect((await get(route, "{ __typename }")).status).toBe(403); // no preflight header
    const refused = await get(route, deep, { "x-graphql-csrf": "1" });
    expect(refused.text).toContain('"code":"invalid_request"');
    expect(refused.text).toContain('"requestId":"req_test"');
    expect(JSON.parse(refused.text)).not.toHaveProperty("data.viewer");
  });

  it("leave only when left out: no guard, no CSRF prevention, Yoga's own error codes", async () => {
    const route = createGraphQLFrontRoute(deps, { armour: [] });
    expect(await get(route, "{ __typename }")).toEqual({ status: 200, text: '{"data":{"__typename":"Query"}}' });
    const unknown = await get(route, "{ nope }");
    expect(unknown.text).toContain("GRAPHQL_VALIDATION_FAILED");
    expect(unknown.text).not.toContain("req_test");
  });
});
