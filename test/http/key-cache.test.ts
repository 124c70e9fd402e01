import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";
import { describeOn } from "../support/needs.js";

/**
 * The API key cache on PostgreSQL (src/domain/keys/key-cache.ts): a known key is not looked up
 * again, and yet every change that ends what it allows is seen, whichever process or tool makes it.
 * "Silently" below means a change made with the database's triggers off for that session
 * (`session_replication_role = replica`), so no notification goes out: the only way to tell that
 * the service answered from its cache, and that it stopped trusting the cache when it should.
 */
describeOn("postgres", "API key cache (PostgreSQL)", () => {
  let t: TestApp;
  let url = "";
  let admin: pg.Client;
  let user: TestUser;

  const credits = (secret: string) => t.request("/api/v1/credits", { headers: bearer(secret) });
  const listenerPid = async (): Promise<number | undefined> =>
    (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).rows[0]?.pid;
  const until = async (what: string, check: () => Promise<boolean>, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Revokes a key with no notification (as if the notification were lost). */
  const revokeSilently = async (id: string) => {
    const silent = new pg.Client({ connectionString: url });
    await silent.connect();
    try {
      await silent.query("SET session_replication_role = replica");
      await silent.query(`UPDATE "api_keys" SET "revoked_at" = now() WHERE "id" = $1`, [id]);
    } finally {
      await silent.end();
    }
  };

  beforeAll(async () => {
    t = await startTestApp({}, { rewriteDatabaseUrl: (u) => (url = u) });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    user = await signUp(t);
    expect(await listenerPid()).toBeUndefined(); // nobody called with a key yet: no connection for it
    await credits((await createKey(t, user)).secret); // the first key seen starts it
    await until("the service to listen", async () => (await listenerPid()) !== undefined);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  it("answers a known key from the cache: a change nobody was told of is not seen", async () => {
    const key = await createKey(t, user);
    expect((await credits(key.secret)).status).toBe(200); // looked up, and kept
    await revokeSilently(key.id);
    expect((await credits(key.secret)).status).toBe(200); // from the cache
    // The notification the trigger would have sent clears it.
    await admin.query(`NOTIFY auth_changed`);
    await until("the revocation to be seen", async () => (await credits(key.secret)).status === 401);
  });

  it("a revocation from another process or the command line ends the key as soon as it is notified", async () => {
    const key = await createKey(t, user);
    expect((await credits(key.secret)).status).toBe(200);
    await admin.query(`UPDATE "api_keys" SET "revoked_at" = now() WHERE "id" = $1`, [key.id]); // the trigger notifies
    await until("the revocation to be seen", async () => (await credits(key.secret)).status === 401, 2_000);
  });

  it("an expiry set elsewhere, and a deleted user, end the key too", async () => {
    const key = await createKey(t, user);
    expect((await credits(key.secret)).status).toBe(200);
    await admin.query(`UPDATE "api_keys" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`, [key.id]);
    await until("the expiry to be seen", async () => (await credits(key.secret)).status === 401, 2_000);

    const other = await signUp(t);
    const theirs = await createKey(t, other);
    expect((await credits(theirs.secret)).status).toBe(200);
    const deleted = await admin.query(`DELETE FROM "users" WHERE "id" = $1`, [other.userId]); // its keys go with it (cascade)
    expect(deleted.rowCount).toBe(1);
    await until("the deleted user to be seen", async () => (await credits(theirs.secret)).status === 401, 2_000);
  });

  it("a revocation in this process is seen at once, before its answer, without waiting for the notification", async () => {
    const key = await createKey(t, user);
    expect((await credits(key.secret)).status).toBe(200);
    // No notification at all this time: only the process's own clear can end the cached key.
    await admin.query(`ALTER TABLE "api_keys" DISABLE TRIGGER "api_keys_auth_changed"`);
    try {
      const revoked = await t.request(`/api/keys/${key.id}`, { method: "DELETE", headers: { cookie: user.cookie, origin: "http://localhost:3000" } });
      expect(revoked.status).toBeLessThan(300);
      expect((await credits(key.secret)).status).toBe(401);
    } finally {
      await admin.query(`ALTER TABLE "api_keys" ENABLE TRIGGER "api_keys_auth_changed"`);
    }
  });

  it("while it cannot hear of changes it asks the database, and it starts afresh when it hears again", async () => {
    const key = await createKey(t, user);
    expect((await credits(key.secret)).status).toBe(200); // cached
    await revokeSilently(key.id);
    expect((await credits(key.secret)).status).toBe(200); // still cached: nothing said otherwise
    const database = new URL(url).pathname.slice(1);
    // A database's connections are allowed or not from another database.
    const server = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).href });
    await server.connect();
    const before = (await listenerPid())!;
    // Cut the listening connection and keep it from coming back (the pool's open connections stay).
    await server.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [before]);
      await until("the loss to be noticed", async () => t.logs.some((l) => l.msg === "database notifications lost; retrying"));
      expect((await credits(key.secret)).status).toBe(401); // not from the cache: it may have missed a change
    } finally {
      await server.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      await server.end();
    }
    await until("the service to listen again", async () => ((await listenerPid()) ?? before) !== before);
    const fresh = await createKey(t, user);
    expect((await credits(fresh.secret)).status).toBe(200);
    await revokeSilently(fresh.id);
    expect((await credits(fresh.secret)).status).toBe(200); // cached again once it listens
  });
});
