import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateWithKey } from "../support/generation.js";
import { listenOnPort, startTestApp, type TestApp } from "../support/harness.js";
import { reserveUnqueued } from "../support/reservation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/** Key budgets (contract section 16): set, changed, enforced exactly on every transport, given back by refunds. */
let t: TestApp;
let listening: Awaited<ReturnType<typeof listenOnPort>>;
beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_GENERATE_PER_MINUTE: "100000",
    MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: "1000",
    SIGNUP_CREDITS: "1000",
    RECOLOR_CREDITS: "1",
  });
  listening = await listenOnPort(t);
});
afterAll(async () => {
  await listening.close();
  await t.close();
});

type KeyView = { id: string; budget: { credits: number; period: string } | null; spent: number; resetsAt: string | null };

const patch = (user: TestUser, id: string, body: unknown) => t.request(`/api/keys/${id}`, { ...json(body, { cookie: user.cookie }), method: "PATCH" });
const keyOf = async (user: TestUser, id: string) => {
  const list = (await (await t.request("/api/keys", { headers: { cookie: user.cookie } })).json()) as { apiKeys: KeyView[] };
  return list.apiKeys.find((k) => k.id === id)!;
};
/** What the ledger says the key spent since `since`: charges minus refunds. */
const ledgerSpent = async (keyId: string, since = new Date(0)) => {
  const sum = await t.db.prisma.ledgerEntry.aggregate({
    where: { apiKeyId: keyId, kind: { in: ["charge", "refund"] }, createdAt: { gte: since } },
    _sum: { amount: true },
  });
  return -(sum._sum.amount ?? 0);
};
const startOfUtcDay = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
};
const sprite = { prompt: "green slime", agentId: "pixel-sprite", width: 16, height: 16 };

describe("setting a budget", () => {
  it("at creation and by PATCH; the list shows it, what was spent and when it resets", async () => {
    const user = await signUp(t);
    const created = await t.request("/api/keys", json({ name: "agent", budget: { credits: 5, period: "day" } }, { cookie: user.cookie }));
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: KeyView };
    const tomorrow = new Date(startOfUtcDay().getTime() + 86_400_000).toISOString();
    expect(apiKey).toMatchObject({ budget: { credits: 5, period: "day" }, spent: 0, resetsAt: tomorrow });

    const changed = await patch(user, apiKey.id, { budget: { credits: 7, period: "month" } });
    expect(changed.status).toBe(200);
    const now = new Date();
    expect(await changed.json()).toMatchObject({
      budget: { credits: 7, period: "month" },
      spent: 0,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    const removed = await patch(user, apiKey.id, { budget: null, name: "renamed" });
    expect(await removed.json()).toMatchObject({ budget: null, resetsAt: null, spent: 0 });
    expect(await keyOf(user, apiKey.id)).toMatchObject({ budget: null });
  });

  it.each([
    [{ budget: { credits: 0, period: "day" } }, "budget.credits"],
    [{ budget: { credits: -3, period: "day" } }, "budget.credits"],
    [{ budget: { credits: 1_000_000_001, period: "day" } }, "budget.credits"],
    [{ budget: { credits: 1.5, period: "day" } }, "budget.credits"],
    [{ budget: { credits: 5, period: "week" } }, "budget.period"],
    [{ budget: { credits: 5 } }, "budget.period"],
  ])("refuses %j with 400 naming %s, and changes nothing", async (body, param) => {
    const user = await signUp(t);
    const key = await createKey(t, user, { budget: { credits: 3, period: "total" } });
    const bad = await errorOf(await patch(user, key.id, body));
    expect(bad).toMatchObject({ status: 400, code: "invalid_request", param });
    const atCreation = await errorOf(await t.request("/api/keys", json({ name: "x", ...body }, { cookie: user.cookie })));
    expect(atCreation).toMatchObject({ status: 400, param });
    expect(await keyOf(user, key.id)).toMatchObject({ budget: { credits: 3, period: "total" } });
    expect(await t.db.prisma.apiKey.count({ where: { accountId: user.accountId } })).toBe(1);
  });

  it("another account's key, or a revoked one: 404, nothing changed", async () => {
    const [owner, other] = [await signUp(t), await signUp(t)];
    const key = await createKey(t, owner);
    expect(await errorOf(await patch(other, key.id, { budget: { credits: 5, period: "day" } }))).toMatchObject({ status: 404, code: "not_found", param: "id" });
    expect(await keyOf(owner, key.id)).toMatchObject({ budget: null });
    await t.request(`/api/keys/${key.id}`, { method: "DELETE", headers: { cookie: owner.cookie, origin: "http://localhost:3000" } });
    expect((await patch(owner, key.id, { budget: { credits: 5, period: "day" } })).status).toBe(404);
  });
});

describe("enforcing a budget", () => {
  it("refuses the call that would pass it with 402 key_budget_exceeded (budget, spent, period, resetsAt), charging nothing", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user, { budget: { credits: 2, period: "day" } });
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200);
    // An icon costs 2: 1 + 2 > 2.
    const refused = await generateWithKey(t, key.secret, { ...sprite, agentId: "icon", width: 64, height: 64 });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: { code: string; details: Record<string, unknown> } };
    expect(body.error.code).toBe("key_budget_exceeded");
    expect(body.error.details).toEqual({
      budget: 2,
      spent: 1,
      period: "day",
      resetsAt: new Date(startOfUtcDay().getTime() + 86_400_000).toISOString(),
      required: 2,
    });
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200);
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(402);
    expect(await keyOf(user, key.id)).toMatchObject({ spent: 2 });
    expect(await ledgerSpent(key.id)).toBe(2);
    // Another key of the account, and the web app, are not held by this key's budget.
    const other = await createKey(t, user);
    expect((await generateWithKey(t, other.secret, sprite)).status).toBe(200);
  });

  it("a refund gives the budget back; a new budget starts from what the ledger says the key spent in the period", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200);
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200);
    expect(await keyOf(user, key.id)).toMatchObject({ budget: null, spent: 2 });
    const set = (await (await patch(user, key.id, { budget: { credits: 3, period: "day" } })).json()) as KeyView;
    expect(set.spent).toBe(2);
    // A generation reserved by the key (not handed to the queue), then failed: its refund gives the budget back.
    const reserved = await reserveUnqueued(t, user.accountId, { apiKeyId: key.id, prompt: "slime" });
    expect(await keyOf(user, key.id)).toMatchObject({ spent: 3 });
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(402);
    await reserved.fail();
    expect(await keyOf(user, key.id)).toMatchObject({ spent: 2 });
    expect(await ledgerSpent(key.id, startOfUtcDay())).toBe(2);
    const entry = await t.db.prisma.ledgerEntry.findFirstOrThrow({ where: { generationId: reserved.id, kind: "refund" } });
    expect(entry).toMatchObject({ apiKeyId: key.id, agentId: "pixel-sprite", amount: 1 });
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200);
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(402);
  });
});

