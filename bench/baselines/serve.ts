/** Shared by the baseline children: listen on PORT/HOST with Node's http, stop cleanly on SIGTERM. */
import { createServer, type RequestListener, type Server } from "node:http";

export function serve(listener: RequestListener, onStop?: () => Promise<void>): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000; // as src/main.ts
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
  const stop = () => {
    server.close(() => void (onStop ?? (async () => undefined))().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return server;
}

/** Reads a request body as text (the service reads and parses every body too). */
export function readBody(request: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}
