import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetKey } from "../../src/infra/blobs/blob-store.js";
import { createGenerationStore } from "../../src/domain/generation/store.js";
import { generationView } from "../../src/domain/generation/view.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import {
  decodePng,
  expectBalancedLedger,
  generateWithCookie,
  generateWithKey,
  readEvents,
  waitForAllDone,
  type GenerationBody,
} from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

describe("POST /api/v1/generate (API key)", () => {
  it("generates synchronously: 200, the contract's object, a real PNG, the credit headers", async () => {
    const before = await t.app.services.credits.balance(user.accountId);
    const response = await generateWithKey(t, secret, { prompt: "red health potion", agentId: "icon", transparent: true, seed: 1234, width: 128, height: 128 });
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody & Record<string, unknown>;
    expect(g).toMatchObject({ status: "succeeded", agentId: "icon", prompt: "red health potion", transparent: true, seed: 1234, width: 128, height: 128 });
    expect(g.id).toMatch(/^gen_/);
    expect(typeof g.createdAt).toBe("string");
    expect(typeof g.completedAt).toBe("string");
    expect(g.credits).toEqual({ charged: 2, refunded: 0, balance: before - 2 });
    expect(response.headers.get("x-credits-charged")).toBe("2");
    expect(response.headers.get("x-credits-balance")).toBe(String(before - 2));
    expect(response.headers.get("ratelimit-policy")).toBe('"generate";q=10000;w=60');
    expect(response.headers.get("ratelimit")).toMatch(/^"generate";r=\d+;t=\d+$/);
    const [asset] = g.assets;
    expect(asset).toMatchObject({ mimeType: "image/png", width: 128, height: 128, url: `/api/v1/assets/${asset!.id}` });
    const png = decodePng(asset!.b64!);
    expect([png.width, png.height]).toEqual([128, 128]);
    expect(asset!.bytes).toBe(Buffer.from(asset!.b64!, "base64").length);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 2);
  });

  it("uses the default agent and its default size when none is named", async () => {
    const g = (await (await generateWithKey(t, secret, { prompt: "a knight" })).json()) as GenerationBody;
    expect(g).toMatchObject({ agentId: "pixel-sprite", width: 64, height: 64, transparent: false });
    expect(Number.isInteger(g.seed)).toBe(true);
  });

  it("reads a conversation in `messages`", async () => {
    const response = await generateWithKey(t, secret, {
      agentId: "icon",
      messages: [
        { role: "system", content: "You make game icons." },
        { role: "user", content: "a potion" },
        { role: "assistant", content: "Here is a red potion." },
        { role: "user", content: "make it blue" },
      ],
      seed: 5,
    });
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody & { messages: unknown[]; prompt: null };
    expect(g.prompt).toBeNull();
    expect(g.messages).toHaveLength(4);
  });

  it("answers 202 at once with Prefer: respond-async; GET reads it until it is done", async () => {
    const response = await generateWithKey(t, secret, { prompt: "stone wall", agentId: "texture" }, { prefer: "respond-async" });
    expect(response.status).toBe(202);
    const queued = (await response.json()) as GenerationBody;
    expect(["queued", "running"]).toContain(queued.status);
    expect(response.headers.get("location")).toBe(`/api/v1/generations/${queued.id}`);
    let g = queued;
    for (let i = 0; i < 200 && g.status !== "succeeded"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      g = (await (await t.request(`/api/v1/generations/${queued.id}`, { headers: bearer(secret) })).json()) as GenerationBody;
    }
    expect(g.status).toBe("succeeded");
    expect(g.assets).toHaveLength(1);
  });

  it("refuses a session cookie, a read-only key, and no credentials", async () => {
    const cookieOnly = await t.request("/api/v1/generate", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, origin },
      body: JSON.stringify({ prompt: "x" }),
    });
    expect((await errorOf(cookieOnly)).code).toBe("unauthenticated");
    const readOnly = await createKey(t, user, { scopes: ["read"] });
    expect(await errorOf(await generateWithKey(t, readOnly.secret, { prompt: "x" }))).toMatchObject({ status: 403, code: "forbidden" });
    const anonymous = await t.request("/api/v1/generate", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
  });
});

