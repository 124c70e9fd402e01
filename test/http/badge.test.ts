import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../../src/infra/db/database.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/**
 * An icon's `badge` (issue 38): none by default at 32 px and below and in kits, the one asked for otherwise,
 * stored with the generation (the drawing runs from the row), refused with a 400 naming `badge` when unknown.
 */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

const storedBadge = async (id: string) =>
  (await t.db.sql<{ badge: string | null }>(Prisma.sql`SELECT "badge" FROM "generations" WHERE "id" = ${id}`))[0]?.badge;
const topMiddleAlpha = (g: GenerationBody): number => {
  const png = decodePng(g.assets[0]!.b64!);
  return png.data[(png.width / 2) * 4 + 3] ?? -1;
};

describe("the icon's badge", () => {
  it("none by default at 32 px; round when asked; stored and answered", async () => {
    const plain = (await (
      await generateWithKey(t, secret, { prompt: "gold coin", agentId: "icon", width: 32, height: 32, transparent: true, seed: 5 })
    ).json()) as GenerationBody;
    const round = (await (
      await generateWithKey(t, secret, { prompt: "gold coin", agentId: "icon", width: 32, height: 32, transparent: true, seed: 5, badge: "round" })
    ).json()) as GenerationBody & { badge?: string };
    expect(topMiddleAlpha(plain)).toBe(0);
    expect(topMiddleAlpha(round)).toBe(255);
    expect(round.badge).toBe("round");
    expect(await storedBadge(round.id)).toBe("round");
    expect(await storedBadge(plain.id)).toBeNull();
  });

  it("an agent that draws no badges ignores it; an unknown badge is a 400 naming badge, nothing charged", async () => {
    const sprite = (await (await generateWithKey(t, secret, { prompt: "slime", width: 16, height: 16, badge: "square" })).json()) as GenerationBody & {
      badge?: string;
    };
    expect(sprite.badge).toBeUndefined();
    const before = (await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance;
    const refused = await errorOf(await generateWithKey(t, secret, { prompt: "coin", agentId: "icon", width: 32, height: 32, badge: "oval" }));
    expect(refused).toMatchObject({ status: 400, code: "invalid_request", param: "badge" });
    expect((await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance).toBe(before);
  });

  it("a kit's icons have none unless an item asks", async () => {
    const response = await t.request("/api/v1/kits", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({
        scale: 48,
        seed: 2,
        items: [
          { prompt: "red potion", agentId: "icon" },
          { name: "badged", prompt: "red potion", agentId: "icon", badge: "hex" },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const kit = (await response.json()) as { items: { name: string; generation: { id: string } }[] };
    expect(await storedBadge(kit.items[0]!.generation.id)).toBe("none");
    expect(await storedBadge(kit.items[1]!.generation.id)).toBe("hex");
  });
});
