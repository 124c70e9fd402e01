import { afterAll, beforeAll, expect, it } from "vitest";
import { createGenerationStore } from "../../src/domain/generation/store.js";
import { Prisma, type SqlRunner } from "../../src/infra/db/database.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { signUp } from "../support/users.js";
import { describeOn } from "../support/needs.js";

/**
 * The statements that move one generation must find it by its primary key whatever the
 * statistics say. The trap: statistics gathered while few generations were queued, then a backlog.
 * A status test the planner can use on the (status, updated_at) index then reads every queued
 * generation to find one, for every completion: a backlog drains in quadratic time.
 */
describeOn("postgres", "plans of the statements that move one generation (PostgreSQL)", () => {
  let t: TestApp;
  let accountId = "";

  beforeAll(async () => {
    t = await startTestApp({}, { worker: false });
    accountId = (await signUp(t)).accountId;
    const insert = (prefix: string, count: number, status: string, creditState: string) =>
      t.db.sql(Prisma.sql`
        INSERT INTO "generations" ("id", "account_id", "agent_id", "status", "prompt", "transparent", "seed", "width", "height", "cost", "credit_state", "last_event_seq", "updated_at")
        SELECT ${prefix} || i, ${accountId}, 'pixel-sprite', ${status}::"GenerationStatus", 'red slime', false, 1, 64, 64, 1, ${creditState}::"CreditState", 1, now()
        FROM generate_series(1, ${count}::int) i`);
    await t.db.sql(Prisma.sql`ALTER TABLE "generations" SET (autovacuum_enabled = false)`);
    await insert("gen_done", 20_000, "succeeded", "charged");
    await t.db.sql(Prisma.sql`ANALYZE "generations"`);
    // The backlog arrives after the statistics were taken.
    await insert("gen_wait", 2_000, "queued", "reserved");
    await insert("gen_busy", 2_000, "running", "reserved");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("complete, start, append, resume and fail use the primary key, not the status index", async () => {
    const plans: { name: string; plan: string }[] = [];
    let name = "";
    // Each statement is explained instead of run (EXPLAIN without ANALYZE changes nothing).
    const explain: SqlRunner = async <T>(statement: Prisma.Sql) => {
      const rows = await t.db.sql<{ "QUERY PLAN": unknown }>(Prisma.sql`EXPLAIN (FORMAT JSON) ${statement}`);
      plans.push({ name, plan: JSON.stringify(rows[0]!["QUERY PLAN"]) });
      return [] as T[];
    };
    const store = createGenerationStore(t.db.prisma, t.infra.bus, explain, t.infra.blobs);
    const image = { assetId: "ast_plan", png: Buffer.alloc(100), mimeType: "image/png", width: 64, height: 64, sha256: "0".repeat(64) };
    const started = { type: "generation.started", data: { id: "gen_wait7" } };
    const steps: [string, () => Promise<unknown>][] = [
      ["complete (held start)", () => store.complete("gen_wait7", image, new Date(), { id: "gen_wait7" }, [started], new Date())],
      ["complete", () => store.complete("gen_busy7", image, new Date(), { id: "gen_busy7" })],
      ["start", () => store.start("gen_wait8")],
      ["append", () => store.append("gen_busy8", "generation.progress", { id: "gen_busy8", percent: 50, stage: "drawing" })],
      ["resume", () => store.resume("gen_busy9", 2, new Date(), "retrying")],
      ["fail", () => store.fail("gen_wait9", { status: "canceled", error: { code: "canceled", message: "Canceled.", retryable: false }, accountId })],
    ];
    for (const [label, run] of steps) {
      name = label;
      await run();
    }
    expect(plans.map((p) => p.name)).toEqual(steps.map(([label]) => label));
    for (const { name: label, plan } of plans) {
      expect(plan, label).toContain("generations_pkey");
      expect(plan, label).not.toContain("generations_status_updated_at_idx");
    }
  });
});
