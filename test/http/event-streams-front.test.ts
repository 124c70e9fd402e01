import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeListener } from "../../src/transports/http/node-front.js";
import { openNodeStreams } from "../../src/transports/http/sse-node.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey, readEvents, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";

/**
 * The real server's Node entry writes the REST event streams (GET /api/v1/generations/:id/events)
 * straight to Node's response (transports/http/sse-node.ts), where the fetch entry (`app.fetch`)
 * makes a ReadableStream of the same events. Over real HTTP they must answer exactly as in
 * process, and free a stream the moment its client goes away.
 */
interface Served {
  t: TestApp;
  server: Server;
  base: string;
  user: TestUser;
  secret: string;
}

/** The app behind a real HTTP server wired as main.ts wires it (the Node entry). */
async function serve(env: Record<string, string>, options: { worker?: boolean } = {}): Promise<Served> {
  const t = await startTestApp(env, options);
  const server = createServer(createNodeListener(t.app.edge, t.logger));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const user = await signUp(t);
  const { secret } = await createKey(t, user);
  return { t, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, user, secret };
}

const opened: Served[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) {
    s.server.closeAllConnections();
    await new Promise((resolve) => s.server.close(resolve));
    await s.t.close();
  }
});

/** Opens a stream over a real connection; resolves with the response once its headers arrived. */
function openStream(s: Served, path: string, headers: Record<string, string> = {}) {
  let text = "";
  const chunks: ((text: string) => void)[] = [];
  const ended = deferred<string>();
  const req = request(`${s.base}${path}`, { headers: { accept: "text/event-stream", ...bearer(s.secret), ...headers }, agent: false });
  const response = new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    req.on("error", reject).on("response", (res) => {
      res.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
        for (const wake of chunks.splice(0)) wake(text);
      });
      res.on("end", () => ended.resolve(text));
      resolve({ status: res.statusCode!, headers: res.headers });
    });
  });
  req.end();
  return {
    response,
    ended: ended.promise,
    /** Resolves once the text received so far contains `needle`. */
    async until(needle: string): Promise<string> {
      while (!text.includes(needle)) await new Promise<string>((resolve) => chunks.push(resolve));
      return text;
    },
    destroy: () => req.destroy(),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function eventually(check: () => Promise<boolean> | boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("event streams over real HTTP", () => {
  it("answers as the app does: the same events, ids and headers; Last-Event-ID and ?after= replay; refusals in the envelope", async () => {
    const s = await serve({});
    opened.push(s);
    const g = (await (await generateWithKey(s.t, s.secret, { prompt: "red slime", agentId: "pixel-sprite", width: 32, height: 32 })).json()) as GenerationBody;
    const path = `/api/v1/generations/${g.id}/events`;
    const inApp = await s.t.request(path, { headers: bearer(s.secret) });
    const expected = await inApp.text();
    const stream = openStream(s, path);
    const { status, headers } = await stream.response;
    expect(status).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(headers["cache-control"]).toBe("no-cache, no-transform");
    expect(headers["x-request-id"]).toMatch(/^req_/);
    // The read quota's headers, as on the app's path.
    expect(headers["ratelimit-policy"]).toBe(inApp.headers.get("ratelimit-policy"));
    expect(headers.ratelimit).toMatch(/^"read";r=\d+;t=\d+$/);
    const text = await stream.ended;
    expect(text).toBe(expected);
    expect(text.startsWith(": stream open\n\n")).toBe(true);
    const events = await readEvents(new Response(text));
    expect(events.at(-1)!.event).toBe("generation.completed");

    const resumed = openStream(s, path, { "last-event-id": "2" });
    expect((await readEvents(new Response(await resumed.ended))).map((e) => e.id)).toEqual(events.slice(2).map((e) => e.id));
    const after = openStream(s, `${path}?after=3`);
    expect((await readEvents(new Response(await after.ended))).map((e) => e.id)).toEqual(events.slice(3).map((e) => e.id));

    const other = await signUp(s.t);
    const { secret: otherSecret } = await createKey(s.t, other);
    const refused = openStream(s, path, bearer(otherSecret));
    expect((await refused.response).status).toBe(404);
    expect(JSON.parse(await refused.ended)).toMatchObject({ error: { code: "not_found" } });
    const anonymous = openStream(s, path, { authorization: "" });
    expect((await anonymous.response).status).toBe(401);
    expect(JSON.parse(await anonymous.ended)).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("frees a stream at once when its client goes away: its slot and its place among the open streams", async () => {
    const s = await serve({ MAX_STREAMS_PER_ACCOUNT: "1" }, { worker: false });
    opened.push(s);
    const g = (await (await generateWithKey(s.t, s.secret, { prompt: "blue gem", agentId: "icon" }, { prefer: "respond-async" })).json()) as GenerationBody;
    const path = `/api/v1/generations/${g.id}/events`;
    const slots = () => s.t.infra.slots.count(`streams:${s.user.accountId}`);
    const first = openStream(s, path);
    await first.until("event: generation.queued");
    expect(await slots()).toBe(1);
    expect(openNodeStreams()).toBe(1);
    const second = openStream(s, path);
    expect((await second.response).status).toBe(429);
    first.destroy();
    await eventually(async () => (await slots()) === 0 && openNodeStreams() === 0);
    const third = openStream(s, path);
    expect((await third.response).status).toBe(200);
    await third.until("event: generation.queued");
    third.destroy();
    await eventually(async () => (await slots()) === 0 && openNodeStreams() === 0);
  });

  it("ends open streams with stream.closed (reason shutdown, the last id) when the server shuts down", async () => {
    const s = await serve({}, { worker: false });
    opened.push(s);
    const g = (await (
      await generateWithKey(s.t, s.secret, { prompt: "green slime", agentId: "pixel-sprite" }, { prefer: "respond-async" })
    ).json()) as GenerationBody;
    const stream = openStream(s, `/api/v1/generations/${g.id}/events`);
    await stream.until("event: generation.queued");
    s.t.app.closeStreams();
    const text = await stream.ended;
    expect(text).toContain("retry: 1000\nevent: stream.closed\n");
    const closed = (await readEvents(new Response(text))).at(-1)!;
    expect(closed.data).toEqual({ reason: "shutdown", lastEventId: 1, retryable: true });
    await eventually(async () => openNodeStreams() === 0 && (await s.t.infra.slots.count(`streams:${s.user.accountId}`)) === 0);
  });

  it("delivers live events as they happen, in order, ending with the terminal event", async () => {
    const s = await serve({});
    opened.push(s);
    const g = (await (
      await generateWithKey(s.t, s.secret, { prompt: "stone wall", agentId: "texture", width: 256, height: 256 }, { prefer: "respond-async" })
    ).json()) as GenerationBody;
    const events = await readEvents(new Response(await openStream(s, `/api/v1/generations/${g.id}/events`).ended));
    expect(events[0]!.event).toBe("generation.queued");
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)!.event).toBe("generation.completed");
    expect(openNodeStreams()).toBe(0);
  });
});