describe("validation (contract section 3): every rule, nothing charged or written", () => {
  const long = "x".repeat(4001);
  const cases: [string, Record<string, unknown>, number, string, string][] = [
    ["both prompt and messages", { prompt: "a", messages: [{ role: "user", content: "b" }] }, 400, "invalid_request", "prompt"],
    ["neither prompt nor messages", { agentId: "icon" }, 400, "invalid_request", "prompt"],
    ["an empty prompt", { prompt: "" }, 400, "invalid_request", "prompt"],
    ["a blank prompt", { prompt: "   " }, 400, "invalid_request", "prompt"],
    ["a prompt over 4000 characters", { prompt: long }, 400, "invalid_request", "prompt"],
    ["a non-string prompt", { prompt: 42 }, 400, "invalid_request", "prompt"],
    ["empty messages", { messages: [] }, 400, "invalid_request", "messages"],
    ["51 messages", { messages: Array.from({ length: 51 }, () => ({ role: "user", content: "x" })) }, 400, "invalid_request", "messages"],
    ["a bad role", { messages: [{ role: "robot", content: "x" }] }, 400, "invalid_request", "messages.0.role"],
    ["no user message", { messages: [{ role: "system", content: "x" }] }, 400, "invalid_request", "messages"],
    ["an over-long message", { messages: [{ role: "user", content: long }] }, 400, "invalid_request", "messages.0.content"],
    ["an unknown message field", { messages: [{ role: "user", content: "x", name: "y" }] }, 400, "invalid_request", "messages.0.name"],
    ["an unknown agent", { prompt: "a", agentId: "dall-e" }, 400, "unknown_agent", "agentId"],
    ["transparency from an agent without it", { prompt: "a", agentId: "texture", transparent: true }, 400, "unsupported_option", "transparent"],
    ["a non-boolean transparent", { prompt: "a", transparent: "yes" }, 400, "invalid_request", "transparent"],
    ["a negative seed", { prompt: "a", seed: -1 }, 400, "invalid_request", "seed"],
    ["a seed of 2^31", { prompt: "a", seed: 2 ** 31 }, 400, "invalid_request", "seed"],
    ["a fractional seed", { prompt: "a", seed: 1.5 }, 400, "invalid_request", "seed"],
    ["a width the agent does not make", { prompt: "a", agentId: "pixel-sprite", width: 100, height: 100 }, 400, "invalid_request", "width"],
    ["a height the agent does not make", { prompt: "a", agentId: "pixel-sprite", width: 32, height: 64 }, 400, "invalid_request", "height"],
    ["an unknown field", { prompt: "a", quality: "hd" }, 400, "invalid_request", "quality"],
  ];

  it.each(cases)("refuses %s", async (_label, body, status, code, param) => {
    const before = await t.app.services.credits.balance(user.accountId);
    const count = await t.db.prisma.generation.count();
    const response = await generateWithKey(t, secret, body);
    expect(await errorOf(response)).toMatchObject({ status, code, param });
    expect(await t.app.services.credits.balance(user.accountId)).toBe(before);
    expect(await t.db.prisma.generation.count()).toBe(count);
  });

  it("accepts width alone when it names one size", async () => {
    const g = (await (await generateWithKey(t, secret, { prompt: "a", agentId: "pixel-sprite", width: 32 })).json()) as GenerationBody;
    expect([g.width, g.height]).toEqual([32, 32]);
  });

  it.each([
    ["no content type", { "content-type": "" }, "not json", 415, "unsupported_media_type"],
    ["text/plain", { "content-type": "text/plain" }, "{}", 415, "unsupported_media_type"],
    ["broken JSON", { "content-type": "application/json" }, '{"prompt":', 400, "invalid_json"],
    ["a JSON array", { "content-type": "application/json" }, "[]", 400, "invalid_request"],
  ])("refuses %s", async (_label, headers, body, status, code) => {
    const response = await t.request("/api/v1/generate", { method: "POST", headers: { ...bearer(secret), ...headers }, body });
    expect(await errorOf(response)).toMatchObject({ status, code });
  });
});

