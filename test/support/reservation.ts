import { createGenerationStore } from "../../src/domain/generation/store.js";
import type { NewGeneration } from "../../src/domain/generation/store.js";
import type { TestApp } from "./harness.js";
import { newRow } from "./unit-db.js";

/**
 * A generation reserved (and charged) the way a call reserves one, but never handed to the queue: `fail()` then ends
 * it as the runner ends a failure, refunding it. A refund without a driver to break (usage, key budgets).
 */
export async function reserveUnqueued(
  t: TestApp,
  accountId: string,
  fields: Partial<NewGeneration> = {},
): Promise<{ id: string; balance: number; fail(): Promise<void> }> {
  const store = createGenerationStore(t.db.prisma, t.infra.bus, t.db.sql, t.infra.blobs);
  const row = newRow(accountId, fields.agentId ?? "pixel-sprite", fields);
  const reserved = await store.reserveMany(t.db.prisma, [row], 1000);
  if (!reserved) throw new Error(`not reserved (balance or active generations): ${JSON.stringify(fields)}`);
  return {
    id: row.id,
    balance: reserved.balance,
    async fail() {
      await store.fail(row.id, { status: "failed", error: { code: "internal_error", message: "test", retryable: false } });
    },
  };
}
