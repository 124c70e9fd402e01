import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { H3Event } from "h3";
import { routes } from "../../contract/routes.js";
import { authorize } from "../../domain/auth/viewer.js";
import { consumeQuota, quotaHeaders } from "../../domain/limits.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { Services } from "../../services.js";
import { requestContext } from "../http/request-state.js";
import { createInProcessApi } from "./in-process.js";
import type { createMcpServer } from "./tools.js";

export interface McpHttpDeps {
  services: Services;
  limiter: RateLimiter;
  /** Read calls per minute per account (the `read` policy, shared with REST). */
  readPerMinute: number;
  /** Aborted when the server shuts down: a waiting generate_asset answers the generation id at once. */
  closing: AbortSignal;
  maxWaitMs?: number;
}

/**
 * `POST /mcp`: the Streamable HTTP transport, stateless (a server and a transport per request, no
 * session id), over the SDK's web-standard (fetch) transport, so the app's Request goes in and a
 * Response comes out. Authenticated by the app's one auth step (401 in the contract's envelope,
 * with WWW-Authenticate, before any MCP message is read). A request that asks for progress (a
 * `progressToken` in a message's `_meta`) is answered as an SSE stream, the only mode in which
 * the SDK delivers a request's notifications; every other request as plain JSON.
 */
export function createMcpHttpHandler(deps: McpHttpDeps) {
  return async (event: H3Event): Promise<Response> => {
    const { Transport, createServer } = await loadMcp();
    const request = event.req;
    const { state, body: sent } = requestContext(request);
    const viewer = authorize(await state.viewer(), routes.mcp.auth, { write: true })!;
    state.accountId = viewer.user.accountId;
    const accountKey = `acc:${viewer.user.accountId}`;
    const api = createInProcessApi(deps.services, viewer, {
      readQuota: () =>
        consumeQuota(deps.limiter, { name: "read", limit: deps.readPerMinute, windowSeconds: 60 }, accountKey, (q) =>
          Object.assign(state.headers, quotaHeaders(q)),
        ),
      onQuota: (q) => Object.assign(state.headers, quotaHeaders(q)),
    });
    const server = createServer(api, { stop: deps.closing, logger: state.logger, ...(deps.maxWaitMs ? { maxWaitMs: deps.maxWaitMs } : {}) });
    const body = parsedOrUndefined(() => sent.json()); // not JSON: the SDK answers its own parse error
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: !asksForProgress(body) });
    transport.onerror = (error) => state.logger.debug("mcp transport", { error: error.message });
    await server.connect(transport);
    // The client went away: end the in-flight tool calls (their waits abort; nothing is charged for that).
    const stopWatching = () => request.signal.removeEventListener("abort", close);
    const close = () => {
      stopWatching();
      void server.close().catch(() => undefined);
    };
    request.signal.addEventListener("abort", close, { once: true });
    // The spec wants `Accept: application/json, text/event-stream`; many clients send one of them
    // (or */*): serve them anyway rather than answer 406.
    const response = await transport.handleRequest(withMcpAccept(request), body === undefined ? {} : { parsedBody: body });
    if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
      close();
      return response;
    }
    return new Response(closingWhenDone(response.body, close), { status: response.status, headers: response.headers });
  };
}

interface McpModules {
  Transport: typeof WebStandardStreamableHTTPServerTransport;
  createServer: typeof createMcpServer;
}

let mcpModules: Promise<McpModules> | undefined;

/**
 * The MCP SDK and our tools (≈ 20 MB with ajv, 0.2–0.4 s to load) on the first `POST /mcp`, not at
 * start: most processes never serve one. A failed load is tried again by the next request.
 */
function loadMcp(): Promise<McpModules> {
  mcpModules ??= Promise.all([import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), import("./tools.js")]).then(
    ([sdk, tools]) => ({ Transport: sdk.WebStandardStreamableHTTPServerTransport, createServer: tools.createMcpServer }),
    (error: unknown) => {
      mcpModules = undefined;
      throw error;
    },
  );
  return mcpModules;
}

function withMcpAccept(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json") && accept.includes("text/event-stream")) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", "application/json, text/event-stream");
  return new Request(request.url, { method: request.method, headers, body: requestContext(request).body.text || null, signal: request.signal });
}

function parsedOrUndefined(parse: () => unknown): unknown {
  try {
    return parse();
  } catch {
    return undefined;
  }
}

/** Whether any request in the POSTed message(s) carries `params._meta.progressToken`. */
function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined && meta.progressToken !== null;
  });
}

/** `body`, calling `done` once when it ends or its reader cancels. */
function closingWhenDone(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          done();
        } else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        done();
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
