import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import type { AppError } from "../../contract/errors.js";
import type { Logger } from "../../infra/logger.js";
import type { HeaderReader } from "./auth.js";
import { cappedBody, incompleteBody, type ReadBody } from "./body.js";
import type { Edge } from "./edge.js";
import { JsonResponse } from "./responses.js";
import { pipeEvents } from "./sse-node.js";
import { EventStreamResponse } from "./sse.js";

/**
 * The Node entry, the only one of the real server (main.ts): every request goes from Node's request
 * to the edge (edge.ts), and its answer straight to Node's response. The body is read here, from
 * Node's stream, within the cap; a JSON answer is written as its text, an event stream event by
 * event (sse-node.ts), anything else as its bytes.
 */
export function createNodeListener(edge: Edge, logger: Logger): RequestListener {
  const failed = (res: ServerResponse) => (error: unknown) => {
    // Nothing of ours should get here; whatever did, the connection is not left hanging.
    logger.error("unhandled error", { error });
    res.destroy();
  };
  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    edge
      .handle({
        method: req.method ?? "GET",
        url: `http://${host(req.headers.host)}${url}`,
        path: query < 0 ? url : url.slice(0, query),
        headers: nodeHeaders(req.headers),
        headersInit: req.headers as HeadersInit, // whatwg-node reads Node's header object as it is
        clientAddress: req.socket.remoteAddress,
        readBody: (limitBytes, refusal) => readBody(req, limitBytes, refusal),
        signal: () => clientGone(res),
      })
      .then((response) => send(response, req, res, logger))
      .catch(failed(res));
  };
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

/** A signal aborted when the connection closes before the answer was written in full (the client went away). */
function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!res.writableFinished) controller.abort();
  };
  if (res.closed) closed();
  else res.once("close", closed);
  return controller.signal;
}

/** The body within the cap, from Node's stream: 413 as soon as the bytes read pass it, 408 when the client stops. */
function readBody(req: IncomingMessage, limitBytes: number, refusal?: (bytes?: number) => AppError): Promise<ReadBody> {
  const body = cappedBody(limitBytes, req.headers["content-length"], refusal);
  if (req.readableEnded) return Promise.resolve(body);
  return new Promise<ReadBody>((resolve, reject) => {
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
      resolve(body);
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

/** Media types answered as one piece; anything else (event streams, images, multipart) is streamed as it comes. */
const whole = /^(application\/(graphql-response\+)?json|text\/(html|plain|markdown))\b/i;

/** A fetch Response's headers for Node's `writeHead`. */
function outgoingHeaders(response: Response): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  return out;
}

/** Ends what an answer that will not be written holds (an event stream's subscription, a body's source). */
async function release(response: Response): Promise<void> {
  if (response instanceof EventStreamResponse) await response.events.return?.(undefined);
  else if (!(response instanceof JsonResponse)) await response.body?.cancel();
}

/** Writes the edge's answer to Node's response. */
async function send(response: Response, req: IncomingMessage, res: ServerResponse, logger: Logger): Promise<void> {
  // The connection is already gone (the client left, or the request timeout answered 408 itself).
  if (res.destroyed || !res.writable) return void (await release(response).catch(() => undefined));
  const out = outgoingHeaders(response);
  if (req.method === "HEAD" || response.status === 204 || response.status === 304) {
    res.writeHead(response.status, out);
    return void res.end();
  }
  if (response instanceof JsonResponse) {
    out["content-length"] ??= Buffer.byteLength(response.serialized);
    res.writeHead(response.status, out);
    return void res.end(response.serialized);
  }
  if (response instanceof EventStreamResponse) {
    res.writeHead(response.status, out);
    return pipeEvents(response, res);
  }
  const type = response.headers.get("content-type");
  if (!type || whole.test(type)) {
    // One piece with its length: as text (Yoga's answers are text), or as bytes when encoded (gzip).
    const body = out["content-encoding"] ? Buffer.from(await response.arrayBuffer()) : await response.text();
    out["content-length"] ??= Buffer.byteLength(body);
    res.writeHead(response.status, out);
    return void res.end(body);
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
    logger.warn("response stream failed", { error });
    res.destroy();
  } finally {
    res.off("close", stop);
  }
}
