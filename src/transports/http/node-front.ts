import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { errorResponse } from "../../contract/render.js";
import { methodsFor } from "../../contract/routes.js";
import { assertJsonBody, cappedBody, incompleteBody } from "./body.js";
import { createRequestState, finishResponse, methodNotAllowed, type Edge } from "./edge.js";
import type { HeaderReader } from "./auth.js";
import { setRequestState, type RequestState } from "./request-state.js";
import { pipeEvents } from "./sse-node.js";
import { sseHeaders, type SseEvent } from "./sse.js";

/**
 * A handler the Node front serves ahead of the app, on its library's own request classes (e.g.
 * Yoga's whatwg-node ones, much cheaper than Node's fetch classes behind srvx and h3).
 */
export interface FrontRoute {
  /** The Request class the handler is fastest with. */
  Request: new (url: string, init: RequestInit) => Request;
  /** Answers a request that passed the edge (its state is set: `requestState(request)`). */
  fetch(request: Request): Promise<Response> | Response;
}

/**
 * An event stream the Node front writes straight to Node's response (sse-node.ts), for `GET`s
 * whose path it matches; anything it does not match (other methods, odd ids) goes on to the
 * fallback, which serves the same route through the app.
 */
export interface FrontStream {
  /** The path parameters when `path` (without its query) is this stream's, else undefined. */
  match(path: string): Record<string, string> | undefined;
  /** Opens the events for a request that passed the edge (auth, quota…), or throws the refusal. */
  open(request: { headers: HeaderReader; url: string }, state: RequestState, params: Record<string, string>): Promise<{ events: AsyncIterator<SseEvent> }>;
  /** Aborted when the server shuts down: open streams end with `stream.closed`. */
  closing: AbortSignal;
}

/** What `createNodeFront` needs from the app (App.front): the edge every path shares, the handlers by exact path, the event streams. */
export interface FrontParts {
  edge: Edge;
  routes: Readonly<Record<string, FrontRoute>>;
  streams?: readonly FrontStream[];
}

/**
 * The Node request listener of the real server: requests whose path is exactly one of
 * `parts.routes` (any query string), and `GET`s of an event stream of `parts.streams`, are answered
 * here, straight from Node's request and response; everything else goes to `fallback` (the app's fetch behind srvx) as before. This path keeps
 * every promise of the app's edge, through the same functions (edge.ts, body.ts): X-Request-Id,
 * the body cap (413, counted while reading) and JSON-only bodies (415) before the handler, the lazy
 * auth step, the headers and cookies collected on the way, the error envelope, the log line; HEAD
 * is the GET without its body, other methods are 405 with Allow from the route table.
 */
export function createNodeFront(parts: FrontParts, fallback: RequestListener): RequestListener {
  const routes = new Map(Object.entries(parts.routes).map(([path, route]) => [path, { route, path, allowed: methodsFor(path) }]));
  const streams = parts.streams ?? [];
  const failed = (res: ServerResponse) => (error: unknown) => {
    parts.edge.logger.error("unhandled error", { error });
    res.destroy();
  };
  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const served = routes.get(path);
    if (served) return void serve(parts.edge, served, req, res).catch(failed(res));
    if (req.method === "GET") {
      for (const stream of streams) {
        const params = stream.match(path);
        if (params) return void serveStream(parts.edge, stream, params, path, req, res).catch(failed(res));
      }
    }
    fallback(req, res);
  };
}

/** An event stream: the edge, then the events written to `res` as they come (sse-node.ts). */
async function serveStream(edge: Edge, stream: FrontStream, params: Record<string, string>, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = nodeHeaders(req.headers);
  const state = createRequestState(edge, headers, req.socket.remoteAddress);
  let opened: { events: AsyncIterator<SseEvent> };
  try {
    opened = await stream.open({ headers, url: req.url ?? "/" }, state, params);
  } catch (error) {
    const refusal = await finishResponse(errorResponse(error, state.requestId, state.logger), state, "GET", path);
    return send(refusal, req, res, false, state);
  }
  // X-Request-Id, cookies, the quota's headers and the log line, as every answer gets them.
  const head = await finishResponse(new Response(null, { status: 200, headers: sseHeaders }), state, "GET", path);
  if (res.destroyed || !res.writable) return void (await opened.events.return?.(undefined));
  res.writeHead(200, outgoingHeaders(head, req));
  pipeEvents(opened.events, res, { closing: stream.closing, requestId: state.requestId, logger: state.logger });
}

