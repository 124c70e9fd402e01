/**
 * The base of the provider doubles: an in-process HTTP server (`node:http`, port 0) that records
 * every request (method, path, all headers, body) and answers with scripted `Reply`s, including
 * the misbehaviours a driver must survive: slow answers, answers that never come, sockets reset.
 * Each record says whether the client went away before the answer was complete (`closedEarly`),
 * which is how tests prove that an aborted fetch really closed its connection.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply =
  /** A JSON answer (`status` defaults to 200). */
  | { kind: "json"; status?: number; body: unknown; headers?: Record<string, string> }
  /** Raw bytes or text, e.g. a body that is not JSON or an image file. */
  | { kind: "raw"; status?: number; body: string | Buffer; contentType?: string; headers?: Record<string, string> }
  /** `text/event-stream`: each event written in turn, `gapMs` apart; `thenHang` keeps the stream open. */
  | { kind: "sse"; events: Array<{ event?: string; data: unknown }>; gapMs?: number; thenHang?: boolean; headers?: Record<string, string> }
  /** Answers `then` after `ms` (unless the client went away first). */
  | { kind: "delay"; ms: number; reply: Reply }
  /** Never answers: the request stays open until the client goes away (or the double closes). */
  | { kind: "hang" }
  /** Destroys the socket without answering (the client sees a reset / "other side closed"). */
  | { kind: "reset" };

export interface RecordedRequest {
  /** 1, 2, … in arrival order. */
  seq: number;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Path and query string as received. */
  url: string;
  /** Every header as received (lower-case names), Authorization included. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
  /** True once the client closed the connection before the answer was complete. */
  closedEarly: boolean;
  /** Resolves when the exchange is over: "answered" (complete answer sent) or "closed" (client went away first). */
  settled: Promise<"answered" | "closed">;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

/** A JSON answer with this status (and these headers, if any). */
export const jsonReply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  kind: "json",
  status,
  body,
  ...(headers && { headers }),
});

export interface HttpDouble {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** Resolves with the first recorded request (past or future) matching `predicate`. */
  waitForRequest(predicate: (req: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a double on 127.0.0.1 and an ephemeral port; `handler` chooses each answer. */
export async function startHttpDouble(handler: Handler): Promise<HttpDouble> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<{ predicate: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }> = [];

  const server: Server = createServer((req, res) => {
    // A client that goes away mid-upload fails the body read: drop the exchange quietly.
    handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString("utf8");
    let json: unknown;
    try {
      json = text === "" ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    let settle!: (how: "answered" | "closed") => void;
    const url = req.url ?? "/";
    const record: RecordedRequest = {
      seq: requests.length + 1,
      method: req.method ?? "GET",
      path: url.split("?")[0]!,
      url,
      headers: req.headers,
      body,
      text,
      json,
      closedEarly: false,
      settled: new Promise((resolve) => (settle = resolve)),
    };
    res.on("close", () => {
      if (!res.writableFinished) record.closedEarly = true;
      settle(res.writableFinished ? "answered" : "closed");
    });
    requests.push(record);
    for (const w of [...waiters]) {
      if (w.predicate(record)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(record);
      }
    }
    let reply: Reply;
    try {
      reply = await handler(record);
    } catch (error) {
      reply = { kind: "raw", status: 500, body: `double error: ${String(error)}` };
    }
    await send(reply, res);
  }

  async function send(reply: Reply, res: ServerResponse): Promise<void> {
    if (res.destroyed) return;
    switch (reply.kind) {
      case "json": {
        const payload = JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...reply.headers,
        });
        res.end(payload);
        return;
      }
      case "raw": {
        const payload = typeof reply.body === "string" ? Buffer.from(reply.body) : reply.body;
        res.writeHead(reply.status ?? 200, {
          "content-type": reply.contentType ?? "application/octet-stream",
          "content-length": payload.length,
          ...reply.headers,
        });
        res.end(payload);
        return;
      }
      case "sse": {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...reply.headers });
        for (const [i, e] of reply.events.entries()) {
          if (i > 0 && reply.gapMs) await wait(reply.gapMs);
          if (res.destroyed) return;
          const data = typeof e.data === "string" ? e.data : JSON.stringify(e.data);
          res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${data}\n\n`);
        }
        if (!reply.thenHang) res.end();
        return;
      }
      case "delay":
        await wait(reply.ms);
        return send(reply.reply, res);
      case "hang":
        return; // nothing written: the client waits for the status line until it gives up
      case "reset":
        res.socket?.destroy();
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    waitForRequest(predicate, timeoutMs = 5000) {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the double saw no such request in time")), timeoutMs);
        waiters.push({
          predicate,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
