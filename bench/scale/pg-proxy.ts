/** A TCP proxy in front of PostgreSQL that counts what goes through: connections, bytes, messages and executed statements. */
import { connect, createServer, type Server, type Socket } from "node:net";

export interface ProxyStats {
  connections: number;
  bytesToServer: number;
  bytesToClient: number;
  messages: Record<string, number>;
  /** Executed statements (extended protocol Execute, or simple Query) by their first 70 characters. */
  statements: Record<string, number>;
}

function newProxyStats(): ProxyStats {
  return { connections: 0, bytesToServer: 0, bytesToClient: 0, messages: {}, statements: {} };
}

const shortSql = (sql: string) => sql.replace(/\s+/g, " ").trim().slice(0, 70);

/** A TCP proxy to PostgreSQL that parses the frontend's messages (startup, then type + length). */
export async function pgProxy(): Promise<{ port: number; stats: ProxyStats; reset(): ProxyStats; close(): Promise<void> }> {
  let stats = newProxyStats();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    stats.connections++;
    const upstream = connect(5432, "127.0.0.1");
    sockets.add(client).add(upstream);
    const named = new Map<string, string>(); // prepared statement name → text
    const portals = new Map<string, string>(); // portal → text
    let buf: Buffer = Buffer.alloc(0);
    let started = false;
    const cstring = (b: Buffer, at: number): [string, number] => {
      const end = b.indexOf(0, at);
      return [b.toString("utf8", at, end), end + 1];
    };
    client.on("data", (chunk: Buffer) => {
      stats.bytesToServer += chunk.length;
      upstream.write(chunk);
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (buf.length < 8) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          if (code !== 80877103 && code !== 80877104) started = true; // not SSLRequest / GSSENCRequest
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < 1 + len) break;
        const type = String.fromCharCode(buf[0]!);
        const body = buf.subarray(5, 1 + len);
        stats.messages[type] = (stats.messages[type] ?? 0) + 1;
        if (type === "Q") {
          const text = shortSql(cstring(body, 0)[0]);
          stats.statements[text] = (stats.statements[text] ?? 0) + 1;
        } else if (type === "P") {
          const [name, next] = cstring(body, 0);
          named.set(name, shortSql(cstring(body, next)[0]));
        } else if (type === "B") {
          const [portal, next] = cstring(body, 0);
          portals.set(portal, named.get(cstring(body, next)[0]) ?? "?");
        } else if (type === "E") {
          const text = portals.get(cstring(body, 0)[0]) ?? "?";
          stats.statements[text] = (stats.statements[text] ?? 0) + 1;
        }
        buf = buf.subarray(1 + len);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      stats.bytesToClient += chunk.length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    get stats() {
      return stats;
    },
    reset() {
      const old = stats;
      stats = newProxyStats();
      stats.connections = old.connections;
      return old;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
