import { Request as WhatwgRequest } from "@whatwg-node/fetch";
import { createSchema, createYoga } from "graphql-yoga";
import { H3 } from "h3";
import { describe, expect, it } from "vitest";
import { errorResponse } from "../../contract/render.js";
import { anonymous } from "../../domain/auth/viewer.js";
import { createLogger } from "../../infra/logger.js";
import { answerFetch, createEdge, type Handler } from "./edge.js";
import { requestBody, requestContext } from "./request-state.js";
import { JsonResponse, jsonResponse } from "./responses.js";
import { EventStreamResponse, sseResponse } from "./sse.js";

const logger = createLogger("silent");

/** The edge over `router` (an h3 app's fetch, or a bare handler), with `direct` as its own /graphql. */
const edgeOver = (router: Handler, direct: Handler = router) =>
  createEdge({
    logger,
    authenticate: async () => ({ viewer: anonymous }),
    trustProxy: false,
    bodyLimitBytes: 64,
    direct: { "/graphql": direct },
    router,
    renderError: (_path, error, state) => errorResponse(error, state.requestId),
  });

/** Calls the edge through its fetch entry (`app.fetch`). */
function serve(router: Handler, direct: Handler = router) {
  const edge = edgeOver(router, direct);
  return (path: string, init?: RequestInit) => answerFetch(edge, new Request(`http://localhost${path}`, init));
}

const post = (body: string, type = "application/json"): RequestInit => ({ method: "POST", headers: { "content-type": type }, body });

describe("the edge", () => {
  it("hands every handler one Request of Yoga's own class, its state and body on the request's context (h3's event.context)", async () => {
    const seen: Request[] = [];
    const app = new H3();
    app.post("/things", (event) => {
      seen.push(event.req);
      const context = requestContext(event.req);
      return { same: Object.is(event.context, context), text: context.body.text, requestId: context.state.requestId };
    });
    const call = serve(app.fetch, async (request) => (seen.push(request), new Response("{}", { headers: { "content-type": "application/json" } })));
    const answer = await call("/things", post('{"a":1}'));
    expect(await answer.json()).toEqual({ same: true, text: '{"a":1}', requestId: answer.headers.get("x-request-id") });
    await call("/graphql", post("{}"));
    const yogaRequest = createYoga({ schema: createSchema({ typeDefs: "type Query { a: Int }" }) }).fetchAPI.Request;
    expect(yogaRequest).toBe(WhatwgRequest);
    for (const request of seen) expect(request).toBeInstanceOf(yogaRequest);
  });

  it("reads the body once: the caller's stream is consumed, the JSON parsed on first use only", async () => {
    let parsed: unknown[] = [];
    const edge = edgeOver((request) => {
      parsed = [requestBody(request).json(), requestBody(request).json()];
      return jsonResponse({});
    });
    const request = new Request("http://localhost/x", post('{"list":[1]}'));
    expect((await answerFetch(edge, request)).status).toBe(200);
    expect(request.bodyUsed).toBe(true);
    expect(parsed[0]).toEqual({ list: [1] });
    expect(parsed[1]).toBe(parsed[0]);
  });

  it("refuses before any handler: 413 past the cap (Connection: close, the rest unread), 415 for a body not sent as JSON", async () => {
    let called = 0;
    const call = serve(() => (called++, jsonResponse({})));
    const large = await call("/x", post(JSON.stringify({ padding: "x".repeat(100) })));
    expect(large.status).toBe(413);
    expect(large.headers.get("connection")).toBe("close");
    const form = await call("/x", post("a=1", "application/x-www-form-urlencoded"));
    expect(form.status).toBe(415);
    expect(form.headers.get("connection")).toBeNull();
    expect(called).toBe(0);
  });

  it("answers HEAD as the GET without its body, releasing an event stream at once; 405 with Allow on its own routes", async () => {
    let released = false;
    const events: AsyncIterableIterator<{ event: string; data: unknown }> = {
      next: async () => ({ done: false, value: { event: "x", data: 1 } }),
      return: async () => ((released = true), { done: true, value: undefined }),
      [Symbol.asyncIterator]: () => events,
    };
    const methods: string[] = [];
    const call = serve((request) => (methods.push(request.method), sseResponse(events, { requestId: "req_x", logger })));
    const head = await call("/stream", { method: "HEAD" });
    expect(head.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await head.text()).toBe("");
    expect(methods).toEqual(["GET"]);
    expect(released).toBe(true);
    const put = await call("/graphql", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});

describe("the answers each entry writes its own way", () => {
  it("pass through h3 as the very objects the handler made (the Node entry writes their text and events as they are)", async () => {
    const app = new H3();
    const json = jsonResponse({ a: 1 }, 201, { "x-one": "1" });
    const stream = sseResponse((async function* () {})(), { requestId: "req_x", logger });
    app.get("/json", () => json);
    app.get("/stream", () => stream);
    const answered = await app.fetch(new Request("http://localhost/json"));
    expect(answered).toBe(json);
    expect(await app.fetch(new Request("http://localhost/stream"))).toBe(stream);
    expect(answered).toBeInstanceOf(Response);
    expect(answered).toBeInstanceOf(JsonResponse);
    expect(stream).toBeInstanceOf(EventStreamResponse);
    // …and are whole Responses to any fetch caller.
    expect([answered.status, answered.headers.get("x-one"), await answered.json()]).toEqual([201, "1", { a: 1 }]);
  });
});
