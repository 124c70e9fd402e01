import { randomBytes } from "node:crypto";
import { getOperationAST, GraphQLError, validate, type ExecutionResult } from "graphql";
import { createHandler, type Request as SseRequest, type RequestParams } from "graphql-sse";
import { AppError } from "../../contract/errors.js";
import { errorResponse, libraryRefusal } from "../../contract/render.js";
import { requestBody, requestState } from "../http/request-state.js";
import type { GraphQLContext } from "./context.js";
import { maskGraphQLError } from "./errors.js";
import { guardDocument, guardVariables, parseGuarded } from "./guard.js";
import { schema } from "./schema/index.js";
import { contextFor, type GraphQLDeps } from "./yoga.js";

interface Reservation {
  accountId: string;
  slot: { release(): Promise<void>; refresh(): Promise<void> };
  timer: NodeJS.Timeout;
  connected: boolean;
}

/**
 * The graphql-sse protocol at /graphql/stream, over the same schema and context as /graphql, in
 * both of its modes:
 * - distinct connections (POST or GET with `Accept: text/event-stream`): each operation its own stream;
 * - single connection: `PUT` reserves a stream (an authenticated caller only; it holds one of the
 *   account's stream slots; dropped if not connected within GRAPHQL_STREAM_RESERVATION_SECONDS), `GET` with the token opens
 *   it, `POST`s with the token run operations on it, `DELETE` completes one.
 * Every document passes the same guard as /graphql (tokens, depth, aliases, directives, cost, one
 * generate) before validation; results get the same error masking; refusals the envelope.
 */
export function createGraphQLSseHandler(deps: GraphQLDeps): (request: Request, requestId: string) => Promise<Response> {
  const reservations = new Map<string, Reservation>();

  const refusal = (status: number, message: string): [string, { status: number; statusText: string; headers: Record<string, string> }] => [
    JSON.stringify({ errors: [{ message }] }),
    { status, statusText: "Refused", headers: { "content-type": "application/json; charset=utf-8" } },
  ];

  const dispose = async (token: string) => {
    const reservation = reservations.get(token);
    if (!reservation) return;
    reservations.delete(token);
    clearTimeout(reservation.timer);
    await reservation.slot.release().catch(() => undefined);
    if (!reservation.connected) {
      // Drop the library's never-connected stream the library's own way: open and end it.
      const [body] = await handler(internalRequest("GET", token));
      if (body && typeof body !== "string") await body.return(undefined);
    }
  };

  const handler = createHandler<Request, undefined, GraphQLContext>({
    schema,
    async authenticate(req) {
      const token = req.headers.get("x-graphql-event-stream-token") ?? new URL(req.url).searchParams.get("token");
      if (req.raw === internal) return token;
      if (req.method === "PUT") {
        // A reservation is the caller's: authenticated, within the account's stream slots.
        const viewer = await requestState(req.raw).viewer();
        if (viewer.kind === "anonymous") throw new AppError("unauthenticated", "Reserving a stream needs a session or an API key.");
        const issued = randomBytes(18).toString("base64url");
        const slot = await deps.services.generations.events.holdStreamSlot(viewer.user.accountId, `sse:${issued}`);
        const timer = setTimeout(() => void dispose(issued), deps.streamReservationMs);
        timer.unref();
        reservations.set(issued, { accountId: viewer.user.accountId, slot, timer, connected: false });
        return issued;
      }
      if (token === null) return undefined; // distinct connections mode
      // Someone else's (or an unknown) token is no stream of this caller's.
      const reservation = reservations.get(token);
      const viewer = await requestState(req.raw).viewer();
      if (!reservation || viewer.kind === "anonymous" || viewer.user.accountId !== reservation.accountId) {
        return refusal(404, "No such graphql-sse stream; reserve one with PUT first");
      }
      return token;
    },
    onSubscribe(req, params: RequestParams) {
      let document: ReturnType<typeof parseGuarded>;
      try {
        if (typeof params.query !== "string") return refusal(400, "Send the operation's query as a string.");
        document = parseGuarded(params.query);
      } catch (error) {
        return refusal(400, (error as Error).message);
      }
      const refused = [...guardDocument(document, deps.response), ...[guardVariables(params.variables)].filter((e) => e !== undefined)];
      if (refused.length > 0) return refusal(400, refused[0]!.message);
      const operation = getOperationAST(document, params.operationName)?.operation;
      return {
        schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue: { ...contextFor(req.raw, deps), ...(operation ? { operation } : {}) },
      };
    },
    validate: (s, document) => {
      const errors = validate(s, document);
      // No "Did you mean …?" in production (the schema stays private), as on /graphql.
      return deps.production ? errors.map((e) => new GraphQLError(e.message.replace(/ Did you mean .*$/, ""), { nodes: e.nodes })) : errors;
    },
    onNext: (ctx, _req, result) => {
      const errors = (result as ExecutionResult).errors;
      if (!errors?.length) return;
      return { ...result, errors: errors.map((error) => maskGraphQLError(error, ctx.logger, ctx.requestId)) } as typeof result;
    },
  });

  return async (request, requestId) => {
    let answer: Awaited<ReturnType<typeof handler>>;
    try {
      answer = await handler({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: requestBody(request).text,
        raw: request,
        context: undefined,
      });
    } catch (error) {
      return errorResponse(error, requestId, requestState(request).logger);
    }
    const [body, init] = answer;
    if (init.status >= 400) {
      // graphql-sse answers its own refusals (bad method, unknown stream, wrong media type) as bare text.
      return errorResponse(libraryRefusal(init.status, typeof body === "string" ? body : "", "graphql-sse refused the request"), requestId);
    }
    if (!body || typeof body === "string") return new Response(body, init);
    // A reserved stream being opened: from now on it lives as long as its connection.
    const token = request.method === "GET" ? (request.headers.get("x-graphql-event-stream-token") ?? new URL(request.url).searchParams.get("token")) : null;
    const reservation = token === null ? undefined : reservations.get(token);
    let events: AsyncGenerator<string, void, undefined> = body;
    if (token !== null && reservation) {
      reservation.connected = true;
      clearTimeout(reservation.timer);
      events = deps.services.generations.events.leased(body, { refresh: reservation.slot.refresh, release: () => dispose(token) });
    }
    return streamResponse(events, request.signal, init);
  };
}

const internal = new Request("http://internal/graphql/stream");

function internalRequest(method: string, token: string): SseRequest<Request, undefined> {
  return {
    method,
    url: `http://internal/graphql/stream?token=${token}`,
    headers: new Headers({ accept: "text/event-stream", "x-graphql-event-stream-token": token }),
    body: null,
    raw: internal,
    context: undefined,
  };
}

/** An event stream Response over graphql-sse's messages, ended when the client goes away. */
function streamResponse(
  events: AsyncGenerator<string, void, undefined>,
  signal: AbortSignal,
  init: { status: number; statusText: string; headers?: Record<string, string> },
): Response {
  const encoder = new TextEncoder();
  const end = () => void events.return(undefined);
  if (signal.aborted) end();
  else signal.addEventListener("abort", end, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await events.next();
      if (value != null) controller.enqueue(encoder.encode(value));
      if (done) {
        signal.removeEventListener("abort", end);
        controller.close();
      }
    },
    async cancel() {
      signal.removeEventListener("abort", end);
      await events.return(undefined);
    },
  });
  return new Response(stream, init);
}
