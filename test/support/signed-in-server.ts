import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { createEmptyPostgresDatabase } from "./harness.js";
import { startServer, type ServerProcess } from "./process.js";
import { rawCall } from "./raw-http.js";

/** A real server (its own process, on PostgreSQL when TEST_DB=postgres), a user's session cookie and an API key. */
export interface SignedInServer {
  server: ServerProcess;
  base: URL;
  cookie: string;
  key: string;
  /** Stops the server and removes its data folder. */
  close(): Promise<void>;
}

/** Starts the server with `env` (which must set PUBLIC_ORIGIN), signs a user up and makes a key, over real HTTP. */
export async function startSignedInServer(env: Record<string, string> & { PUBLIC_ORIGIN: string }, name: string): Promise<SignedInServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `ags-${name}-`));
  const storage: Record<string, string> = process.env.TEST_DB === "postgres" ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {};
  const server = await startServer({ ...env, DATA_DIR: dataDir, ...storage });
  const base = new URL(server.url);
  const headers = { "content-type": "application/json", origin: env.PUBLIC_ORIGIN };
  const signUp = await rawCall(
    base,
    "POST",
    "/api/auth/sign-up",
    headers,
    JSON.stringify({ email: `${name}-${Date.now()}@example.com`, password: "front password 1234" }),
  );
  expect(signUp.status).toBe(201);
  const cookie = String(signUp.headers["set-cookie"]![0]!.split(";")[0]);
  const created = await rawCall(base, "POST", "/api/keys", { ...headers, cookie }, JSON.stringify({ name }));
  expect(created.status).toBe(201);
  const key = (created.json() as { secret: string }).secret;
  return {
    server,
    base,
    cookie,
    key,
    async close() {
      server.child.kill("SIGTERM");
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
