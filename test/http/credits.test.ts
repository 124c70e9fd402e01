import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { expectBalancedLedger, generateWithKey, waitForAllDone } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp } from "../support/users.js";

let t: TestApp;
beforeAll(async () => {
  // The active-generations cap would refuse most of the 200 racing calls before the balance does: lift it here (its own test is in limits.test.ts).
  t = await startTestApp({
    SIGNUP_CREDITS: "50",
    RATE_LIMIT_GENERATE_PER_MINUTE: "100000",
    WORKER_CONCURRENCY: "4",
    MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: "1000",
  });
});
afterAll(() => t.close());

describe("reservations under concurrency", () => {
  it("200 concurrent 1-credit calls against a balance of 50: exactly 50 accepted, 150 × 402, balance 0, ledger exact, no 5xx", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        generateWithKey(t, secret, { prompt: `tiny slime ${i}`, agentId: "pixel-sprite", width: 16, height: 16 }, { prefer: "respond-async" }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 202)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    const refused = await errorOf(responses.find((r) => r.status === 402)!);
    expect(refused).toMatchObject({ code: "insufficient_credits" });

    await waitForAllDone(t, user.accountId);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(0);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(50);
    expect(await t.db.prisma.ledgerEntry.count({ where: { accountId: user.accountId, kind: "charge" } })).toBe(50);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId, status: "succeeded", creditState: "charged" } })).toBe(50);
  });

  it("402 carries details.required and details.balance and writes nothing", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    await t.app.services.credits.grant({ accountId: user.accountId, amount: -49, reason: "fixture" }, "adjustment", user.userId);
    const response = await generateWithKey(t, secret, { prompt: "a sword icon", agentId: "icon" });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: { code: string; details: Record<string, number>; retryable: boolean } };
    expect(body.error).toMatchObject({ code: "insufficient_credits", details: { required: 2, balance: 1 }, retryable: false });
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(1);
  });
});

describe("reads", () => {
  it("GET /api/v1/credits returns the key's balance; the GraphQL ledger pages newest first", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    for (let i = 0; i < 3; i++) await generateWithKey(t, secret, { prompt: "coin", agentId: "pixel-sprite", width: 16, height: 16 });
    const credits = await t.request("/api/v1/credits", { headers: bearer(secret) });
    expect(credits.status).toBe(200);
    expect(await credits.json()).toEqual({ balance: 47 });
    expect(credits.headers.get("ratelimit-policy")).toMatch(/^"read";q=\d+;w=60$/);

    const page = async (after?: string) => {
      const response = await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(secret) },
        body: JSON.stringify({
          query:
            "query ($after: String) { viewer { account { balance ledger(first: 2, after: $after) { nodes { kind amount balanceAfter } hasNextPage endCursor } } } }",
          variables: { after },
        }),
      });
      return (
        (await response.json()) as {
          data: {
            viewer: { account: { ledger: { nodes: { kind: string; amount: number; balanceAfter: number }[]; hasNextPage: boolean; endCursor: string } } };
          };
        }
      ).data.viewer.account.ledger;
    };
    const first = await page();
    expect(first.nodes).toEqual([
      { kind: "charge", amount: -1, balanceAfter: 47 },
      { kind: "charge", amount: -1, balanceAfter: 48 },
    ]);
    expect(first.hasNextPage).toBe(true);
    const second = await page(first.endCursor);
    expect(second.nodes).toEqual([
      { kind: "charge", amount: -1, balanceAfter: 49 },
      { kind: "signup_grant", amount: 50, balanceAfter: 50 },
    ]);
    expect(second.hasNextPage).toBe(false);
  });
});

describe("admin grants and adjustments", () => {
  const mutate = (cookie: string, query: string, variables: Record<string, unknown>) =>
    t
      .request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: t.config.publicOrigin },
        body: JSON.stringify({ query, variables }),
      })
      .then((r) => r.json() as Promise<{ data?: Record<string, { balance: number }> | null; errors?: { extensions: { code: string } }[] }>);

  it("admins grant and adjust any account with a reason; never below zero; others get forbidden", async () => {
    const admin = await signUp(t, { admin: true });
    const user = await signUp(t);
    const grant = "mutation ($id: ID!, $n: Int!, $r: String!) { grantCredits(accountId: $id, amount: $n, reason: $r) { balance } }";
    const adjust = "mutation ($id: ID!, $n: Int!, $r: String!) { adjustCredits(accountId: $id, amount: $n, reason: $r) { balance } }";
    expect((await mutate(admin.cookie, grant, { id: user.accountId, n: 25, r: "beta tester" })).data!.grantCredits!.balance).toBe(75);
    expect((await mutate(admin.cookie, adjust, { id: user.accountId, n: -70, r: "abuse" })).data!.adjustCredits!.balance).toBe(5);
    const tooMuch = await mutate(admin.cookie, adjust, { id: user.accountId, n: -6, r: "too much" });
    expect(tooMuch.errors![0]!.extensions.code).toBe("invalid_request");
    const negativeGrant = await mutate(admin.cookie, grant, { id: user.accountId, n: -1, r: "x" });
    expect(negativeGrant.errors![0]!.extensions.code).toBe("invalid_request");
    const byUser = await mutate(user.cookie, grant, { id: user.accountId, n: 1000, r: "me" });
    expect(byUser.errors![0]!.extensions.code).toBe("forbidden");
    const unknown = await mutate(admin.cookie, grant, { id: "acc_nope", n: 1, r: "x" });
    expect(unknown.errors![0]!.extensions.code).toBe("not_found");

    const entries = await t.db.prisma.ledgerEntry.findMany({ where: { accountId: user.accountId }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.amount, e.reason, e.actorUserId])).toEqual([
      ["signup_grant", 50, "sign-up credits", null],
      ["grant", 25, "beta tester", admin.userId],
      ["adjustment", -70, "abuse", admin.userId],
    ]);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(5);
  });

  it("the database refuses a negative balance and any change to a ledger entry", async () => {
    const user = await signUp(t);
    await expect(t.db.prisma.account.update({ where: { id: user.accountId }, data: { balance: -1 } })).rejects.toThrow();
    await expect(t.db.prisma.ledgerEntry.updateMany({ where: { accountId: user.accountId }, data: { amount: 1000 } })).rejects.toThrow();
    await expect(t.db.prisma.ledgerEntry.deleteMany({ where: { accountId: user.accountId } })).rejects.toThrow();
    expect(await expectBalancedLedger(t, user.accountId)).toBe(50);
  });
});
