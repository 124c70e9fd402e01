import { Request as WhatwgRequest } from "@whatwg-node/fetch";
import { FastResponse, type ServerRequest } from "srvx";
import { AppError } from "../../contract/errors.js";
import { errorResponse, libraryRefusal } from "../../contract/render.js";
import { methodsFor } from "../../contract/routes.js";
import { newId } from "../../domain/ids.js";
import type { Logger } from "../../infra/logger.js";
import type { Authenticator, HeaderReader } from "./auth.js";
import { type BodyLimits, createRequestBody, type ReadBody, readCap, readCapped, requestBodyOf } from "./body.js";
import type { RequestContext, RequestState } from "./request-state.js";
import { JsonResponse } from "./responses.js";
import { EventStreamResponse, streamedResponse } from "./sse.js";

/**
 * The app's edge: every request passes here, whichever entry it came by (node-front.ts for Node's
 * server, `answerFetch` below for `app.fetch`), and every step has ONE implementation. In order: the
 * request's state (X-Request-Id, logger, the lazy auth step); the body, read once within the cap
 * (413 counted while reading, 408 when it stops arriving) and JSON only (415), carried on the
 * request's context with the state; HEAD as the GET of the same path; one Request of whatwg-node's
 * class (Yoga's own, much cheaper to make than Node's); the handler (a direct one by exact path, or
 * the router); then, whatever came back, the last net, X-Request-Id, the security headers, cookies
 * and collected headers, and the log line.
 */
export interface EdgeOptions {
  logger: Logger;
  authenticate: Authenticator;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** UPLOAD_MAX_BYTES: how much larger than bodyLimitBytes a body carrying one image may be (body.ts `requestBodyOf`). */
  uploadMaxBytes?: number;
  /** Paths that take multipart/form-data (files): the OpenAI layer's `/v1/images/edits`. */
  multipartPaths?: readonly string[];
  /** Handlers the edge calls itself, by exact path (any query): /graphql, on Yoga's own classes, which h3 cannot answer with. */
  direct: Readonly<Record<string, Handler>>;
  /** Every other path: the router (h3), which renders its handlers' errors itself. */
  router: Handler;
  /**
   * Routes whose body is bytes, not JSON (uploads: an image, or multipart with one; GraphQL multipart): the cap for
   * this request and its 413, or undefined for a JSON body (the default).
   */
  binaryBody?(method: string, path: string, contentType: string | null): BinaryBodyRule | undefined;
  /** The one error renderer for a path: OpenAI's shape on the compatibility layer (/v1/), else the contract's envelope. */
  renderError(path: string, error: unknown, state: RequestState): Response;
}

export type Handler = (request: Request) => Response | Promise<Response>;

export interface BinaryBodyRule {
  limitBytes: number;
  /** The 413 for a body over the cap (its size when declared). */
  tooLarge?: (bytes?: number) => AppError;
}

/** A request as an entry hands it to the edge. */
export interface Incoming {
  method: string;
  /** The absolute URL, and its path without the query. */
  url: string;
  path: string;
  /** The headers as the edge reads them (auth, the body's type and length). */
  headers: HeaderReader;
  /** The same headers as the Request is made with (Node's header object, or a fetch Headers). */
  headersInit: HeadersInit;
  /** The socket's address (undefined in process). */
  clientAddress: string | undefined;
  /** The whole body within `limitBytes`: 413 as soon as the bytes read pass it, 408 when it stops arriving. */
  readBody(limitBytes: number, refusal?: (bytes?: number) => AppError): Promise<ReadBody>;
  /** The request's signal, aborted when the client goes away; asked for only by handlers that need it. */
  signal(): AbortSignal;
}

export interface Edge {
  /** Answers one request; the answer may be a `JsonResponse` or an `EventStreamResponse`, which each entry writes its own way. */
  handle(incoming: Incoming): Promise<Response>;
}

/**
 * The Request every handler gets: whatwg-node's, carrying the edge's context (srvx's and h3's
 * `request.context`, which h3 takes as `event.context`), with a signal made on first use.
 */