describe("in-app endpoints (session cookie)", () => {
  it("POST /api/ai/generate: one-shot with the cookie; an API key is refused", async () => {
    const response = await generateWithCookie(t, user.cookie, "/api/ai/generate", { prompt: "golden coin", agentId: "icon" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as GenerationBody).status).toBe("succeeded");
    const withKey = await t.request("/api/ai/generate", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body: '{"prompt":"x"}',
    });
    expect(withKey.status).toBe(401);
    const foreign = await generateWithCookie(t, user.cookie, "/api/ai/generate", { prompt: "x" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("POST /api/ai/stream: named, numbered events, non-decreasing percent, ending with completed + assets", async () => {
    const response = await generateWithCookie(t, user.cookie, "/api/ai/stream", { prompt: "green slime monster", agentId: "pixel-sprite" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    expect(events[0]!.event).toBe("generation.queued");
    expect(events[1]!.event).toBe("generation.started");
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const percents = events.filter((e) => e.event === "generation.progress").map((e) => e.data.percent as number);
    expect(percents.length).toBeGreaterThanOrEqual(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.filter((e) => e.event === "generation.progress").every((e) => typeof e.data.stage === "string")).toBe(true);
    const last = events.at(-1)!;
    expect(last.event).toBe("generation.completed");
    const g = last.data as unknown as GenerationBody;
    expect(g.status).toBe("succeeded");
    expect(g.assets[0]!.b64).toBeTruthy();
    expect(g.credits.charged).toBe(1);

    // A late subscriber gets every event again, and Last-Event-ID resumes after it.
    const replay = await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(secret) }));
    expect(replay.map((e) => [e.event, e.id])).toEqual(events.map((e) => [e.event, e.id]));
    // Byte for byte, keys in the same order: the stored completed event lacks b64 (the image is
    // stored once, as the asset's bytes) and the replay puts it back as the live event had it.
    expect(replay.map((e) => JSON.stringify(e.data))).toEqual(events.map((e) => JSON.stringify(e.data)));
    const stored = await t.db.prisma.generationEvent.findFirstOrThrow({ where: { generationId: g.id, type: "generation.completed" } });
    expect(JSON.stringify(stored.data)).not.toContain('"b64"');
    expect((stored.data as { assets: { id: string }[] }).assets.map((a) => a.id)).toEqual(g.assets.map((a) => a.id));
    const resumed = await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: { ...bearer(secret), "last-event-id": "3" } }));
    expect(resumed.map((e) => e.id)).toEqual(events.slice(3).map((e) => e.id));
  });

  it("one-shot calls, whether they run in a free slot at once or wait for one: the same events, in order, once each", async () => {
    // WORKER_CONCURRENCY is 2 here: of eight calls at once, the first take free slots and the rest
    // queue behind them; every start is held back and stored with the completing statement.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => generateWithKey(t, secret, { prompt: `red slime ${i}`, agentId: "pixel-sprite", width: 32 })),
    );
    for (const response of answers) {
      expect(response.status).toBe(200);
      const g = (await response.json()) as GenerationBody & { startedAt: string | null; createdAt: string; completedAt: string };
      expect(g.status).toBe("succeeded");
      expect(Date.parse(g.startedAt!)).toBeGreaterThanOrEqual(Date.parse(g.createdAt));
      expect(Date.parse(g.completedAt)).toBeGreaterThanOrEqual(Date.parse(g.startedAt!));
      const events = await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(secret) }));
      expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
      expect(events.slice(0, 2).map((e) => [e.event, e.data])).toEqual([
        ["generation.queued", { id: g.id, agentId: "pixel-sprite" }],
        ["generation.started", { id: g.id }],
      ]);
      expect(events.filter((e) => e.event === "generation.started")).toHaveLength(1);
      expect(events.at(-1)!.event).toBe("generation.completed");
      const row = await t.db.prisma.generation.findUniqueOrThrow({ where: { id: g.id } });
      expect(row).toMatchObject({ status: "succeeded", attempt: 1, creditState: "charged", lastEventSeq: events.length });
      expect(row.startedAt!.toISOString()).toBe(g.startedAt);
    }
  });

  it("a one-shot call refused for its credits gives its claimed job slot back: refusals never use up the queue", async () => {
    const poor = await startTestApp({ SIGNUP_CREDITS: "1" }); // two job slots (WORKER_CONCURRENCY's default)
    try {
      const user = await signUp(poor);
      const { secret: key } = await createKey(poor, user);
      for (let i = 0; i < 5; i++) {
        const refused = await generateWithKey(poor, key, { prompt: "golden coin", agentId: "icon" }); // 2 credits
        expect(await errorOf(refused)).toMatchObject({ status: 402, code: "insufficient_credits" });
      }
      expect(poor.infra.queue.pending()).toBe(0); // a slot kept by a refusal would count here
      const made = await generateWithKey(poor, key, { prompt: "red slime", agentId: "pixel-sprite", width: 16 });
      expect(made.status).toBe(200);
      expect(((await made.json()) as GenerationBody).status).toBe("succeeded");
      expect(await expectBalancedLedger(poor, user.accountId)).toBe(0);
    } finally {
      await poor.close();
    }
  });

  it("a committed generation runs and its call answers 200 even when publishing its queued event fails: the wait reads what the bus missed", async () => {
    const user = await signUp(t);
    const { secret: key } = await createKey(t, user);
    for (const slot of ["free", "taken"] as const) {
      // "free": the call runs in a claimed slot; "taken": a long texture holds both slots, so it waits in the queue.
      const busy =
        slot === "taken"
          ? Array.from({ length: 2 }, () => generateWithKey(t, key, { prompt: "dark oak wood planks", agentId: "texture", width: 512, height: 512 }))
          : [];
      if (slot === "free") for (let i = 0; i < 100 && t.infra.queue.pending() > 0; i++) await new Promise((r) => setTimeout(r, 50));
      else for (let i = 0; i < 100 && t.infra.queue.pending() < 2; i++) await new Promise((r) => setTimeout(r, 5));
      const publish = t.infra.bus.publish;
      let failed = 0;
      t.infra.bus.publish = async (message) => {
        if (message.type === "generation.queued" && message.data.agentId === "pixel-sprite" && failed++ === 0) throw new Error("bus down");
        return publish.call(t.infra.bus, message);
      };
      try {
        const response = await generateWithKey(t, key, { prompt: "red slime", agentId: "pixel-sprite", width: 16 });
        expect(response.status).toBe(200);
        const g = (await response.json()) as GenerationBody;
        expect(g.status).toBe("succeeded");
        const events = await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(key) }));
        expect(events.map((e) => e.event).slice(0, 2)).toEqual(["generation.queued", "generation.started"]);
      } finally {
        t.infra.bus.publish = publish;
      }
      expect(failed).toBe(1);
      for (const b of await Promise.all(busy)) expect(b.status).toBe(200);
    }
    await waitForAllDone(t, user.accountId);
    const rows = await t.db.prisma.generation.findMany({ where: { accountId: user.accountId } });
    expect(rows).toHaveLength(4);
    for (const g of rows) expect(g).toMatchObject({ status: "succeeded", creditState: "charged", attempt: 1 });
    expect(await expectBalancedLedger(t, user.accountId)).toBe(1000 - 2 * 1 - 2 * rows.find((r) => r.agentId === "texture")!.cost);
  });

  it("reads a generation in one statement: the view Prisma's rows give, with or without the bytes, and nothing of another account", async () => {
    const made = (await (await generateWithKey(t, secret, { prompt: "blue gem", agentId: "icon", width: 64, height: 64 })).json()) as GenerationBody;
    // A second one without an asset: canceled (settled, so both reads below see the same state).
    const queued = (await (await generateWithKey(t, secret, { prompt: "red gem", agentId: "icon" }, { prefer: "respond-async" })).json()) as GenerationBody;
    await t.request(`/api/v1/generations/${queued.id}/cancel`, { method: "POST", headers: bearer(secret) });
    await waitForAllDone(t, user.accountId);
    const store = createGenerationStore(t.db.prisma, t.infra.bus, t.db.sql, t.infra.blobs);
    for (const id of [made.id, queued.id]) {
      for (const withB64 of [true, false]) {
        const g = await t.db.prisma.generation.findUniqueOrThrow({ where: { id }, include: { assets: true } });
        const { balance } = await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } });
        const read = (await store.read(user.accountId, id, withB64))!;
        // The row holds no bytes (null): they are in the blob store, under the asset's sha256.
        expect(g.assets.every((a) => a.bytes === null)).toBe(true);
        const assets = await Promise.all(g.assets.map(async ({ bytes: _, ...a }) => ({ ...a, bytes: await t.infra.blobs.get(assetKey(a.sha256)) })));
        expect(generationView(read.record, read.assets, read.balance, withB64)).toEqual(generationView(g, assets, balance, withB64));
      }
    }
    const read = (await store.read(user.accountId, made.id, true))!;
    expect(Buffer.from(read.assets[0]!.b64!, "base64").equals(Buffer.from(made.assets[0]!.b64!, "base64"))).toBe(true);
    const other = await signUp(t);
    expect(await store.read(other.accountId, made.id, true)).toBeUndefined();
    expect(await store.read(user.accountId, "gen_nothing", true)).toBeUndefined();
  });

  it("reads the last sequence number of many generations in one statement (the streams' shared heal)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await (await generateWithKey(t, secret, { prompt: `slime ${i}`, width: 16 })).json()) as GenerationBody).id);
    const store = createGenerationStore(t.db.prisma, t.infra.bus, t.db.sql, t.infra.blobs);
    const seqs = await store.lastSeqs([...ids, "gen_nothing", "it's not an id"]);
    expect([...seqs.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const stored = await t.db.prisma.generationEvent.count({ where: { generationId: id } });
      expect(seqs.get(id)).toBe(stored);
    }
    expect((await store.lastSeqs([])).size).toBe(0);
  });

  it("a client that disconnects does not cancel its generation", async () => {
    const controller = new AbortController();
    const response = await t.request("/api/ai/stream", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, origin },
      body: JSON.stringify({ prompt: "dark oak wood planks", agentId: "texture", width: 512, height: 512 }),
      signal: controller.signal,
    });
    const id = response.headers.get("x-generation-id")!;
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
    let status = "";
    for (let i = 0; i < 200 && status !== "succeeded"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await t.db.prisma.generation.findUniqueOrThrow({ where: { id } })).status;
    }
    expect(status).toBe("succeeded");
  });
});