async function serve(
  edge: Edge,
  { route, path, allowed }: { route: FrontRoute; path: string; allowed: readonly string[] },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? "GET";
  const headers = nodeHeaders(req.headers);
  const state = createRequestState(edge, headers, req.socket.remoteAddress);
  let response: Response;
  try {
    let body: string | null = null;
    // Size and type before anything else (as the app does: a 405 with a huge body is still 413).
    if (method !== "GET" && method !== "HEAD") {
      const text = await readBody(req, edge.bodyLimitBytes);
      assertJsonBody(text, req.headers["content-type"]);
      if (text !== "") body = text;
    }
    if (!allowed.includes(method)) throw methodNotAllowed(path, method, allowed);
    const request = new route.Request(`http://${host(req.headers.host)}${req.url}`, {
      method: method === "HEAD" ? "GET" : method,
      headers: req.headers as HeadersInit, // whatwg-node reads Node's header object as it is
      body,
    });
    setRequestState(request, state);
    response = await route.fetch(request);
  } catch (error) {
    response = errorResponse(error, state.requestId, state.logger);
  }
  try {
    await send(await finishResponse(response, state, method, path), req, res, method === "HEAD", state);
  } catch (error) {
    // Nothing of ours should get here; whatever did, the connection is not left hanging.
    state.logger.error("unhandled error", { error });
    res.destroy();
  }
}

/** Node's request headers as the edge reads them (names are lower case; repeated ones joined). */
function nodeHeaders(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get(name) {
      const value = headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

const plainHost = /^[A-Za-z0-9.\-_~]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
/** The Host header when it is a plain host[:port]; anything else must not break the request's URL. */
function host(given: string | undefined): string {
  return given && plainHost.test(given) ? given : "localhost";
}

/** The body within the cap, from Node's stream: 413 as soon as the bytes read pass it, 408 when the client stops. */
function readBody(req: IncomingMessage, limitBytes: number): Promise<string> {
  const body = cappedBody(limitBytes, req.headers["content-length"]);
  if (req.readableEnded) return Promise.resolve(body.text());
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      try {
        body.add(chunk);
      } catch (error) {
        done();
        // Read no more of it: the answer says close, and the rest is never buffered.
        req.pause();
        reject(error as Error);
      }
    };
    const onEnd = () => {
      done();
      try {
        resolve(body.text());
      } catch (error) {
        reject(error as Error);
      }
    };
    const onAbort = (error: Error) => {
      done();
      reject(incompleteBody(error));
    };
    const onClose = () => {
      if (!req.complete) onAbort(new Error("the connection closed before the body arrived"));
    };
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("close", onClose);
  });
}

/** Media types answered as one piece; anything else (event streams, multipart) is streamed as it comes. */
const whole = /^(application\/(graphql-response\+)?json|text\/(html|plain))\b/i;

/** A fetch Response's headers for Node's `writeHead`. */
function outgoingHeaders(response: Response, req: IncomingMessage): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  // A body left unread (refused before or while it was read) is not drained: close after the answer.
  if (!req.complete) out.connection = "close";
  return out;
}

/** srvx's FastResponse: `_toNodeResponse` gives its status, headers (a flat name, value list) and body as they are. */
type PreparedResponse = Response & { _toNodeResponse(): { status: number; statusText?: string; headers: unknown; body: unknown } };
const isPrepared = (response: Response): response is PreparedResponse => typeof (response as Partial<PreparedResponse>)._toNodeResponse === "function";

/** A flat [name, value, name, value…] list as header pairs. */
function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** Writes a fetch Response (of any implementation) to Node's response. */
async function send(response: Response, req: IncomingMessage, res: ServerResponse, head: boolean, state: RequestState): Promise<void> {
  // The connection is already gone (the client left, or the request timeout answered 408 itself).
  if (res.destroyed || !res.writable) return void (await response.body?.cancel().catch(() => undefined));
  const type = response.headers.get("content-type");
  if (!head && type && whole.test(type) && isPrepared(response)) {
    // srvx's FastResponse (responses.ts): its text and headers as they are, no fetch Response made.
    const prepared = response._toNodeResponse();
    if (typeof prepared.body === "string" || prepared.body instanceof Uint8Array) {
      const headers = prepared.headers as string[];
      if (!headers.includes("content-length")) headers.push("content-length", String(Buffer.byteLength(prepared.body)));
      if (!req.complete) headers.push("connection", "close");
      res.writeHead(prepared.status, prepared.statusText || undefined, headers);
      res.end(prepared.body);
      return;
    }
    response = new Response(prepared.body as BodyInit | null, { status: prepared.status, statusText: prepared.statusText, headers: pairs(prepared.headers as string[]) });
  }
  const out = outgoingHeaders(response, req);
  if (head || !type || whole.test(type)) {
    if (head) {
      if (type && !whole.test(type)) await response.body?.cancel(); // e.g. an event stream: closed at once
      res.writeHead(response.status, out);
      return void res.end();
    }
    const text = await response.text();
    out["content-length"] ??= Buffer.byteLength(text);
    res.writeHead(response.status, out);
    res.end(text);
    return;
  }
  res.writeHead(response.status, out);
  const body = response.body;
  if (!body) return void res.end();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once("close", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once("drain", resolve).once("close", resolve));
      if (res.destroyed) break;
    }
    res.end();
  } catch (error) {
    state.logger.warn("response stream failed", { error });
    res.destroy();
  } finally {
    res.off("close", stop);
  }
}
