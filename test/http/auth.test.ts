import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, origin, type TestApp } from "../support/harness.js";
import { errorOf, json, signUp } from "../support/users.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SIGNUP_CREDITS: "25" });
});
afterAll(() => t.close());

describe("POST /api/auth/sign-up", () => {
  it("creates the user and an account with the sign-up credits as one signup_grant entry, and signs in", async () => {
    const response = await t.request("/api/auth/sign-up", json({ email: "  Ada@Example.COM ", password: "correct horse", name: "Ada" }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, unknown>; account: { id: string; balance: number } };
    expect(body.user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "user" });
    expect(Object.keys(body.user).sort()).toEqual(["createdAt", "email", "id", "name", "role"]);
    expect(body.account.balance).toBe(25);
    const entries = await t.db.prisma.ledgerEntry.findMany({ where: { accountId: body.account.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "signup_grant", amount: 25, balanceAfter: 25 });

    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^ags_session=[0-9A-Za-z]{40}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const session = await t.request("/api/auth/session", { headers: { cookie: cookie.split(";")[0]! } });
    expect(session.status).toBe(200);
  });

  it("marks the cookie Secure when the service is served over https", async () => {
    const secure = await startTestApp({ PUBLIC_ORIGIN: "https://assets.example.com" });
    const response = await secure.request(
      "/api/auth/sign-up",
      json({ email: "s@example.com", password: "long enough" }, { origin: "https://assets.example.com" }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("set-cookie")).toContain("Secure");
    await secure.close();
  });

  it.each([
    [{ email: "not-an-email", password: "long enough" }, "email"],
    [{ email: "x@example.com", password: "short" }, "password"],
    [{ password: "long enough" }, "email"],
    [{ email: "x@example.com" }, "password"],
    [{ email: "x@example.com", password: "long enough", admin: true }, "admin"],
    [{ email: "x@example.com", password: 12345678 }, "password"],
  ])("refuses %j with invalid_request naming %s, and writes nothing", async (body, param) => {
    const before = await t.db.prisma.user.count();
    const response = await t.request("/api/auth/sign-up", json(body));
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request", param });
    expect(await t.db.prisma.user.count()).toBe(before);
  });

  it("refuses a second account for the same email (any case)", async () => {
    const user = await signUp(t);
    const response = await t.request("/api/auth/sign-up", json({ email: user.email.toUpperCase(), password: "another one" }));
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request", param: "email" });
  });

  it("answers 415 without a JSON content type and 400 invalid_json for broken JSON", async () => {
    const noType = await t.request("/api/auth/sign-up", { method: "POST", headers: { origin }, body: "{}" });
    expect(await errorOf(noType)).toMatchObject({ status: 415, code: "unsupported_media_type" });
    const broken = await t.request("/api/auth/sign-up", { method: "POST", headers: { origin, "content-type": "application/json" }, body: '{"email":' });
    expect(await errorOf(broken)).toMatchObject({ status: 400, code: "invalid_json" });
  });

  it("refuses a sign-up posted from a foreign page", async () => {
    const response = await t.request("/api/auth/sign-up", json({ email: "csrf@example.com", password: "long enough" }, { origin: "https://evil.example" }));
    expect(await errorOf(response)).toMatchObject({ status: 403, code: "forbidden" });
  });
});

describe("POST /api/auth/sign-in and sign-out", () => {
  it("signs in with the right password and gives the same 401 for a wrong password or an unknown email", async () => {
    const user = await signUp(t);
    const ok = await t.request("/api/auth/sign-in", json({ email: user.email, password: user.password }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { id: user.userId }, account: { id: user.accountId, balance: 25 } });
    expect(ok.headers.get("set-cookie")).toMatch(/^ags_session=/);

    const wrong = await errorOf(await t.request("/api/auth/sign-in", json({ email: user.email, password: "wrong password" })));
    const unknown = await errorOf(await t.request("/api/auth/sign-in", json({ email: "nobody@example.com", password: "wrong password" })));
    expect(wrong).toMatchObject({ status: 401, code: "unauthenticated" });
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.status).toBe(401);
  });

  it("signs out: 204, cookie cleared, session row deleted, cookie dead afterwards", async () => {
    const user = await signUp(t);
    const sessionsBefore = await t.db.prisma.session.count({ where: { userId: user.userId } });
    const response = await t.request("/api/auth/sign-out", { method: "POST", headers: { cookie: user.cookie, origin } });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^ags_session=; .*Max-Age=0/);
    expect(await t.db.prisma.session.count({ where: { userId: user.userId } })).toBe(sessionsBefore - 1);
    const after = await t.request("/api/auth/session", { headers: { cookie: user.cookie } });
    expect(await errorOf(after)).toMatchObject({ status: 401, code: "unauthenticated" });
  });
});

