import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { startServer } from "../support/process.js";

let env: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "ags-cli-"));
  env = { DATA_DIR: dataDir, ...(process.env.TEST_DB === "postgres" ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {}) };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const cli = (args: string[], stdin?: string) => runCli(args, env, stdin);

describe("npm run cli", () => {
  it("bootstraps an admin, grants credits, issues and revokes a key that works against the server", async () => {
    const database = process.env.TEST_DB === "postgres" ? /^Using PostgreSQL 127\.0\.0\.1:5432\/\S+\.\n$/ : /^Using the embedded database in \/\S+\.\n$/;
    if (process.env.TEST_DB !== "postgres") {
      // A data folder without a database is a forgotten DATA_DIR: refused unless asked to create one.
      const refused = await cli(["user:create", "--email", "root@example.com", "--password-stdin", "--admin"], "a long admin password\n");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^error: There is no embedded database in \S+\. Set DATA_DIR .* or pass --create-database/);
    }
    const created = await cli(["user:create", "--email", "Root@Example.com", "--password-stdin", "--admin", "--create-database"], "a long admin password\n");
    expect(created.stderr).toMatch(database);
    expect(JSON.parse(created.stdout)).toMatchObject({ user: { email: "root@example.com", role: "admin" }, account: { balance: 100 } });

    const granted = await cli(["credits:grant", "--email", "root@example.com", "--amount", "50", "--reason", "welcome"]);
    expect(granted.stderr).toMatch(database);
    expect(JSON.parse(granted.stdout)).toMatchObject({ amount: 50, balance: 150 });
    const adjusted = await cli(["credits:grant", "--email", "root@example.com", "--amount", "-10", "--reason", "typo"]);
    expect(JSON.parse(adjusted.stdout)).toMatchObject({ amount: -10, balance: 140 });
    const ledger = JSON.parse((await cli(["credits:ledger", "--email", "root@example.com", "--first", "2"])).stdout) as {
      nodes: { kind: string; amount: number }[];
      hasNextPage: boolean;
    };
    expect(ledger.nodes.map((e) => [e.kind, e.amount])).toEqual([
      ["adjustment", -10],
      ["grant", 50],
    ]);
    expect(ledger.hasNextPage).toBe(true);
    const accounts = JSON.parse((await cli(["accounts:list", "--search", "root@"])).stdout) as {
      nodes: { balance: number; user: { email: string } }[];
      totalCount: number;
    };
    expect(accounts).toMatchObject({ totalCount: 1, nodes: [{ balance: 140, user: { email: "root@example.com" } }] });

    const key = await cli(["key:create", "--email", "root@example.com", "--name", "ops", "--scopes", "read"]);
    const { secret, apiKey } = JSON.parse(key.stdout) as { secret: string; apiKey: { id: string; scopes: string[] } };
    expect(secret).toMatch(/^ags_[0-9A-Za-z]{38}$/);
    expect(apiKey.scopes).toEqual(["read"]);

    const server = await startServer(env);
    try {
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
        body: JSON.stringify({ query: "{ viewer { user { email role } account { balance } } }" }),
      });
      expect(await response.json()).toEqual({
        data: { viewer: { user: { email: "root@example.com", role: "admin" }, account: { balance: 140 } } },
      });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }

    const revoked = await cli(["key:revoke", "--id", apiKey.id]);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: apiKey.id });
    const again = await cli(["key:revoke", "--id", apiKey.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/\nerror: No live key has that id\.\n$/);
  }, 120_000);

  it("fails with one clear line on bad input", async () => {
    const result = await cli(["credits:grant", "--email", "nobody@example.com", "--amount", "5"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n").at(-1)).toBe("error: No user has the email nobody@example.com.");
  });
});
