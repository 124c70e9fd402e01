import { describe, expect, it } from "vitest";
import type { AppError } from "../../contract/errors.js";
import { anonymous, authorize, normalizeScopes, type Viewer } from "./viewer.js";

const user = { id: "usr_1", email: "a@b.c", name: null, role: "user" as const, accountId: "acc_1" };
const session: Viewer = { kind: "session", user, sessionId: "s", origin: { trusted: true, expected: "http://localhost:3000", given: "http://localhost:3000" } };
const foreignSession: Viewer = {
  kind: "session",
  user,
  sessionId: "s",
  origin: { trusted: false, expected: "http://localhost:3000", given: "https://evil.example" },
};
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

  it("requires a trusted Origin of a session for writes only; keys never need one", () => {
    expect(codeOf(() => authorize(foreignSession, { allow: "any", scope: "generate" }))).toBe("ok");
    expect(codeOf(() => authorize(foreignSession, { allow: "any", scope: "generate" }, { write: true }))).toBe("forbidden");
    expect(codeOf(() => authorize(session, { allow: "any", scope: "generate" }, { write: true }))).toBe("ok");
    expect(codeOf(() => authorize(generateKey, { allow: "any", scope: "generate" }, { write: true }))).toBe("ok");
  });

  it("names the expected origin in the 403", () => {
    try {
      authorize(foreignSession, { allow: "session" }, { write: true });
      throw new Error("allowed");
    } catch (error) {
      expect((error as AppError).message).toContain("only http://localhost:3000 may");
      expect((error as AppError).details).toEqual({ expectedOrigin: "http://localhost:3000", origin: "https://evil.example" });
    }
  });
});
