import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEvents } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** A kit's events (contract section 13, issue 38): its items' generation events, then one kit.completed. */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "200" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

const items = [
  { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
  { name: "key", prompt: "small red key", agentId: "pixel-sprite" },
  { name: "gem", prompt: "blue gem", agentId: "pixel-sprite" },
];

const startKit = async () => {
  const response = await t.request("/api/v1/kits", {
    method: "POST",
    headers: { "content-type": "application/json", prefer: "respond-async", ...bearer(secret) },
    body: JSON.stringify({ name: "loot", scale: 16, seed: 3, items }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
};

describe("GET /api/v1/kits/:id/events", () => {
  it("relays every item's events, naming the item, and ends with one kit.completed carrying the settled kit", async () => {
    const id = await startKit();
    const response = await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(secret) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const last = events.at(-1)!;
    expect(last.event).toBe("kit.completed");
    expect(events.filter((e) => e.event === "kit.completed")).toHaveLength(1);
    expect(last.data).toMatchObject({ id, status: "succeeded", failed: [] });
    expect((last.data.items as { name: string; generation: { status: string } }[]).map((i) => [i.name, i.generation.status])).toEqual(
      items.map((i) => [i.name, "succeeded"]),
    );
    const completed = events.filter((e) => e.event === "generation.completed");
    expect(completed.map((e) => e.data.item).sort()).toEqual(["gem", "key", "slime"]);
    for (const e of events.slice(0, -1)) expect(items.map((i) => i.name)).toContain(e.data.item);

    // a second connection replays the same items' events from the start
    const again = await readEvents(await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(secret) }));
    const kinds = (list: typeof events) => list.map((e) => `${e.event} ${String(e.data.item)}`).sort();
    expect(kinds(again)).toEqual(kinds(events));
  });

  it("answers 404 for another account's kit, and 401 without a key", async () => {
    const id = await startKit();
    const other = await signUp(t);
    const otherKey = (await createKey(t, other)).secret;
    expect(await errorOf(await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(otherKey) }))).toMatchObject({ status: 404, code: "not_found" });
    expect(await errorOf(await t.request(`/api/v1/kits/${id}/events`))).toMatchObject({ status: 401 });
  });
});
