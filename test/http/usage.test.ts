import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/agents/procedural/index.js";
import { generateWithCookie, generateWithKey } from "../support/generation.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { reserveUnqueued } from "../support/reservation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Usage (contract section 16): by day, key and agent, always equal to the ledger; each ledger line names what it paid for. */
let t: TestApp;
let user: TestUser;
let keyA: { secret: string; id: string };
let keyB: { secret: string; id: string };
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "100000", SIGNUP_CREDITS: "1000" });
  user = await signUp(t);
  keyA = await createKey(t, user, { name: "a" });
  keyB = await createKey(t, user, { name: "b" });
  const sprite = { prompt: "a green slime with a long tail that wags when it hops around the dungeon floor", agentId: "pixel-sprite", width: 16, height: 16 };
  for (const body of [sprite, { ...sprite, agentId: "icon", width: 64, height: 64 }, sprite])
    expect((await generateWithKey(t, keyA.secret, body)).status).toBe(200);
  expect((await generateWithKey(t, keyB.secret, sprite)).status).toBe(200);
  expect((await generateWithCookie(t, user.cookie, "/api/ai/generate", sprite)).status).toBe(200);
  // A refunded one, reserved by key B and failed (not handed to the queue): usage counts charges minus refunds.
  const refunded = await reserveUnqueued(t, user.accountId, {
    apiKeyId: keyB.id,
    agentId: "icon",
    prompt: sprite.prompt,
    seed: 1,
    width: 64,
    height: 64,
    cost: 2,
  });
  await refunded.fail();
});
afterAll(() => t.close());