describe("generations, assets and cancel", () => {
  it("GET /api/v1/assets/:id: bytes to the owner only, with Content-Type, ETag = sha256 and a long cache", async () => {
    const g = (await (await generateWithKey(t, secret, { prompt: "blue gem", agentId: "icon", width: 64, height: 64 })).json()) as GenerationBody;
    const asset = g.assets[0]!;
    const response = await t.request(asset.url, { headers: bearer(secret) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toBe(`"${asset.sha256}"`);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(Buffer.from(asset.b64!, "base64"))).toBe(true);
    expect((await t.request(asset.url, { headers: { cookie: user.cookie } })).status).toBe(200);
    expect((await t.request(asset.url, { headers: { ...bearer(secret), "if-none-match": `"${asset.sha256}"` } })).status).toBe(304);

    const other = await signUp(t);
    const otherKey = await createKey(t, other);
    expect(await errorOf(await t.request(asset.url, { headers: bearer(otherKey.secret) }))).toMatchObject({ status: 404, code: "not_found" });
    expect((await t.request(`/api/v1/generations/${g.id}`, { headers: bearer(otherKey.secret) })).status).toBe(404);
    expect((await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(otherKey.secret) })).status).toBe(404);
    expect((await t.request(`/api/v1/generations/${g.id}/cancel`, { method: "POST", headers: bearer(otherKey.secret) })).status).toBe(404);
    expect((await t.request(asset.url)).status).toBe(401);
  });

  it("a canceled generation waiting for a job slot leaves the queue: it never runs, and the others do", async () => {
    const owner = await signUp(t);
    const key = await createKey(t, owner);
    const slow = { prompt: "dark oak wood planks", agentId: "texture", width: 512, height: 512 };
    const busy = await Promise.all(
      [1, 2].map(async () => (await (await generateWithKey(t, key.secret, slow, { prefer: "respond-async" })).json()) as GenerationBody),
    );
    const waiting = (await (await generateWithKey(t, key.secret, { prompt: "axe", agentId: "icon" }, { prefer: "respond-async" })).json()) as GenerationBody;
    const before = t.infra.queue.pending();
    const canceled = await t.request(`/api/v1/generations/${waiting.id}/cancel`, { method: "POST", headers: bearer(key.secret) });
    expect(((await canceled.json()) as GenerationBody).status).toBe("canceled");
    // Still waiting when canceled (both slots were busy): its job left the queue at once.
    const ran = await t.db.prisma.generation.count({ where: { id: { in: busy.map((b) => b.id) }, status: "succeeded" } });
    if (ran < 2) expect(t.infra.queue.pending()).toBe(before - 1);
    await waitForAllDone(t, owner.accountId);
    const events = await readEvents(await t.request(`/api/v1/generations/${waiting.id}/events`, { headers: bearer(key.secret) }));
    expect(events.map((e) => e.event)).toEqual(["generation.queued", "generation.failed"]);
    for (const b of busy) expect(await t.db.prisma.generation.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ status: "succeeded", attempt: 1 });
    expect(await expectBalancedLedger(t, owner.accountId)).toBe(1000 - 2 * busy[0]!.credits.charged);
  });

  it("cancels a queued generation once, refunding it, and its stream ends with generation.failed", async () => {
    const paused = await startTestApp({}, { worker: false }); // nothing runs: generations stay queued
    const owner = await signUp(paused);
    const key = await createKey(paused, owner);
    const queued = (await (
      await generateWithKey(paused, key.secret, { prompt: "axe", agentId: "icon" }, { prefer: "respond-async" })
    ).json()) as GenerationBody;
    expect(queued.credits.balance).toBe(98);
    const [first, second] = await Promise.all(
      [1, 2].map(() => paused.request(`/api/v1/generations/${queued.id}/cancel`, { method: "POST", headers: bearer(key.secret) })),
    );
    const canceled = (await first!.json()) as GenerationBody;
    expect(canceled).toMatchObject({ status: "canceled", credits: { charged: 0, refunded: 2, balance: 100 }, error: { code: "canceled" } });
    expect(((await second!.json()) as GenerationBody).status).toBe("canceled");
    expect(await paused.db.prisma.ledgerEntry.count({ where: { generationId: queued.id, kind: "refund" } })).toBe(1);
    expect(await expectBalancedLedger(paused, owner.accountId)).toBe(100);
    const events = await readEvents(await paused.request(`/api/v1/generations/${queued.id}/events`, { headers: bearer(key.secret) }));
    expect(events.map((e) => e.event)).toEqual(["generation.queued", "generation.failed"]);
    expect(events[1]!.data).toMatchObject({ error: { code: "canceled" }, credits: { refunded: 2, balance: 100 } });
    await paused.close();
  });
});

