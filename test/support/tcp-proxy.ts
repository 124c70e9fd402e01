import { connect, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a real dependency (PostgreSQL, Redis), so a test can cut the
 * dependency away mid-flight and bring it back, as a network failure would, without stopping the
 * server other tests share. While cut, open connections are destroyed and new ones refused (reset).
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
