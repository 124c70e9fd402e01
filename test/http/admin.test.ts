import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { signUp, type TestUser } from "../support/users.js";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t, { admin: true, email: "root@admin.example" });
  for (const name of ["ann", "bob", "cat", "dan", "eve"]) await signUp(t, { email: `${name}@shop.example` });
});
afterAll(() => t.close());

const accounts = async (variables: Record<string, unknown>) => {
  const response = await t.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: admin.cookie, origin },
    body: JSON.stringify({
      query:
        "query ($search: String, $first: Int, $after: String) { accounts(search: $search, first: $first, after: $after) { totalCount hasNextPage endCursor nodes { id balance user { email } } } }",
      variables,
    }),
  });
  return (
    (await response.json()) as {
      data: { accounts: { totalCount: number; hasNextPage: boolean; endCursor: string | null; nodes: { balance: number; user: { email: string } }[] } };
    }
  ).data.accounts;
};

describe("admin account queries", () => {
  it("searches by email, any case, and pages newest first without overlap", async () => {
    const shop = await accounts({ search: "SHOP.example", first: 2 });
    expect(shop.totalCount).toBe(5);
    expect(shop.nodes.map((n) => n.user.email)).toEqual(["eve@shop.example", "dan@shop.example"]);
    expect(shop.hasNextPage).toBe(true);
    const next = await accounts({ search: "shop", first: 2, after: shop.endCursor });
    expect(next.nodes.map((n) => n.user.email)).toEqual(["cat@shop.example", "bob@shop.example"]);
    const last = await accounts({ search: "shop", first: 2, after: next.endCursor });
    expect(last.nodes.map((n) => n.user.email)).toEqual(["ann@shop.example"]);
    expect(last.hasNextPage).toBe(false);
    expect((await accounts({})).totalCount).toBe(6);
    expect(shop.nodes.every((n) => n.balance === 100)).toBe(true);
  });

  it("refuses a page size out of bounds and a forged cursor", async () => {
    for (const variables of [{ first: 0 }, { first: 101 }, { after: "bm9wZQ" }]) {
      const response = await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: admin.cookie, origin },
        body: JSON.stringify({ query: "query ($first: Int, $after: String) { accounts(first: $first, after: $after) { totalCount } }", variables }),
      });
      const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors[0]!.extensions.code).toBe("invalid_request");
    }
  });
});
