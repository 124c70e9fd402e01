import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, json, signUp } from "../support/users.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every row of every table in the public schema, as text. */
async function dumpDatabase(): Promise<string> {
  const tables = await t.db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
    "SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  expect(tables.length).toBeGreaterThanOrEqual(10);
  let dump = "";
  for (const { table_name } of tables) {
    const rows = await t.db.prisma.$queryRawUnsafe<{ j: string }[]>(`SELECT row_to_json(x)::text AS j FROM "${table_name}" x`);
    dump += `${table_name}\n${rows.map((r) => r.j).join("\n")}\n`;
  }
  return dump;
}

describe("no secret is stored or logged in plaintext", () => {
  it("after sign-up, sign-in and key issuance (REST and GraphQL), neither the tables nor the logs hold one", async () => {
    const user = await signUp(t);
    const signIn = await t.request("/api/auth/sign-in", json({ email: user.email, password: user.password }));
    const secondToken = signIn.headers.get("set-cookie")!.split(";")[0]!.split("=")[1]!;
    const firstToken = user.cookie.split("=")[1]!;
    const restKey = await createKey(t, user);
    const gql = await t.request("/graphql", json({ query: 'mutation { createApiKey(input: { name: "g" }) { secret } }' }, { cookie: user.cookie }));
    const graphqlKey = ((await gql.json()) as { data: { createApiKey: { secret: string } } }).data.createApiKey.secret;
    for (const secret of [restKey.secret, graphqlKey]) {
      expect((await t.request("/api/auth/session", { headers: bearer(secret) })).status).toBe(401); // used once, for the logs
    }
    await t.request("/api/auth/sign-up", json({ email: user.email, password: user.password })); // a failing one too

    const secrets = [user.password, firstToken, secondToken, restKey.secret, graphqlKey, restKey.secret.slice(8), graphqlKey.slice(8)];
    const dump = await dumpDatabase();
    expect(dump).toContain(user.email); // the dump did read the rows
    const logs = JSON.stringify(t.logs);
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      expect(dump.includes(secret), `database holds ${secret}`).toBe(false);
      expect(logs.includes(secret), `logs hold ${secret}`).toBe(false);
    }
    // What is stored instead: hashes.
    const sha = (s: string) => createHash("sha256").update(s).digest("hex");
    expect(dump).toContain(sha(firstToken));
    expect(dump).toContain(sha(restKey.secret));
    expect(dump).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("keeps the cookie out of the logs even when a request fails", async () => {
    const user = await signUp(t);
    await t.request("/api/keys", { method: "POST", headers: { cookie: user.cookie, origin, "content-type": "text/plain" }, body: "x" });
    expect(JSON.stringify(t.logs)).not.toContain(user.cookie.split("=")[1]!);
  });
});
