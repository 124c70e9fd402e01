import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeList } from "../../src/contract/routes.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { inOneWindow } from "../support/rate-window.js";
import { bearer, createKey, errorOf, signUp } from "../support/users.js";

/**
 * The route table (src/contract/routes.ts) is the list of what the service serves: every route the
 * router has must have a row (and every row a route), and a known path with another method is 405
 * with Allow, from the same table.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("the route table", () => {
  it("has a row for every served route, and every row is served", () => {
    const served = t.app
      .servedRoutes()
      .filter((r) => r.path !== "/**")
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const declared = routeList.map((r) => `${r.method} ${r.path}`).sort();
    expect(served).toEqual(declared);
    // Only the fallback (web client or 404/405) is not a row.
    expect(t.app.servedRoutes().filter((r) => r.path === "/**")).toEqual([{ method: "*", path: "/**" }]);
  });

  it("declares the errors its auth implies for every row, and a body schema for every REST write", () => {
    for (const route of routeList) {
      // A row that takes credentials says how a caller without them is answered; one that needs a
      // scope or an admin says how a caller who lacks it is answered.
      if (route.auth.allow !== "public") expect(route.errors, route.id).toContain("unauthenticated");
      if (route.auth.allow !== "public" && (route.auth.scope || route.auth.admin)) expect(route.errors, route.id).toContain("forbidden");
      expect(route.summary.length, route.id).toBeGreaterThan(10);
      // Stripe's webhook reads its raw body: Stripe's event, trusted by its signature, not by a schema of ours; an
      // upload's body is the image itself (checked from its header, src/domain/uploads/ingest.ts).
      if (route.transport === "rest" && route.method === "POST" && !["signOut", "cancelGeneration", "stripeWebhook", "uploadImage"].includes(route.id)) {
        expect(route.body, route.id).toBeDefined();
      }
    }
  });

  it.each([
    ["DELETE", "/api/v1/generate", "POST"],
    ["PUT", "/api/ai/agents", "GET, HEAD"],
    ["POST", "/api/v1/credits", "GET, HEAD"],
    ["PATCH", "/api/keys", "POST, GET, HEAD"],
    ["GET", "/api/v1/generations/gen_123/cancel", "POST"],
  ])("answers %s %s with 405 and Allow: %s", async (method, path, allow) => {
    const response = await t.request(path, { method });
    expect(response.headers.get("allow")).toBe(allow);
    expect(await errorOf(response)).toMatchObject({ status: 405, code: "method_not_allowed" });
  });

  it("answers an unknown path with 404 in the envelope", async () => {
    expect(await errorOf(await t.request("/api/v1/nothing"))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("applies the row's read quota per account: two keys of one account share it", { timeout: 60_000 }, async () => {
    const small = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1" }); // reads: 10 per minute
    try {
      const user = await signUp(small);
      const [a, b] = [await createKey(small, user), await createKey(small, user)];
      const statuses: number[] = [];
      await inOneWindow(15_000); // the twelve reads share one minute window
      for (let i = 0; i < 12; i++) statuses.push((await small.request("/api/v1/credits", { headers: bearer(i % 2 ? a.secret : b.secret) })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await small.close();
    }
  });
});
