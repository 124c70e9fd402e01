import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { graphql } from "../gql/index.js";
import { graphql as execute, origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, errorOf, json, signUp } from "../support/users.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const whoAmI = (secret: string) =>
  t.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(secret) },
    body: JSON.stringify({ query: "{ viewer { authenticatedBy scopes account { id } } }" }),
  });

const CreateKey = graphql(`
  mutation CreateKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        id
        name
        start
        scopes
        expiresAt
      }
    }
  }
`);
const ListKeys = graphql(`
  query ListKeys {
    apiKeys {
      id
      name
      start
      scopes
      lastUsedAt
    }
  }
`);
const RevokeKey = graphql(`
  mutation RevokeKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`);

describe("creating and listing keys", () => {
  it("REST: 201 with the secret once; the list never shows a secret or a hash", async () => {
    const user = await signUp(t);
    const response = await t.request("/api/keys", json({ name: "ci", scopes: ["read"] }, { cookie: user.cookie }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { apiKey: Record<string, unknown>; secret: string };
    expect(created.secret).toMatch(/^ags_[0-9A-Za-z]{38}$/);
    expect(Object.keys(created.apiKey).sort()).toEqual([
      "budget",
      "createdAt",
      "expiresAt",
      "id",
      "lastUsedAt",
      "name",
      "resetsAt",
      "scopes",
      "spent",
      "start",
    ]);
    expect(created.apiKey).toMatchObject({ name: "ci", scopes: ["read"], start: created.secret.slice(0, 8), expiresAt: null, lastUsedAt: null });

    const list = await t.request("/api/keys", { headers: { cookie: user.cookie } });
    const text = await list.text();
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain(created.secret.slice(8));
    const { apiKeys } = JSON.parse(text) as { apiKeys: Record<string, unknown>[] };
    expect(apiKeys).toHaveLength(1);
    expect(Object.keys(apiKeys[0]!)).not.toContain("hash");
    expect(Object.keys(apiKeys[0]!)).not.toContain("secret");
  });

  it("GraphQL: createApiKey returns the secret, apiKeys lists it, revokeApiKey kills it", async () => {
    const user = await signUp(t);
    const created = await execute(t, CreateKey, { input: { name: "from graphql", scopes: ["generate"] } }, { cookie: user.cookie });
    expect(created.errors).toBeUndefined();
    const { secret, apiKey } = created.data!.createApiKey;
    expect(apiKey.scopes).toEqual(["generate", "read"]); // generate implies read
    const listed = await execute(t, ListKeys, undefined, bearer(secret));
    expect(listed.data!.apiKeys.map((k) => k.id)).toEqual([apiKey.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await execute(t, RevokeKey, { id: apiKey.id }, { cookie: user.cookie });
    expect(revoked.data!.revokeApiKey).toBe(true);
    expect((await whoAmI(secret)).status).toBe(200);
    const after = (await (await whoAmI(secret)).json()) as { errors: { extensions: { code: string } }[] };
    expect(after.errors[0]!.extensions.code).toBe("unauthenticated");
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "x", scopes: ["admin"] }, "scopes.0"],
    [{ name: "x", scopes: [] }, "scopes"],
    [{ name: "x", expiresAt: "yesterday" }, "expiresAt"],
    [{ name: "x", expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt"],
    [{ name: "x", owner: "someone" }, "owner"],
  ])("refuses %j naming %s", async (body, param) => {
    const user = await signUp(t);
    const response = await t.request("/api/keys", json(body, { cookie: user.cookie }));
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request", param });
    expect(await t.db.prisma.apiKey.count({ where: { userId: user.userId } })).toBe(0);
  });
});

describe("authenticating with a key", () => {
  it("accepts a live key; revoked, expired, unknown and mistyped keys answer 401", async () => {
    const user = await signUp(t);
    const live = await createKey(t, user);
    expect(((await (await whoAmI(live.secret)).json()) as { data: { viewer: { authenticatedBy: string } } }).data.viewer.authenticatedBy).toBe("api_key");

    const expiring = await createKey(t, user, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.db.prisma.apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const revoked = await createKey(t, user);
    expect((await t.request(`/api/keys/${revoked.id}`, { method: "DELETE", headers: { cookie: user.cookie, origin } })).status).toBe(204);

    const typo = live.secret.slice(0, 10) + (live.secret[10] === "x" ? "y" : "x") + live.secret.slice(11);
    for (const secret of [expiring.secret, revoked.secret, typo, `ags_${"A".repeat(38)}`, "ags_short"]) {
      const body = (await (await whoAmI(secret)).json()) as { errors?: { extensions: { code: string } }[] };
      expect(body.errors?.[0]?.extensions.code, secret).toBe("unauthenticated");
    }
  });

  it("refuses malformed keys and bad checksums without touching the database", async () => {
    const isolated = await startTestApp();
    const user = await signUp(isolated);
    const { secret } = await createKey(isolated, user);
    await isolated.db.close(); // any query now fails with a 5xx
    const badChecksum = secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a");
    for (const header of [`Bearer ${badChecksum}`, "Bearer ags_nope", "Bearer", "Basic abc", `Bearer ${secret.slice(0, -2)}`]) {
      const response = await isolated.request("/api/keys", { headers: { authorization: header } });
      expect(await errorOf(response), header).toMatchObject({ status: 401, code: "unauthenticated" });
    }
  });

  it("updates lastUsedAt on use, at most once a minute", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    const lastUsed = async () => (await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    // The service's clock moves instead of the stored time: a process that remembers the key
    // (its cache, on PostgreSQL) knows when it last wrote it, as it would after a real minute.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await whoAmI(key.secret);
      const first = (await lastUsed())!;
      expect(Math.abs(Date.now() - first.getTime())).toBeLessThan(10_000);
      vi.setSystemTime(Date.now() + 30_000);
      await whoAmI(key.secret);
      expect(await lastUsed()).toEqual(first); // within the minute: not written again
      vi.setSystemTime(Date.now() + 40_000);
      await whoAmI(key.secret);
      const later = (await lastUsed())!;
      expect(later.getTime()).toBe(Date.now()); // past it: written, once
      await Promise.all([whoAmI(key.secret), whoAmI(key.secret)]);
      expect(await lastUsed()).toEqual(later);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a key-authenticated write needs no Origin, and a key cannot manage keys", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    const viaKey = await execute(t, ListKeys, undefined, bearer(key.secret));
    expect(viaKey.errors).toBeUndefined();
    const mint = await t.request("/api/keys", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(key.secret) },
      body: JSON.stringify({ name: "x" }),
    });
    expect(await errorOf(mint)).toMatchObject({ status: 401, code: "unauthenticated" });
  });
});
