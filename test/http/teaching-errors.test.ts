import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, json, signUp, type TestUser } from "../support/users.js";

/**
 * Errors that teach (contract section 1), through HTTP: wrong types name the expected type, unknown
 * fields say what to send (aliases of other image APIs, typos), details.docs links the page, a
 * mistyped key says so, 401 carries WWW-Authenticate and 405 Allow. Codes, statuses and params
 * stay what they were.
 */
let t: TestApp;
let user: TestUser;
let key: string;
beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t);
  key = (await createKey(t, user)).secret;
});
afterAll(() => t.close());

interface ErrorBody {
  error: { code: string; message: string; param?: string; retryable?: boolean; details?: { docs?: string } };
}

async function generate(body: unknown, path = "/api/v1/generate"): Promise<{ status: number } & ErrorBody["error"]> {
  const headers = path === "/api/v1/generate" ? bearer(key) : { cookie: user.cookie };
  const response = await t.request(path, json(body, headers));
  const parsed = (await response.json()) as ErrorBody;
  return { status: response.status, ...parsed.error };
}

describe("invalid bodies", () => {
  it.each([
    ["prompt: 42", { prompt: 42 }, "prompt", "prompt: Must be a string, not a number."],
    ['transparent: "true"', { prompt: "a potion", transparent: "true" }, "transparent", 'Must be a boolean: send true without quotes, not the string "true".'],
    ['transparent: "false"', { prompt: "a potion", transparent: "false" }, "transparent", "send false without quotes"],
    ['width: "64"', { prompt: "a potion", width: "64" }, "width", 'send 64 without quotes, not the string "64"'],
    ["seed: 1.5", { prompt: "a potion", seed: 1.5 }, "seed", "Must be an integer (a whole number), not 1.5."],
    ['messages: ["x"]', { messages: ["x"] }, "messages.0", 'Each message is an object {role, content}, e.g. {"role": "user", "content": "a red potion"}'],
    ['messages: "x"', { messages: "x" }, "messages", "Must be an array of messages {role, content}, not a string; to send a single text, use prompt instead."],
  ])("a wrong type (%s) names the expected type", async (_, body, param, message) => {
    const error = await generate(body);
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param, retryable: false });
    expect(error.message).toContain(message);
    expect(error.message).not.toContain("required");
  });

  it("null for an optional field is the field left out (prompt: null asks for prompt or messages), never a 'required'", async () => {
    const error = await generate({ prompt: null });
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param: "prompt", message: "prompt: Give either prompt or messages." });
  });

  it.each([
    ["size", { size: "64x64" }, 'Unknown field "size": use width and height (e.g. "width": 64, "height": 64)'],
    ["image_size", { image_size: "128x128" }, 'use width and height (e.g. "width": 128, "height": 128)'],
    ["n", { n: 4 }, 'Unknown field "n": one asset per call; call again for more'],
    ["num_images", { num_images: 2 }, "one asset per call"],
    ["model", { model: "dall-e-3" }, 'Unknown field "model": use agentId (GET /api/ai/agents lists them).'],
    ["negative_prompt", { negative_prompt: "blurry" }, 'Unknown field "negative_prompt": not supported; describe what you want in prompt.'],
    ["response_format", { response_format: "b64_json" }, "the answer always carries the PNG as assets[].b64 and assets[].url"],
    ["output_format", { output_format: "webp" }, "PNG only"],
    ["background", { background: "transparent" }, 'Unknown field "background": use transparent: true'],
    ["agent_id", { agent_id: "icon" }, 'Unknown field "agent_id": use agentId'],
    ["agent", { agent: "icon" }, 'Unknown field "agent": use agentId'],
    ["promt", { promt: "a potion" }, 'Unknown field "promt": did you mean prompt?'],
    ["widht", { widht: 64 }, 'Unknown field "widht": did you mean width?'],
    ["hieght", { hieght: 64 }, 'Unknown field "hieght": did you mean height?'],
    ["quality", { quality: "hd" }, 'Unknown field "quality": not supported'],
    ["idempotency_key", { idempotency_key: "k1" }, "send it as the Idempotency-Key header"],
    [
      "zzz",
      { zzz: 1 },
      'Unknown field "zzz". The fields are: prompt, messages, agentId, transparent, seed, width, height, strict, dryRun, image, sheet, tileset, palette, projectId, badge.',
    ],
  ])("an unknown field %s says what to send instead", async (field, extra, message) => {
    const body = field === "promt" ? extra : { prompt: "red potion", ...extra };
    const error = await generate(body);
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param: field, details: { docs: "/docs#generate" } });
    expect(error.message).toContain(message);
  });

  it("teaches every unknown field of the body at once, naming the first as param", async () => {
    const error = await generate({ prompt: "red potion", size: "64x64", n: 2, model: "x" });
    expect(error.param).toBe("size");
    expect(error.message).toContain("use width and height");
    expect(error.message).toContain('Also: Unknown field "n": one asset per call');
    expect(error.message).toContain('Unknown field "model": use agentId');
  });

  it("links the operation's docs on the in-app endpoints and on other bodies too", async () => {
    expect((await generate({ prompt: "x", size: "64x64" }, "/api/ai/generate")).details?.docs).toBe("/docs#generate");
    const response = await t.request("/api/keys", json({ name: "k", scope: ["read"] }, { cookie: user.cookie }));
    const { error } = (await response.json()) as ErrorBody;
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: "invalid_request", param: "scope", details: { docs: "/docs#createKey" } });
    expect(error.message).toContain("did you mean scopes?");
  });

  it("keeps the other invalid_request answers as they were", async () => {
    expect(await generate({ prompt: "a", messages: [{ role: "user", content: "b" }] })).toMatchObject({
      status: 400,
      code: "invalid_request",
      param: "prompt",
    });
    expect(await generate({ agentId: "icon" })).toMatchObject({ status: 400, code: "invalid_request", param: "prompt" });
    expect(await generate({ messages: [{ role: "robot", content: "x" }] })).toMatchObject({ status: 400, param: "messages.0.role" });
    expect(await generate({ prompt: "a", agentId: "nope" })).toMatchObject({ status: 400, code: "unknown_agent" });
  });
});

