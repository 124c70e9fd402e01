import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A webhook receiver for tests on 127.0.0.1 (the app runs with WEBHOOKS_ALLOW_PRIVATE=true): each
 * path answers by its behaviour (a status code, or "hang": never answers, so the attempt times
 * out), records every request (path, webhook-id, when) and how many it had open at once.
 */
export type Behaviour = number | "hang";

export interface ReceivedRequest {
  path: string;
  webhookId: string;
  /** Every header (a verifier reads the signature's). */
  headers: Record<string, string>;
  body: string;
  /** How the path answered it (its behaviour then). */
  answered: Behaviour;
  /** performance.now() when the request's body had arrived. */
  at: number;
}

export interface WebhookReceiver {
  url(path: string): string;
  /** How `path` answers from now on (default 200). */
  set(path: string, behaviour: Behaviour): void;
  requests(path?: string | ((path: string) => boolean)): ReceivedRequest[];
  /** Requests open now (hanging ones included), per path or in all. */
  open(path?: string): number;
  /** The most requests `path` had open at once. */
  maxOpen(path: string): number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const behaviours = new Map<string, Behaviour>();
  const received: ReceivedRequest[] = [];
  const openNow = new Map<string, number>();
  const maxOpen = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    openNow.set(path, (openNow.get(path) ?? 0) + 1);
    maxOpen.set(path, Math.max(maxOpen.get(path) ?? 0, openNow.get(path)!));
    res.on("close", () => openNow.set(path, openNow.get(path)! - 1));
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const behaviour = behaviours.get(path) ?? 200;
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path, webhookId: String(req.headers["webhook-id"]), headers, body, answered: behaviour, at: performance.now() });
      if (behaviour === "hang") return;
      res.writeHead(behaviour, { "content-type": "text/plain" }).end(behaviour < 300 ? "thanks" : `receiver says ${behaviour}`);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, behaviour) => void behaviours.set(path, behaviour),
    requests: (filter) => received.filter((r) => filter === undefined || (typeof filter === "string" ? r.path === filter : filter(r.path))),
    open: (path) => (path === undefined ? [...openNow.values()].reduce((a, b) => a + b, 0) : (openNow.get(path) ?? 0)),
    maxOpen: (path) => maxOpen.get(path) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: every connection is refused. */
export async function refusingUrl(path: string): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}

/** Polls `probe` every 20 ms until it gives a value (not undefined or false), or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
