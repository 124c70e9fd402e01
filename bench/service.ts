/** The real service (`npm start`'s compiled dist/main.js) as a child process, with a user and an API key made over HTTP. */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, root, startChild, type Child } from "./servers.js";

export type ServiceDb = { kind: "pglite" } | { kind: "postgres"; url: string };

export interface Service {
  child: Child;
  url: string;
  origin: string;
  /** `Bearer` secret of an API key with the generate scope. */
  key: string;
  accountId: string;
  /** Removes the PGlite folder (after the child stopped). */
  cleanup(): Promise<void>;
}

/** `npm start` as package.json says it: the benchmarks run the service as users do. */
const startScript = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
/** Its node flags (`node --flag=value … scripts/start.mjs`). */
export const startFlags = [...startScript.matchAll(/(?<=\snode\s(?:--\S+\s)*)--\S+/g)].map((m) => m[0]);
/** Its environment defaults (`NAME=${NAME:-value}`). */
const startEnv = Object.fromEntries([...startScript.matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]));

/** Environment of every service child (see bench/README.md). */
export function serviceEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // The brief asked for 100000000; src/config.ts caps this at 1,000,000 per minute (≈16,700/s, far above any rate here).
    RATE_LIMIT_GENERATE_PER_MINUTE: "1000000",
    // One account drives the whole load: lift the per-account caps (they are measured by the tests).
    MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: "100000",
    MAX_STREAMS_PER_ACCOUNT: "100000",
    SIGNUP_CREDITS: "100000000",
    WORKER_CONCURRENCY: "2",
    // What `npm start` sets (package.json), e.g. MALLOC_ARENA_MAX.
    ...startEnv,
  };
}

export async function startService(options: {
  name: string;
  db: ServiceDb;
  nodeArgs?: string[];
  nofile?: number;
  /** Extra environment (diagnostics only). */
  env?: Record<string, string>;
}): Promise<Service> {
  const port = await freePort();
  const dataDir = options.db.kind === "pglite" ? await mkdtemp(join(tmpdir(), "bench-pglite-")) : undefined;
  const env = {
    ...serviceEnv(port),
    ...(options.db.kind === "postgres" ? { DATABASE_URL: options.db.url } : { DATA_DIR: dataDir! }),
    ...options.env,
  };
  const cleanup = async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  let child: Child;
  try {
    child = await startChild({
      name: options.name,
      // What `npm start` runs: the compiled service (built first when stale).
      script: "scripts/start.mjs service",
      env,
      port,
      nodeArgs: [...startFlags, ...(options.nodeArgs ?? [])],
      ...(options.nofile ? { nofile: options.nofile } : {}),
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const origin = `http://localhost:${port}`;
  const { key, accountId } = await signUpWithKey(child.url, origin);
  return { child, url: child.url, origin, key, accountId, cleanup };
}

/** POST /api/auth/sign-up (session cookie), then POST /api/keys with it. */
export async function signUpWithKey(url: string, origin: string): Promise<{ key: string; accountId: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "benchmark password 1234" }),
  });
  const account = (await signUp.json()) as { account?: { id: string } };
  const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("ags_session="));
  if (signUp.status !== 201 || !cookie || !account.account) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(account)}`);
  const keys = await fetch(`${url}/api/keys`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ name: "bench" }),
  });
  const created = (await keys.json()) as { secret?: string };
  if (!keys.ok || !created.secret) throw new Error(`POST /api/keys answered ${keys.status}: ${JSON.stringify(created)}`);
  return { key: created.secret, accountId: account.account.id };
}

/** `"K=V K2=V2"` (an environment variable of a diagnostic script) as settings for `startService`'s `env`. */
export function settingsFrom(text: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (text ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => kv.split("=", 2) as [string, string]),
  );
}

export const generateBody = JSON.stringify({ prompt: "red slime", agentId: "pixel-sprite", width: 64, height: 64 });

export function generateHeaders(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, "content-type": "application/json", ...extra };
}
