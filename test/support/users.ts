import { randomBytes } from "node:crypto";
import { origin, type TestApp } from "./harness.js";

export interface TestUser {
  email: string;
  password: string;
  cookie: string;
  userId: string;
  accountId: string;
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin, ...headers },
  body: JSON.stringify(body),
});

/** Signs a new user up through the API and returns its session cookie (`ags_session=…`). */
export async function signUp(t: TestApp, options: { admin?: boolean; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const response = await t.request("/api/auth/sign-up", json({ email, password }));
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string }; account: { id: string } };
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  if (options.admin) await t.db.prisma.user.update({ where: { id: body.user.id }, data: { role: "admin" } });
  return { email, password, cookie, userId: body.user.id, accountId: body.account.id };
}

/** Creates an API key for `user` through the REST API and returns the secret. */
export async function createKey(t: TestApp, user: TestUser, body: Record<string, unknown> = {}): Promise<{ secret: string; id: string }> {
  const response = await t.request("/api/keys", json({ name: "test key", ...body }, { cookie: user.cookie }));
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { secret: string; apiKey: { id: string } };
  return { secret: created.secret, id: created.apiKey.id };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export async function errorOf(response: Response): Promise<{ status: number; code: string; param?: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; param?: string; message: string } };
  return { status: response.status, ...body.error };
}