describe("exact under concurrency, on every transport", () => {
  it("40 calls at once (REST, GraphQL, OpenAI, MCP, recolour) against a budget of 10: exactly 10 charged", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    const source = (await (await generateWithKey(t, key.secret, sprite)).json()) as { assets: { id: string }[] };
    expect(await keyOf(user, key.id)).toMatchObject({ spent: 1 });
    expect((await patch(user, key.id, { budget: { credits: 11, period: "day" } })).status).toBe(200);
    const before = await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } });

    const mcp = new Client({ name: "budget-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL("/mcp", listening.base), { requestInit: { headers: bearer(key.secret) } }));
    const post = (path: string, body: unknown) =>
      t.request(path, { method: "POST", headers: { "content-type": "application/json", ...bearer(key.secret) }, body: JSON.stringify(body) });
    type Outcome = "charged" | "budget";
    const byStatus = async (r: Response, refusedStatus: number): Promise<Outcome> => {
      if (r.status === 200 || r.status === 202) return "charged";
      expect(r.status, await r.clone().text()).toBe(refusedStatus);
      return "budget";
    };
    const calls: (() => Promise<Outcome>)[] = [
      async () => byStatus(await post("/api/v1/generate", sprite), 402),
      async () => {
        const body = (await (
          await post("/graphql", { query: 'mutation { generate(input: { prompt: "green slime", agentId: "pixel-sprite", width: 16, height: 16 }) { id } }' })
        ).json()) as { data?: { generate: { id: string } }; errors?: { extensions: { code: string } }[] };
        if (body.data?.generate) return "charged";
        expect(body.errors?.[0]?.extensions.code).toBe("key_budget_exceeded");
        return "budget";
      },
      async () => {
        const r = await post("/v1/images/generations", { model: "pixel-sprite", prompt: "green slime", size: "16x16" });
        if (r.status !== 200) expect(((await r.clone().json()) as { error: { type: string } }).error.type).toBe("insufficient_quota");
        return byStatus(r, 429);
      },
      async () => {
        const r = (await mcp.callTool({ name: "generate_asset", arguments: sprite })) as CallToolResult;
        if (!r.isError) return "charged";
        expect(JSON.stringify(r.content)).toContain("key_budget_exceeded");
        return "budget";
      },
      async () => byStatus(await post(`/api/v1/assets/${source.assets[0]!.id}/recolor`, { palette: "gameboy" }), 402),
    ];
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => calls[i % calls.length]!()));
    await mcp.close();
    expect(outcomes.filter((o) => o === "charged")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "budget")).toHaveLength(30);
    const after = await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } });
    expect(before.balance - after.balance).toBe(10);
    expect(await keyOf(user, key.id)).toMatchObject({ spent: 11 });
    expect(await ledgerSpent(key.id, startOfUtcDay())).toBe(11);
  });
});