class EdgeRequest extends WhatwgRequest {
  #signal?: AbortSignal;
  constructor(
    url: string,
    init: RequestInit,
    readonly context: RequestContext,
    private readonly makeSignal: () => AbortSignal,
  ) {
    super(url, init);
  }
  override get signal(): AbortSignal {
    return (this.#signal ??= this.makeSignal());
  }
}

export function createEdge(options: EdgeOptions): Edge {
  const direct = new Map(Object.entries(options.direct).map(([path, handler]) => [path, { handler, allowed: methodsFor(path) }]));
  const dispatch = (request: Request, path: string): Response | Promise<Response> => {
    const route = direct.get(path);
    if (!route) return options.router(request);
    if (!route.allowed.includes(request.method as never)) throw methodNotAllowed(path, request.method, route.allowed);
    return route.handler(request);
  };

  const limits: BodyLimits = {
    bodyLimitBytes: options.bodyLimitBytes,
    ...(options.uploadMaxBytes !== undefined ? { uploadMaxBytes: options.uploadMaxBytes } : {}),
    multipartPaths: new Set(options.multipartPaths ?? []),
  };
  const cap = readCap(limits);

  return {
    async handle(incoming) {
      const { method, path } = incoming;
      const state = createRequestState(options, incoming.headers, incoming.clientAddress);
      const get = method === "GET" || method === "HEAD";
      // Whether the body was read to its end: a refusal before that (413, or 408 while reading)
      // answers `Connection: close`, so a client that reuses connections is not left waiting on
      // the unread rest (Node would otherwise keep the connection for a next request).
      let bodyRead = get;
      let response: Response;
      try {
        const contentType = incoming.headers.get("content-type");
        const binary = get ? undefined : options.binaryBody?.(method, path, contentType);
        const raw = get ? undefined : await incoming.readBody(binary ? binary.limitBytes : cap, binary?.tooLarge);
        bodyRead = true;
        // Size and type are checked before any handler runs, for every route (a 405 with a huge body is still 413).
        const body = binary && raw ? createRequestBody("", contentType, raw.bytes()) : requestBodyOf(raw, contentType, path, limits);
        const context: RequestContext = { state, body };
        // HEAD is the GET of the same path without its body, for every GET route.
        const sent = body.bytes ? (body.bytes.byteLength === 0 ? null : new Uint8Array(body.bytes)) : body.text === "" ? null : body.text;
        const init = { method: get ? "GET" : method, headers: incoming.headersInit, body: sent };
        response = await dispatch(new EdgeRequest(incoming.url, init, context, incoming.signal), path);
        if (method === "HEAD") response = await withoutBody(response);
      } catch (error) {
        response = options.renderError(path, error, state);
        // a body refused for its size closes too, read or not (one past BODY_LIMIT_BYTES is read up to its image's allowance)
        if (!bodyRead || (error instanceof AppError && error.code === "payload_too_large")) response.headers.set("connection", "close");
      }
      return finishResponse(response, state, method, path);
    },
  };
}

/**
 * The fetch entry (`app.fetch`: in-process callers and tests): a fetch Request through the same edge
 * as Node's requests. An event stream becomes a ReadableStream ended when `request`'s signal aborts.
 */
export async function answerFetch(edge: Edge, request: Request): Promise<Response> {
  const response = await edge.handle({
    method: request.method,
    url: request.url,
    path: new URL(request.url).pathname,
    headers: request.headers,
    headersInit: request.headers,
    clientAddress: (request as ServerRequest).ip,
    readBody: (limitBytes, refusal) => readCapped(request, limitBytes, refusal),
    signal: () => request.signal,
  });
  return response instanceof EventStreamResponse ? streamedResponse(response, request.signal) : response;
}

/** The answer to a HEAD: the GET's status and headers; its body is released unread (an event stream's slot at once). */
async function withoutBody(response: Response): Promise<Response> {
  if (response instanceof EventStreamResponse) void response.events.return?.(undefined)?.catch(() => undefined);
  else if (!(response instanceof JsonResponse)) await response.body?.cancel().catch(() => undefined);
  return new FastResponse(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A request's state: its id, logger and start time, the lazy auth step (resolved on first use,
 * then memoised; a slid session's Set-Cookie and the account id are recorded), the headers and
 * cookies to add to whatever response leaves, and the client's address.
 */
export function createRequestState(
  edge: Pick<EdgeOptions, "logger" | "authenticate" | "trustProxy">,
  headers: HeaderReader,
  socketAddress: string | undefined,
): RequestState {
  const requestId = newId("req");
  const forwarded = edge.trustProxy ? headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  let viewer: ReturnType<RequestState["viewer"]> | undefined;
  const state: RequestState = {
    requestId,
    logger: edge.logger.child({ requestId }),
    startedAt: performance.now(),
    cookies: [],
    headers: {},
    clientAddress: forwarded || socketAddress || "unknown",
    viewer() {
      viewer ??= edge.authenticate({ headers }).then((result) => {
        if (result.setCookie) state.cookies.push(result.setCookie);
        if (result.viewer.kind !== "anonymous") state.accountId = result.viewer.user.accountId;
        return result.viewer;
      });
      return viewer;
    },
  };
  return state;
}

/** 405 for a path the route table knows with other methods (`allowed`, from `methodsFor`). */
export function methodNotAllowed(path: string, method: string, allowed: readonly string[]): AppError {
  return new AppError("method_not_allowed", `${path} takes ${allowed.join(", ")}, not ${method}.`, { headers: { allow: allowed.join(", ") } });
}

/**
 * The security headers of every answer (JSON, GraphiQL, event streams, PNGs) whose handler did not
 * set its own: the web client's pages and the docs send a full Content-Security-Policy; everything
 * else may not be sniffed as another type or framed by another site.
 */
const securityHeaders: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

/**
 * What every response gets on its way out: a library's non-JSON refusal that no adapter translated
 * still leaves in the envelope (the last net), then X-Request-Id, the security headers, the Set-Cookie values and the
 * headers the request collected (RateLimit…, never overriding the handler's), and the request log
 * line. Returns the response to send (the same one unless the net replaced it).
 */
async function finishResponse(response: Response, state: RequestState, method: string, path: string): Promise<Response> {
  if (response.status >= 400 && !response.headers.get("content-type")?.startsWith("application/json")) {
    state.logger.warn("untranslated library refusal", { status: response.status });
    const rendered = errorResponse(libraryRefusal(response.status, await response.text()), state.requestId, state.logger);
    response = new Response(rendered.body, { status: response.status, headers: rendered.headers });
  }
  const headers = response.headers;
  headers.set("x-request-id", state.requestId);
  for (const name in securityHeaders) if (!headers.has(name)) headers.set(name, securityHeaders[name]!);
  for (const cookie of state.cookies) headers.append("set-cookie", cookie);
  for (const name in state.headers) if (!headers.has(name)) headers.set(name, state.headers[name]!);
  state.logger.info("request", {
    method,
    path,
    status: response.status,
    ms: Math.round((performance.now() - state.startedAt) * 10) / 10,
    ...(state.accountId ? { accountId: state.accountId } : {}),
  });
  return response;
}