type Usage = {
  splitBy?: string;
  rows: { day?: string; keyId?: string | null; agentId?: string | null; generations: number; credits: number }[];
  total: { generations: number; credits: number };
};
const usage = async (query: string, u = user) => {
  const response = await t.request(`/api/v1/usage?${query}`, { headers: { cookie: u.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Usage;
};
/** The ledger's own sum over [from, to), grouped by `by`. */
async function fromLedger(from: Date, to: Date, by: (e: { apiKeyId: string | null; agentId: string | null; createdAt: Date }) => string | null) {
  const entries = await t.db.prisma.ledgerEntry.findMany({
    where: { accountId: user.accountId, kind: { in: ["charge", "refund"] }, createdAt: { gte: from, lt: to } },
  });
  const groups = new Map<string | null, { generations: number; credits: number }>();
  for (const e of entries) {
    const g = groups.get(by(e)) ?? { generations: 0, credits: 0 };
    g.credits -= e.amount;
    if (e.kind === "charge") g.generations++;
    groups.set(by(e), g);
  }
  return groups;
}

describe("usage", () => {
  it("equals the ledger over random ranges, by day, key and agent", async () => {
    const all = await t.db.prisma.ledgerEntry.findMany({ where: { accountId: user.accountId }, orderBy: { id: "asc" } });
    expect(all.some((e) => e.kind === "refund")).toBe(true);
    const first = all[0]!.createdAt.getTime() - 5;
    const last = all[all.length - 1]!.createdAt.getTime() + 5;
    const random = mulberry32(42);
    for (let i = 0; i < 12; i++) {
      const a = first + Math.floor(random() * (last - first));
      const b = a + 1 + Math.floor(random() * (last - a));
      const [from, to] = [new Date(a), new Date(b)];
      for (const [groupBy, by, field] of [
        ["key", (e: { apiKeyId: string | null }) => e.apiKeyId, "keyId"],
        ["agent", (e: { agentId: string | null }) => e.agentId, "agentId"],
        ["day", (e: { createdAt: Date }) => e.createdAt.toISOString().slice(0, 10), "day"],
      ] as const) {
        const got = await usage(`from=${from.toISOString()}&to=${to.toISOString()}&groupBy=${groupBy}`);
        const want = await fromLedger(from, to, by as never);
        expect(
          new Map(got.rows.map((r) => [(r as Record<string, unknown>)[field] as string | null, { generations: r.generations, credits: r.credits }])),
          `${groupBy} ${from.toISOString()}`,
        ).toEqual(want);
        expect(got.total.credits).toBe([...want.values()].reduce((s, g) => s + g.credits, 0));
      }
    }
    // Days split by key (the Credits page's chart): each (day, key) pair as the ledger has it.
    const split = await usage("groupBy=day&splitBy=key");
    expect(split.splitBy).toBe("key");
    const pairs = new Map<string, number>();
    for (const e of all.filter((e) => e.kind === "charge" || e.kind === "refund")) {
      const k = `${e.createdAt.toISOString().slice(0, 10)} ${e.apiKeyId ?? "web"}`;
      pairs.set(k, (pairs.get(k) ?? 0) - e.amount);
    }
    expect(new Map(split.rows.map((r) => [`${r.day} ${r.keyId ?? "web"}`, r.credits]))).toEqual(pairs);
    const whole = await usage("groupBy=key");
    const byKey = Object.fromEntries(whole.rows.map((r) => [r.keyId ?? "web", r.credits]));
    expect(byKey).toEqual({ [keyA.id]: 4, [keyB.id]: 1, web: 1 });
  });

  it("each ledger line names what it paid for", async () => {
    const page = (await (
      await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: user.cookie },
        body: JSON.stringify({
          query: `{ account(id: "${user.accountId}") { ledger(first: 20) { nodes { kind generationId agentId apiKeyId generationKind promptExcerpt } } } }`,
        }),
      })
    ).json()) as { data: { account: { ledger: { nodes: Record<string, string | null>[] } } } };
    const charges = page.data.account.ledger.nodes.filter((n) => n.kind === "charge");
    expect(charges.length).toBeGreaterThanOrEqual(5);
    for (const c of charges) {
      expect(c.generationId).toMatch(/^gen_/);
      expect(["pixel-sprite", "icon"]).toContain(c.agentId);
      expect(c.generationKind).toBe("image");
      expect(c.promptExcerpt!.length).toBeLessThanOrEqual(80);
      expect(c.promptExcerpt!.startsWith("a green slime")).toBe(true);
    }
    expect(charges.filter((c) => c.apiKeyId === keyA.id)).toHaveLength(3);
  });

  it("GraphQL: your own account; admins any account and every account together; others forbidden", async () => {
    const q = (cookie: string, args: string) =>
      t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: JSON.stringify({ query: `{ usage(${args}) { groupBy rows { agentId generations credits } total { credits generations } } }` }),
      });
    const own = (await (await q(user.cookie, 'groupBy: "agent"')).json()) as { data: { usage: Usage } };
    expect(own.data.usage.total).toEqual((await usage("groupBy=agent")).total);
    const stranger = await signUp(t);
    const denied = (await (await q(stranger.cookie, `accountId: "${user.accountId}"`)).json()) as { errors: { extensions: { code: string } }[] };
    expect(denied.errors[0]!.extensions.code).toBe("not_found");
    const notAdmin = (await (await q(stranger.cookie, "allAccounts: true")).json()) as { errors: { extensions: { code: string } }[] };
    expect(notAdmin.errors[0]!.extensions.code).toBe("forbidden");
    const admin = await signUp(t, { admin: true });
    const theirs = (await (await q(admin.cookie, `accountId: "${user.accountId}"`)).json()) as { data: { usage: Usage } };
    expect(theirs.data.usage.total).toEqual(own.data.usage.total);
    const everyone = (await (await q(admin.cookie, "allAccounts: true")).json()) as { data: { usage: Usage } };
    const sum = await t.db.prisma.ledgerEntry.aggregate({ where: { kind: { in: ["charge", "refund"] } }, _sum: { amount: true } });
    expect(everyone.data.usage.total.credits).toBe(-(sum._sum.amount ?? 0));
  });

  it.each([
    ["groupBy=week", "groupBy"],
    ["from=yesterday", "from"],
    ["from=2026-02-01&to=2026-01-01", "from"],
    ["from=2020-01-01&to=2026-01-01", "from"],
    ["owner=x", "owner"],
    ["groupBy=key&splitBy=agent", "splitBy"],
    ["splitBy=week", "splitBy"],
  ])("?%s: 400 naming %s", async (query, param) => {
    const response = await t.request(`/api/v1/usage?${query}`, { headers: bearer(keyA.secret) });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request", param });
  });
});
