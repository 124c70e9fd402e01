import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOf, eventsOf, generationOf, insertAgent, ledgerOf, newAccount, newRow, openUnitDatabase } from "../../../test/support/unit-db.js";
import type { Database } from "../../infra/db/database.js";
import { createInProcessEventBus, type GenerationEventMessage } from "../../infra/events/bus.js";
import { newId } from "../ids.js";
import { createGenerationStore, startedEvent, type GenerationStore, type NewGeneration } from "./store.js";
import { createMemoryBlobStore } from "../../infra/blobs/memory-store.js";

const agentId = "unit-agent";
const image = () => ({ assetId: newId("ast"), png: Buffer.from("a png"), mimeType: "image/png", width: 16, height: 16, sha256: "0".repeat(64) });
const canceled = { status: "canceled" as const, error: { code: "canceled", message: "Canceled.", retryable: false } };

describe("the generation store on PGlite", () => {
  let db: Database;
  let store: GenerationStore;
  const published: GenerationEventMessage[] = [];
  beforeAll(async () => {
    db = await openUnitDatabase();
    await insertAgent(db, agentId);
    const bus = createInProcessEventBus();
    const original = bus.publish.bind(bus);
    bus.publish = async (message) => {
      published.push(message);
      return original(message);
    };
    store = createGenerationStore(db.prisma, bus, db.sql, createMemoryBlobStore());
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Reserves `rows` of one account (a limit of `max` active), as the in-process path does: on the driver. */
  const reserve = (rows: NewGeneration[], max = 20) => store.reserveMany(db.sql, rows, max);

  describe("reservation (reserveMany)", () => {
    it("a single call is a batch of one: the generation, its charge entry and its queued event, in one statement", async () => {
      const accountId = await newAccount(db, 10);
      const row = newRow(accountId, agentId, { cost: 3, prompt: null, messages: [{ role: "user", content: "a slime" }] });
      const reserved = await store.reserveMany(db.sql, [row], 20, { flush: false });
      expect(reserved).toMatchObject({ balance: 7, active: 1 });
      expect(await accountOf(db, accountId)).toEqual({ balance: 7, active: 1 });
      expect(await ledgerOf(db, accountId)).toEqual([{ kind: "charge", amount: -3, balanceAfter: 7, generationId: row.id, idempotencyRecordId: null }]);
      expect(await eventsOf(db, row.id)).toEqual([{ seq: 1, type: "generation.queued", data: { id: row.id, agentId } }]);
      const stored = await generationOf(db, row.id);
      expect(stored).toMatchObject({ status: "queued", creditState: "reserved", attempt: 0, lastEventSeq: 1 });
      expect(stored!.createdAt.getTime()).toBe(reserved!.createdAt.getTime());
      expect((await db.prisma.generation.findUniqueOrThrow({ where: { id: row.id } })).messages).toEqual([{ role: "user", content: "a slime" }]);
    });

    it("refuses for the balance: nothing written, and `refusalState` says why", async () => {
      const accountId = await newAccount(db, 2);
      const row = newRow(accountId, agentId, { cost: 3 });
      expect(await reserve([row])).toBeUndefined();
      expect(await accountOf(db, accountId)).toEqual({ balance: 2, active: 0 });
      expect(await ledgerOf(db, accountId)).toEqual([]);
      expect(await generationOf(db, row.id)).toBeNull();
      expect(await store.refusalState(accountId, 30)).toMatchObject({ balance: 2, active: 0, activeSince: [], heldMs: [] });
    });

    it("refuses past the active limit: nothing written; the account's other generations untouched", async () => {
      const accountId = await newAccount(db, 100);
      const first = [newRow(accountId, agentId), newRow(accountId, agentId)];
      expect(await reserve(first, 2)).toMatchObject({ balance: 98, active: 2 });
      const third = newRow(accountId, agentId);
      expect(await reserve([third], 2)).toBeUndefined();
      expect(await accountOf(db, accountId)).toEqual({ balance: 98, active: 2 });
      expect(await generationOf(db, third.id)).toBeNull();
      expect((await ledgerOf(db, accountId)).length).toBe(2);
    });

    it("a batch is all or nothing: refused whole for the sum of its prices or for its slots", async () => {
      const accountId = await newAccount(db, 5);
      const three = () => [newRow(accountId, agentId, { cost: 2 }), newRow(accountId, agentId, { cost: 2 }), newRow(accountId, agentId, { cost: 2 })];
      const short = three();
      expect(await reserve(short)).toBeUndefined(); // 6 > 5: none of the three, though two would fit
      const crowded = three();
      expect(await store.reserveMany(db.sql, crowded.slice(0, 2), 20)).toMatchObject({ balance: 1, active: 2 });
      const more = [newRow(accountId, agentId, { cost: 0 }), newRow(accountId, agentId, { cost: 0 })];
      expect(await reserve(more, 3)).toBeUndefined(); // two more slots asked, one left
      expect(await accountOf(db, accountId)).toEqual({ balance: 1, active: 2 });
      for (const row of [...short, ...more]) expect(await generationOf(db, row.id)).toBeNull();
    });

    it("a batch's charge entries come in its order, each with the balance after it, all naming the call's idempotency record", async () => {
      const accountId = await newAccount(db, 20);
      const record = await db.prisma.idempotencyRecord.create({
        data: {
          id: newId("idem"),
          accountId,
          key: "batch-1",
          requestHash: "f",
          expiresAt: new Date(Date.now() + 60_000),
          lockedUntil: new Date(Date.now() + 60_000),
        },
      });
      const rows = [
        newRow(accountId, agentId, { cost: 3, idempotencyRecordId: record.id }),
        newRow(accountId, agentId, { cost: 0 }),
        newRow(accountId, agentId, { cost: 5 }),
      ];
      expect(await reserve(rows)).toMatchObject({ balance: 12, active: 3 });
      expect(await ledgerOf(db, accountId)).toEqual([
        { kind: "charge", amount: -3, balanceAfter: 17, generationId: rows[0]!.id, idempotencyRecordId: record.id },
        { kind: "charge", amount: -5, balanceAfter: 12, generationId: rows[2]!.id, idempotencyRecordId: record.id },
      ]);
      for (const row of rows) expect((await eventsOf(db, row.id)).map((e) => e.type)).toEqual(["generation.queued"]);
      await expect(reserve([newRow(accountId, agentId), newRow(accountId, agentId, { idempotencyRecordId: record.id })])).rejects.toThrow(/only the first row/);
    });

    it("a free agent's reservation writes no ledger entry", async () => {
      const accountId = await newAccount(db, 0);
      expect(await reserve([newRow(accountId, agentId, { cost: 0 })])).toMatchObject({ balance: 0, active: 1 });
      expect(await ledgerOf(db, accountId)).toEqual([]);
    });
  });

  describe("endings happen once, whatever races", () => {
    /** A generation reserved and started (running). */
    const running = async (accountId: string, cost = 4) => {
      const row = newRow(accountId, agentId, { cost });
      await reserve([row]);
      expect(await store.start(row.id)).toMatchObject({ id: row.id, status: "running", attempt: 1 });
      return row;
    };

    it("two completions of one generation: one asset, one charge, the slot released once", async () => {
      const accountId = await newAccount(db, 10);
      const row = await running(accountId);
      const results = await Promise.all([store.complete(row.id, image(), new Date(), view(row.id)), store.complete(row.id, image(), new Date(), view(row.id))]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await accountOf(db, accountId)).toEqual({ balance: 6, active: 0 });
      expect(await db.prisma.asset.count({ where: { generationId: row.id } })).toBe(1);
      expect((await ledgerOf(db, accountId)).map((e) => e.kind)).toEqual(["charge"]);
      const types = (await eventsOf(db, row.id)).map((e) => e.type);
      expect(types).toEqual(["generation.queued", "generation.started", "generation.completed"]);
      expect(results.find(Boolean)!.data).toMatchObject({ credits: { charged: 4, refunded: 0, balance: 6 } });
    });

    it("complete against cancel: exactly one wins, and the credits follow the winner", async () => {
      const winners: string[] = [];
      for (let i = 0; i < 6; i++) {
        const accountId = await newAccount(db, 10);
        const row = await running(accountId);
        const complete = () => store.complete(row.id, image(), new Date(), view(row.id));
        const cancel = () => store.fail(row.id, { ...canceled, accountId });
        // Sent together, in either order (the second finds the first's ending).
        const [completed, failed] =
          i % 2 ? await Promise.all([complete(), cancel()]) : await Promise.all([cancel(), complete()]).then(([f, c]) => [c, f] as const);
        expect([completed, failed].filter(Boolean)).toHaveLength(1);
        winners.push(completed ? "complete" : "cancel");
        const stored = await generationOf(db, row.id);
        const ledger = await ledgerOf(db, accountId);
        if (completed) {
          expect(stored).toMatchObject({ status: "succeeded", creditState: "charged" });
          expect(await accountOf(db, accountId)).toEqual({ balance: 6, active: 0 });
          expect(ledger.map((e) => e.kind)).toEqual(["charge"]);
        } else {
          expect(stored).toMatchObject({ status: "canceled", creditState: "refunded" });
          expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
          expect(ledger.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
            ["charge", -4, 6],
            ["refund", 4, 10],
          ]);
          expect(await db.prisma.asset.count({ where: { generationId: row.id } })).toBe(0);
        }
        expect((await eventsOf(db, row.id)).filter((e) => e.type === "generation.completed" || e.type === "generation.failed")).toHaveLength(1);
      }
      expect(new Set(winners)).toEqual(new Set(["complete", "cancel"])); // both outcomes were exercised
    });

    it("two cancels (or a cancel and a failure) refund once; a finished generation is not touched", async () => {
      const accountId = await newAccount(db, 10);
      const row = await running(accountId);
      const failure = { status: "failed" as const, error: { code: "generator_unavailable", message: "Down.", retryable: true } };
      const results = await Promise.all([
        store.fail(row.id, { ...canceled, accountId }),
        store.fail(row.id, failure),
        store.fail(row.id, { ...canceled, accountId }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
      expect((await ledgerOf(db, accountId)).filter((e) => e.kind === "refund")).toHaveLength(1);
      expect(await store.complete(row.id, image(), new Date(), view(row.id))).toBeUndefined();
      expect(await store.append(row.id, "generation.progress", { id: row.id, percent: 50, stage: "late" })).toBeUndefined();
      expect(await store.start(row.id)).toBeUndefined();
    });

    it("a cancel names its account: another account's cancel changes nothing", async () => {
      const accountId = await newAccount(db, 10);
      const other = await newAccount(db, 10);
      const row = await running(accountId);
      expect(await store.fail(row.id, { ...canceled, accountId: other })).toBeUndefined();
      expect(await generationOf(db, row.id)).toMatchObject({ status: "running", creditState: "reserved" });
    });

    it("a held start completes a queued generation in one statement, its events in order; a canceled one is not completed", async () => {
      const accountId = await newAccount(db, 10);
      const row = newRow(accountId, agentId, { cost: 2 });
      await reserve([row]);
      const startedAt = new Date();
      const progress = { type: "generation.progress", data: { id: row.id, percent: 0, stage: "drawing" } };
      await expect(store.complete(row.id, image(), new Date(), view(row.id), [progress], startedAt)).rejects.toThrow(/held start comes first/);
      const before = published.length;
      const completed = await store.complete(row.id, image(), new Date(), view(row.id), [startedEvent(row.id), progress], startedAt);
      expect(completed).toMatchObject({ seq: 4, type: "generation.completed" });
      expect((await eventsOf(db, row.id)).map((e) => [e.seq, e.type])).toEqual([
        [1, "generation.queued"],
        [2, "generation.started"],
        [3, "generation.progress"],
        [4, "generation.completed"],
      ]);
      expect(published.slice(before).map((m) => m.seq)).toEqual([2, 3, 4]); // published in order after the commit
      expect(await generationOf(db, row.id)).toMatchObject({ status: "succeeded", attempt: 1, startedAt });

      const gone = newRow(accountId, agentId);
      await reserve([gone]);
      await store.fail(gone.id, { ...canceled, accountId });
      expect(await store.complete(gone.id, image(), new Date(), view(gone.id), [startedEvent(gone.id)], new Date())).toBeUndefined();
      expect(await db.prisma.asset.count({ where: { generationId: gone.id } })).toBe(0);
    });
  });

  it("refusalState reads the active generations' ages and how long the ended ones held their slot", async () => {
    const accountId = await newAccount(db, 100);
    const ended = newRow(accountId, agentId);
    const active = [newRow(accountId, agentId), newRow(accountId, agentId)];
    await reserve([ended]);
    await store.start(ended.id);
    await store.complete(ended.id, image(), new Date(), view(ended.id));
    await db.prisma.generation.update({
      where: { id: ended.id },
      data: { createdAt: new Date(Date.now() - 60_000), completedAt: new Date(Date.now() - 30_000) },
    });
    await reserve(active);
    const state = (await store.refusalState(accountId, 10))!;
    expect(state).toMatchObject({ balance: 97, active: 2 });
    expect(state.heldMs).toHaveLength(1);
    expect(state.heldMs[0]).toBeCloseTo(30_000, -2);
    expect(state.activeSince).toHaveLength(2);
    for (const since of state.activeSince) expect(Math.abs(state.now - since)).toBeLessThan(5_000);
    expect(await store.refusalState(accountId, 1)).toMatchObject({ heldMs: [] }); // only the latest one: an active one
    expect(await store.refusalState("acc_nobody", 10)).toBeUndefined();
  });
});

const view = (id: string) => ({ id, status: "succeeded" });
