import { describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { anonymous, authorize, normalizeScopes, type Viewer } from "./viewer.js";

const user = { id: "usr_1", email: "a@b.c", name: null, role: "user" as const, accountId: "acc_1" };
const session: Viewer = { kind: "session", user, sessionId: "s" };
const readKey: Viewer = { kind: "api_key", user, apiKeyId: "k", scopes: ["read"] };
const generateKey: Viewer = { kind: "api_key", user, apiKeyId: "k", scopes: ["generate", "read"] };

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (e) {
    return (e as AppError).code;
  }
};

describe("authorize", () => {
  it.each([
    [anonymous, { allow: "any" }, "unauthenticated"],
    [session, { allow: "api_key" }, "unauthenticated"],
    [readKey, { allow: "session" }, "unauthenticated"],
    [readKey, { allow: "api_key", scope: "generate" }, "forbidden"],
    [generateKey, { allow: "api_key", scope: "generate" }, "ok"],
    [session, { allow: "any", scope: "generate" }, "ok"],
    [session, { allow: "session", admin: true }, "forbidden"],
    [{ ...session, user: { ...user, role: "admin" } }, { allow: "session", admin: true }, "ok"],
    [anonymous, { allow: "public" }, "ok"],
  ] as const)("%#: %j under %j → %s", (viewer, rule, expected) => {
    expect(codeOf(() => authorize(viewer as Viewer, rule))).toBe(expected);
  });

  it("normalises scopes: generate implies read", () => {
    expect(normalizeScopes(["generate"])).toEqual(["generate", "read"]);
    expect(normalizeScopes(["read", "read"])).toEqual(["read"]);
  });
});