describe("GraphQL generation API", () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({ query, variables }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answers of several documents, read field by field
    return (await response.json()) as { data?: Record<string, any>; errors?: { extensions: { code: string } }[] };
  };

  it("generate → subscription over graphql-sse → generation, generations", async () => {
    const created = await gql('mutation { generate(input: { prompt: "purple crystal", agentId: "icon", seed: 9 }) { id status credits { charged } } }');
    const id = created.data!.generate.id as string;
    expect(created.data!.generate.credits.charged).toBe(2);

    const stream = await t.request("/graphql/stream", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...bearer(secret) },
      body: JSON.stringify({ query: "subscription ($id: ID!) { generationEvents(id: $id) { seq type data } }", variables: { id } }),
    });
    const text = await stream.text();
    const nexts = text
      .split("\n\n")
      .filter((b) => b.startsWith("event: next"))
      .map((b) => JSON.parse(b.split("data: ")[1]!).data.generationEvents);
    expect(nexts[0].type).toBe("generation.queued");
    expect(nexts.at(-1).type).toBe("generation.completed");
    expect(nexts.map((e: { seq: number }) => e.seq)).toEqual(nexts.map((_: unknown, i: number) => i + 1));

    const read = await gql("query ($id: ID!) { generation(id: $id) { status seed assets { width sha256 b64 } } }", { id });
    expect(read.data!.generation).toMatchObject({ status: "succeeded", seed: 9, assets: [{ width: 256 }] });
    const list = await gql("{ generations(first: 2) { nodes { id } hasNextPage endCursor } }");
    expect(list.data!.generations.nodes[0].id).toBe(id);
    expect(list.data!.generations.hasNextPage).toBe(true);
    const next = await gql("query ($after: String) { generations(first: 2, after: $after) { nodes { id } } }", { after: list.data!.generations.endCursor });
    expect(next.data!.generations.nodes.map((n: { id: string }) => n.id)).not.toContain(id);
  });

  it("refuses invalid input with the same codes as REST", async () => {
    const bad = await gql('mutation { generate(input: { prompt: "x", agentId: "texture", transparent: true }) { id } }');
    expect(bad.errors![0]!.extensions.code).toBe("unsupported_option");
    const neither = await gql("mutation { generate(input: {}) { id } }");
    expect(neither.errors![0]!.extensions).toMatchObject({ code: "invalid_request", param: "prompt" });
    const someoneElses = await gql('{ generation(id: "gen_nope") { id } }');
    expect(someoneElses.errors![0]!.extensions.code).toBe("not_found");
  });
});