describe("GET /api/auth/session", () => {
  it("answers 401 without a cookie, and for a made-up one", async () => {
    expect((await t.request("/api/auth/session")).status).toBe(401);
    const fake = await t.request("/api/auth/session", { headers: { cookie: `ags_session=${"a".repeat(40)}` } });
    expect(await errorOf(fake)).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("slides a session past half its 30 days, and refuses an expired one", async () => {
    const user = await signUp(t);
    await t.db.prisma.session.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() + 10 * 86_400_000) } });
    const slid = await t.request("/api/auth/session", { headers: { cookie: user.cookie } });
    expect(slid.status).toBe(200);
    expect(slid.headers.get("set-cookie")).toMatch(/^ags_session=[0-9A-Za-z]{40}; .*Max-Age=25\d{5}/);
    const session = await t.db.prisma.session.findFirstOrThrow({ where: { userId: user.userId } });
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await t.db.prisma.session.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await t.request("/api/auth/session", { headers: { cookie: user.cookie } });
    expect(expired.status).toBe(401);
  });
});

describe("CSRF: a cookie-authenticated write needs Origin = PUBLIC_ORIGIN", () => {
  const cases: [string, Record<string, string>, number][] = [
    ["foreign", { origin: "https://evil.example" }, 403],
    ["missing", {}, 403],
    ["matching", { origin }, 201],
  ];

  it.each(cases)("REST POST /api/keys with a %s Origin", async (_label, originHeader, status) => {
    const user = await signUp(t);
    const response = await t.request("/api/keys", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, ...originHeader },
      body: JSON.stringify({ name: "k" }),
    });
    expect(response.status).toBe(status);
    if (status === 403) expect((await errorOf(response)).code).toBe("forbidden");
    expect(await t.db.prisma.apiKey.count({ where: { userId: user.userId } })).toBe(status === 201 ? 1 : 0);
  });

  it.each(cases)("GraphQL createApiKey with a %s Origin", async (_label, originHeader, status) => {
    const user = await signUp(t);
    const response = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, ...originHeader },
      body: JSON.stringify({ query: 'mutation { createApiKey(input: { name: "k" }) { secret } }' }),
    });
    const body = (await response.json()) as { data?: { createApiKey?: { secret: string } }; errors?: { extensions: { code: string } }[] };
    if (status === 403) expect(body.errors?.[0]?.extensions.code).toBe("forbidden");
    else expect(body.data?.createApiKey?.secret).toMatch(/^ags_/);
    expect(await t.db.prisma.apiKey.count({ where: { userId: user.userId } })).toBe(status === 201 ? 1 : 0);
  });

  it("DELETE /api/keys/:id and sign-out from a foreign Origin are refused", async () => {
    const user = await signUp(t);
    const created = (await (await t.request("/api/keys", json({ name: "k" }, { cookie: user.cookie }))).json()) as { apiKey: { id: string } };
    const del = await t.request(`/api/keys/${created.apiKey.id}`, { method: "DELETE", headers: { cookie: user.cookie, origin: "https://evil.example" } });
    expect(del.status).toBe(403);
    const out = await t.request("/api/auth/sign-out", { method: "POST", headers: { cookie: user.cookie, origin: "https://evil.example" } });
    expect(out.status).toBe(403);
    expect((await t.request("/api/auth/session", { headers: { cookie: user.cookie } })).status).toBe(200);
  });

  it("reads by cookie need no Origin", async () => {
    const user = await signUp(t);
    expect((await t.request("/api/keys", { headers: { cookie: user.cookie } })).status).toBe(200);
  });
});