describe("API keys that are not right", () => {
  const call = (authorization: string) => t.request("/api/v1/credits", { headers: { authorization } });

  it("a key whose checksum fails is called mistyped, with WWW-Authenticate and the docs", async () => {
    const i = 12;
    const typo = key.slice(0, i) + (key[i] === "x" ? "y" : "x") + key.slice(i + 1);
    const response = await call(`Bearer ${typo}`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="assets"');
    const { error } = (await response.json()) as ErrorBody;
    expect(error).toMatchObject({ code: "unauthenticated", details: { docs: "/docs/getting-started#create-a-key" } });
    expect(error.message).toBe("The API key looks mistyped (its checksum does not match): copy it again from where you saved it.");
  });

  it.each([
    ["cut short", () => key.slice(0, 30), "has 30 characters, not 42: it looks cut short"],
    ["too long", () => `${key}x`, "it looks too long"],
    [
      "another service's",
      () => "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
      "This is not one of our API keys: A key looks like ags_ followed by 38 letters and digits (42 characters in all)",
    ],
    ["an unexpanded shell variable", () => "$AGS_KEY", "the shell did not expand the variable"],
    ["quoted", () => `"${key}"`, "wrapped in quotes"],
    ["with stray characters", () => `${key.slice(0, 41)}!`, "characters a key never has"],
  ])("a key %s says what a key looks like", async (_, make, message) => {
    const response = await call(`Bearer ${make()}`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="assets"');
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("unauthenticated");
    expect(error.message).toContain(message);
  });

  it("no credentials at all: 401 with WWW-Authenticate", async () => {
    const response = await t.request("/api/v1/generate", json({ prompt: "a" }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="assets"');
  });
});

describe("paths and methods", () => {
  it.each([
    ["GET", "/api/v1/generate", "POST"],
    ["DELETE", "/openapi.json", "GET, HEAD"],
    ["POST", "/llms.txt", "GET, HEAD"],
  ])("%s %s is 405 with Allow: %s", async (method, path, allow) => {
    const response = await t.request(path, { method, headers: { origin } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("method_not_allowed");
    expect(error.message).toContain(`takes ${allow}`);
  });

  it("an unknown path points at the reference", async () => {
    const response = await t.request("/api/v1/generations");
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.message).toContain("/openapi.json");
  });
});
