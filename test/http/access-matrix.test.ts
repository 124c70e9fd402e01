import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/transports/graphql/schema/index.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";

/**
 * Calls every REST route and every GraphQL root field as anonymous, as another user, as a
 * non-admin and through the wrong scheme, and checks the contract's 401 / 403 / 404.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let aliceKey: string;
let aliceKeyId: string;
let adminKey: string;
let aliceReadKey: string;
let bobKey: string;
let aliceGeneration: string;
let aliceAsset: string;
let aliceProject: string;

beforeAll(async () => {
  t = await startTestApp();
  [alice, bob, admin] = [await signUp(t), await signUp(t), await signUp(t, { admin: true })];
  ({ secret: aliceKey, id: aliceKeyId } = await createKey(t, alice));
  adminKey = (await createKey(t, admin)).secret;
  aliceReadKey = (await createKey(t, alice, { scopes: ["read"] })).secret;
  bobKey = (await createKey(t, bob)).secret;
  const generated = await t.request("/api/v1/generate", {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(aliceKey) },
    body: JSON.stringify({ prompt: "a tiny key", agentId: "pixel-sprite", width: 16 }),
  });
  const body = (await generated.json()) as { id: string; assets: { id: string }[] };
  aliceGeneration = body.id;
  aliceAsset = body.assets[0]!.id;
  const project = await t.request("/api/v1/projects", {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(aliceKey) },
    body: JSON.stringify({ name: "matrix" }),
  });
  aliceProject = ((await project.json()) as { id: string }).id;
});
afterAll(() => t.close());

type Caller = "anonymous" | "alice" | "bob" | "admin" | "aliceKey" | "adminKey" | "aliceReadKey" | "bobKey";
const headersOf = (caller: Caller): Record<string, string> => {
  switch (caller) {
    case "anonymous":
      return {};
    case "aliceKey":
      return bearer(aliceKey);
    case "adminKey":
      return bearer(adminKey);
    case "aliceReadKey":
      return bearer(aliceReadKey);
    case "bobKey":
      return bearer(bobKey);
    default:
      return { cookie: { alice, bob, admin }[caller].cookie, origin };
  }
};

describe("REST routes", () => {
  // [method, path (":key", ":gen", ":asset" = alice's), body, expected status per caller]
  const routes: [string, string, unknown, Partial<Record<Caller, number>>][] = [
    ["GET", "/api/ai/agents", undefined, { anonymous: 200, alice: 200, aliceKey: 200 }],
    ["GET", "/healthz", undefined, { anonymous: 200 }],
    ["GET", "/api/auth/session", undefined, { anonymous: 401, aliceKey: 401, alice: 200 }],
    ["GET", "/api/keys", undefined, { anonymous: 401, aliceKey: 401, alice: 200, bob: 200 }],
    ["POST", "/api/keys", { name: "m" }, { anonymous: 401, aliceKey: 401, adminKey: 401, alice: 201 }],
    ["DELETE", "/api/keys/:key", undefined, { anonymous: 401, aliceKey: 401, bob: 404, admin: 404 }],
    ["POST", "/api/auth/sign-out", undefined, { anonymous: 204 }],
    ["POST", "/api/v1/generate", { prompt: "x", width: 16 }, { anonymous: 401, alice: 401, aliceReadKey: 403, aliceKey: 200 }],
    ["POST", "/api/ai/generate", { prompt: "x", width: 16 }, { anonymous: 401, aliceKey: 401, alice: 200 }],
    ["POST", "/api/ai/stream", { prompt: "x", width: 16 }, { anonymous: 401, aliceKey: 401, alice: 200 }],
    ["GET", "/api/v1/generations/:gen", undefined, { anonymous: 401, bob: 404, bobKey: 404, admin: 404, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/generations/:gen/events", undefined, { anonymous: 401, bobKey: 404, aliceReadKey: 200 }],
    ["POST", "/api/v1/generations/:gen/cancel", undefined, { anonymous: 401, bobKey: 404, aliceReadKey: 403, aliceKey: 200 }],
    ["GET", "/api/v1/assets/:asset", undefined, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/assets/:asset/export/zip", undefined, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 200, alice: 200 }],
    ["POST", "/api/v1/assets/:asset/recolor", { palette: "pico-8" }, { anonymous: 401, bobKey: 404, aliceReadKey: 403, aliceKey: 200, alice: 200 }],
    ["POST", "/api/v1/assets/:asset/map", { width: 4, height: 4 }, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 403 }],
    ["POST", "/api/v1/kits", { items: [{ prompt: "x" }] }, { anonymous: 401, alice: 401, aliceReadKey: 403 }],
    ["POST", "/api/v1/atlases", { assets: ["ast_0123456789012345678901"] }, { anonymous: 401, alice: 401, aliceReadKey: 403, aliceKey: 404 }],
    ["POST", "/api/ai/kits", { items: [{ prompt: "x" }] }, { anonymous: 401, aliceKey: 401 }],
    ["GET", "/api/v1/kits/kit_0123456789012345678901", undefined, { anonymous: 401, alice: 404, aliceReadKey: 404 }],
    ["POST", "/api/v1/assets/:asset/links", { expiresIn: 60 }, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 201, alice: 201 }],
    ["GET", "/api/v1/links/ast_0123456789012345678901-zz-0123456789012345678901", undefined, { anonymous: 404, alice: 404 }],
    ["DELETE", "/api/v1/assets/:asset", undefined, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 403 }],
    ["DELETE", "/api/v1/generations/:gen", undefined, { anonymous: 401, bob: 404, bobKey: 404, admin: 404, aliceReadKey: 403 }],
    ["POST", "/api/auth/delete-account", { password: "wrong-password" }, { anonymous: 401, aliceKey: 401, alice: 403 }],
    ["POST", "/api/v1/projects", { name: "p" }, { anonymous: 401, aliceReadKey: 403, aliceKey: 201, alice: 201 }],
    ["GET", "/api/v1/projects", undefined, { anonymous: 401, aliceReadKey: 200, alice: 200, bobKey: 200 }],
    ["GET", "/api/v1/projects/:prj", undefined, { anonymous: 401, bob: 404, bobKey: 404, admin: 404, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/projects/:prj/assets", undefined, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/projects/:prj/export/zip", undefined, { anonymous: 401, bob: 404, bobKey: 404, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/storage", undefined, { anonymous: 401, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/v1/credits", undefined, { anonymous: 401, aliceReadKey: 200, alice: 200 }],
    ["GET", "/api/billing/packs", undefined, { anonymous: 401, alice: 404, aliceReadKey: 404 }], // buying credits is off here
    ["POST", "/api/billing/checkout", { pack: "starter" }, { anonymous: 401, aliceKey: 401, alice: 404 }],
    ["POST", "/api/billing/stripe-webhook", {}, { anonymous: 404 }],
    ["GET", "/api/nothing", undefined, { anonymous: 404, alice: 404 }],
  ];

  for (const [method, path, body, expected] of routes) {
    for (const [caller, status] of Object.entries(expected) as [Caller, number][]) {
      it(`${method} ${path} as ${caller} → ${status}`, async () => {
        const response = await t.request(
          path.replace(":key", aliceKeyId).replace(":gen", aliceGeneration).replace(":asset", aliceAsset).replace(":prj", aliceProject),
          {
            method,
            headers: { ...headersOf(caller), ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
        );
        expect(response.status).toBe(status);
        if (status === 200) await response.arrayBuffer(); // drain streams
        if (status >= 400) {
          const error = ((await response.json()) as { error: { code: string } }).error;
          expect(error.code).toBe({ 401: "unauthenticated", 403: "forbidden", 404: "not_found", 410: "gone" }[status]);
        }
      });
    }
  }

  it("alice's key survived bob's and the admin's attempts to delete it", async () => {
    expect(await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: aliceKeyId } })).toMatchObject({ revokedAt: null });
  });
});

describe("GraphQL root fields", () => {
  type Outcome = "ok" | "null" | "unauthenticated" | "forbidden" | "not_found";
  const fields: Record<string, { query: string; variables?: () => Record<string, unknown>; expect: Partial<Record<Caller, Outcome>> }> = {
    "Query.agents": { query: "{ agents { id } }", expect: { anonymous: "ok", aliceKey: "ok" } },
    "Query.defaultAgentId": { query: "{ defaultAgentId }", expect: { anonymous: "ok" } },
    "Query.viewer": { query: "{ viewer { user { id } } }", expect: { anonymous: "null", alice: "ok", aliceKey: "ok" } },
    "Query.account": {
      query: "query ($id: ID!) { account(id: $id) { balance } }",
      variables: () => ({ id: alice.accountId }),
      expect: { anonymous: "unauthenticated", alice: "ok", aliceKey: "ok", bob: "not_found", admin: "ok" },
    },
    "Query.accounts": {
      query: "{ accounts { totalCount } }",
      expect: { anonymous: "unauthenticated", alice: "forbidden", aliceKey: "unauthenticated", adminKey: "unauthenticated", admin: "ok" },
    },
    "Query.apiKeys": { query: "{ apiKeys { id } }", expect: { anonymous: "unauthenticated", alice: "ok", aliceKey: "ok" } },
    "Mutation.createApiKey": {
      query: 'mutation { createApiKey(input: { name: "m" }) { secret } }',
      expect: { anonymous: "unauthenticated", aliceKey: "unauthenticated", alice: "ok" },
    },
    "Query.generation": {
      query: "query ($id: ID!) { generation(id: $id) { id } }",
      variables: () => ({ id: aliceGeneration }),
      expect: { anonymous: "unauthenticated", alice: "ok", aliceReadKey: "ok", bob: "not_found", admin: "not_found" },
    },
    "Query.generations": { query: "{ generations { nodes { id } } }", expect: { anonymous: "unauthenticated", aliceReadKey: "ok" } },
    "Query.estimate": {
      query: '{ estimate(input: { prompt: "a red potion", agentId: "icon" }) { credits { price } } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "ok", alice: "ok" },
    },
    "Mutation.generate": {
      query: 'mutation { generate(input: { prompt: "x", width: 16 }) { id } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", aliceKey: "ok", alice: "ok" },
    },
    "Mutation.cancelGeneration": {
      query: "mutation ($id: ID!) { cancelGeneration(id: $id) { status } }",
      variables: () => ({ id: aliceGeneration }),
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", bobKey: "not_found", aliceKey: "ok" },
    },
    "Mutation.recolorAsset": {
      query: 'mutation ($id: ID!) { recolorAsset(id: $id, palette: "gameboy") { id } }',
      variables: () => ({ id: aliceAsset }),
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", bobKey: "not_found", aliceKey: "ok" },
    },
    "Mutation.createAssetLink": {
      query: "mutation ($id: ID!) { createAssetLink(id: $id) { url } }",
      variables: () => ({ id: aliceAsset }),
      expect: { anonymous: "unauthenticated", bobKey: "not_found", bob: "not_found", aliceReadKey: "ok", alice: "ok" },
    },
    "Mutation.deleteAsset": {
      query: "mutation ($id: ID!) { deleteAsset(id: $id) }",
      variables: () => ({ id: aliceAsset }),
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", bobKey: "not_found", bob: "not_found" },
    },
    "Mutation.deleteGeneration": {
      query: "mutation ($id: ID!) { deleteGeneration(id: $id) }",
      variables: () => ({ id: aliceGeneration }),
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", bobKey: "not_found", admin: "not_found" },
    },
    "Mutation.deleteAccount": {
      query: 'mutation { deleteAccount(password: "wrong-password") }',
      expect: { anonymous: "unauthenticated", aliceKey: "unauthenticated", alice: "forbidden" },
    },
    "Query.projects": { query: "{ projects { id name } }", expect: { anonymous: "unauthenticated", aliceReadKey: "ok", alice: "ok" } },
    "Mutation.createProject": {
      query: 'mutation { createProject(input: { name: "g", scale: 16 }) { id scale } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", aliceKey: "ok", alice: "ok" },
    },
    "Query.kit": {
      query: '{ kit(id: "kit_0123456789012345678901") { id } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "not_found", alice: "not_found" },
    },
    "Query.estimateKit": {
      query: 'query { estimateKit(input: { items: [{ prompt: "slime", agentId: "pixel-sprite" }], scale: 16 }) { price } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "ok", alice: "ok" },
    },
    "Mutation.generateKit": {
      query: 'mutation { generateKit(input: { items: [{ prompt: "slime", agentId: "pixel-sprite" }], scale: 16 }) { id status } }',
      expect: { anonymous: "unauthenticated", aliceReadKey: "forbidden", aliceKey: "ok" },
    },
    // A File variable only comes in a multipart request: uploads-graphql.test.ts checks who may upload (anonymous, a read key).
    "Mutation.uploadImage": { query: "", expect: {} },
    "Query.storage": { query: "{ storage { usedBytes quotaBytes } }", expect: { anonymous: "unauthenticated", aliceReadKey: "ok", alice: "ok" } },
    "Query.usage": {
      query: "query ($id: ID) { usage(accountId: $id) { total { credits } } }",
      variables: () => ({ id: alice.accountId }),
      expect: { anonymous: "unauthenticated", alice: "ok", aliceReadKey: "ok", bob: "not_found", admin: "ok" },
    },
    "Query.purchases": {
      query: "{ purchases { id } }",
      expect: { anonymous: "unauthenticated", alice: "forbidden", aliceKey: "unauthenticated", adminKey: "unauthenticated", admin: "ok" },
    },
    "Mutation.setLowBalanceThreshold": {
      query: "mutation { setLowBalanceThreshold(credits: 5) { balance } }",
      expect: { anonymous: "unauthenticated", aliceKey: "unauthenticated", alice: "ok" },
    },
    "Mutation.updateApiKey": {
      query: 'mutation ($id: ID!) { updateApiKey(id: $id, input: { name: "renamed" }) { id } }',
      variables: () => ({ id: aliceKeyId }),
      expect: { anonymous: "unauthenticated", aliceKey: "unauthenticated", bob: "not_found", alice: "ok" },
    },
    "Mutation.grantCredits": {
      query: 'mutation ($id: ID!) { grantCredits(accountId: $id, amount: 1, reason: "r") { balance } }',
      variables: () => ({ id: alice.accountId }),
      expect: { anonymous: "unauthenticated", alice: "forbidden", aliceKey: "unauthenticated", adminKey: "unauthenticated", admin: "ok" },
    },
    "Mutation.adjustCredits": {
      query: 'mutation ($id: ID!) { adjustCredits(accountId: $id, amount: -1, reason: "r") { balance } }',
      variables: () => ({ id: alice.accountId }),
      expect: { anonymous: "unauthenticated", alice: "forbidden", admin: "ok" },
    },
    "Subscription.generationEvents": {
      query: "subscription ($id: ID!) { generationEvents(id: $id) { seq } }",
      variables: () => ({ id: aliceGeneration }),
      expect: { anonymous: "unauthenticated", bobKey: "not_found", aliceReadKey: "ok" },
    },
    "Subscription.kitEvents": {
      query: 'subscription { kitEvents(id: "kit_0123456789012345678901") { seq } }',
      expect: { anonymous: "unauthenticated", alice: "not_found", aliceReadKey: "not_found" },
    },
    "Mutation.revokeApiKey": {
      query: "mutation ($id: ID!) { revokeApiKey(id: $id) }",
      variables: () => ({ id: aliceKeyId }),
      expect: { anonymous: "unauthenticated", aliceKey: "unauthenticated", bob: "not_found", admin: "not_found" },
    },
  };

  it("has a row for every root field of the schema (a new field needs one)", () => {
    const actual = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
      Object.keys(type?.getFields() ?? {}).map((name) => `${type!.name}.${name}`),
    );
    expect(Object.keys(fields).sort()).toEqual(actual.sort());
  });

  for (const [name, field] of Object.entries(fields)) {
    for (const [caller, outcome] of Object.entries(field.expect) as [Caller, Outcome][]) {
      it(`${name} as ${caller} → ${outcome}`, async () => {
        const subscription = name.startsWith("Subscription.");
        const response = await t.request(subscription ? "/graphql/stream" : "/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", ...(subscription ? { accept: "text/event-stream" } : {}), ...headersOf(caller) },
          body: JSON.stringify({ query: field.query, variables: field.variables?.() }),
        });
        const body = subscription
          ? (JSON.parse((await response.text()).split("event: next\ndata: ")[1]!.split("\n")[0]!) as {
              data?: Record<string, unknown> | null;
              errors?: { extensions: { code: string } }[];
            })
          : ((await response.json()) as { data?: Record<string, unknown> | null; errors?: { extensions: { code: string } }[] });
        if (outcome === "ok" || outcome === "null") {
          expect(body.errors).toBeUndefined();
          const value = Object.values(body.data ?? {})[0];
          if (outcome === "null") expect(value).toBeNull();
          else expect(value).not.toBeNull();
        } else {
          expect(body.errors?.[0]?.extensions.code).toBe(outcome);
        }
      });
    }
  }
});
