import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { startServer } from "../support/process.js";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

interface Generation {
  id: string;
  status: string;
  credits: { charged: number; refunded: number };
  assets: unknown[];
}

describe("SIGKILL in the middle of generations", () => {
  it("after a restart every credit is accounted for, every generation ends, nothing is charged or refunded twice", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "ags-crash-"));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: "20",
      PUBLIC_ORIGIN: "http://localhost:3000",
      // The loop below polls 20 generations every 50 ms: the read quota (10 × this per minute)
      // must not answer 429 in the middle of the recovery it watches.
      RATE_LIMIT_GENERATE_PER_MINUTE: "10000",
      ...(process.env.TEST_DB === "postgres" ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {}),
    };
    const first = await startServer(env);
    const origin = { origin: "http://localhost:3000", "content-type": "application/json" };
    const signUp = await fetch(`${first.url}/api/auth/sign-up`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email: "crash@example.com", password: "long enough" }),
    });
    const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
    const key = (await (
      await fetch(`${first.url}/api/keys`, { method: "POST", headers: { ...origin, cookie }, body: JSON.stringify({ name: "k" }) })
    ).json()) as { secret: string };
    const auth = { authorization: `Bearer ${key.secret}` };

    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await fetch(`${first.url}/api/v1/generate`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", prefer: "respond-async" },
          body: JSON.stringify({ prompt: `cracked lava rock ${i}`, agentId: "texture", width: 512, height: 512 }),
        });
        expect(response.status).toBe(202);
        return ((await response.json()) as Generation).id;
      }),
    );
    // Kill it while work is under way: 20 generations of ~150 ms of drawing each, all running at
    // once (WORKER_CONCURRENCY=20), just accepted.
    first.child.kill("SIGKILL");
    await first.exited;

    const second = await startServer(env);
    try {
      const recovered = second.logs.find((l) => l.msg === "recovered");
      let final: Generation[] = [];
      for (let i = 0; i < 600; i++) {
        final = await Promise.all(
          ids.map(async (id) => {
            const response = await fetch(`${second.url}/api/v1/generations/${id}`, { headers: auth });
            expect(response.status).toBe(200);
            return (await response.json()) as Generation;
          }),
        );
        if (final.every((g) => ["succeeded", "failed", "canceled"].includes(g.status))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(final.every((g) => g.status === "succeeded" || g.status === "failed")).toBe(true);
      for (const g of final) {
        if (g.status === "succeeded") expect([g.credits.charged, g.credits.refunded, g.assets.length]).toEqual([2, 0, 1]);
        else expect([g.credits.charged, g.credits.refunded, g.assets.length]).toEqual([0, 2, 0]);
      }
      const ledger = (await (
        await fetch(`${second.url}/graphql`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ query: "{ viewer { account { balance ledger(first: 100) { nodes { kind amount balanceAfter generationId } } } } }" }),
        })
      ).json()) as {
        data: {
          viewer: { account: { balance: number; ledger: { nodes: { kind: string; amount: number; balanceAfter: number; generationId: string | null }[] } } };
        };
      };
      const { balance, ledger: page } = ledger.data.viewer.account;
      const entries = page.nodes;
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
      expect(entries[0]!.balanceAfter).toBe(balance);
      const charges = entries.filter((e) => e.kind === "charge");
      const refunds = entries.filter((e) => e.kind === "refund");
      expect(charges).toHaveLength(20);
      expect(new Set(charges.map((e) => e.generationId)).size).toBe(20);
      expect(new Set(refunds.map((e) => e.generationId)).size).toBe(refunds.length);
      expect(refunds.map((e) => e.generationId).sort()).toEqual(
        final
          .filter((g) => g.status === "failed")
          .map((g) => g.id)
          .sort(),
      );
      expect(balance).toBe(100 - 2 * final.filter((g) => g.status === "succeeded").length);
      // The restart did real recovery work (queued ones re-run, running ones refunded).
      expect(recovered).toBeDefined();
      expect((recovered!.failed as number) + (recovered!.requeued as number)).toBeGreaterThan(0);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
  }, 120_000);
});
